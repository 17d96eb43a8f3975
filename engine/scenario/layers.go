package scenario

import (
	"sort"
	"strings"

	"pbem/engine/hex"
)

// Region is a named set of hexes: a province, a VP zone, a set-up zone, the
// hexes one side holds behind a scenario's front line. What a region means
// is the ruleset's; Kind and Side are words it may read.
type Region struct {
	ID    string
	Name  string
	Kind  string // a free word: province, zone, front...
	Side  Side   // the side the region belongs to, if any
	Hexes []hex.Hex
	Src   Source
	Pos   Pos

	set map[hex.Hex]bool
}

// Has reports whether h is in the region.
func (r *Region) Has(h hex.Hex) bool { return r.set[h] }

// FrontLine is a line drawn along hexsides: a scenario's front, an Area of
// Attachment's boundary. Consecutive hexsides meet at a corner.
type FrontLine struct {
	ID    string
	Name  string
	Sides []hex.Side
	Src   Source
	Pos   Pos
}

// EdgeLayer is a named layer of edges from hex to hex: the roads, the
// railways, special links. Attrs are the attribute names its edges may
// carry (gauge, track, capacity, country, line...), declared so that a
// misspelt one is caught.
type EdgeLayer struct {
	ID    string
	Name  string
	Attrs []string
	// Links: edges may join hexes that are not adjacent (a ferry, a transit
	// link); otherwise each edge joins neighbours.
	Links bool
	Edges []*Edge
	Src   Source
	Pos   Pos
}

// Edge joins two hexes in a layer, with its attributes.
type Edge struct {
	A, B  hex.Hex // in the order written
	Attrs map[string]string
	Src   Source
	Pos   Pos
}

// Attr returns an attribute of the edge, "" if it has none.
func (e *Edge) Attr(name string) string { return e.Attrs[name] }

// Between lists the layer's edges joining a and b, either way round, in
// the order written.
func (l *EdgeLayer) Between(a, b hex.Hex) []*Edge {
	var out []*Edge
	for _, e := range l.Edges {
		if (e.A == a && e.B == b) || (e.A == b && e.B == a) {
			out = append(out, e)
		}
	}
	return out
}

// Region looks up a region by id; nil if there is none.
func (m *Map) Region(id string) *Region {
	return first(m.Regions, func(r *Region) bool { return r.ID == id })
}

// Front looks up a front line by id; nil if there is none.
func (m *Map) Front(id string) *FrontLine {
	return first(m.Fronts, func(f *FrontLine) bool { return f.ID == id })
}

// Layer looks up an edge layer by id; nil if there is none. The rail
// records of a game make the layer "rail" (RailLayer).
func (m *Map) Layer(id string) *EdgeLayer {
	return first(m.Layers, func(l *EdgeLayer) bool { return l.ID == id })
}

// RailLayer reads the map's rail lines as an edge layer "rail": an edge for
// each pair of consecutive hexes of a line, with the attributes line,
// country and track (single or double).
func (m *Map) RailLayer() *EdgeLayer {
	l := &EdgeLayer{ID: "rail", Name: "railways", Attrs: []string{"line", "country", "track"}}
	for _, r := range m.Rails {
		track := "single"
		if r.Double {
			track = "double"
		}
		for i := 1; i < len(r.Hexes); i++ {
			l.Edges = append(l.Edges, &Edge{A: r.Hexes[i-1], B: r.Hexes[i], Src: r.Src, Pos: r.HexPos[i],
				Attrs: map[string]string{"line": r.ID, "country": string(r.Country), "track": track}})
		}
	}
	return l
}

// --- parsing --------------------------------------------------------------

func (p *parser) region(r *record) {
	if !p.args(r, 1, "region ID name=... [kind=WORD] [side=SIDE] HEX...") {
		return
	}
	p.known(r, "name", "kind", "side")
	g := &Region{ID: r.Args[0].Value, Name: p.str(r, "name", true), Kind: p.str(r, "kind", false), Pos: r.Pos, set: map[hex.Hex]bool{}}
	if _, ok := r.field("side"); ok {
		g.Side = p.sideField(r, "side")
	}
	g.Src, _ = p.source(r, "")
	for _, a := range r.Args[1:] {
		h, ok := p.hexArg(r, a, "hex")
		if !ok {
			continue
		}
		if g.set[h] {
			p.errf(a.Pos, "region %s: hex %s given twice", g.ID, h)
			continue
		}
		g.set[h] = true
		g.Hexes = append(g.Hexes, h)
	}
	if len(g.Hexes) == 0 {
		p.errf(r.Pos, "region %s holds no hex", g.ID)
	}
	if q := p.g.Map.Region(g.ID); q != nil {
		p.errf(r.Pos, "region %s already declared at %s", g.ID, q.Pos)
		return
	}
	p.g.Map.Regions = append(p.g.Map.Regions, g)
}

