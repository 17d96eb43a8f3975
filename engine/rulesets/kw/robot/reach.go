package robot

import (
	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// enemyReach is where the enemy could strike next turn with the side's
// units as planned in st: the hexes its units could enter with their
// movement, a hex a step whatever the terrain, stopping on entering the
// side's zones of control (13.4), and the hexes next to those, which it
// could attack (14.2). A face-down counter is reckoned to move 4. It
// returns the hexes entered and the hexes struck.
func (r *reader) enemyReach(st stack) (map[hex.Hex]bool, map[hex.Hex]bool) {
	zoc := map[hex.Hex]bool{}
	mine := map[hex.Hex]bool{}
	for _, h := range sortedHexes(st) {
		for _, u := range st[h] {
			if !r.own(u) {
				continue
			}
			mine[h] = true
			if u.Type != "supply" && (u.Move > 0 || u.Type == "fortress") {
				for _, n := range r.grid.Neighbours(h) {
					zoc[n] = true
				}
			}
		}
	}
	enter := map[hex.Hex]bool{}
	for _, e := range sortedHexes(r.enemy) {
		move := 0
		for _, u := range r.byHex[e] {
			if !r.own(u) {
				move = max(move, enemyMove(u))
			}
		}
		r.walkFrom(e, move, zoc, mine, enter)
	}
	out := map[hex.Hex]bool{}
	for _, h := range append(sortedHexes(enter), sortedHexes(r.enemy)...) {
		out[h] = true
		for _, n := range r.grid.Neighbours(h) {
			out[n] = true
		}
	}
	return enter, out
}

func enemyMove(u kw.UnitView) int {
	if u.Hidden {
		return 4
	}
	return u.Move
}

// walkFrom marks in enter the hexes a unit in e could enter with move
// steps.
func (r *reader) walkFrom(e hex.Hex, move int, zoc, mine, enter map[hex.Hex]bool) {
	frontier := []hex.Hex{e}
	seen := map[hex.Hex]bool{e: true}
	for step := 0; step < move && len(frontier) > 0; step++ {
		var next []hex.Hex
		for _, h := range frontier {
			if h != e && zoc[h] {
				continue // 13.4
			}
			for _, n := range r.grid.Neighbours(h) {
				if seen[n] || mine[n] || !r.passable(n) || h == e && zoc[e] && zoc[n] {
					continue
				}
				if s, ok := r.grid.SideBetween(h, n); ok && !r.m.Crossable(s) {
					continue
				}
				seen[n] = true
				enter[n] = true
				next = append(next, n)
			}
		}
		frontier = next
	}
}
