package kw

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// cannotPursue says why u may never pursue, "" if it may (16.3): it needs
// a printed movement of 1 or more and a printed, unbracketed attack of 1
// or more.
func (s *State) cannotPursue(u *unit) string {
	p := s.prof(u)
	f := s.faceOf(u)
	if f.Move < 1 || f.Attack < 1 || p.Type == tHQ || p.Type == tAirbase || p.Type == tSupply || p.Type == tFortress {
		return u.ID + " cannot pursue: it needs a printed movement and attack of 1 or more"
	}
	return ""
}

// pursuitBlocked says why u may not pursue from h into the adjacent nb,
// "" if it may (16.4): a hex normal movement could enter, free of enemy
// units (enemy ZOC does not matter), within its nation's countries (23.3),
// along a rail line for an armoured train (21.4), and, where it ends,
// within the stacking limits (ruling KW-16.4-STACK).
func (s *State) pursuitBlocked(u *unit, h, nb hex.Hex) string {
	p := s.prof(u)
	switch {
	case !s.d.land(nb) || s.d.side(h, nb) == "sea":
		return fmt.Sprintf("no land move leads from %s into %s", h, nb)
	case s.neutral(nb):
		return fmt.Sprintf("%s is in a neutral country", nb)
	case !s.combatNationOK(u, nb):
		return fmt.Sprintf("%s may not enter %s (%s) [23.3]", u.ID, nb, s.d.country[nb])
	case p.Type == tArmTrain && !s.d.railStep(h, nb):
		return fmt.Sprintf("an armoured train pursues only along a rail line, and none joins %s to %s", h, nb)
	}
	return s.stackProblem(u, nb)
}

// pursue moves the attackers the order names into the defended hex once
// it is empty, and on a BT on to the order's second hex (16.1-16.4; 16.2's
// "two hex retreat" is this pursuit: ruling KW-16.2-PURSUIT).
// Each hex entered changes control and may score (5.3).
func (s *State) pursue(b *battle, hexes int, ev *[]engine.Event) {
	if s.Over || len(b.pursuers) == 0 {
		return
	}
	if len(s.at(b.hex)) > 0 {
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("no pursuit: %s is still held", b.hex), Case: "16.4"})
		return
	}
	for _, u := range b.pursuers {
		if s.Over {
			return
		}
		if u.Loc != locMap {
			continue
		}
		path := []hex.Hex{u.Hex}
		if why := s.pursuitBlocked(u, u.Hex, b.hex); why != "" {
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s does not pursue: %s", u.ID, why), Case: "16.4"})
			continue
		}
		u.Hex = b.hex
		path = append(path, b.hex)
		if (hexes == 2 || s.cavalryPursuit(u, b.code) == 2) && b.to != nil { // options.go
			if why := s.pursuitBlocked(u, b.hex, *b.to); why != "" {
				*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s stops in %s: %s", u.ID, b.hex, why), Case: "16.4"})
			} else {
				u.Hex = *b.to
				path = append(path, *b.to)
			}
		}
		*ev = append(*ev, &combatMove{Unit: u.ID, Side: b.side, Path: path, Verb: "pursues", Rule: "16.1"})
		for _, h := range path[1:] {
			s.enter(b.side, h, ev)
		}
	}
}

// pursuitPolicy is side's standing pursuit order after an Attacker
// Annihilated: never (the default), objective or always (I-4).
func (s *State) pursuitPolicy(side scenario.Side) string {
	policy := "never"
	for _, o := range s.Standing[side] {
		if ws, _ := o.Clause(""); o.Verb == "pursuit" && len(ws) == 1 {
			policy = strings.ToLower(ws[0].Text)
		}
	}
	return policy
}

// defenderPursuit is the defender's pursuit of one hex after AZ, by its
// standing order (I-4): into a hex an eliminated attacker attacked from
// that is now free of enemy units (ruling KW-16.1-AZ), a Strategic
// Objective first, then a city, then the first in hex order; "objective"
// pursues only into a Strategic Objective or city. Every defending unit
// that may pursue goes, as stacking allows.
func (s *State) defenderPursuit(b *battle, ev *[]engine.Event) {
	def := Other(b.side)
	policy := s.pursuitPolicy(def)
	if s.Over || policy == "never" {
		return
	}
	var cands []hex.Hex
	seen := map[hex.Hex]bool{}
	for _, u := range b.attackers {
		h := b.from[u.ID]
		if !seen[h] && s.sideAt(h) == "" {
			seen[h] = true
			cands = append(cands, h)
		}
	}
	rank := func(h hex.Hex) int {
		switch t := s.d.towns[h]; {
		case s.d.objective(h):
			return 0
		case t != nil && t.City:
			return 1
		}
		return 2
	}
	sort.Slice(cands, func(i, j int) bool {
		if ri, rj := rank(cands[i]), rank(cands[j]); ri != rj {
			return ri < rj
		}
		return cands[i].Less(cands[j])
	})
	if len(cands) == 0 || (policy == "objective" && rank(cands[0]) == 2) {
		return
	}
	to := cands[0]
	for _, u := range s.at(b.hex) {
		if s.Over {
			return
		}
		if s.cannotPursue(u) != "" || s.pursuitBlocked(u, b.hex, to) != "" {
			continue
		}
		u.Hex = to
		*ev = append(*ev, &combatMove{Unit: u.ID, Side: def, Path: []hex.Hex{b.hex, to}, Verb: "pursues", Rule: "16.1"})
		s.enter(def, to, ev)
	}
}
