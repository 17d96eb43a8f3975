package hex

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// twilight is Twilight in the East's numbering: flat hexes, cc.rr, columns
// growing westward, even columns half a hex north (digest 001 §1).
var twilight = Grid{Rows: 114, Cols: 99, Orientation: Flat, Parity: EvenColsNorth,
	Half: South, Codec: Codec{scheme: ColDotRow}}

// Every grid layout the geometry tests run on.
var layouts = []Grid{
	tannenberg,
	{Rows: 30, Cols: 35, Parity: OddRowsWest},
	{Rows: 30, Cols: 35, Parity: EvenRowsWest, ColsEast: true, Codec: Codec{scheme: XXYY}},
	twilight,
	{Rows: 40, Cols: 40, Orientation: Flat, Parity: OddColsNorth, Codec: Codec{scheme: ColDotRow}},
	{Rows: 40, Cols: 40, Orientation: Flat, Parity: EvenColsNorth, ColsEast: true},
}

func name(g Grid) string {
	return fmt.Sprintf("%s/%s/east=%v/%s", g.Orientation, g.Parity.Name(g.Orientation), g.ColsEast, g.Codec.Pattern())
}

// The digest's five adjacency examples (4.1.4, 9.1.3, 13.2, 8.1.3), checked
// against the rule it reads from them: in an even column c the neighbours
// in columns c-1 and c+1 are rows r-1 and r, in an odd column rows r and
// r+1; in the same column, rows r-1 and r+1.
func TestTwilightAdjacency(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"47.21", "48.21"}, {"47.21", "48.22"},
		{"60.21", "59.20"}, {"60.21", "59.21"},
		{"22.86", "21.85"}, {"22.86", "21.86"},
		{"58.17", "57.16"}, {"58.17", "57.17"}, {"58.17", "59.16"}, {"58.17", "59.17"},
		{"58.17", "58.16"}, {"58.17", "58.18"},
	} {
		a, err1 := twilight.Parse(c.a)
		b, err2 := twilight.Parse(c.b)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !twilight.Adjacent(a, b) {
			t.Errorf("%s and %s are not adjacent", a, b)
		}
	}
	// Not adjacent: the rows the rule leaves out.
	for _, c := range []struct{ a, b string }{{"47.21", "48.20"}, {"60.21", "59.22"}, {"58.17", "58.19"}} {
		a, _ := twilight.Parse(c.a)
		b, _ := twilight.Parse(c.b)
		if twilight.Adjacent(a, b) {
			t.Errorf("%s and %s are adjacent", a, b)
		}
	}
}

// A flat hex's six neighbours by compass name. Columns grow westward, so
// column 59 is east of column 60.
func TestFlatNeighbourNames(t *testing.T) {
	h, _ := twilight.Parse("60.21")
	want := map[string]string{"N": "60.20", "NE": "59.20", "SE": "59.21", "S": "60.22", "SW": "61.21", "NW": "61.20"}
	for _, d := range Dirs {
		n := twilight.Neighbour(h, d)
		if w := want[twilight.DirName(d)]; n.String() != w {
			t.Errorf("60.21 %s = %s, want %s", twilight.DirName(d), n, w)
		}
		p, err := twilight.ParseDir(twilight.DirName(d))
		if err != nil || p != d {
			t.Errorf("ParseDir(%s) = %v, %v", twilight.DirName(d), p, err)
		}
		// The neighbour lies the way the name says.
		x0, y0 := twilight.Center(h)
		x1, y1 := twilight.Center(n)
		a := math.Atan2(y1-y0, x1-x0) * 180 / math.Pi // clockwise from east, y down
		if want := float64(60*int(d) + 30); math.Abs(math.Mod(a+360, 360)-want) > 1e-6 {
			t.Errorf("60.21 %s lies at %.1f degrees, want %.0f", twilight.DirName(d), a, want)
		}
	}
	if _, err := twilight.ParseDir("E"); err == nil {
		t.Error("a flat hex has an east neighbour")
	}
}

