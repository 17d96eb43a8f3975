package scenario

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"pbem/engine/hex"
)

// File is one scenario data file: its name (for messages) and contents.
type File struct {
	Name string
	Data []byte
}

// Load parses a game's files and checks the result. The returned error, if
// any, is an ErrorList holding every problem found, in file and line order;
// the Game is returned even then, as complete as the data allowed.
func Load(files []File) (*Game, error) {
	g, errs := parse(files)
	if len(errs) == 0 {
		errs = append(errs, g.Check()...)
	}
	sortErrors(errs)
	return g, errs.Err()
}

func sortErrors(errs ErrorList) {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i].Pos, errs[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
}

// parser holds what parse needs across files.
type parser struct {
	g        *Game
	errs     ErrorList
	defSrc   *Source // current `default src=`
	letters  map[string]Side
	grids    []*gridBlock
	gridDecl map[string]Pos // grid kind -> where declared
	decls    []*record      // vocabulary declarations (vocab.go)
}

type gridBlock struct {
	kind string // terrain or country
	head *record
	rows []*record
}

func parse(files []File) (*Game, ErrorList) {
	p := &parser{
		g: &Game{
			SideNames:  map[Side]string{},
			units:      map[string]*Unit{},
			formations: map[string]*Formation{},
		},
		letters:  map[string]Side{},
		gridDecl: map[string]Pos{},
	}
	// The grids are allocated once the grid record is read.
	p.g.Map = NewMap(hex.Grid{})
	// game.txt first: the grid must be known before hexes are checked.
	sorted := append([]File(nil), files...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return rank(sorted[i].Name) < rank(sorted[j].Name)
	})
	var deferred []*record
	for _, f := range sorted {
		p.defSrc = nil
		recs := lex(f.Name, f.Data, &p.errs)
		var block *gridBlock
		for _, r := range recs {
			if block != nil {
				switch r.Keyword {
				case "row":
					block.rows = append(block.rows, r)
					continue
				case "end":
					p.grids = append(p.grids, block)
					block = nil
					continue
				default:
					p.errf(r.Pos, "%s grid opened at line %d has no end before this %s", block.kind, block.head.Pos.Line, r.Keyword)
					p.grids = append(p.grids, block)
					block = nil
				}
			}
			if r.Keyword != "default" && r.Keyword != "terrain" && r.Keyword != "country" {
				r = p.withSrc(r)
			}
			switch r.Keyword {
			case "default":
				if s, ok := p.source(r, ""); ok {
					p.defSrc = &s
				}
			case "game":
				p.game(r)
			case "side":
				p.side(r)
			case "grid":
				p.grid(r)
			case "projection":
				p.projection(r)
			case "terrain", "country":
				if len(r.Args) == 0 {
					block = &gridBlock{kind: r.Keyword, head: r}
					// The source of a block is resolved now, under the
					// `default` in force.
					src, _ := p.source(p.withSrc(r), "")
					if r.Keyword == "terrain" {
						p.g.Map.TerrainSrc = src
					} else {
						p.g.Map.CountrySrc = src
					}
					continue
				}
				deferred = append(deferred, p.withSrc(r))
			case "country-letter":
				p.countryLetter(r)
			case "terrain-type", "hexside-type", "unit-type", "unit-size", "nation", "attribute":
				p.decls = append(p.decls, r)
			case "row", "end":
				p.errf(r.Pos, "%s outside a terrain or country grid", r.Keyword)
			default:
				deferred = append(deferred, p.withSrc(r))
			}
		}
		if block != nil {
			p.errf(block.head.Pos, "%s grid has no end", block.kind)
			p.grids = append(p.grids, block)
		}
	}
	for _, r := range p.decls {
		p.declare(r)
	}
	p.finishVocab()
	if p.g.Map.Grid.Rows == 0 {
		p.errf(Pos{File: p.sibling(files, "game.txt"), Line: 1}, "no grid record: the map's rows and columns are unknown")
		return p.g, p.errs
	}
	p.buildGrids(p.sibling(files, "map.txt"))
	// Scenario and layer records first, so that a file's placements find
	// their scenario, and edges their layer, wherever they stand.
	first := func(r *record) bool { return r.Keyword == "scenario" || r.Keyword == "layer" }
	for _, r := range deferred {
		if first(r) {
			p.record(r)
		}
	}
	for _, r := range deferred {
		if !first(r) {
			p.record(r)
		}
	}
	p.finishLayers()
	p.finishPlacements()
	p.index()
	return p.g, p.errs
}

// withSrc fills in `default src=` for a record without its own src.
func (p *parser) withSrc(r *record) *record {
	if _, ok := r.field("src"); !ok && p.defSrc != nil {
		r.Fields = append(r.Fields, token{Key: "src", Value: p.defSrc.String(), Pos: p.defSrc.Pos})
	}
	return r
}

