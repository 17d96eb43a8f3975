package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// deploy sets up each unit in its zone (3.2): armies and corps spread
// along the front, each where the line is thinnest, fortress cities on it
// garrisoned; HQs and supply units two or three hexes behind the line
// among the most units; every stack within the limits (12.1, 12.5).
func (r *reader) deploy(b *strings.Builder) {
	ids := sortedIDs(r.v.Zones)
	sort.SliceStable(ids, func(i, j int) bool {
		return deployRank(r.units[ids[i]]) < deployRank(r.units[ids[j]])
	})
	st := stack{}
	for _, u := range r.v.Units {
		if u.Loc == "map" {
			st[u.Hex] = append(st[u.Hex], u)
		}
	}
	for _, id := range ids {
		u := r.units[id]
		best, bestScore, found := hex.Hex{}, 0.0, false
		for _, h := range r.v.Zones[id] {
			if !st.fits(u, h) {
				continue
			}
			s := r.deployScore(u, h, st)
			if !found || s > bestScore {
				best, bestScore, found = h, s, true
			}
		}
		if !found {
			continue
		}
		u.Hex, u.Loc = best, "map"
		st[best] = append(st[best], u)
		fmt.Fprintf(b, "place %s at %s\n", id, best)
	}
}

// deployRank orders the set-up: armies, corps, then HQs and supply units,
// which go where the fighting units are.
func deployRank(u kw.UnitView) int {
	switch {
	case u.Army:
		return 0
	case combat(u):
		return 1
	case u.Type == "hq":
		return 2
	}
	return 3
}

// deployScore is how good h is for u at set-up.
func (r *reader) deployScore(u kw.UnitView, h hex.Hex, st stack) float64 {
	f := float64(r.front(h))
	if !combat(u) {
		if u.Type != "hq" && u.Type != "supply" {
			return -f
		}
		s := -2 * abs(f-3)
		if r.strike[h] {
			s -= 20
		}
		return s + 0.5*float64(r.coverCount(h, max(u.Radius, 2), st, false)) - 2*float64(r.rearNear(h, u.Type, st))
	}
	// On the line, where it is thinnest: fewer own units within 2 hexes.
	s := -2 * f
	if f < 1 {
		s -= 5 // not in the enemy's hexes' face before they are set up
	}
	s -= 1.5 * float64(r.coverCount(h, 2, st, false))
	if r.ownFortress(h) || r.objective(h) {
		s += 3
		if (r.enter[h] || r.threatened(h)) && r.ownCombat(st[h], u.ID) == 0 {
			s += 10 // garrisoned before the enemy is set up (5.3)
		}
	}
	if r.plan.Doubled[h] {
		s += 1
	}
	return s
}

// rearNear counts the side's units of a type within 3 hexes of h, so that
// HQs and supply units spread along the front.
func (r *reader) rearNear(h hex.Hex, typ string, st stack) int {
	n := 0
	for x := range st { // a count: the order does not matter
		if r.grid.Distance(h, x) > 3 {
			continue
		}
		for _, u := range st[x] {
			if r.own(u) && u.Type == typ {
				n++
			}
		}
	}
	return n
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
