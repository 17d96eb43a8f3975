package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

var update = flag.Bool("update", false, "rewrite golden files")

func mustHex(t testing.TB, s string) hex.Hex {
	t.Helper()
	h, err := hex.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func hexes(t testing.TB, ss ...string) []hex.Hex {
	out := make([]hex.Hex, len(ss))
	for i, s := range ss {
		out[i] = mustHex(t, s)
	}
	return out
}

// smallMap is an 8x10 map with every kind of map feature.
func smallMap(t testing.TB) *scenario.Map {
	g := hex.Grid{Rows: 8, Cols: 10, Parity: hex.EvenRowsWest}
	m := scenario.NewMap(g)
	m.DeclareSides(tannenbergSides())
	m.Projection.HexKm = 8
	// North (rows 1-4, and row 5 east of column 6) is German, the south Russian.
	for _, h := range g.All() {
		if h.Row <= 4 || (h.Row == 5 && h.Col <= 6) {
			m.SetCountry(h, "DE")
		} else {
			m.SetCountry(h, "RU")
		}
	}
	set := func(tr scenario.Terrain, ss ...string) {
		for _, h := range hexes(t, ss...) {
			m.SetTerrain(h, tr)
		}
	}
	set(scenario.Forest, "0108", "0109", "0208", "0209", "0309", "0602", "0603", "0702")
	set(scenario.Broken, "0404", "0405", "0504")
	set(scenario.Swamp, "0606", "0607", "0706", "0707")
	set(scenario.Lake, "0302", "0402", "0403")
	set(scenario.Sea, "0101", "0102", "0201")
	for _, h := range hexes(t, "0101", "0102", "0201", "0302", "0402", "0403") {
		m.SetCountry(h, "")
	}
	// A river from the lake southwest, the last stretch major; one blocked side.
	side := func(a, b string, c scenario.SideClass) {
		s, ok := g.SideBetween(mustHex(t, a), mustHex(t, b))
		if !ok {
			t.Fatalf("%s and %s are not adjacent", a, b)
		}
		m.Hexsides[s] = &scenario.Hexside{Side: s, Class: c, River: "Alle"}
	}
	side("0403", "0503", scenario.MinorRiver)
	side("0503", "0504", scenario.MinorRiver)
	side("0504", "0604", scenario.MinorRiver)
	side("0604", "0605", scenario.MajorRiver)
	side("0605", "0705", scenario.MajorRiver)
	side("0705", "0706", scenario.MajorRiver)
	side("0805", "0706", scenario.MajorRiver)
	side("0209", "0210", scenario.Blocked)
	m.Rails = []*scenario.RailLine{
		{ID: "de1", Country: "DE", Double: true, Hexes: hexes(t, "0105", "0205", "0305", "0406", "0506")},
		{ID: "de2", Country: "DE", Hexes: hexes(t, "0305", "0306", "0307", "0308", "0309", "0310")},
		{ID: "ru1", Country: "RU", Hexes: hexes(t, "0506", "0606", "0707", "0807")},
	}
	m.Exits[mustHex(t, "0105")] = &scenario.Exit{Hex: mustHex(t, "0105"), Name: "Königsberg", Country: "DE"}
	m.Exits[mustHex(t, "0807")] = &scenario.Exit{Hex: mustHex(t, "0807"), Name: "Warsaw", Country: "RU"}
	m.Entries = []*scenario.Entry{
		{Letter: "A", Hex: mustHex(t, "0810"), Side: "RU"},
		{Letter: "B", Hex: mustHex(t, "0310"), Side: "DE"},
	}
	m.Towns[mustHex(t, "0305")] = &scenario.Town{Hex: mustHex(t, "0305"), Name: "Allenstein", City: true, VP: 2}
	m.Towns[mustHex(t, "0707")] = &scenario.Town{Hex: mustHex(t, "0707"), Name: "Soldau"}
	m.Towns[mustHex(t, "0203")] = &scenario.Town{Hex: mustHex(t, "0203"), Name: "Lötzen"}
	m.Fortresses[mustHex(t, "0203")] = &scenario.Fortress{Hex: mustHex(t, "0203"), Name: "Lötzen", Owner: "DE", Full: 6, Weak: 3}
	m.Trenches[mustHex(t, "0504")] = scenario.Source{}
	m.Trenches[mustHex(t, "0505")] = scenario.Source{}
	return m
}

// smallCounters has stacks of every type, a tall stack and reduced units.
func smallCounters(t testing.TB) []Counter {
	return []Counter{
		{Hex: mustHex(t, "0505"), Side: "DE", Type: scenario.Infantry, Size: "XX", Label: "1", Values: "6-6-4"},
		{Hex: mustHex(t, "0505"), Side: "DE", Type: scenario.HQ, Label: "I", Values: "1-8-3"},
		{Hex: mustHex(t, "0505"), Side: "DE", Type: scenario.Artillery, Size: "X", Label: "1H", Values: "3-2-3", Reduced: true},
		{Hex: mustHex(t, "0505"), Side: "DE", Type: scenario.Infantry, Size: "XX", Label: "2", Values: "6-6-4"},
		{Hex: mustHex(t, "0208"), Side: "DE", Type: scenario.Cavalry, Size: "XX", Label: "1K", Values: "2-2-7"},
		{Hex: mustHex(t, "0208"), Side: "DE", Type: scenario.Depot, Label: "Lyck", Values: "0-1-0"},
		{Hex: mustHex(t, "0507"), Side: "DE", Type: scenario.Infantry, Size: "X", Label: "vF-1", Values: "2-3-4", Reduced: true},
		{Hex: mustHex(t, "0608"), Side: "RU", Type: scenario.Infantry, Size: "XXX", Label: "XVII", Values: "4-6-5"},
		{Hex: mustHex(t, "0608"), Side: "RU", Type: scenario.Cavalry, Size: "XX", Label: "4C", Values: "2-2-7"},
		{Hex: mustHex(t, "0804"), Side: "RU", Type: scenario.HQ, Label: "2A", Values: "2-7-1"},
		{Hex: mustHex(t, "0804"), Side: "RU", Type: scenario.Artillery, Size: "X", Label: "H", Values: "2-1-3"},
		{Hex: mustHex(t, "0804"), Side: "RU", Type: scenario.Depot, Label: "", Values: "0-1-0"},
		{Hex: mustHex(t, "0709"), Side: "RU", Type: scenario.Infantry, Size: "XX", Label: "6", Values: "2-4-5", Reduced: true},
	}
}

func TestGoldenSmall(t *testing.T) {
	checkGolden(t, "small.png.golden", Draw(smallMap(t), smallCounters(t), Options{Title: "Test map: every feature"}))
}

// The overlays of a side's map: moves by land and rail, a combat with its
// result, the supply and command tags of stacks, the fog, and a legend
// explaining each; then a close-up of a region, which is smaller than
// the whole map and keeps its title and legend clear of hexes.
func TestGoldenOverlays(t *testing.T) {
	m := smallMap(t)
	cs := smallCounters(t)
	cs[0].OutOfSupply = true                           // 0505, top of a stack of four
	cs[len(cs)-1].OutOfCommand = true                  // 0709
	cs[7].OutOfSupply, cs[7].OutOfCommand = true, true // 0608
	cs[4].Group = "G3"                                 // 0208
	cs = append(cs, Counter{Hex: mustHex(t, "0303"), Marker: true, Label: "M2"},
		Counter{Hex: mustHex(t, "0703"), Side: "RU", Type: scenario.Cavalry, Size: "XX", Ghost: true, Label: "4C", Values: "GT1"})
	opt := Options{Title: "overlays",
		Arrows: []Arrow{
			{Side: "RU", Path: []hex.Hex{mustHex(t, "0810"), mustHex(t, "0809"), mustHex(t, "0709")}},
			{Side: "DE", Rail: true, Path: []hex.Hex{mustHex(t, "0110"), mustHex(t, "0210"), mustHex(t, "0310"), mustHex(t, "0410"), mustHex(t, "0507")}},
		},
		Clashes: []Clash{{Hex: mustHex(t, "0608"), Result: "A1 / DR"}},
		Unseen:  func(h hex.Hex) bool { return h.Col <= 2 },
	}
	full := Draw(m, cs, opt)
	checkGolden(t, "overlays.png.golden", full)
	opt.Region = []hex.Hex{mustHex(t, "0507"), mustHex(t, "0709")}
	opt.HexPx = 64
	zoom := Draw(m, cs, opt)
	checkGolden(t, "overlays-region.png.golden", zoom)
	if zoom.Bounds().Dy() >= full.Bounds().Dy()*64/40 {
		t.Errorf("the close-up is %v, the whole map %v at 40 px", zoom.Bounds(), full.Bounds())
	}
}

// checkGolden compares img with testdata/name pixel by pixel, or writes it
// there under -update.
func checkGolden(t *testing.T, name string, img image.Image) {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		var buf bytes.Buffer
		if err := encodeExact(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	n := diffPixels(img, want)
	if n == 0 {
		return
	}
	got := filepath.Join(t.TempDir(), strings.TrimSuffix(name, ".golden"))
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(got, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Errorf("rendering differs from %s in %d pixels (size %v, want %v); got image written to %s; run go test ./render -update if the change is intended",
		golden, n, img.Bounds().Size(), want.Bounds().Size(), got)
}

// encodeExact writes img as a PNG of every colour it has, as a golden
// compared pixel by pixel needs (EncodePNG quantizes a map).
func encodeExact(w io.Writer, img image.Image) error {
	if m, ok := img.(*image.RGBA); ok && m.Opaque() {
		return EncodeRGB(w, m)
	}
	return png.Encode(w, img)
}

// pixelTolerance is the largest per-channel difference (of 255) that still
// counts as the same pixel: antialiased edges may move by a level or two
// where floating-point arithmetic differs between platforms.
const pixelTolerance = 3

// diffPixels counts the pixels that differ between a and b; if the sizes
// differ, every pixel of the larger one counts.
func diffPixels(a, b image.Image) int {
	if a.Bounds() != b.Bounds() {
		ra, rb := a.Bounds(), b.Bounds()
		return max(ra.Dx()*ra.Dy(), rb.Dx()*rb.Dy())
	}
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				n++
			}
		}
	}
	return n
}

