package render

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"pbem/engine/scenario"
)

// looksGame is a small game of another look, from data alone: two sides
// of four nations (three on one side) with colours, an emblem and a
// marking of their own, declared terrains with fills and patterns, unit
// types with symbols (one without), boxes off the map in two margins and
// a turn track.
var looksGame = map[string]string{
	"game.txt": `default src=authored:"render looks test"
game looks title="Looks" rulebook="none: a test" system=none
side CP name="Central Powers" arrow=#1f3f8f rail=#303030
side AL name=Allies arrow=#9a1a1a rail=#8a4a1c
nation DE name=German side=CP fill=#a8aca4 ink=#101010
nation AH name=Austro-Hungarian side=CP fill=#e8dca0 emblem=stripe
nation TR name=Turkish side=CP fill=#d8b890 ink=#402010 emblem=crescent
nation RU name=Russian side=AL fill=#b8c880 marking=R
terrain-type clear letter=. name=Clear enter=yes fill=#f2ecd8
terrain-type marsh letter=M name=Marsh enter=yes fill=#a8d0c0 pattern=tufts
terrain-type mountain letter=A name=Mountain enter=yes fill=#c8a878 pattern=rocks
terrain-type sea letter=~ name=Sea enter=no fill=#5a8ec8 pattern=waves
unit-type inf name=Infantry symbol=infantry
unit-type cav name=Cavalry symbol=cavalry
unit-type alp name=Alpine symbol=mountain
unit-type eng name=Engineers symbol=engineer
unit-type at name="Armoured train" symbol=armoured-train
unit-type fort name=Fortress symbol=fortress
unit-type sup name=Supply symbol=supply
unit-type odd name=Other
unit-size corps name=Corps
unit-size army name=Army
grid rows=5 cols=7 parity=even-rows-west
turn 1 date=1915-05
turn 2 date=1915-06
turn 3 date=1915-07
turn 4 date=1915-08
`,
	"map.txt": `default src=authored:"render looks test"
country-letter C CP
country-letter A AL
terrain
row 01  ~ . . M . . .
row 02 . . A . . M .
row 03  . . . . A . .
row 04 . M . . . . .
row 05  . . . . . . .
end
country
row 01  - C C C A A A
row 02 C C C C A A A
row 03  C C C A A A A
row 04 C C C A A A A
row 05  C C C A A A A
end
rail C1 country=CP track=double 0106 0206 0306 0406 0506
rail A1 country=AL 0102 0202 0302 0402 0502
exit 0506 country=CP name="to Lemberg"
exit 0502 country=AL name="to Kiev"
box cp-avail name="CP available" side=CP at=south
box al-dead name="Allied dead" side=AL at=east
box cp-dead name="CP dead" side=CP at=west
box reserve name="Strategic reserve" at=north
`,
	"units.txt": `default src=authored:"render looks test"
unit DE-11 nation=DE type=inf size=army name="11th Army" sp=1 steps=1 str=6-6-4 tcr=1
unit AH-4 nation=AH type=alp size=corps name="Alpine Corps" sp=1 steps=1 str=4-4-4 tcr=1
unit TR-1 nation=TR type=cav size=corps name="Turkish Cavalry" sp=1 steps=1 str=2-2-6 tcr=1
unit RU-8 nation=RU type=inf size=army name="8th Army" sp=1 steps=1 str=5-5-4 tcr=1
unit RU-AT nation=RU type=at size=corps name="Armoured train" sp=1 steps=1 str=2-2-8 tcr=1
unit DE-E nation=DE type=eng size=corps name=Pioneers sp=1 steps=1 str=1-2-4 tcr=1
unit AH-F nation=AH type=fort size=corps name=Przemysl sp=1 steps=1 str=0-6-0 tcr=1
unit DE-S nation=DE type=sup size=corps name=Supply sp=1 steps=1 str=0-1-4 tcr=1
unit RU-X nation=RU type=odd size=corps name=Odd sp=1 steps=1 str=1-1-1 tcr=1
`,
	"scenario-1915.txt": `default src=authored:"render looks test"
scenario 1915 title="Summer 1915" case=none first=1 last=4
setup DE-11 0205
setup AH-4 0304
setup TR-1 0406
setup RU-8 0202
setup RU-AT 0302
`,
}

