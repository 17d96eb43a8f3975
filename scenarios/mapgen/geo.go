package mapgen

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine/hex"
)

// LatLon is a point in WGS84 decimal degrees.
type LatLon struct{ Lat, Lon float64 }

// Place is a town or station of the geography file.
type Place struct {
	Name   string
	At     LatLon
	Polity string // the country that held it, as the country records name it
	Size   string // city, town, village
	Rail   string // J, S, n, -
	Src    string
	Line   int
}

// Shape is a polygon (water, forest, swamp) or a polyline (river, border).
type Shape struct {
	Kind  string // sea, lake, forest, swamp; major, minor for rivers
	Name  string
	Src   string
	Pts   []LatLon
	Extra map[string]string
	Line  int
}

// FortressIn is a fortress of the geography file. Fields holds its
// key=value fields: full=, weak= and note= override the class's strengths;
// the game may read others (FortressFields).
type FortressIn struct {
	Name   string
	Owner  string
	Class  string
	At     LatLon
	Src    string
	Fields map[string]string
	Line   int
}

// RailIn is a railway line of the geography file.
type RailIn struct {
	ID, Country, Track, Name, Opened, Src string
	ExitA, ExitB                          string
	Stops                                 []string
	Line                                  int
}

// TownIn selects a place for the map. Fields are the game's own fields of
// its town record (objective=yes); Note is added to its source note.
type TownIn struct {
	Name   string
	VP     int
	HasVP  bool
	Fields map[string]string
	Note   string
	At     string // a hex the town is put in, instead of its place's
	Line   int
}

// OffMapIn is an off-map link between two line ends.
type OffMapIn struct {
	A, B string
	Via  []string
	Note string
	Line int
}

// EntryIn is a lettered entry hex at a line end.
type EntryIn struct {
	Letter, End, Note string
	Line              int
}

// Fix is a hand correction applied after rasterising.
type Fix struct {
	Hex     string
	Terrain string // a grid letter, or ""
	Country string // DE, RU, or ""
	Reason  string
	// Lake, on a blocked hexside, names the lake the side runs along (a
	// lake hexside); the generator checks the lake lies by the side.
	Lake string
	Line int
}

// Geo is the whole input.
type Geo struct {
	Name       string // the file's name, for messages
	Grid       *hex.Grid
	Proj       *hex.Projection
	Places     map[string]*Place
	PlaceOrder []string
	Water      []*Shape
	Areas      []*Shape
	Rivers     []*Shape
	// Border is a frontier polyline: Extra["west"] names the country on
	// its west side (the line is closed round the west and north and south
	// ends, far off any map), Extra["east"] the country beyond it.
	Border *Shape
	// Countries are country polygons (Kind is the country); DefaultCountry
	// holds the land no polygon covers.
	Countries      []*Shape
	DefaultCountry string
	Fortresses     []*FortressIn
	Rails          []*RailIn
	Towns          []*TownIn
	OffMap         []*OffMapIn
	Entries        []*EntryIn
	Fixes          []*Fix
	Blocked        []*Fix // Hex holds the hexside A/B
	Trenches       []*TrenchIn
	Regions        []*RegionIn
	Fronts         []*FrontIn
}

// TrenchIn is a prepared field position: the hexes it covers.
type TrenchIn struct {
	Hexes  []string
	Reason string
	Line   int
}

type token struct {
	key, val string
}

type record struct {
	line   int
	kw     string
	args   []string
	fields map[string]string
}

// lexGeo splits the input into records: a keyword, words and key=value
// fields; "#" starts a comment; indented lines continue the record above.
func lexGeo(name, text string) ([]*record, error) {
	var out []*record
	for i, raw := range strings.Split(text, "\n") {
		toks, err := splitLine(raw)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		if len(toks) == 0 {
			continue
		}
		cont := raw[0] == ' ' || raw[0] == '\t'
		var r *record
		if cont {
			if len(out) == 0 {
				return nil, fmt.Errorf("%s:%d: continuation with no record", name, i+1)
			}
			r = out[len(out)-1]
		} else {
			if toks[0].key != "" {
				return nil, fmt.Errorf("%s:%d: record starts with a field", name, i+1)
			}
			r = &record{line: i + 1, kw: toks[0].val, fields: map[string]string{}}
			toks = toks[1:]
			out = append(out, r)
		}
		for _, t := range toks {
			if t.key != "" {
				r.fields[t.key] = t.val
			} else {
				r.args = append(r.args, t.val)
			}
		}
	}
	return out, nil
}

