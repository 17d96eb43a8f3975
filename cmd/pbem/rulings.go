package main

import (
	"fmt"
	"strings"

	"pbem/engine/rulesets"
)

var rulingsCmd = &command{
	name:    "rulings",
	usage:   "[-system NAME]",
	summary: "the rulings applied where the rules are garbled, silent or contradictory",
	help: `Prints every ruling the referee applies where the rulebook of a rules system
(-system; without it, of every system) is garbled, silent or contradictory:
its ambiguity number, the cases, the reading, and where the code applies it.
docs/rulings.md is this output.`,
	flags: everySystemFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
		}
		if o.system == "" {
			var all []string
			for _, r := range rulesets.All() {
				text, err := rulings(r.Name())
				if err != nil {
					complain(e, o, err.Error())
					return 1
				}
				all = append(all, text)
			}
			fmt.Fprint(e.stdout, strings.Join(all, "\n"))
			return 0
		}
		text, err := rulings(o.system)
		if err != nil {
			complain(e, o, err.Error())
			return 1
		}
		fmt.Fprint(e.stdout, text)
		return 0
	},
}

// rulings is the text of the named system's rulings, or says it has none.
func rulings(system string) (string, error) {
	text, err := rulesets.Rulings(system)
	if err == nil && text == "" {
		text = "The rules system " + system + " applies no rulings.\n"
	}
	return text, err
}
