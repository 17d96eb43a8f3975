package kw

import (
	"fmt"
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// slots counts a side's units in one hex by the stacking slots of 12.1.
type slots struct {
	armyHQ, corps, supply, fortress, special, airbase int
}

func (s *State) slotOf(sl *slots, p *profile) {
	switch {
	case p.Type == tSupply:
		sl.supply++
	case p.Type == tFortress:
		sl.fortress++
	case p.Type == tAirbase:
		sl.airbase++ // its own slot (ruling KW-12.1-AIR)
	case p.Type == tArmTrain || p.Type == tTank:
		sl.special++
	case p.Type == tHQ || p.army():
		sl.armyHQ++
	default:
		sl.corps++
	}
}

// over says how the slots break 12.1, "" if they keep it: one army or one
// HQ or up to three corps; one supply unit; one fortress; one armoured
// train, shock corps or tank. A shock corps takes the special slot when it
// is free, else counts as a corps (ruling KW-12.1-SHOCK).
func (sl slots) over() string {
	switch {
	case sl.armyHQ > 1:
		return "more than one army or HQ"
	case sl.armyHQ == 1 && sl.corps > 0:
		return "an army or HQ with corps"
	case sl.corps > 3:
		return "more than three corps"
	case sl.supply > 1:
		return "more than one supply unit"
	case sl.fortress > 1:
		return "more than one fortress"
	case sl.special > 1:
		return "more than one armoured train, shock corps or tank"
	case sl.airbase > 1:
		return "more than one airbase"
	}
	return ""
}

// slotsIn counts side's units in h, with extra counted in.
func (s *State) slotsIn(side scenario.Side, h hex.Hex, extra ...*unit) slots {
	var sl slots
	shock := 0
	add := func(u *unit) {
		p := s.prof(u)
		if p.Type == tShock && p.Size != zArmy {
			shock++
			return
		}
		s.slotOf(&sl, p)
	}
	for _, u := range s.at(h) {
		if s.prof(u).Side == side {
			add(u)
		}
	}
	for _, u := range extra {
		add(u)
	}
	for ; shock > 0; shock-- {
		if sl.special == 0 {
			sl.special++
		} else {
			sl.corps++
		}
	}
	return sl
}

// stackProblem says why u may not end in h (12.1), "" if it may.
func (s *State) stackProblem(u *unit, h hex.Hex) string {
	p := s.prof(u)
	if o := s.sideAt(h); o != "" && o != p.Side {
		return fmt.Sprintf("%s holds enemy units", h)
	}
	if why := s.slotsIn(p.Side, h, u).over(); why != "" {
		return fmt.Sprintf("%s would hold %s [12.1]", h, why)
	}
	return ""
}

// overstack removes the units over the limit in every hex, lowest value
// first and with no VP lost (12.2): a move that ends over-stacked is
// carried out and the excess removed here (ruling KW-12.2-ACCEPT).
func (s *State) overstack(ev *[]engine.Event) {
	for _, h := range sortedHexes(s.occupants()) {
		us := s.at(h)
		side := s.prof(us[0]).Side
		if s.slotsIn(side, h).over() == "" {
			continue
		}
		sort.SliceStable(us, func(i, j int) bool { return s.value(us[i]) < s.value(us[j]) })
		for _, u := range us {
			if s.slotsIn(side, h).over() == "" {
				break
			}
			u.Loc = locPool
			if s.prof(u).army() {
				u.Loc = locAvailable
			}
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is removed from over-stacked %s, with no VP lost", u.ID, h), Case: "12.2"})
		}
	}
}

// value orders units for losses the owner chooses: supply and support
// units last among equals, armies above corps.
func (s *State) value(u *unit) int {
	p := s.prof(u)
	f := s.faceOf(u)
	v := f.Attack + f.Defense
	if p.army() || p.Type == tHQ {
		v += 100
	}
	return v
}
