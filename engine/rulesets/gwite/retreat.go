package gwite

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// Retreat after combat (std 8.6, digest 002 std 8.63 algorithm, AMB-14,
// AMB-48).

// retreatPlan is one candidate retreat path and how it ranks.
type retreatPlan struct {
	path    []hex.Hex // the hexes entered, the start hex not included
	fits    bool      // the stack ends within the stacking limit (std 6.15)
	full    bool      // the final hex is n hexes from the start (AMB-14)
	supply  int       // distance from the final hex to a supply source (AMB-48)
	ezoc    int       // enemy-controlled hexes on the path (std 8.63 #2, TCR 1)
	toward  int       // distance from the final hex to the preferred hex (N5)
	hasPref bool
}

// retreatRestricted reports whether a stack may never retreat into enemy
// zones of control: any unit of TCR 2-4 in it (std 8.64).
func retreatRestricted(stack []*Unit) bool {
	for _, u := range stack {
		if u.TCR() > 1 {
			return true
		}
	}
	return false
}

// retreatStep reports whether a retreating stack of side may enter n from
// h (std 8.61, 8.64): on land, not across a blocked hexside, no enemy unit
// except HQs alone (which displace, std 10.52), no undestroyed enemy
// fortress (std 5.13), and for TCR 2-4 no enemy zone of control unless a
// friendly unit or fortress is there (std 7.24).
func (g *Game) retreatStep(side engine.Side, restricted bool, h, n hex.Hex) bool {
	if !g.traceable(h, n) || g.blockedByEnemy(n, side) {
		return false
	}
	if f := g.forts[n]; f != nil && f.Data.Owner != side && !f.Destroyed() {
		return false
	}
	if restricted && g.inEZOCForTrace(n, side) {
		return false
	}
	return true
}

// retreatPlans lists every legal retreat of exactly n distinct hexes from
// start for stack, none of them the start hex (AMB-14).
func (g *Game) retreatPlans(stack []*Unit, start hex.Hex, n int) []retreatPlan {
	side := stack[0].Side()
	restricted := retreatRestricted(stack)
	var out []retreatPlan
	step := func(h, nb hex.Hex) bool { return g.retreatStep(side, restricted, h, nb) }
	for _, p := range engine.PathsOfLength(g.Map().Grid, start, n, step) {
		out = append(out, retreatPlan{path: p})
	}
	return out
}

// bestRetreat ranks the legal retreats of a stack (digest 002 std 8.63):
// first a path whose end keeps the stack within the stacking limit (a
// unit is never eliminated for the priorities alone, std 8.63), then a
// final hex n hexes from the start (AMB-14), then the final hex nearest a
// friendly supply source (8.63 #1, AMB-48), then for TCR 1 the fewest
// enemy-controlled hexes (8.63 #2), then the owner's standing `retreat
// toward` hex (N5), then the lowest hex ids.
func (g *Game) bestRetreat(stack []*Unit, start hex.Hex, n int) (retreatPlan, bool) {
	plans := g.retreatPlans(stack, start, n)
	if len(plans) == 0 {
		return retreatPlan{}, false
	}
	side := stack[0].Side()
	restricted := retreatRestricted(stack)
	tcr := 1
	for _, u := range stack {
		tcr = max(tcr, u.TCR())
	}
	stackSP := 0
	for _, u := range stack {
		stackSP += u.SP()
	}
	pref, hasPref := g.retreatPreference(side, stack)
	limit := g.stackingLimit()
	for i := range plans {
		p := &plans[i]
		end := p.path[len(p.path)-1]
		sp := 0
		for _, x := range g.at[end] {
			if x.Side() == side {
				sp += x.SP()
			}
		}
		p.fits = sp+stackSP <= limit
		p.full = g.Map().Grid.Distance(start, end) == n
		if d, ok := g.supplyDistance(end, side, tcr); ok {
			p.supply = d
		} else {
			p.supply = 1 << 20
		}
		if !restricted {
			for _, h := range p.path {
				if g.inEZOCForTrace(h, side) {
					p.ezoc++
				}
			}
		}
		if hasPref {
			p.hasPref = true
			p.toward = g.Map().Grid.Distance(end, pref)
		}
	}
	best := 0
	for i := 1; i < len(plans); i++ {
		if retreatBetter(plans[i], plans[best]) {
			best = i
		}
	}
	return plans[best], true
}

