package kw

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
)

// railLimit is the rail capacity of a side in one Movement Phase, in
// thirds of an Army Equivalent: three armies (18.2, digest 5.12).
const railLimit = 9

// railCost is what u's rail move along path takes from the capacity, in
// thirds (18.2, 18.3): an army or HQ 3, anything else 1; armoured trains
// nothing; German units and Central Powers supply units nothing when the
// move stays wholly inside Germany.
func (s *State) railCost(u *unit, path []hex.Hex) int {
	p := s.prof(u)
	if p.Type == tArmTrain {
		return 0
	}
	if p.Nation == "DE" || (p.Side == CP && p.Type == tSupply) {
		inside := true
		for _, h := range path {
			inside = inside && s.d.country[h] == Germany
		}
		if inside {
			return 0
		}
	}
	if p.army() || p.Type == tHQ {
		return 3
	}
	return 1
}

// russian is the gauge of a hex: in Russia or not (18.4).
func (s *State) russian(h hex.Hex) bool { return s.d.country[h] == Russia }

// transitLink reports whether a and b are the two ends of the Serbian
// Transit (18.6).
func (s *State) transitLink(a, b hex.Hex) bool {
	for _, t := range s.d.transit {
		if (t[0] == a && t[1] == b) || (t[0] == b && t[1] == a) {
			return true
		}
	}
	return false
}

// railLinks lists the hexes one rail step from h: its lines, and the
// Serbian Transit.
func (s *State) railLinks(h hex.Hex) []hex.Hex {
	out := append([]hex.Hex(nil), s.d.rail[h]...)
	for _, t := range s.d.transit {
		switch h {
		case t[0]:
			out = append(out, t[1])
		case t[1]:
			out = append(out, t[0])
		}
	}
	return out
}

// railStepOK says why u may not go by rail from a to the next hex b, ""
// if it may: a rail line or the Serbian Transit joins them (for the
// Central Powers from the first turn of 1916, Bulgaria in the war: 18.6,
// ruling KW-18.6-RAIL); b is in the side's rail net as the phase opened
// (18.4); the step does not cross the Russian border, but for armoured
// trains (18.4, 21.4; ruling KW-18.4-RO: the Russian-Romanian border is
// one too); and u may enter b at all (11.7, 23.0, 23.3).
func (s *State) railStepOK(m *movePhase, u *unit, a, b hex.Hex) (string, string) {
	p := s.prof(u)
	switch {
	case s.transitLink(a, b):
		if p.Side != CP || s.d.turn(s.Turn).Year < 1916 || !s.Belligerent[Bulgaria] {
			return "the Serbian Transit is open only to the Central Powers, from the first turn of 1916, with Bulgaria in the war", "18.6"
		}
	case !s.d.railStep(a, b):
		return fmt.Sprintf("no rail line joins %s to %s", a, b), "18.1"
	}
	if !m.net[b] {
		return fmt.Sprintf("%s is not in %s rail net: it did not control it as the phase began", b, s.whose(m.side)), "18.4"
	}
	if s.russian(a) != s.russian(b) && p.Type != tArmTrain {
		return fmt.Sprintf("%s-%s crosses the Russian border, where the gauge changes", a, b), "18.4"
	}
	return s.entry(u, b)
}

// railSearch is the search along u's rail net from where it stands: a
// step costs 1, a hex in an enemy ZOC ends the line (18.5), and out of one
// the line goes only into a hex free of it (ruling KW-18.5-DISENGAGE).
func (s *State) railSearch(m *movePhase, u *unit) engine.Search[hex.Hex] {
	start := u.Hex
	return engine.Search[hex.Hex]{
		Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
			if h != start && m.ez[h] {
				return
			}
			for _, n := range s.railLinks(h) {
				if why, _ := s.railStepOK(m, u, h, n); why == "" && !(h == start && m.ez[h] && m.ez[n]) {
					visit(n, 1)
				}
			}
		},
		Less: hex.Hex.Less,
	}
}

// railPath finds the path of fewest rail hexes from from to dest, stopping
// at the first hex in an enemy ZOC (18.5); out of one only into a hex free
// of it (ruling KW-18.5-DISENGAGE). nil if there is none.
func (s *State) railPath(m *movePhase, u *unit, from, dest hex.Hex) []hex.Hex {
	sr := s.railSearch(m, u)
	sr.Goal = func(h hex.Hex) bool { return h == dest }
	if p := sr.Run(from).Path(dest); p != nil {
		return p[1:]
	}
	return nil
}

