package main

import (
	"math"

	"pbem/engine/hex"
)

// The grid and projection of scenarios/tannenberg/game.txt (gen_test.go
// checks that they agree).
var (
	grid = hex.Grid{Rows: 30, Cols: 35, Parity: hex.EvenRowsWest}
	proj = hex.Projection{Grid: grid, Ref: hex.Hex{Row: 3, Col: 3}, RefLat: 54.902, RefLon: 23.909, HexKm: 13.0, StdParallel: 53.0}
)

// Thresholds of the rasteriser: the share of a hex's sample points that must
// lie in a shape for the hex to take its terrain.
const (
	seaShare   = 0.5  // sea: more than half the hex
	lakeShare  = 0.15 // lake: 15% or more (see Build)
	areaShare  = 0.5  // forest and swamp: more than half the hex
	sampleStep = 0.1  // spacing of sample points, in hex widths
	hexRadius  = 0.57735026918962576
)

// samples returns the sample points inside h, in grid units.
func samples(h hex.Hex) [][2]float64 {
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
func cover(h hex.Hex, polys []*polygon) float64 {
	pts := samples(h)
	n := 0
	for _, s := range pts {
		lat, lon := proj.LatLon(s[0], s[1])
		for _, p := range polys {
			if p.contains(lat, lon) {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(pts))
}

// germanPolygon closes the frontier polyline round the German side, far
// off the map to the west and north.
func germanPolygon(border []LatLon) *polygon {
	pts := append([]LatLon{}, border...)
	last := border[len(border)-1]
	first := border[0]
	pts = append(pts,
		LatLon{last.Lat - 2, last.Lon},
		LatLon{last.Lat - 2, 10},
		LatLon{first.Lat + 2, 10},
		LatLon{first.Lat + 2, first.Lon},
	)
	return newPolygon(pts)
}
