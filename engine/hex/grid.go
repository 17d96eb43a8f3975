package hex

import (
	"fmt"
	"math"
)

// Parity says which printed rows are shifted half a hex to the west of the
// others. The Tannenberg text does not say (digest 002 B.1); the scenario
// data chooses.
type Parity int

const (
	// EvenRowsWest shifts even-numbered rows half a hex west of odd rows.
	EvenRowsWest Parity = iota
	// OddRowsWest shifts odd-numbered rows half a hex west of even rows.
	OddRowsWest
)

func (p Parity) String() string {
	switch p {
	case EvenRowsWest:
		return "even-rows-west"
	case OddRowsWest:
		return "odd-rows-west"
	}
	return fmt.Sprintf("Parity(%d)", int(p))
}

// ParseParity reads "even-rows-west" or "odd-rows-west".
func ParseParity(s string) (Parity, error) {
	switch s {
	case "even-rows-west":
		return EvenRowsWest, nil
	case "odd-rows-west":
		return OddRowsWest, nil
	}
	return 0, fmt.Errorf("parity %q: want even-rows-west or odd-rows-west", s)
}

// Grid is a map's extent and numbering: rows 1..Rows, columns 1..Cols.
type Grid struct {
	Rows, Cols int
	Parity     Parity
}

// Contains reports whether h is on the map.
func (g Grid) Contains(h Hex) bool {
	return h.Row >= 1 && h.Row <= g.Rows && h.Col >= 1 && h.Col <= g.Cols
}

// Index numbers the hexes of the map from 0 to Size()-1, row by row, for
// tables kept in slices. Only a hex of the map has one.
func (g Grid) Index(h Hex) int { return (h.Row-1)*g.Cols + h.Col - 1 }

// Size is how many hexes the map has.
func (g Grid) Size() int { return g.Rows * g.Cols }

// All lists every hex on the map, row by row, each row from column 1.
func (g Grid) All() []Hex {
	out := make([]Hex, 0, g.Rows*g.Cols)
	for r := 1; r <= g.Rows; r++ {
		for c := 1; c <= g.Cols; c++ {
			out = append(out, Hex{r, c})
		}
	}
	return out
}

// Edge reports whether h is on the map and has a neighbour off it.
func (g Grid) Edge(h Hex) bool {
	if !g.Contains(h) {
		return false
	}
	for _, d := range Dirs {
		if !g.Contains(g.Neighbour(h, d)) {
			return true
		}
	}
	return false
}

// shift is 1 for rows shifted west, 0 otherwise.
func (g Grid) shift(row int) int {
	even := row%2 == 0
	if (g.Parity == EvenRowsWest) == even {
		return 1
	}
	return 0
}

// Axial returns h's axial coordinates: q grows east, r (the row) grows south.
func (g Grid) Axial(h Hex) (q, r int) {
	east := -h.Col
	return east - floorDiv(h.Row+g.shift(h.Row), 2), h.Row
}

// FromAxial is the inverse of Axial.
func (g Grid) FromAxial(q, r int) Hex {
	east := q + floorDiv(r+g.shift(r), 2)
	return Hex{Row: r, Col: -east}
}

