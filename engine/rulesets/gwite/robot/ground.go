package robot

import (
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Ground that matters beyond the VP towns and the fortresses: the rail
// junctions, where three or more lines meet and a side's trains turn
// (std 5.3), and the lake passages, land hexes with lakes or lake
// hexsides on two sides or more, through which an army must file (the
// Masurian chain, T 22 map). In its own country, with the enemy near, a
// side sends a unit to hold each of them.

// keyBonus is what holding a hex of key ground is worth to the first
// unit that ends there, beside a town's 20 + 6 per VP and a fortress's 25.
const keyBonus = 12

// keyGround lists the rail junctions and lake passages of the viewing
// side's own country, its rail net asked of the rules (sand).
func keyGround(v *gwite.View, sand *gwite.Game) map[hex.Hex]bool {
	m := v.Map
	key := map[hex.Hex]bool{}
	for _, h := range m.Grid.All() {
		if m.Impassable(h) || m.Country(h) != v.For {
			continue
		}
		if len(sand.RailLinks(h, v.For)) >= 3 {
			key[h] = true
			continue
		}
		water := 0
		for _, n := range m.Grid.Neighbours(h) {
			if !m.Grid.Contains(n) || m.Terrain(n) == scenario.Sea {
				continue
			}
			if m.Terrain(n) == scenario.Lake {
				water++
			} else if s, ok := m.Grid.SideBetween(h, n); ok && !m.Crossable(s) {
				water++
			}
		}
		if water >= 2 {
			key[h] = true
		}
	}
	return key
}
