package engine

import (
	"testing"

	"pbem/engine/hex"
)

func TestTraceAllowance(t *testing.T) {
	g := hex.Grid{Rows: 3, Cols: 10}
	goal := hex.Hex{Row: 2, Col: 1}
	// A wall of "costly" hexes across columns 3-5 of every row.
	costly := func(h hex.Hex) bool { return h.Col >= 3 && h.Col <= 5 }
	open := func(a, b hex.Hex) bool { return g.Contains(b) }
	tr := Trace{Grid: g, Goal: func(h hex.Hex) bool { return h == goal }, Step: open, Costs: costly}
	from := hex.Hex{Row: 2, Col: 8}
	for _, c := range []struct {
		allow int
		ok    bool
	}{{0, false}, {2, false}, {3, true}} {
		tr.Allow = c.allow
		if _, ok := tr.Nearest(from); ok != c.ok {
			t.Errorf("allow %d: reached %v, want %v", c.allow, ok, c.ok)
		}
	}
	tr.Allow = 3
	if n, _ := tr.Nearest(from); n != g.Distance(from, goal) {
		t.Errorf("line of %d hexes, distance is %d", n, g.Distance(from, goal))
	}
	tr.Limit = 3
	if _, ok := tr.Nearest(from); ok {
		t.Error("a line longer than the limit was found")
	}
	if n, ok := tr.Nearest(goal); !ok || n != 0 {
		t.Error("the goal itself is not at 0")
	}
}

func TestZone(t *testing.T) {
	g := hex.Grid{Rows: 5, Cols: 5}
	z := Zone(g, []hex.Hex{{Row: 3, Col: 3}}, func(a, b hex.Hex) bool { return g.Contains(b) && b.Row != 2 })
	if len(z) != 4 || z[hex.Hex{Row: 3, Col: 3}] {
		t.Fatalf("zone %v", z)
	}
}