// looksMap loads looksGame and its counters: those set up on the map,
// three in the CP's available box, two in the Allies' dead pile and one
// in the reserve; the CP's dead pile is empty.
func looksMap(t *testing.T) (*scenario.Game, []Counter) {
	t.Helper()
	var files []scenario.File
	for _, name := range []string{"game.txt", "map.txt", "units.txt", "scenario-1915.txt"} {
		files = append(files, scenario.File{Name: name, Data: []byte(looksGame[name])})
	}
	g, err := scenario.Load(files)
	if err != nil {
		t.Fatalf("the looks test game does not load:\n%v", err)
	}
	counter := func(id string) Counter {
		u := g.Unit(id)
		return Counter{Side: u.Side, Nation: u.Nation, Type: u.Type, Size: u.Size, Label: id, Values: u.Str[0].String()}
	}
	var cs []Counter
	for _, p := range g.Scenarios[0].Setup {
		cu := counter(p.Unit)
		cu.Hex = p.Hex
		cs = append(cs, cu)
	}
	for _, id := range []string{"DE-E", "AH-F", "DE-S"} {
		cu := counter(id)
		cu.Box = "cp-avail"
		cs = append(cs, cu)
	}
	for _, id := range []string{"RU-X", "RU-8"} {
		cu := counter(id)
		cu.Box = "al-dead"
		cs = append(cs, cu)
	}
	cu := counter("TR-1")
	cu.Box = "reserve"
	return g, append(cs, cu)
}

func hexColour(s string) color.RGBA {
	c, err := scenario.ParseColour(s)
	if err != nil {
		panic(err)
	}
	return colour(c)
}