func TestHalfHexes(t *testing.T) {
	// Even columns lie north: the odd ones reach the south edge and are
	// halved, the even ones end at it whole.
	for _, c := range []struct {
		id   string
		half bool
	}{{"41.114", true}, {"01.114", true}, {"40.114", false}, {"41.113", false}, {"41.01", false}, {"41.115", false}} {
		h, _ := twilight.Parse(c.id)
		if twilight.HalfHex(h) != c.half {
			t.Errorf("HalfHex(%s) = %v", h, !c.half)
		}
	}
	g := Grid{Rows: 5, Cols: 5, Half: North | West}
	for _, c := range []struct {
		h    Hex
		half bool
	}{{Hex{Row: 1, Col: 3}, true}, {Hex{Row: 2, Col: 5}, true}, {Hex{Row: 3, Col: 5}, false}, {Hex{Row: 2, Col: 1}, false}, {Hex{Row: 5, Col: 3}, false}} {
		if g.HalfHex(c.h) != c.half {
			t.Errorf("north,west HalfHex(%s) = %v", c.h, !c.half)
		}
	}
	// In every layout, a half-hex's centre lies on the straight sheet
	// edge (the outermost centres), and every other hex of the map lies
	// at least half a hex inside it, so it ends at the edge whole.
	for _, g := range layouts {
		g.Rows, g.Cols, g.Half = 7, 6, North|East|South|West
		ext := func(h Hex) [4]float64 { x, y := g.Center(h); return [4]float64{-y, x, y, -x} }
		var edge [4]float64
		for i := range edge {
			edge[i] = math.Inf(-1)
		}
		for _, h := range g.All() {
			for i, v := range ext(h) {
				edge[i] = math.Max(edge[i], v)
			}
		}
		halves := 0
		for _, h := range g.All() {
			on := false
			for i, v := range ext(h) {
				if math.Abs(v-edge[i]) < 1e-9 {
					on = true
				} else if edge[i]-v < 0.5-1e-9 {
					t.Errorf("%s: %s is %.2f inside edge %d: neither halved nor whole", name(g), h, edge[i]-v, i)
				}
			}
			if on != g.HalfHex(h) {
				t.Errorf("%s: %s on the sheet edge %v, HalfHex %v", name(g), h, on, g.HalfHex(h))
			}
			if on {
				halves++
			}
		}
		if halves == 0 {
			t.Errorf("%s: no half-hexes", name(g))
		}
	}
	if e, err := ParseEdges("south,north"); err != nil || e != North|South || e.String() != "north,south" {
		t.Errorf("ParseEdges = %v (%s), %v", e, e, err)
	}
	if _, err := ParseEdges("up"); err == nil {
		t.Error("ParseEdges accepted up")
	}
}

func randomOn(r *rand.Rand, g Grid) Hex { return g.Hex(1+r.IntN(40), 1+r.IntN(40)) }

// Geometry that must hold in every layout: neighbours are mutual and one
// apart, a side is the same seen from both hexes and its corners are
// corners of both, distance is a metric the greedy walk achieves, rings
// have 6n hexes, and At finds the hex around each centre.
func TestLayoutsGeometry(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, g := range layouts {
		t.Run(name(g), func(t *testing.T) {
			for i := 0; i < 500; i++ {
				h := randomOn(r, g)
				checkNeighbours(t, g, h)
				a, b := randomOn(r, g), randomOn(r, g)
				checkMetric(t, g, h, a, b)
				x, y := g.Center(h)
				if got := g.At(x+0.2, y-0.2); got != h {
					t.Fatalf("At(Center(%s)+small) = %s", h, got)
				}
			}
			c := g.Hex(20, 20)
			for n := 0; n <= 5; n++ {
				checkRing(t, g, c, n)
			}
			if got := len(g.Within(c, 3)); got != 37 {
				t.Errorf("Within 3 = %d hexes, want 37", got)
			}
		})
	}
}

func checkNeighbours(t *testing.T, g Grid, h Hex) {
	t.Helper()
	for _, d := range Dirs {
		n := g.Neighbour(h, d)
		if n.Codec() != g.Codec {
			t.Fatalf("neighbour %s of %s lost the codec", n, h)
		}
		if back := g.Neighbour(n, d.Opposite()); back != h {
			t.Fatalf("%s -%s-> %s -%s-> %s", h, d, n, d.Opposite(), back)
		}
		if g.Distance(h, n) != 1 || !g.Adjacent(n, h) {
			t.Fatalf("%s and %s not adjacent", h, n)
		}
		if s1, s2 := g.SideOf(h, d), g.SideOf(n, d.Opposite()); s1 != s2 {
			t.Fatalf("side %s of %s is %s, from %s it is %s", d, h, s1, n, s2)
		}
		x1, y1 := g.Center(h)
		x2, y2 := g.Center(n)
		if d2 := (x1-x2)*(x1-x2) + (y1-y2)*(y1-y2); math.Abs(d2-1) > 1e-9 {
			t.Fatalf("%s-%s centres %.3f apart squared", h, n, d2)
		}
		// The side's corners are corners of the neighbour too, the
		// neighbour's side back (the same two points, swapped).
		i, j := SideCorners(d)
		k, l := SideCorners(d.Opposite())
		if !near(g, h, i, n, l) || !near(g, h, j, n, k) {
			t.Fatalf("side %s of %s: its corners are not those of %s's side %s", d, h, n, d.Opposite())
		}
	}
}

func near(g Grid, a Hex, i int, b Hex, j int) bool {
	x1, y1 := g.Corner(a, i)
	x2, y2 := g.Corner(b, j)
	return (x1-x2)*(x1-x2)+(y1-y2)*(y1-y2) < 1e-12
}

