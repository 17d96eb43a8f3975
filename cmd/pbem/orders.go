package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/ack"
	"pbem/pbem/referee"
	"pbem/scenarios"
)

// ordersCmd prints the reference of the order language; its help text is
// the same reference, so `pbem help orders` shows it too. docs/orders.md
// is its output, and a test keeps the two equal.
var ordersCmd = &command{
	name:    "orders",
	summary: "the order language: every verb with its usage and rule case",
	usage:   "[-system NAME]",
	help: "Prints the reference of the order language of a rules system, by default\n" +
		"the Great War in the East rules (docs/orders.md), generated from the verb\n" +
		"table the parser uses:\n\n" +
		orders.Help(defaultSystem().Verbs()),
	flags: systemFlag,
	run: func(e *env, o *options, args []string) int {
		rs, ok := systemOf(e, o)
		if len(args) != 0 || !ok {
			return usageError
		}
		if ex, ok := orderExamples[rs.Name()]; ok {
			fmt.Fprint(e.stdout, orders.HelpFor(rs.Verbs(), hexCodecOf(rs), ex))
		} else {
			fmt.Fprint(e.stdout, orders.HelpWith(rs.Verbs(), hexCodecOf(rs)))
		}
		return 0
	},
}

// orderExamples are the order files the reference of a system shows, by
// system: each a file of its own game, fenced "orders SYSTEM" so that
// pbem/ack's doc test plays it through the referee in its window of the
// game's first turn (kaiserswar-1914), as it does the players' guide's.
var orderExamples = map[string]string{
	"kw": "```orders kw\n" + `Game: club-9-kaiserswar
Side: CP
Window: T1 CP-MOVE
Nonce: ober-ost-moves-1914

# my orders: the 8th Army by rail from Konigsberg to Danzig
rail DE-8A to 2114   # a comment runs to the end of the line
` + "```\n",
}

// hexCodecOf is how the built-in games of rules system rs number their
// hexes (Kaiser's War: column then row), or the default (row then column)
// if none of them is of rs.
func hexCodecOf(rs engine.Ruleset) hex.Codec {
	c, _ := scenarios.Embedded()
	if c != nil {
		for _, g := range c.Games {
			if g.System == rs.Name() && g.Map != nil {
				return g.Map.Grid.Codec
			}
		}
	}
	return hex.Codec{}
}

// The flag of 'pbem orders check' that options has no field for.
var checkFlags struct{ game string }

var ordersCheck = &command{
	name:    "orders check",
	usage:   "[-scenario NAME [-game ID]] FILE...",
	summary: "parse order files and print every problem",
	help: `Parses each order file with the verbs of its rules system (-system, by default
the Great War in the East rules; with -scenario, the scenario's) and
prints every problem as file:line:col: message (at most one per line and 20
per file), or "FILE: N orders ok". Without -scenario only the syntax is
checked. With -scenario the file is also bound as the referee would bind it
in that scenario: its header must name the game (by default the scenario's
name, as 'pbem orders template' writes it), a side of the scenario and a
window (a later one than the first is reached as 'pbem orders template'
reaches it, by standing orders), and every order is validated against that
position, each refusal printed as file:line: order: reason [case].
The exit status is 1 if any file has a problem.`,
	flags: func(fs *flag.FlagSet, o *options) {
		dirFlag(fs, o)
		systemFlag(fs, o)
		fs.StringVar(&o.scenario, "scenario", "", "bind the files to the start of this scenario (see 'pbem scenario list')")
		fs.StringVar(&checkFlags.game, "game", "", "the game `ID` the headers must name (default: the scenario's name)")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) == 0 || (checkFlags.game != "" && o.scenario == "") {
			return usageError
		}
		rs, ok := systemOf(e, o)
		if !ok {
			return 1
		}
		var bind func(f *orders.File) ([]string, []string, error)
		var hexes hex.Codec // RRCC, unless the scenario numbers otherwise
		if o.scenario != "" {
			st, g, game, ok := startScenario(e, o, "orders check", checkFlags.game)
			if !ok {
				return 1
			}
			r, err := rulesets.Of(st)
			if err != nil {
				complain(e, o, err.Error())
				return 1
			}
			rs, hexes = r, g.Map.Grid.Codec
			bind = func(f *orders.File) ([]string, []string, error) { return bindAtStart(st, g.Sides, game, f) }
		}
		status := 0
		for _, name := range args {
			src, err := readLimited(name, orders.MaxFileSize+1)
			if err != nil {
				complain(e, o, err.Error())
				status = 1
				continue
			}
			f, err := orders.ParseWith(name, src, rs.Verbs(), hexes)
			var refused, remarks []string
			if err == nil && bind != nil {
				refused, remarks, err = bind(f)
			}
			for _, r := range remarks {
				fmt.Fprintf(e.stdout, "%s:%s\n", name, r)
			}
			var errs orders.ErrorList
			switch {
			case errors.As(err, &errs):
				for _, p := range errs {
					fmt.Fprintln(e.stdout, p)
				}
				status = 1
			case err != nil:
				fmt.Fprintf(e.stdout, "%s: %v\n", name, err)
				status = 1
			case len(refused) > 0:
				for _, r := range refused {
					fmt.Fprintf(e.stdout, "%s:%s\n", name, r)
				}
				status = 1
			case len(f.Orders) == 1:
				fmt.Fprintf(e.stdout, "%s: 1 order ok\n", name)
			default:
				fmt.Fprintf(e.stdout, "%s: %d orders ok\n", name, len(f.Orders))
			}
		}
		return status
	},
}

// bindAtStart binds f to the open window of st for game as if it were
// signed by a key of the side its header names, and returns the orders
// the window would refuse, each as "LINE: order: reason [case]", and how
// the engine reads the others, each as "LINE: note: order: text [case]"
// or "LINE: warning: ...". With no key to say which side sent the file,
// the header's side is taken at its word, but it must be one of sides.
func bindAtStart(st engine.State, sides []engine.Side, game string, f *orders.File) (refused, remarks []string, err error) {
	var side engine.Side
	for _, h := range f.Header {
		if h.Key == "Window" && h.Value != "" {
			// A later window: reached as 'pbem orders template' reaches
			// it, by standing orders; one never reached is Bind's to
			// report.
			if later, err := untilWindow(st, func(w engine.Window) bool { return strings.EqualFold(w.ID, h.Value) }); err == nil {
				st = later
			}
		}
		if h.Key != "Side" || h.Value == "" {
			continue // Bind reports a missing or empty side
		}
		side = engine.Side(strings.ToUpper(h.Value))
		if !slices.Contains(sides, side) {
			return nil, nil, orders.ErrorList{{File: f.Name, Line: h.Line, Col: h.Col, Msg: fmt.Sprintf("Side: no side %s in this game; the sides are %s", h.Value, referee.SideList(sides))}}
		}
	}
	r, err := ack.Bind(st, game, side, f, time.Time{}, nil)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range r.Problems {
		refused = append(refused, strings.TrimPrefix(p.String(), "line "))
	}
	for _, rm := range r.Remarks {
		kind := "note"
		if rm.Warning {
			kind = "warning"
		}
		remarks = append(remarks, fmt.Sprintf("%d: %s: %s: %s", rm.Line, kind, rm.Order, engine.Cited(rm.Text, rm.Case)))
	}
	return refused, remarks, nil
}

// readLimited reads at most n bytes of a file: enough for Parse to see
// that a file is too large without reading all of it.
func readLimited(name string, n int64) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return io.ReadAll(io.LimitReader(fh, n))
}
