package hex

import "math"

// KmPerDegreeLat is the length of one degree of latitude near 54N, in km.
const KmPerDegreeLat = 111.25

// Projection places latitude and longitude on a grid, so that a map can be
// authored from real coordinates. It is an equirectangular projection
// around a reference hex: north is up, one degree of longitude is
// cos(StdParallel) degrees of latitude wide, and adjacent hex centres are
// HexKm apart.
type Projection struct {
	Grid           Grid
	Ref            Hex     // a hex whose centre is at RefLat, RefLon
	RefLat, RefLon float64 // degrees north and east
	HexKm          float64 // distance between adjacent hex centres
	StdParallel    float64 // latitude, degrees, where east-west scale is true
}

// Point returns where lat, lon falls, in the units of Grid.Center.
func (p Projection) Point(lat, lon float64) (x, y float64) {
	rx, ry := p.Grid.Center(p.Ref)
	eastKm := (lon - p.RefLon) * KmPerDegreeLat * math.Cos(p.StdParallel*math.Pi/180)
	southKm := (p.RefLat - lat) * KmPerDegreeLat
	return rx + eastKm/p.HexKm, ry + southKm/p.HexKm
}

// HexAt returns the hex whose centre is nearest lat, lon. It may be off the
// map.
func (p Projection) HexAt(lat, lon float64) Hex {
	return p.Grid.At(p.Point(lat, lon))
}

// LatLon returns the latitude and longitude of a point in the units of
// Grid.Center: the inverse of Point.
func (p Projection) LatLon(x, y float64) (lat, lon float64) {
	rx, ry := p.Grid.Center(p.Ref)
	eastKm := (x - rx) * p.HexKm
	southKm := (y - ry) * p.HexKm
	lat = p.RefLat - southKm/KmPerDegreeLat
	lon = p.RefLon + eastKm/(KmPerDegreeLat*math.Cos(p.StdParallel*math.Pi/180))
	return lat, lon
}

// Centre returns the latitude and longitude of the centre of h.
func (p Projection) Centre(h Hex) (lat, lon float64) {
	return p.LatLon(p.Grid.Center(h))
}