// railMove carries out `rail UNIT [to HEX] [via HEX...]` (18.1-18.6): 1
// MP to start (at least 1 left, ruling KW-18.1-MP), in General Supply where
// it starts (armoured trains need none, 21.4), from a rail hex of its net
// (ruling KW-18.4-START: a hex taken this phase is not yet in it) on the
// side of the Russian border it began the phase on (18.4), once a phase
// (18.5), within the side's capacity (18.2, 18.3).
func (s *State) railMove(m *movePhase, o engine.Order, ev *[]engine.Event) {
	u, why, rule := s.mover(m, o)
	if why == "" {
		why, rule = s.railStart(m, u)
	}
	if why != "" {
		reject(ev, m.side, o, why, rule)
		return
	}
	path, why := s.route(o, func(from, dest hex.Hex) []hex.Hex { return s.railPath(m, u, from, dest) }, u.Hex,
		"by rail: the line is not in the net, crosses the Russian border, or passes an enemy zone of control")
	if why != "" {
		reject(ev, m.side, o, why, "18.1")
		return
	}
	l, why, rule := s.railWalk(m, u, path)
	if why != "" {
		reject(ev, m.side, o, why, rule)
		return
	}
	left := s.mpLeft(m, u)
	if l.cost > left {
		reject(ev, m.side, o, fmt.Sprintf("%s has %s MP left and this rail move costs %s", u.ID, mpText(left), mpText(l.cost)), "18.1")
		return
	}
	cost := s.railCost(u, l.path)
	if s.Rail+cost > railLimit {
		reject(ev, m.side, o, fmt.Sprintf("rail capacity: %s of the 3 Army Equivalents are used and %s needs %s more",
			thirds(s.Rail), u.ID, thirds(cost)), "18.2")
		return
	}
	s.Rail += cost
	u.Railed = true
	if cost == 0 {
		l.notes = append(l.notes, "free of rail capacity [18.2, 18.3]")
	}
	s.finishLeg(m, u, l, left-l.cost, moveRail, ev)
}

// railStart says why u may not begin a rail move where it stands.
func (s *State) railStart(m *movePhase, u *unit) (string, string) {
	p := s.prof(u)
	switch {
	case u.Railed:
		return fmt.Sprintf("%s has made its rail move this phase", u.ID), "18.5"
	case p.Type == tPartisan:
		return fmt.Sprintf("%s is a partisan: partisans make no rail moves", u.ID), "Opt: Russian Revolutions"
	case s.mpLeft(m, u) < 2:
		return fmt.Sprintf("%s has less than 1 MP left to start a rail move", u.ID), "18.1"
	case !m.net[u.Hex]:
		return fmt.Sprintf("%s is not a rail hex %s controlled as the phase began", u.Hex, s.d.g.SideNames[m.side]), "18.4"
	case p.Type != tArmTrain && s.russian(u.Hex) != s.russian(m.began[u.ID]):
		return fmt.Sprintf("%s began the phase on the other side of the Russian border: it may use rail in %s only from the next phase", u.ID, u.Hex), "18.4"
	case p.Type != tArmTrain && !s.generalSupply(m.side)[u.ID]:
		return fmt.Sprintf("%s is not in General Supply in %s", u.ID, u.Hex), "18.1"
	}
	return "", ""
}

// railWalk follows rail hexes from where u stands: 1 MP to start, 1 more
// to disengage from an enemy ZOC into a hex free of one (ruling
// KW-18.5-DISENGAGE), stopping on entering an enemy ZOC (18.5, 13.4).
func (s *State) railWalk(m *movePhase, u *unit, hexes []hex.Hex) (leg, string, string) {
	l := leg{path: []hex.Hex{u.Hex}, cost: 2}
	if len(hexes) == 0 {
		return l, "a rail move enters at least one hex", "18.1"
	}
	for i, b := range hexes {
		a := l.path[len(l.path)-1]
		if l.stop {
			return l, fmt.Sprintf("%s must stop on entering the enemy zone of control in %s", u.ID, a), "18.5"
		}
		if why, rule := s.railStepOK(m, u, a, b); why != "" {
			return l, why, rule
		}
		if i == 0 && m.ez[a] {
			if !m.fresh(u) || m.ez[b] {
				return l, fmt.Sprintf("%s may leave the enemy zone of control in %s only by disengaging, at the start of its move, into a hex free of one", u.ID, a), "18.5"
			}
			l.cost += 2
			l.notes = append(l.notes, "disengages [13.5]")
		}
		for _, h := range l.path {
			if h == b {
				return l, fmt.Sprintf("the rail move passes %s twice", b), "18.1"
			}
		}
		l.path = append(l.path, b)
		l.stop = m.ez[b]
	}
	if l.stop {
		l.notes = append(l.notes, "stops in an enemy zone of control [18.5]")
	}
	return l, "", ""
}

// thirds writes thirds of an Army Equivalent: 2, 1⅓, ⅔.
func thirds(n int) string {
	frac := [...]string{"", "⅓", "⅔"}[n%3]
	if n >= 3 || n == 0 {
		return fmt.Sprint(n/3) + frac
	}
	return frac
}
