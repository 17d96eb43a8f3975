package kw

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// vpCap is the most VP a side may hold (5.6).
const vpCap = 99

// objective reports whether h is a Strategic Objective (2.1).
func (d *data) objective(h hex.Hex) bool {
	t := d.towns[h]
	return t != nil && t.Attrs.Flag("objective")
}

// origin is the side whose 1914 territory h is (5.4): Romania counts as
// Allied, Bulgaria as Central Powers (ruling KW-5.4-NEUTRAL).
func (d *data) origin(h hex.Hex) scenario.Side {
	switch d.country[h] {
	case Russia, Romania:
		return AL
	case Germany, Austria, Bulgaria:
		return CP
	}
	return ""
}

// addVP changes a side's VP by n for a reason (5.0): gains stop at the cap
// (5.6); the change is logged and reported, and a total at or below zero
// ends the game (4.1(1)).
func (s *State) addVP(side scenario.Side, n int, reason, rule string, ev *[]engine.Event) {
	if n == 0 || s.Over {
		return
	}
	before := s.VP[side]
	after := before + n
	if n > 0 && after > s.cap(side) {
		after = max(before, s.cap(side))
	}
	s.VP[side] = after
	s.Ledger = append(s.Ledger, vpEntry{Turn: s.Turn, Side: side, Change: after - before, Reason: reason, Case: rule})
	*ev = append(*ev, &vpEvent{Side: side, Name: s.d.g.SideNames[side], Change: after - before, Total: after, Reason: reason, Rule: rule})
	s.suddenDeath(ev)
	s.afterVP(ev) // revolutions.go
}

// cap is the most VP side may hold now (5.6; [Opt: Russian Revolutions]).
func (s *State) cap(side scenario.Side) int { return s.revolutionCap(side) }

// suddenDeath ends the game when a side's VP reach zero or less (4.1(1);
// ruling KW-4.1-ZERO): the other side wins with its VP plus 25; both at
// once is a double loss.
func (s *State) suddenDeath(ev *[]engine.Event) {
	if s.Over {
		return
	}
	cp, al := s.VP[CP] <= 0, s.VP[AL] <= 0
	switch {
	case cp && al:
		s.end("both sides' VP reached zero at once: both lose", "both lose", "4.1(1)", ev)
	case cp || al:
		win := CP
		if cp {
			win = AL
		}
		lvl := levelOf(s.VP[win] + 25 - max(s.VP[Other(win)], 0))
		s.end(fmt.Sprintf("%s VP reached zero: %s wins, %s (%d + 25 against %d)", s.whose(Other(win)),
			s.d.g.SideNames[win], lvl, s.VP[win], max(s.VP[Other(win)], 0)), lvl, "4.1(1)", ev)
	}
}

// end ends the game with result, at level (4.3; "" when none applies).
func (s *State) end(result, level, rule string, ev *[]engine.Event) {
	s.Over, s.Result, s.Level = true, result, level
	*ev = append(*ev, &engine.Note{Text: "the game ends: " + result, Case: rule})
}

// levelOf is the level of victory a VP difference gives (4.3): above 100
// is still Imperial (ruling KW-4.3-100).
func levelOf(diff int) string {
	switch {
	case diff <= 25:
		return "Draw"
	case diff <= 50:
		return "Marginal Victory"
	case diff <= 75:
		return "Continental Victory"
	}
	return "Imperial Victory"
}

// enter gives control of h to the side of a unit entering it (7.3), by
// any means; taking a Strategic Objective from the enemy scores at once
// (5.3, 26.7).
func (s *State) enter(side scenario.Side, h hex.Hex, ev *[]engine.Event) {
	was := s.controller(h)
	if was == side {
		return
	}
	s.Control[h] = side
	if was == "" || !s.d.objective(h) {
		return
	}
	gain, loss := 5, 10
	if t := s.d.turn(s.Turn); t.Year == 1914 && t.Month == 8 {
		gain, loss = 10, 15 // 26.7: Home Before the Leaves Fall
	}
	name := s.d.towns[h].Name
	s.addVP(side, gain, "captured "+name, "5.3", ev)
	s.addVP(was, -loss, "lost "+name, "5.3", ev)
	s.allObjectives(ev)
}

