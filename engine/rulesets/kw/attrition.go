package kw

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/scenario"
)

// attrition is the Supply Attrition Phase of side (17.8): on a Winter turn
// each of its units on the map that is not in General Supply and stands
// in terrain the TEC marks for a check rolls a die, in id order; on 1-3 an
// army breaks down into its corps and any other unit is eliminated. No VP
// change either way (ruling KW-17.8-VP); the corps of an army broken down
// here are not rolled for again (ruling KW-17.8-ONCE). Neutral units
// never roll (23.0).
func (s *State) attrition(side scenario.Side, dice engine.Dice, ev *[]engine.Event) {
	if s.weatherOf() != "winter" {
		return
	}
	supplied := s.generalSupply(side)
	var check []*unit
	for _, u := range s.Units {
		p := s.prof(u)
		if u.Loc != locMap || p.Side != side || supplied[u.ID] || s.inert(u) || !s.attritionHex(u) {
			continue
		}
		check = append(check, u)
	}
	for _, u := range check {
		roll := dice.D6()
		if roll >= 4 {
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s, out of General Supply in %s, rolls %d for attrition: no effect", u.ID, u.Hex, roll), Case: "17.8"})
			continue
		}
		why := fmt.Sprintf("supply attrition, roll %d", roll)
		if s.prof(u).army() {
			s.breakdown(u, why, "17.8", ev)
			continue
		}
		s.eliminate(u, why, "17.8", ev)
	}
}

// attritionHex reports whether the TEC marks u's hex for an attrition
// check (17.8): a city by the city line, else its terrain's.
func (s *State) attritionHex(u *unit) bool {
	key := s.d.terrain(u.Hex)
	if t := s.d.towns[u.Hex]; t != nil && t.City {
		if _, ok := s.d.tables.tec["city"]; ok {
			key = "city"
		}
	}
	return s.d.tables.tec[key].Attrition
}
