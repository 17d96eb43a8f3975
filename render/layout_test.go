package render

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
	"pbem/scenarios"
)

// tannenberg is the campaign map with every unit of its set-up, the
// densest picture the project draws.
func tannenberg(t *testing.T) (*scenario.Map, []Counter) {
	t.Helper()
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	g, s, err := c.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	var cs []Counter
	for _, p := range s.Setup {
		u := g.Unit(p.Unit)
		if u == nil {
			continue
		}
		cu := Counter{Hex: p.Hex, Side: u.Side, Type: u.Type, Size: u.Size, Label: strings.TrimPrefix(u.ID, string(u.Side)+"-")}
		if len(u.Str) > 0 {
			cu.Values, cu.Strength = u.Str[0].String(), u.Str[0].Attack+u.Str[0].Defense
		}
		cs = append(cs, cu)
	}
	return g.Map, cs
}

// Every name of a town or fortress is clear of every stack of counters
// (with its supply and command tags), of every combat's burst and result
// and of every other name, on the campaign map and the small one, whole
// and in a close-up; among them Gilgenburg and Tannenberg, neighbours in
// one row, which overprinted each other.
func TestNamesClear(t *testing.T) {
	big, bigUnits := tannenberg(t)
	small := smallMap(t)
	// Two towns side by side, one under a stack.
	small.Towns[mustHex(t, "0606")] = &scenario.Town{Hex: mustHex(t, "0606"), Name: "Gilgenburg"}
	small.Towns[mustHex(t, "0605")] = &scenario.Town{Hex: mustHex(t, "0605"), Name: "Tannenberg"}
	smallUnits := append(smallCounters(t), Counter{Hex: mustHex(t, "0605"), Side: "RU", Type: scenario.Infantry, Size: "XX", Label: "2", Values: "5-6-5",
		OutOfSupply: true, OutOfCommand: true})
	fight := []Clash{{Hex: mustHex(t, "0606"), Result: "A1 / D2"}, {Hex: mustHex(t, "0707"), Result: "AE / DR"}}
	for _, c := range []struct {
		name  string
		m     *scenario.Map
		units []Counter
		opt   Options
	}{
		{"tannenberg", big, bigUnits, Options{Title: "set-up"}},
		{"tannenberg close-up", big, bigUnits, Options{Title: "set-up", HexPx: 72, Region: hexes(t, "2019", "1918")}},
		{"small", small, smallUnits, Options{Title: "small", Clashes: fight}},
		{"small at 30 px", small, smallUnits, Options{Title: "small", HexPx: 30, Clashes: fight}},
	} {
		r := drawLaid(c.m, c.units, c.opt)
		if len(r.lay.labels) == 0 {
			t.Fatalf("%s: no names placed", c.name)
		}
		for i, a := range r.lay.labels {
			for _, b := range r.lay.labels[i+1:] {
				if a.Overlaps(b) {
					t.Errorf("%s: names at %v and %v overlap", c.name, a, b)
				}
			}
			for _, st := range r.stacks {
				if a.Overlaps(st.box) {
					t.Errorf("%s: the name at %v is under the stack in %s at %v", c.name, a, st.hex, st.box)
				}
			}
			for _, cl := range c.opt.Clashes {
				if b := r.clashBox(cl); a.Overlaps(b) {
					t.Errorf("%s: the name at %v is under the combat in %s at %v", c.name, a, cl.Hex, b)
				}
			}
		}
	}
}

// The title and the north arrow never meet, however long the title, on
// the whole map and on a close-up of a corner of it.
func TestTitleClearOfNorthArrow(t *testing.T) {
	m := smallMap(t)
	for _, title := range []string{"t", "t1 · GT2 RU-MOVE · Russian · the fighting", strings.Repeat("a long title ", 8)} {
		for _, opt := range []Options{{Title: title}, {Title: title, HexPx: 72, Region: hexes(t, "0101")}, {Title: title, HexPx: 20}} {
			r := drawLaid(m, smallCounters(t), opt)
			if r.lay.title.Empty() || r.lay.north.Empty() {
				t.Fatalf("%q: title %v, north arrow %v", title, r.lay.title, r.lay.north)
			}
			if r.lay.title.Overlaps(r.lay.north.Inset(-2)) {
				t.Errorf("%q at %v px, region %v: the title %v runs into the north arrow %v", title, opt.HexPx, opt.Region, r.lay.title, r.lay.north)
			}
			if !r.lay.title.In(r.c.img.Rect) || !r.lay.north.In(r.c.img.Rect) {
				t.Errorf("%q: title %v or arrow %v off the picture %v", title, r.lay.title, r.lay.north, r.c.img.Rect)
			}
		}
	}
}

