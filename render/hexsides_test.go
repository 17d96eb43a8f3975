package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"slices"
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Hexside classes the data declares are drawn and named in the legend:
// one no unit crosses as a blocked hexside, one units cross as a river.
func TestDeclaredHexsideClasses(t *testing.T) {
	g := sidesGame(t, "")
	r := drawLaid(g.Map, nil, Options{})
	for _, c := range []struct {
		a, b string
		ink  [3]uint8
	}{{"0101", "0102", [3]uint8{blockedInk.R, blockedInk.G, blockedInk.B}}, {"0202", "0203", [3]uint8{riverInk.R, riverInk.G, riverInk.B}}} {
		ha, _ := g.Map.Grid.Parse(c.a)
		hb, _ := g.Map.Grid.Parse(c.b)
		side, _ := g.Map.Grid.SideBetween(ha, hb)
		p, q, ok := r.sideEnds(side)
		if !ok {
			t.Fatalf("no hexside %s/%s", c.a, c.b)
		}
		m := p.lerp(q, 0.4) // between the blocked side's ticks
		px := r.c.img.RGBAAt(int(m.X), int(m.Y))
		if [3]uint8{px.R, px.G, px.B} != c.ink {
			t.Errorf("hexside %s/%s is drawn %v, want %v", c.a, c.b, px, c.ink)
		}
	}
	var labels []string
	for _, row := range r.leg {
		for _, it := range row.items {
			labels = append(labels, it.label)
		}
	}
	if !slices.Contains(labels, "Stream") || !slices.Contains(labels, "Strait") || slices.Contains(labels, "blocked hexside") {
		t.Errorf("the legend names %q", labels)
	}
}

// sidesGame is a small game declaring two hexside classes, and extra
// records in its game.txt.
func sidesGame(t *testing.T, extra string) *scenario.Game {
	t.Helper()
	const src = "default src=authored:\"test data\"\n"
	g, err := scenario.Load([]scenario.File{
		{Name: "sides/game.txt", Data: []byte(src + `game sides title=Sides rulebook=test system=test
side CP name="Central Powers"
side AL name=Allies
` + extra + `
hexside-type stream name=Stream cross=yes
hexside-type strait name=Strait cross=no
grid rows=3 cols=3 parity=even-rows-west
turn 1
`)},
		{Name: "sides/map.txt", Data: []byte(src + `country-letter G CP
country-letter R AL
terrain
row 01  . . .
row 02 . . .
row 03  . . .
end
country
row 01  R R G
row 02 R R G
row 03  R R G
end
hexside strait 0101/0102
river Bug stream 0202/0203
`)},
		{Name: "sides/units.txt", Data: []byte(src + "unit CP-1 side=CP type=inf size=XX name=One sp=1 steps=1 str=1-1-1 tcr=1\n")},
		{Name: "sides/scenario-a.txt", Data: []byte(src + "scenario a title=A case=test first=1 last=1\nsetup CP-1 0303\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A colour the data declares stays exact in a mailed map however few
// pixels use it (EncodeMapPNG), where the default look's palette would
// take the nearest of its own.
func TestEncodeMapPNGKeepsDeclaredColours(t *testing.T) {
	g := sidesGame(t, "nation CP name=Central side=CP fill=#d0b070 ink=#7a1fa0\nnation AL name=Allied side=AL")
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := 0; i < len(img.Pix); i += 4 { // 64 shades of grey: more than MailColours
		v := uint8(i / 4 % 64 * 4)
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = v, v, v, 0xff
	}
	purple := color.RGBA{0x7a, 0x1f, 0xa0, 0xff}
	img.SetRGBA(5, 5, purple) // one pixel of the nation's ink
	for _, c := range []struct {
		name   string
		encode func(*bytes.Buffer) error
		exact  bool
	}{
		{"EncodeMapPNG", func(b *bytes.Buffer) error { return EncodeMapPNG(b, img, g.Map) }, true},
		{"EncodePNG", func(b *bytes.Buffer) error { return EncodePNG(b, img) }, false},
	} {
		var buf bytes.Buffer
		if err := c.encode(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		r, gr, b, _ := back.At(5, 5).RGBA()
		got := color.RGBA{uint8(r >> 8), uint8(gr >> 8), uint8(b >> 8), 0xff}
		if (got == purple) != c.exact {
			t.Errorf("%s: the declared ink comes out %v (exact: %v)", c.name, got, c.exact)
		}
	}
}

// A line of Options.Lines (a scenario's front line) is drawn along its
// hexsides and named in the legend; without it nothing of it is drawn.
func TestLinesAlongHexsides(t *testing.T) {
	g := sidesGame(t, "")
	ha, _ := g.Map.Grid.Parse("0303")
	hb, _ := g.Map.Grid.Parse("0304")
	side, _ := g.Map.Grid.SideBetween(ha, hb)
	for _, with := range []bool{true, false} {
		opt := Options{}
		if with {
			opt.Lines = []Line{{Name: "Front line of 1916", Sides: []hex.Side{side}}}
		}
		r := drawLaid(g.Map, nil, opt)
		p, q, ok := r.sideEnds(side)
		if !ok {
			t.Fatal("no hexside 0303/0304")
		}
		m := p.lerp(q, 0.15) // inside the first dash
		px := r.c.img.RGBAAt(int(m.X), int(m.Y))
		if got := px == frontInk; got != with {
			t.Errorf("with the line %v: the hexside is drawn %v", with, px)
		}
		named := false
		for _, row := range r.leg {
			for _, it := range row.items {
				named = named || it.label == "Front line of 1916"
			}
		}
		if named != with {
			t.Errorf("with the line %v: the legend names it %v", with, named)
		}
	}
}