func rank(name string) int {
	base := name[strings.LastIndexAny(name, "/\\")+1:]
	switch {
	case base == "game.txt":
		return 0
	case base == "map.txt":
		return 1
	case base == "units.txt":
		return 2
	}
	return 3
}

func (p *parser) errf(pos Pos, format string, args ...any) { p.errs.add(pos, format, args...) }

func (p *parser) record(r *record) {
	switch r.Keyword {
	case "param":
		p.param(r)
	case "turn":
		p.turn(r)
	case "victory":
		p.victory(r)
	case "box":
		p.box(r)
	case "terrain", "country":
		p.override(r)
	case "town":
		p.town(r)
	case "fortress":
		p.fortress(r)
	case "trench":
		p.trench(r)
	case "river":
		p.river(r)
	case "blocked":
		p.blocked(r)
	case "rail":
		p.rail(r)
	case "exit":
		p.exit(r)
	case "offmap":
		p.offmap(r)
	case "entry":
		p.entry(r)
	case "hexside":
		p.hexsideRecord(r)
	case "region":
		p.region(r)
	case "front":
		p.front(r)
	case "layer":
		p.layer(r)
	case "edges":
		p.edges(r)
	case "table":
		p.table(r)
	case "formation":
		p.formation(r)
	case "unit", "hq":
		p.unit(r)
	case "scenario":
		p.scenario(r)
	case "setup", "arrive", "held", "deploy", "available":
		p.placement(r)
	default:
		p.errf(r.Pos, "unknown record %q", r.Keyword)
	}
}

// --- field helpers --------------------------------------------------------

// source reads the src field of r (or of field f when f != "").
func (p *parser) source(r *record, f string) (Source, bool) {
	key := "src"
	if f != "" {
		key = f + ".src"
	}
	t, ok := r.field(key)
	if !ok {
		if f == "" {
			p.errf(r.Pos, "%s: no src= (every value needs a source: rulebook:CASE or authored:\"note\")", r.Keyword)
		}
		return Source{}, false
	}
	s, err := ParseSource(t.Value)
	if err != nil {
		p.errf(t.Pos, "%s: %s: %v", r.Keyword, key, err)
		return Source{}, false
	}
	s.Pos = t.Pos
	return s, true
}

// ParseSource reads "rulebook:CASE" or "authored:NOTE".
func ParseSource(v string) (Source, error) {
	kind, ref, ok := strings.Cut(v, ":")
	ref = strings.TrimSpace(ref)
	if !ok || ref == "" {
		return Source{}, fmt.Errorf("%q: want rulebook:CASE or authored:\"note\"", v)
	}
	switch kind {
	case "rulebook":
		return Source{Kind: Rulebook, Ref: ref}, nil
	case "authored":
		return Source{Kind: Authored, Ref: ref}, nil
	}
	return Source{}, fmt.Errorf("%q: source kind %q is neither rulebook nor authored", v, kind)
}

// known checks that r has only the listed fields (plus src and FIELD.src).
func (p *parser) known(r *record, fields ...string) {
	for _, f := range r.Fields {
		name := strings.TrimSuffix(f.Key, ".src")
		if name == "src" {
			continue
		}
		found := false
		for _, k := range fields {
			if k == name {
				found = true
			}
		}
		if !found {
			p.errf(f.Pos, "%s: unknown field %q (want %s)", r.Keyword, f.Key, strings.Join(fields, ", "))
		}
	}
}

func (p *parser) str(r *record, key string, required bool) string {
	t, ok := r.field(key)
	if !ok {
		if required {
			p.errf(r.Pos, "%s: missing %s=", r.Keyword, key)
		}
		return ""
	}
	return t.Value
}

func (p *parser) integer(r *record, key string, required bool, def int) int {
	t, ok := r.field(key)
	if !ok {
		if required {
			p.errf(r.Pos, "%s: missing %s=", r.Keyword, key)
		}
		return def
	}
	n, err := strconv.Atoi(t.Value)
	if err != nil {
		p.errf(t.Pos, "%s: %s=%s is not a whole number", r.Keyword, key, t.Value)
		return def
	}
	return n
}

func (p *parser) float(r *record, key string) float64 {
	t, ok := r.field(key)
	if !ok {
		p.errf(r.Pos, "%s: missing %s=", r.Keyword, key)
		return 0
	}
	f, err := strconv.ParseFloat(t.Value, 64)
	if err != nil {
		p.errf(t.Pos, "%s: %s=%s is not a number", r.Keyword, key, t.Value)
	}
	return f
}

func (p *parser) boolean(r *record, key string) bool {
	t, ok := r.field(key)
	if !ok {
		return false
	}
	switch t.Value {
	case "yes", "true":
		return true
	case "no", "false":
		return false
	}
	p.errf(t.Pos, "%s: %s=%s: want yes or no", r.Keyword, key, t.Value)
	return false
}

