package kw

import (
	"os"
	"path/filepath"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// loadFiles loads the game of dir from files, each with the records of
// extra under its name added.
func loadFiles(t testing.TB, dir string, files []string, extra map[string]string) *scenario.Game {
	t.Helper()
	var fs []scenario.File
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, extra[name]...)
		fs = append(fs, scenario.File{Name: filepath.Join(dir, name), Data: data})
	}
	g, err := scenario.Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// caseGame loads the small game of the adjudication cases, with records
// added to its files by name ("map.txt": "...").
func caseGame(t testing.TB, extra map[string]string) *scenario.Game {
	t.Helper()
	return loadFiles(t, filepath.Join("testdata", "cases"), []string{"game.txt", "map.txt", "units.txt", "scenario.txt"}, extra)
}

// testGame loads the base game of the cases with extra scenario records.
func testGame(t testing.TB, setup string) (*scenario.Game, *scenario.Scenario) {
	t.Helper()
	g := caseGame(t, map[string]string{"scenario.txt": setup})
	return g, g.Scenarios[0]
}

// loadState loads the small game of the adjudication cases, with records
// added to its files by name, and sets up its scenario with opt.
func loadState(t *testing.T, extra map[string]string, opt engine.Options) *State {
	t.Helper()
	g := caseGame(t, extra)
	st, err := newState(g, g.Scenarios[0], opt)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// kaisersWarGame loads the game's own data.
func kaisersWarGame(t testing.TB) *scenario.Game {
	t.Helper()
	return loadFiles(t, filepath.Join("..", "..", "..", "scenarios", "kaiserswar"), []string{"game.txt", "map.txt", "units.txt",
		"charts.txt", "scenario-1914.txt", "scenario-1915.txt", "scenario-1916.txt"}, nil)
}
