package kw

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// Neutrals and belligerency (23.0-23.2, 21.5): Romania enters the war on
// the turn the data sets or by [Opt: Variable Romanian Entry]; Bulgaria
// follows at the start of the next Central Powers player turn, and with it
// the Turkish corps and Mackensen come to its south edge.

// optVariableEntry is the option of [Opt: Variable Romanian Entry].
const optVariableEntry = "variable-romanian-entry"

// turnEvents are the events at the start of a turn: Romania's entry
// (23.1).
func (s *State) turnEvents(dice engine.Dice, ev *[]engine.Event) {
	if !s.Belligerent[Romania] && s.romaniaEnters(dice, ev) {
		s.romaniaJoins(ev)
	}
}

// startPlayerTurn runs the events at the start of a player turn:
// Bulgaria's entry at the start of the first Central Powers player turn
// after Romania's (23.1; ruling KW-23.1-BULGARIA).
func (s *State) startPlayerTurn(dice engine.Dice, ev *[]engine.Event) {
	if s.phasing() == CP && s.Belligerent[Romania] && !s.Belligerent[Bulgaria] {
		s.bulgariaJoins(ev)
	}
	s.revolutionCheck(dice, ev) // revolutions.go
}

// romaniaEnters decides whether Romania enters the war this turn: on the
// turn the data's param romania-entry-turn names (23.1; never without it),
// or under [Opt: Variable Romanian Entry] on an Allied roll from May 1916
// (digest 5.15: 1 in May, 1-2 in June, one more each month, at once in
// October; ruling KW-23.1-VARIABLE).
func (s *State) romaniaEnters(dice engine.Dice, ev *[]engine.Event) bool {
	if !s.opt[optVariableEntry] {
		n, ok := s.d.g.Param("romania-entry-turn")
		return ok && s.Turn >= n
	}
	t := s.d.turn(s.Turn)
	need := 0
	switch {
	case t.Year < 1916 || (t.Year == 1916 && t.Month < 5):
		return false
	case t.Year > 1916 || t.Month >= 10:
		return true
	default:
		need = t.Month - 4
	}
	roll := dice.D6()
	enters := roll <= need
	word := "stays neutral"
	if enters {
		word = "enters the war"
	}
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("Romanian entry: the Allies roll %d (enters on 1-%d): Romania %s", roll, need, word), Case: "Opt: Variable Romanian Entry"})
	return enters
}

// romaniaJoins makes Romania belligerent: its units join the Allies and
// its hexes become Allied-controlled (ruling KW-23.1-CONTROL), except,
// in a scenario on the 1916-17 line, those on the Central Powers' side of
// its Romanian section (region front-1916-ro, 23.0 note).
func (s *State) romaniaJoins(ev *[]engine.Event) {
	s.Belligerent[Romania] = true
	ro := s.d.m.Region("front-1916-ro")
	if s.d.s.Front != "front-1916" {
		ro = nil
	}
	for _, h := range sortedHexes(s.d.country) {
		if s.d.country[h] != Romania {
			continue
		}
		s.Control[h] = AL
		if ro != nil && ro.Has(h) {
			s.Control[h] = CP
		}
	}
	*ev = append(*ev, &engine.Note{Text: "Romania enters the war on the Allied side: its units join the Allies and its territory is theirs", Case: "23.1"})
	s.allObjectives(ev)
}

// bulgariaJoins makes Bulgaria belligerent on the Central Powers' side
// (23.1): its hexes become theirs and the units held for its entry (the
// Turkish corps, Mackensen if not yet in play) wait to be placed on its
// south map edge (21.5, 23.2; ruling KW-21.5-TURKS). Mackensen already on
// the map may be placed there instead of staying (ruling
// KW-23.2-MACKENSEN).
func (s *State) bulgariaJoins(ev *[]engine.Event) {
	s.Belligerent[Bulgaria] = true
	for _, h := range sortedHexes(s.d.country) {
		if s.d.country[h] == Bulgaria {
			s.Control[h] = CP
		}
	}
	*ev = append(*ev, &engine.Note{Text: "Bulgaria enters the war on the Central Powers' side: its units join them and its territory is theirs", Case: "23.1"})
	for _, u := range s.Units {
		p := s.prof(u)
		switch {
		case p.Side != CP:
		case u.Loc == locHeld:
			u.Loc, u.Edge, u.Entered = locPending, true, true
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s arrives, to be placed on the south map edge of Bulgaria", u.ID), Case: "23.2"})
		case u.Loc == locMap && p.Type == tHQ && strings.Contains(strings.ToLower(p.Name), "mackensen"):
			u.Edge = true
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s may be placed on the south map edge of Bulgaria this phase", u.ID), Case: "23.2"})
		}
	}
	s.allObjectives(ev)
}

// southEdge reports whether h is on the south map edge of Bulgaria (23.2):
// a Bulgarian land hex with a southern neighbour below the map's last row
// or in prohibited terrain (ruling KW-23.2-EDGE).
func (s *State) southEdge(h hex.Hex) bool {
	if s.d.country[h] != Bulgaria || !s.d.land(h) {
		return false
	}
	for _, n := range s.d.grid.Neighbours(h) {
		if n.Row > h.Row && (n.Row > s.d.grid.Rows || s.d.grid.Contains(n) && s.d.terrain(n) == "prohibited") {
			return true
		}
	}
	return false
}
