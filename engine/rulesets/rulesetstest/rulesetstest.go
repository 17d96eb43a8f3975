// Package rulesetstest gives tests what the registry has, without the
// error a test has no use for: a failure panics.
package rulesetstest

import (
	"pbem/engine"
	"pbem/engine/rulesets"
)

// Robot is the computer player's orders for side in the window open in
// st.
func Robot(st engine.State, side engine.Side) string {
	text, err := rulesets.Robot(st, side)
	if err != nil {
		panic(err)
	}
	return text
}

// Verbs is the order language of the named rules system.
func Verbs(system string) []engine.Verb {
	rs, err := rulesets.Lookup(system)
	if err != nil {
		panic(err)
	}
	return rs.Verbs()
}
