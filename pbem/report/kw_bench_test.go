package report

import (
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
	"pbem/pbem/dice"
	"pbem/scenarios"
)

// kwPlayTo plays kaiserswar-1914 robot against robot until window id
// opens, and returns the game and the events that opened it.
func kwPlayTo(tb testing.TB, id string) (engine.State, []engine.Event) {
	tb.Helper()
	c, err := scenarios.Embedded()
	if c == nil {
		tb.Fatal(err)
	}
	g, s, err := c.Find("kaiserswar-1914")
	if err != nil {
		tb.Fatal(err)
	}
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		tb.Fatal(err)
	}
	var events []engine.Event
	for st.Window().ID != id {
		w := st.Window()
		if w.Done {
			tb.Fatalf("the game ended before %s", id)
		}
		by := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			f, err := orders.Parse(w.ID, []byte(rulesetstest.Robot(st, side)), rulesetstest.Verbs("kw"))
			if err != nil {
				tb.Fatal(err)
			}
			by[side] = f.Orders
		}
		if st, events, err = st.Resolve(by, dice.New([]byte("bench"), w.ID)); err != nil {
			tb.Fatal(err)
		}
	}
	return st, events
}

// One side's report of Kaiser's War as its mail carries it, after the
// Allies' first combat phase of 1914: the text, the map of the whole
// Eastern Front and the close-up of the fighting, both PNG-encoded. Its
// floor, BenchmarkKWFloorEncodeEmptyMap, encodes a blank image of the
// map's size.
func BenchmarkKWSideReport(b *testing.B) {
	st, events := kwPlayTo(b, "T1 AL-COMBAT2")
	benchSideReport(b, st, events, "CP", "T1 AL-COMBAT1 (Allies First Combat Phase of Aug 1914)",
		"t1 · T1 AL-COMBAT2 · Central Powers", "t1 · T1 AL-COMBAT1 · Central Powers · the fighting")
}

func BenchmarkKWFloorEncodeEmptyMap(b *testing.B) {
	st, _ := kwPlayTo(b, "T1 AL-SETUP")
	benchEncodeEmptyMap(b, st, "CP")
}
