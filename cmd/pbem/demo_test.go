package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pbem demo -fog open plays the game face up, as pbem game new -fog open
// does: the Russian's reports list the German units inside each Gruppe,
// which the rulebook's fog hides (pbem/demo's TestDemo).
func TestDemoFog(t *testing.T) {
	if testing.Short() {
		t.Skip("make test's race run: pbem/demo's tests run the demo under the race detector")
	}
	dir := t.TempDir()
	code, out, errs := runPbem(t, "demo", "-turns", "1", "-fog", "open", "-o", dir)
	must(t, "pbem demo -fog open", code, out, errs, "pbem audit "+filepath.Join(dir, "demo.tar")+": ok")
	reports, _ := filepath.Glob(filepath.Join(dir, "anna", "*.txt"))
	seen := false
	for _, r := range reports {
		b, _ := os.ReadFile(r)
		seen = seen || strings.Contains(string(b), "the report of Russian (RU)") && strings.Contains(string(b), "(in Gruppe ")
	}
	if !seen {
		t.Errorf("under -fog open no report of the Russian's shows what a Gruppe holds (%d files in anna/)", len(reports))
	}
}
