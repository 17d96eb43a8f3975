package report_test

import (
	"bytes"
	"fmt"
	"image"
	"slices"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
	"pbem/pbem/ack"
	"pbem/pbem/dice"
	"pbem/pbem/report"
	"pbem/render"
	"pbem/scenarios"
	"pbem/templates"
)

// wire is the size of an attachment of n bytes in a mail: base64, in
// lines of 76 characters and a CRLF.
func wire(n int) int {
	b := (n + 2) / 3 * 4
	return b + (b+75)/76*2
}

// campaignMails plays the first turns game-turns of tannenberg-1914 with
// opt, robots on both sides, and returns the size on the wire of every
// report mail a player gets (the text, the pictures, the order template
// as a file), as the referee's windowMails makes them. Under rgb, as
// before the palette: every picture 8-bit RGB and every window a map.
func campaignMails(tb testing.TB, opt engine.Options, turns int, rgb bool) []int {
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
	var before engine.State
	var events []engine.Event
	var sizes []int
	for {
		w := st.Window()
		for _, side := range []engine.Side{"RU", "DE"} {
			sizes = append(sizes, mailSize(tb, before, st, side, events, rgb))
		}
		if w.Done || w.Turn > turns {
			return sizes
		}
		byside := map[engine.Side][]engine.Order{}
		var nonces []dice.Nonce
		for _, side := range w.Submit {
			f, err := orders.Parse(w.ID, []byte(rulesetstest.Robot(st, side)), rulesetstest.Verbs("gwite"))
			if err != nil {
				tb.Fatal(err)
			}
			byside[side] = f.Orders
			nonces = append(nonces, dice.Nonce{Side: side, Nonce: "robot " + string(side)})
		}
		next, evs, err := st.Resolve(byside, dice.ForWindow(dice.WindowSeed([]byte("mails"), "t1", w.ID), nonces))
		if err != nil {
			tb.Fatal(err)
		}
		before, st, events = st, next, evs
	}
}

// mailSize is the size on the wire of side's report mail of the window
// open in st after events.
func mailSize(tb testing.TB, before, st engine.State, side engine.Side, events []engine.Event, rgb bool) int {
	tb.Helper()
	w := st.Window()
	tmpl := ack.Template(st, "t1", side)
	r := report.Build(st, report.Input{Game: "t1", Side: side, Resolved: "a window", Events: events,
		Deadline: "Tue 3 Sep 1914 18:00 UTC", Address: "referee@club.example", Template: tmpl})
	text, err := templates.Text(r)
	if err != nil {
		tb.Fatal(err)
	}
	size := len(text) + wire(len(tmpl))
	title := fmt.Sprintf("t1 · %s · %s", w.ID, side)
	switch {
	case rgb:
		for _, img := range []*image.RGBA{report.Map(st, side, title, events), report.Closeup(st, side, title, events)} {
			if img == nil {
				continue
			}
			var buf bytes.Buffer
			if err := render.EncodeRGB(&buf, img); err != nil {
				tb.Fatal(err)
			}
			size += wire(buf.Len())
		}
	case report.Unchanged(before, st, side, events):
		size += len(report.NoMap) + 2
	default:
		fought := w.ID
		if before != nil {
			fought = before.Window().ID
		}
		whole, zoomed, err := report.Pictures(st, side, title, fmt.Sprintf("t1 · %s · %s · the fighting", fought, side), events)
		if err != nil {
			tb.Fatal(err)
		}
		size += wire(len(whole))
		if zoomed != nil {
			size += wire(len(zoomed))
		}
	}
	return size
}

// stats are the median, the largest and the sum of sizes.
func stats(sizes []int) (median, largest, sum int) {
	s := slices.Sorted(slices.Values(sizes))
	for _, n := range s {
		sum += n
	}
	return s[len(s)/2], s[len(s)-1], sum
}

// The report mails of a robot game's first 2 game-turns (as pbem demo
// plays them, and under limited fog), each as the referee mails it: none
// over 300 KB, the median under 200 KB (the budget), with maps
// of 48 px hexes whose counters read at 100 %.
func TestMailSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("the race run: its maps are compressed faster and larger (render's mapLevel); the unit run measures")
	}
	for _, opt := range []engine.Options{{}, {"fog-limited": true, "cavalry-windows": true}} {
		sizes := campaignMails(t, opt, 2, false)
		median, largest, sum := stats(sizes)
		t.Logf("%v: %d mails, median %d, largest %d, in all %d bytes", opt, len(sizes), median, largest, sum)
		if largest > 300<<10 || median >= 200<<10 {
			t.Errorf("%v: mails of %v bytes: the largest %d, over 300 KB, or the median %d, over 200 KB", opt, sizes, largest, median)
		}
	}
}

// The size on the wire of a player's report mails over a robot game's
// first game-turn: bytes per mail (mean), the median and the largest.
// Its floor, BenchmarkFloorMailSizesRGB, is the same mails as they were
// before maps were paletted: every window a map, every picture RGB.
func BenchmarkMailSizes(b *testing.B) { benchMails(b, false) }

func BenchmarkFloorMailSizesRGB(b *testing.B) { benchMails(b, true) }

func benchMails(b *testing.B, rgb bool) {
	var sizes []int
	for b.Loop() {
		sizes = campaignMails(b, engine.Options{}, 1, rgb)
	}
	median, largest, sum := stats(sizes)
	b.ReportMetric(float64(sum)/float64(len(sizes)), "bytes/mail")
	b.ReportMetric(float64(median), "median-bytes")
	b.ReportMetric(float64(largest), "max-bytes")
}

// A map is left out only when it would show nothing new: never when the
// game begins, always when the game is as it was and nothing happened,
// never after a window of moves the side sees.
func TestUnchanged(t *testing.T) {
	c, _ := scenarios.Embedded()
	data, scen, err := c.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rulesets.New(data, scen, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []engine.Side{"RU", "DE", engine.Moderator} {
		if report.Unchanged(nil, st, side, nil) {
			t.Errorf("%q: no map when the game begins", side)
		}
		if !report.Unchanged(st, st, side, nil) {
			t.Errorf("%q: a map of nothing new", side)
		}
	}
	for st.Window().ID != "GT1 RU-COMBAT" {
		w := st.Window()
		byside := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			f, err := orders.Parse(w.ID, []byte(rulesetstest.Robot(st, side)), rulesetstest.Verbs("gwite"))
			if err != nil {
				t.Fatal(err)
			}
			byside[side] = f.Orders
		}
		next, evs, err := st.Resolve(byside, dice.ForWindow(dice.WindowSeed([]byte("unchanged"), "t1", w.ID), nil))
		if err != nil {
			t.Fatal(err)
		}
		if w.ID == "GT1 RU-MOVE" {
			for _, side := range []engine.Side{"RU", "DE", engine.Moderator} {
				if report.Unchanged(st, next, side, evs) {
					t.Errorf("%q: no map after the Russian's moves", side)
				}
			}
		}
		st = next
	}
}