func far(a, b uint32) bool {
	a, b = a>>8, b>>8
	if a > b {
		a, b = b, a
	}
	return b-a > pixelTolerance
}

func TestDeterministic(t *testing.T) {
	enc := func() []byte {
		var buf bytes.Buffer
		if err := EncodePNG(&buf, Draw(smallMap(t), smallCounters(t), Options{Title: "x"})); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	a, b := enc(), enc()
	if !bytes.Equal(a, b) {
		t.Fatal("two renderings of the same input differ")
	}
}

// TestTerrainAtCentre checks that an uncovered hex shows its terrain colour
// at its centre, at several sizes, and that a counter covers it.
func TestTerrainAtCentre(t *testing.T) {
	m := smallMap(t)
	for _, px := range []float64{24, 40, 63} {
		img := Draw(m, smallCounters(t), Options{HexPx: px})
		r := newRenderer(m, nil, Options{HexPx: px})
		for _, c := range []struct {
			hex  string
			want scenario.Terrain
		}{
			{"0101", scenario.Sea},
			{"0402", scenario.Lake},
			{"0808", scenario.Clear},
		} {
			h := mustHex(t, c.hex)
			if m.Terrain(h) != c.want {
				t.Fatalf("%s: map says %v, test wants %v", c.hex, m.Terrain(h), c.want)
			}
			o := r.centre(h)
			got := img.RGBAAt(int(o.X), int(o.Y))
			if got != terrainColour(c.want) {
				t.Errorf("HexPx %v: centre of %s (%d,%d) is %v, want %v colour %v",
					px, c.hex, int(o.X), int(o.Y), got, c.want, terrainColour(c.want))
			}
		}
		// 0709 holds a reduced Russian counter: its centre is not clear terrain.
		o := r.centre(mustHex(t, "0709"))
		if got := img.RGBAAt(int(o.X), int(o.Y)); got == terrainColour(scenario.Clear) {
			t.Errorf("HexPx %v: counter in 0709 not drawn over its centre", px)
		}
	}
}

// fullMap is a synthetic map the size of the Tannenberg map (30 rows, 35
// columns) with terrain everywhere, about 30 river sides and rail segments,
// towns, and 120 counters.
func fullMap(tb testing.TB) (*scenario.Map, []Counter) {
	g := hex.Grid{Rows: 30, Cols: 35, Parity: hex.EvenRowsWest}
	m := scenario.NewMap(g)
	m.DeclareSides(tannenbergSides())
	terr := []scenario.Terrain{scenario.Clear, scenario.Clear, scenario.Clear, scenario.Forest, scenario.Broken, scenario.Swamp, scenario.Clear, scenario.Lake}
	for _, h := range g.All() {
		k := (h.Row*7 + h.Col*13 + h.Row*h.Col) % 23
		m.SetTerrain(h, terr[k%len(terr)])
		if h.Col > 30 && h.Row < 6 {
			m.SetTerrain(h, scenario.Sea)
		}
		if h.Row < 16+(h.Col/6)%3 {
			m.SetCountry(h, "DE")
		} else {
			m.SetCountry(h, "RU")
		}
	}
	// A river along the boundary of the columns east of c(row): a
	// continuous line of hexsides, minor in the north and major in the south.
	river := func(r int) int { return 18 + (r/5)%2 }
	for _, h := range g.All() {
		if h.Row > 15 || h.Col > river(h.Row) {
			continue
		}
		for _, d := range hex.Dirs {
			n := g.Neighbour(h, d)
			if !g.Contains(n) || n.Row > 15 || n.Col <= river(n.Row) {
				continue
			}
			s, _ := g.SideBetween(h, n)
			class := scenario.MinorRiver
			if h.Row > 9 {
				class = scenario.MajorRiver
			}
			m.Hexsides[s] = &scenario.Hexside{Side: s, Class: class}
		}
	}
	var line []hex.Hex
	for r := 1; r <= 30; r++ {
		line = append(line, hex.Hex{Row: r, Col: 10 + r/2})
	}
	var line2 []hex.Hex
	for c := 1; c <= 35; c++ {
		line2 = append(line2, hex.Hex{Row: 12, Col: c})
	}
	m.Rails = []*scenario.RailLine{
		{ID: "a", Country: "DE", Double: true, Hexes: line[:17]},
		{ID: "b", Country: "RU", Hexes: line[16:]},
		{ID: "c", Country: "DE", Hexes: line2},
	}
	for i := 0; i < 25; i++ {
		th := hex.Hex{Row: 1 + (i*7)%30, Col: 1 + (i*11)%35}
		m.Towns[th] = &scenario.Town{Hex: th, Name: "Town" + itoa(i), City: i%5 == 0}
	}
	var cs []Counter
	types := []scenario.UnitType{scenario.Infantry, scenario.Infantry, scenario.Cavalry, scenario.Artillery, scenario.HQ, scenario.Depot}
	for i := 0; i < 120; i++ {
		ch := hex.Hex{Row: 1 + (i*5)%30, Col: 1 + (i*3)%35}
		side := scenario.Side("DE")
		if ch.Row >= 18 {
			side = "RU"
		}
		cs = append(cs, Counter{Hex: ch, Side: side, Type: types[i%len(types)], Size: "XX", Label: itoa(i), Values: "4-6-5", Reduced: i%4 == 0})
	}
	return m, cs
}

var sinkImg *image.RGBA

func BenchmarkDrawFullMap(b *testing.B) {
	m, cs := fullMap(b)
	b.ReportAllocs()
	for b.Loop() {
		sinkImg = Draw(m, cs, Options{Title: "Benchmark"})
	}
}

// BenchmarkFloorFillRGBA is the floor for BenchmarkDrawFullMap: allocating
// and filling an image of the same size with one colour.
func BenchmarkFloorFillRGBA(b *testing.B) {
	m, cs := fullMap(b)
	r := Draw(m, cs, Options{}).Rect
	b.ReportAllocs()
	for b.Loop() {
		c := newCanvas(r.Dx(), r.Dy())
		c.fillRect(c.img.Rect, paper)
		sinkImg = c.img
	}
}

// BenchmarkEncodeFullMap is PNG encoding of the full map, for scale:
// paletted, against its floor, image/png at its fastest, for a file a
// third of the size.
func BenchmarkEncodeFullMap(b *testing.B) {
	m, cs := fullMap(b)
	img := Draw(m, cs, Options{Title: "Benchmark"})
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := EncodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

// BenchmarkEncodeFullMapStdlib is image/png's encoder on the same map, to
// compare with EncodePNG's one filter.
func BenchmarkEncodeFullMapStdlib(b *testing.B) {
	m, cs := fullMap(b)
	img := Draw(m, cs, Options{Title: "Benchmark"})
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		e := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := e.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

// EncodeRGB gives back every pixel through image/png's decoder, at sizes
// that end a row and a 64 KiB chunk anywhere; so does EncodePNG for an
// image of at most MailColours colours, and a translucent image, which
// goes through image/png.
func TestEncodePNGRoundTrip(t *testing.T) {
	m, cs := fullMap(t)
	full := Draw(m, cs, Options{Title: "round trip"})
	few := image.NewRGBA(image.Rect(0, 0, 301, 77))
	for i := range few.Pix {
		few.Pix[i] = uint8(i / 4 % MailColours * 3)
		if i%4 == 3 {
			few.Pix[i] = 0xff
		}
	}
	one := image.NewRGBA(image.Rect(0, 0, 1, 1))
	one.Pix[3] = 0xff
	translucent := image.NewRGBA(image.Rect(0, 0, 7, 3))
	translucent.Pix[0], translucent.Pix[3] = 0x80, 0x80
	for i, c := range []struct {
		img    *image.RGBA
		encode func(io.Writer, *image.RGBA) error
	}{
		{full, EncodeRGB},
		{full.SubImage(image.Rect(3, 5, 400, 301)).(*image.RGBA), EncodeRGB},
		{few, func(w io.Writer, m *image.RGBA) error { return EncodePNG(w, m) }},
		{one, func(w io.Writer, m *image.RGBA) error { return EncodePNG(w, m) }},
		{translucent, func(w io.Writer, m *image.RGBA) error { return EncodePNG(w, m) }},
	} {
		var buf bytes.Buffer
		if err := c.encode(&buf, c.img); err != nil {
			t.Fatal(err)
		}
		back, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("image %d: %v", i, err)
		}
		if back.Bounds().Size() != c.img.Bounds().Size() {
			t.Fatalf("image %d: %v, want %v", i, back.Bounds(), c.img.Bounds())
		}
		b, d := c.img.Bounds(), back.Bounds()
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				r1, g1, b1, a1 := c.img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				r2, g2, b2, a2 := back.At(d.Min.X+x, d.Min.Y+y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
					t.Fatalf("image %d: pixel (%d,%d) is %v, was %v", i, x, y, back.At(d.Min.X+x, d.Min.Y+y), c.img.At(b.Min.X+x, b.Min.Y+y))
				}
			}
		}
	}
}

