package main

import (
	"fmt"

	"pbem/engine/gwite"
)

var rulingsCmd = &command{
	name:    "rulings",
	summary: "the rulings applied where the rules are garbled, silent or contradictory",
	help: `Prints every ruling the referee applies where the rulebook is garbled, silent
or contradictory: its ambiguity number, the cases, the reading, and where the
code applies it. docs/rulings.md is this output.`,
	run: func(e *env, o *options, args []string) int {
		fmt.Fprint(e.stdout, gwite.RulingsText())
		return 0
	},
}