// The strongest unit of a stack is on top whatever the order given; every
// stack of two or more carries a badge with its height, drawn over the
// top counter; a lone counter has none.
func TestStacks(t *testing.T) {
	m := smallMap(t)
	weak := Counter{Hex: mustHex(t, "0505"), Side: "DE", Type: scenario.HQ, Label: "I", Values: "1-8-3"}
	mid := Counter{Hex: mustHex(t, "0505"), Side: "DE", Type: scenario.Infantry, Size: "X", Label: "70", Values: "2-3-4", Strength: 5}
	strong := Counter{Hex: mustHex(t, "0505"), Side: "DE", Type: scenario.Infantry, Size: "XX", Label: "1", Values: "6-6-4", Strength: 12}
	pair := []Counter{{Hex: mustHex(t, "0707"), Side: "RU", Type: scenario.Artillery, Label: "H", Values: "2-1-3", Strength: 3},
		{Hex: mustHex(t, "0707"), Side: "RU", Type: scenario.Infantry, Label: "6", Values: "4-6-5", Strength: 10}}
	alone := Counter{Hex: mustHex(t, "0202"), Side: "DE", Type: scenario.Cavalry, Label: "1K", Values: "2-2-7", Strength: 4}
	for _, order := range [][]Counter{{weak, mid, strong}, {strong, weak, mid}, {mid, strong, weak}} {
		cs := append(append(append([]Counter(nil), order...), pair...), alone)
		r := drawLaid(m, cs, Options{})
		tops := map[hex.Hex]string{}
		for _, st := range r.stacks {
			tops[st.hex] = st.units[0].Label
			if want := len(st.units) >= 2; (st.badge != nil) != want {
				t.Errorf("stack of %d in %s: badge %v", len(st.units), st.hex, st.badge)
			}
			if st.badge != nil {
				if got := r.c.img.RGBAAt(st.badge.X-2, st.badge.Y-2); got != badgeFill {
					t.Errorf("stack in %s: %v at the badge, want its fill %v", st.hex, got, badgeFill)
				}
			}
		}
		if tops[mustHex(t, "0505")] != "1" || tops[mustHex(t, "0707")] != "6" || tops[mustHex(t, "0202")] != "1K" {
			t.Errorf("given %v: tops %v, want the strongest", labels(order), tops)
		}
	}
}

func labels(cs []Counter) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return out
}

// The map's edge carries the hex numbering: every column's number above
// or below the map, every row's left or right of it, the columns counted
// from the east (column 1 the easternmost) and the rows from the north;
// on a close-up, those of the hexes it shows.
func TestEdgeNumbers(t *testing.T) {
	m := smallMap(t)
	for _, opt := range []Options{{Title: "whole"}, {Title: "close-up", HexPx: 72, Region: hexes(t, "0505")}} {
		r := drawLaid(m, nil, opt)
		cols, rows := map[string][]image.Rectangle{}, map[string][]image.Rectangle{}
		for _, e := range r.lay.edge {
			switch {
			case e.box.Max.Y <= r.mapBox.Min.Y || e.box.Min.Y >= r.mapBox.Max.Y:
				cols[e.text] = append(cols[e.text], e.box)
			case e.box.Max.X <= r.mapBox.Min.X || e.box.Min.X >= r.mapBox.Max.X:
				rows[e.text] = append(rows[e.text], e.box)
			default:
				t.Errorf("%s: edge number %q at %v inside the map %v", opt.Title, e.text, e.box, r.mapBox)
			}
		}
		shownCols, shownRows := map[int]bool{}, map[int]bool{}
		for _, h := range r.drawn() {
			o := r.centre(h)
			if image.Pt(int(o.X), int(o.Y)).In(r.mapBox) {
				shownCols[h.Col], shownRows[h.Row] = true, true
			}
		}
		for c := range shownCols {
			if len(cols[fmt.Sprintf("%02d", c)]) == 0 {
				t.Errorf("%s: no number for column %d on the edge", opt.Title, c)
			}
		}
		for row := range shownRows {
			if len(rows[fmt.Sprintf("%02d", row)]) == 0 {
				t.Errorf("%s: no number for row %d on the edge", opt.Title, row)
			}
		}
		east := func(c int) int { return cols[fmt.Sprintf("%02d", c)][0].Min.X }
		south := func(row int) int { return rows[fmt.Sprintf("%02d", row)][0].Min.Y }
		for c := 1; c < m.Grid.Cols; c++ {
			if shownCols[c] && shownCols[c+1] && east(c) <= east(c+1) {
				t.Errorf("%s: column %d is not east of column %d", opt.Title, c, c+1)
			}
		}
		for row := 1; row < m.Grid.Rows; row++ {
			if shownRows[row] && shownRows[row+1] && south(row) >= south(row+1) {
				t.Errorf("%s: row %d is not north of row %d", opt.Title, row, row+1)
			}
		}
	}
}

// A close-up lists under it the units of each stack of two or more in its
// frame, strongest first, with the stack's badge; the whole map does not
// (the report lists every unit).
func TestCloseupListsStacks(t *testing.T) {
	m := smallMap(t)
	cs := smallCounters(t) // 0505: a stack of four, 1 and 2 the strongest
	cs[0].Strength, cs[3].Strength, cs[2].Strength = 12, 12, 5
	list := func(opt Options) []string {
		r := drawLaid(m, cs, opt)
		var out []string
		for _, row := range r.leg {
			for _, it := range row.items {
				if strings.HasPrefix(it.label, "0505: ") {
					out = append(out, it.label)
				}
			}
		}
		return out
	}
	got := list(Options{HexPx: 72, Region: hexes(t, "0505")})
	if want := "0505: 1 6-6-4, 2 6-6-4, 1H 3-2-3, I 1-8-3"; len(got) != 1 || got[0] != want {
		t.Errorf("close-up lists %q, want %q", got, want)
	}
	if got := list(Options{}); len(got) != 0 {
		t.Errorf("the whole map lists %q", got)
	}
}