// hexArg reads a hex id and checks it is on the map.
func (p *parser) hexArg(r *record, t token, what string) (hex.Hex, bool) {
	h, err := p.g.Map.Grid.Parse(t.Value)
	if err != nil {
		p.errf(t.Pos, "%s: %s: %v", r.Keyword, what, err)
		return hex.Hex{}, false
	}
	if !p.g.Map.Grid.Contains(h) {
		p.errf(t.Pos, "%s: %s %s is off the map (rows 01-%02d, columns %02d-%02d)", r.Keyword, what, h, p.g.Map.Grid.Rows, p.g.Map.Grid.FirstCol(), p.g.Map.Grid.LastCol())
		return h, false
	}
	return h, true
}

func (p *parser) args(r *record, n int, usage string) bool {
	if len(r.Args) < n {
		p.errf(r.Pos, "%s: want %s", r.Keyword, usage)
		return false
	}
	return true
}

func (p *parser) side(r *record) {
	if !p.args(r, 1, "side ID name=NAME") {
		return
	}
	p.known(r, "name", "arrow", "rail")
	id := Side(r.Args[0].Value)
	if _, dup := p.g.SideNames[id]; dup {
		p.errf(r.Pos, "side %s declared twice", id)
	}
	p.g.Sides = append(p.g.Sides, id)
	p.g.SideNames[id] = p.str(r, "name", true)
	p.source(r, "")
	p.sideLook(r, id)
}

func (p *parser) sideField(r *record, key string) Side {
	v := p.str(r, key, true)
	if v == "" {
		return ""
	}
	s := Side(v)
	if _, ok := p.g.SideNames[s]; !ok {
		t, _ := r.field(key)
		p.errf(t.Pos, "%s: %s=%s is not a declared side", r.Keyword, key, v)
	}
	return s
}

// --- game.txt -------------------------------------------------------------

func (p *parser) game(r *record) {
	p.known(r, "title", "rulebook", "system")
	if !p.args(r, 1, "game ID title=... rulebook=... system=...") {
		return
	}
	p.g.ID = r.Args[0].Value
	p.g.Title = p.str(r, "title", true)
	p.g.Rulebook = p.str(r, "rulebook", true)
	p.g.System = p.str(r, "system", true)
	p.g.Src, _ = p.source(r, "")
}

func (p *parser) grid(r *record) {
	p.known(r, "rows", "cols", "parity", "orientation", "numbering", "digits", "cols-grow", "half", "first-col")
	g := hex.Grid{Rows: p.integer(r, "rows", true, 0), Cols: p.integer(r, "cols", true, 0)}
	if err := gridLayout(&g, func(k string) string { return p.str(r, k, false) }); err != nil {
		p.errf(r.Pos, "grid: %v", err)
	}
	if v := p.str(r, "parity", true); v != "" {
		par, err := hex.ParseParityOf(g.Orientation, v)
		if err != nil {
			p.errf(r.Pos, "grid: %v", err)
		}
		g.Parity = par
	}
	if max := g.Codec.Max(); g.Rows < 1 || g.Rows > max || g.Cols < 1 || g.Cols > max {
		p.errf(r.Pos, "grid: rows and cols must be 1-%d (%s numbering)", max, g.Codec.Pattern())
		return
	} else if g.LastCol() > max {
		p.errf(r.Pos, "grid: first-col=%d with cols=%d runs to column %d, past %d (%s numbering)", g.FirstCol(), g.Cols, g.LastCol(), max, g.Codec.Pattern())
		return
	}
	p.g.Map.Grid = g
	p.g.Map.GridSrc, _ = p.source(r, "")
}

// gridLayout reads the grid record's optional layout and numbering: a
// grid without them is Tannenberg's, pointy hexes numbered RRCC with
// columns growing westward.
func gridLayout(g *hex.Grid, field func(string) string) error {
	if v := field("orientation"); v != "" {
		o, err := hex.ParseOrientation(v)
		if err != nil {
			return err
		}
		g.Orientation = o
	}
	scheme, digits := hex.RRCC, 2
	if v := field("numbering"); v != "" {
		s, err := hex.ParseScheme(v)
		if err != nil {
			return err
		}
		scheme = s
	}
	if v := field("digits"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("digits=%s is not a whole number", v)
		}
		digits = n
	}
	c, err := hex.NewCodec(scheme, digits)
	if err != nil {
		return err
	}
	g.Codec = c
	switch v := field("cols-grow"); v {
	case "", "west":
	case "east":
		g.ColsEast = true
	default:
		return fmt.Errorf("cols-grow=%s: want west or east", v)
	}
	if v := field("first-col"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("first-col=%s: want a column number from 1", v)
		}
		g.ColOffset = n - 1
	}
	if v := field("half"); v != "" {
		e, err := hex.ParseEdges(v)
		if err != nil {
			return fmt.Errorf("half=%s: %v", v, err)
		}
		g.Half = e
	}
	return nil
}

