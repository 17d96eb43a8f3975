package scenario

import (
	"slices"
	"sort"
	"strings"
)

// Vocabulary is what a game's data says its map and pieces are made of:
// the terrains of its hexes, the classes of its hexsides, the types and
// sizes of its units and the nations that fight for its sides. A kind the
// data declares nothing of gets that kind's defaults (DefaultVocabulary):
// the vocabulary every game had before data could declare its own, so
// that old data and stored games load as they did.
type Vocabulary struct {
	Terrains    []*TerrainDef
	HexsideDefs []*HexsideDef
	UnitTypes   []*UnitTypeDef
	UnitSizes   []*UnitSizeDef
	Nations     []*Nation
	Sides       []*SideDef  // the sides as a map draws them (looks.go)
	Attributes  []*AttrDecl // fields of records a rules system reads (attrs.go)
	// Defaulted names the kinds (terrain-type, hexside-type, unit-type,
	// unit-size, nation, attribute) the data declared none of.
	Defaulted []string
}

// TerrainDef declares one terrain: its id (used by single-hex corrections
// and by tables), the one-character letter of the terrain grid, a name for
// people and whether units may enter it.
type TerrainDef struct {
	ID     string
	Letter Terrain
	Name   string
	Enter  bool
	// Fill and Pattern are how a map draws it (looks.go).
	Fill     Colour
	Pattern  string
	FieldSrc map[string]Source // the source of each look field
	Src      Source
	Pos      Pos
}

// HexsideDef declares one class of hexside: its id (the word of river and
// hexside records), a name, and whether units may cross it.
type HexsideDef struct {
	ID    SideClass
	Name  string
	Cross bool
	Src   Source
	Pos   Pos
}

// UnitTypeDef declares one unit type (the type= of a unit record).
type UnitTypeDef struct {
	ID       UnitType
	Name     string
	Symbol   string            // the symbol a map draws (one of Symbols)
	FieldSrc map[string]Source // the source of each look field
	Src      Source
	Pos      Pos
}

// UnitSizeDef declares one unit-size symbol (the size= of a unit record).
type UnitSizeDef struct {
	ID   Size
	Name string
	// Mark is what a counter prints for the size ("XXXX", "[XXXX]"); ""
	// prints the id, as sizes named by their symbol (XX, XXX) always did,
	// and "-" prints nothing.
	Mark string
	Src  Source
	Pos  Pos
}

// Nation is a nationality of units, fighting for one side: Kaiser's War
// puts German, Austro-Hungarian, Bulgarian and Turkish units on one side.
type Nation struct {
	ID   string
	Name string
	Side Side
	// How a map draws its counters (looks.go): their fill, the ink of
	// their text and symbols, and a marking (a short text) or an emblem.
	Fill, Ink       Colour
	Marking, Emblem string
	FieldSrc        map[string]Source // the source of each look field
	Src             Source
	Pos             Pos
}

// defaultSrc is the source of a default declaration.
var defaultSrc = Source{Kind: Authored, Ref: "the default vocabulary of data that declares none (docs/scenarios.md)"}

// DefaultVocabulary is the vocabulary of data that declares none: the
// terrains, hexside classes, unit types and sizes of Great War in the East
// (std 5.4, 2.32; digest 002 4.1), written before data could declare its
// own. Nations have no defaults here: each side is a nation of its own,
// made once the sides are known.
func DefaultVocabulary() *Vocabulary {
	v := &Vocabulary{}
	for _, t := range []struct {
		l     Terrain
		enter bool
	}{{Clear, true}, {Forest, true}, {Broken, true}, {Swamp, true}, {Lake, false}, {Sea, false}} {
		n := terrainNames[t.l]
		v.Terrains = append(v.Terrains, &TerrainDef{ID: n, Letter: t.l, Name: n, Enter: t.enter, Src: defaultSrc})
	}
	for _, c := range []SideClass{MinorRiver, MajorRiver, Blocked} {
		v.HexsideDefs = append(v.HexsideDefs, &HexsideDef{ID: c, Name: c.String(), Cross: c != Blocked, Src: defaultSrc})
	}
	for _, t := range []struct {
		id   UnitType
		name string
	}{{Infantry, "infantry"}, {Cavalry, "cavalry"}, {Artillery, "artillery"}, {Depot, "depot"}, {HQ, "headquarters"}} {
		v.UnitTypes = append(v.UnitTypes, &UnitTypeDef{ID: t.id, Name: t.name, Src: defaultSrc})
	}
	for _, s := range []struct {
		id   Size
		name string
	}{{"III", "regiment"}, {"X", "brigade"}, {"XX", "division"}, {"XXX", "corps"}} {
		v.UnitSizes = append(v.UnitSizes, &UnitSizeDef{ID: s.id, Name: s.name, Src: defaultSrc})
	}
	defaultLooks(v)
	v.Defaulted = []string{"terrain-type", "hexside-type", "unit-type", "unit-size"}
	return v
}

