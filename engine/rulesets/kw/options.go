package kw

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// The scenario options ([Opt: Scenario Options], digest 8.6) and the
// start-of-game, start-of-turn and supply effects of the other optional
// rules. The Russian Revolutions are in revolutions.go, PSYWAR in
// psywar.go, the Additional Units' purchases and placements in
// optunits.go.

// The options this file reads.
const (
	optMoltke    = "moltke-east"
	optPlanR     = "plan-r"
	optPlanG     = "plan-g"
	optFasterMob = "faster-russian-mobilization"
	optCavalry   = "better-cavalry"
	optModernize = "modernize-artillery"
	optFortConv  = "fortress-conversion"
	optGallipoli = "gallipoli"
	optCaporetto = "caporetto-east"
)

// optState is what the optional rules remember between windows.
type optState struct {
	// Revolution is 1 while the First Russian Revolution is in effect, 2
	// once the Second has come ([Opt: Russian Revolutions]).
	Revolution int `json:",omitempty"`
	// Patriotism is 1 once a Central Powers unit has attacked a Russian
	// unit after the First Revolution (2 free supply units are due), 2
	// once they are given.
	Patriotism int `json:",omitempty"`
	// TurnVP is the Allies' VP as the turn began, to tell a fall through
	// both 25 and 10 in one turn.
	TurnVP int `json:",omitempty"`
}

// ost is the optional rules' record, made on first use.
func (s *State) ost() *optState {
	if s.Opt == nil {
		s.Opt = &optState{}
	}
	return s.Opt
}

// startOrder is the order in which the options change the set-up.
var startOrder = []string{optMoltke, optPlanR, optPlanG, optFasterMob, optCavalry, optGallipoli, optCaporetto, optRevolutions}

// startOptions applies the agreed options to a scenario's set-up, its
// schedule and its VP (3.1 P1-P2).
func (s *State) startOptions(ev *[]engine.Event) error {
	if s.opt["last-1918"] && !s.opt[optRevolutions] {
		return fmt.Errorf("kw: option last-1918: a game runs into 1918 only with the Russian Revolutions option, russian-revolutions (3.1)")
	}
	for _, name := range startOrder {
		if s.opt[name] {
			if err := s.startOption(name, ev); err != nil {
				return err
			}
		}
	}
	return nil
}

// startYear is the year of the scenario's first turn.
func (s *State) startYear() int { return s.d.turn(s.d.s.First).Year }