func (p *parser) projection(r *record) {
	p.known(r, "kind", "ref", "lat", "lon", "km", "parallel", "parallel2", "meridian")
	t, ok := r.field("ref")
	if !ok {
		p.errf(r.Pos, "projection: missing ref=")
		return
	}
	ref, err := p.g.Map.Grid.Parse(t.Value)
	if err != nil {
		p.errf(t.Pos, "projection: %v", err)
	}
	kind, err := hex.ParseProjKind(p.str(r, "kind", false))
	if err != nil {
		p.errf(r.Pos, "%v", err)
	}
	pr := hex.Projection{
		Kind: kind, Ref: ref, RefLat: p.float(r, "lat"), RefLon: p.float(r, "lon"),
		HexKm: p.float(r, "km"), StdParallel: p.float(r, "parallel"),
	}
	if kind == hex.Conic {
		pr.StdParallel2, pr.Meridian = p.float(r, "parallel2"), p.float(r, "meridian")
	}
	if err := pr.Check(); err != nil {
		p.errf(r.Pos, "%v", err)
	}
	p.g.Map.Projection = pr
	p.g.Map.ProjSrc, _ = p.source(r, "")
}

func (p *parser) param(r *record) {
	if !p.args(r, 2, "param NAME VALUE") {
		return
	}
	p.known(r)
	n, err := strconv.Atoi(r.Args[1].Value)
	if err != nil {
		p.errf(r.Args[1].Pos, "param %s: %q is not a whole number", r.Args[0].Value, r.Args[1].Value)
		return
	}
	if p.scenarioOf(r) == nil {
		for _, q := range p.g.Params {
			if q.Name == r.Args[0].Value {
				p.errf(r.Pos, "param %s already set at %s", q.Name, q.Pos)
			}
		}
	}
	src, _ := p.source(r, "")
	pr := &Param{Name: r.Args[0].Value, Value: n, Src: src, Pos: r.Pos}
	// In a scenario's file a param is that scenario's own value (the
	// Winter Battle's rules differ from the campaign's).
	if sc := p.scenarioOf(r); sc != nil {
		for _, q := range sc.Params {
			if q.Name == pr.Name {
				p.errf(r.Pos, "param %s already set at %s", q.Name, q.Pos)
			}
		}
		sc.Params = append(sc.Params, pr)
		return
	}
	p.g.Params = append(p.g.Params, pr)
}

// scenarioOf returns the scenario whose file holds r, if any.
func (p *parser) scenarioOf(r *record) *Scenario {
	for _, sc := range p.g.Scenarios {
		if sc.File == r.Pos.File {
			return sc
		}
	}
	return nil
}

func (p *parser) turn(r *record) {
	if !p.args(r, 1, "turn N date=... rusrail=SP") {
		return
	}
	p.known(r, append(p.vocab().attrNames("turn"), "date")...)
	n, err := strconv.Atoi(r.Args[0].Value)
	if err != nil || n < 1 {
		p.errf(r.Pos, "turn %q: want a turn number from 1", r.Args[0].Value)
		return
	}
	src, _ := p.source(r, "")
	t := &Turn{N: n, Date: p.str(r, "date", false), Attrs: p.attrs(r), Src: src, Pos: r.Pos}
	// A turn record in a scenario's file belongs to that scenario's own
	// turn track (the Winter Battle is fought in 1915, on a track of its
	// own); elsewhere it is the game's track.
	if sc := p.scenarioOf(r); sc != nil {
		sc.Turns = append(sc.Turns, t)
		return
	}
	p.g.Turns = append(p.g.Turns, t)
}

func (p *parser) victory(r *record) {
	p.known(r, "min", "level")
	src, _ := p.source(r, "")
	v := &VictoryLevel{Min: p.integer(r, "min", true, 0), Level: p.str(r, "level", true), Src: src}
	if sc := p.scenarioOf(r); sc != nil {
		sc.Victory = append(sc.Victory, v)
		return
	}
	p.g.Victory = append(p.g.Victory, v)
}

// --- map.txt --------------------------------------------------------------

// sibling names a file of the game's directory for messages about data that
// is missing altogether.
func (p *parser) sibling(files []File, base string) string {
	for _, f := range files {
		if i := strings.LastIndexAny(f.Name, "/\\"); i >= 0 {
			return f.Name[:i+1] + base
		}
	}
	return base
}

