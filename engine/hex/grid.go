package hex

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Orientation is how the hexes of a map stand.
type Orientation uint8

const (
	// Pointy hexes have a corner at the top: a row runs straight east-west
	// and alternate rows are shifted half a hex (Tannenberg, digest 002
	// B.1).
	Pointy Orientation = iota
	// Flat hexes have a side at the top: a column runs straight
	// north-south and alternate columns are shifted half a hex (Twilight
	// in the East, digest 001 1.2).
	Flat
)

func (o Orientation) String() string {
	switch o {
	case Pointy:
		return "pointy"
	case Flat:
		return "flat"
	}
	return fmt.Sprintf("Orientation(%d)", int(o))
}

// ParseOrientation reads "pointy" or "flat".
func ParseOrientation(s string) (Orientation, error) {
	switch s {
	case "pointy":
		return Pointy, nil
	case "flat":
		return Flat, nil
	}
	return 0, fmt.Errorf("orientation %q: want pointy or flat", s)
}

// Parity says which printed rows (of pointy hexes) are shifted half a hex
// west of the others, or which columns (of flat hexes) half a hex north.
// No rulebook text says it for Tannenberg (digest 002 B.1); the scenario
// data chooses.
type Parity int

const (
	// EvenRowsWest shifts even-numbered rows half a hex west of odd rows.
	EvenRowsWest Parity = iota
	// OddRowsWest shifts odd-numbered rows half a hex west of even rows.
	OddRowsWest
)

// The same two values name the shifted columns of flat hexes.
const (
	// EvenColsNorth shifts even-numbered columns half a hex north of odd
	// columns (Twilight in the East, digest 001 §1 adjacency).
	EvenColsNorth = EvenRowsWest
	// OddColsNorth shifts odd-numbered columns half a hex north.
	OddColsNorth = OddRowsWest
)

var parityNames = [2][2]string{
	Pointy: {"even-rows-west", "odd-rows-west"},
	Flat:   {"even-cols-north", "odd-cols-north"},
}

func (p Parity) String() string { return p.Name(Pointy) }

// Name is the parity's name for hexes of orientation o.
func (p Parity) Name(o Orientation) string {
	if p < 0 || p > 1 || o > Flat {
		return fmt.Sprintf("Parity(%d)", int(p))
	}
	return parityNames[o][p]
}

// ParseParity reads a parity of pointy hexes: "even-rows-west" or
// "odd-rows-west".
func ParseParity(s string) (Parity, error) { return ParseParityOf(Pointy, s) }

// ParseParityOf reads a parity of hexes of orientation o: "even-rows-west"
// or "odd-rows-west" for pointy hexes, "even-cols-north" or
// "odd-cols-north" for flat ones.
func ParseParityOf(o Orientation, s string) (Parity, error) {
	if o > Flat {
		return 0, fmt.Errorf("parity %q: orientation %s is not known", s, o)
	}
	for i, n := range parityNames[o] {
		if n == s {
			return Parity(i), nil
		}
	}
	return 0, fmt.Errorf("parity %q: want %s or %s (%s hexes)", s, parityNames[o][0], parityNames[o][1], o)
}

// Edges is a set of a map's four edges.
type Edges uint8

// The four edges of a map.
const (
	North Edges = 1 << iota
	East
	South
	West
)

var edgeNames = [...]string{"north", "east", "south", "west"}

