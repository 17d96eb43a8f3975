package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Looks: how a map draws what the data declares. A nation's counters
// have its colours and marking, a side's moves and rails its colours, a
// unit type its symbol, a terrain its fill and pattern; boxes off the map
// are drawn in the margin. Data that declares no look gets the default
// look (fillLooks), which is how maps were drawn before data could say.

// Colour is an sRGB colour, written #rrggbb in the data.
type Colour struct{ R, G, B uint8 }

// ParseColour reads #rrggbb.
func ParseColour(s string) (Colour, error) {
	if len(s) != 7 || s[0] != '#' {
		return Colour{}, fmt.Errorf("%q: want a colour #rrggbb", s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return Colour{}, fmt.Errorf("%q: want a colour #rrggbb of hex digits", s)
	}
	return Colour{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

func (c Colour) String() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// The names of what a map knows how to draw; the data picks among them.
var (
	// Symbols are the unit symbols (NATO style) of unit-type symbol=;
	// "box" is the plain frame of a type with no symbol of its own.
	Symbols = []string{"infantry", "cavalry", "artillery", "supply", "hq", "mountain", "engineer",
		"armoured-train", "fortress", "armour", "box"}
	// Emblems are the nation markings of nation emblem=, drawn in the
	// counter's top right corner (the reduced side's stripe is top left).
	Emblems = []string{"stripe", "band", "dot", "cross", "star", "crescent"}
	// Patterns are the terrain marks of terrain-type pattern=, which tell
	// terrains apart without colour.
	Patterns = []string{"trees", "tufts", "rocks", "waves"}
	// BoxEdges are the margins a box record's at= may name.
	BoxEdges = []string{"north", "south", "east", "west"}
)

// maxMarking is how many characters a nation's marking text may have: it
// stands in a counter's corner beside the unit size.
const maxMarking = 3

// SideDef is a side as a map draws it: its name, and the colours of its
// moves and of its rail lines (RailLine.Country, Exit.Country).
type SideDef struct {
	ID    Side
	Name  string
	Arrow Colour
	Rail  Colour
	// FieldSrc is the source of each look field (arrow, rail): the
	// record's, the field's own (FIELD.src=) or the default look's.
	FieldSrc map[string]Source
	Pos      Pos
}

// Box is a box printed off the map (an available box, a dead pile), drawn
// in the map's margin with the counters in it.
type Box struct {
	ID   string
	Name string
	Side Side   // whose box it is; "" for both sides'
	At   string // the margin it stands in: one of BoxEdges
	Src  Source
	Pos  Pos
}

// Side returns the look of side s, or nil.
func (v *Vocabulary) Side(s Side) *SideDef {
	return first(v.Sides, func(d *SideDef) bool { return d.ID == s })
}

// defaultLookSrc is the source of a look the data does not declare.
var defaultLookSrc = Source{Kind: Authored, Ref: "the default look of data that declares none: the map colours pbem drew before data could declare them (docs/scenarios.md)"}

// DefaultInk is the ink of a nation's counter text and symbols when the
// data gives none.
var DefaultInk = Colour{0x1a, 0x1a, 0x1a}

// sideLook is the default look of the n-th side and of its nations.
type sideLook struct{ fill, arrow, rail Colour }

// defaultSideLooks are the looks of the first two sides, in the order the
// data declares them: Tannenberg's Russians in light olive with red moves
// and brown rails, its Germans in lightened field grey with blue moves and
// black rails. Further sides are grey (otherSideLook).
var (
	defaultSideLooks = []sideLook{
		{fill: Colour{0xbf, 0xcc, 0x8a}, arrow: Colour{0x8a, 0x10, 0x10}, rail: Colour{0x6e, 0x3f, 0x1c}},
		{fill: Colour{0xb4, 0xb8, 0xb0}, arrow: Colour{0x10, 0x2a, 0x7a}, rail: Colour{0x14, 0x14, 0x14}},
	}
	otherSideLook = sideLook{fill: Colour{0xd8, 0xd8, 0xd8}, arrow: Colour{0x30, 0x30, 0x30}, rail: Colour{0x14, 0x14, 0x14}}
)

// defaultTerrainLooks are the fills and patterns of the default terrains.
var defaultTerrainLooks = map[Terrain]struct {
	fill    Colour
	pattern string
}{
	Clear:  {Colour{0xf6, 0xef, 0xd6}, ""},
	Forest: {Colour{0xa9, 0xcc, 0x8c}, "trees"},
	Broken: {Colour{0xdf, 0xc7, 0x98}, "rocks"},
	Swamp:  {Colour{0xb9, 0xd8, 0xc8}, "tufts"},
	Lake:   {Colour{0x9c, 0xc8, 0xea}, "waves"},
	Sea:    {Colour{0x6f, 0xa3, 0xd3}, "waves"},
}

// defaultSymbols are the symbols of the default unit types.
var defaultSymbols = map[UnitType]string{
	Infantry: "infantry", Cavalry: "cavalry", Artillery: "artillery", Depot: "supply", HQ: "hq",
}

// defaultLooks gives the default vocabulary's terrains and unit types
// their looks.
func defaultLooks(v *Vocabulary) {
	for _, d := range v.Terrains {
		l := defaultTerrainLooks[d.Letter]
		d.Fill, d.Pattern = l.fill, l.pattern
		d.FieldSrc = map[string]Source{"fill": defaultLookSrc, "pattern": defaultLookSrc}
	}
	for _, d := range v.UnitTypes {
		d.Symbol = defaultSymbols[d.ID]
		d.FieldSrc = map[string]Source{"symbol": defaultLookSrc}
	}
}

// fillLooks gives every look the data left out its default: a side's
// colours by its place among the sides, a nation's fill its side's, a
// declared terrain the clear fill (or the lake's, if no unit may enter
// it), a declared unit type the plain box.
func (v *Vocabulary) fillLooks() {
	def := func(src map[string]Source, field string) bool {
		if _, ok := src[field]; ok {
			return false
		}
		src[field] = defaultLookSrc
		return true
	}
	look := func(s Side) sideLook {
		for i, d := range v.Sides {
			if d.ID == s && i < len(defaultSideLooks) {
				return defaultSideLooks[i]
			}
		}
		return otherSideLook
	}
	for _, d := range v.Sides {
		d.FieldSrc = orEmpty(d.FieldSrc)
		if def(d.FieldSrc, "arrow") {
			d.Arrow = look(d.ID).arrow
		}
		if def(d.FieldSrc, "rail") {
			d.Rail = look(d.ID).rail
		}
	}
	for _, n := range v.Nations {
		n.FieldSrc = orEmpty(n.FieldSrc)
		if def(n.FieldSrc, "fill") {
			n.Fill = look(n.Side).fill
		}
		if def(n.FieldSrc, "ink") {
			n.Ink = DefaultInk
		}
	}
	for _, d := range v.Terrains {
		d.FieldSrc = orEmpty(d.FieldSrc)
		if def(d.FieldSrc, "fill") {
			d.Fill = defaultTerrainLooks[Clear].fill
			if !d.Enter {
				d.Fill = defaultTerrainLooks[Lake].fill
			}
		}
	}
	for _, d := range v.UnitTypes {
		d.FieldSrc = orEmpty(d.FieldSrc)
		if def(d.FieldSrc, "symbol") {
			d.Symbol = "box"
		}
	}
}

func orEmpty(m map[string]Source) map[string]Source {
	if m == nil {
		return map[string]Source{}
	}
	return m
}

// DeclareSides gives a map built in code (NewMap) its sides, each its own
// nation named as the side, in the default look: what data that declares
// no nation gets.
func (m *Map) DeclareSides(sides []Side, names map[Side]string) {
	v := m.Vocab()
	for _, s := range sides {
		v.Sides = append(v.Sides, &SideDef{ID: s, Name: names[s]})
		v.Nations = append(v.Nations, &Nation{ID: string(s), Name: names[s], Side: s, Src: defaultSrc})
	}
	v.Defaulted = append(v.Defaulted, "nation")
	v.fillLooks()
	m.vocab = v
}

// --- parsing --------------------------------------------------------------

// lookSource is the source of look field f of r: its own, or the record's.
func (p *parser) lookSource(r *record, f string, srcs map[string]Source) {
	if s, ok := p.source(r, f); ok {
		srcs[f] = s
		return
	}
	s, _ := r.field("src")
	src, _ := ParseSource(s.Value)
	src.Pos = s.Pos
	srcs[f] = src
}

// colour reads colour field f of r, if given, noting its source.
func (p *parser) colour(r *record, f string, srcs map[string]Source) Colour {
	t, ok := r.field(f)
	if !ok {
		return Colour{}
	}
	c, err := ParseColour(t.Value)
	if err != nil {
		p.errf(t.Pos, "%s %s: %s=%v", r.Keyword, r.Args[0].Value, f, err)
		return Colour{}
	}
	p.lookSource(r, f, srcs)
	return c
}

// oneOf reads field f of r, if given, which must be one of names.
func (p *parser) oneOf(r *record, f string, names []string, srcs map[string]Source) string {
	t, ok := r.field(f)
	if !ok {
		return ""
	}
	if !slices.Contains(names, t.Value) {
		p.errf(t.Pos, "%s %s: %s=%s: want one of %s", r.Keyword, r.Args[0].Value, f, t.Value, strings.Join(names, ", "))
		return ""
	}
	p.lookSource(r, f, srcs)
	return t.Value
}

// sideLook reads the look fields of side record r (arrow=, rail=).
func (p *parser) sideLook(r *record, id Side) {
	d := &SideDef{ID: id, Name: p.g.SideNames[id], FieldSrc: map[string]Source{}, Pos: r.Pos}
	d.Arrow = p.colour(r, "arrow", d.FieldSrc)
	d.Rail = p.colour(r, "rail", d.FieldSrc)
	p.vocab().Sides = append(p.vocab().Sides, d)
}

// nationLook reads the look fields of nation record r.
func (p *parser) nationLook(r *record, n *Nation) {
	n.FieldSrc = map[string]Source{}
	n.Fill = p.colour(r, "fill", n.FieldSrc)
	n.Ink = p.colour(r, "ink", n.FieldSrc)
	n.Emblem = p.oneOf(r, "emblem", Emblems, n.FieldSrc)
	if t, ok := r.field("marking"); ok {
		switch {
		case n.Emblem != "":
			p.errf(t.Pos, "nation %s: a marking= and an emblem=: give one, they stand in the same corner", n.ID)
		case utf8.RuneCountInString(t.Value) > maxMarking || t.Value == "":
			p.errf(t.Pos, "nation %s: marking=%q: want 1 to %d characters", n.ID, t.Value, maxMarking)
		default:
			n.Marking = t.Value
			p.lookSource(r, "marking", n.FieldSrc)
		}
	}
}

// terrainLook reads the look fields of terrain-type record r.
func (p *parser) terrainLook(r *record, d *TerrainDef) {
	d.FieldSrc = map[string]Source{}
	d.Fill = p.colour(r, "fill", d.FieldSrc)
	d.Pattern = p.oneOf(r, "pattern", Patterns, d.FieldSrc)
}

// unitTypeLook reads the look fields of unit-type record r.
func (p *parser) unitTypeLook(r *record, d *UnitTypeDef) {
	d.FieldSrc = map[string]Source{}
	d.Symbol = p.oneOf(r, "symbol", Symbols, d.FieldSrc)
}

// box reads a box record: box ID name=NAME side=SIDE at=EDGE.
func (p *parser) box(r *record) {
	if !p.args(r, 1, "box ID name=NAME side=SIDE at="+strings.Join(BoxEdges, "|")) {
		return
	}
	p.known(r, "name", "side", "at")
	b := &Box{ID: r.Args[0].Value, Name: p.str(r, "name", true), At: p.str(r, "at", true), Pos: r.Pos}
	if _, ok := r.field("side"); ok {
		b.Side = p.sideField(r, "side")
	}
	if t, ok := r.field("at"); ok && !slices.Contains(BoxEdges, b.At) {
		p.errf(t.Pos, "box %s: at=%s: want one of %s", b.ID, b.At, strings.Join(BoxEdges, ", "))
	}
	b.Src, _ = p.source(r, "")
	for _, q := range p.g.Map.Boxes {
		if q.ID == b.ID {
			p.errf(r.Pos, "box %s already declared at %s", b.ID, q.Pos)
			return
		}
	}
	p.g.Map.Boxes = append(p.g.Map.Boxes, b)
}
