package kw

import (
	"fmt"

	"pbem/engine"
)

// eliminate takes u off the map (14.15): an army to the Available box,
// from which it is rebuilt only by combining (9.10); an HQ out of the game,
// for HQs are never rebuilt (9.10, 19.2); anything else to the dead pile,
// from which it may be bought back (9.9). No VP change here: the caller
// charges what its rule charges.
func (s *State) eliminate(u *unit, why, rule string, ev *[]engine.Event) {
	where := s.offMap(u, locDead, "the dead pile")
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is eliminated (%s): %s", u.ID, why, where), Case: rule})
}

// offMap takes u off the map: an army to the Available box, an HQ out of
// the game, anything else to loc (named name); it says where it went, in
// words ("to the pool"), and clears the marks of a counter on the map.
func (s *State) offMap(u *unit, loc, name string) string {
	p := s.prof(u)
	where := "to " + name
	switch {
	case p.army():
		u.Loc, where = locAvailable, "to the Available box"
	case p.Type == tHQ:
		u.Loc, where = locRemoved, "out of the game for good"
	default:
		u.Loc = loc
	}
	u.Back, u.Moved, u.Entrenched, u.Declared = false, false, false, false
	return where
}

// canBreakDown reports whether u is an army that breaks down into corps;
// Romanian and Bolshevik armies cannot and are eliminated instead (10.6,
// 14.16).
func (s *State) canBreakDown(u *unit) bool {
	p := s.prof(u)
	return p.army() && p.Nation != "RO" && p.Nation != "BOL"
}

// corpsFor picks the corps an army of u's kind breaks into, from the
// counters out of play (the pool and the dead pile, 26.6), generic
// counters first, in id order (I-5 default); fewer if the pool runs short
// (14.16).
func (s *State) corpsFor(u *unit) []*unit {
	p := s.prof(u)
	r, ok := s.d.tables.reorg[p.Reorg]
	if !ok {
		return nil
	}
	var out []*unit
	taken := map[string]bool{}
	for i := 0; i < r.Count; i++ {
		nation := p.Nation
		if len(r.Nations) == r.Count {
			nation = r.Nations[i]
		}
		var pick *unit
		for _, generic := range []bool{true, false} {
			for _, c := range s.Units {
				q := s.prof(c)
				if pick == nil && !taken[c.ID] && (c.Loc == locPool || c.Loc == locDead) && q.Type == r.Type &&
					q.Size == zCorps && q.Nation == nation && q.Generic == generic && !q.Optional {
					pick = c
				}
			}
		}
		if pick != nil {
			taken[pick.ID] = true
			out = append(out, pick)
		}
	}
	return out
}

// breakdown replaces army u by its corps in its hex (10.1, 14.16): the army
// goes to the Available box and the corps the pool holds are placed; a
// Romanian or Bolshevik army is eliminated instead. It returns the corps
// placed, and whether the army broke down (false: it was eliminated).
func (s *State) breakdown(u *unit, why, rule string, ev *[]engine.Event) ([]*unit, bool) {
	if !s.canBreakDown(u) {
		s.eliminate(u, why+"; it cannot break down", "10.6", ev)
		return nil, false
	}
	h := u.Hex
	corps := s.corpsFor(u)
	u.Loc = locAvailable
	var ids []string
	for _, c := range corps {
		c.Loc, c.Hex = locMap, h
		ids = append(ids, c.ID)
	}
	text := fmt.Sprintf("%s breaks down (%s) into %d corps in %s", u.ID, why, len(corps), h)
	if len(ids) > 0 {
		text += fmt.Sprintf(": %v", ids)
	}
	if want := s.d.tables.reorg[s.prof(u).Reorg].Count; len(corps) < want {
		text += fmt.Sprintf("; the pool held %d of the %d", len(corps), want)
	}
	*ev = append(*ev, &engine.Note{Text: text, Case: rule})
	return corps, true
}
