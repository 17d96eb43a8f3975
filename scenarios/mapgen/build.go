package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"pbem/engine/hex"
)

// Map is the generated map, ready to be written.
type Map struct {
	terrain [][]byte   // [row][col], 1-based
	country [][]string // DE, RU or "" for water
	share   map[hex.Hex]shares
	Fixes   []*Fix
	Towns   []*TownOut
	Dropped []string // towns left out because their hex was taken
	Forts   []*FortOut
	Rivers  []*RiverOut
	Rails   []*RailOut
	Exits   []*ExitOut
	OffMap  []*OffMapOut
	Entries []*EntryOut
	Notes   []string
	Blocked []BlockedOut
	Trench  []TrenchOut
	ends    map[string]*ExitOut // "R1.start" -> exit
}

type shares struct{ sea, lake, forest, swamp, de float64 }

// TrenchOut is a trench record: land hexes of one field position.
type TrenchOut struct {
	Hexes  []hex.Hex
	Reason string
}

// BlockedOut is a blocked hexside.
type BlockedOut struct {
	Side   hex.Side
	Reason string
}

// TownOut is a town record.
type TownOut struct {
	Hex   hex.Hex
	Place *Place
	City  bool
	VP    int
	HasVP bool
}

// FortOut is a fortress record.
type FortOut struct {
	Hex        hex.Hex
	In         *FortressIn
	Full, Weak int
	Note       string
}

// RiverOut is a river record.
type RiverOut struct {
	In    *Shape
	Sides []hex.Side
}

// RailOut is a rail record.
type RailOut struct {
	ID      string
	In      *RailIn
	Country string
	Hexes   []hex.Hex
	Part    string // "" or a note on which part of the line this is
}

// ExitOut is an exit record.
type ExitOut struct {
	Hex     hex.Hex
	Country string
	Name    string
	Line    string
}

// OffMapOut is an offmap record.
type OffMapOut struct {
	A, B *ExitOut
	MP   int
	Km   float64
	In   *OffMapIn
}

// EntryOut is an entry record.
type EntryOut struct {
	Letter string
	Exit   *ExitOut
	In     *EntryIn
}

// Terrain returns the terrain letter of an on-map hex.
func (m *Map) Terrain(h hex.Hex) byte { return m.terrain[h.Row][h.Col] }

// Country returns DE, RU or "" (water) for an on-map hex.
func (m *Map) Country(h hex.Hex) string { return m.country[h.Row][h.Col] }

func (m *Map) water(h hex.Hex) bool {
	t := m.Terrain(h)
	return t == '~' || t == 'L'
}

func classStrength(class string) (full, weak int, ok bool) {
	switch class {
	case "A":
		return 8, 4, true
	case "B":
		return 6, 3, true
	case "C":
		return 4, 2, true
	}
	return 0, 0, false
}

