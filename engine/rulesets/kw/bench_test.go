package kw_test

import (
	"math/rand/v2"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/scenarios"
)

// pcgDice rolls from a seeded PCG: the same rolls every run.
type pcgDice struct{ r *rand.Rand }

func (d pcgDice) D6() int { return 1 + d.r.IntN(6) }

func newDice(seed uint64) engine.Dice { return pcgDice{rand.New(rand.NewPCG(seed, 18))} }

// parse reads the robot's orders in kw's order language.
func parse(b *testing.B, text string) []engine.Order {
	rs, err := rulesets.Lookup("kw")
	if err != nil {
		b.Fatal(err)
	}
	f, err := orders.Parse("bench", []byte(text), rs.Verbs())
	if err != nil {
		b.Fatal(err)
	}
	return f.Orders
}

// turnWindows plays kaiserswar-1914 robot against robot and returns each
// window of game-turn turn with the robots' orders for it.
func turnWindows(b *testing.B, turn int) ([]engine.State, []map[engine.Side][]engine.Order) {
	c, err := scenarios.Embedded()
	if c == nil {
		b.Fatal(err)
	}
	g, s, err := c.Find("kaiserswar-1914")
	if err != nil {
		b.Fatal(err)
	}
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		b.Fatal(err)
	}
	var states []engine.State
	var ords []map[engine.Side][]engine.Order
	for n := uint64(0); st.Window().Turn <= turn && !st.Window().Done; n++ {
		w := st.Window()
		by := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			text, err := rulesets.Robot(st, side)
			if err != nil {
				b.Fatal(err)
			}
			by[side] = parse(b, text)
		}
		if w.Turn == turn {
			states, ords = append(states, st), append(ords, by)
		}
		if st, _, err = st.Resolve(by, newDice(n)); err != nil {
			b.Fatal(err)
		}
	}
	return states, ords
}

// BenchmarkGameTurn1914 resolves the ten windows of game-turn 2 (Sep-1914)
// of kaiserswar-1914, both sides' mobilization, reorganization, movement
// and two combat phases with the robots' orders, and every automatic step
// between them (supply, attrition, VP): the whole Eastern Front, about
// 130 counters in play.
func BenchmarkGameTurn1914(b *testing.B) {
	states, ords := turnWindows(b, 2)
	if len(states) != 10 {
		b.Fatalf("%d windows in game-turn 2", len(states))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, st := range states {
			if _, _, err := st.Resolve(ords[j], newDice(uint64(i))); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFloorBFSMap is its floor: one plain breadth-first search over
// every hex of Kaiser's War's map, with no rules at all.
func BenchmarkFloorBFSMap(b *testing.B) {
	c, err := scenarios.Embedded()
	if c == nil {
		b.Fatal(err)
	}
	g, _, err := c.Find("kaiserswar-1914")
	if err != nil {
		b.Fatal(err)
	}
	grid := g.Map.Grid
	start := grid.Hex(grid.Rows/2, grid.FirstCol()+grid.Cols/2)
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
