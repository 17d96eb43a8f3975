package mapgen

import (
	"math"

	"pbem/engine/hex"
)

// Sampling of the rasteriser: a hex's share of a shape is the share of its
// sample points that lie in the shape.
const (
	sampleStep = 0.1 // spacing of sample points, in hex widths
	hexRadius  = 0.57735026918962576
	// A hex a quarter sea or more is never a lake hex, however much lake
	// it holds: the lagoons' shores stay sea or land.
	lakeMaxSea = 0.25
)

// samples returns the sample points inside h, in grid units.
func samples(grid hex.Grid, h hex.Hex) [][2]float64 {
	cx, cy := grid.Center(h)
	var out [][2]float64
	n := int(math.Ceil(0.6 / sampleStep))
	for i := -n; i <= n; i++ {
		for j := -n; j <= n; j++ {
			dx := (float64(i) + 0.5) * sampleStep
			dy := (float64(j) + 0.5) * sampleStep
			if math.Abs(dx) <= 0.5 && math.Sqrt(3)*math.Abs(dy)+math.Abs(dx) <= 1 {
				out = append(out, [2]float64{cx + dx, cy + dy})
			}
		}
	}
	return out
}

// SamplesPerHex is how many points of a hex the rasteriser samples.
func SamplesPerHex() int { return len(samples(hex.Grid{Rows: 1, Cols: 1}, hex.Hex{Row: 1, Col: 1})) }

// polygon is a shape in lat/lon with its bounding box.
type polygon struct {
	pts                            []LatLon
	minLat, maxLat, minLon, maxLon float64
}

func newPolygon(pts []LatLon) *polygon {
	p := &polygon{pts: pts, minLat: 1e9, maxLat: -1e9, minLon: 1e9, maxLon: -1e9}
	for _, q := range pts {
		p.minLat = math.Min(p.minLat, q.Lat)
		p.maxLat = math.Max(p.maxLat, q.Lat)
		p.minLon = math.Min(p.minLon, q.Lon)
		p.maxLon = math.Max(p.maxLon, q.Lon)
	}
	return p
}

// contains is the even-odd rule.
func (p *polygon) contains(lat, lon float64) bool {
	if lat < p.minLat || lat > p.maxLat || lon < p.minLon || lon > p.maxLon {
		return false
	}
	in := false
	n := len(p.pts)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := p.pts[i], p.pts[j]
		if (a.Lat > lat) != (b.Lat > lat) {
			x := a.Lon + (lat-a.Lat)*(b.Lon-a.Lon)/(b.Lat-a.Lat)
			if lon < x {
				in = !in
			}
		}
	}
	return in
}

// cover returns the share of h's sample points inside any of polys.
func (m *Map) cover(h hex.Hex, polys []*polygon) float64 {
	pts := samples(m.grid, h)
	n := 0
	for _, s := range pts {
		lat, lon := m.proj.LatLon(s[0], s[1])
		for _, p := range polys {
			if p.contains(lat, lon) {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(pts))
}

// coverSea is cover for the sea: a point in an island is land.
func (m *Map) coverSea(h hex.Hex, sea, islands []*polygon) float64 {
	if len(islands) == 0 {
		return m.cover(h, sea)
	}
	pts := samples(m.grid, h)
	n := 0
	for _, s := range pts {
		lat, lon := m.proj.LatLon(s[0], s[1])
		if inAny(sea, lat, lon) && !inAny(islands, lat, lon) {
			n++
		}
	}
	return float64(n) / float64(len(pts))
}

func inAny(polys []*polygon, lat, lon float64) bool {
	for _, p := range polys {
		if p.contains(lat, lon) {
			return true
		}
	}
	return false
}

// westPolygon closes a frontier polyline round its west side: from its
// last point 2 degrees south, west to the antimeridian, north to 2 degrees
// past its first point and back. The line must cross the whole map, north
// edge to south edge, for the closing edges to stay off it. (Tannenberg
// closed at 10E; no point of that map lies west of 10E, so no hex changes.)
func westPolygon(border []LatLon) *polygon {
	const west = -180
	pts := append([]LatLon{}, border...)
	last := border[len(border)-1]
	first := border[0]
	pts = append(pts,
		LatLon{last.Lat - 2, last.Lon},
		LatLon{last.Lat - 2, west},
		LatLon{first.Lat + 2, west},
		LatLon{first.Lat + 2, first.Lon},
	)
	return newPolygon(pts)
}

// countryPolygons returns the country of each polygon that assigns land,
// in order of precedence: the border's west side, then country records.
func countryPolygons(g *Geo) ([]string, [][]*polygon) {
	var names []string
	var polys [][]*polygon
	if g.Border != nil {
		names = append(names, g.Border.Extra["west"])
		polys = append(polys, []*polygon{westPolygon(g.Border.Pts)})
	}
	for _, c := range g.Countries {
		i := 0
		for i < len(names) && names[i] != c.Kind {
			i++
		}
		if i == len(names) {
			names = append(names, c.Kind)
			polys = append(polys, nil)
		}
		polys[i] = append(polys[i], newPolygon(c.Pts))
	}
	return names, polys
}

// classify picks a hex's terrain letter from its shares.
func (m *Map) classify(sh shares) byte {
	gm := m.game
	water := sh.sea + sh.lake
	switch {
	case sh.sea > gm.SeaShare:
		return gm.Sea
	case sh.lake >= gm.LakeShare && sh.sea < lakeMaxSea:
		// Long narrow lakes (the Masurian lakes) cover little of any hex
		// yet bar movement together: a lower lake threshold keeps them.
		return gm.Lake
	case water > 0.5:
		if sh.lake > sh.sea {
			return gm.Lake
		}
		return gm.Sea
	}
	best := -1
	for i := range gm.Areas {
		if sh.area[i] > gm.AreaShare && (best < 0 || sh.area[i] > sh.area[best]) {
			best = i
		}
	}
	if best >= 0 {
		return gm.Areas[best].Letter
	}
	return gm.Clear
}

// countryOf picks a land hex's country: the country covering most of it,
// if it covers more than the default country does (what no polygon
// covers); else the default.
func (m *Map) countryOf(names []string, sh shares, def string) string {
	best, rest := -1, 1.0
	for i, s := range sh.country {
		rest -= s
		if s > 0 && (best < 0 || s > sh.country[best]) {
			best = i
		}
	}
	if best >= 0 && (def == "" || sh.country[best] > math.Max(rest, 0)) {
		return names[best]
	}
	return def
}