// Terrain returns the declaration of terrain letter t, or nil.
func (v *Vocabulary) Terrain(t Terrain) *TerrainDef {
	return first(v.Terrains, func(d *TerrainDef) bool { return d.Letter == t })
}

// TerrainByKey finds a terrain by its letter or its id.
func (v *Vocabulary) TerrainByKey(s string) *TerrainDef {
	return first(v.Terrains, func(d *TerrainDef) bool { return d.ID == s || (len(s) == 1 && d.Letter == Terrain(s[0])) })
}

// Hexside returns the declaration of hexside class c, or nil.
func (v *Vocabulary) Hexside(c SideClass) *HexsideDef {
	return first(v.HexsideDefs, func(d *HexsideDef) bool { return d.ID == c })
}

// UnitType returns the declaration of unit type t, or nil.
func (v *Vocabulary) UnitType(t UnitType) *UnitTypeDef {
	return first(v.UnitTypes, func(d *UnitTypeDef) bool { return d.ID == t })
}

// UnitSize returns the declaration of unit size s, or nil.
func (v *Vocabulary) UnitSize(s Size) *UnitSizeDef {
	return first(v.UnitSizes, func(d *UnitSizeDef) bool { return d.ID == s })
}

// Nation returns a nation by id, or nil.
func (v *Vocabulary) Nation(id string) *Nation {
	return first(v.Nations, func(n *Nation) bool { return n.ID == id })
}

// NationsOf lists the nations fighting for side s, in declaration order.
func (v *Vocabulary) NationsOf(s Side) []*Nation {
	var out []*Nation
	for _, n := range v.Nations {
		if n.Side == s {
			out = append(out, n)
		}
	}
	return out
}

// Declared reports whether the data declared its own kind (terrain-type,
// hexside-type, unit-type, unit-size or nation) rather than taking the
// default.
func (v *Vocabulary) Declared(kind string) bool {
	for _, k := range v.Defaulted {
		if k == kind {
			return false
		}
	}
	return true
}

// --- parsing --------------------------------------------------------------

// declare reads one declaration record. Declarations are read in the first
// pass, with the sides, so that grids and units can be checked against
// them.
func (p *parser) declare(r *record) {
	if r.Keyword == "attribute" {
		p.declareAttr(r)
		return
	}
	if !p.args(r, 1, r.Keyword+" ID name=NAME ...") {
		return
	}
	v := p.vocab()
	id := r.Args[0].Value
	src, _ := p.source(r, "")
	dup := func(prev Pos) { p.errf(r.Pos, "%s %s already declared at %s", r.Keyword, id, prev) }
	switch r.Keyword {
	case "terrain-type":
		p.known(r, "letter", "name", "enter", "fill", "pattern")
		d := &TerrainDef{ID: id, Name: p.str(r, "name", true), Enter: p.yesNo(r, "enter", true), Src: src, Pos: r.Pos}
		p.terrainLook(r, d)
		l := p.str(r, "letter", true)
		if len(l) != 1 || l == "-" {
			p.errf(r.Pos, "terrain-type %s: letter=%s: want one character other than -", id, l)
			return
		}
		d.Letter = Terrain(l[0])
		for _, q := range v.Terrains {
			if q.ID == id {
				dup(q.Pos)
				return
			}
			if q.Letter == d.Letter {
				p.errf(r.Pos, "terrain-type %s: letter %s is already %s's (%s)", id, l, q.ID, q.Pos)
				return
			}
		}
		v.Terrains = append(v.Terrains, d)
	case "hexside-type":
		p.known(r, "name", "cross")
		if q := v.Hexside(SideClass(id)); q != nil {
			dup(q.Pos)
			return
		}
		v.HexsideDefs = append(v.HexsideDefs, &HexsideDef{ID: SideClass(id), Name: p.str(r, "name", true), Cross: p.yesNo(r, "cross", true), Src: src, Pos: r.Pos})
	case "unit-type":
		p.known(r, "name", "symbol")
		if q := v.UnitType(UnitType(id)); q != nil {
			dup(q.Pos)
			return
		}
		d := &UnitTypeDef{ID: UnitType(id), Name: p.str(r, "name", true), Src: src, Pos: r.Pos}
		p.unitTypeLook(r, d)
		v.UnitTypes = append(v.UnitTypes, d)
	case "unit-size":
		p.known(r, "name", "mark")
		if q := v.UnitSize(Size(id)); q != nil {
			dup(q.Pos)
			return
		}
		mark := p.str(r, "mark", false)
		if len(mark) > 8 || strings.ContainsAny(mark, " \t") {
			p.errf(r.Pos, "unit-size %s: mark=%q: want a symbol of at most 8 characters, such as XXXX", id, mark)
		}
		v.UnitSizes = append(v.UnitSizes, &UnitSizeDef{ID: Size(id), Name: p.str(r, "name", true), Mark: mark, Src: src, Pos: r.Pos})
	case "nation":
		p.known(r, "name", "side", "fill", "ink", "marking", "emblem")
		if q := v.Nation(id); q != nil {
			dup(q.Pos)
			return
		}
		n := &Nation{ID: id, Name: p.str(r, "name", true), Side: p.sideField(r, "side"), Src: src, Pos: r.Pos}
		p.nationLook(r, n)
		v.Nations = append(v.Nations, n)
	}
}

