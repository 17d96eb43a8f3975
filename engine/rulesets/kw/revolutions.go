package kw

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// [Opt: Russian Revolutions], with the Bolsheviks: 1917-18 only, on top of
// Morale. The First Revolution (the Provisional Government) comes on a
// roll at the start of an Allied player turn while the Allies' VP are 25
// or less; the Second (Bolshevik) when they reach 10 or less after it.

const optRevolutions = "russian-revolutions"

// revolution is 0 before the Revolutions, 1 under the First, 2 under the
// Second.
func (s *State) revolution() int {
	if s.Opt == nil {
		return 0
	}
	return s.Opt.Revolution
}

// revolutionVP is the Allies' VP at or under which revolution n comes
// (params revolution-first-vp 25 and revolution-second-vp 10).
func (s *State) revolutionVP(n int) int {
	name, def := "revolution-first-vp", 25
	if n == 2 {
		name, def = "revolution-second-vp", 10
	}
	if v, ok := s.d.g.Param(name); ok {
		return v
	}
	return def
}

// revolutionCap is the most VP side may hold under the Revolutions: the
// Allies 25 after the First, 10 after the Second; vpCap otherwise.
func (s *State) revolutionCap(side scenario.Side) int {
	if side != AL || s.revolution() == 0 {
		return vpCap
	}
	return s.revolutionVP(s.revolution())
}

// revolutionCheck rolls for the First Revolution at the start of each
// Allied player turn of 1917 and 1918 while the Allies' VP are 25 or less
// and no revolution has come: 5-6 brings it.
func (s *State) revolutionCheck(dice engine.Dice, ev *[]engine.Event) {
	if !s.opt[optRevolutions] || s.phasing() != AL || s.revolution() > 0 || s.d.turn(s.Turn).Year < 1917 || s.VP[AL] > s.revolutionVP(1) {
		return
	}
	roll := dice.D6()
	word := "no revolution"
	if roll >= 5 {
		word = "the First Revolution"
	}
	*ev = append(*ev, &engine.Roll{Purpose: "Russian Revolution check (5-6: revolution)", Case: "Opt: Russian Revolutions", Value: roll, Result: word})
	if roll >= 5 {
		s.firstRevolution(ev)
	}
}

// firstRevolution puts the First Revolution in effect: Russian HQs on
// their front face leave the game, uncharged, and those on their back are
// flipped to the front for good (ruling KW-Opt-HQ); the Russians' free
// supply units stop (State.scheduledSupply); the Allies' VP are capped at
// 25 (State.cap); the Czech Legion comes to be placed. Allies already at
// 10 VP or less go on to the Second at once (ruling KW-Opt-SECOND).
func (s *State) firstRevolution(ev *[]engine.Event) {
	const rule = "Opt: Russian Revolutions"
	s.ost().Revolution = 1
	*ev = append(*ev, &engine.Note{Text: "the First Russian Revolution: the Provisional Government; no more free Russian supply units, the Allies' VP may not rise above 25", Case: rule})
	for _, u := range s.Units {
		p := s.prof(u)
		if p.Nation != "RU" || p.Type != tHQ || u.Loc != locMap {
			continue
		}
		if u.Back {
			u.Back = false
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is flipped to its front face for good", u.ID), Case: rule})
		} else {
			u.Loc = locRemoved
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is removed, not counted as a loss", u.ID), Case: rule})
		}
	}
	// The Czech Legion appears with the First Revolution, the option's
	// own effect (ruling KW-Opt-CZECH).
	for _, u := range s.Units {
		if s.prof(u).Nation == "CZ" && (u.Loc == locPool || u.Loc == locHeld) {
			u.Loc, u.Entered = locPending, true
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("the Czech Legion %s appears, to be placed on an Allied-controlled rail hex in Russia", u.ID), Case: "Opt: Additional Units"})
		}
	}
	if s.VP[AL] <= s.revolutionVP(2) {
		s.secondRevolution(ev)
	}
}

// afterVP runs the Revolutions' checks when the Allies' VP change: at 10
// or less the First Revolution gives way to the Second; with no
// revolution yet, a fall from above 25 at the start of the turn to 10 or
// less brings the Second at once (ruling KW-Opt-SECOND).
func (s *State) afterVP(ev *[]engine.Event) {
	if !s.opt[optRevolutions] || s.Over || s.d.turn(s.Turn).Year < 1917 || s.VP[AL] > s.revolutionVP(2) {
		return
	}
	switch s.revolution() {
	case 1:
		s.secondRevolution(ev)
	case 0:
		if s.Opt != nil && s.Opt.TurnVP > s.revolutionVP(1) {
			s.secondRevolution(ev)
		}
	}
}

// secondRevolution puts the Second (Bolshevik) Revolution in effect: every
// Allied unit but the Bolsheviks leaves the game, uncharged; supply
// counters go back to the mix, from which the Bolsheviks' free supply
// units come (ruling KW-Opt-SECOND); the Bolsheviks are placed (I-8); the
// Allies' VP are capped at 10.
func (s *State) secondRevolution(ev *[]engine.Event) {
	const rule = "Opt: Russian Revolutions"
	s.ost().Revolution = 2
	removed := 0
	for _, u := range s.Units {
		p := s.prof(u)
		if p.Side != AL || p.Nation == "BOL" || u.Loc == locPool || u.Loc == locDead || u.Loc == locRemoved {
			continue
		}
		if p.Type == tSupply {
			u.Loc = locPool
		} else {
			u.Loc = locRemoved
		}
		u.Back, u.Moved, u.Declared, u.Entrenched = false, false, false, false
		removed++
	}
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("the Second (Bolshevik) Revolution: %d Allied counters leave the game, not counted as losses; the Allies' VP may not rise above 10", removed), Case: rule})
	s.placeBolsheviks(ev)
}

