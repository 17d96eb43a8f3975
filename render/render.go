// Package render draws a hex map with unit counters to a PNG image: terrain,
// the hex grid and numbers, borders, rivers, rails, towns, fortresses,
// trenches, rail exits and entry hexes, and NATO-style counters stacked per
// hex, with a title and a legend in the margin.
//
// The renderer sees only the static map and the counters a caller passes:
// what a side may see is decided before the call (fog of war lives in the
// engine). Output is deterministic: the same input gives the same pixels.
package render

import (
	"image"
	"math"
	"strconv"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Counter is one visible unit as a side may see it.
type Counter struct {
	Hex hex.Hex
	// Box is the id of the box off the map the counter stands in
	// (scenario.Box), if any; Hex is then not read.
	Box    string
	Side   scenario.Side // whose counter it is
	Nation string        // a nation of the data; "" for its side's first
	// Type is a unit type of the data; its symbol is the data's.
	Type    scenario.UnitType
	Size    scenario.Size // "X", "XX", "XXX", or "" (HQs)
	Label   string        // designation, such as "1", "XVII", "vF-1"
	Values  string        // printed values, such as "4-6-5"
	Reduced bool          // the reduced side: drawn lighter with a corner stripe
	// Marker: a Gruppe marker as the other side sees it (T 18): a dark
	// token with its label and nothing of what it hides.
	Marker bool
	// Strength orders a stack: the strongest counter of a hex is drawn
	// on top (attack plus defence, say; 0 for HQs, depots and markers).
	Strength int
	// Ghost: where an enemy was last seen (limited fog): drawn faded, its
	// Values saying when.
	Ghost bool
	// The markers a player would put on the counter; the stack is tagged.
	OutOfSupply, OutOfCommand bool
	// Group names the hidden group the unit is in, for its own side's map
	// ("G3": Tannenberg's Gruppe 3, T 18); the stack is tagged with it.
	Group string
}

// Options tune the picture.
type Options struct {
	HexPx float64 // distance between adjacent hex centres in pixels; 0 means DefaultHexPx
	Title string  // printed in the top margin
	// Unseen, if set, tells the hexes the map's side cannot see: they are
	// shaded (limited fog).
	Unseen func(h hex.Hex) bool
	// This window's moves and combats the side may see, drawn over the
	// counters.
	Arrows  []Arrow
	Clashes []Clash
	// Region, if set, draws only the part of the map around these hexes:
	// a close-up of the fighting on a large map.
	Region []hex.Hex
	// Style, if set, is the look of the map; otherwise it is the look
	// its data declares (NewStyle of the map's vocabulary).
	Style *Style
	// Track, if set, is the turn track drawn below the legend, the box of
	// turn Turn marked.
	Track []*scenario.Turn
	Turn  int
	// Lines are drawn along their hexsides over the borders, each named in
	// the legend: a scenario's front line.
	Lines []Line
}

// Line is a named line along hexsides.
type Line struct {
	Name  string
	Sides []hex.Side
}

// RegionMargin is how many hexes a close-up shows around its region.
const RegionMargin = 2

// DefaultHexPx is the hex size used when Options.HexPx is 0: the
// smallest at which a counter's values read at 100 % (valuesPx).
const DefaultHexPx = 48

// maxShown is how many counters of a stack are drawn; a badge gives the
// count of every stack of two or more.
const maxShown = 3

// Draw draws the map with the counters on it. Counters in one hex form a
// stack, the strongest on top (Counter.Strength), with a badge saying how
// many counters it has. Counters on hexes off the map are not drawn.
func Draw(m *scenario.Map, counters []Counter, opt Options) *image.RGBA {
	return drawLaid(m, counters, opt).c.img
}

// drawLaid draws the picture and keeps where it put things (layout), which
// the tests check.
func drawLaid(m *scenario.Map, counters []Counter, opt Options) *renderer {
	if opt.HexPx <= 0 {
		opt.HexPx = DefaultHexPx
	}
	r := newRenderer(m, counters, opt)
	r.terrain()
	r.trenches()
	r.border()
	r.hexsides()
	r.lines()
	r.hexNumbers()
	r.rails()
	r.halfHexes()
	r.exits()
	r.entries()
	r.fortresses()
	r.towns()
	r.fog()
	r.counters()
	r.arrows()
	r.clashes()
	r.margins()
	r.edges()
	r.title()
	r.legend()
	r.offMap()
	return r
}

type renderer struct {
	m      *scenario.Map
	opt    Options
	s      float64 // hex centre-to-centre distance, px
	rad    float64 // hex centre-to-corner distance, px
	ox, oy float64 // pixel of hex-unit origin
	mapBox image.Rectangle
	legY   int // top of the legend area
	c      *canvas
	f      *faces
	st     *Style
	leg    []legendRow
	// what the legend explains besides the map
	units  []Counter
	stacks []stack
	// what names must not cover: places' marks, exits' names
	marks, exitBoxes []image.Rectangle
	lay              layout
	off              offLayout // boxes.go
}

// layout is where the picture put what must not overlap.
type layout struct {
	labels       []image.Rectangle // town and fortress names
	title, north image.Rectangle
	edge         []edgeLabel // hex numbering on the map's edge
}

func newRenderer(m *scenario.Map, cs []Counter, opt Options) *renderer {
	s := opt.HexPx
	r := &renderer{m: m, opt: opt, s: s, rad: s / math.Sqrt(3), units: cs, st: opt.Style}
	if r.st == nil {
		r.st = NewStyle(m.Vocab())
	}
	r.c = newCanvas(0, 0)
	r.f = newFaces(s)

	// Extent of the hexes, in hex units.
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	g := m.Grid
	hexes := g.All()
	if len(opt.Region) > 0 {
		// The region and two hexes around it, so that what happened
		// there is seen with its surroundings.
		hexes = nil
		for _, h := range opt.Region {
			hexes = append(hexes, g.Within(h, RegionMargin)...)
		}
	}
	for _, h := range hexes {
		x, y := g.Center(h)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	if math.IsInf(minX, 0) {
		minX, minY, maxX, maxY = 0, 0, 0, 0
	}
	// A pointy hex reaches half a hex east and west of its centre and a
	// corner (1/sqrt 3) north and south; a flat one the other way round.
	ex, ey := 0.5, 1/math.Sqrt(3)
	if g.Orientation == hex.Flat {
		ex, ey = ey, ex
	}
	minX, maxX = minX-ex, maxX+ex
	minY, maxY = minY-ey, maxY+ey
	// The sheet's edge runs through the centres of its half-hexes.
	if g.Half != 0 {
		n, e, s, w := sheetEdges(g)
		minX, maxX, minY, maxY = math.Max(minX, w), math.Min(maxX, e), math.Max(minY, n), math.Min(maxY, s)
	}

	// Room on each side for the row numbers and the names of rail exits
	// off the east and west edges (0.38 of a hex beyond the map's edge).
	side := 0.9 * s
	for _, e := range m.Exits {
		if len(opt.Region) == 0 && (e.Hex.Col == m.Grid.FirstCol() || e.Hex.Col == m.Grid.LastCol()) {
			side = max(side, 0.5*s+float64(r.c.textWidth(r.f.small, e.Name)))
		}
	}
	side = math.Round(side)
	top := math.Round(1.45 * s) // the title, then the columns' numbers
	mw := (maxX - minX) * s
	w := int(math.Ceil(mw + 2*side))
	w = max(w, int(12*s))
	// Room for the title, left of the north arrow.
	w = max(w, int(2*side+float64(r.c.textWidth(r.f.title, opt.Title))+1.1*s))
	r.ox = math.Round(side-minX*s) + math.Floor((float64(w)-mw-2*side)/2)
	r.oy = math.Round(top - minY*s)
	r.mapBox = image.Rect(int(math.Floor(minX*s+r.ox)), int(math.Floor(minY*s+r.oy)),
		int(math.Ceil(maxX*s+r.ox)), int(math.Ceil(maxY*s+r.oy)))

	r.legY = r.mapBox.Max.Y + int(math.Round(0.75*s))
	r.stacks = r.layoutStacks(cs) // before the legend, which lists a close-up's
	r.leg = r.layoutLegend(w)
	h := r.legY + r.legendHeight() + int(math.Round(0.3*s))
	r.c.img = image.NewRGBA(image.Rect(0, 0, w, h))
	r.c.fillRect(r.c.img.Rect, paper)
	return r
}

// centre is the pixel centre of hex h.
func (r *renderer) centre(h hex.Hex) pt {
	x, y := r.m.Grid.Center(h)
	return pt{x*r.s + r.ox, y*r.s + r.oy}
}

// corner is corner i of hex h at distance k*radius from the centre
// (k = 1: the corner itself).
func (r *renderer) corner(h hex.Hex, i int, k float64) pt {
	c := r.centre(h)
	a := r.m.Grid.CornerAngle(i)
	return pt{c.X + k*r.rad*math.Cos(a), c.Y - k*r.rad*math.Sin(a)}
}

// sheetEdges are where the sheet's edges run, in hex units, on a map with
// half-hexes: through the centres of the outermost hexes on each edge
// listed in Grid.Half, and at infinity on the others.
func sheetEdges(g hex.Grid) (n, e, s, w float64) {
	n, e, s, w = math.Inf(-1), math.Inf(1), math.Inf(1), math.Inf(-1)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range g.All() {
		x, y := g.Center(h)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	if g.Half&hex.North != 0 {
		n = minY
	}
	if g.Half&hex.East != 0 {
		e = maxX
	}
	if g.Half&hex.South != 0 {
		s = maxY
	}
	if g.Half&hex.West != 0 {
		w = minX
	}
	return n, e, s, w
}

// halfHexes cuts what the map drew past the sheet's edges that halve
// hexes (Grid.Half), before the features drawn over the map's edge.
func (r *renderer) halfHexes() {
	g := r.m.Grid
	if g.Half == 0 || len(r.opt.Region) > 0 { // margins clears a close-up's
		return
	}
	b, m := r.c.img.Rect, r.mapBox
	cut := map[hex.Edges]image.Rectangle{
		hex.North: image.Rect(b.Min.X, b.Min.Y, b.Max.X, m.Min.Y),
		hex.South: image.Rect(b.Min.X, m.Max.Y, b.Max.X, r.legY),
		hex.West:  image.Rect(b.Min.X, m.Min.Y, m.Min.X, m.Max.Y),
		hex.East:  image.Rect(m.Max.X, m.Min.Y, b.Max.X, m.Max.Y),
	}
	for _, e := range []hex.Edges{hex.North, hex.East, hex.South, hex.West} {
		if g.Half&e != 0 {
			r.c.fillRect(cut[e], paper)
		}
	}
}

func (r *renderer) hexPoly(h hex.Hex, k float64) []pt {
	p := make([]pt, 6)
	for i := range p {
		p[i] = r.corner(h, i, k)
	}
	return p
}

// sideEnds gives the two corners of a hexside.
func (r *renderer) sideEnds(s hex.Side) (pt, pt, bool) {
	d, ok := r.m.Grid.DirTo(s.A, s.B)
	if !ok {
		return pt{}, pt{}, false
	}
	i, j := hex.SideCorners(d)
	return r.corner(s.A, i, 1), r.corner(s.A, j, 1), true
}

// drawn lists the hexes on the picture: all of them, or for a region the
// ones whose centre lies within a hex of the image.
func (r *renderer) drawn() []hex.Hex {
	all := r.m.Grid.All()
	if len(r.opt.Region) == 0 {
		return all
	}
	b := r.c.img.Rect
	var out []hex.Hex
	for _, h := range all {
		o := r.centre(h)
		if o.X > float64(b.Min.X)-r.s && o.X < float64(b.Max.X)+r.s && o.Y > float64(b.Min.Y)-r.s && o.Y < float64(b.Max.Y)+r.s {
			out = append(out, h)
		}
	}
	return out
}

func (r *renderer) land(h hex.Hex) bool {
	return r.m.Grid.Contains(h) && !r.m.Terrain(h).Water()
}

// terrain fills every hex with its terrain colour and symbols, over a
// backing of grid colour that shows between the hexes as the grid.
func (r *renderer) terrain() {
	c := r.c
	all := r.drawn()
	grow := 1 + 0.6/r.rad
	for _, h := range all {
		c.poly(r.hexPoly(h, grow)...)
	}
	c.fill(gridInk)
	inset := 1 - (0.45/math.Cos(math.Pi/6))/r.rad
	for _, h := range all {
		c.poly(r.hexPoly(h, inset)...)
		c.fill(r.st.terrainColour(r.m.Terrain(h)))
		r.terrainSymbol(h, r.st.pattern(r.m.Terrain(h)))
	}
}

// terrainSymbol draws the small marks that tell terrain apart without
// colour: pattern t is one of scenario.Patterns, or "" for none.
func (r *renderer) terrainSymbol(h hex.Hex, t string) {
	c, s := r.c, r.s
	o := r.centre(h)
	at := func(x, y float64) pt { return pt{o.X + x*s, o.Y + y*s} }
	switch t {
	case "trees":
		for _, p := range forestDots {
			c.circle(at(p.X, p.Y), 0.065*s)
		}
		c.fill(forestInk)
	case "tufts":
		for _, p := range swampTufts {
			a, b := at(p.X-0.08, p.Y), at(p.X+0.08, p.Y)
			c.seg(a, b, 0.035*s)
			for _, dx := range [...]float64{-0.045, 0, 0.045} {
				c.seg(at(p.X+dx, p.Y), at(p.X+dx*1.6, p.Y-0.07), 0.025*s)
			}
		}
		c.fill(swampInk)
	case "rocks":
		for _, p := range brokenMarks {
			c.polyline([]pt{at(p.X-0.07, p.Y+0.03), at(p.X, p.Y-0.04), at(p.X+0.07, p.Y+0.03)}, 0.03*s)
		}
		c.fill(brokenInk)
	case "waves":
		for _, p := range waveMarks {
			c.polyline([]pt{at(p.X-0.1, p.Y), at(p.X-0.05, p.Y-0.03), at(p.X, p.Y), at(p.X+0.05, p.Y-0.03), at(p.X+0.1, p.Y)}, 0.025*s)
		}
		c.fill(waveInk)
	}
}

// Symbol positions, in hex widths from the hex centre.
var (
	forestDots  = []pt{{-0.22, -0.06}, {0.22, -0.06}, {-0.12, 0.2}, {0.12, 0.2}, {0, -0.2}, {0, 0.33}, {-0.3, 0.13}, {0.3, 0.13}}
	swampTufts  = []pt{{-0.18, -0.02}, {0.18, -0.02}, {0, 0.16}, {-0.2, 0.3}, {0.2, 0.3}}
	brokenMarks = []pt{{-0.2, 0}, {0.2, 0}, {0, 0.16}, {-0.16, 0.3}, {0.16, 0.3}}
	waveMarks   = []pt{{-0.15, -0.1}, {0.15, 0.05}, {-0.1, 0.22}}
)

func (r *renderer) hexNumbers() {
	f := r.f.hexNum
	for _, h := range r.drawn() {
		if !r.land(h) {
			continue
		}
		o := r.hexNumberAt(h)
		r.c.textAt(f, h.String(), o.X, o.Y, centre, hexNumInk)
	}
}

// hexNumberAt is where a hex's number is printed: near the top of the
// hex, or in the half a sheet's edge leaves of a half-hex.
func (r *renderer) hexNumberAt(h hex.Hex) pt {
	g, o, s := r.m.Grid, r.centre(h), r.s
	if !g.HalfHex(h) {
		return pt{o.X, o.Y - 0.3*s}
	}
	x, y := g.Center(h)
	n, e, _, w := sheetEdges(g)
	switch {
	case y == n:
		return pt{o.X, o.Y + 0.2*s}
	case x == e:
		return pt{o.X - 0.25*s, o.Y - 0.3*s}
	case x == w:
		return pt{o.X + 0.25*s, o.Y - 0.3*s}
	}
	return pt{o.X, o.Y - 0.3*s}
}

func (r *renderer) trenches() {
	c, s := r.c, r.s
	for _, h := range hex.SortedKeys(r.m.Trenches) {
		if !r.m.Grid.Contains(h) {
			continue
		}
		o := r.centre(h)
		var p []pt
		for i := 0; i <= 8; i++ {
			y := 0.33
			if i%2 == 1 {
				y = 0.27
			}
			p = append(p, pt{o.X + (-0.28+0.07*float64(i))*s, o.Y + y*s})
		}
		c.polyline(p, 0.045*s)
		c.fill(trenchInk)
	}
}

// border draws the country border along hexsides between land hexes of
// different countries.
func (r *renderer) border() {
	g := r.m.Grid
	c := r.c
	w := math.Max(2, 0.07*r.s)
	for _, h := range g.All() {
		if !r.land(h) || r.m.Country(h) == "" {
			continue
		}
		for _, d := range [...]hex.Dir{hex.E, hex.SE, hex.SW} {
			n := g.Neighbour(h, d)
			if !r.land(n) || r.m.Country(n) == "" || r.m.Country(n) == r.m.Country(h) {
				continue
			}
			s, _ := g.SideBetween(h, n)
			a, b, ok := r.sideEnds(s)
			if !ok {
				continue
			}
			c.seg(a, b, 2.6*w)
			c.fill(borderBand)
			for _, t := range [...][2]float64{{0.06, 0.42}, {0.58, 0.94}} {
				c.seg(a.lerp(b, t[0]), a.lerp(b, t[1]), w)
			}
			c.fill(borderInk)
		}
	}
}

// lines draws the lines of Options.Lines: a dark violet band, dashed.
func (r *renderer) lines() {
	c := r.c
	w := math.Max(2, 0.08*r.s)
	for _, l := range r.opt.Lines {
		for _, s := range l.Sides {
			a, b, ok := r.sideEnds(s)
			if !ok {
				continue
			}
			for _, t := range [...][2]float64{{0.0, 0.3}, {0.45, 0.75}, {0.9, 1.0}} {
				c.seg(a.lerp(b, t[0]), a.lerp(b, t[1]), w)
			}
			c.fill(frontInk)
		}
	}
}

// hexsides draws rivers and blocked hexsides.
func (r *renderer) hexsides() {
	c, s := r.c, r.s
	for _, hs := range r.m.SortedHexsides() {
		a, b, ok := r.sideEnds(hs.Side)
		if !ok {
			continue
		}
		switch hs.Class {
		case scenario.MinorRiver:
			c.line(a, b, math.Max(1.5, 0.055*s))
			c.fill(riverInk)
		case scenario.MajorRiver:
			c.line(a, b, math.Max(2.5, 0.11*s))
			c.fill(riverInk)
		case scenario.Blocked:
			r.blockedSide(a, b)
		default:
			// A class the data declares: impassable ones as blocked,
			// the others as rivers.
			if d := r.m.Vocab().Hexside(hs.Class); d != nil && !d.Cross {
				r.blockedSide(a, b)
				continue
			}
			c.line(a, b, math.Max(1.5, 0.055*s))
			c.fill(riverInk)
		}
	}
}

// blockedSide draws a hexside no unit crosses, from a to b: a dark line
// with cross-hatch ticks.
func (r *renderer) blockedSide(a, b pt) {
	c, s := r.c, r.s
	c.line(a, b, math.Max(2.5, 0.1*s))
	c.fill(blockedInk)
	d := b.sub(a)
	n := pt{-d.Y, d.X}.scale(0.09 * s / d.len())
	for _, t := range [...]float64{0.25, 0.5, 0.75} {
		m := a.lerp(b, t)
		c.seg(m.sub(n), m.add(n), math.Max(1.2, 0.04*s))
	}
	c.fill(blockedInk)
}

// rails draws each rail line through hex centres, with cross-ties.
func (r *renderer) rails() {
	c, s := r.c, r.s
	tie := math.Max(1, 0.03*s)
	for _, l := range r.m.Rails {
		ink := r.st.railInk(l.Country)
		var p []pt
		for _, h := range l.Hexes {
			p = append(p, r.centre(h))
		}
		if len(p) < 2 {
			continue
		}
		w, half := math.Max(1.4, 0.045*s), 0.09*s
		if l.Double {
			half = 0.13 * s
		}
		// One shape per hex-to-hex segment keeps every bounding box small.
		for i := 1; i < len(p); i++ {
			a, b := p[i-1], p[i]
			d := b.sub(a)
			dl := d.len()
			if dl == 0 {
				continue
			}
			u := d.scale(1 / dl)
			n := pt{-u.Y, u.X}
			if l.Double {
				off := n.scale(0.045 * s)
				c.line(a.add(off), b.add(off), w)
				c.line(a.sub(off), b.sub(off), w)
			} else {
				c.line(a, b, w)
			}
			k := int(math.Max(2, math.Round(dl/(0.3*s))))
			for j := 0; j < k; j++ {
				m := a.lerp(b, (float64(j)+0.5)/float64(k))
				c.seg(m.sub(n.scale(half)), m.add(n.scale(half)), tie)
			}
			c.fill(ink)
		}
	}
}

// starPoints is a six-pointed bastion outline around o.
func starPoints(o pt, outer, inner float64) []pt {
	p := make([]pt, 12)
	for i := range p {
		rad := outer
		if i%2 == 1 {
			rad = inner
		}
		a := -math.Pi/2 + float64(i)*math.Pi/6
		p[i] = pt{o.X + rad*math.Cos(a), o.Y + rad*math.Sin(a)}
	}
	return p
}

func itoa(n int) string { return strconv.Itoa(n) }

// fog shades the hexes the side cannot see.
func (r *renderer) fog() {
	if r.opt.Unseen == nil {
		return
	}
	for _, h := range r.drawn() {
		if !r.opt.Unseen(h) {
			continue
		}
		var p []pt
		for i := range 6 {
			p = append(p, r.corner(h, i, 1))
		}
		r.c.poly(p...)
	}
	r.c.fill(fogShade)
}
