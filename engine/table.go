package engine

import "pbem/engine/hex"

// RatioColumn indexes a combat table by odds: columns lists each column's
// ratio attack:defense, weakest first, and the result is the highest
// column (1-based) whose ratio attack a against defense d reaches, rounding
// in the defender's favour; 0 if a:d is below the first column. Column
// shifts and caps are the ruleset's business.
func RatioColumn(a, d int, columns [][2]int) int {
	col := 0
	for i, r := range columns {
		// a:d reaches r[0]:r[1] when a*r[1] >= d*r[0].
		if a*r[1] >= d*r[0] {
			col = i + 1
		}
	}
	return col
}

// PathsOfLength lists every path of exactly n hexes from start, each next
// to the one before, all distinct and none of them start, whose every step
// step allows: the candidates of a retreat or a withdrawal of n hexes.
// Paths come in a fixed order (neighbours clockwise from east).
func PathsOfLength(g hex.Grid, start hex.Hex, n int, step func(from, to hex.Hex) bool) [][]hex.Hex {
	var out [][]hex.Hex
	path := make([]hex.Hex, 0, n)
	var walk func(h hex.Hex)
	walk = func(h hex.Hex) {
		if len(path) == n {
			out = append(out, append([]hex.Hex(nil), path...))
			return
		}
	next:
		for _, nb := range g.Neighbours(h) {
			if nb == start || !step(h, nb) {
				continue
			}
			for _, x := range path {
				if x == nb {
					continue next
				}
			}
			path = append(path, nb)
			walk(nb)
			path = path[:len(path)-1]
		}
	}
	walk(start)
	return out
}
