package engine

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The import direction is cmd -> pbem -> {orders, render, templates} ->
// engine, and engine imports only the standard library, without I/O, clock
// or global randomness; only the registry imports a ruleset. This test
// reads the real import graph (tests' own imports excluded from the layers,
// not from the rule on rulesets), so a violation anywhere in the module
// fails it.
func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports", "pbem/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	layer := func(path string) (string, bool) {
		rest, ok := strings.CutPrefix(path, "pbem/")
		if !ok {
			return "", false
		}
		top, _, _ := strings.Cut(rest, "/")
		return top, true
	}
	// allowed[a][b]: package tree a may import package tree b.
	allowed := map[string][]string{
		"engine":    {"engine"},
		"orders":    {"orders", "engine"},
		"render":    {"render", "engine"},
		"templates": {"templates", "engine"},
		"scenarios": {"scenarios", "engine"},
		"pbem":      {"pbem", "orders", "render", "templates", "scenarios", "engine"},
		"cmd":       {"cmd", "pbem", "orders", "render", "templates", "scenarios", "engine"},
	}
	seen := 0
	for dec.More() {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		seen++
		// Tests too: a test outside a ruleset reaches it through the
		// registry, as the code it tests does.
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if ruleset(imp) != "" && ruleset(imp) != ruleset(p.ImportPath) && p.ImportPath != registry {
				t.Errorf("%s imports %s: only the registry (%s) imports a ruleset", p.ImportPath, imp, registry)
			}
		}
		from, _ := layer(p.ImportPath)
		rules, known := allowed[from]
		if !known {
			continue // authoring tools under a game's gen/ directory
		}
		for _, imp := range p.Imports {
			to, internal := layer(imp)
			if !internal {
				if from == "engine" && strings.Contains(strings.Split(imp, "/")[0], ".") {
					t.Errorf("%s imports %s: engine may import only the standard library", p.ImportPath, imp)
				}
				if from == "engine" {
					for _, banned := range []string{"os", "net", "time", "math/rand", "math/rand/v2", "io/ioutil", "database/sql", "os/exec"} {
						if imp == banned {
							t.Errorf("%s imports %s: engine is pure (no I/O, clock or global randomness)", p.ImportPath, imp)
						}
					}
				}
				continue
			}
			ok := false
			for _, r := range rules {
				ok = ok || r == to
			}
			if !ok {
				t.Errorf("%s imports %s: %s may import only %v", p.ImportPath, imp, from, rules)
			}
		}
	}
	if seen < 3 {
		t.Fatalf("go list saw only %d packages", seen)
	}
}

// registry is the one package outside a ruleset that may import it.
const registry = "pbem/engine/rulesets"

// rulesets are the packages of the rules systems, each with its own
// subpackages (its robot).
var rulesets = []string{"pbem/engine/rulesets/gwite", "pbem/engine/rulesets/kw"}

// ruleset is the rules system package path belongs to, or "".
func ruleset(path string) string {
	for _, r := range rulesets {
		if path == r || strings.HasPrefix(path, r+"/") {
			return r
		}
	}
	return ""
}
