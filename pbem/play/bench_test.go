package play

import (
	"fmt"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
	"pbem/pbem/dice"
)

// turnScript is one game-turn of the campaign: the state before each
// window and the robot's orders for it, prepared once so the benchmark
// measures only the referee.
type turnScript struct {
	states []engine.State
	orders []map[engine.Side][]engine.Order
}

func prepareTurn(b *testing.B, turns int) *turnScript {
	g, s := campaign(b)
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		b.Fatal(err)
	}
	rs, _ := rulesets.Lookup(g.System)
	ts := &turnScript{}
	start := st.Window().Turn
	for st.Window().Turn < start+turns && !st.Window().Done {
		w := st.Window()
		by := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			f, err := orders.Parse("bench", []byte(rulesetstest.Robot(st, side)), rs.Verbs())
			if err != nil {
				b.Fatal(err)
			}
			by[side] = f.Orders
		}
		ts.states = append(ts.states, st)
		ts.orders = append(ts.orders, by)
		next, _, err := st.Resolve(by, dice.New([]byte("bench"), w.ID))
		if err != nil {
			b.Fatal(err)
		}
		st = next
	}
	return ts
}

// BenchmarkGameTurn resolves the four windows of game-turn 3 of the
// campaign (movement and combat for both sides, the automatic cavalry
// withdrawal, replacement and interphase steps), about 110 units.
func BenchmarkGameTurn(b *testing.B) {
	ts := prepareTurn(b, 3)
	// Keep only game-turn 3.
	var states []engine.State
	var ords []map[engine.Side][]engine.Order
	for i, st := range ts.states {
		if st.Window().Turn == 3 {
			states = append(states, st)
			ords = append(ords, ts.orders[i])
		}
	}
	if len(states) != 4 {
		b.Fatalf("%d windows in game-turn 3", len(states))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, st := range states {
			if _, _, err := st.Resolve(ords[j], dice.New([]byte(fmt.Sprint(i)), st.Window().ID)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFloorBFSMap is the floor of BenchmarkGameTurn: one plain breadth-first
// search over every hex of the 30x35 map, with no rules at all.
func BenchmarkFloorBFSMap(b *testing.B) {
	g, _ := campaign(b)
	grid := g.Map.Grid
	for i := 0; i < b.N; i++ {
		seen := make([]bool, (grid.Rows+2)*(grid.Cols+2))
		start := hex.Hex{Row: 15, Col: 17}
		q := []hex.Hex{start}
		seen[start.Row*(grid.Cols+2)+start.Col] = true
		for len(q) > 0 {
			h := q[0]
			q = q[1:]
			for _, n := range grid.Neighbours(h) {
				if k := n.Row*(grid.Cols+2) + n.Col; grid.Contains(n) && !seen[k] {
					seen[k] = true
					q = append(q, n)
				}
			}
		}
	}
}
