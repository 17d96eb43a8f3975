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

func (s *State) mobilize(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	s.notYet(side, os, ev)
}

func (s *State) reorganize(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	s.notYet(side, os, ev)
}

// attrition is the Supply Attrition Phase of side (17.8).
func (s *State) attrition(side scenario.Side, dice engine.Dice, ev *[]engine.Event) {}

// arrivals brings side's scheduled units for this turn to be placed
// (9.1-9.2).
func (s *State) arrivals(side scenario.Side, ev *[]engine.Event) {
	for _, u := range s.Units {
		if u.Loc == locDue && u.Due <= s.Turn && s.prof(u).Side == side {
			u.Loc, u.Entered = locPending, true
		}
	}
}

// turnEvents are the events at the start of a turn (23.1, options).
func (s *State) turnEvents(dice engine.Dice, ev *[]engine.Event) {}

// startPlayerTurn runs the events at the start of a player turn (23.1,
// options).
func (s *State) startPlayerTurn(dice engine.Dice, ev *[]engine.Event) {}
