package kw

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Every option the code reads is one the ruleset declares (so that a game
// may be created with it), and every one it declares is read.
func TestOptionsDeclared(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	var src strings.Builder
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src.Write(b)
		}
	}
	var names []string
	for _, o := range (Ruleset{}).Options() {
		names = append(names, o.Name)
		if o.Case == "" || o.Summary == "" {
			t.Errorf("option %s: no case or summary", o.Name)
		}
	}
	consts := map[string]string{}
	for _, m := range regexp.MustCompile(`(opt\w+)\s*=\s*"([a-z0-9-]+)"`).FindAllStringSubmatch(src.String(), -1) {
		consts[m[1]] = m[2]
	}
	for _, m := range regexp.MustCompile(`opt\[(?:"([a-z0-9-]+)"|(opt\w+))\]`).FindAllStringSubmatch(src.String(), -1) {
		name := m[1]
		if name == "" {
			name = consts[m[2]]
		}
		if !slices.Contains(names, name) {
			t.Errorf("the code reads option %q, which the ruleset does not declare", name)
		}
	}
	for _, n := range names {
		if !strings.Contains(src.String(), `"`+n+`"`) && !strings.Contains(n, "last-") {
			t.Errorf("option %s is declared but never read", n)
		}
	}
}
