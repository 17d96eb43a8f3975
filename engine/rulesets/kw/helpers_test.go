package kw

import (
	"os"
	"path/filepath"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// loadState loads the small game of the adjudication cases, with records
// added to its files by name ("map.txt": "..."), and sets up its scenario
// with opt.
func loadState(t *testing.T, extra map[string]string, opt engine.Options) *State {
	t.Helper()
	dir := filepath.Join("testdata", "cases")
	var files []scenario.File
	for _, name := range []string{"game.txt", "map.txt", "units.txt", "scenario.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, extra[name]...)
		files = append(files, scenario.File{Name: filepath.Join(dir, name), Data: data})
	}
	g, err := scenario.LoadWith(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := newState(g, g.Scenarios[0], opt)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