func (e Edges) String() string {
	var out []string
	for i, n := range edgeNames {
		if e&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return strings.Join(out, ",")
}

// ParseEdges reads a comma-separated list of edges: "south", "north,south".
func ParseEdges(s string) (Edges, error) {
	var e Edges
	for _, w := range strings.Split(s, ",") {
		i := slices.Index(edgeNames[:], w)
		if i < 0 {
			return 0, fmt.Errorf("edge %q: want north, east, south or west", w)
		}
		e |= 1 << i
	}
	return e, nil
}

// Grid is a map's extent, layout and numbering: rows 1..Rows, columns
// 1..Cols. Its zero layout is Tannenberg's: pointy hexes, columns growing
// westward, ids printed RRCC.
type Grid struct {
	Rows, Cols  int
	Parity      Parity
	Orientation Orientation
	// ColsEast numbers columns from the west edge eastward; every
	// rulebook so far numbers them westward (digests 001, 002, 003).
	ColsEast bool
	// Half lists the edges of the sheet that cut hexes in half
	// (Twilight's row 114, digest 001 1.2; HalfHex says which). A
	// half-hex is on the map.
	Half Edges
	// Codec prints and reads ids; every hex the Grid returns carries it.
	Codec Codec
	// ColOffset shifts the column numbers: the map's columns are
	// ColOffset+1 to ColOffset+Cols. A sheet whose printed numbering
	// does not start at its edge needs it: Kaiser's War puts Lemberg in
	// column 26 (28.4) with Berlin, near the west edge, in column 16.
	ColOffset int
}

// FirstCol is the lowest column number of the map.
func (g Grid) FirstCol() int { return g.ColOffset + 1 }

// LastCol is the highest column number of the map.
func (g Grid) LastCol() int { return g.ColOffset + g.Cols }

// Hex is the hex of row and col in the grid's numbering.
func (g Grid) Hex(row, col int) Hex { return Hex{Row: row, Col: col, codec: g.Codec} }

// Parse reads a printed id in the grid's numbering. The hex may be off the
// map; Contains says.
func (g Grid) Parse(s string) (Hex, error) { return g.Codec.Parse(s) }

// Column is the column of the i-th hex (from 0) of a row or of the map's
// width counted from the west edge, for data written west to east.
func (g Grid) Column(i int) int {
	if g.ColsEast {
		return g.ColOffset + i + 1
	}
	return g.ColOffset + g.Cols - i
}

// HalfHex reports whether h is a half-hex: a hex of the map that a
// straight sheet edge listed in Half cuts through its centre. Along an
// edge that runs across the shifted lines (the north and south edges of
// flat hexes, the east and west edges of pointy ones) only every other hex
// reaches that far out; the ones between end at the edge whole.
func (g Grid) HalfHex(h Hex) bool {
	if g.Half == 0 || !g.Contains(h) {
		return false
	}
	eastmost, westmost := g.FirstCol(), g.LastCol()
	if g.ColsEast {
		eastmost, westmost = westmost, eastmost
	}
	// Flat: the column lies half a hex south of its neighbours (Axial).
	south := (east(g.ColsEast, h.Col)+int(g.Parity))&1 == 1
	// Pointy: the row lies half a hex west of its neighbours.
	west := shift(g.Parity, h.Row) == 1
	flat := g.Orientation == Flat
	return g.Half&North != 0 && h.Row == 1 && (!flat || !south) ||
		g.Half&South != 0 && h.Row == g.Rows && (!flat || south) ||
		g.Half&East != 0 && h.Col == eastmost && (flat || !west) ||
		g.Half&West != 0 && h.Col == westmost && (flat || west)
}

// Contains reports whether h is on the map. A hex of another numbering is
// not, so that a hex made without the game's codec is found out.
func (g Grid) Contains(h Hex) bool {
	c := h.Col - g.ColOffset
	return h.Row >= 1 && h.Row <= g.Rows && c >= 1 && c <= g.Cols && h.codec == g.Codec
}

// Index numbers the hexes of the map from 0 to Size()-1, row by row, for
// tables kept in slices. Only a hex of the map has one.
func (g Grid) Index(h Hex) int { return (h.Row-1)*g.Cols + h.Col - g.ColOffset - 1 }

// IndexHex is the hex of Index i: its inverse.
func (g Grid) IndexHex(i int) Hex { return g.Hex(i/g.Cols+1, g.ColOffset+i%g.Cols+1) }

// Size is how many hexes the map has.
func (g Grid) Size() int { return g.Rows * g.Cols }

// All lists every hex on the map, row by row, each row from its lowest
// column number.
func (g Grid) All() []Hex {
	out := make([]Hex, 0, g.Rows*g.Cols)
	for r := 1; r <= g.Rows; r++ {
		for c := g.FirstCol(); c <= g.LastCol(); c++ {
			out = append(out, g.Hex(r, c))
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

// shift is 1 for rows shifted west under parity p, 0 otherwise:
// even rows under EvenRowsWest (0), odd rows under OddRowsWest (1).
func shift(p Parity, row int) int { return (row + int(p) + 1) & 1 }

// east is how far a column lies east of column 0. (The helpers take
// fields, not the Grid, and >>1 is floor division by 2: Axial must stay
// small enough to be inlined into Distance, the engine's hottest call.)
func east(colsEast bool, col int) int {
	if colsEast {
		return col
	}
	return -col
}

// Axial returns h's axial coordinates. For pointy hexes q grows east and
// r is the row; for flat hexes q is the column counted eastward, and a
// step of r is one hex south. A step to a neighbour is the same (q, r)
// step in either orientation (Dir), turned a twelfth of a turn.
func (g Grid) Axial(h Hex) (q, r int) {
	e := east(g.ColsEast, h.Col)
	if g.Orientation == Flat {
		// The columns whose e+Parity is even lie half a hex north of
		// the others (e has the column's parity): under EvenColsNorth
		// (0) the even columns, under OddColsNorth (1) the odd ones.
		return e, h.Row - (e+int(g.Parity))>>1
	}
	return e - (h.Row+shift(g.Parity, h.Row))>>1, h.Row
}

// FromAxial is the inverse of Axial.
func (g Grid) FromAxial(q, r int) Hex {
	if g.Orientation == Flat {
		return Hex{Row: r + (q+int(g.Parity))>>1, Col: east(g.ColsEast, q), codec: g.Codec}
	}
	e := q + (r+shift(g.Parity, r))>>1
	return Hex{Row: r, Col: east(g.ColsEast, e), codec: g.Codec}
}

// Cube returns h's cube coordinates (x+y+z == 0).
func (g Grid) Cube(h Hex) (x, y, z int) {
	q, r := g.Axial(h)
	return q, -q - r, r
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
	q, r := g.Axial(h)
	for i, d := range Dirs {
		s := axialStep[d]
		out[i] = g.FromAxial(q+s[0], r+s[1])
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
	if g.Orientation == Flat {
		return float64(q) * Sqrt3by2, float64(r) + float64(q)/2
	}
	return float64(q) + float64(r)/2, float64(r) * Sqrt3by2
}

// CornerAngle is the angle, in radians counter-clockwise from east as in
// mathematics (y up), from a hex's centre to its corner i: corner 0 is the
// north point of a pointy hex, the north-east corner of a flat one, and the
// others follow clockwise.
func (g Grid) CornerAngle(i int) float64 {
	a := math.Pi/2 - float64(i)*math.Pi/3
	if g.Orientation == Flat {
		a -= math.Pi / 6
	}
	return a
}

// Corner returns corner i (0..5, clockwise, see CornerAngle) of h, in the
// units of Center. Corners i+1 and i+2 bound the hexside in direction
// Dir(i) (SideCorners).
func (g Grid) Corner(h Hex, i int) (x, y float64) {
	cx, cy := g.Center(h)
	const radius = 0.5773502691896258 // 1/sqrt(3): centre to corner
	angle := g.CornerAngle(i)
	return cx + radius*math.Cos(angle), cy - radius*math.Sin(angle)
}

// SideCorners returns the two corner indices bounding the hexside of a hex
// in direction d, in either orientation.
func SideCorners(d Dir) (int, int) {
	// Pointy: corner 0 is north; the NE side runs from corner 0 to 1, E
	// from 1 to 2. Flat hexes turn both a twelfth of a turn clockwise.
	start := (int(d) + 1) % 6
	return start, (start + 1) % 6
}

// At returns the hex whose centre is nearest the point (x, y) in the units
// of Center.
func (g Grid) At(x, y float64) Hex {
	rf := y / Sqrt3by2
	qf := x - rf/2
	if g.Orientation == Flat {
		qf = x / Sqrt3by2
		rf = y - qf/2
	}
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
