package robot

import (
	"fmt"

	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Supply (std 9.0): the depots follow their armies. A supplied depot is a
// source for every unit within the side's supply range of it (std 9.13,
// 9.16), so each depot goes, before the units move, to the hex in its
// reach that is itself still supplied (a chain to a rail source or
// another depot) and puts the most of its army's stacking points, and
// the goals they march for, within range; never next to the enemy, for a
// depot is a one-step unit that the enemy would take for nothing.

func (p *plan) moveDepots() {
	for _, u := range ownUnits(p.v) {
		if u.Type != scenario.Depot || u.Entrained {
			continue
		}
		best := p.bestDepotHex(u)
		if best != u.Hex {
			fmt.Fprintf(p.w, "move %s to %s\n", u.ID, best)
			p.put(u, best)
		}
	}
}

func (p *plan) bestDepotHex(dep gwite.UnitView) hex.Hex {
	reach := p.sand.Reachable(dep.ID)
	rng := p.sand.SupplyRange(dep.ID)
	var army []gwite.UnitView
	for _, u := range ownUnits(p.v) {
		if isCombat(u) && (u.Parent == dep.Parent || p.v.For == gwite.DE) {
			army = append(army, u)
		}
	}
	best, bestScore := dep.Hex, -1<<30
	for _, h := range hex.SortedKeys(reach) {
		if h != dep.Hex && (p.b.enemyAt(h) || !p.room(dep, h)) {
			continue
		}
		if p.b.adjacentToEnemy(h) || p.b.threat(h) > 2*(p.ownDF[h]+1) {
			continue
		}
		p.sand.Place(dep.ID, h, false)
		ok := p.sand.Supplied(dep.ID)
		p.sand.Place(dep.ID, dep.Hex, false)
		if !ok {
			continue
		}
		score := 0
		for _, u := range army {
			if p.grid().Distance(h, u.Hex) <= rng {
				score += 10 * u.SP
			}
		}
		if d, ok := p.goal[h]; ok {
			score -= 3 * d // lean towards the goals the army marches for
		}
		score -= reach[h]
		if score > bestScore {
			best, bestScore = h, score
		}
	}
	return best
}