func (p *parser) buildGrids(mapFile string) {
	m := p.g.Map
	g := m.Grid
	// country letters may be anywhere
	for _, b := range p.grids {
		if prev, dup := p.gridDecl[b.kind]; dup {
			p.errf(b.head.Pos, "second %s grid (the first is at line %d)", b.kind, prev.Line)
			continue
		}
		p.gridDecl[b.kind] = b.head.Pos
		seen := map[int]Pos{}
		cells := make([]byte, g.Rows*g.Cols)
		for _, row := range b.rows {
			if len(row.Args) == 0 {
				p.errf(row.Pos, "row: want a row number and %d cells", g.Cols)
				continue
			}
			n, err := strconv.Atoi(row.Args[0].Value)
			if err != nil || n < 1 || n > g.Rows {
				p.errf(row.Pos, "%s grid: row %q is not a row of the map (01-%02d)", b.kind, row.Args[0].Value, g.Rows)
				continue
			}
			if prev, dup := seen[n]; dup {
				p.errf(row.Pos, "%s grid: row %02d already given at line %d", b.kind, n, prev.Line)
				continue
			}
			seen[n] = row.Pos
			cellToks := row.Args[1:]
			if len(cellToks) != g.Cols {
				p.errf(row.Pos, "%s grid: row %02d has %d cells, want %d (west to east, column %02d first)", b.kind, n, len(cellToks), g.Cols, g.Column(0))
				continue
			}
			for i, c := range cellToks {
				if len(c.Value) != 1 {
					p.errf(row.Pos, "%s grid: row %02d cell %d is %q: want one character", b.kind, n, i+1, c.Value)
					continue
				}
				cells[g.Index(g.Hex(n, g.Column(i)))] = c.Value[0]
			}
		}
		for n := 1; n <= g.Rows; n++ {
			if _, ok := seen[n]; !ok {
				p.errf(b.head.Pos, "%s grid: row %02d missing", b.kind, n)
			}
		}
		switch b.kind {
		case "terrain":
			m.terrain = make([]Terrain, len(cells))
			for i, c := range cells {
				if c == 0 {
					continue
				}
				t := p.vocab().TerrainByKey(string(c))
				if t == nil {
					h := g.IndexHex(i)
					p.errf(p.rowPos(b, h.Row), "terrain grid: hex %s is %q: want a declared terrain letter (%s)", h, string(c), p.vocab().terrainKeys())
					continue
				}
				m.terrain[i] = t.Letter
			}
		case "country":
			m.country = make([]Side, len(cells))
			for i, c := range cells {
				if c == 0 || c == '-' {
					continue
				}
				s, ok := p.letters[string(c)]
				if !ok {
					h := g.IndexHex(i)
					p.errf(p.rowPos(b, h.Row), "country grid: hex %s is %q: no country-letter line declares it", h, string(c))
					continue
				}
				m.country[i] = s
			}
		}
	}
	if _, ok := p.gridDecl["terrain"]; !ok {
		p.errf(Pos{File: mapFile, Line: 1}, "no terrain grid")
	}
	if _, ok := p.gridDecl["country"]; !ok {
		p.errf(Pos{File: mapFile, Line: 1}, "no country grid")
	}
}

func (p *parser) rowPos(b *gridBlock, row int) Pos {
	for _, r := range b.rows {
		if len(r.Args) > 0 && r.Args[0].Value == fmt.Sprintf("%02d", row) {
			return r.Pos
		}
	}
	return b.head.Pos
}

// countryLetter declares the grid letter of a side: country-letter G DE.
func (p *parser) countryLetter(r *record) {
	if !p.args(r, 2, "country-letter LETTER SIDE") {
		return
	}
	p.known(r)
	l, s := r.Args[0].Value, Side(r.Args[1].Value)
	if len(l) != 1 || l == "-" {
		p.errf(r.Pos, "country-letter %q: want one character other than -", l)
		return
	}
	if _, ok := p.g.SideNames[s]; !ok {
		p.errf(r.Args[1].Pos, "country-letter %s: %s is not a declared side", l, s)
		return
	}
	p.letters[l] = s
}

func (p *parser) override(r *record) {
	if !p.args(r, 2, r.Keyword+" HEX VALUE") {
		return
	}
	p.known(r)
	h, ok := p.hexArg(r, r.Args[0], "hex")
	if !ok {
		return
	}
	src, _ := p.source(r, "")
	m := p.g.Map
	switch r.Keyword {
	case "terrain":
		t := p.vocab().TerrainByKey(r.Args[1].Value)
		if t == nil {
			p.errf(r.Args[1].Pos, "terrain %s: %q is not a declared terrain (%s)", h, r.Args[1].Value, p.vocab().terrainKeys())
			return
		}
		if len(m.terrain) > 0 {
			m.terrain[m.index(h)] = t.Letter
		}
	case "country":
		s := Side(r.Args[1].Value)
		if _, ok := p.g.SideNames[s]; !ok && r.Args[1].Value != "-" {
			p.errf(r.Args[1].Pos, "country %s: %q is not a declared side", h, r.Args[1].Value)
			return
		}
		if s == "-" {
			s = ""
		}
		if len(m.country) > 0 {
			m.country[m.index(h)] = s
		}
	}
	m.Overrides[h] = src
}