func splitLine(line string) ([]token, error) {
	var out []token
	i := 0
	for i < len(line) {
		c := line[i]
		if c == ' ' || c == '\t' || c == '\r' {
			i++
			continue
		}
		if c == '#' {
			break
		}
		var t token
		start := i
		for i < len(line) && !strings.ContainsRune(" \t\r=\"", rune(line[i])) {
			i++
		}
		if i < len(line) && line[i] == '=' {
			t.key = line[start:i]
			i++
			start = i
		}
		if i < len(line) && line[i] == '"' && i == start {
			end := strings.IndexByte(line[i+1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("unterminated quote")
			}
			t.val = line[i+1 : i+1+end]
			i += end + 2
		} else {
			for i < len(line) && !strings.ContainsRune(" \t\r", rune(line[i])) {
				if line[i] == '"' {
					return nil, fmt.Errorf("stray quote")
				}
				i++
			}
			t.val = line[start:i]
		}
		out = append(out, t)
	}
	return out, nil
}

func parseFloat(s string) (float64, error) { return strconv.ParseFloat(s, 64) }

// parsePoints reads "lat,lon" words.
func parsePoints(words []string) ([]LatLon, error) {
	var pts []LatLon
	for _, w := range words {
		a, b, ok := strings.Cut(w, ",")
		if !ok {
			return nil, fmt.Errorf("point %q: want lat,lon", w)
		}
		lat, err1 := parseFloat(a)
		lon, err2 := parseFloat(b)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("point %q: bad number", w)
		}
		pts = append(pts, LatLon{lat, lon})
	}
	return pts, nil
}

// geoParser holds one record being read, for messages.
type geoParser struct {
	g *Geo
	r *record
}

func (p *geoParser) bad(format string, a ...any) error {
	return fmt.Errorf("%s:%d: %s: %s", p.g.Name, p.r.line, p.r.kw, fmt.Sprintf(format, a...))
}

func (p *geoParser) need(n int) error {
	if len(p.r.args) < n {
		return p.bad("want at least %d words, have %d", n, len(p.r.args))
	}
	return nil
}

// latLon reads the coordinates in args i and i+1.
func (p *geoParser) latLon(i int) (LatLon, error) {
	lat, err1 := parseFloat(p.r.args[i])
	lon, err2 := parseFloat(p.r.args[i+1])
	if err1 != nil || err2 != nil {
		return LatLon{}, p.bad("bad coordinates")
	}
	return LatLon{lat, lon}, nil
}

// ParseGeo reads a geography file; name is used in messages. Its records
// are listed in scenarios/tannenberg/gen/geo.txt; a file needs a border or
// at least one country record.
func ParseGeo(name, text string) (*Geo, error) {
	recs, err := lexGeo(name, text)
	if err != nil {
		return nil, err
	}
	g := &Geo{Name: name, Places: map[string]*Place{}}
	for _, r := range recs {
		p := &geoParser{g: g, r: r}
		var err error
		switch r.kw {
		case "grid", "projection":
			err = p.frame()
		case "place":
			err = p.place()
		case "water", "area", "river":
			err = p.shape()
		case "border", "country":
			err = p.country()
		case "fortress":
			err = p.fortress()
		case "rail":
			err = p.rail()
		case "town", "offmap", "entry":
			err = p.mapItem()
		case "fix", "blocked", "trench":
			err = p.correction()
		case "region", "front":
			err = p.region()
		default:
			err = p.bad("unknown record")
		}
		if err != nil {
			return nil, err
		}
	}
	if g.Border == nil && len(g.Countries) == 0 && g.DefaultCountry == "" {
		return nil, fmt.Errorf("%s: no border or country record", name)
	}
	return g, nil
}

