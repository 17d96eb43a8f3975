package kw

import (
	"pbem/engine"
	"pbem/engine/scenario"
)

// The phases not yet refereed: their orders are refused, so that nothing
// is done silently.

func (s *State) notYet(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	for _, o := range os {
		reject(ev, side, o, "this order is not refereed yet", verbNamed(o.Verb).Case)
	}
}

func (s *State) movement(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	s.notYet(side, os, ev)
}