func (p *parser) town(r *record) {
	if !p.args(r, 2, "town HEX NAME [city] vp=N") {
		return
	}
	p.known(r, append(p.vocab().attrNames("town"), "vp")...)
	h, ok := p.hexArg(r, r.Args[0], "hex")
	if !ok {
		return
	}
	t := &Town{Hex: h, Name: r.Args[1].Value, VP: p.integer(r, "vp", false, 0), Attrs: p.attrs(r)}
	for _, a := range r.Args[2:] {
		if a.Value == "city" {
			t.City = true
		} else {
			p.errf(a.Pos, "town %s: unexpected word %q (quote names with blanks)", t.Name, a.Value)
		}
	}
	t.Src, _ = p.source(r, "")
	if prev, dup := p.g.Map.Towns[h]; dup {
		p.errf(r.Pos, "town %s: hex %s already holds %s (line %d)", t.Name, h, prev.Name, prev.Src.Pos.Line)
		return
	}
	p.g.Map.Towns[h] = t
}

func (p *parser) fortress(r *record) {
	if !p.args(r, 2, "fortress HEX NAME owner=SIDE full=N weak=N steps=4 [ATTRIBUTE=VALUE...]") {
		return
	}
	p.known(r, append(p.vocab().attrNames("fortress"), "owner", "full", "weak", "steps")...)
	h, ok := p.hexArg(r, r.Args[0], "hex")
	if !ok {
		return
	}
	f := &Fortress{
		Hex: h, Name: r.Args[1].Value, Owner: p.sideField(r, "owner"),
		Full: p.integer(r, "full", true, 0), Weak: p.integer(r, "weak", true, 0),
		Steps: p.integer(r, "steps", false, 4), Attrs: p.attrs(r),
	}
	if f.Weak > f.Full {
		p.errf(r.Pos, "fortress %s: weakened defense %d exceeds full %d (std 11.14)", f.Name, f.Weak, f.Full)
	}
	f.Src, _ = p.source(r, "")
	if prev, dup := p.g.Map.Fortresses[h]; dup {
		p.errf(r.Pos, "fortress %s: hex %s already holds %s (line %d)", f.Name, h, prev.Name, prev.Src.Pos.Line)
		return
	}
	p.g.Map.Fortresses[h] = f
}

func (p *parser) trench(r *record) {
	p.known(r)
	src, _ := p.source(r, "")
	for _, a := range r.Args {
		if h, ok := p.hexArg(r, a, "hex"); ok {
			p.g.Map.Trenches[h] = src
		}
	}
}

// sideShape is how a hexside is written: AAAA/BBBB in RRCC.
func sideShape(c hex.Codec) string {
	if c == (hex.Codec{}) {
		return "AAAA/BBBB"
	}
	return c.Pattern() + "/" + c.Pattern()
}

// sideArg reads AAAA/BBBB.
func (p *parser) sideArg(r *record, t token) (hex.Side, bool) {
	as, bs, ok := strings.Cut(t.Value, "/")
	if !ok {
		p.errf(t.Pos, "%s: hexside %q: want AAAA/BBBB, the two hexes sharing it", r.Keyword, t.Value)
		return hex.Side{}, false
	}
	g := p.g.Map.Grid
	a, err1 := g.Parse(as)
	b, err2 := g.Parse(bs)
	if err1 != nil || err2 != nil {
		p.errf(t.Pos, "%s: hexside %q: want %s, the two hexes sharing it", r.Keyword, t.Value, sideShape(g.Codec))
		return hex.Side{}, false
	}
	s, ok := g.SideBetween(a, b)
	if !ok {
		p.errf(t.Pos, "%s: hexside %s: %s and %s are not adjacent", r.Keyword, t.Value, a, b)
		return hex.Side{}, false
	}
	if !g.Contains(a) && !g.Contains(b) {
		p.errf(t.Pos, "%s: hexside %s is off the map", r.Keyword, t.Value)
		return hex.Side{}, false
	}
	return s, true
}

func (p *parser) addSide(r *record, t token, s hex.Side, class SideClass, river string, src Source) {
	m := p.g.Map
	if prev, dup := m.Hexsides[s]; dup {
		if prev.Class != class || prev.River != river {
			p.errf(t.Pos, "%s: hexside %s is already %s%s at %s", r.Keyword, s, prev.Class, named(prev.River), prev.Pos)
		}
		return
	}
	m.Hexsides[s] = &Hexside{Side: s, Class: class, River: river, Src: src, Pos: t.Pos}
}

func named(river string) string {
	if river == "" {
		return ""
	}
	return " (" + river + ")"
}

func (p *parser) river(r *record) {
	if !p.args(r, 2, "river NAME major|minor HEXSIDE...") {
		return
	}
	p.known(r)
	name := r.Args[0].Value
	class := SideClass(r.Args[1].Value)
	if p.vocab().Hexside(class) == nil {
		p.errf(r.Args[1].Pos, "river %s: %q: want a declared hexside class (%s)", name, r.Args[1].Value, p.vocab().hexsideKeys())
		return
	}
	src, _ := p.source(r, "")
	for _, a := range r.Args[2:] {
		if s, ok := p.sideArg(r, a); ok {
			p.addSide(r, a, s, class, name, src)
		}
	}
}

