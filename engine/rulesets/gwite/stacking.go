package gwite

import (
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
)

// stackingLimit is the most stacking points a hex may hold at the end of a
// phase (T[6.11]: 9).
func (g *Game) stackingLimit() int { return g.param("stacking-limit", 9) }

// stackingCheck removes units from every overstacked hex at the end of a
// phase, the owner's standing `overstack` list first, then the units with
// the lowest attack plus defense (std 6.14, AMB-47). The removed units are
// eliminated and score as such.
func (g *Game) stackingCheck(l *log) {
	limit := g.stackingLimit()
	for _, h := range hex.SortedKeys(g.at) {
		us := g.at[h]
		total := 0
		for _, u := range us {
			total += u.SP()
		}
		if total <= limit {
			continue
		}
		side := us[0].Side()
		order := g.removalOrder(side, us)
		for _, u := range order {
			if total <= limit {
				break
			}
			if u.SP() == 0 {
				continue
			}
			total -= u.SP()
			g.eliminate(u, "overstacked at the end of the phase", "std 6.14", l)
		}
	}
}

// removalOrder sorts the units of an overstacked hex in the order the
// owner gives them up (std 6.14, N8).
func (g *Game) removalOrder(side engine.Side, us []*Unit) []*Unit {
	rank := map[string]int{}
	if st := g.Standing[side]; st != nil {
		for i, id := range st.Overstack {
			rank[id] = i + 1
		}
	}
	out := append([]*Unit(nil), us...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		ra, rb := rank[a.ID], rank[b.ID]
		if (ra > 0) != (rb > 0) {
			return ra > 0
		}
		if ra != rb {
			return ra < rb
		}
		sa, sb := a.Strength(), b.Strength()
		if sa.Attack+sa.Defense != sb.Attack+sb.Defense {
			return sa.Attack+sa.Defense < sb.Attack+sb.Defense
		}
		return a.ID < b.ID
	})
	return out
}
