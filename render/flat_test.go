package render

import (
	"bytes"
	"image"
	"math"
	"os"
	"strings"
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// flatGame is a small map of flat hexes numbered cc.rr, laid out as
// Twilight in the East's (digest 001 §1: columns grow westward, even
// columns lie half a hex north, the south edge halves hexes), built from
// scenario text as a game's data would be.
func flatGame(t testing.TB) (*scenario.Map, []Counter) {
	t.Helper()
	const src = "default src=authored:\"test data\"\n"
	files := []scenario.File{
		{Name: "flat/game.txt", Data: []byte(src + `game flat title=Flat rulebook=test system=gwite
side RU name=Russian
side DE name=German
grid rows=6 cols=8 orientation=flat numbering=cc.rr parity=even-cols-north half=south
projection ref=04.03 lat=53.8 lon=21.6 km=8 parallel=53
turn 1 rusrail=1
`)},
		{Name: "flat/map.txt", Data: []byte(src + `country-letter G DE
country-letter R RU
terrain
row 01 ~ ~ F F . . . .
row 02 ~ . F . . L . .
row 03 . . . . . L S .
row 04 . F . . . . S S
row 05 . . . B . . . .
row 06 . . . B . . F .
end
country
row 01 - - G G G R R R
row 02 - G G G G - R R
row 03 G G G G R - R R
row 04 G G G G R R R R
row 05 G G G R R R R R
row 06 G G G R R R R R
end
town 05.03 Lyck city
town 03.05 Ortelsburg
river Pisa minor 04.03/04.04 04.04/03.04 03.04/03.05
river Narew major 05.05/05.06 05.05/06.05 06.05/06.06
rail DE1 country=DE track=double 08.03 07.03 06.03 05.03
rail RU1 country=RU 01.04 02.05 03.05 04.05
exit 08.03 country=DE name="to Posen"
exit 01.04 country=RU name="to Grodno"
`)},
		{Name: "flat/units.txt", Data: []byte(src + `unit RU-1 side=RU type=inf size=XX name="1st" sp=2 steps=2 str=4-6-5/2-3-5 tcr=2
unit DE-1 side=DE type=inf size=XX name="1st" sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-2 side=DE type=cav size=XX name="2nd" sp=2 steps=2 str=2-2-7/1-1-7 tcr=1
`)},
		{Name: "flat/scenario-a.txt", Data: []byte(src + `scenario flat title=Flat case=test first=1 last=1
setup RU-1 03.05
setup DE-1 06.03
setup DE-2 06.03
`)},
	}
	g, err := scenario.Load(files)
	if err != nil {
		t.Fatalf("flat game does not load:\n%v", err)
	}
	var cs []Counter
	for _, p := range g.Scenarios[0].Setup {
		u := g.Unit(p.Unit)
		cs = append(cs, Counter{Hex: p.Hex, Side: u.Side, Type: u.Type, Size: u.Size,
			Label: strings.TrimPrefix(u.ID, string(u.Side)+"-"), Values: u.Str[0].String(), Strength: u.Str[0].Attack + u.Str[0].Defense})
	}
	return g.Map, cs
}

// The flat cc.rr map is drawn with its hexes standing flat, its numbers in
// its own numbering inside their hexes (in the half a sheet's edge leaves
// of a half-hex) and along its edges, and no two labels on top of each
// other. FLAT_PNG=path writes the picture to look at.
func TestFlatColDotRowMap(t *testing.T) {
	m, cs := flatGame(t)
	g := m.Grid
	for _, px := range []float64{DefaultHexPx, 30} {
		r := drawLaid(m, cs, Options{Title: "Flat cc.rr", HexPx: px})
		if out := os.Getenv("FLAT_PNG"); out != "" && px == DefaultHexPx {
			var buf bytes.Buffer
			if err := EncodePNG(&buf, r.c.img); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Flat: a hex's top is a side, so its north neighbour lies
		// straight above it.
		a, b := r.centre(g.Hex(3, 4)), r.centre(g.Hex(2, 4))
		if math.Abs(a.X-b.X) > 1e-9 || math.Abs(a.Y-b.Y-px) > 1e-9 {
			t.Fatalf("%v px: 04.02 is not straight above 04.03: %v %v", px, b, a)
		}
		nums := map[hex.Hex]image.Rectangle{}
		for _, h := range g.All() {
			if !r.land(h) {
				continue
			}
			o := r.hexNumberAt(h)
			box := r.c.textBox(r.f.hexNum, h.String(), o.X, o.Y, centre)
			nums[h] = box
			if !insideHex(r, h, box) {
				t.Errorf("%v px: the number %s at %v is not inside its hex", px, h, box)
			}
			if !box.In(r.mapBox) {
				t.Errorf("%v px: the number %s at %v runs past the sheet %v", px, h, box, r.mapBox)
			}
		}
		if len(nums) != 43 { // 48 hexes, 5 of water
			t.Errorf("%v px: %d land hexes numbered", px, len(nums))
		}
		var all []image.Rectangle
		for _, h := range hex.SortedKeys(nums) {
			all = append(all, nums[h])
		}
		for _, e := range r.lay.edge {
			all = append(all, e.box)
		}
		all = append(all, r.lay.labels...)
		for i, a := range all {
			for _, b := range all[i+1:] {
				if a.Overlaps(b) {
					t.Errorf("%v px: labels at %v and %v overlap", px, a, b)
				}
			}
		}
		checkFlatEdges(t, r, px)
	}
}

// checkFlatEdges: every column's number stands above and below its
// column, every row's level with the row's outermost hex, on both sides.
func checkFlatEdges(t *testing.T, r *renderer, px float64) {
	t.Helper()
	g := r.m.Grid
	got := map[string]int{}
	for _, e := range r.lay.edge {
		got[e.text]++
		mid := float64(e.box.Min.X+e.box.Max.X) / 2
		midY := float64(e.box.Min.Y+e.box.Max.Y) / 2
		n := 0
		for col := 1; col <= g.Cols; col++ {
			if c := r.centre(g.Hex(1, col)); e.text == twoDigits(col) && math.Abs(c.X-mid) < 0.3*px && (e.box.Max.Y <= r.mapBox.Min.Y || e.box.Min.Y >= r.mapBox.Max.Y) {
				n++
			}
		}
		for row := 1; row <= g.Rows; row++ {
			w, east := r.centre(g.Hex(row, g.Column(0))), r.centre(g.Hex(row, g.Column(g.Cols-1)))
			if e.text == twoDigits(row) && (e.box.Max.X <= r.mapBox.Min.X && math.Abs(w.Y-midY) < 0.3*px || e.box.Min.X >= r.mapBox.Max.X && math.Abs(east.Y-midY) < 0.3*px) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%v px: edge number %s at %v stands by no column or row of that number", px, e.text, e.box)
		}
	}
	// Columns 01-08 above and below, rows 01-06 left and right: each
	// number 01-06 four times, 07-08 twice.
	for i := 1; i <= 8; i++ {
		if want := map[bool]int{true: 4, false: 2}[i <= 6]; got[twoDigits(i)] != want {
			t.Errorf("%v px: edge number %s printed %d times, want %d", px, twoDigits(i), got[twoDigits(i)], want)
		}
	}
}

func twoDigits(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// insideHex reports whether box lies within h's outline (and, for a
// half-hex, on the sheet's side of its centre).
func insideHex(r *renderer, h hex.Hex, box image.Rectangle) bool {
	poly := r.hexPoly(h, 1)
	for _, p := range []pt{{float64(box.Min.X), float64(box.Min.Y)}, {float64(box.Max.X), float64(box.Min.Y)},
		{float64(box.Min.X), float64(box.Max.Y)}, {float64(box.Max.X), float64(box.Max.Y)}} {
		if !inConvex(poly, p) {
			return false
		}
	}
	if r.m.Grid.HalfHex(h) && float64(box.Max.Y) > r.centre(h).Y {
		return false
	}
	return true
}

// inConvex reports whether p lies inside the convex polygon poly, whose
// corners run clockwise on the screen.
func inConvex(poly []pt, p pt) bool {
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		if (b.X-a.X)*(p.Y-a.Y)-(b.Y-a.Y)*(p.X-a.X) < 0 {
			return false
		}
	}
	return true
}

func TestGoldenFlat(t *testing.T) {
	m, cs := flatGame(t)
	checkGolden(t, "flat.png.golden", Draw(m, cs, Options{Title: "Flat cc.rr map"}))
}
