package robot

import (
	"pbem/engine/hex"
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
var keyBonus = 12

// keyGround lists the rail junctions and lake passages of the map.
func keyGround(m *scenario.Map) map[hex.Hex]bool {
	key := map[hex.Hex]bool{}
	links := map[hex.Hex]map[hex.Hex]bool{}
	for _, l := range m.Rails {
		for i := 1; i < len(l.Hexes); i++ {
			a, b := l.Hexes[i-1], l.Hexes[i]
			for _, p := range [][2]hex.Hex{{a, b}, {b, a}} {
				if links[p[0]] == nil {
					links[p[0]] = map[hex.Hex]bool{}
				}
				links[p[0]][p[1]] = true
			}
		}
	}
	for h, n := range links {
		if len(n) >= 3 && !m.Impassable(h) {
			key[h] = true
		}
	}
	for _, h := range m.Grid.All() {
		if m.Impassable(h) {
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
