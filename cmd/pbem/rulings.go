package main

import (
	"fmt"

	"pbem/engine/rulesets"
)

var rulingsCmd = &command{
	name:    "rulings",
	usage:   "[-system NAME]",
	summary: "the rulings applied where the rules are garbled, silent or contradictory",
	help: `Prints every ruling the referee applies where the rulebook of a rules system
(-system, by default Great War in the East) is garbled, silent or
contradictory: its ambiguity number, the cases, the reading, and where the
code applies it. docs/rulings.md is this output.`,
	flags: systemFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
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
