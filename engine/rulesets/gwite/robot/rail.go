package robot

import (
	"fmt"

	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
)

// Rail movement (std 5.3). A unit far from its side's goals, standing on
// friendly rail, takes the train within the side's rail capacity (std
// 5.31) to the rail hex nearest its goals that is not in contact, supplied
// and not overstacked, and detrains there; an entrained unit (a
// reinforcement, T[14.1]) does the same from where it stands.

// railOn moves an entrained unit by rail, if the side's rail capacity
// has room for it (std 5.31), and detrains it.
func (p *plan) railOn(u gwite.UnitView) {
	best := u.Hex
	if !u.UsedRail && p.rail+u.SP <= p.v.RailCap {
		best = p.bestRailHex(u, u.Hex)
	}
	if best != u.Hex {
		p.rail += u.SP
		fmt.Fprintf(p.w, "rail %s to %s\n", u.ID, best)
		p.put(u, best)
	}
	fmt.Fprintf(p.w, "detrain %s\n", u.ID)
}

// byRail sends u by train if that brings it much nearer its goals.
func (p *plan) byRail(u gwite.UnitView) bool {
	here, ok := p.goal[u.Hex]
	if !ok || here <= 8 || u.UsedRail || !p.sand.RailHex(u.Hex, p.v.For) || p.rail+u.SP > p.v.RailCap {
		return false
	}
	if u.TCR >= u.Strength.MA || p.b.adjacentToEnemy(u.Hex) {
		return false // the train costs more than the march (std 5.32)
	}
	best := p.bestRailHex(u, u.Hex)
	if d := p.goal[best]; best == u.Hex || d > here-4 {
		return false
	}
	fmt.Fprintf(p.w, "entrain %s\nrail %s to %s\ndetrain %s\n", u.ID, u.ID, best, u.ID)
	p.rail += u.SP
	p.put(u, best)
	return true
}

// bestRailHex is the rail hex reachable from h nearest u's goals, out of
// contact, supplied and with room in its stack.
func (p *plan) bestRailHex(u gwite.UnitView, h hex.Hex) hex.Hex {
	best, bestD := h, 1<<30
	if d, ok := p.goal[h]; ok {
		bestD = d
	}
	rng := p.sand.SupplyRange(u.ID)
	routes := p.sand.RailRoute(h, p.v.For)
	for _, x := range hex.SortedKeys(routes) {
		d, ok := p.goal[x]
		if !ok || d >= bestD || d < 2 || !p.room(u, x) || p.b.enemyAt(x) || p.b.adjacentToEnemy(x) {
			continue
		}
		if n, ok := p.supplyLine(x, u.TCR); !ok || n > rng {
			continue
		}
		best, bestD = x, d
	}
	return best
}

// enterWestFront chooses where each West Front unit due this phase comes
// on (T 19.22: any free west-edge rail hex): the hex nearest the side's
// goals with room in its stack. They all arrive on the train, with their
// rail movement spent, so one hex for all of them would be overstacked at
// the end of the phase (std 6.14).
func (p *plan) enterWestFront() {
	for _, u := range p.v.Units {
		if u.Side != p.v.For || u.Loc != gwite.NotArrived {
			continue
		}
		choices := p.sand.EntryChoices(u.ID)
		best, bestD := hex.Hex{}, 1<<30
		for _, h := range choices {
			if p.ownSP[h]+u.SP > p.b.limit {
				continue
			}
			d, ok := p.goal[h]
			if !ok {
				d = 1 << 20
			}
			if d < bestD {
				best, bestD = h, d
			}
		}
		if bestD == 1<<30 {
			continue
		}
		fmt.Fprintf(p.w, "enter %s at %s\n", u.ID, best)
		p.ownSP[best] += u.SP
		p.ownDF[best] += u.Strength.Defense
	}
}