func (p *parser) front(r *record) {
	if !p.args(r, 2, "front ID name=... HEXSIDE...") {
		return
	}
	p.known(r, "name")
	f := &FrontLine{ID: r.Args[0].Value, Name: p.str(r, "name", true), Pos: r.Pos}
	f.Src, _ = p.source(r, "")
	grid := p.g.Map.Grid
	for _, a := range r.Args[1:] {
		s, ok := p.sideArg(r, a)
		if !ok {
			continue
		}
		if n := len(f.Sides); n > 0 && !corner(grid, f.Sides[n-1], s) {
			p.errf(a.Pos, "front %s: hexside %s does not meet %s at a corner: the line is broken", f.ID, s, f.Sides[n-1])
		}
		f.Sides = append(f.Sides, s)
	}
	if q := p.g.Map.Front(f.ID); q != nil {
		p.errf(r.Pos, "front %s already declared at %s", f.ID, q.Pos)
		return
	}
	p.g.Map.Fronts = append(p.g.Map.Fronts, f)
}

// corner reports whether hexsides s and t meet at a corner: they share one
// hex and their other hexes are neighbours, the three hexes of the corner.
func corner(g hex.Grid, s, t hex.Side) bool {
	for _, x := range []hex.Hex{s.A, s.B} {
		for _, y := range []hex.Hex{t.A, t.B} {
			if x != y {
				continue
			}
			so, to := other(s, x), other(t, x)
			return so != to && g.Adjacent(so, to)
		}
	}
	return false
}

func other(s hex.Side, h hex.Hex) hex.Hex {
	if s.A == h {
		return s.B
	}
	return s.A
}

// layer declares an edge layer: layer ID name=... attrs=a,b,c [links=yes].
func (p *parser) layer(r *record) {
	if !p.args(r, 1, "layer ID name=... attrs=NAME,NAME... [links=yes]") {
		return
	}
	p.known(r, "name", "attrs", "links")
	l := &EdgeLayer{ID: r.Args[0].Value, Name: p.str(r, "name", true), Links: p.boolean(r, "links"), Pos: r.Pos}
	if v := p.str(r, "attrs", false); v != "" {
		l.Attrs = strings.Split(v, ",")
	}
	l.Src, _ = p.source(r, "")
	if q := p.g.Map.Layer(l.ID); q != nil {
		p.errf(r.Pos, "layer %s already declared at %s", l.ID, q.Pos)
		return
	}
	p.g.Map.Layers = append(p.g.Map.Layers, l)
}

// edges adds a path of edges to a layer: edges LAYER HEX HEX... ATTR=VALUE...
// Every consecutive pair of hexes is an edge carrying the attributes.
func (p *parser) edges(r *record) {
	if !p.args(r, 3, "edges LAYER HEX HEX... ATTR=VALUE...") {
		return
	}
	l := p.g.Map.Layer(r.Args[0].Value)
	if l == nil {
		p.errf(r.Args[0].Pos, "edges: no layer %q is declared", r.Args[0].Value)
		return
	}
	p.known(r, l.Attrs...)
	attrs := map[string]string{}
	for _, f := range r.Fields {
		if f.Key != "src" && !strings.HasSuffix(f.Key, ".src") {
			attrs[f.Key] = f.Value
		}
	}
	src, _ := p.source(r, "")
	var prev hex.Hex
	for i, a := range r.Args[1:] {
		h, ok := p.hexArg(r, a, "hex")
		if !ok {
			return
		}
		if i > 0 {
			if !l.Links && !p.g.Map.Grid.Adjacent(prev, h) {
				p.errf(a.Pos, "edges %s: %s does not touch %s (a layer of links between distant hexes says links=yes)", l.ID, h, prev)
				return
			}
			l.Edges = append(l.Edges, &Edge{A: prev, B: h, Attrs: attrs, Src: src, Pos: a.Pos})
		}
		prev = h
	}
}

// hexsideRecord gives hexsides a declared class: hexside CLASS HEXSIDE...
// [name=...]. The river and blocked records are its older spellings.
func (p *parser) hexsideRecord(r *record) {
	if !p.args(r, 2, "hexside CLASS HEXSIDE... [name=...]") {
		return
	}
	p.known(r, "name")
	class := SideClass(r.Args[0].Value)
	if p.vocab().Hexside(class) == nil {
		p.errf(r.Args[0].Pos, "hexside: %q is not a declared hexside class (%s)", class, p.vocab().hexsideKeys())
		return
	}
	name := p.str(r, "name", false)
	src, _ := p.source(r, "")
	for _, a := range r.Args[1:] {
		if s, ok := p.sideArg(r, a); ok {
			p.addSide(r, a, s, class, name, src)
		}
	}
}

// finishLayers makes the rail layer from the rail records and puts the
// layers in id order.
func (p *parser) finishLayers() {
	m := p.g.Map
	if len(m.Rails) > 0 {
		if q := m.Layer("rail"); q != nil {
			p.errf(q.Pos, "layer rail: the rail records make the layer rail; give this layer another id")
		} else {
			m.Layers = append(m.Layers, m.RailLayer())
		}
	}
	sort.SliceStable(m.Layers, func(i, j int) bool { return m.Layers[i].ID < m.Layers[j].ID })
}