// startOption changes the set-up for one option; those written for the
// 1914 scenario do nothing in the others.
func (s *State) startOption(name string, ev *[]engine.Event) error {
	in1914 := s.startYear() == 1914
	switch name {
	case optMoltke:
		// [Opt: Moltke Plan East]: Ober Ost and the 9th, 10th and 11th
		// Armies set up anywhere in Germany (ruling KW-Opt-MOLTKE).
		if in1914 {
			for _, id := range []string{"DE-OO", "DE-9A", "DE-10A", "DE-11A"} {
				if u := s.unit(id); u != nil {
					u.Loc, u.Due, u.Entered, u.Hex = locDeploy, 0, true, hex.Hex{}
				}
			}
		}
	case optPlanR:
		if in1914 {
			return s.setUpAt("AH-2A", "Drohobycz-Boryslaw", name)
		}
	case optPlanG:
		if in1914 {
			return s.setUpAt("RU-4A", "Dvinsk", name)
		}
	case optFasterMob:
		if in1914 {
			s.addVP(AL, -10, "Faster Russian Mobilization", "Opt: Faster Russian Mobilization", ev)
			s.reschedule("RU-6A", s.turnAt(1914, 9))
			s.reschedule("RU-7A", s.turnAt(1914, 10))
		}
	case optCavalry:
		// [Opt: Better Cavalry Doctrine]: cavalry corps from the pools, at
		// no cost, set up in their own country (ruling KW-Opt-MOLTKE).
		if in1914 {
			for _, n := range []struct {
				side   scenario.Side
				nation string
			}{{AL, "RU"}, {AL, "RU"}, {CP, "DE"}, {CP, "AH"}} {
				if u := s.outOfPlay(n.side, tCav, n.nation); u != nil {
					u.Loc, u.Entered = locDeploy, true
				}
			}
		}
	case optGallipoli:
		// A scenario that starts after Jan-Feb 1916 starts with the CP's
		// 25 VP (ruling KW-Opt-GALLIPOLI).
		if t := s.d.turn(s.d.s.First); t.Year > 1916 || t.Year == 1916 && !t.janFeb() {
			s.addVP(CP, 25, "Gallipoli Campaign Succeeds", "Opt: Gallipoli Campaign Succeeds", ev)
		}
	case optCaporetto:
		if n := s.turnAt(1917, 9); n > 0 {
			for _, id := range []string{"DE-14A", "AH-5A"} {
				if u := s.unit(id); u != nil && (u.Loc == locPool || u.Loc == locDue) {
					u.Loc, u.Due = locDue, n
				}
			}
		}
	case optRevolutions:
		// Scenarios from Mar-Apr 1917 start with the First Revolution,
		// from Nov-Dec 1917 with the Second.
		t := s.d.turn(s.d.s.First)
		if t.Year > 1917 || t.Year == 1917 && t.Month >= 3 {
			s.firstRevolution(ev)
		}
		if t.Year > 1917 || t.Year == 1917 && t.Month >= 11 {
			s.secondRevolution(ev)
		}
	}
	return nil
}

// setUpAt sets counter id up on the named town, for an option.
func (s *State) setUpAt(id, town, option string) error {
	h, ok := s.d.town(town)
	u := s.unit(id)
	if !ok || u == nil {
		return fmt.Errorf("kw: option %s: the data lacks the counter %s or the town %s", option, id, town)
	}
	u.Loc, u.Hex, u.Due, u.Entered = locMap, h, 0, true
	return nil
}

// reschedule brings a scheduled counter on turn n instead.
func (s *State) reschedule(id string, n int) {
	if u := s.unit(id); u != nil && u.Loc == locDue && n > 0 {
		u.Due = n
	}
}

// turnAt is the turn that begins with the month given, 0 if the track
// has none.
func (s *State) turnAt(year, month int) int {
	for _, t := range s.d.turns {
		if t.Year == year && t.Month == month {
			return t.N
		}
	}
	return 0
}

// optionZone is the set-up zone of a counter an option adds to the
// set-up without a place: anywhere in its nation's home country, on its
// side of the line (ruling KW-Opt-MOLTKE).
func (s *State) optionZone(u *unit) []*scenario.Field {
	if c := nationCountry(s.prof(u).Nation); c != "" {
		return []*scenario.Field{{Key: "in", Value: c}}
	}
	return nil
}

// turnOptions are the options' events at the start of a turn (digest
// 3.2(1)): the CP's 25 VP for Gallipoli at the start of Jan-Feb 1916 and
// its 25 VP lost for Caporetto East at the start of Sep 1917.
func (s *State) turnOptions(ev *[]engine.Event) {
	if s.opt[optRevolutions] {
		s.ost().TurnVP = s.VP[AL]
	}
	t := s.d.turn(s.Turn)
	if s.opt[optGallipoli] && t.Year == 1916 && t.janFeb() {
		s.addVP(CP, 25, "Gallipoli Campaign Succeeds", "Opt: Gallipoli Campaign Succeeds", ev)
	}
	if s.opt[optCaporetto] && t.Year == 1917 && t.Month == 9 {
		s.addVP(CP, -25, "Caporetto East", "Opt: Caporetto East", ev)
	}
}

// adminOptions are the options' steps of the Administrative Phase: Moltke
// Plan East costs the CP 33 VP at the end of Nov-Dec 1914.
func (s *State) adminOptions(ev *[]engine.Event) {
	if t := s.d.turn(s.Turn); s.opt[optMoltke] && t.Year == 1914 && t.Month == 11 {
		s.addVP(CP, -33, "Moltke Plan East", "Opt: Moltke Plan East", ev)
	}
}

