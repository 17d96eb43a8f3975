package hex

import (
	"math"
	"strings"
	"testing"
)

// The projection the Tannenberg scenario uses (scenarios/tannenberg/game.txt
// carries the same numbers).
var tannenbergProjection = Projection{
	Grid: tannenberg, Ref: Hex{Row: 3, Col: 3}, RefLat: 54.902, RefLon: 23.909,
	HexKm: 13.0, StdParallel: 53.0,
}

// T 20.0 names the garrison cities' hexes: the projection must reproduce them.
func TestProjectionAnchorsT20(t *testing.T) {
	for _, c := range []struct {
		name     string
		lat, lon float64
		want     string
	}{
		{"Kovno", 54.90, 23.90, "0303"},
		{"Grodno", 53.68, 23.83, "1503"},
		{"Warsaw", 52.23, 21.01, "2918"},
	} {
		if got := tannenbergProjection.HexAt(c.lat, c.lon).String(); got != c.want {
			t.Errorf("%s (%.2fN %.2fE) projects to %s, want %s", c.name, c.lat, c.lon, got, c.want)
		}
	}
}

// Digest 002 B.2-B.3: printed hexes and estimated places; the projection must
// land within one hex of each.
func TestProjectionPlacesB3(t *testing.T) {
	for _, c := range []struct {
		name     string
		lat, lon float64
		want     string
	}{
		{"Tilsit", 55.084, 21.879, "0113"}, {"Königsberg", 54.706, 20.511, "0520"},
		{"Insterburg", 54.633, 21.816, "0614"}, {"Gumbinnen", 54.592, 22.200, "0612"},
		{"Stallupönen", 54.631, 22.571, "0610"}, {"Goldap", 54.306, 22.304, "0911"},
		{"Angerburg", 54.216, 21.737, "1013"}, {"Lötzen", 54.038, 21.764, "1214"},
		{"Rastenburg", 54.077, 21.375, "1116"}, {"Lyck", 53.828, 22.365, "1311"},
		{"Elbing", 54.152, 19.409, "1026"}, {"Marienburg", 54.036, 19.027, "1128"},
		{"Danzig", 54.352, 18.649, "0830"}, {"Allenstein", 53.784, 20.493, "1420"},
		{"Tannenberg", 53.494, 20.131, "1722"}, {"Soldau", 53.240, 20.170, "2022"},
		{"Mława", 53.113, 20.384, "2121"}, {"Osowiec", 53.476, 22.647, "1709"},
		{"Suwałki", 54.112, 22.931, "1108"}, {"Augustów", 53.843, 22.980, "1308"},
		{"Łomża", 53.178, 22.059, "2012"}, {"Ostrołęka", 53.086, 21.576, "2115"},
		{"Białystok", 53.133, 23.164, "2007"}, {"Pułtusk", 52.703, 21.083, "2518"},
		{"Novogeorgievsk", 52.430, 20.717, "2719"}, {"Płock", 52.547, 19.706, "2625"},
		{"Włocławek", 52.648, 19.068, "2528"}, {"Graudenz", 53.484, 18.754, "1729"},
		{"Thorn", 53.014, 18.598, "2230"}, {"Bromberg", 53.123, 18.008, "2033"},
	} {
		want, _ := Parse(c.want)
		got := tannenbergProjection.HexAt(c.lat, c.lon)
		if d := tannenberg.Distance(got, want); d > 1 {
			t.Errorf("%s projects to %s, %d hexes from the digest's %s", c.name, got, d, c.want)
		}
	}
}

func TestProjectionRoundTrip(t *testing.T) {
	for _, h := range tannenberg.All() {
		lat, lon := tannenbergProjection.Centre(h)
		if got := tannenbergProjection.HexAt(lat, lon); got != h {
			t.Fatalf("centre of %s (%.3f,%.3f) projects back to %s", h, lat, lon, got)
		}
	}
	// Hex centres are HexKm apart on the ground, to within the projection's
	// east-west distortion away from the standard parallel (a few per cent).
	lat1, lon1 := tannenbergProjection.Centre(Hex{Row: 15, Col: 15})
	lat2, lon2 := tannenbergProjection.Centre(Hex{Row: 16, Col: 15})
	if lon1 == lon2 && lat1 == lat2 {
		t.Fatal("distinct hexes share a centre")
	}
}

// The conic of the Kaiser's War geography notes (geo-eastern-europe.md
// 0.3-0.4): standard parallels 45N and 58N, central meridian 25E, 70 km
// hexes, Lemberg (49.838N 24.023E) in hex 2622 (XX 26, YY 22, read here as
// column 26 of row 22).
var kwGrid = Grid{Rows: 37, Cols: 40}

var kaisersWar = Projection{
	Kind: Conic, Grid: kwGrid, Ref: Hex{Row: 22, Col: 26}, RefLat: 49.838, RefLon: 24.023,
	HexKm: 70, StdParallel: 45, StdParallel2: 58, Meridian: 25,
}

// The notes give the cone constant and where Lemberg falls from the origin
// 51.5N 25E; the formula must agree to 0.1 km.
func TestConicMatchesNotes(t *testing.T) {
	if n, _ := kaisersWar.cone(); math.Abs(n-0.78430) > 5e-6 {
		t.Errorf("cone constant %.6f, the notes give 0.78430", n)
	}
	p := kaisersWar
	p.Ref, p.RefLat, p.RefLon, p.HexKm = Hex{Row: 1, Col: 1}, 51.5, 25, 1
	x, y := p.Point(49.842, 24.032)
	rx, ry := p.Grid.Center(p.Ref)
	if east, north := x-rx, ry-y; math.Abs(east+69.0) > 0.1 || math.Abs(north+182.7) > 0.1 {
		t.Errorf("Lemberg at %.1f km east, %.1f km north of the origin; the notes give -69.0, -182.7", east, north)
	}
}

