package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runPbem(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// copyMini copies the engine's small test game into a temporary directory
// and appends extra lines to some of its files.
func copyMini(t *testing.T, patch map[string]string) string {
	t.Helper()
	src := filepath.Join("..", "..", "engine", "scenario", "testdata", "mini")
	dst := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, patch[e.Name()]...)
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestScenarioCheckDir(t *testing.T) {
	code, out, errs := runPbem(t, "scenario", "check", copyMini(t, nil))
	if code != 0 || !strings.Contains(out, "mini: ok: 2 scenarios") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// The three failures the issue names: each exits 1 and names file and line.
func TestScenarioCheckFailures(t *testing.T) {
	for _, c := range []struct {
		name  string
		patch map[string]string
		want  string
	}{
		{"unit in a lake", map[string]string{"scenario-b.txt": "setup DE-1CD 0305 src=authored:\"x\"\n"},
			"scenario-b.txt:4: mini-b: unit DE-1CD set up at 0305, a lake hex"},
		{"rail line that leads nowhere", map[string]string{"map.txt": "rail R9 country=DE src=authored:\"x\" 0506 0507\n"},
			"map.txt:38: rail R9 leads nowhere"},
		{"unknown unit id", map[string]string{"scenario-a.txt": "arrive DE-77ID turn=2 entry=A src=authored:\"x\"\n"},
			"scenario-a.txt:8: mini-a: unknown unit id \"DE-77ID\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyMini(t, c.patch)
			code, out, _ := runPbem(t, "scenario", "check", dir)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if !strings.Contains(out, filepath.Join(dir, c.want)) {
				t.Errorf("output lacks %q:\n%s", filepath.Join(dir, c.want), out)
			}
		})
	}
}

func TestScenarioCheckByNameIgnoresOtherScenarios(t *testing.T) {
	dir := copyMini(t, map[string]string{"scenario-b.txt": "setup DE-88ID 0407 src=authored:\"x\"\n"})
	if code, out, _ := runPbem(t, "scenario", "check", "-scenarios", dir, "mini-a"); code != 0 {
		t.Errorf("mini-a fails for a problem in mini-b: exit %d\n%s", code, out)
	}
	if code, out, _ := runPbem(t, "scenario", "check", "-scenarios", dir, "mini-b"); code != 1 || !strings.Contains(out, "DE-88ID") {
		t.Errorf("mini-b: exit %d\n%s", code, out)
	}
}

func TestScenarioHexMini(t *testing.T) {
	dir := copyMini(t, nil)
	code, out, errs := runPbem(t, "scenario", "hex", "-scenarios", dir, "mini-a", "0303")
	if code != 0 || !strings.Contains(out, "city:     Kovno") || !strings.Contains(out, "fortress: Kovno, RU") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if code, _, _ := runPbem(t, "scenario", "hex", "-scenarios", dir, "mini-a", "0909"); code != 1 {
		t.Errorf("off-map hex: exit %d, want 1", code)
	}
	if code, _, _ := runPbem(t, "scenario", "hex", "-scenarios", dir, "mini-a", "99"); code != 2 {
		t.Errorf("bad hex id: exit %d, want 2", code)
	}
}

// T 20.0 names the three garrison cities' hexes.
func TestScenarioHexTannenbergT20(t *testing.T) {
	for hexID, name := range map[string]string{"2918": "Warsaw", "0303": "Kovno", "1503": "Grodno"} {
		code, out, errs := runPbem(t, "scenario", "hex", "tannenberg-1914", hexID)
		if code != 0 || !strings.Contains(out, name) {
			t.Errorf("hex %s: exit %d, want %s in:\n%s%s", hexID, code, name, out, errs)
		}
	}
}

func TestEmbeddedScenariosCheck(t *testing.T) {
	for _, name := range []string{"tannenberg-1914", "tannenberg-battle"} {
		code, out, errs := runPbem(t, "scenario", "check", name)
		if code != 0 {
			t.Errorf("scenario check %s: exit %d\n%s%s", name, code, out, errs)
		}
	}
	code, out, _ := runPbem(t, "scenario", "list")
	if code != 0 || !strings.Contains(out, "tannenberg-1914") || !strings.Contains(out, "22.3") || !strings.Contains(out, "RU (Russian)") {
		t.Errorf("scenario list: exit %d\n%s", code, out)
	}
}

func TestRender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.png")
	code, stdout, errs := runPbem(t, "render", "-scenarios", copyMini(t, nil), "-scenario", "mini-a", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("map is %v", b)
	}
}

func TestHelpAndUsage(t *testing.T) {
	if code, out, _ := runPbem(t, "help"); code != 0 || !strings.Contains(out, "scenario check") {
		t.Errorf("help: %d\n%s", code, out)
	}
	if code, out, _ := runPbem(t, "help", "render"); code != 0 || !strings.Contains(out, "-scenario") || !strings.Contains(out, "-o FILE") {
		t.Errorf("help render: %d\n%s", code, out)
	}
	if code, _, errs := runPbem(t, "frobnicate"); code != 2 || !strings.Contains(errs, "unknown command") {
		t.Errorf("unknown command: %d %s", code, errs)
	}
	if code, _, _ := runPbem(t, "scenario", "check"); code != 2 {
		t.Errorf("check without args: %d", code)
	}
	if code, _, _ := runPbem(t, "render", "-scenario", "x"); code != 2 {
		t.Errorf("render without -o: %d", code)
	}
}