// Cube returns h's cube coordinates (x+y+z == 0).
func (g Grid) Cube(h Hex) (x, y, z int) {
	q, r := g.Axial(h)
	return q, -q - r, r
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Neighbour is the hex next to h in direction d (possibly off the map).
func (g Grid) Neighbour(h Hex, d Dir) Hex {
	q, r := g.Axial(h)
	s := axialStep[d]
	return g.FromAxial(q+s[0], r+s[1])
}

// Neighbours lists the six hexes around h, clockwise from east. Some may be
// off the map.
func (g Grid) Neighbours(h Hex) [6]Hex {
	var out [6]Hex
	for i, d := range Dirs {
		out[i] = g.Neighbour(h, d)
	}
	return out
}

// DirTo returns the direction from a to b if they are adjacent.
func (g Grid) DirTo(a, b Hex) (Dir, bool) {
	qa, ra := g.Axial(a)
	qb, rb := g.Axial(b)
	dq, dr := qb-qa, rb-ra
	for i, s := range axialStep {
		if s[0] == dq && s[1] == dr {
			return Dir(i), true
		}
	}
	return 0, false
}

// Adjacent reports whether a and b share a hexside.
func (g Grid) Adjacent(a, b Hex) bool {
	_, ok := g.DirTo(a, b)
	return ok
}

// Distance is the number of hexes on the shortest path from a to b,
// ignoring terrain.
func (g Grid) Distance(a, b Hex) int {
	qa, ra := g.Axial(a)
	qb, rb := g.Axial(b)
	dq, dr := qa-qb, ra-rb
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Ring lists the hexes at exactly distance n from c, clockwise from the hex
// n steps north-east of c. Hexes off the map are included; filter with
// Contains. Ring(c, 0) is [c].
func (g Grid) Ring(c Hex, n int) []Hex {
	if n <= 0 {
		return []Hex{c}
	}
	q, r := g.Axial(c)
	// Start n steps north-east, then walk the six sides.
	q += axialStep[NE][0] * n
	r += axialStep[NE][1] * n
	out := make([]Hex, 0, 6*n)
	for _, d := range []Dir{SE, SW, W, NW, NE, E} {
		for i := 0; i < n; i++ {
			out = append(out, g.FromAxial(q, r))
			q += axialStep[d][0]
			r += axialStep[d][1]
		}
	}
	return out
}

// Within lists the hexes at distance 0..n from c, nearest rings first.
func (g Grid) Within(c Hex, n int) []Hex {
	var out []Hex
	for i := 0; i <= n; i++ {
		out = append(out, g.Ring(c, i)...)
	}
	return out
}

// Side is a hexside, named by the two hexes that share it, A before B in
// Less order, so both hexes name the same Side.
type Side struct {
	A, B Hex
}

func (s Side) String() string { return s.A.String() + "/" + s.B.String() }

// SideOf returns the hexside of h facing direction d.
func (g Grid) SideOf(h Hex, d Dir) Side {
	return makeSide(h, g.Neighbour(h, d))
}

// SideBetween returns the hexside shared by a and b if they are adjacent.
func (g Grid) SideBetween(a, b Hex) (Side, bool) {
	if !g.Adjacent(a, b) {
		return Side{}, false
	}
	return makeSide(a, b), true
}

func makeSide(a, b Hex) Side {
	if b.Less(a) {
		a, b = b, a
	}
	return Side{A: a, B: b}
}

// Sqrt3by2 is the distance between rows in units of the distance between
// adjacent hex centres.
var Sqrt3by2 = math.Sqrt(3) / 2

// Center returns the centre of h in hex-width units: x grows east, y grows
// south; adjacent centres are 1 apart. North-up drawings use it directly.
func (g Grid) Center(h Hex) (x, y float64) {
	q, r := g.Axial(h)
	return float64(q) + float64(r)/2, float64(r) * Sqrt3by2
}

// Corner returns corner i (0..5, clockwise from the north point) of h, in
// the units of Center. Corner i and i+1 bound the hexside in direction
// NE, E, SE, SW, W, NW for i = 0..5.
func (g Grid) Corner(h Hex, i int) (x, y float64) {
	cx, cy := g.Center(h)
	const radius = 0.5773502691896258 // 1/sqrt(3): centre to corner
	angle := math.Pi/2 - float64(i)*math.Pi/3
	return cx + radius*math.Cos(angle), cy - radius*math.Sin(angle)
}

// SideCorners returns the two corner indices bounding the hexside of a hex
// in direction d.
func SideCorners(d Dir) (int, int) {
	// Corner 0 is north; the NE side runs from corner 0 to 1, E from 1 to 2.
	start := (int(d) + 1) % 6
	return start, (start + 1) % 6
}

// At returns the hex whose centre is nearest the point (x, y) in the units
// of Center.
func (g Grid) At(x, y float64) Hex {
	rf := y / Sqrt3by2
	qf := x - rf/2
	sf := -qf - rf
	q, r, s := math.Round(qf), math.Round(rf), math.Round(sf)
	dq, dr, ds := math.Abs(q-qf), math.Abs(r-rf), math.Abs(s-sf)
	switch {
	case dq > dr && dq > ds:
		q = -r - s
	case dr > ds:
		r = -q - s
	}
	return g.FromAxial(int(q), int(r))
}
