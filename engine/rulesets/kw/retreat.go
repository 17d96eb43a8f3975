package kw

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// retreatOrder sorts units to retreat one at a time: the largest defence
// first, then by id (I-2 default).
func (s *State) retreatOrder(us []*unit) []*unit {
	out := append([]*unit(nil), us...)
	sort.SliceStable(out, func(i, j int) bool {
		di, dj := s.faceOf(out[i]).Defense, s.faceOf(out[j]).Defense
		if di != dj {
			return di > dj
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// retreatAll retreats each of us n hexes (15.0), one at a time, the units
// of one hex keeping together where they can.
func (s *State) retreatAll(us []*unit, n int, rule string, ev *[]engine.Event) {
	ends := map[hex.Hex][]hex.Hex{}
	for _, u := range s.retreatOrder(us) {
		if s.Over {
			return
		}
		from := u.Hex
		if s.retreat(u, n, ends[from], rule, ev) {
			ends[from] = append(ends[from], u.Hex)
		}
	}
}

// panicRetreat is the DP retreat (15.1): a die for each unit, then its retreat
// of that many hexes, one unit at a time.
func (s *State) panicRetreat(us []*unit, dice engine.Dice, ev *[]engine.Event) {
	ends := map[hex.Hex][]hex.Hex{}
	for _, u := range s.retreatOrder(us) {
		if s.Over {
			return
		}
		from := u.Hex
		n := dice.D6()
		*ev = append(*ev, &engine.Roll{Purpose: fmt.Sprintf("panic retreat of %s from %s", u.ID, from), Case: "15.1", Value: n, Result: fmt.Sprintf("%d hexes", n)})
		if s.retreat(u, n, ends[from], "15.1", ev) {
			ends[from] = append(ends[from], u.Hex)
		}
	}
}

// retreat moves u n hexes from its hex, or more to end within the
// stacking limits (15.2(4)), and reports whether it survived: a unit of
// printed movement 0 (15.2(8)) or with no way open (15.2) is eliminated,
// a combat loss. Each hex entered changes control (ruling
// KW-15.0-CONTROL).
func (s *State) retreat(u *unit, n int, together []hex.Hex, rule string, ev *[]engine.Event) bool {
	p := s.prof(u)
	if p.Front.Move == 0 {
		s.combatLoss(u, "it cannot retreat with a movement of 0", "15.2(8)", ev)
		return false
	}
	path := s.retreatPath(u, n, together)
	if path == nil {
		s.combatLoss(u, fmt.Sprintf("no retreat of %d hexes is open", n), "15.2", ev)
		return false
	}
	u.Hex = path[len(path)-1]
	*ev = append(*ev, &combatMove{Unit: u.ID, Side: p.Side, Path: path, Verb: "retreats", Rule: rule})
	for _, h := range path[1:] {
		s.enter(p.Side, h, ev)
	}
	return true
}

// retreatPath finds u's retreat: every step one hex farther from where it
// started (15.2(5), ruling KW-15.2-AWAY), through hexes it may retreat
// into, ending n hexes away in a hex within the stacking limits, or as
// few hexes farther as it takes (15.2(4), 15.2(7)). Among the ends, the
// retreat standing orders choose (I-1), then retreatScore. Nil if none.
func (s *State) retreatPath(u *unit, n int, together []hex.Hex) []hex.Hex {
	side := s.prof(u).Side
	start := u.Hex
	ez := s.ezoc(side)
	parent := map[hex.Hex]hex.Hex{}
	layer := []hex.Hex{start}
	for k := 1; len(layer) > 0; k++ {
		var next []hex.Hex
		for _, h := range layer {
			for _, nb := range s.d.grid.Neighbours(h) {
				if _, seen := parent[nb]; seen || s.d.grid.Distance(start, nb) != k || !s.retreatStep(u, h, nb, ez) {
					continue
				}
				parent[nb] = h
				next = append(next, nb)
			}
		}
		sort.Slice(next, func(i, j int) bool { return next[i].Less(next[j]) })
		if k >= n {
			var ends []hex.Hex
			for _, h := range next {
				if s.slotsIn(side, h, u).over() == "" {
					ends = append(ends, h)
				}
			}
			if len(ends) > 0 {
				end := s.bestRetreat(u, ends, together)
				path := []hex.Hex{end}
				for h := end; h != start; {
					h = parent[h]
					path = append([]hex.Hex{h}, path...)
				}
				return path
			}
		}
		layer = next
	}
	return nil
}

// retreatStep reports whether u may retreat from h into the adjacent nb
// (15.2(1)-(3)): land on the map and not across an all-sea hexside, not
// neutral, free of enemy units and of the enemy's ZOC (a friendly
// fortress keeps it out, 13.2), within u's nation's countries (23.3,
// ruling KW-23.3-RETREAT), and along a rail line into a hex the side
// controls now for an armoured train (21.4, ruling KW-21.4-RAIL).
func (s *State) retreatStep(u *unit, h, nb hex.Hex, ez map[hex.Hex]bool) bool {
	p := s.prof(u)
	if !s.d.land(nb) || s.d.side(h, nb) == "sea" || s.neutral(nb) || ez[nb] {
		return false
	}
	if o := s.sideAt(nb); o != "" && o != p.Side {
		return false
	}
	if !s.combatNationOK(u, nb) {
		return false
	}
	if p.Type == tArmTrain && (!s.d.railStep(h, nb) || s.controller(nb) != p.Side) {
		return false
	}
	return true
}

// combatNationOK applies the national limits (23.3) to a retreat or a
// pursuit: Romanian units only in Romania, Austria-Hungary, Bulgaria and
// Russia, Bulgarian units only in Bulgaria and Romania; Nationalists and
// the Bolshevik Partisans never leave Russia (Opt: Additional Units, Opt:
// Russian Revolutions), as for movement (State.entry).
func (s *State) combatNationOK(u *unit, h hex.Hex) bool {
	if lim := nationLimits[s.prof(u).Nation]; lim != nil && !lim[s.d.country[h]] {
		return false
	}
	why, _ := s.staysInRussia(u, h)
	return why == ""
}

// retreatToward is the hex u's side's standing retreat order points it
// to: the order naming u, else the one for all (I-1).
func (s *State) retreatToward(u *unit) (hex.Hex, bool) {
	var all *hex.Hex
	for _, o := range s.Standing[s.prof(u).Side] {
		if o.Verb != "retreat" {
			continue
		}
		who, _ := o.Clause("")
		to, _ := o.Clause("toward")
		if len(who) != 1 || len(to) != 1 {
			continue
		}
		h, err := s.d.grid.Parse(to[0].Text)
		if err != nil {
			continue
		}
		switch {
		case strings.EqualFold(who[0].Text, u.ID):
			return h, true
		case strings.EqualFold(who[0].Text, "all") && all == nil:
			all = &h
		}
	}
	if all != nil {
		return *all, true
	}
	return hex.Hex{}, false
}

// bestRetreat picks among legal ends: nearest the standing order's hex
// (I-1), then by retreatScore (ruling KW-15.2-DEFAULT), then the first
// in hex order.
func (s *State) bestRetreat(u *unit, ends []hex.Hex, together []hex.Hex) hex.Hex {
	toward, has := s.retreatToward(u)
	best, bestKey := ends[0], []int(nil)
	for _, h := range ends {
		key := s.retreatScore(u, h, together)
		if has {
			key = append([]int{s.d.grid.Distance(h, toward)}, key...)
		}
		if bestKey == nil || rankLess(key, bestKey) {
			best, bestKey = h, key
		}
	}
	return best
}

// retreatScore ranks an end hex, lower first (the default of I-1): with
// a unit of the same retreat already there; in General Supply there; a
// friendly fortress or a city; terrain that doubles the defence; fewer
// hexes with enemy units next to it.
func (s *State) retreatScore(u *unit, h hex.Hex, together []hex.Hex) []int {
	side := s.prof(u).Side
	flag := func(b bool) int {
		if b {
			return 0
		}
		return 1
	}
	with := false
	for _, t := range together {
		with = with || t == h
	}
	was := u.Hex
	u.Hex = h
	supplied := s.generalSupply(side)[u.ID]
	u.Hex = was
	strong := s.negatesZOC(side, h)
	if t := s.d.towns[h]; t != nil && t.City {
		strong = true
	}
	enemies := 0
	for _, n := range s.d.grid.Neighbours(h) {
		if o := s.sideAt(n); o != "" && o != side {
			enemies++
		}
	}
	return []int{flag(with), flag(supplied), flag(strong), flag(s.d.tables.tec[s.d.terrain(h)].Defense >= 2), enemies}
}

// rankLess compares two rank keys.
func rankLess(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// combatMove is a retreat or a pursuit, which maps draw as a move.
type combatMove struct {
	Unit string
	Side scenario.Side
	Path []hex.Hex
	Verb string // "retreats", "pursues"
	Rule string
}

func (e *combatMove) String() string {
	hs := make([]string, len(e.Path))
	for i, h := range e.Path {
		hs[i] = h.String()
	}
	return engine.Cited(fmt.Sprintf("%s %s %s", e.Unit, e.Verb, strings.Join(hs, " → ")), e.Rule)
}

// EventCase implements engine.Event.
func (e *combatMove) EventCase() string { return e.Rule }

// Audience implements engine.Event: public (digest 7.1).
func (e *combatMove) Audience() []scenario.Side { return nil }

// Movement implements engine.Mover.
func (e *combatMove) Movement() engine.Movement {
	return engine.Movement{Who: e.Unit, Side: e.Side, Path: e.Path}
}
