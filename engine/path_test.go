package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"pbem/engine/hex"
)

var grid = hex.Grid{Rows: 30, Cols: 35, Parity: hex.EvenRowsWest}

func hexEdges(blocked map[hex.Hex]bool, cost func(hex.Hex) int) func(h hex.Hex, visit func(hex.Hex, int)) {
	return func(h hex.Hex, visit func(hex.Hex, int)) {
		for _, n := range grid.Neighbours(h) {
			if grid.Contains(n) && !blocked[n] {
				visit(n, cost(n))
			}
		}
	}
}

// With unit costs and nothing blocked, the search cost is the hex distance.
func TestSearchMatchesDistance(t *testing.T) {
	s := Search[hex.Hex]{Edges: hexEdges(nil, func(hex.Hex) int { return 1 }), Less: hex.Hex.Less}
	start := hex.Hex{Row: 15, Col: 17}
	r := s.Run(start)
	for _, h := range grid.All() {
		c, ok := r.Cost(h)
		if !ok || c != grid.Distance(start, h) {
			t.Fatalf("cost to %s = %d,%v; distance %d", h, c, ok, grid.Distance(start, h))
		}
		p := r.Path(h)
		if len(p) != c+1 || p[0] != start || p[len(p)-1] != h {
			t.Fatalf("path to %s: %v", h, p)
		}
		for i := 1; i < len(p); i++ {
			if !grid.Adjacent(p[i-1], p[i]) {
				t.Fatalf("path to %s jumps %s-%s", h, p[i-1], p[i])
			}
		}
	}
}

// Random costs and walls: every reached node's cost is the minimum over its
// neighbours plus the step, and the result is the same on every run.
func TestSearchOptimalAndDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	blocked := map[hex.Hex]bool{}
	costs := map[hex.Hex]int{}
	for _, h := range grid.All() {
		if rng.IntN(6) == 0 {
			blocked[h] = true
		}
		costs[h] = 1 + rng.IntN(3)
	}
	start := hex.Hex{Row: 1, Col: 1}
	delete(blocked, start)
	s := Search[hex.Hex]{Edges: hexEdges(blocked, func(h hex.Hex) int { return costs[h] }), Less: hex.Hex.Less, Limit: 25}
	r1, r2 := s.Run(start), s.Run(start)
	for _, h := range r1.Reached(hex.Hex.Less) {
		c, _ := r1.Cost(h)
		if c > 25 {
			t.Fatalf("%s reached at %d beyond the limit", h, c)
		}
		if h != start {
			best := -1
			for _, n := range grid.Neighbours(h) {
				if nc, ok := r1.Cost(n); ok && !blocked[h] {
					if best < 0 || nc+costs[h] < best {
						best = nc + costs[h]
					}
				}
			}
			if best != c {
				t.Fatalf("%s: cost %d, best neighbour gives %d", h, c, best)
			}
		}
		p1, p2 := r1.Path(h), r2.Path(h)
		if len(p1) != len(p2) {
			t.Fatalf("paths differ between runs")
		}
		for i := range p1 {
			if p1[i] != p2[i] {
				t.Fatalf("paths differ between runs at %s", h)
			}
		}
	}
}

// A search with a dense Index gives exactly the results of the map-based
// one: costs, paths and the nodes reached, goal or no goal.
func TestSearchDenseMatchesSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	blocked := map[hex.Hex]bool{}
	costs := map[hex.Hex]int{}
	for _, h := range grid.All() {
		if rng.IntN(5) == 0 {
			blocked[h] = true
		}
		costs[h] = 1 + rng.IntN(3)
	}
	for _, start := range []hex.Hex{{Row: 10, Col: 10}, {Row: 1, Col: 1}, {Row: grid.Rows, Col: grid.Cols}} {
		delete(blocked, start)
		sparse := Search[hex.Hex]{Edges: hexEdges(blocked, func(h hex.Hex) int { return costs[h] }), Less: hex.Hex.Less, Limit: 15}
		dense := sparse
		dense.Index, dense.Size = grid.Index, grid.Size()
		for _, goal := range []*hex.Hex{nil, {Row: 12, Col: 13}} {
			s, d := sparse, dense
			if goal != nil {
				g := *goal
				s.Goal = func(h hex.Hex) bool { return h == g }
				d.Goal = s.Goal
			}
			rs, rd := s.Run(start), d.Run(start)
			hs, hd := rs.Reached(hex.Hex.Less), rd.Reached(hex.Hex.Less)
			if fmt.Sprint(hs) != fmt.Sprint(hd) {
				t.Fatalf("from %s: reached differs", start)
			}
			for _, h := range hs {
				c1, _ := rs.Cost(h)
				c2, _ := rd.Cost(h)
				if c1 != c2 || fmt.Sprint(rs.Path(h)) != fmt.Sprint(rd.Path(h)) {
					t.Fatalf("from %s to %s: %d %v, dense %d %v", start, h, c1, rs.Path(h), c2, rd.Path(h))
				}
			}
		}
	}
}

