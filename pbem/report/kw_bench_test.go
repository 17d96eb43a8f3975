package report

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
	"pbem/pbem/dice"
	"pbem/render"
	"pbem/scenarios"
	"pbem/templates"
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
	b.ReportAllocs()
	size := 0
	for b.Loop() {
		r := Build(st, Input{Game: "t1", Side: "CP", Resolved: "T1 AL-COMBAT1 (Aug-1914, Allies First Combat Phase)", Events: events,
			Deadline: "Tue 3 Sep 1914 18:00 UTC", Address: "referee@club.example", Template: "(the template)"})
		text, err := templates.Text(r)
		if err != nil {
			b.Fatal(err)
		}
		whole, zoomed, err := Pictures(st, "CP", "t1 · T1 AL-COMBAT2 · Central Powers", "t1 · T1 AL-COMBAT1 · Central Powers · the fighting", events)
		if err != nil || zoomed == nil {
			b.Fatalf("no close-up after a combat: %v", err)
		}
		size = len(text) + len(whole) + len(zoomed)
	}
	b.ReportMetric(float64(size), "bytes/report")
}

func BenchmarkKWFloorEncodeEmptyMap(b *testing.B) {
	st, _ := kwPlayTo(b, "T1 AL-SETUP")
	size := Map(st, "CP", "t1", nil).Bounds()
	img := image.NewRGBA(size)
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	b.ReportAllocs()
	for b.Loop() {
		var buf bytes.Buffer
		if err := render.EncodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(size.Dx()*size.Dy()), fmt.Sprintf("px/%dx%d", size.Dx(), size.Dy()))
}