// frame reads the grid and projection records, written as in game.txt
// (docs/scenarios.md) so that one can be copied to the other.
func (p *geoParser) frame() error {
	f := p.r.fields
	num := func(key string, need bool) (float64, error) {
		v, ok := f[key]
		if !ok {
			if need {
				return 0, p.bad("missing %s=", key)
			}
			return 0, nil
		}
		x, err := parseFloat(v)
		if err != nil {
			return 0, p.bad("%s=%s is not a number", key, v)
		}
		return x, nil
	}
	if p.r.kw == "grid" {
		rows, err1 := num("rows", true)
		cols, err2 := num("cols", true)
		if err := firstErr(err1, err2); err != nil {
			return err
		}
		par, err := hex.ParseParity(f["parity"])
		if err != nil {
			return p.bad("%v", err)
		}
		if rows < 1 || cols < 1 || rows != float64(int(rows)) || cols != float64(int(cols)) {
			return p.bad("rows=%v cols=%v: want whole numbers from 1", rows, cols)
		}
		g := &hex.Grid{Rows: int(rows), Cols: int(cols), Parity: par}
		if err := numbering(g, f); err != nil {
			return p.bad("%v", err)
		}
		p.g.Grid = g
		return nil
	}
	kind, err := hex.ParseProjKind(f["kind"])
	if err != nil {
		return p.bad("%v", err)
	}
	var ref hex.Hex
	if p.g.Grid != nil {
		ref, err = p.g.Grid.Parse(f["ref"])
	} else {
		ref, err = hex.Parse(f["ref"])
	}
	if err != nil {
		return p.bad("ref: %v", err)
	}
	pr := hex.Projection{Kind: kind, Ref: ref}
	var errs [6]error
	pr.RefLat, errs[0] = num("lat", true)
	pr.RefLon, errs[1] = num("lon", true)
	pr.HexKm, errs[2] = num("km", true)
	pr.StdParallel, errs[3] = num("parallel", true)
	pr.StdParallel2, errs[4] = num("parallel2", kind == hex.Conic)
	pr.Meridian, errs[5] = num("meridian", kind == hex.Conic)
	if err := firstErr(errs[:]...); err != nil {
		return err
	}
	if err := pr.Check(); err != nil {
		return p.bad("%v", err)
	}
	p.g.Proj = &pr
	return nil
}

