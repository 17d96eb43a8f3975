package mapgen

import (
	"fmt"
	"math"
	"strings"

	"pbem/engine/hex"
)

// buildRails routes every railway through its stations' hexes, cuts it to
// the map, ends it at exits where it leaves, and splits it where it
// crosses a frontier.
func (m *Map) buildRails(g *Geo) {
	exits := map[hex.Hex]*ExitOut{}
	for _, rl := range g.Rails {
		stops := m.railStops(g, rl)
		if len(stops) < 2 {
			m.Notes = append(m.Notes, fmt.Sprintf("rail %s lies in one hex and is left out", rl.ID))
			continue
		}
		path := m.railPath(rl, stops)
		path, startOff, endOff, ok := m.cutToMap(rl, path, stops)
		if !ok {
			continue
		}
		addExit := func(h hex.Hex, name, end string) {
			e := exits[h]
			if e == nil {
				e = &ExitOut{Hex: h, Country: m.Side(h), Name: name, Line: rl.ID}
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
		m.splitAtFrontiers(rl, path)
	}
	for _, h := range hex.SortedKeys(exits) {
		m.Exits = append(m.Exits, exits[h])
	}
}

// railStops returns the hexes of a line's stations and waypoints, in
// order, without repeats.
func (m *Map) railStops(g *Geo, rl *RailIn) []hex.Hex {
	var stops []hex.Hex
	for _, name := range rl.Stops {
		var h hex.Hex
		if strings.HasPrefix(name, "@") {
			// A routing waypoint: a hand correction of the route.
			w, err := m.grid.Parse(name[1:])
			if err != nil {
				m.fail("%s:%d: rail %s: waypoint %s", g.Name, rl.Line, rl.ID, name)
				continue
			}
			h = w
		} else {
			p := m.place(g, name, rl.Line)
			if p == nil {
				continue
			}
			h = m.proj.HexAt(p.At.Lat, p.At.Lon)
		}
		if m.grid.Contains(h) && m.Water(h) {
			m.fail("rail %s: station %s in %s is water", rl.ID, name, h)
		}
		if len(stops) == 0 || stops[len(stops)-1] != h {
			stops = append(stops, h)
		}
	}
	return stops
}

// railPath joins the stops by land routes; a loop the routes make is cut
// out.
func (m *Map) railPath(rl *RailIn, stops []hex.Hex) []hex.Hex {
	blocked := func(h hex.Hex) bool {
		r, c := h.Row, h.Col
		if r < -6 || r > m.grid.Rows+6 || c < m.grid.FirstCol()-7 || c > m.grid.LastCol()+6 {
			return true
		}
		return m.grid.Contains(h) && m.Water(h)
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
		seg := hexPath(m.grid, stops[i-1], stops[i], blocked, m.barred)
		if seg == nil {
			m.fail("rail %s: no land route %s-%s", rl.ID, stops[i-1], stops[i])
			break
		}
		for _, h := range seg[1:] {
			push(h)
		}
	}
	return path
}

// cutToMap keeps the one stretch of path on the map and says which ends
// left it; the exits the geography file names must agree.
func (m *Map) cutToMap(rl *RailIn, path, stops []hex.Hex) (cut []hex.Hex, startOff, endOff, ok bool) {
	first, last := -1, -1
	runs := 0
	for i, h := range path {
		if m.grid.Contains(h) {
			if first < 0 || !m.grid.Contains(path[i-1]) {
				runs++
			}
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if runs != 1 {
		m.fail("rail %s: %d separate stretches on the map", rl.ID, runs)
		return nil, false, false, false
	}
	startOff, endOff = first > 0, last < len(path)-1
	if startOff != (rl.ExitA != "") {
		m.fail("rail %s: start off the map is %v but exitA=%q", rl.ID, startOff, rl.ExitA)
	}
	if endOff != (rl.ExitB != "") {
		m.fail("rail %s: end off the map is %v but exitB=%q", rl.ID, endOff, rl.ExitB)
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
		for len(path) > 2 && m.grid.Edge(path[len(path)-2]) && !onMapStop(path[len(path)-1]) {
			path = path[:len(path)-1]
		}
	}
	if startOff {
		for len(path) > 2 && m.grid.Edge(path[1]) && !onMapStop(path[0]) {
			path = path[1:]
		}
	}
	return path, startOff, endOff, true
}

// splitAtFrontiers writes a line as one rail record per country it runs
// through; a single hex beyond a frontier is left to the lines meeting
// there.
func (m *Map) splitAtFrontiers(rl *RailIn, path []hex.Hex) {
	type run struct{ from, to int }
	var rs []run
	for i := range path {
		if i == 0 || m.Side(path[i]) != m.Side(path[i-1]) {
			rs = append(rs, run{i, i})
		}
		rs[len(rs)-1].to = i
	}
	var keep []run
	for _, r := range rs {
		if m.Side(path[r.from]) == "" {
			m.Notes = append(m.Notes, fmt.Sprintf("rail %s: %s-%s runs through land of no country and is left out there", rl.ID, path[r.from], path[r.to]))
			continue
		}
		if r.to > r.from {
			keep = append(keep, r)
		} else if len(rs) > 1 {
			m.Notes = append(m.Notes, fmt.Sprintf("rail %s: the single %s hex %s beyond the frontier is left to the lines that meet there", rl.ID, m.Side(path[r.from]), path[r.from]))
		}
	}
	for k, r := range keep {
		id := rl.ID
		if len(keep) > 1 {
			id += string(rune('a' + k))
		}
		ro := &RailOut{ID: id, In: rl, Country: m.Side(path[r.from]), Hexes: path[r.from : r.to+1]}
		if len(keep) > 1 {
			ro.Part = fmt.Sprintf("%s part of %s", ro.Country, rl.ID)
		}
		if ro.Country != rl.Country && len(keep) == 1 {
			m.fail("rail %s: runs in %s, declared %s", rl.ID, ro.Country, rl.Country)
		}
		m.Rails = append(m.Rails, ro)
	}
}

// buildOffMap links exits off the map, costed by their distance along the
// places they pass, and sets the lettered entries on exits.
func (m *Map) buildOffMap(g *Geo) {
	for _, o := range g.OffMap {
		a, b := m.ends[o.A], m.ends[o.B]
		if a == nil || b == nil {
			m.fail("%s:%d: offmap %s %s: no such exit", g.Name, o.Line, o.A, o.B)
			continue
		}
		var pts []LatLon
		la, lo := m.proj.Centre(a.Hex)
		pts = append(pts, LatLon{la, lo})
		for _, v := range o.Via {
			if p := m.place(g, v, o.Line); p != nil {
				pts = append(pts, p.At)
			}
		}
		la, lo = m.proj.Centre(b.Hex)
		pts = append(pts, LatLon{la, lo})
		km := 0.0
		for i := 1; i < len(pts); i++ {
			km += m.distKm(pts[i-1], pts[i])
		}
		m.OffMap = append(m.OffMap, &OffMapOut{A: a, B: b, Km: km, MP: int(math.Ceil(km / m.proj.HexKm)), In: o})
	}
	for _, e := range g.Entries {
		x := m.ends[e.End]
		if x == nil {
			m.fail("%s:%d: entry %s: no exit at %s", g.Name, e.Line, e.Letter, e.End)
			continue
		}
		m.Entries = append(m.Entries, &EntryOut{Letter: e.Letter, Exit: x, In: e})
	}
}

// distKm is the distance between two points: on the equirectangular
// projection's flat earth of KmPerDegreeLat (kept so that Tannenberg's
// off-map costs stay what they were), else along a great circle.
func (m *Map) distKm(a, b LatLon) float64 {
	if m.proj.Kind != hex.Equirect {
		return hex.GreatCircleKm(a.Lat, a.Lon, b.Lat, b.Lon)
	}
	mid := (a.Lat + b.Lat) / 2 * math.Pi / 180
	dy := (a.Lat - b.Lat) * hex.KmPerDegreeLat
	dx := (a.Lon - b.Lon) * hex.KmPerDegreeLat * math.Cos(mid)
	return math.Hypot(dx, dy)
}

// barred reports whether a line may not run from a to its neighbour b: a
// blocked hexside (a lake hexside) lies between them.
func (m *Map) barred(a, b hex.Hex) bool {
	s, _ := m.grid.SideBetween(a, b)
	return m.blockedAt[s]
}