func (p *parser) blocked(r *record) {
	p.known(r)
	if p.vocab().Hexside(Blocked) == nil {
		p.errf(r.Pos, "blocked: no hexside class %q is declared (%s)", Blocked, p.vocab().hexsideKeys())
		return
	}
	src, _ := p.source(r, "")
	for _, a := range r.Args {
		if s, ok := p.sideArg(r, a); ok {
			p.addSide(r, a, s, Blocked, "", src)
		}
	}
}

func (p *parser) rail(r *record) {
	if !p.args(r, 1, "rail ID country=SIDE track=single|double HEX...") {
		return
	}
	p.known(r, "country", "track", "name")
	l := &RailLine{ID: r.Args[0].Value, Name: p.str(r, "name", false), Country: p.sideField(r, "country")}
	switch v := p.str(r, "track", false); v {
	case "double":
		l.Double = true
	case "single", "":
	default:
		p.errf(r.Pos, "rail %s: track=%s: want single or double", l.ID, v)
	}
	l.Src, _ = p.source(r, "")
	for _, a := range r.Args[1:] {
		if h, ok := p.hexArg(r, a, "hex"); ok {
			l.Hexes = append(l.Hexes, h)
			l.HexPos = append(l.HexPos, a.Pos)
		}
	}
	for _, q := range p.g.Map.Rails {
		if q.ID == l.ID {
			p.errf(r.Pos, "rail %s already declared at %s", l.ID, q.Src.Pos)
		}
	}
	p.g.Map.Rails = append(p.g.Map.Rails, l)
	l.Src.Pos = r.Pos
}

func (p *parser) exit(r *record) {
	if !p.args(r, 1, "exit HEX country=SIDE name=...") {
		return
	}
	p.known(r, "country", "name")
	h, ok := p.hexArg(r, r.Args[0], "hex")
	if !ok {
		return
	}
	e := &Exit{Hex: h, Name: p.str(r, "name", false), Country: p.sideField(r, "country")}
	e.Src, _ = p.source(r, "")
	e.Src.Pos = r.Pos
	if _, dup := p.g.Map.Exits[h]; dup {
		p.errf(r.Pos, "exit %s declared twice", h)
		return
	}
	p.g.Map.Exits[h] = e
}

func (p *parser) offmap(r *record) {
	if !p.args(r, 2, "offmap HEX HEX mp=N") {
		return
	}
	p.known(r, "mp")
	a, ok1 := p.hexArg(r, r.Args[0], "exit")
	b, ok2 := p.hexArg(r, r.Args[1], "exit")
	if !ok1 || !ok2 {
		return
	}
	l := &OffMapLink{From: a, To: b, MP: p.integer(r, "mp", true, 0)}
	l.Src, _ = p.source(r, "")
	l.Src.Pos = r.Pos
	p.g.Map.OffMap = append(p.g.Map.OffMap, l)
}

func (p *parser) entry(r *record) {
	if !p.args(r, 2, "entry LETTER HEX side=SIDE") {
		return
	}
	p.known(r, "side")
	h, ok := p.hexArg(r, r.Args[1], "hex")
	if !ok {
		return
	}
	e := &Entry{Letter: r.Args[0].Value, Hex: h, Side: p.sideField(r, "side")}
	e.Src, _ = p.source(r, "")
	e.Src.Pos = r.Pos
	for _, q := range p.g.Map.Entries {
		if q.Letter == e.Letter {
			p.errf(r.Pos, "entry %s already declared at %s", e.Letter, q.Src.Pos)
		}
	}
	p.g.Map.Entries = append(p.g.Map.Entries, e)
}

// --- units.txt ------------------------------------------------------------

func (p *parser) formation(r *record) {
	if !p.args(r, 1, "formation ID side=SIDE kind=army|corps name=... hq=UNIT") {
		return
	}
	p.known(r, "side", "kind", "name", "hq")
	f := &Formation{ID: r.Args[0].Value, Side: p.sideField(r, "side"), Kind: p.str(r, "kind", true),
		Name: p.str(r, "name", true), HQ: p.str(r, "hq", false), Pos: r.Pos}
	f.Src, _ = p.source(r, "")
	if prev, dup := p.g.formations[f.ID]; dup {
		p.errf(r.Pos, "formation %s already declared at line %d", f.ID, prev.Pos.Line)
		return
	}
	p.g.formations[f.ID] = f
	p.g.Formations = append(p.g.Formations, f)
}

// triple reads "a-b-c".
func triple(s string) ([3]int, bool) {
	parts := strings.Split(s, "-")
	var out [3]int
	if len(parts) != 3 {
		return out, false
	}
	for i, q := range parts {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			return out, false
		}
		out[i] = n
	}
	return out, true
}