// numbering reads the grid's numbering fields as game.txt writes them
// (docs/scenarios.md): numbering= and digits=, cols-grow=, first-col=. The
// generator draws pointy hexes only.
func numbering(g *hex.Grid, f map[string]string) error {
	scheme, digits := hex.RRCC, 2
	if v, ok := f["numbering"]; ok {
		s, err := hex.ParseScheme(v)
		if err != nil {
			return err
		}
		scheme = s
	}
	if v, ok := f["digits"]; ok {
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
	switch v := f["cols-grow"]; v {
	case "", "west":
	case "east":
		g.ColsEast = true
	default:
		return fmt.Errorf("cols-grow=%s: want west or east", v)
	}
	if v, ok := f["first-col"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("first-col=%s: want a column number from 1", v)
		}
		g.ColOffset = n - 1
	}
	if v, ok := f["orientation"]; ok && v != "pointy" {
		return fmt.Errorf("orientation=%s: the generator draws pointy hexes only", v)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func (p *geoParser) place() error {
	if err := p.need(6); err != nil {
		return err
	}
	a := p.r.args
	at, err := p.latLon(1)
	if err != nil {
		return err
	}
	pl := &Place{Name: a[0], At: at, Polity: a[3], Size: a[4], Rail: a[5], Src: p.r.fields["src"], Line: p.r.line}
	if _, dup := p.g.Places[pl.Name]; dup {
		return p.bad("place %s twice", pl.Name)
	}
	p.g.Places[pl.Name] = pl
	p.g.PlaceOrder = append(p.g.PlaceOrder, pl.Name)
	return nil
}

func (p *geoParser) shape() error {
	if err := p.need(2); err != nil {
		return err
	}
	r := p.r
	s := &Shape{Kind: r.args[0], Name: r.args[1], Src: r.fields["src"], Extra: r.fields, Line: r.line}
	if r.kw == "river" {
		s.Name, s.Kind = r.args[0], r.args[1]
	}
	pts, err := parsePoints(r.args[2:])
	if err != nil {
		return p.bad("%v", err)
	}
	s.Pts = pts
	switch r.kw {
	case "water":
		p.g.Water = append(p.g.Water, s)
	case "area":
		p.g.Areas = append(p.g.Areas, s)
	default:
		p.g.Rivers = append(p.g.Rivers, s)
	}
	return nil
}

// country reads "border west=A east=B + polyline" and "country CODE
// [+ polygon]": a country record without points names the default country.
func (p *geoParser) country() error {
	r, g := p.r, p.g
	setDefault := func(c string) error {
		if g.DefaultCountry != "" && g.DefaultCountry != c {
			return p.bad("default country %s, already %s", c, g.DefaultCountry)
		}
		g.DefaultCountry = c
		return nil
	}
	if r.kw == "border" {
		pts, err := parsePoints(r.args)
		if err != nil {
			return p.bad("%v", err)
		}
		if g.Border != nil {
			return p.bad("a second border")
		}
		if r.fields["west"] == "" || r.fields["east"] == "" || len(pts) < 2 {
			return p.bad("want west=COUNTRY east=COUNTRY and two points or more")
		}
		g.Border = &Shape{Kind: "border", Name: "border", Src: r.fields["src"], Pts: pts, Extra: r.fields, Line: r.line}
		return setDefault(r.fields["east"])
	}
	if err := p.need(1); err != nil {
		return err
	}
	if len(r.args) == 1 {
		return setDefault(r.args[0])
	}
	pts, err := parsePoints(r.args[1:])
	if err != nil {
		return p.bad("%v", err)
	}
	if len(pts) < 3 {
		return p.bad("a country polygon needs three points or more")
	}
	g.Countries = append(g.Countries, &Shape{Kind: r.args[0], Name: r.args[0], Src: r.fields["src"], Pts: pts, Extra: r.fields, Line: r.line})
	return nil
}

func (p *geoParser) fortress() error {
	if err := p.need(5); err != nil {
		return err
	}
	a := p.r.args
	at, err := p.latLon(3)
	if err != nil {
		return err
	}
	p.g.Fortresses = append(p.g.Fortresses, &FortressIn{Name: a[0], Owner: a[1], Class: a[2], At: at,
		Src: p.r.fields["src"], Fields: p.r.fields, Line: p.r.line})
	return nil
}

func (p *geoParser) rail() error {
	if err := p.need(6); err != nil {
		return err
	}
	r := p.r
	p.g.Rails = append(p.g.Rails, &RailIn{ID: r.args[0], Country: r.args[1], Track: r.args[2], Name: r.args[3],
		Stops: r.args[4:], Opened: r.fields["opened"], Src: r.fields["src"],
		ExitA: r.fields["exitA"], ExitB: r.fields["exitB"], Line: r.line})
	return nil
}

// mapItem reads town, offmap and entry records.
func (p *geoParser) mapItem() error {
	r, g := p.r, p.g
	switch r.kw {
	case "town":
		if err := p.need(1); err != nil {
			return err
		}
		t := &TownIn{Name: r.args[0], Line: r.line, Note: r.fields["note"], At: r.fields["at"], Fields: map[string]string{}}
		for k, v := range r.fields {
			if k != "vp" && k != "note" && k != "at" {
				t.Fields[k] = v
			}
		}
		if v, ok := r.fields["vp"]; ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				return p.bad("vp=%s", v)
			}
			t.VP, t.HasVP = n, true
		}
		g.Towns = append(g.Towns, t)
	case "offmap":
		if err := p.need(2); err != nil {
			return err
		}
		o := &OffMapIn{A: r.args[0], B: r.args[1], Note: r.fields["note"], Line: r.line}
		if v := r.fields["via"]; v != "" {
			o.Via = strings.Split(v, ",")
		}
		g.OffMap = append(g.OffMap, o)
	default:
		if err := p.need(2); err != nil {
			return err
		}
		g.Entries = append(g.Entries, &EntryIn{Letter: r.args[0], End: r.args[1], Note: r.fields["note"], Line: r.line})
	}
	return nil
}

// correction reads the hand corrections: fix, blocked and trench, each
// with the reason= it is made for.
func (p *geoParser) correction() error {
	r, g := p.r, p.g
	if err := p.need(1); err != nil {
		return err
	}
	reason := r.fields["reason"]
	if reason == "" {
		if r.kw == "fix" {
			return p.bad("a fix needs reason=")
		}
		return p.bad("%s needs reason=", r.kw)
	}
	switch r.kw {
	case "fix":
		g.Fixes = append(g.Fixes, &Fix{Hex: r.args[0], Terrain: r.fields["terrain"], Country: r.fields["country"], Reason: reason, Line: r.line})
	case "blocked":
		g.Blocked = append(g.Blocked, &Fix{Hex: r.args[0], Reason: reason, Lake: r.fields["lake"], Line: r.line})
	default:
		g.Trenches = append(g.Trenches, &TrenchIn{Hexes: r.args, Reason: reason, Line: r.line})
	}
	return nil
}
