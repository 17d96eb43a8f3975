package kw

import (
	"fmt"
	"slices"

	"pbem/engine"
	"pbem/engine/scenario"
)

// Resolve implements engine.State: the phasing side's orders for the open
// window, then every automatic step up to the next window.
func (s *State) Resolve(orders map[scenario.Side][]engine.Order, dice engine.Dice) (engine.State, []engine.Event, error) {
	if s.Over {
		return nil, nil, fmt.Errorf("the game is over")
	}
	c := s.clone()
	var ev []engine.Event
	side := c.phasing()
	acting := c.sortOrders(orders, side, &ev)
	if c.Over {
		return c, ev, nil
	}
	c.resolvePhase(side, acting, dice, &ev)
	if !c.Over {
		c.closePhase(side, dice, &ev)
		c.advance(dice, &ev)
	}
	return c, c.screen(ev), nil
}

// sortOrders keeps each side's standing orders (digest 3.3), carries out a
// concession (3.0) and returns the phasing side's orders for the window;
// an order of a verb the window does not take is rejected.
func (s *State) sortOrders(orders map[scenario.Side][]engine.Order, phasing scenario.Side, ev *[]engine.Event) []engine.Order {
	var acting []engine.Order
	allowed := s.Window().Verbs
	for _, side := range []scenario.Side{CP, AL} {
		var standing []engine.Order
		for _, o := range orders[side] {
			v := verbNamed(o.Verb)
			switch {
			case v == nil:
				reject(ev, side, o, fmt.Sprintf("no verb %q in this game", o.Verb), "")
			case slices.Contains(v.Windows, wAny):
				standing = append(standing, o)
			case o.Verb == "concede":
				s.concede(side, ev)
				return nil
			case side != phasing:
				reject(ev, side, o, fmt.Sprintf("it is %s %s: %s gives no %s order now", s.whose(phasing), phaseWords[s.Phase].name, s.d.g.SideNames[side], o.Verb), "6.2")
			case !slices.Contains(allowed, o.Verb):
				reject(ev, side, o, fmt.Sprintf("%s is not an order of the %s", o.Verb, phaseWords[s.Phase].name), v.Case)
			default:
				acting = append(acting, o)
			}
		}
		if len(standing) > 0 {
			s.setStanding(side, standing)
		}
	}
	return acting
}

// setStanding replaces the standing orders of each verb given.
func (s *State) setStanding(side scenario.Side, os []engine.Order) {
	given := map[string]bool{}
	for _, o := range os {
		given[o.Verb] = true
	}
	var kept []engine.Order
	for _, o := range s.Standing[side] {
		if !given[o.Verb] {
			kept = append(kept, o)
		}
	}
	s.Standing[side] = append(kept, os...)
}

func verbNamed(name string) *engine.Verb {
	for i := range verbs {
		if verbs[i].Name == name {
			return &verbs[i]
		}
	}
	return nil
}

// reject records an order that cannot be carried out.
func reject(ev *[]engine.Event, side scenario.Side, o engine.Order, reason, rule string) {
	*ev = append(*ev, &engine.Rejected{Side: side, Problem: engine.Problem{Line: o.Line, Order: o.String(), Reason: reason, Case: rule}})
}

// concede ends the game in the other side's favour (3.0).
func (s *State) concede(side scenario.Side, ev *[]engine.Event) {
	s.Over = true
	s.Result = fmt.Sprintf("%s conceded", s.d.g.SideNames[side])
	*ev = append(*ev, &engine.Note{Text: s.Result + "; " + s.d.g.SideNames[Other(side)] + " wins", Case: "3.0"})
}

func (s *State) resolvePhase(side scenario.Side, os []engine.Order, dice engine.Dice, ev *[]engine.Event) {
	os = s.fogOrders(side, os, dice, ev)
	switch s.Phase {
	case phSetup:
		s.deploy(side, os, ev)
	case phMob:
		s.mobilize(side, os, ev)
	case phReorg:
		s.reorganize(side, os, ev)
	case phMove:
		s.movement(side, os, dice, ev)
	case phCombat1, phCombat2:
		s.combat(side, os, dice, ev)
	}
}

// closePhase runs what the rules do at the end of the phase.
func (s *State) closePhase(side scenario.Side, dice engine.Dice, ev *[]engine.Event) {
	switch s.Phase {
	case phSetup:
		s.deployRest(side, ev)
	case phMob:
		s.placeRest(side, ev) // 9.7: what its side left waiting
	case phMove, phCombat1, phCombat2:
		s.overstack(ev) // 12.2: both sides, at the end of every movement and combat phase
	}
	if s.Phase == phCombat1 || s.Phase == phCombat2 {
		s.spendDeclared(side, ev)
	}
}

// Validate implements engine.State: the orders are tried on a copy of the
// game; the phases without dice are played out, a combat phase is checked
// battle by battle as things stand.
func (s *State) Validate(side scenario.Side, orders []engine.Order) []engine.Problem {
	if s.Over {
		return []engine.Problem{{Reason: "the game is over"}}
	}
	c := s.clone()
	var ev []engine.Event
	acting := c.sortOrders(map[scenario.Side][]engine.Order{side: orders}, c.phasing(), &ev)
	if side == c.phasing() && !c.Over {
		switch c.Phase {
		case phCombat1, phCombat2:
			ev = append(ev, c.validateCombat(side, acting)...)
		default:
			c.resolvePhase(side, acting, noDice{}, &ev)
		}
	}
	var out []engine.Problem
	for _, e := range ev {
		if r, ok := e.(*engine.Rejected); ok && r.Side == side {
			out = append(out, r.Problem)
		}
	}
	return out
}

// Check implements engine.State: the invariants that hold between windows.
func (s *State) Check() error {
	seen := map[string]bool{}
	for _, u := range s.Units {
		if seen[u.ID] {
			return fmt.Errorf("unit %s twice", u.ID)
		}
		seen[u.ID] = true
		if s.d.byID[u.ID] == nil {
			return fmt.Errorf("unit %s has no counter in the data", u.ID)
		}
		if u.Loc == locMap && !s.d.land(u.Hex) && !(s.afloat(u) && s.Phase == phCombat1) {
			return fmt.Errorf("unit %s stands in %s, where no unit may", u.ID, u.Hex)
		}
	}
	for h, us := range s.occupants() {
		side := s.prof(us[0]).Side
		for _, u := range us[1:] {
			if s.prof(u).Side != side {
				return fmt.Errorf("%s holds units of both sides (%s, %s)", h, us[0].ID, u.ID)
			}
		}
	}
	for side, vp := range s.VP {
		if vp > vpCap && !s.Over {
			return fmt.Errorf("%s has %d VP, above the cap of %d [5.6]", side, vp, vpCap)
		}
	}
	return nil
}