// Build turns the geography into a map. It returns every problem it finds.
func Build(g *Geo) (*Map, []string) {
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	m := &Map{share: map[hex.Hex]shares{}, ends: map[string]*ExitOut{}}

	// Terrain and country.
	var sea, lake, forest, swamp []*polygon
	for _, s := range g.Water {
		if s.Kind == "sea" {
			sea = append(sea, newPolygon(s.Pts))
		} else {
			lake = append(lake, newPolygon(s.Pts))
		}
	}
	for _, s := range g.Areas {
		if s.Kind == "forest" {
			forest = append(forest, newPolygon(s.Pts))
		} else {
			swamp = append(swamp, newPolygon(s.Pts))
		}
	}
	de := []*polygon{germanPolygon(g.Border.Pts)}
	m.terrain = make([][]byte, grid.Rows+1)
	m.country = make([][]string, grid.Rows+1)
	for r := 1; r <= grid.Rows; r++ {
		m.terrain[r] = make([]byte, grid.Cols+1)
		m.country[r] = make([]string, grid.Cols+1)
		for c := 1; c <= grid.Cols; c++ {
			h := hex.Hex{Row: r, Col: c}
			sh := shares{sea: cover(h, sea), lake: cover(h, lake), forest: cover(h, forest), swamp: cover(h, swamp), de: cover(h, de)}
			m.share[h] = sh
			t := byte('.')
			switch {
			case sh.sea > seaShare:
				t = '~'
			case sh.lake >= lakeShare && sh.sea < 0.25:
				// The Masurian lakes are long and narrow: none covers half a
				// 146 km2 hex, yet together they bar movement. A hex that
				// is 15% lake or more (about 22 km2) is a lake hex.
				t = 'L'
			case sh.sea+sh.lake > 0.5:
				t = '~'
				if sh.lake > sh.sea {
					t = 'L'
				}
			case sh.swamp > areaShare && sh.swamp >= sh.forest:
				t = 'S'
			case sh.forest > areaShare:
				t = 'F'
			}
			m.terrain[r][c] = t
			m.country[r][c] = "RU"
			if sh.de > 0.5 {
				m.country[r][c] = "DE"
			}
		}
	}
	// A hex holding a town stays land: the lakes' towns stand on their
	// shores and isthmuses (Angerburg, Lötzen, Arys, Osterode).
	for _, t := range g.Towns {
		if p := g.Places[t.Name]; p != nil {
			h := proj.HexAt(p.At.Lat, p.At.Lon)
			if grid.Contains(h) && m.terrain[h.Row][h.Col] == 'L' {
				m.terrain[h.Row][h.Col] = '.'
				m.Notes = append(m.Notes, fmt.Sprintf("%s is land: %s stands on the lake shore (lake %.0f%% of the hex)", h, p.Name, 100*m.share[h].lake))
			}
		}
	}
	// Hand corrections.
	for _, f := range g.Fixes {
		h, err := hex.Parse(f.Hex)
		if err != nil || !grid.Contains(h) {
			fail("geo.txt:%d: fix %s: not a map hex", f.Line, f.Hex)
			continue
		}
		if f.Terrain != "" {
			if !strings.Contains(".FBSL~", f.Terrain) || len(f.Terrain) != 1 {
				fail("geo.txt:%d: fix %s: terrain %q", f.Line, f.Hex, f.Terrain)
			}
			m.terrain[h.Row][h.Col] = f.Terrain[0]
		}
		if f.Country != "" {
			m.country[h.Row][h.Col] = f.Country
		}
		m.Fixes = append(m.Fixes, f)
	}
	for r := 1; r <= grid.Rows; r++ {
		for c := 1; c <= grid.Cols; c++ {
			if m.water(hex.Hex{Row: r, Col: c}) {
				m.country[r][c] = ""
			}
		}
	}

	place := func(name string, line int) *Place {
		p := g.Places[name]
		if p == nil {
			fail("geo.txt:%d: no place %q", line, name)
		}
		return p
	}

	// Towns.
	taken := map[hex.Hex]*TownOut{}
	for _, t := range g.Towns {
		p := place(t.Name, t.Line)
		if p == nil {
			continue
		}
		h := proj.HexAt(p.At.Lat, p.At.Lon)
		switch {
		case !grid.Contains(h):
			fail("town %s: %s is off the map", p.Name, h)
			continue
		case m.water(h):
			fail("town %s: %s is water", p.Name, h)
		case m.Country(h) != p.Polity:
			fail("town %s: %s is %s land, the town was %s", p.Name, h, m.Country(h), p.Polity)
		}
		if o := taken[h]; o != nil {
			m.Dropped = append(m.Dropped, fmt.Sprintf("%s falls in %s with %s", p.Name, h, o.Place.Name))
			continue
		}
		if t.HasVP && p.Polity != "DE" {
			fail("town %s: vp for a Russian town", p.Name)
		}
		o := &TownOut{Hex: h, Place: p, City: p.Size == "city", VP: t.VP, HasVP: t.HasVP}
		taken[h] = o
		m.Towns = append(m.Towns, o)
	}
	sort.SliceStable(m.Towns, func(i, j int) bool { return m.Towns[i].Hex.Less(m.Towns[j].Hex) })

	// Fortresses.
	forts := map[hex.Hex]*FortOut{}
	for _, f := range g.Fortresses {
		full, weak, ok := classStrength(f.Class)
		if !ok {
			continue // class D and E are not fortresses in the game
		}
		h := proj.HexAt(f.At.Lat, f.At.Lon)
		for _, t := range m.Towns {
			if t.Place.Name == f.Name && t.Hex != h {
				m.Notes = append(m.Notes, fmt.Sprintf("fortress %s is put in its town's hex %s (its works project to %s)", f.Name, t.Hex, h))
				h = t.Hex
			}
		}
		if !grid.Contains(h) {
			m.Notes = append(m.Notes, fmt.Sprintf("fortress %s (class %s) lies off the map at %s", f.Name, f.Class, h))
			continue
		}
		o := &FortOut{Hex: h, In: f, Full: full, Weak: weak, Note: fmt.Sprintf("class %s", f.Class)}
		if f.Name == "Lötzen" {
			// T 21.2 scores German east-bank fortresses of strength 3
			// apart from those of 4 or more: Feste Boyen, a single star
			// fort, is the strength-3 one.
			o.Full, o.Weak = 3, 2
			o.Note = "class C, set to 3 as the T 21.2 strength-3 east-bank fortress"
		}
		if m.water(h) {
			fail("fortress %s: %s is water", f.Name, h)
		}
		if m.Country(h) != f.Owner {
			fail("fortress %s: %s is %s land, owner %s", f.Name, h, m.Country(h), f.Owner)
		}
		if old := forts[h]; old != nil {
			if old.Full >= o.Full {
				m.Notes = append(m.Notes, fmt.Sprintf("fortress %s shares %s with %s; the stronger is kept", f.Name, h, old.In.Name))
				continue
			}
			m.Notes = append(m.Notes, fmt.Sprintf("fortress %s shares %s with %s; the stronger is kept", old.In.Name, h, f.Name))
		}
		forts[h] = o
	}
	for _, h := range hex.SortedKeys(forts) {
		m.Forts = append(m.Forts, forts[h])
	}

	// Rivers: majors first, each hexside to one river only.
	cg := newCornerGraph()
	used := map[hex.Side]string{}
	rivers := append([]*Shape{}, g.Rivers...)
	sort.SliceStable(rivers, func(i, j int) bool { return rivers[i].Kind == "major" && rivers[j].Kind != "major" })
	for _, rv := range rivers {
		out := &RiverOut{In: rv}
		for _, s := range cg.traceSides(rv.Pts) {
			if !grid.Contains(s.A) || !grid.Contains(s.B) || m.water(s.A) || m.water(s.B) {
				continue
			}
			if used[s] != "" {
				continue
			}
			used[s] = rv.Name
			out.Sides = append(out.Sides, s)
		}
		if len(out.Sides) > 0 {
			m.Rivers = append(m.Rivers, out)
		} else {
			m.Notes = append(m.Notes, fmt.Sprintf("river %s has no hexside on the map", rv.Name))
		}
	}

	// Blocked hexsides.
	for _, b := range g.Blocked {
		x, y, _ := strings.Cut(b.Hex, "/")
		ha, err1 := hex.Parse(x)
		hb, err2 := hex.Parse(y)
		s, ok := grid.SideBetween(ha, hb)
		if err1 != nil || err2 != nil || !ok {
			fail("geo.txt:%d: blocked %s: not a hexside", b.Line, b.Hex)
			continue
		}
		if used[s] != "" {
			fail("geo.txt:%d: blocked %s is on the %s", b.Line, b.Hex, used[s])
		}
		m.Blocked = append(m.Blocked, BlockedOut{s, b.Reason})
	}

	// Trenches: prepared field positions, on land hexes only.
	for _, tr := range g.Trenches {
		out := TrenchOut{Reason: tr.Reason}
		for _, s := range tr.Hexes {
			h, err := hex.Parse(s)
			if err != nil || !grid.Contains(h) || m.water(h) {
				fail("geo.txt:%d: trench %s: not a land hex of the map", tr.Line, s)
				continue
			}
			out.Hexes = append(out.Hexes, h)
		}
		m.Trench = append(m.Trench, out)
	}

	// Railways.
	exits := map[hex.Hex]*ExitOut{}
	blocked := func(h hex.Hex) bool {
		r, c := h.Row, h.Col
		if r < -6 || r > grid.Rows+6 || c < -6 || c > grid.Cols+6 {
			return true
		}
		return grid.Contains(h) && m.water(h)
	}
	for _, rl := range g.Rails {
		var stops []hex.Hex
		for _, name := range rl.Stops {
			var h hex.Hex
			if strings.HasPrefix(name, "@") {
				// A routing waypoint: a hand correction of the route.
				w, err := hex.Parse(name[1:])
				if err != nil {
					fail("geo.txt:%d: rail %s: waypoint %s", rl.Line, rl.ID, name)
					continue
				}
				h = w
			} else {
				p := place(name, rl.Line)
				if p == nil {
					continue
				}
				h = proj.HexAt(p.At.Lat, p.At.Lon)
			}
			if grid.Contains(h) && m.water(h) {
				fail("rail %s: station %s in %s is water", rl.ID, name, h)
			}
			if len(stops) == 0 || stops[len(stops)-1] != h {
				stops = append(stops, h)
			}
		}
		if len(stops) < 2 {
			fail("rail %s: fewer than two station hexes", rl.ID)
			continue
		}
		var path []hex.Hex
		index := map[hex.Hex]int{}
		push := func(h hex.Hex) {
			if i, ok := index[h]; ok {
				for _, d := range path[i+1:] {
					delete(index, d)
				}
				path = path[:i+1]
				return
			}
			index[h] = len(path)
			path = append(path, h)
		}
		push(stops[0])
		for i := 1; i < len(stops); i++ {
			seg := hexPath(stops[i-1], stops[i], blocked)
			if seg == nil {
				fail("rail %s: no land route %s-%s", rl.ID, stops[i-1], stops[i])
				break
			}
			for _, h := range seg[1:] {
				push(h)
			}
		}
		// Cut to the map.
		first, last := -1, -1
		runs := 0
		for i, h := range path {
			if grid.Contains(h) {
				if first < 0 || !grid.Contains(path[i-1]) {
					runs++
				}
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		if runs != 1 {
			fail("rail %s: %d separate stretches on the map", rl.ID, runs)
			continue
		}
		startOff, endOff := first > 0, last < len(path)-1
		if startOff != (rl.ExitA != "") {
			fail("rail %s: start off the map is %v but exitA=%q", rl.ID, startOff, rl.ExitA)
		}
		if endOff != (rl.ExitB != "") {
			fail("rail %s: end off the map is %v but exitB=%q", rl.ID, endOff, rl.ExitB)
		}
		path = path[first : last+1]
		// A line leaving the map does not run along the edge: it leaves at
		// the first edge hex past its last station on the map.
		onMapStop := func(h hex.Hex) bool {
			for _, s := range stops {
				if s == h {
					return true
				}
			}
			return false
		}
		if endOff {
			for len(path) > 2 && grid.Edge(path[len(path)-2]) && !onMapStop(path[len(path)-1]) {
				path = path[:len(path)-1]
			}
		}
		if startOff {
			for len(path) > 2 && grid.Edge(path[1]) && !onMapStop(path[0]) {
				path = path[1:]
			}
		}
		addExit := func(h hex.Hex, name, end string) {
			e := exits[h]
			if e == nil {
				e = &ExitOut{Hex: h, Country: m.Country(h), Name: name, Line: rl.ID}
				exits[h] = e
			}
			m.ends[rl.ID+"."+end] = e
		}
		if startOff {
			addExit(path[0], rl.ExitA, "start")
		}
		if endOff {
			addExit(path[len(path)-1], rl.ExitB, "end")
		}
		// Split where the line crosses the frontier.
		type run struct{ from, to int }
		var rs []run
		for i := range path {
			if i == 0 || m.Country(path[i]) != m.Country(path[i-1]) {
				rs = append(rs, run{i, i})
			}
			rs[len(rs)-1].to = i
		}
		var keep []run
		for _, r := range rs {
			if r.to > r.from {
				keep = append(keep, r)
			} else if len(rs) > 1 {
				m.Notes = append(m.Notes, fmt.Sprintf("rail %s: the single %s hex %s beyond the frontier is left to the lines that meet there", rl.ID, m.Country(path[r.from]), path[r.from]))
			}
		}
		for k, r := range keep {
			id := rl.ID
			if len(keep) > 1 {
				id += string(rune('a' + k))
			}
			ro := &RailOut{ID: id, In: rl, Country: m.Country(path[r.from]), Hexes: path[r.from : r.to+1]}
			if len(keep) > 1 {
				ro.Part = fmt.Sprintf("%s part of %s", ro.Country, rl.ID)
			}
			if ro.Country != rl.Country && len(keep) == 1 {
				fail("rail %s: runs in %s, declared %s", rl.ID, ro.Country, rl.Country)
			}
			m.Rails = append(m.Rails, ro)
		}
	}
	for _, h := range hex.SortedKeys(exits) {
		m.Exits = append(m.Exits, exits[h])
	}

	// Off-map links.
	for _, o := range g.OffMap {
		a, b := m.ends[o.A], m.ends[o.B]
		if a == nil || b == nil {
			fail("geo.txt:%d: offmap %s %s: no such exit", o.Line, o.A, o.B)
			continue
		}
		var pts []LatLon
		la, lo := proj.Centre(a.Hex)
		pts = append(pts, LatLon{la, lo})
		for _, v := range o.Via {
			if p := place(v, o.Line); p != nil {
				pts = append(pts, p.At)
			}
		}
		la, lo = proj.Centre(b.Hex)
		pts = append(pts, LatLon{la, lo})
		km := 0.0
		for i := 1; i < len(pts); i++ {
			km += distKm(pts[i-1], pts[i])
		}
		m.OffMap = append(m.OffMap, &OffMapOut{A: a, B: b, Km: km, MP: int(math.Ceil(km / proj.HexKm)), In: o})
	}

	// Entries.
	for _, e := range g.Entries {
		x := m.ends[e.End]
		if x == nil {
			fail("geo.txt:%d: entry %s: no exit at %s", e.Line, e.Letter, e.End)
			continue
		}
		m.Entries = append(m.Entries, &EntryOut{Letter: e.Letter, Exit: x, In: e})
	}

	errs = append(errs, m.Check()...)
	return m, errs
}

// Check verifies what the scenario validator will: rail hexes adjacent, on
// land and in the line's country; every line joined to an exit of its
// country; rivers on adjacent hexes, never between two water hexes.
func (m *Map) Check() []string {
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	exitAt := map[hex.Hex]*ExitOut{}
	for _, e := range m.Exits {
		exitAt[e.Hex] = e
		if !grid.Edge(e.Hex) {
			fail("exit %s is not on the map edge", e.Hex)
		}
		if e.Country == "" {
			fail("exit %s is water", e.Hex)
		}
	}
	parent := make([]int, len(m.Rails))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	at := map[string][]int{}
	for i, r := range m.Rails {
		if len(r.Hexes) < 2 {
			fail("rail %s: fewer than two hexes", r.ID)
		}
		for k, h := range r.Hexes {
			if !grid.Contains(h) {
				fail("rail %s: %s off the map", r.ID, h)
				continue
			}
			if m.water(h) {
				fail("rail %s: %s is water", r.ID, h)
			}
			if m.Country(h) != r.Country {
				fail("rail %s (%s): %s is %s", r.ID, r.Country, h, m.Country(h))
			}
			if k > 0 && !grid.Adjacent(r.Hexes[k-1], h) {
				fail("rail %s: %s not next to %s", r.ID, h, r.Hexes[k-1])
			}
			key := r.Country + h.String()
			for _, j := range at[key] {
				parent[find(j)] = find(i)
			}
			at[key] = append(at[key], i)
		}
	}
	ok := map[int]bool{}
	for i, r := range m.Rails {
		for _, h := range r.Hexes {
			if e := exitAt[h]; e != nil && e.Country == r.Country {
				ok[find(i)] = true
			}
		}
	}
	for i, r := range m.Rails {
		if !ok[find(i)] {
			fail("rail %s (%s) is not joined to an exit of its country", r.ID, r.Country)
		}
	}
	seen := map[hex.Side]string{}
	for _, rv := range m.Rivers {
		for _, s := range rv.Sides {
			if !grid.Adjacent(s.A, s.B) {
				fail("river %s: %s not adjacent", rv.In.Name, s)
			}
			if m.water(s.A) && m.water(s.B) {
				fail("river %s: %s between two water hexes", rv.In.Name, s)
			}
			if o := seen[s]; o != "" {
				fail("river %s: %s already on %s", rv.In.Name, s, o)
			}
			seen[s] = rv.In.Name
		}
	}
	return errs
}

// distKm is the distance between two points on a sphere of the projection's
// latitude scale.
func distKm(a, b LatLon) float64 {
	mid := (a.Lat + b.Lat) / 2 * math.Pi / 180
	dy := (a.Lat - b.Lat) * hex.KmPerDegreeLat
	dx := (a.Lon - b.Lon) * hex.KmPerDegreeLat * math.Cos(mid)
	return math.Hypot(dx, dy)
}

// bankWarnings lists towns near a river whose hex centre lies on the other
// bank from the town itself: candidates for a nudge of the river line.
func (m *Map) bankWarnings(rivers []*Shape) []string {
	var out []string
	for _, rv := range rivers {
		for _, t := range m.Towns {
			tx, ty := proj.Point(t.Place.At.Lat, t.Place.At.Lon)
			cx, cy := grid.Center(t.Hex)
			best, bi := math.Inf(1), -1
			for i := 1; i < len(rv.Pts); i++ {
				ax, ay := proj.Point(rv.Pts[i-1].Lat, rv.Pts[i-1].Lon)
				bx, by := proj.Point(rv.Pts[i].Lat, rv.Pts[i].Lon)
				if d := segDist(tx, ty, ax, ay, bx, by); d < best {
					best, bi = d, i
				}
			}
			if bi < 0 || best > 0.8 {
				continue
			}
			ax, ay := proj.Point(rv.Pts[bi-1].Lat, rv.Pts[bi-1].Lon)
			bx, by := proj.Point(rv.Pts[bi].Lat, rv.Pts[bi].Lon)
			side := func(x, y float64) bool { return (bx-ax)*(y-ay)-(by-ay)*(x-ax) > 0 }
			if side(tx, ty) != side(cx, cy) {
				out = append(out, fmt.Sprintf("%s %s: hex centre on the other bank of the %s (town %.1f km from it)", t.Hex, t.Place.Name, rv.Name, best*proj.HexKm))
			}
		}
	}
	return out
}