// placeBolsheviks places the Bolsheviks at the Second Revolution (I-8):
// one to a city, in Allied-controlled Russian cities, Petrograd and Moscow
// first, then the cities of the Allies' standing `bolsheviks` order, then
// the rest in hex order; those with no city wait in the mix, to come as
// free reinforcements. The Partisans go to the hex the order names, else
// the first hex of Russia, in hex order, free of Central Powers units and
// their zone of control.
func (s *State) placeBolsheviks(ev *[]engine.Event) {
	const rule = "Opt: Russian Revolutions"
	cities := s.bolshevikCities()
	ez := s.ezoc(AL)
	for _, u := range s.Units {
		p := s.prof(u)
		if p.Nation != "BOL" || (u.Loc != locPool && u.Loc != locHeld) {
			continue
		}
		if p.Type == tPartisan {
			if h, ok := s.partisanHex(ez); ok {
				s.bolshevikAt(u, h, ev)
			}
			continue
		}
		if len(cities) == 0 {
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s finds no city: it comes later as a reinforcement", u.ID), Case: rule})
			continue
		}
		s.bolshevikAt(u, cities[0], ev)
		cities = cities[1:]
	}
}

func (s *State) bolshevikAt(u *unit, h hex.Hex, ev *[]engine.Event) {
	u.Loc, u.Hex, u.Entered = locMap, h, true
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is placed in %s", u.ID, h), Case: "Opt: Russian Revolutions"})
	s.enter(AL, h, ev)
}

// bolshevikCities are the cities for the Bolsheviks, in the order of I-8.
func (s *State) bolshevikCities() []hex.Hex {
	var out []hex.Hex
	add := func(h hex.Hex) {
		t := s.d.towns[h]
		if t != nil && t.City && s.d.country[h] == Russia && s.controller(h) == AL && s.sideAt(h) != CP && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	for _, name := range []string{"Petrograd", "Moscow"} {
		if h, ok := s.d.town(name); ok {
			add(h)
		}
	}
	order, _ := s.bolshevikOrder()
	for _, h := range order {
		add(h)
	}
	for _, h := range sortedHexes(s.d.towns) {
		add(h)
	}
	return out
}

// bolshevikOrder reads the Allies' standing order `bolsheviks HEX...
// [partisan HEX]`.
func (s *State) bolshevikOrder() ([]hex.Hex, *hex.Hex) {
	var cities []hex.Hex
	var partisan *hex.Hex
	for _, o := range s.Standing[AL] {
		if o.Verb != "bolsheviks" {
			continue
		}
		ws, _ := o.Clause("")
		for _, w := range ws {
			if h, err := s.d.grid.Parse(w.Text); err == nil {
				cities = append(cities, h)
			}
		}
		if ws, ok := o.Clause("partisan"); ok && len(ws) == 1 {
			if h, err := s.d.grid.Parse(ws[0].Text); err == nil {
				partisan = &h
			}
		}
	}
	return cities, partisan
}

// partisanHex is where the Partisans go at the Second Revolution.
func (s *State) partisanHex(ez map[hex.Hex]bool) (hex.Hex, bool) {
	ok := func(h hex.Hex) bool {
		return s.d.land(h) && s.d.country[h] == Russia && s.sideAt(h) != CP && !ez[h]
	}
	if _, p := s.bolshevikOrder(); p != nil && ok(*p) {
		return *p, true
	}
	for _, h := range s.d.grid.All() {
		if ok(h) {
			return h, true
		}
	}
	return hex.Hex{}, false
}

// bolshevikArrivals brings the Bolsheviks' free unit and free supply unit
// of each Allied Mobilization Phase after the Second Revolution: the
// first Bolshevik counter out of play, in id order, including those
// eliminated (ruling KW-Opt-SECOND).
func (s *State) bolshevikArrivals(ev *[]engine.Event) {
	const rule = "Opt: Russian Revolutions"
	for _, u := range s.Units {
		if s.prof(u).Nation == "BOL" && (u.Loc == locPool || u.Loc == locDead) {
			u.Loc, u.Entered = locPending, true
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("the Bolsheviks receive %s, to be placed", u.ID), Case: rule})
			break
		}
	}
	s.freeSupplies(1, rule, ev)
}

// patriotism marks the first attack of a Central Powers unit on a Russian
// unit after the First Revolution: the Allies receive 2 free supply units
// in their next Mobilization Phase.
func (s *State) patriotism(b *battle, defenders []*unit) {
	if s.revolution() != 1 || b.side != CP || s.Opt.Patriotism != 0 {
		return
	}
	if slices.ContainsFunc(defenders, func(u *unit) bool { return s.prof(u).Nation == "RU" }) {
		s.Opt.Patriotism = 1
	}
}

// convertBan says why HQ u may not convert, "" if it may: no Russian HQ
// converts after the First Revolution (ruling KW-Opt-HQ).
func (s *State) convertBan(u *unit) string {
	if s.revolution() > 0 && strings.EqualFold(s.prof(u).Nation, "RU") {
		return fmt.Sprintf("%s may not convert: no Russian HQ converts after the First Revolution [Opt: Russian Revolutions]", u.ID)
	}
	return ""
}
