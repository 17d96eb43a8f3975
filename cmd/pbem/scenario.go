package main

import (
	"flag"
	"fmt"
	"os"

	"pbem/engine/hex"
	"pbem/engine/scenario"
	"pbem/pbem/referee"
	"pbem/scenarios"
)

func dirFlag(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.dir, "scenarios", "", "read game data from `DIR` instead of the data built into pbem")
}

// catalog loads the embedded games, or those of -scenarios DIR. Unless
// quiet, data problems are summarised on stderr and the command goes on
// with what loaded.
func catalog(e *env, o *options, quiet bool) (*scenarios.Catalog, bool) {
	var c *scenarios.Catalog
	var err error
	if o.dir != "" {
		c, err = scenarios.Dir(o.dir)
	} else {
		c, err = scenarios.Embedded()
	}
	if c == nil {
		complain(e, o, err.Error())
		return nil, false
	}
	if len(c.Problems) > 0 && !quiet {
		complain(e, o, fmt.Sprintf("warning: the scenario data has %s, the first: %s\n  (run 'pbem scenario check NAME' for the list)", referee.Count(len(c.Problems), "problem"), c.Problems[0]))
	}
	return c, true
}

// findScenario loads the catalog and looks up a scenario by name, printing
// why when it cannot.
func findScenario(e *env, o *options, name string, quiet bool) (*scenarios.Catalog, *scenario.Game, *scenario.Scenario, bool) {
	c, ok := catalog(e, o, quiet)
	if !ok {
		return nil, nil, nil, false
	}
	g, s, err := c.Find(name)
	if err != nil {
		complain(e, o, err.Error())
		return nil, nil, nil, false
	}
	return c, g, s, true
}

var scenarioList = &command{
	name:    "scenario list",
	usage:   "[-scenarios DIR]",
	summary: "list every scenario with its rulebook, turns and sides",
	help:    "Lists the scenarios of every game built into pbem (or found with -scenarios DIR).",
	flags:   dirFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
		}
		c, ok := catalog(e, o, false)
		if !ok {
			return 1
		}
		for _, g := range c.Games {
			fmt.Fprintf(e.stdout, "%s: %s\n  rulebook: %s\n  sides:", g.ID, g.Title, g.Rulebook)
			for _, s := range g.Sides {
				fmt.Fprintf(e.stdout, " %s (%s)", s, g.SideNames[s])
			}
			fmt.Fprintln(e.stdout)
			for _, s := range g.Scenarios {
				fmt.Fprintf(e.stdout, "  %-20s %s\n  %-20s case %s\n", s.Name, s.Title, "", s.Describe())
			}
		}
		return 0
	},
}

var scenarioCheck = &command{
	name:    "scenario check",
	usage:   "NAME|DIR",
	summary: "validate a scenario and print every problem",
	help: `Loads a scenario (by name, from the data built into pbem) or a game directory
and checks it: the map's hexes, hexsides and rail lines, the order of battle,
the set-ups and reinforcements, and that every value has a source. Each
problem is printed as file:line: message; the exit status is 1 if there is any.`,
	flags: dirFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 1 {
			return usageError
		}
		if st, err := os.Stat(args[0]); err == nil && st.IsDir() {
			c, err := scenarios.Dir(args[0])
			if c == nil {
				fmt.Fprintln(e.stderr, err)
				return 1
			}
			return report(e, c.Problems, func() {
				for _, g := range c.Games {
					fmt.Fprintf(e.stdout, "%s: ok: %d scenarios, map %dx%d, %d units\n", g.ID, len(g.Scenarios), g.Map.Grid.Rows, g.Map.Grid.Cols, len(g.Units))
				}
			})
		}
		c, g, s, ok := findScenario(e, o, args[0], true)
		if !ok {
			return 1
		}
		return report(e, c.ProblemsFor(g, s), func() {
			fmt.Fprintf(e.stdout, "%s (%s): ok: %s; map %dx%d, %d units\n", s.Name, g.ID, s.Describe(), g.Map.Grid.Rows, g.Map.Grid.Cols, len(g.Units))
		})
	},
}

// report prints every problem as file:line: message and returns 1, or
// calls ok and returns 0 when there is none.
func report(e *env, problems scenario.ErrorList, ok func()) int {
	for _, p := range problems {
		fmt.Fprintln(e.stdout, p)
	}
	if len(problems) > 0 {
		fmt.Fprintln(e.stdout, referee.Count(len(problems), "problem"))
		return 1
	}
	ok()
	return 0
}

var scenarioHex = &command{
	name:    "scenario hex",
	usage:   "NAME RRCC",
	summary: "print everything at one hex of a scenario's map",
	help: `Prints what the data holds about one hex: terrain, country, town or city
with its VP, fortress, trench, the six hexsides (rivers, blocked sides, rail
crossings), rail lines, rail exits and entry letters, and the units the
scenario sets up there or brings in there, each with its source. The hex is
written in the game's numbering: RRCC for Tannenberg.`,
	flags: dirFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 2 {
			return usageError
		}
		_, g, s, ok := findScenario(e, o, args[0], false)
		if !ok {
			return 1
		}
		// The hex is read in the game's own numbering (RRCC, cc.rr...).
		h, err := g.Map.Grid.Parse(args[1])
		if err != nil {
			fmt.Fprintln(e.stderr, "pbem scenario hex:", err)
			return 2
		}
		fmt.Fprint(e.stdout, g.DescribeHex(s, h))
		if !g.Map.Grid.Contains(h) {
			return 1
		}
		return 0
	},
}

// setupUnits returns the units scenario s sets up, with their hexes.
func setupUnits(g *scenario.Game, s *scenario.Scenario) []placedUnit {
	var out []placedUnit
	for _, pl := range s.Setup {
		if u := g.Unit(pl.Unit); u != nil {
			out = append(out, placedUnit{u, pl.Hex})
		}
	}
	return out
}

type placedUnit struct {
	unit *scenario.Unit
	hex  hex.Hex
}