// Over the Kaiser's War box (12-39E, 41.5-61.5N) the conic keeps distances
// between real cities within 1% of the great circle, where an
// equirectangular projection around the box's middle parallel (51.5N) is
// off by more than 10% at its north and south edges.
func TestConicDistancesOverKaisersWar(t *testing.T) {
	type city struct {
		name     string
		lat, lon float64
	}
	// geo-eastern-europe.md s.1 (GeoNames).
	var (
		berlin     = city{"Berlin", 52.524, 13.411}
		warsaw     = city{"Warsaw", 52.230, 21.012}
		moscow     = city{"Moscow", 55.752, 37.616}
		riga       = city{"Riga", 56.946, 24.106}
		odessa     = city{"Odessa", 46.477, 30.733}
		helsinki   = city{"Helsingfors", 60.170, 24.935}
		petrograd  = city{"Petrograd", 59.939, 30.314}
		abo        = city{"Åbo", 60.451, 22.269}
		sofia      = city{"Sofia", 42.698, 23.324}
		varna      = city{"Varna", 43.217, 27.917}
		bucharest  = city{"Bucharest", 44.432, 26.106}
		sevastopol = city{"Sevastopol", 44.589, 33.522}
		vienna     = city{"Vienna", 48.208, 16.372}
	)
	old := Projection{Grid: kwGrid, Ref: kaisersWar.Ref, RefLat: kaisersWar.RefLat, RefLon: kaisersWar.RefLon, HexKm: 70, StdParallel: 51.5}
	// err is the relative error of the straight distance on the map.
	err := func(p Projection, a, b city) float64 {
		x1, y1 := p.Point(a.lat, a.lon)
		x2, y2 := p.Point(b.lat, b.lon)
		return math.Hypot(x2-x1, y2-y1)*p.HexKm/GreatCircleKm(a.lat, a.lon, b.lat, b.lon) - 1
	}
	for _, c := range []struct {
		a, b   city
		oldMin float64 // the least error the equirectangular must show
	}{
		{berlin, warsaw, 0.02}, {warsaw, moscow, 0.05}, {riga, odessa, 0}, {berlin, moscow, 0.05},
		{helsinki, petrograd, 0.20}, {abo, petrograd, 0.20}, {sofia, varna, 0.10},
		{bucharest, sevastopol, 0.10}, {vienna, odessa, 0.05}, {berlin, sofia, 0.02},
	} {
		if e := err(kaisersWar, c.a, c.b); math.Abs(e) > 0.01 {
			t.Errorf("conic: %s-%s off by %+.2f%%", c.a.name, c.b.name, 100*e)
		}
		if e := err(old, c.a, c.b); math.Abs(e) < c.oldMin {
			t.Errorf("equirectangular: %s-%s off by only %+.2f%%, want %.0f%% or more", c.a.name, c.b.name, 100*e, 100*c.oldMin)
		}
	}
}

func TestConicRoundTrip(t *testing.T) {
	for _, h := range kwGrid.All() {
		lat, lon := kaisersWar.Centre(h)
		if got := kaisersWar.HexAt(lat, lon); got != h {
			t.Fatalf("centre of %s (%.3f,%.3f) projects back to %s", h, lat, lon, got)
		}
	}
	for _, c := range [][2]float64{{41.5, 12}, {41.5, 39}, {61.5, 12}, {61.5, 39}, {49.838, 24.023}} {
		lat, lon := kaisersWar.LatLon(kaisersWar.Point(c[0], c[1]))
		if math.Abs(lat-c[0]) > 1e-9 || math.Abs(lon-c[1]) > 1e-9 {
			t.Errorf("%v comes back as %.12f,%.12f", c, lat, lon)
		}
	}
	// North is up along the central meridian: its points share a column
	// of the plane.
	x1, _ := kaisersWar.Point(42, 25)
	x2, _ := kaisersWar.Point(61, 25)
	if math.Abs(x1-x2) > 1e-9 {
		t.Errorf("the central meridian leans: x %.6f at 42N, %.6f at 61N", x1, x2)
	}
}

func TestProjectionCheck(t *testing.T) {
	for _, c := range []struct {
		p    Projection
		want string // "" for valid
	}{
		{tannenbergProjection, ""},
		{kaisersWar, ""},
		{Projection{Kind: Conic, HexKm: 70, StdParallel: 50, StdParallel2: 50, Meridian: 25, RefLat: 50}, ""},
		{Projection{Kind: Conic, HexKm: 70, StdParallel: 45, StdParallel2: -45, Meridian: 25}, "flat cone"},
		{Projection{Kind: Conic, HexKm: 70, StdParallel: 45, StdParallel2: 90, Meridian: 25}, "pole"},
		{Projection{HexKm: 0, StdParallel: 53}, "positive"},
		{Projection{Kind: ProjKind(7), HexKm: 1}, "unknown kind"},
	} {
		err := c.p.Check()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v", c.p, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: error %v, want one saying %q", c.p, err, c.want)
		}
	}
	for _, s := range []string{"", "equirect", "conic"} {
		k, err := ParseProjKind(s)
		if err != nil || (s != "" && k.String() != s) {
			t.Errorf("ParseProjKind(%q) = %v, %v", s, k, err)
		}
	}
	if _, err := ParseProjKind("mercator"); err == nil {
		t.Error("ParseProjKind accepts mercator")
	}
}