// allObjectives ends the game when one side controls every Strategic
// Objective in the war (4.1(2)); those of neutral countries do not count
// (ruling KW-4.1-NEUTRAL).
func (s *State) allObjectives(ev *[]engine.Event) {
	held := map[scenario.Side]int{}
	total := 0
	for h := range s.d.towns {
		if !s.d.objective(h) || s.neutral(h) {
			continue
		}
		total++
		held[s.controller(h)]++
	}
	for _, side := range []scenario.Side{CP, AL} {
		if total > 0 && held[side] == total {
			s.end(fmt.Sprintf("%s controls every Strategic Objective: Imperial Victory", s.d.g.SideNames[side]), "Imperial Victory", "4.1(2)", ev)
		}
	}
}

// vpPhase scores each side's Strategic Objectives (5.4): 4 for each of its
// own 1914 territory it controls, 2 for each of the enemy's; controls, not
// occupies (ruling KW-5.4-CONTROL).
func (s *State) vpPhase(ev *[]engine.Event) {
	for _, side := range []scenario.Side{CP, AL} {
		own, enemy := 0, 0
		for _, h := range sortedHexes(s.d.towns) {
			if !s.d.objective(h) || s.controller(h) != side {
				continue
			}
			if s.d.origin(h) == side {
				own++
			} else {
				enemy++
			}
		}
		if n := 4*own + 2*enemy; n > 0 {
			s.addVP(side, n, fmt.Sprintf("%d own and %d enemy Strategic Objectives held", own, enemy), "5.4", ev)
		}
	}
}

// adminPhase is the Administrative Phase (6.2(4)): the VP Sub-Phase, then
// the end of the game on its last turn (4.2, 4.3).
func (s *State) adminPhase(ev *[]engine.Event) {
	s.vpPhase(ev)
	s.adminOptions(ev) // options.go
	if s.Over || s.Turn < s.lastTurn() {
		return
	}
	final := map[scenario.Side]int{}
	for _, side := range []scenario.Side{CP, AL} {
		cities := 0
		for _, h := range sortedHexes(s.d.towns) {
			t := s.d.towns[h]
			if !t.City || s.controller(h) != side || s.d.origin(h) == side || s.d.origin(h) == "" || s.neutral(h) {
				continue
			}
			cities++
		}
		final[side] = s.VP[side] + cities
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s: %d VP and %d enemy cities held: %d", s.d.g.SideNames[side], s.VP[side], cities, final[side]), Case: "4.2"})
	}
	win := CP
	if final[AL] > final[CP] {
		win = AL
	}
	diff := final[win] - final[Other(win)]
	lvl := levelOf(diff)
	if lvl == "Draw" {
		s.end(fmt.Sprintf("a Draw: %d against %d", final[CP], final[AL]), lvl, "4.3", ev)
		return
	}
	s.end(fmt.Sprintf("%s wins, %s: %d against %d", s.d.g.SideNames[win], lvl, final[win], final[Other(win)]), lvl, "4.3", ev)
}

// lastTurn is the turn the game ends on: the scenario's last, or the
// Nov-Dec turn of the year the players agreed (3.1) as an option
// "last-1915".."last-1918".
func (s *State) lastTurn() int {
	last := s.d.s.Last
	for y := 1914; y <= 1918; y++ {
		if !s.opt[fmt.Sprintf("last-%d", y)] {
			continue
		}
		for _, t := range s.d.turns {
			if t.Year == y && t.N > s.d.s.First {
				last = t.N
			}
		}
	}
	return last
}

// vpEvent is a change of a side's VP.
type vpEvent struct {
	Side          scenario.Side
	Name          string
	Change, Total int
	Reason, Rule  string
}

func (e *vpEvent) String() string {
	return engine.Cited(fmt.Sprintf("%s %+d VP (%s): %d", e.Name, e.Change, e.Reason, e.Total), e.Rule)
}

// EventCase implements engine.Event.
func (e *vpEvent) EventCase() string { return e.Rule }

// Audience implements engine.Event: VP are public (5.0).
func (e *vpEvent) Audience() []scenario.Side { return nil }
