package ack

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/scenarios"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// golden compares got with testdata/name.golden; -update rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s (go test ./pbem/ack -update rewrites it):\n%s", name, path, got)
	}
}

// tannenberg starts tannenberg-1914 with the cavalry withdrawal windows,
// so that the first game-turn has every kind of window.
func tannenberg(t *testing.T) engine.State {
	t.Helper()
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	g, s, err := c.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rulesets.New(g, s, engine.Options{"cavalry-windows": true})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

var verbs = rulesetstest.Verbs("gwite")
