package kw

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
)

// port is the sea a town's port opens on ("baltic", "black"), "" if h is
// no port (21.6).
func (d *data) port(h hex.Hex) string {
	if t := d.towns[h]; t != nil {
		return t.Attrs["port"]
	}
	return ""
}

// seaMove carries out `sea UNIT to HEX` (21.6): a marine unit that has not
// yet moved this phase sails from a port its side controls to another port
// on the same sea, using its whole move; either port may be in an enemy
// ZOC; the landing port holds no enemy unit (ruling KW-21.6-LAND); no
// Baltic moves in Winter (22.1(4)).
func (s *State) seaMove(m *movePhase, o engine.Order, ev *[]engine.Event) {
	u, why, rule := s.mover(m, o)
	if why != "" {
		reject(ev, m.side, o, why, rule)
		return
	}
	to, _ := o.Clause("to")
	dest, err := s.d.grid.Parse(to[0].Text)
	if err != nil {
		reject(ev, m.side, o, err.Error(), "21.6")
		return
	}
	if why, rule := s.seaProblem(m, u, dest); why != "" {
		reject(ev, m.side, o, why, rule)
		return
	}
	l := leg{path: []hex.Hex{u.Hex, dest}, stop: m.ez[dest]}
	if l.stop {
		l.notes = append(l.notes, "lands in an enemy zone of control")
	}
	s.finishLeg(m, u, l, 0, moveSea, ev)
	u.Done = true
}

// seaProblem says why u may not sail to dest now, "" if it may.
func (s *State) seaProblem(m *movePhase, u *unit, dest hex.Hex) (string, string) {
	from := u.Hex
	sea := s.d.port(from)
	switch {
	case s.prof(u).Type != tMarine:
		return fmt.Sprintf("%s is not a marine unit", u.ID), "21.6"
	case !m.fresh(u):
		return fmt.Sprintf("%s has moved this phase: a sea move is a unit's whole move", u.ID), "21.6"
	case sea == "":
		return fmt.Sprintf("%s is not in a port", u.ID), "21.6"
	case s.controller(from) != m.side:
		return fmt.Sprintf("%s's side does not control the port %s", u.ID, from), "21.6"
	case dest == from:
		return fmt.Sprintf("%s is in %s already", u.ID, dest), "21.6"
	case s.d.port(dest) != sea:
		return fmt.Sprintf("%s is not a port on the same sea as %s (%s)", dest, from, sea), "21.6"
	case s.sideAt(dest) == Other(m.side):
		return fmt.Sprintf("the port %s holds enemy units", dest), "21.6"
	case sea == "baltic" && s.weatherOf() == "winter":
		return "no amphibious moves in the Baltic in Winter", "22.1(4)"
	}
	return s.entry(u, dest)
}
