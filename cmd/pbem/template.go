package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
	"pbem/pbem/ack"
)

// The flags of 'pbem orders template' that options has no field for; each
// run registers them again, which resets them.
var templateFlags struct{ side, game string }

var ordersTemplate = &command{
	name:    "orders template",
	usage:   "-scenario NAME [-side SIDE] [-game ID]",
	summary: "print the order template of a scenario's first window",
	help: `Starts the scenario and prints the order template of its first window for
a side (by default the first side that gives orders in it): the header that
binds the file to the game, the side and the window, with a placeholder nonce
to change, then as comments the side's units that may act with their hex and
values, its standing orders, and the usage of every order it may give. The
template parses and validates as it stands; each report carries the template
of the next window (docs/order-files.md).`,
	flags: func(fs *flag.FlagSet, o *options) {
		dirFlag(fs, o)
		fs.StringVar(&o.scenario, "scenario", "", "the scenario (see 'pbem scenario list')")
		fs.StringVar(&templateFlags.side, "side", "", "the `SIDE` whose template to print")
		fs.StringVar(&templateFlags.game, "game", "", "the game `ID` of the header (default: the scenario's name)")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 || o.scenario == "" {
			return usageError
		}
		st, g, game, ok := startScenario(e, o, "orders template", templateFlags.game)
		if !ok {
			return 1
		}
		w := st.Window()
		side := engine.Side(strings.ToUpper(templateFlags.side))
		switch {
		case side == "" && len(w.Submit) > 0:
			side = w.Submit[0]
		case side == "":
			side = g.Sides[0]
		case !slices.Contains(g.Sides, side):
			fmt.Fprintf(e.stderr, "pbem orders template: no side %s in %s; the sides are %s\n", side, g.ID, sideList(g.Sides))
			return 1
		}
		fmt.Fprint(e.stdout, ack.Template(st, game, side))
		return 0
	},
}

// startScenario starts the scenario of -scenario for command cmd and
// returns its state, its game and the game id: game, or by default the
// scenario's name. It reports any failure on stderr.
func startScenario(e *env, o *options, cmd, game string) (engine.State, *scenario.Game, string, bool) {
	_, g, s, ok := findScenario(e, o, o.scenario, false)
	if !ok {
		return nil, nil, "", false
	}
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		fmt.Fprintf(e.stderr, "pbem %s: %v\n", cmd, err)
		return nil, nil, "", false
	}
	if game == "" {
		game = s.Name
	}
	return st, g, game, true
}