// scheduledSupply is how many free supply units side receives this turn:
// the track's (9.2), or under Moltke Plan East 3 for the CP on Main
// Effort East turns and 2 on West turns; under Russians Modernize Field
// Artillery the Allies' is 2 in 1914-15; Caporetto East adds 2 for the CP
// in Sep 1917; the Revolutions end the Allies' (ruling KW-Opt-REVSUPPLY).
func (s *State) scheduledSupply(side scenario.Side) int {
	t := s.d.turn(s.Turn)
	n := t.Supply[side]
	switch side {
	case CP:
		if s.opt[optMoltke] {
			n = 2
			if s.effort(s.Turn) == "east" {
				n = 3
			}
		}
		if s.opt[optCaporetto] && t.Year == 1917 && t.Month == 9 {
			n += 2
		}
	case AL:
		if s.opt[optModernize] && t.Year <= 1915 {
			n = 2
		}
		if s.revolution() > 0 {
			n = 0
		}
	}
	return n
}

// optionArrivals are the units the optional rules bring side in its
// Mobilization Phase: the 2 supply units of Russian patriotism, the
// Gallipoli supply unit, and the Bolsheviks' free unit and supply unit.
func (s *State) optionArrivals(side scenario.Side, ev *[]engine.Event) {
	if side != AL {
		return
	}
	if o := s.Opt; o != nil && o.Patriotism == 1 && o.Revolution == 1 {
		o.Patriotism = 2
		s.freeSupplies(2, "Opt: Russian Revolutions", ev)
	}
	if s.opt[optGallipoli] && s.d.turn(s.Turn).Year >= 1916 && s.revolution() < 2 {
		s.gallipoliSupply(ev)
	}
	if s.revolution() == 2 {
		s.bolshevikArrivals(ev)
	}
}

// freeSupplies brings n free Allied supply units to be placed.
func (s *State) freeSupplies(n int, rule string, ev *[]engine.Event) {
	for i := 0; i < n; i++ {
		u := s.freeSupply(AL)
		if u == nil {
			*ev = append(*ev, &engine.Note{Text: "the Allies have no supply counter out of play for a free supply unit", Case: rule})
			return
		}
		u.Loc = locPending
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("the Allies receive the free supply unit %s, to be placed", u.ID), Case: rule})
	}
}

// gallipoliSupply places the Allies' extra supply unit from Jan-Feb 1916:
// in Sevastopol if they control it and it holds no enemy unit, else in
// Odessa so, else it is lost (ruling KW-Opt-GALLIPOLI).
func (s *State) gallipoliSupply(ev *[]engine.Event) {
	const rule = "Opt: Gallipoli Campaign Succeeds"
	for _, name := range []string{"Sevastopol", "Odessa"} {
		h, ok := s.d.town(name)
		if !ok || s.controller(h) != AL || s.sideAt(h) == CP {
			continue
		}
		u := s.freeSupply(AL)
		if u == nil {
			*ev = append(*ev, &engine.Note{Text: "the Allies have no supply counter out of play for the Gallipoli supply unit", Case: rule})
			return
		}
		u.Loc = locPending
		s.putDown(u, h, " (the Gallipoli supply unit)", ev)
		return
	}
	*ev = append(*ev, &engine.Note{Text: "the Gallipoli supply unit is lost: the Allies hold neither Sevastopol nor Odessa", Case: rule})
}

// cavalryPursuit is how many hexes u pursues after result code when it
// would pursue one: two for attacking cavalry after DZ under Better
// Cavalry Doctrine (BT already gives two, 16.2).
func (s *State) cavalryPursuit(u *unit, code string) int {
	if s.opt[optCavalry] && code == rDZ && s.prof(u).Type == tCav {
		return 2
	}
	return 1
}
