package main

import (
	"fmt"
	"strconv"
	"strings"
)

// LatLon is a point in WGS84 decimal degrees.
type LatLon struct{ Lat, Lon float64 }

// Place is a town or station of the geography notes.
type Place struct {
	Name   string
	At     LatLon
	Polity string // DE or RU in 1914
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

// FortressIn is a fortress of the notes.
type FortressIn struct {
	Name    string
	Owner   string
	Class   string
	Vistula string
	At      LatLon
	Src     string
	Line    int
}

// RailIn is a railway line of the notes.
type RailIn struct {
	ID, Country, Track, Name, Opened, Src string
	ExitA, ExitB                          string
	Stops                                 []string
	Line                                  int
}

// TownIn selects a place for the map.
type TownIn struct {
	Name  string
	VP    int
	HasVP bool
	Line  int
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
	Line    int
}

// Geo is the whole input.
type Geo struct {
	Places     map[string]*Place
	PlaceOrder []string
	Water      []*Shape
	Areas      []*Shape
	Rivers     []*Shape
	Border     *Shape
	Fortresses []*FortressIn
	Rails      []*RailIn
	Towns      []*TownIn
	OffMap     []*OffMapIn
	Entries    []*EntryIn
	Fixes      []*Fix
	Blocked    []*Fix // Hex holds the hexside A/B
	Trenches   []*TrenchIn
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
func lexGeo(text string) ([]*record, error) {
	var out []*record
	for i, raw := range strings.Split(text, "\n") {
		toks, err := splitLine(raw)
		if err != nil {
			return nil, fmt.Errorf("geo.txt:%d: %v", i+1, err)
		}
		if len(toks) == 0 {
			continue
		}
		cont := raw[0] == ' ' || raw[0] == '\t'
		var r *record
		if cont {
			if len(out) == 0 {
				return nil, fmt.Errorf("geo.txt:%d: continuation with no record", i+1)
			}
			r = out[len(out)-1]
		} else {
			if toks[0].key != "" {
				return nil, fmt.Errorf("geo.txt:%d: record starts with a field", i+1)
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

// ParseGeo reads geo.txt.
func ParseGeo(text string) (*Geo, error) {
	recs, err := lexGeo(text)
	if err != nil {
		return nil, err
	}
	g := &Geo{Places: map[string]*Place{}}
	for _, r := range recs {
		bad := func(format string, a ...any) error {
			return fmt.Errorf("geo.txt:%d: %s: %s", r.line, r.kw, fmt.Sprintf(format, a...))
		}
		need := func(n int) error {
			if len(r.args) < n {
				return bad("want at least %d words, have %d", n, len(r.args))
			}
			return nil
		}
		switch r.kw {
		case "place":
			if err := need(6); err != nil {
				return nil, err
			}
			lat, err1 := parseFloat(r.args[1])
			lon, err2 := parseFloat(r.args[2])
			if err1 != nil || err2 != nil {
				return nil, bad("bad coordinates")
			}
			p := &Place{Name: r.args[0], At: LatLon{lat, lon}, Polity: r.args[3], Size: r.args[4], Rail: r.args[5], Src: r.fields["src"], Line: r.line}
			if _, dup := g.Places[p.Name]; dup {
				return nil, bad("place %s twice", p.Name)
			}
			g.Places[p.Name] = p
			g.PlaceOrder = append(g.PlaceOrder, p.Name)
		case "water", "area", "river":
			if err := need(2); err != nil {
				return nil, err
			}
			s := &Shape{Kind: r.args[0], Name: r.args[1], Src: r.fields["src"], Extra: r.fields, Line: r.line}
			if r.kw == "river" {
				s.Name, s.Kind = r.args[0], r.args[1]
			}
			pts, err := parsePoints(r.args[2:])
			if err != nil {
				return nil, bad("%v", err)
			}
			s.Pts = pts
			switch r.kw {
			case "water":
				g.Water = append(g.Water, s)
			case "area":
				g.Areas = append(g.Areas, s)
			default:
				g.Rivers = append(g.Rivers, s)
			}
		case "border":
			pts, err := parsePoints(r.args)
			if err != nil {
				return nil, bad("%v", err)
			}
			g.Border = &Shape{Kind: "border", Name: "border", Src: r.fields["src"], Pts: pts, Line: r.line}
		case "fortress":
			if err := need(6); err != nil {
				return nil, err
			}
			lat, err1 := parseFloat(r.args[4])
			lon, err2 := parseFloat(r.args[5])
			if err1 != nil || err2 != nil {
				return nil, bad("bad coordinates")
			}
			g.Fortresses = append(g.Fortresses, &FortressIn{Name: r.args[0], Owner: r.args[1], Class: r.args[2], Vistula: r.args[3], At: LatLon{lat, lon}, Src: r.fields["src"], Line: r.line})
		case "rail":
			if err := need(6); err != nil {
				return nil, err
			}
			g.Rails = append(g.Rails, &RailIn{ID: r.args[0], Country: r.args[1], Track: r.args[2], Name: r.args[3],
				Stops: r.args[4:], Opened: r.fields["opened"], Src: r.fields["src"],
				ExitA: r.fields["exitA"], ExitB: r.fields["exitB"], Line: r.line})
		case "town":
			if err := need(1); err != nil {
				return nil, err
			}
			t := &TownIn{Name: r.args[0], Line: r.line}
			if v, ok := r.fields["vp"]; ok {
				n, err := strconv.Atoi(v)
				if err != nil {
					return nil, bad("vp=%s", v)
				}
				t.VP, t.HasVP = n, true
			}
			g.Towns = append(g.Towns, t)
		case "offmap":
			if err := need(2); err != nil {
				return nil, err
			}
			o := &OffMapIn{A: r.args[0], B: r.args[1], Note: r.fields["note"], Line: r.line}
			if v := r.fields["via"]; v != "" {
				o.Via = strings.Split(v, ",")
			}
			g.OffMap = append(g.OffMap, o)
		case "entry":
			if err := need(2); err != nil {
				return nil, err
			}
			g.Entries = append(g.Entries, &EntryIn{Letter: r.args[0], End: r.args[1], Note: r.fields["note"], Line: r.line})
		case "fix":
			if err := need(1); err != nil {
				return nil, err
			}
			f := &Fix{Hex: r.args[0], Terrain: r.fields["terrain"], Country: r.fields["country"], Reason: r.fields["reason"], Line: r.line}
			if f.Reason == "" {
				return nil, bad("a fix needs reason=")
			}
			g.Fixes = append(g.Fixes, f)
		case "blocked":
			if err := need(1); err != nil {
				return nil, err
			}
			f := &Fix{Hex: r.args[0], Reason: r.fields["reason"], Line: r.line}
			if f.Reason == "" {
				return nil, bad("blocked needs reason=")
			}
			g.Blocked = append(g.Blocked, f)
		case "trench":
			if err := need(1); err != nil {
				return nil, err
			}
			tr := &TrenchIn{Hexes: r.args, Reason: r.fields["reason"], Line: r.line}
			if tr.Reason == "" {
				return nil, bad("trench needs reason=")
			}
			g.Trenches = append(g.Trenches, tr)
		default:
			return nil, bad("unknown record")
		}
	}
	if g.Border == nil {
		return nil, fmt.Errorf("geo.txt: no border")
	}
	return g, nil
}
