package engine

import (
	"testing"

	"pbem/engine/hex"
)

// Digest 002 W1 and W25: odds round in the defender's favour.
func TestRatioColumn(t *testing.T) {
	germanRow := [][2]int{{1, 4}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}}
	for _, c := range []struct{ a, d, want int }{
		{26, 9, 5}, // 2.89 -> 2-1
		{5, 12, 2}, // 1-2.4 -> 1-3
		{1, 5, 0},  // below 1-4
		{50, 1, 8}, // beyond the table: the last column
		{4, 4, 4},
	} {
		if got := RatioColumn(c.a, c.d, germanRow); got != c.want {
			t.Errorf("%d:%d -> column %d, want %d", c.a, c.d, got, c.want)
		}
	}
}

func TestPathsOfLength(t *testing.T) {
	g := hex.Grid{Rows: 10, Cols: 10}
	start := hex.Hex{Row: 5, Col: 5}
	all := func(a, b hex.Hex) bool { return g.Contains(b) }
	one := PathsOfLength(g, start, 1, all)
	if len(one) != 6 {
		t.Fatalf("%d one-hex paths, want 6", len(one))
	}
	two := PathsOfLength(g, start, 2, all)
	// From each of 6 first hexes: 6 neighbours, minus the start = 5.
	if len(two) != 30 {
		t.Fatalf("%d two-hex paths, want 30", len(two))
	}
	for _, p := range two {
		if p[0] == start || p[1] == start || p[0] == p[1] || !g.Adjacent(start, p[0]) || !g.Adjacent(p[0], p[1]) {
			t.Fatalf("bad path %v", p)
		}
	}
	east := PathsOfLength(g, start, 2, func(a, b hex.Hex) bool { return b.Col < start.Col })
	for _, p := range east {
		if p[0].Col >= start.Col || p[1].Col >= start.Col {
			t.Fatalf("step rule ignored: %v", p)
		}
	}
}
