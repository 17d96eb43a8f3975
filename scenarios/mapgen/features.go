package mapgen

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"pbem/engine/hex"
)

// fortressOut sets a fortress's strengths: its class's, unless the
// geography file overrides them (full=, weak=, note= say why). ok is false
// for a class the game does not draw.
func (m *Map) fortressOut(g *Geo, f *FortressIn) (o *FortOut, ok bool) {
	st, ok := m.game.FortressClasses[f.Class]
	if !ok {
		return nil, false
	}
	o = &FortOut{In: f, Full: st[0], Weak: st[1], Note: fmt.Sprintf("class %s", f.Class)}
	for _, fd := range []struct {
		key string
		p   *int
	}{{"full", &o.Full}, {"weak", &o.Weak}} {
		if v, set := f.Fields[fd.key]; set {
			n, err := strconv.Atoi(v)
			if err != nil {
				m.fail("%s:%d: fortress %s: %s=%s is not a whole number", g.Name, f.Line, f.Name, fd.key, v)
			}
			*fd.p = n
		}
	}
	if v := f.Fields["note"]; v != "" {
		o.Note = v
	}
	return o, true
}

// buildFortresses places the fortresses of a drawn class, in their town's
// hex where they have one; of two in one hex the stronger is kept.
func (m *Map) buildFortresses(g *Geo) {
	forts := map[hex.Hex]*FortOut{}
	for _, f := range g.Fortresses {
		o, ok := m.fortressOut(g, f)
		if !ok {
			continue
		}
		h := m.proj.HexAt(f.At.Lat, f.At.Lon)
		for _, t := range m.Towns {
			if t.Place.Name == f.Name && t.Hex != h {
				m.Notes = append(m.Notes, fmt.Sprintf("fortress %s is put in its town's hex %s (its works project to %s)", f.Name, t.Hex, h))
				h = t.Hex
			}
		}
		if !m.grid.Contains(h) {
			m.Notes = append(m.Notes, fmt.Sprintf("fortress %s (class %s) lies off the map at %s", f.Name, f.Class, h))
			continue
		}
		o.Hex = h
		if m.Water(h) {
			m.fail("fortress %s: %s is water", f.Name, h)
		}
		if m.Country(h) != f.Owner {
			m.fail("fortress %s: %s is %s land, owner %s", f.Name, h, m.Country(h), f.Owner)
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
}

// buildRivers traces every river along hexsides, majors first; a hexside
// belongs to one river only, and none runs beside water or off the map.
func (m *Map) buildRivers(g *Geo) {
	cg := newCornerGraph(m.grid, m.proj)
	m.riverAt = map[hex.Side]string{}
	rivers := append([]*Shape{}, g.Rivers...)
	sort.SliceStable(rivers, func(i, j int) bool { return rivers[i].Kind == "major" && rivers[j].Kind != "major" })
	for _, rv := range rivers {
		out := &RiverOut{In: rv}
		for _, s := range cg.traceSides(rv.Pts) {
			if !m.grid.Contains(s.A) || !m.grid.Contains(s.B) || m.Water(s.A) || m.Water(s.B) {
				continue
			}
			if m.Country(s.A) == "" && m.Country(s.B) == "" {
				continue // between two hexes no unit may enter
			}
			if m.riverAt[s] != "" {
				continue
			}
			m.riverAt[s] = rv.Name
			out.Sides = append(out.Sides, s)
		}
		if len(out.Sides) > 0 {
			m.Rivers = append(m.Rivers, out)
		} else {
			m.Notes = append(m.Notes, fmt.Sprintf("river %s has no hexside on the map", rv.Name))
		}
	}
}

// buildCorrections reads the blocked hexsides and the trenches (prepared
// field positions, on land hexes only).
func (m *Map) buildCorrections(g *Geo) {
	for _, b := range g.Blocked {
		x, y, _ := strings.Cut(b.Hex, "/")
		ha, err1 := m.grid.Parse(x)
		hb, err2 := m.grid.Parse(y)
		s, ok := m.grid.SideBetween(ha, hb)
		if err1 != nil || err2 != nil || !ok {
			m.fail("%s:%d: blocked %s: not a hexside", g.Name, b.Line, b.Hex)
			continue
		}
		if m.riverAt[s] != "" {
			m.fail("%s:%d: blocked %s is on the %s", g.Name, b.Line, b.Hex, m.riverAt[s])
		}
		out := BlockedOut{Side: s, Reason: b.Reason}
		if b.Lake != "" {
			out.Lake = m.lakeBySide(g, b, s)
		}
		m.Blocked = append(m.Blocked, out)
	}
	m.blockedAt = map[hex.Side]bool{}
	for _, b := range m.Blocked {
		m.blockedAt[b.Side] = true
	}
	for _, tr := range g.Trenches {
		out := TrenchOut{Reason: tr.Reason}
		for _, s := range tr.Hexes {
			h, err := m.grid.Parse(s)
			if err != nil || !m.grid.Contains(h) || m.Water(h) {
				m.fail("%s:%d: trench %s: not a land hex of the map", g.Name, tr.Line, s)
				continue
			}
			out.Hexes = append(out.Hexes, h)
		}
		m.Trench = append(m.Trench, out)
	}
}

// lakeBySide finds the lake a lake hexside runs along and checks that the
// side is worth writing: between two land hexes of the map (a lake hex is
// closed already), with the lake's shore within a third of a hex of the
// side's midpoint.
func (m *Map) lakeBySide(g *Geo, b *Fix, s hex.Side) *Shape {
	var lake *Shape
	for _, w := range g.Water {
		if w.Kind == "lake" && w.Name == b.Lake {
			lake = w
		}
	}
	switch {
	case lake == nil:
		m.fail("%s:%d: blocked %s: no lake %q", g.Name, b.Line, b.Hex, b.Lake)
		return nil
	case !m.grid.Contains(s.A) || !m.grid.Contains(s.B) || m.Water(s.A) || m.Water(s.B):
		m.fail("%s:%d: blocked %s: a lake hexside must lie between two land hexes of the map", g.Name, b.Line, b.Hex)
		return lake
	}
	ax, ay := m.grid.Center(s.A)
	bx, by := m.grid.Center(s.B)
	mx, my := (ax+bx)/2, (ay+by)/2
	la, lo := m.proj.LatLon(mx, my)
	if newPolygon(lake.Pts).contains(la, lo) {
		return lake
	}
	best := math.Inf(1)
	for i := range lake.Pts {
		p, q := lake.Pts[i], lake.Pts[(i+1)%len(lake.Pts)]
		px, py := m.proj.Point(p.Lat, p.Lon)
		qx, qy := m.proj.Point(q.Lat, q.Lon)
		best = math.Min(best, segDist(mx, my, px, py, qx, qy))
	}
	if best > 1.0/3 {
		m.fail("%s:%d: blocked %s: the %s lies %.1f km from the hexside", g.Name, b.Line, b.Hex, lake.Name, best*m.proj.HexKm)
	}
	return lake
}
