package report

import (
	"bytes"
	"encoding/hex"
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

// newGame starts tannenberg-1914 with options opt.
func newGame(tb testing.TB, opt engine.Options) engine.State {
	tb.Helper()
	c, err := scenarios.Embedded()
	if c == nil {
		tb.Fatal(err)
	}
	data, scen, err := c.Find("tannenberg-1914")
	if err != nil {
		tb.Fatal(err)
	}
	st, err := rulesets.New(data, scen, opt)
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

// robotWindow resolves the open window with the robots' orders for every
// side that gives some, with the dice of game t1 whose secret is secret,
// each side that gives orders putting in the nonce "robot SIDE"
// (docs/dice.md).
func robotWindow(tb testing.TB, st engine.State, secret string) (engine.State, []engine.Event) {
	next, evs, _ := robotWindowDice(tb, st, secret)
	return next, evs
}

// robotWindowDice is robotWindow, and the dice's reveal.
func robotWindowDice(tb testing.TB, st engine.State, secret string) (engine.State, []engine.Event, *templates.Reveal) {
	tb.Helper()
	w := st.Window()
	byside := map[engine.Side][]engine.Order{}
	for _, side := range w.Submit {
		f, err := orders.Parse(w.ID, []byte(rulesetstest.Robot(st, side)), rulesetstest.Verbs("gwite"))
		if err != nil {
			tb.Fatal(err)
		}
		byside[side] = f.Orders
	}
	seed := dice.WindowSeed([]byte(secret), "t1", w.ID)
	reveal := &templates.Reveal{Window: w.ID, Seed: hex.EncodeToString(seed), Commitment: dice.Commitment(seed)}
	var nonces []dice.Nonce
	for _, side := range []engine.Side{"RU", "DE"} {
		n := dice.Nonce{Side: side}
		if _, sent := byside[side]; sent {
			n.Nonce = "robot " + string(side)
		}
		nonces = append(nonces, n)
		reveal.Nonces = append(reveal.Nonces, string(n.Side)+" "+n.Nonce)
	}
	stream := dice.ForWindow(seed, nonces)
	next, evs, err := st.Resolve(byside, stream)
	if err != nil {
		tb.Fatal(err)
	}
	reveal.Rolls = int(stream.Public())
	return next, evs, reveal
}

// playTo plays tannenberg-1914 under limited fog, robots on both sides,
// until window id opens, and returns the game and the events that opened
// it.
func playTo(tb testing.TB, id string) (engine.State, []engine.Event) {
	tb.Helper()
	st := newGame(tb, engine.Options{"cavalry-windows": true, "fog-limited": true})
	var events []engine.Event
	for st.Window().ID != id {
		if st.Window().Done {
			tb.Fatalf("the game ended before %s", id)
		}
		st, events = robotWindow(tb, st, "bench")
	}
	return st, events
}

// One side's report as its mail carries it, after the first combat of the
// game: the text, the map and the close-up, both PNG-encoded (Pictures
// draws them side by side). Its floor,
// BenchmarkFloorEncodeEmptyMap, encodes a blank white image of the map's
// size.
func BenchmarkSideReport(b *testing.B) {
	st, events := playTo(b, "GT1 DE-MOVE")
	benchSideReport(b, st, events, "RU", "GT1 RU-COMBAT (Russian Combat Phase)",
		"t1 · GT1 DE-MOVE · Russian", "t1 · GT1 RU-COMBAT · Russian · the fighting")
}

// benchSideReport times side's report of st after events: its text, the
// map and the close-up, as the mail carries them.
func benchSideReport(b *testing.B, st engine.State, events []engine.Event, side engine.Side, resolved, title, zoomTitle string) {
	b.ReportAllocs()
	size := 0
	for b.Loop() {
		r := Build(st, Input{Game: "t1", Side: side, Resolved: resolved, Events: events,
			Deadline: "Tue 3 Sep 1914 18:00 UTC", Address: "referee@club.example", Template: "(the template)"})
		text, err := templates.Text(r)
		if err != nil {
			b.Fatal(err)
		}
		whole, zoomed, err := Pictures(st, side, title, zoomTitle, events)
		if err != nil || zoomed == nil {
			b.Fatalf("no close-up after a combat: %v", err)
		}
		size = len(text) + len(whole) + len(zoomed)
	}
	b.ReportMetric(float64(size), "bytes/report")
}

func BenchmarkFloorEncodeEmptyMap(b *testing.B) {
	st, _ := playTo(b, "GT1 RU-MOVE")
	benchEncodeEmptyMap(b, st, "RU")
}

// benchEncodeEmptyMap times encoding a blank image of the size of side's
// map of st: a report's floor.
func benchEncodeEmptyMap(b *testing.B, st engine.State, side engine.Side) {
	size := Map(st, side, "t1", nil).Bounds()
	img := image.NewRGBA(size)
	for i := range img.Pix {
		img.Pix[i] = 0xff // opaque white paper, as a map is opaque
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