func retreatBetter(a, b retreatPlan) bool {
	if a.fits != b.fits {
		return a.fits
	}
	if a.full != b.full {
		return a.full
	}
	if a.supply != b.supply {
		return a.supply < b.supply
	}
	if a.ezoc != b.ezoc {
		return a.ezoc < b.ezoc
	}
	if a.hasPref && a.toward != b.toward {
		return a.toward < b.toward
	}
	for i := range a.path {
		if a.path[i] != b.path[i] {
			return a.path[i].Less(b.path[i])
		}
	}
	return false
}

// retreatPreference is the owner's standing `retreat ... toward HEX` for
// the stack: the first unit of the stack with one of its own, else "all".
func (g *Game) retreatPreference(side engine.Side, stack []*Unit) (hex.Hex, bool) {
	for _, u := range stack {
		if st := g.Standing[side]; st != nil {
			if h, ok := st.Toward[u.ID]; ok {
				return h, true
			}
		}
	}
	if len(stack) == 0 {
		return hex.Hex{}, false
	}
	return g.towardHex(stack[0])
}

// retreatStack retreats a whole stack n hexes from start (std 8.62). With
// no legal path every unit of the stack is eliminated (std 8.64, AMB-14);
// units that would end overstacked are eliminated, the owner's removal
// order first (std 6.15, 8.63). It reports whether a legal path existed.
func (g *Game) retreatStack(stack []*Unit, start hex.Hex, n int, l *log) bool {
	if len(stack) == 0 {
		return true
	}
	side := stack[0].Side()
	var ids []string
	for _, u := range stack {
		ids = append(ids, u.ID)
	}
	plan, ok := g.bestRetreat(stack, start, n)
	if !ok {
		l.notef("std 8.64", "%s cannot retreat %d hex(es) from %s: eliminated", strings.Join(ids, " "), n, start)
		for _, u := range stack {
			if !u.OnMap() {
				continue
			}
			if u.IsHQ() {
				g.hqFalls(u, "no legal retreat", "std 8.64", l)
			} else {
				g.eliminate(u, "no legal retreat", "std 8.64", l)
			}
		}
		return false
	}
	end := plan.path[len(plan.path)-1]
	hosted := g.occupiedBy(end, side)
	for _, h := range plan.path {
		if hqs := g.enemyHQsIn(h, side); len(hqs) > 0 {
			g.displace(hqs, l)
		}
		for _, u := range stack {
			g.place(u, h)
		}
		g.occupy(side, h)
	}
	for _, u := range stack {
		if u.OnMap() {
			l.add(&Moved{Unit: u.ID, Side: side, Path: append([]hex.Hex{start}, plan.path...), Rule: "std 8.63",
				Notes: []string{fmt.Sprintf("retreat of %d hex(es) after combat", n)}})
		}
	}
	if hosted {
		for _, u := range stack {
			u.RetreatedIn = true // std 8.66
		}
	}
	// std 6.15: whatever does not fit in the final hex is eliminated.
	total := 0
	for _, x := range g.at[end] {
		if x.Side() == side {
			total += x.SP()
		}
	}
	limit := g.stackingLimit()
	if total > limit {
		for _, u := range g.removalOrder(side, stack) {
			if total <= limit {
				break
			}
			if u.SP() == 0 || !u.OnMap() {
				continue
			}
			total -= u.SP()
			g.eliminate(u, "it would end its retreat overstacked in "+end.String(), "std 6.15", l)
		}
		combat := false
		for _, x := range g.at[end] {
			combat = combat || (x.Side() == side && !x.IsHQ())
		}
		if !combat {
			for _, hq := range append([]*Unit(nil), g.at[end]...) {
				if hq.Side() == side && hq.IsHQ() {
					g.hqFalls(hq, "every combat unit with it was eliminated", "std 10.53", l)
				}
			}
		}
	}
	return true
}