// The looks of the data are where they belong: each nation's counters in
// its fill, on the map and in the boxes; each box framed with its side's
// head; the current turn marked; the legend naming the data's nations,
// sides' rails and unit types. The picture is written to the test's
// temporary directory, and kept as a golden.
func TestLooksFromData(t *testing.T) {
	g, cs := looksMap(t)
	opt := Options{Title: "Looks from the data", Track: g.Turns, Turn: 2}
	r := drawLaid(g.Map, cs, opt)
	img := r.c.img
	if dir := os.Getenv("RENDER_OUT"); dir != "" {
		var buf bytes.Buffer
		if err := EncodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "looks.png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	geom := newCounterGeom(r.s)
	// A counter's fill shows left of its symbol, at the symbol's height.
	fillAt := func(p image.Point) color.RGBA {
		return img.RGBAAt(p.X+2, p.Y+geom.boxY+geom.boxH/2)
	}
	fills := map[string]color.RGBA{"DE": hexColour("#a8aca4"), "AH": hexColour("#e8dca0"), "TR": hexColour("#d8b890"), "RU": hexColour("#b8c880")}
	for _, st := range r.stacks {
		if got, want := fillAt(st.at[0]), fills[st.units[0].Nation]; got != want {
			t.Errorf("%s at %s: counter fill %v, want %s's %v", st.units[0].Label, st.hex, got, st.units[0].Nation, want)
		}
	}
	// What the layout recorded moved with the map: hex centres too.
	if o := r.centre(r.stacks[0].hex); !image.Pt(int(o.X), int(o.Y)).In(r.stacks[0].box) {
		t.Errorf("hex %s's centre %v is not under its stack %v", r.stacks[0].hex, o, r.stacks[0].box)
	}
	if len(r.stacks) != 5 {
		t.Errorf("%d stacks on the map, want the 5 set up (a boxed counter is not on the map)", len(r.stacks))
	}
	for _, b := range []struct {
		id, side string
		nations  []string
	}{
		{"cp-avail", "DE", []string{"DE", "AH", "DE"}},
		{"al-dead", "RU", []string{"RU", "RU"}},
		{"cp-dead", "DE", nil},
		{"reserve", "", []string{"TR"}},
	} {
		box, ok := r.off.boxes[b.id]
		if !ok {
			t.Errorf("box %s not drawn", b.id)
			continue
		}
		if !box.In(img.Rect) || box.Overlaps(r.mapBox) {
			t.Errorf("box %s at %v: want it in the picture %v, off the map %v", b.id, box, img.Rect, r.mapBox)
		}
		// Its head is in the colour of its side (of the side's first
		// nation), grey for a box of no side.
		head, ok := fills[b.side]
		if !ok {
			head = otherFill
		}
		if got := img.RGBAAt(box.Max.X-3, box.Min.Y+3); got != head {
			t.Errorf("box %s: head %v, want %v", b.id, got, head)
		}
		at := r.off.counters[b.id]
		if len(at) != len(b.nations) {
			t.Fatalf("box %s holds %d counters, want %d", b.id, len(at), len(b.nations))
		}
		for i, p := range at {
			if !image.Rect(p.X, p.Y, p.X+geom.w, p.Y+geom.h).In(box) {
				t.Errorf("box %s: counter %d at %v is outside the box %v", b.id, i, p, box)
			}
			if got := fillAt(p); got != fills[b.nations[i]] {
				t.Errorf("box %s: counter %d fill %v, want %s's %v", b.id, i, got, b.nations[i], fills[b.nations[i]])
			}
		}
	}
	if r.off.boxes["al-dead"].Min.X < r.mapBox.Max.X {
		t.Errorf("the east box %v is not east of the map %v", r.off.boxes["al-dead"], r.mapBox)
	}
	if r.off.boxes["cp-dead"].Max.X > r.mapBox.Min.X {
		t.Errorf("the west box %v is not west of the map %v", r.off.boxes["cp-dead"], r.mapBox)
	}
	if r.off.boxes["reserve"].Max.Y > r.lay.title.Min.Y {
		t.Errorf("the north box %v is not above the title %v", r.off.boxes["reserve"], r.lay.title)
	}
	if r.off.boxes["cp-avail"].Min.Y < r.legY {
		t.Errorf("the south box %v is not below the legend at %d", r.off.boxes["cp-avail"], r.legY)
	}
	for n := 1; n <= 4; n++ {
		box, ok := r.off.turns[n]
		if !ok {
			t.Fatalf("turn %d not on the track", n)
		}
		want := paper
		if n == 2 {
			want = markerFill
		}
		if got := img.RGBAAt(box.Min.X+2, box.Min.Y+2); got != want {
			t.Errorf("turn %d's box is %v, want %v", n, got, want)
		}
	}
	var labels []string
	for _, row := range r.leg {
		for _, it := range row.items {
			labels = append(labels, it.label)
		}
	}
	for _, want := range []string{"Marsh", "Mountain", "Central Powers rail", "Allies rail", "double track",
		"German (Central Powers)", "Austro-Hungarian (Central Powers)", "Turkish (Central Powers)", "Russian (Allies)",
		"Alpine", "Armoured train", "Other"} {
		if !slices.Contains(labels, want) {
			t.Errorf("the legend has no %q: %q", want, labels)
		}
	}
	checkGolden(t, "looks.png.golden", img)
}

// Every symbol the data may name is drawn, each unlike the others; the
// plain box has nothing inside its frame.
func TestEverySymbolDrawn(t *testing.T) {
	m := smallMap(t)
	r := drawLaid(m, nil, Options{})
	g := newCounterGeom(r.s)
	seen := map[string]string{}
	for _, sym := range scenario.Symbols {
		r.c.fillRect(image.Rect(0, 0, g.boxW+4, g.boxH+4), paper)
		r.natoBox(g, 1, 1, sym, otherFill, ink)
		var inked []byte
		for y := 2; y < g.boxH; y++ {
			for x := 2; x < g.boxW; x++ {
				if r.c.img.RGBAAt(x, y) == ink {
					inked = append(inked, byte(x), byte(y))
				}
			}
		}
		if (len(inked) == 0) != (sym == "box") {
			t.Errorf("symbol %s: %d pixels inked inside the frame", sym, len(inked)/2)
		}
		if other, ok := seen[string(inked)]; ok {
			t.Errorf("symbol %s is drawn as %s is", sym, other)
		}
		seen[string(inked)] = sym
	}
}

// Every emblem a nation may carry is drawn, each unlike the others, and a
// marking is written.
func TestEveryEmblemDrawn(t *testing.T) {
	m := smallMap(t)
	r := drawLaid(m, nil, Options{})
	g := newCounterGeom(r.s)
	fill, fg := otherFill, ink
	seen := map[string]string{}
	for _, e := range append(slices.Clone(scenario.Emblems), "", "marking") {
		r.c.fillRect(image.Rect(0, 0, g.w+2, g.h+2), fill)
		n := &scenario.Nation{Emblem: e}
		if e == "marking" {
			n = &scenario.Nation{Marking: "KuK"}
		}
		r.marking(g, 0, 0, n, fill, fg)
		var inked []byte
		for y := range g.h {
			for x := range g.w {
				if r.c.img.RGBAAt(x, y) != fill {
					inked = append(inked, byte(x), byte(y))
				}
			}
		}
		if (len(inked) == 0) != (e == "") {
			t.Errorf("emblem %q: %d pixels drawn", e, len(inked)/2)
		}
		if other, ok := seen[string(inked)]; ok {
			t.Errorf("emblem %q is drawn as %q is", e, other)
		}
		seen[string(inked)] = e
	}
}
