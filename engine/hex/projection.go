package hex

import (
	"fmt"
	"math"
)

// KmPerDegreeLat is the length of one degree of latitude near 54N, in km.
// The equirectangular projection uses it; the conic uses EarthRadiusKm.
const KmPerDegreeLat = 111.25

// EarthRadiusKm is the mean radius of the Earth as a sphere (IUGG), the
// sphere of the conic projection and of GreatCircleKm.
const EarthRadiusKm = 6371.0

// ProjKind names a projection's formula.
type ProjKind int

const (
	// Equirect is an equirectangular projection around one parallel: good
	// for a map a few hundred km across (Tannenberg), distorting east-west
	// distances by cos(lat)/cos(StdParallel) away from it.
	Equirect ProjKind = iota
	// Conic is a Lambert conformal conic on a sphere with two standard
	// parallels: scale is true on both and off by about 1% between and
	// just beyond them, so it serves a map of 20 degrees of latitude
	// (Kaiser's War in the East).
	Conic
)

func (k ProjKind) String() string {
	switch k {
	case Equirect:
		return "equirect"
	case Conic:
		return "conic"
	}
	return fmt.Sprintf("ProjKind(%d)", int(k))
}

// ParseProjKind reads "equirect" (also "", the default) or "conic".
func ParseProjKind(s string) (ProjKind, error) {
	switch s {
	case "", "equirect":
		return Equirect, nil
	case "conic":
		return Conic, nil
	}
	return 0, fmt.Errorf("projection kind %q: want equirect or conic", s)
}

// Projection places latitude and longitude on a grid, so that a map can be
// authored from real coordinates. North is up (along Meridian for the
// conic), the centre of Ref is at RefLat, RefLon, and adjacent hex centres
// are HexKm apart where the projection's scale is true.
type Projection struct {
	Kind           ProjKind
	Grid           Grid
	Ref            Hex     // a hex whose centre is at RefLat, RefLon
	RefLat, RefLon float64 // degrees north and east
	HexKm          float64 // distance between adjacent hex centres
	// StdParallel is the latitude, degrees, where scale is true: the only
	// one for Equirect, the first of two for Conic.
	StdParallel  float64
	StdParallel2 float64 // Conic: the second standard parallel
	Meridian     float64 // Conic: the central meridian, degrees east
}

// Check reports a projection whose formula cannot work: no scale, or a
// cone that degenerates (parallels at a pole or symmetric about the
// equator).
func (p Projection) Check() error {
	if !(p.HexKm > 0) {
		return fmt.Errorf("projection: km=%g must be positive", p.HexKm)
	}
	switch p.Kind {
	case Equirect:
		if math.Abs(p.StdParallel) >= 89 {
			return fmt.Errorf("projection: parallel=%g is too near a pole", p.StdParallel)
		}
	case Conic:
		for _, lat := range []float64{p.StdParallel, p.StdParallel2, p.RefLat} {
			if math.Abs(lat) >= 89 {
				return fmt.Errorf("projection: latitude %g is too near a pole for a conic", lat)
			}
		}
		if n, _ := p.cone(); math.Abs(n) < 1e-6 {
			return fmt.Errorf("projection: parallels %g and %g make a flat cone", p.StdParallel, p.StdParallel2)
		}
	default:
		return fmt.Errorf("projection: unknown kind %v", p.Kind)
	}
	return nil
}

const rad = math.Pi / 180

// cone returns the conic's cone constant n and R·F, the radius scale: the
// parallel at latitude φ is a circle of radius R·F/tan^n(π/4+φ/2) (Snyder,
// Map Projections: A Working Manual, eq. 15-1 to 15-3, on a sphere).
func (p Projection) cone() (n, rf float64) {
	f1, f2 := p.StdParallel*rad, p.StdParallel2*rad
	t := func(f float64) float64 { return math.Tan(math.Pi/4 + f/2) }
	if math.Abs(f1-f2) < 1e-12 {
		n = math.Sin(f1)
	} else {
		n = math.Log(math.Cos(f1)/math.Cos(f2)) / math.Log(t(f2)/t(f1))
	}
	return n, EarthRadiusKm * math.Cos(f1) * math.Pow(t(f1), n) / n
}

// plane returns where lat, lon falls on the projection's plane, in km east
// and north of an origin fixed by the projection alone.
func (p Projection) plane(lat, lon float64) (east, north float64) {
	if p.Kind == Conic {
		n, rf := p.cone()
		rho := rf / math.Pow(math.Tan(math.Pi/4+lat*rad/2), n)
		theta := n * (lon - p.Meridian) * rad
		return rho * math.Sin(theta), -rho * math.Cos(theta)
	}
	return lon * KmPerDegreeLat * math.Cos(p.StdParallel*rad), lat * KmPerDegreeLat
}

// unplane is the inverse of plane.
func (p Projection) unplane(east, north float64) (lat, lon float64) {
	if p.Kind == Conic {
		n, rf := p.cone()
		rho := math.Copysign(math.Hypot(east, north), n)
		theta := math.Atan2(east*math.Copysign(1, n), -north*math.Copysign(1, n))
		lat = (2*math.Atan(math.Pow(rf/rho, 1/n)) - math.Pi/2) / rad
		return lat, p.Meridian + theta/n/rad
	}
	return north / KmPerDegreeLat, east / (KmPerDegreeLat * math.Cos(p.StdParallel*rad))
}

// Point returns where lat, lon falls, in the units of Grid.Center.
func (p Projection) Point(lat, lon float64) (x, y float64) {
	rx, ry := p.Grid.Center(p.Ref)
	if p.Kind == Equirect {
		// Kept in the original order of operations, so that Tannenberg's
		// map and hexes stay what they were to the last bit.
		eastKm := (lon - p.RefLon) * KmPerDegreeLat * math.Cos(p.StdParallel*math.Pi/180)
		southKm := (p.RefLat - lat) * KmPerDegreeLat
		return rx + eastKm/p.HexKm, ry + southKm/p.HexKm
	}
	e0, n0 := p.plane(p.RefLat, p.RefLon)
	e, n := p.plane(lat, lon)
	return rx + (e-e0)/p.HexKm, ry - (n-n0)/p.HexKm
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
	if p.Kind == Equirect {
		eastKm := (x - rx) * p.HexKm
		southKm := (y - ry) * p.HexKm
		lat = p.RefLat - southKm/KmPerDegreeLat
		lon = p.RefLon + eastKm/(KmPerDegreeLat*math.Cos(p.StdParallel*math.Pi/180))
		return lat, lon
	}
	e0, n0 := p.plane(p.RefLat, p.RefLon)
	return p.unplane(e0+(x-rx)*p.HexKm, n0-(y-ry)*p.HexKm)
}

// Centre returns the latitude and longitude of the centre of h.
func (p Projection) Centre(h Hex) (lat, lon float64) {
	return p.LatLon(p.Grid.Center(h))
}

// GreatCircleKm is the distance between two points along the surface of a
// sphere of radius EarthRadiusKm (haversine formula).
func GreatCircleKm(lat1, lon1, lat2, lon2 float64) float64 {
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * EarthRadiusKm * math.Asin(math.Min(1, math.Sqrt(a)))
}
