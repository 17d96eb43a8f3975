package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// displaceThreatenedHQs displaces every HQ of the side not moving that
// stands with no friendly combat unit next to a unit of the moving side
// (std 10.52, AMB-15). The rule applies at any time of the enemy Movement
// Phase, so it is checked as the movement segment opens (HQs left next to
// the enemy by the last phase) and after every order (units arriving by
// rail, off the map or as reinforcements, as well as on foot).
func (g *Game) displaceThreatenedHQs(l *log) {
	moving := g.phasingSide()
	for _, hq := range g.Units {
		if hq.Side() == moving || !hq.IsHQ() || !hq.OnMap() || !g.OnlyHQs(hq.Hex, hq.Side()) {
			continue
		}
		if g.nextToSide(hq.Hex, moving) {
			g.displace([]*Unit{hq}, l)
		}
	}
}

// nextToSide reports whether a unit of side stands next to h.
func (g *Game) nextToSide(h hex.Hex, side engine.Side) bool {
	for _, n := range g.Map().Grid.Neighbours(h) {
		if g.occupiedBy(n, side) {
			return true
		}
	}
	return false
}

// enemyHQsIn lists the enemy HQs in h (std 10.52).
func (g *Game) enemyHQsIn(h hex.Hex, side engine.Side) []*Unit {
	var out []*Unit
	for _, x := range g.at[h] {
		if x.Side() != side && x.IsHQ() {
			out = append(out, x)
		}
	}
	return out
}

// loneEnemyHQsNear reports whether enemy HQs stand in h, or alone next to
// it (std 10.52).
func (g *Game) loneEnemyHQsNear(h hex.Hex, side engine.Side) bool {
	if len(g.enemyHQsIn(h, side)) > 0 {
		return true
	}
	for _, n := range g.Map().Grid.Neighbours(h) {
		if g.OnlyHQs(n, enemy(side)) {
			return true
		}
	}
	return false
}

// displaceLoneHQsNear displaces every enemy HQ that stands next to h with
// no friendly combat unit in its hex (std 10.52, AMB-15).
func (g *Game) displaceLoneHQsNear(h hex.Hex, side engine.Side, l *log) {
	for _, n := range g.Map().Grid.Neighbours(h) {
		if !g.OnlyHQs(n, enemy(side)) {
			continue
		}
		g.displace(append([]*Unit(nil), g.at[n]...), l)
	}
}

// displace moves HQs to the hex holding the nearest friendly unit or
// fortress by the shortest path that avoids enemy units (and, for TCR 2-4,
// enemy ZOC without a friendly unit); an HQ that cannot displace is
// eliminated (std 10.52, AMB-15, AMB-52). Equally near hexes are ranked as
// digest 002 N6 proposes: a hex holding units of the HQ's own formation
// first, then the owner's standing `retreat ... toward` hex, then the
// shortest supply line, then the lowest hex id.
func (g *Game) displace(hqs []*Unit, l *log) {
	for _, hq := range hqs {
		side := hq.Side()
		from := hq.Hex
		s := engine.Search[hex.Hex]{
			Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
				for _, n := range g.Map().Grid.Neighbours(h) {
					if !g.traceable(h, n) || g.blockedByEnemy(n, side) || g.occupiedBy(n, enemy(side)) {
						continue
					}
					if hq.TCR() > 1 && g.inEZOCForTrace(n, side) {
						continue
					}
					visit(n, 1)
				}
			},
			Less: hex.Hex.Less,
		}
		r := s.Run(from)
		toward, hasToward := g.towardHex(hq)
		type rank struct{ cost, ownArmy, toward, supply int }
		better := func(a, b rank) bool {
			if a.cost != b.cost {
				return a.cost < b.cost
			}
			if a.ownArmy != b.ownArmy {
				return a.ownArmy < b.ownArmy
			}
			if a.toward != b.toward {
				return a.toward < b.toward
			}
			return a.supply < b.supply
		}
		best, found := hex.Hex{}, false
		var bestRank rank
		for _, h := range r.Reached(hex.Hex.Less) {
			if h == from {
				continue
			}
			friendly, own := false, false
			for _, x := range g.at[h] {
				if x.Side() == side && !x.IsHQ() {
					friendly = true
					own = own || (hq.Data.Parent != "" && x.Data.Parent == hq.Data.Parent)
				}
			}
			if f := g.forts[h]; f != nil && f.Data.Owner == side && !f.Destroyed() {
				friendly = true
			}
			if !friendly {
				continue
			}
			c, _ := r.Cost(h)
			rk := rank{cost: c, ownArmy: 1}
			if own {
				rk.ownArmy = 0
			}
			if hasToward {
				rk.toward = g.Map().Grid.Distance(h, toward)
			}
			rk.supply = 1 << 20
			if d, ok := g.supplyDistance(h, side, hq.TCR()); ok {
				rk.supply = d
			}
			if !found || better(rk, bestRank) {
				best, bestRank, found = h, rk, true
			}
		}
		if !found {
			g.eliminate(hq, "it could not displace", "std 10.52", l)
			continue
		}
		g.place(hq, best)
		g.occupy(side, best)
		l.notef("std 10.52", "%s displaces from %s to %s", hq.ID, from, best)
	}
}
