package hex

import "testing"

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