// vocab returns the vocabulary being declared, making it on first use.
func (p *parser) vocab() *Vocabulary {
	if p.g.Vocab == nil {
		p.g.Vocab = &Vocabulary{}
	}
	return p.g.Vocab
}

// yesNo reads a yes/no field, required or defaulting to yes.
func (p *parser) yesNo(r *record, key string, required bool) bool {
	if _, ok := r.field(key); !ok {
		if required {
			p.errf(r.Pos, "%s: missing %s=yes or %s=no", r.Keyword, key, key)
		}
		return true
	}
	return p.boolean(r, key)
}

// finishVocab fills in the default of every kind the data declared none
// of, once the first pass has read every declaration and side.
func (p *parser) finishVocab() {
	v := p.vocab()
	def := DefaultVocabulary()
	if len(v.Terrains) == 0 {
		v.Terrains, v.Defaulted = def.Terrains, append(v.Defaulted, "terrain-type")
	}
	if len(v.HexsideDefs) == 0 {
		v.HexsideDefs, v.Defaulted = def.HexsideDefs, append(v.Defaulted, "hexside-type")
	}
	if len(v.UnitTypes) == 0 {
		v.UnitTypes, v.Defaulted = def.UnitTypes, append(v.Defaulted, "unit-type")
	}
	if len(v.UnitSizes) == 0 {
		v.UnitSizes, v.Defaulted = def.UnitSizes, append(v.Defaulted, "unit-size")
	}
	if len(v.Nations) == 0 {
		// Each side its own nation, as in a game of two armies.
		for _, s := range p.g.Sides {
			v.Nations = append(v.Nations, &Nation{ID: string(s), Name: p.g.SideNames[s], Side: s, Src: defaultSrc})
		}
		v.Defaulted = append(v.Defaulted, "nation")
	}
	if len(v.Attributes) == 0 {
		v.Attributes, v.Defaulted = defaultAttrs(), append(v.Defaulted, "attribute")
	}
	v.fillLooks()
	p.g.Map.vocab = v
}

// terrainKeys lists the declared terrain letters and ids for messages.
func (v *Vocabulary) terrainKeys() string {
	var out []string
	for _, d := range v.Terrains {
		out = append(out, string(d.Letter)+" "+d.ID)
	}
	return strings.Join(out, ", ")
}

// unitNation settles the nation of unit u: the nation= given, or else the
// only nation of its side. A unit that names only its nation takes the
// nation's side.
func (p *parser) unitNation(r *record, u *Unit) {
	v := p.vocab()
	t, given := r.field("nation")
	if given {
		n := v.Nation(t.Value)
		switch {
		case n == nil:
			p.errf(t.Pos, "%s %s: nation=%s is not a declared nation", r.Keyword, u.ID, t.Value)
		case u.Side != "" && n.Side != u.Side:
			p.errf(t.Pos, "%s %s: nation %s fights for %s, not %s", r.Keyword, u.ID, n.ID, n.Side, u.Side)
		default:
			u.Nation, u.Side = n.ID, n.Side
		}
		return
	}
	if u.Side == "" {
		p.errf(r.Pos, "%s %s: missing side= (or nation=)", r.Keyword, u.ID)
		return
	}
	ns := v.NationsOf(u.Side)
	if len(ns) != 1 {
		var ids []string
		for _, n := range ns {
			ids = append(ids, n.ID)
		}
		sort.Strings(ids)
		p.errf(r.Pos, "%s %s: side %s has nations %s: say which with nation=", r.Keyword, u.ID, u.Side, strings.Join(ids, ", "))
		return
	}
	u.Nation = ns[0].ID
}

func (v *Vocabulary) hexsideKeys() string {
	var out []string
	for _, d := range v.HexsideDefs {
		out = append(out, string(d.ID))
	}
	return strings.Join(out, ", ")
}

func (v *Vocabulary) unitTypeKeys() string {
	var out []string
	for _, d := range v.UnitTypes {
		if d.ID != HQ {
			out = append(out, string(d.ID))
		}
	}
	return strings.Join(out, ", ")
}

func (v *Vocabulary) unitSizeKeys() string {
	var out []string
	for _, d := range v.UnitSizes {
		out = append(out, string(d.ID))
	}
	return strings.Join(out, ", ")
}

// first is the first of xs that ok accepts, or nil.
func first[T any](xs []*T, ok func(*T) bool) *T {
	if i := slices.IndexFunc(xs, ok); i >= 0 {
		return xs[i]
	}
	return nil
}
