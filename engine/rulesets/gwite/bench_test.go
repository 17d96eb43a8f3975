package gwite

import (
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
)

// BenchmarkSupplyBothSides traces supply for every unit of both sides on
// the map at the start of game-turn 3 of tannenberg-1914, reached by
// standing orders with every die a 4 (std 9.1).
func BenchmarkSupplyBothSides(b *testing.B) {
	var st engine.State = supTannenberg(b)
	for st.Window().Turn < 3 && !st.Window().Done {
		next, _, err := st.Resolve(nil, allFours{})
		if err != nil {
			b.Fatal(err)
		}
		st = next
	}
	g := st.(*Game)
	if g.SupplyAll() == 0 {
		b.Fatal("nobody in supply")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.SupplyAll()
	}
}

// BenchmarkFloorBFSMap is its floor: one plain breadth-first search over
// every hex of the map, with no rules at all.
func BenchmarkFloorBFSMap(b *testing.B) {
	grid := supTannenberg(b).Map().Grid
	start := grid.Hex(grid.Rows/2, grid.Cols/2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seen := make([]bool, grid.Size())
		q := []hex.Hex{start}
		seen[grid.Index(start)] = true
		for len(q) > 0 {
			h := q[0]
			q = q[1:]
			for _, n := range grid.Neighbours(h) {
				if grid.Contains(n) && !seen[grid.Index(n)] {
					seen[grid.Index(n)] = true
					q = append(q, n)
				}
			}
		}
	}
}

// allFours rolls 4 every time.
type allFours struct{}

func (allFours) D6() int { return 4 }
