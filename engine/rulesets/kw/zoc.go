package kw

import (
	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// inert reports whether u belongs to a country still neutral: it does not
// move, fight or exert a ZOC (23.0(2)).
func (s *State) inert(u *unit) bool {
	switch s.prof(u).Nation {
	case "RO":
		return !s.Belligerent[Romania]
	case "BG":
		return !s.Belligerent[Bulgaria]
	}
	return false
}

// exertsZOC reports whether u projects a zone of control (13.0): units
// with a printed movement of 1 or more, and fortresses (ruling
// KW-13.0-FORT); never supply units, neutral units or a marine at sea
// (ruling KW-Amphib-SEA).
func (s *State) exertsZOC(u *unit) bool {
	p := s.prof(u)
	if u.Loc != locMap || p.Type == tSupply || s.inert(u) || s.afloat(u) {
		return false
	}
	return p.Front.Move >= 1 || p.Type == tFortress
}

// negatesZOC reports whether a fortress of side in h keeps the enemy's
// ZOC out of it (13.2, 20.1); Russian fortresses lose this under [Opt:
// Russians Modernize Field Artillery].
func (s *State) negatesZOC(side scenario.Side, h hex.Hex) bool {
	for _, u := range s.at(h) {
		p := s.prof(u)
		if p.Type == tFortress && p.Side == side && !(p.Nation == "RU" && s.opt["modernize-artillery"]) {
			return true
		}
	}
	return false
}

// zocs is the set of hexes in the ZOC of side's units (13.0-13.1): the six
// around each, never into all-sea hexes or across all-sea hexsides, never
// into a hex with an enemy fortress (13.2).
func (s *State) zocs(side scenario.Side) map[hex.Hex]bool {
	out := map[hex.Hex]bool{}
	for _, u := range s.Units {
		if s.prof(u).Side != side || !s.exertsZOC(u) {
			continue
		}
		for _, n := range s.d.grid.Neighbours(u.Hex) {
			if s.zocInto(side, u.Hex, n) {
				out[n] = true
			}
		}
	}
	return out
}

// zocInto reports whether a ZOC of side's unit in from reaches the adjacent
// hex to.
func (s *State) zocInto(side scenario.Side, from, to hex.Hex) bool {
	return s.d.land(to) && s.d.side(from, to) != "sea" && !s.negatesZOC(Other(side), to)
}

// ezoc is the set of hexes in the ZOC of side's enemy.
func (s *State) ezoc(side scenario.Side) map[hex.Hex]bool { return s.zocs(Other(side)) }

// seenZOC is the enemy's ZOC as side's View shows it, for the plans a
// side may make from what it sees (the preview, the robot's plan): a
// face-down counter ([Opt: Fog of War]) is known only by its hex, and it
// is reckoned to exert a ZOC, for every counter that may be face-down
// does (13.0: a printed movement of 1 or more, or a fortress, ruling
// KW-13.0-FORT), face-down or not: the option hides who a unit is, not its
// zone. Resolution applies the truth (ezoc); the two differ only where a
// face-down counter exerts none (a marine at sea on a land hex's edge is
// not one: it stands in an all-sea hex and is left out here too).
func (s *State) seenZOC(side scenario.Side) map[hex.Hex]bool {
	return s.viewZOC(side, true)
}

// sureZOC is the enemy's ZOC the side can be sure of: that of the units
// it sees face-up. The acknowledgement refuses a move only for what holds
// whatever the face-down counters turn out to be; seenZOC's reckoning
// gives its warnings.
func (s *State) sureZOC(side scenario.Side) map[hex.Hex]bool {
	return s.viewZOC(side, false)
}

// viewZOC is the enemy's ZOC from side's View, counting face-down
// counters' as seenZOC reckons it when hidden is true, and not at all
// when it is false.
func (s *State) viewZOC(side scenario.Side, hidden bool) map[hex.Hex]bool {
	if !s.fog() || side == engine.Moderator {
		return s.ezoc(side)
	}
	enemy := Other(side)
	out := map[hex.Hex]bool{}
	for _, u := range s.Units {
		if s.prof(u).Side != enemy || u.Loc != locMap {
			continue
		}
		seen := s.seenBy(u, side)
		if seen && !s.exertsZOC(u) || !seen && !hidden || !s.d.land(u.Hex) {
			continue
		}
		for _, n := range s.d.grid.Neighbours(u.Hex) {
			if s.zocInto(enemy, u.Hex, n) {
				out[n] = true
			}
		}
	}
	return out
}