func (p *parser) unit(r *record) {
	if !p.args(r, 1, r.Keyword+" ID side=SIDE ...") {
		return
	}
	u := &Unit{ID: r.Args[0].Value, Pos: r.Pos, Src: map[string]Source{}}
	if _, ok := r.field("side"); ok {
		u.Side = p.sideField(r, "side")
	}
	p.unitNation(r, u)
	u.Name = p.str(r, "name", true)
	u.Parent = p.str(r, "parent", false)
	u.Attrs = p.attrs(r)
	if r.Keyword == "hq" {
		p.known(r, append(p.vocab().attrNames("hq"), "side", "nation", "level", "name", "parent", "hq", "combat", "ma", "reduced", "reduced.combat", "steps")...)
		u.Type = HQ
		if p.vocab().UnitType(HQ) == nil {
			p.errf(r.Pos, "hq %s: no unit type %q is declared (%s)", u.ID, HQ, p.vocab().unitTypeKeys())
		}
		u.HQLevel = p.str(r, "level", true)
		switch u.HQLevel {
		case "army", "corps", "staff", "":
		default:
			p.errf(r.Pos, "hq %s: level=%s: want army, corps or staff", u.ID, u.HQLevel)
		}
		u.MA = p.integer(r, "ma", true, 0)
		combat := p.integer(r, "combat", true, 0)
		if v := p.str(r, "hq", true); v != "" {
			t, ok := triple(v)
			if !ok {
				p.errf(r.Pos, "hq %s: hq=%s: want SHIFT-COMMAND-RADIUS", u.ID, v)
			}
			u.HQ = append(u.HQ, HQValues{Shift: t[0], Command: t[1], Radius: t[2], Combat: combat})
		}
		if v := p.str(r, "reduced", false); v != "" {
			t, ok := triple(v)
			if !ok {
				p.errf(r.Pos, "hq %s: reduced=%s: want SHIFT-COMMAND-RADIUS", u.ID, v)
			}
			u.HQ = append(u.HQ, HQValues{Shift: t[0], Command: t[1], Radius: t[2], Combat: p.integer(r, "reduced.combat", true, 0)})
		}
		u.Steps = len(u.HQ)
		if u.Steps == 0 {
			u.Steps = 1
		}
		u.Size = ""
	} else {
		p.known(r, append(p.vocab().attrNames("unit"), "side", "nation", "type", "size", "name", "parent", "sp", "steps", "str", "tcr")...)
		u.Type = UnitType(p.str(r, "type", true))
		// An hq record carries Great War in the East's HQ values; a game
		// that declares its own unit types may have HQs of plain values.
		hqRecord := u.Type == HQ && !p.vocab().Declared("unit-type")
		if u.Type != "" && (hqRecord || p.vocab().UnitType(u.Type) == nil) {
			p.errf(r.Pos, "unit %s: type=%s: want a declared unit type other than hq (%s)", u.ID, u.Type, p.vocab().unitTypeKeys())
		}
		u.Size = Size(p.str(r, "size", u.Type != Depot))
		if u.Size != "" && p.vocab().UnitSize(u.Size) == nil {
			p.errf(r.Pos, "unit %s: size=%s: want a declared unit size (%s)", u.ID, u.Size, p.vocab().unitSizeKeys())
		}
		u.SP = p.integer(r, "sp", true, 0)
		u.Steps = p.integer(r, "steps", true, 1)
		u.TCR = p.integer(r, "tcr", false, 0) // Great War in the East's data check wants 1-4
		if v := p.str(r, "str", true); v != "" {
			for _, s := range strings.Split(v, "/") {
				t, ok := triple(s)
				if !ok {
					p.errf(r.Pos, "unit %s: str=%s: want ATTACK-DEFENSE-MOVE for each step, full first, separated by /", u.ID, v)
					break
				}
				u.Str = append(u.Str, Strength{Attack: t[0], Defense: t[1], MA: t[2]})
			}
		}
	}
	// Sources: the record's, then each field's own.
	if s, ok := p.source(r, ""); ok {
		u.Src[""] = s
	}
	for _, f := range r.Fields {
		if name, ok := strings.CutSuffix(f.Key, ".src"); ok {
			if s, ok := p.source(r, name); ok {
				u.Src[name] = s
			}
		}
	}
	if prev, dup := p.g.units[u.ID]; dup {
		p.errf(r.Pos, "unit %s already declared at line %d", u.ID, prev.Pos.Line)
		return
	}
	p.g.units[u.ID] = u
	p.g.Units = append(p.g.Units, u)
}

// index sorts what must be in a stable order.
func (p *parser) index() {
	sort.SliceStable(p.g.Turns, func(i, j int) bool { return p.g.Turns[i].N < p.g.Turns[j].N })
	for _, sc := range p.g.Scenarios {
		sort.SliceStable(sc.Turns, func(i, j int) bool { return sc.Turns[i].N < sc.Turns[j].N })
		sort.SliceStable(sc.Victory, func(i, j int) bool { return sc.Victory[i].Min > sc.Victory[j].Min })
	}
	sort.SliceStable(p.g.Victory, func(i, j int) bool { return p.g.Victory[i].Min > p.g.Victory[j].Min })
	p.g.Map.Projection.Grid = p.g.Map.Grid
}
