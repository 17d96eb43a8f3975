package hex

import (
	"math/rand/v2"
	"testing"
)

var tannenberg = Grid{Rows: 30, Cols: 35, Parity: EvenRowsWest}

func TestParseString(t *testing.T) {
	for _, s := range []string{"0101", "0613", "2918", "3035"} {
		h, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if h.String() != s {
			t.Errorf("Parse(%q).String() = %q", s, h.String())
		}
	}
	for _, s := range []string{"", "613", "06a3", "06133"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted", s)
		}
	}
}

// Digest 002 B.6: under even-rows-west the row neighbours of an even row are
// columns c and c+1, of an odd row c-1 and c.
func TestNeighboursB6(t *testing.T) {
	cases := []struct {
		h    string
		want [6]string // E SE SW W NW NE
	}{
		{"0613", [6]string{"0612", "0713", "0714", "0614", "0514", "0513"}},
		{"0513", [6]string{"0512", "0612", "0613", "0514", "0413", "0412"}},
	}
	for _, c := range cases {
		h, _ := Parse(c.h)
		got := tannenberg.Neighbours(h)
		for i, d := range Dirs {
			if got[i].String() != c.want[i] {
				t.Errorf("%s %s: got %s, want %s", c.h, d, got[i], c.want[i])
			}
		}
	}
	odd := Grid{Rows: 30, Cols: 35, Parity: OddRowsWest}
	// With odd rows west, an odd row's vertical neighbours are c and c+1.
	h, _ := Parse("0513")
	if n := odd.Neighbour(h, NW); n.String() != "0414" {
		t.Errorf("odd-rows-west 0513 NW = %s, want 0414", n)
	}
	if n := odd.Neighbour(h, NE); n.String() != "0413" {
		t.Errorf("odd-rows-west 0513 NE = %s, want 0413", n)
	}
}

func randomHex(r *rand.Rand) Hex {
	return Hex{Row: 1 + r.IntN(40), Col: 1 + r.IntN(40)}
}

func TestNeighbourSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, g := range []Grid{tannenberg, {Rows: 30, Cols: 35, Parity: OddRowsWest}} {
		for i := 0; i < 2000; i++ {
			h := randomHex(r)
			for _, d := range Dirs {
				n := g.Neighbour(h, d)
				if back := g.Neighbour(n, d.Opposite()); back != h {
					t.Fatalf("%v: %s -%s-> %s -%s-> %s", g.Parity, h, d, n, d.Opposite(), back)
				}
				if g.Distance(h, n) != 1 || !g.Adjacent(n, h) {
					t.Fatalf("%s and %s not adjacent", h, n)
				}
				s1 := g.SideOf(h, d)
				s2 := g.SideOf(n, d.Opposite())
				if s1 != s2 {
					t.Fatalf("hexside %s seen from %s is %s, from %s is %s", d, h, s1, n, s2)
				}
				// Neighbouring centres are one unit apart.
				x1, y1 := g.Center(h)
				x2, y2 := g.Center(n)
				if d2 := (x1-x2)*(x1-x2) + (y1-y2)*(y1-y2); d2 < 0.999 || d2 > 1.001 {
					t.Fatalf("%s-%s centres %.3f apart squared", h, n, d2)
				}
			}
		}
	}
}

func TestDistanceProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 5000; i++ {
		a, b, c := randomHex(r), randomHex(r), randomHex(r)
		dab, dba := tannenberg.Distance(a, b), tannenberg.Distance(b, a)
		if dab != dba {
			t.Fatalf("Distance(%s,%s)=%d but reverse %d", a, b, dab, dba)
		}
		if (dab == 0) != (a == b) {
			t.Fatalf("Distance(%s,%s)=%d", a, b, dab)
		}
		if dac, dcb := tannenberg.Distance(a, c), tannenberg.Distance(c, b); dab > dac+dcb {
			t.Fatalf("triangle: %s %s %s: %d > %d+%d", a, b, c, dab, dac, dcb)
		}
		// A greedy walk reaches b in exactly dab steps.
		h, steps := a, 0
		for h != b {
			best := h
			for _, n := range tannenberg.Neighbours(h) {
				if tannenberg.Distance(n, b) < tannenberg.Distance(best, b) {
					best = n
				}
			}
			h = best
			steps++
			if steps > 200 {
				t.Fatal("greedy walk lost")
			}
		}
		if steps != dab {
			t.Fatalf("walk %s->%s took %d, Distance says %d", a, b, steps, dab)
		}
	}
}

func TestDistanceKnown(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"0303", "1503", 12}, // same column, 12 rows: zig-zag straight south
		{"0303", "0318", 15},
		{"0101", "0102", 1},
		{"0613", "0613", 0},
		{"0303", "2918", 28}, // 26 rows drift 13 columns; 2 more in-row steps
	} {
		a, _ := Parse(c.a)
		b, _ := Parse(c.b)
		if got := tannenberg.Distance(a, b); got != c.want {
			t.Errorf("Distance(%s,%s)=%d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestRings(t *testing.T) {
	c, _ := Parse("1515")
	for n := 0; n <= 6; n++ {
		ring := tannenberg.Ring(c, n)
		want := 6 * n
		if n == 0 {
			want = 1
		}
		if len(ring) != want {
			t.Fatalf("ring %d has %d hexes", n, len(ring))
		}
		seen := map[Hex]bool{}
		for _, h := range ring {
			if d := tannenberg.Distance(c, h); d != n {
				t.Fatalf("ring %d holds %s at distance %d", n, h, d)
			}
			if seen[h] {
				t.Fatalf("ring %d repeats %s", n, h)
			}
			seen[h] = true
		}
	}
	if got := len(tannenberg.Within(c, 3)); got != 37 {
		t.Errorf("Within 3 = %d hexes, want 37", got)
	}
}

func TestAtInvertsCenter(t *testing.T) {
	for _, h := range tannenberg.All() {
		x, y := tannenberg.Center(h)
		if got := tannenberg.At(x+0.2, y-0.2); got != h {
			t.Fatalf("At(Center(%s)+small) = %s", h, got)
		}
	}
}

func TestCornersBoundSides(t *testing.T) {
	h, _ := Parse("1010")
	for _, d := range Dirs {
		i, j := SideCorners(d)
		n := tannenberg.Neighbour(h, d)
		// The side's two corners are shared by the neighbour.
		for _, k := range []int{i, j} {
			x, y := tannenberg.Corner(h, k)
			found := false
			for m := 0; m < 6; m++ {
				x2, y2 := tannenberg.Corner(n, m)
				if (x-x2)*(x-x2)+(y-y2)*(y-y2) < 1e-9 {
					found = true
				}
			}
			if !found {
				t.Errorf("corner %d of %s (side %s) not a corner of %s", k, h, d, n)
			}
		}
	}
}

func TestDirs(t *testing.T) {
	for _, d := range Dirs {
		p, err := ParseDir(d.String())
		if err != nil || p != d {
			t.Errorf("ParseDir(%s) = %v, %v", d, p, err)
		}
	}
	if _, err := ParseParity("sideways"); err == nil {
		t.Error("ParseParity accepted nonsense")
	}
}
