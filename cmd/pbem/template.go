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
	"pbem/pbem/dice"
	"pbem/pbem/referee"
)

// The flags of 'pbem orders template' that options has no field for; each
// run registers them again, which resets them.
var templateFlags struct{ side, game, window string }

var ordersTemplate = &command{
	name:    "orders template",
	usage:   "-scenario NAME [-side SIDE] [-window ID] [-game ID]",
	summary: "print the order template of a scenario's first window, or of the first a side gives orders in",
	help: `Starts the scenario and prints the order template of its first window for
a side (by default the first side that gives orders in it). With -side, of
the first window in which that side gives orders; with -window, of that
window ("GT1 RU-MOVE"). The windows before it are resolved as if nobody sent
orders (standing orders decide, dice from a fixed seed), so that a player can
try move and attack orders before a game. The template holds the header that
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
		fs.StringVar(&templateFlags.window, "window", "", "the window `ID` whose template to print (\"GT1 RU-MOVE\")")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 || o.scenario == "" {
			return usageError
		}
		st, g, game, ok := startScenario(e, o, "orders template", templateFlags.game)
		if !ok {
			return 1
		}
		side := engine.Side(strings.ToUpper(templateFlags.side))
		if side != "" && !slices.Contains(g.Sides, side) {
			fmt.Fprintf(e.stderr, "pbem orders template: no side %s in %s; the sides are %s\n", side, g.ID, referee.SideList(g.Sides))
			return 1
		}
		want := func(w engine.Window) bool { return side == "" || slices.Contains(w.Submit, side) }
		if id := strings.ToUpper(strings.Join(strings.Fields(templateFlags.window), " ")); id != "" {
			want = func(w engine.Window) bool { return strings.EqualFold(w.ID, id) }
		}
		st, err := untilWindow(st, want)
		if err != nil {
			fmt.Fprintf(e.stderr, "pbem orders template: %s: %v\n", o.scenario, err)
			return 1
		}
		w := st.Window()
		switch {
		case side == "" && len(w.Submit) > 0:
			side = w.Submit[0]
		case side == "":
			side = g.Sides[0]
		}
		fmt.Fprint(e.stdout, ack.Template(st, game, side))
		return 0
	},
}

// untilWindow resolves st's windows with no orders (standing orders
// decide; dice from a fixed seed) until want holds for the open one.
func untilWindow(st engine.State, want func(engine.Window) bool) (engine.State, error) {
	var seen []string
	for range 500 {
		w := st.Window()
		if want(w) {
			return st, nil
		}
		if w.Done {
			break
		}
		seen = append(seen, w.ID)
		next, _, err := st.Resolve(nil, dice.New([]byte("pbem orders template"), w.ID))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", w.ID, err)
		}
		st = next
	}
	if len(seen) > 6 {
		seen = append(seen[:6], "...")
	}
	return nil, fmt.Errorf("no such window (the windows from the start: %s)", strings.Join(seen, ", "))
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
