package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"pbem/engine/gwite"
	"pbem/orders"
)

// ordersCmd prints the reference of the order language; its help text is
// the same reference, so `pbem help orders` shows it too. docs/orders.md
// is its output, and a test keeps the two equal.
var ordersCmd = &command{
	name:    "orders",
	summary: "the order language: every verb with its usage and rule case",
	help: "Prints the reference of the order language of the Great War in the East\n" +
		"rules (docs/orders.md), generated from the verb table the parser uses:\n\n" +
		orders.Help(gwite.Ruleset{}.Verbs()),
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			fmt.Fprintln(e.stderr, "usage: pbem orders")
			return 2
		}
		fmt.Fprint(e.stdout, orders.Help(gwite.Ruleset{}.Verbs()))
		return 0
	},
}

var ordersCheck = &command{
	name:    "orders check",
	usage:   "FILE...",
	summary: "parse order files and print every problem",
	help: `Parses each order file with the verbs of the Great War in the East rules and
prints every problem as file:line:col: message (at most one per line and 20
per file), or "FILE: N orders ok". Only the syntax is checked: the header's
game, side and window, and whether the units and hexes exist, are checked
when the file is bound to a game. The exit status is 1 if any file has a
problem.`,
	run: func(e *env, o *options, args []string) int {
		if len(args) == 0 {
			fmt.Fprintln(e.stderr, "usage: pbem orders check FILE...")
			return 2
		}
		status := 0
		for _, name := range args {
			src, err := readLimited(name, orders.MaxFileSize+1)
			if err != nil {
				fmt.Fprintln(e.stderr, "pbem:", err)
				status = 1
				continue
			}
			f, err := orders.Parse(name, src, gwite.Ruleset{}.Verbs())
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
			case len(f.Orders) == 1:
				fmt.Fprintf(e.stdout, "%s: 1 order ok\n", name)
			default:
				fmt.Fprintf(e.stdout, "%s: %d orders ok\n", name, len(f.Orders))
			}
		}
		return status
	},
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