// A dense search asked of a node outside its numbering says it was not
// reached, as the map-based one does, instead of indexing past its
// tables: an order's destination off the map (found by pbem/gamefuzz).
func TestSearchDenseOutsideNumbering(t *testing.T) {
	s := Search[hex.Hex]{Edges: hexEdges(nil, func(hex.Hex) int { return 1 }), Less: hex.Hex.Less, Limit: 3,
		Index: func(h hex.Hex) int {
			if !grid.Contains(h) {
				return -1
			}
			return grid.Index(h)
		},
		Size: grid.Size()}
	r := s.Run(hex.Hex{Row: 1, Col: 1})
	for _, h := range []hex.Hex{{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: grid.Rows + 1, Col: 1}, {Row: 99, Col: 99}} {
		if c, ok := r.Cost(h); ok || r.Path(h) != nil {
			t.Errorf("%s, off the map: reached at cost %d, path %v", h, c, r.Path(h))
		}
	}
	// The numbering may go past the table too (an Index that numbers
	// every hex): such a node is not reached either.
	s.Index = func(h hex.Hex) int { return grid.Index(h) }
	r = s.Run(hex.Hex{Row: 1, Col: 1})
	if _, ok := r.Cost(hex.Hex{Row: grid.Rows + 1, Col: 1}); ok {
		t.Error("a node numbered past Size is reached")
	}
	if c, ok := r.Cost(hex.Hex{Row: 1, Col: 2}); !ok || c != 1 {
		t.Errorf("the neighbour of the start: cost %d, %v; want 1", c, ok)
	}
}

// A search that stops at its goal finds the goal's cost and path exactly
// as the full search does, with random costs of 1 to 3 and walls, for
// every goal the full search reaches.
func TestSearchGoalMatchesFullSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	blocked := map[hex.Hex]bool{}
	costs := map[hex.Hex]int{}
	for _, h := range grid.All() {
		if rng.IntN(5) == 0 {
			blocked[h] = true
		}
		costs[h] = 1 + rng.IntN(3)
	}
	start := hex.Hex{Row: 10, Col: 10}
	delete(blocked, start)
	full := Search[hex.Hex]{Edges: hexEdges(blocked, func(h hex.Hex) int { return costs[h] }), Less: hex.Hex.Less, Limit: 12}
	r := full.Run(start)
	goals := r.Reached(hex.Hex.Less)
	if len(goals) < 50 {
		t.Fatalf("only %d hexes reached", len(goals))
	}
	for _, goal := range goals {
		s := full
		s.Goal = func(h hex.Hex) bool { return h == goal }
		g := s.Run(start)
		c1, _ := r.Cost(goal)
		c2, ok := g.Cost(goal)
		if !ok || c1 != c2 || fmt.Sprint(r.Path(goal)) != fmt.Sprint(g.Path(goal)) {
			t.Fatalf("%s: full search %d %v, with the goal %d %v", goal, c1, r.Path(goal), c2, g.Path(goal))
		}
		if len(g.Reached(hex.Hex.Less)) > len(goals) {
			t.Fatalf("%s: the goal search reached more than the full one", goal)
		}
	}
}

// BenchmarkSearchWholeMap is a least-cost search over the whole 30x35 grid;
// BenchmarkFloorBFS, in the same run, is a plain breadth-first search with a
// slice queue: the floor any map-wide trace is measured against.
func BenchmarkSearchWholeMap(b *testing.B) {
	s := Search[hex.Hex]{Edges: hexEdges(nil, func(hex.Hex) int { return 1 }), Less: hex.Hex.Less}
	for i := 0; i < b.N; i++ {
		s.Run(hex.Hex{Row: 15, Col: 17})
	}
}

func BenchmarkFloorBFS(b *testing.B) {
	for i := 0; i < b.N; i++ {
		seen := make([]bool, 31*36)
		q := []hex.Hex{{Row: 15, Col: 17}}
		seen[15*36+17] = true
		for len(q) > 0 {
			h := q[0]
			q = q[1:]
			for _, n := range grid.Neighbours(h) {
				if grid.Contains(n) && !seen[n.Row*36+n.Col] {
					seen[n.Row*36+n.Col] = true
					q = append(q, n)
				}
			}
		}
	}
}
