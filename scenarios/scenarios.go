// Package scenarios holds the embedded game data (one directory per game,
// in the format of docs/scenarios.md) and loads games from it or from a
// directory on disk that replaces it.
package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"pbem/engine/rulesets"
	"pbem/engine/scenario"
)

// The authoring tools under each game's gen/ directory are not data.
//
//go:embed tannenberg/*.txt kaiserswar/*.txt
var embedded embed.FS

// Catalog is every game found in one place, with every problem its data
// has, under the rules of its system too (rulesets.CheckData).
type Catalog struct {
	Games    []*scenario.Game
	Problems scenario.ErrorList
	// sources are the data files of each game, by its id, base name to
	// bytes: what an exported game carries to be audited elsewhere.
	sources map[string]map[string][]byte
}

// Sources are the data files of game id as they were read, by base name.
func (c *Catalog) Sources(id string) map[string][]byte { return c.sources[id] }

// FS loads the games of fsys, laid out as Dir's directory; shown names it
// in messages.
func FS(fsys fs.FS, shown string) (*Catalog, error) {
	if _, err := fs.Stat(fsys, "game.txt"); err == nil {
		c := &Catalog{}
		if err := c.load(fsys, ".", shown); err != nil {
			return nil, err
		}
		return c, c.Problems.Err()
	}
	return loadTree(fsys, shown)
}

// Embedded loads the games built into the binary.
func Embedded() (*Catalog, error) { return loadTree(embedded, ".") }

// Dir loads the games under dir: either dir is one game's directory (it
// holds game.txt) or each of its subdirectories is.
func Dir(dir string) (*Catalog, error) { return FS(os.DirFS(dir), dir) }

// loadTree loads every subdirectory holding a game.txt. The games that
// parsed are kept even when the data has problems.
func loadTree(fsys fs.FS, shown string) (*Catalog, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", shown, err)
	}
	c := &Catalog{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := fs.Stat(fsys, path.Join(e.Name(), "game.txt")); err != nil {
			continue
		}
		if err := c.load(fsys, e.Name(), filepath.Join(shown, e.Name())); err != nil {
			return nil, err
		}
	}
	if len(c.Games) == 0 {
		return nil, fmt.Errorf("%s: no game directory (a directory holding game.txt)", shown)
	}
	return c, c.Problems.Err()
}

// load reads the .txt files of one game directory. Messages name the files
// as shown/NAME. Only failures to read are returned; data problems go to
// c.Problems.
func (c *Catalog) load(fsys fs.FS, dir, shown string) error {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return fmt.Errorf("reading %s: %w", shown, err)
	}
	var files []scenario.File
	sources := map[string][]byte{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		data, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return fmt.Errorf("reading %s: %w", filepath.Join(shown, e.Name()), err)
		}
		files = append(files, scenario.File{Name: filepath.Join(shown, e.Name()), Data: data})
		sources[e.Name()] = data
	}
	g, err := scenario.LoadWith(files, rulesets.CheckData)
	var list scenario.ErrorList
	if errors.As(err, &list) {
		c.Problems = append(c.Problems, list...)
	} else if err != nil {
		return err
	}
	c.Games = append(c.Games, g)
	if g != nil {
		if c.sources == nil {
			c.sources = map[string]map[string][]byte{}
		}
		c.sources[g.ID] = sources
	}
	return nil
}

// ProblemsFor returns the problems that concern scenario s of game g: all
// of the game's shared files, and s's own file, but not the other
// scenarios' files.
func (c *Catalog) ProblemsFor(g *scenario.Game, s *scenario.Scenario) scenario.ErrorList {
	other := map[string]bool{}
	for _, o := range g.Scenarios {
		if o != s {
			other[o.File] = true
		}
	}
	var out scenario.ErrorList
	for _, e := range c.Problems {
		if !other[e.Pos.File] {
			out = append(out, e)
		}
	}
	return out
}

// Find returns the game and scenario with the given scenario name.
func (c *Catalog) Find(name string) (*scenario.Game, *scenario.Scenario, error) {
	var names []string
	for _, g := range c.Games {
		for _, s := range g.Scenarios {
			if s.Name == name {
				return g, s, nil
			}
			names = append(names, s.Name)
		}
	}
	sort.Strings(names)
	return nil, nil, fmt.Errorf("no scenario %q (have: %s)", name, strings.Join(names, ", "))
}
