package main

import (
	"fmt"

	"pbem/engine/rulesets"
	"pbem/orders"
)

var optionsCmd = &command{
	name:    "options",
	usage:   "[-system NAME]",
	summary: "the optional rules and rulings a game may be created with (pbem game new -option)",
	help: `Prints the optional rules and rulings of a rules system (-system; without it,
of every system): each option's name for pbem game new -option, the rule
case it comes from, and what it changes. A game asking for an option its
system does not have is refused.`,
	flags: everySystemFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
		}
		found := false
		for _, r := range rulesets.All() {
			if o.system != "" && r.Name() != o.system {
				continue
			}
			found = true
			fmt.Fprintf(e.stdout, "%s:\n", r.Name())
			for _, op := range r.Options() {
				fmt.Fprintf(e.stdout, "  %s\n      %s\n", op.Name, orders.Fill(op.Summary+" ["+op.Case+"]", "      ", 76))
			}
		}
		if !found {
			_, err := rulesets.Lookup(o.system)
			complain(e, o, err.Error())
			return 1
		}
		return 0
	},
}