func checkMetric(t *testing.T, g Grid, a, b, c Hex) {
	t.Helper()
	dab, dba := g.Distance(a, b), g.Distance(b, a)
	if dab != dba || (dab == 0) != (a == b) {
		t.Fatalf("Distance(%s,%s)=%d, reverse %d", a, b, dab, dba)
	}
	if dac, dcb := g.Distance(a, c), g.Distance(c, b); dab > dac+dcb {
		t.Fatalf("triangle: %s %s %s: %d > %d+%d", a, b, c, dab, dac, dcb)
	}
	h, steps := a, 0
	for h != b && steps <= 200 {
		best := h
		for _, n := range g.Neighbours(h) {
			if g.Distance(n, b) < g.Distance(best, b) {
				best = n
			}
		}
		h = best
		steps++
	}
	if steps != dab {
		t.Fatalf("walk %s->%s took %d, Distance says %d", a, b, steps, dab)
	}
}

func checkRing(t *testing.T, g Grid, c Hex, n int) {
	t.Helper()
	ring := g.Ring(c, n)
	if want := max(1, 6*n); len(ring) != want {
		t.Fatalf("ring %d has %d hexes", n, len(ring))
	}
	seen := map[Hex]bool{}
	for i, h := range ring {
		if d := g.Distance(c, h); d != n || seen[h] {
			t.Fatalf("ring %d: %s at distance %d (seen %v)", n, h, d, seen[h])
		}
		seen[h] = true
		// A ring is a closed walk.
		if n > 0 && !g.Adjacent(h, ring[(i+1)%len(ring)]) {
			t.Fatalf("ring %d breaks between %s and %s", n, h, ring[(i+1)%len(ring)])
		}
	}
}

// On a small map every side inside it is a side of exactly two of its
// hexes, and every corner inside it a corner of exactly three.
func TestSidesAndCornersShared(t *testing.T) {
	for _, g := range layouts {
		g.Rows, g.Cols = 6, 7
		sides := map[Side]int{}
		corners := map[[2]int64]int{}
		for _, h := range g.All() {
			for _, d := range Dirs {
				sides[g.SideOf(h, d)]++
			}
			for i := range 6 {
				x, y := g.Corner(h, i)
				corners[[2]int64{int64(math.Round(x * 1e6)), int64(math.Round(y * 1e6))}]++
			}
		}
		inner := 0
		for s, n := range sides {
			both := g.Contains(s.A) && g.Contains(s.B)
			if both && n != 2 || !both && n != 1 {
				t.Errorf("%s: side %s counted %d times", name(g), s, n)
			}
			if both {
				inner++
			}
		}
		// 42 hexes: each has 6 sides; the inner ones are counted twice.
		if want := (6*42 - (len(sides) - inner)) / 2; inner != want {
			t.Errorf("%s: %d inner sides, want %d", name(g), inner, want)
		}
		three := 0
		for _, n := range corners {
			if n > 3 {
				t.Errorf("%s: a corner shared by %d hexes", name(g), n)
			}
			if n == 3 {
				three++
			}
		}
		// A 6x7 block of hexes has 2*(6-1)*(7-1) = 60 inner corners.
		if three != 60 {
			t.Errorf("%s: %d corners shared by three hexes, want 60", name(g), three)
		}
	}
}

func TestParityNames(t *testing.T) {
	for _, o := range []Orientation{Pointy, Flat} {
		for _, p := range []Parity{EvenRowsWest, OddRowsWest} {
			got, err := ParseParityOf(o, p.Name(o))
			if err != nil || got != p {
				t.Errorf("%s %s: %v, %v", o, p.Name(o), got, err)
			}
		}
	}
	if _, err := ParseParityOf(Flat, "even-rows-west"); err == nil {
		t.Error("flat hexes took a row parity")
	}
	if o, err := ParseOrientation("flat"); err != nil || o != Flat {
		t.Errorf("ParseOrientation(flat) = %v, %v", o, err)
	}
	if s, err := ParseScheme("cc.rr"); err != nil || s != ColDotRow {
		t.Errorf("ParseScheme(cc.rr) = %v, %v", s, err)
	}
}

// Column maps data written west to east to columns either way.
func TestColumn(t *testing.T) {
	g := Grid{Rows: 3, Cols: 5}
	if g.Column(0) != 5 || g.Column(4) != 1 {
		t.Errorf("westward columns: %d %d", g.Column(0), g.Column(4))
	}
	g.ColsEast = true
	if g.Column(0) != 1 || g.Column(4) != 5 {
		t.Errorf("eastward columns: %d %d", g.Column(0), g.Column(4))
	}
	// And the westmost column is drawn west.
	for _, g := range layouts {
		x0, _ := g.Center(g.Hex(3, g.Column(0)))
		x1, _ := g.Center(g.Hex(3, g.Column(1)))
		if x0 >= x1 {
			t.Errorf("%s: column %d is not west of column %d", name(g), g.Column(0), g.Column(1))
		}
	}
}