// EncodePNG writes the full map paletted, of at most MailColours colours,
// each pixel the palette's nearest to the one drawn, and every pixel drawn
// in one of the style's inks exact.
func TestEncodePNGQuantized(t *testing.T) {
	m, cs := fullMap(t)
	img := Draw(m, cs, Options{Title: "quantized"})
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := back.(*image.Paletted)
	if !ok || len(p.Palette) > MailColours {
		t.Fatalf("decoded as %T, want a palette of at most %d colours", back, MailColours)
	}
	var pal []color.RGBA
	for _, c := range p.Palette {
		pal = append(pal, color.RGBAModel.Convert(c).(color.RGBA))
	}
	isInk := map[color.RGBA]bool{}
	for _, c := range inks {
		isInk[c] = true
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			got := pal[p.ColorIndexAt(x, y)]
			if want := pal[nearest(pal, c)]; got != want || isInk[c] && got != c {
				t.Fatalf("pixel (%d,%d) drawn %v is %v in the PNG, want %v", x, y, c, got, want)
			}
		}
	}
}

// BenchmarkEncodeFullMapRGB is EncodeRGB, every colour kept, on the same
// map: what a map weighed before EncodePNG quantized it.
func BenchmarkEncodeFullMapRGB(b *testing.B) {
	m, cs := fullMap(b)
	img := Draw(m, cs, Options{Title: "Benchmark"})
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := EncodeRGB(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

// At the default size a counter's values are in type whose digits stand
// at least 8 px tall, which reads at 100 % (the 40 px hex of before gave
// 6 px); and they fit on the counter.
func TestCounterValuesLegible(t *testing.T) {
	r := newRenderer(smallMap(t), nil, Options{HexPx: DefaultHexPx})
	g := newCounterGeom(r.s)
	box := r.c.textBox(r.f.cValues, "4-6-5", 0, 0, left)
	if box.Dy() < 8 {
		t.Errorf("values digits %d px tall at the default size, want at least 8", box.Dy())
	}
	if w := r.c.textWidth(r.f.cValues, "4-6-5"); w > g.w-2 {
		t.Errorf("values %d px wide on a counter %d px wide", w, g.w)
	}
}
