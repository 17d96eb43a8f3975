package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
	"pbem/scenarios/mapgen"
)

func build(t *testing.T) (*mapgen.Geo, *mapgen.Map) {
	t.Helper()
	g, err := mapgen.ParseGeo("geo.txt", geoText)
	if err != nil {
		t.Fatal(err)
	}
	m, errs := mapgen.Build(g, game())
	for _, e := range errs {
		t.Error(e)
	}
	return g, m
}

// shared is one build for the tests that only read it (a build takes a
// second).
var shared struct {
	once sync.Once
	g    *mapgen.Geo
	m    *mapgen.Map
	errs []string
}

func built(t *testing.T) (*mapgen.Geo, *mapgen.Map) {
	t.Helper()
	shared.once.Do(func() {
		g, err := mapgen.ParseGeo("geo.txt", geoText)
		if err != nil {
			shared.errs = []string{err.Error()}
			return
		}
		shared.g = g
		shared.m, shared.errs = mapgen.Build(g, game())
	})
	if len(shared.errs) > 0 {
		t.Fatal(strings.Join(shared.errs, "\n"))
	}
	return shared.g, shared.m
}

// The committed map.txt is exactly what the tool writes.
func TestMapIsFresh(t *testing.T) {
	_, m := build(t)
	want := m.Write()
	got, err := os.ReadFile("../map.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("scenarios/kaiserswar/map.txt is stale: run go run ./scenarios/kaiserswar/gen -o scenarios/kaiserswar/map.txt")
	}
	if _, m2 := build(t); m2.Write() != want {
		t.Fatal("two builds differ")
	}
}

// The generator's grid and projection (geo.txt) are those of game.txt.
func TestProjectionMatchesGameTxt(t *testing.T) {
	data, err := os.ReadFile("../game.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(geoText, "\n") {
		if strings.HasPrefix(line, "grid ") || strings.HasPrefix(line, "projection ") {
			n++
			if !strings.Contains(string(data), line) {
				t.Errorf("game.txt lacks geo.txt's %q", line)
			}
		}
	}
	if n != 2 {
		t.Errorf("geo.txt has %d grid and projection records, want 2", n)
	}
}

type fixture struct {
	g     *mapgen.Geo
	m     *mapgen.Map
	towns map[string]*mapgen.TownOut
	reg   map[string]map[hex.Hex]bool
}

func load(t *testing.T) *fixture {
	t.Helper()
	g, m := built(t)
	f := &fixture{g: g, m: m, towns: map[string]*mapgen.TownOut{}, reg: map[string]map[hex.Hex]bool{}}
	for _, tw := range m.Towns {
		f.towns[tw.Place.Name] = tw
	}
	for _, r := range m.Regions {
		f.reg[r.ID] = map[hex.Hex]bool{}
		for _, h := range r.Hexes {
			f.reg[r.ID][h] = true
		}
	}
	return f
}

func (f *fixture) hex(t *testing.T, town string) hex.Hex {
	t.Helper()
	tw := f.towns[town]
	if tw == nil {
		t.Fatalf("no town %s on the map", town)
	}
	return tw.Hex
}

func (f *fixture) parse(t *testing.T, s string) hex.Hex {
	t.Helper()
	h, err := f.m.Grid().Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// The places the rules name, in the country the set-ups put them in.
var rulebookTowns = map[string]string{
	"Berlin": "DE", "Konigsberg": "DE", "Danzig": "DE", "Thorn": "DE", "Posen": "DE", "Breslau": "DE",
	"Vienna": "AH", "Budapest": "AH", "Komarom": "AH", "Krakow": "AH", "Przemysl": "AH", "Lemberg": "AH",
	"Drohobycz-Boryslaw": "AH", "Karlsburg": "AH", "Warsaw": "RU", "Lodz": "RU", "Ivangorod": "RU", "Kovno": "RU",
	"Grodno": "RU", "Brest-Litovsk": "RU", "Dubno": "RU", "Dvinsk": "RU", "Riga": "RU", "Reval": "RU", "Minsk": "RU",
	"Kiev": "RU", "Kharkov": "RU", "Odessa": "RU", "Sevastopol": "RU", "Petrograd": "RU", "Kronstadt": "RU",
	"Moscow": "RU", "Helsinki": "RU", "Abo": "RU", "Bucharest": "RO", "Ploesti": "RO", "Turtukaia": "RO",
	"Sofia": "BG", "Varna": "BG",
}

// Lemberg is 2622 (28.4); every place the rules name is on the map, in its
// 1914 country, in the hex its coordinates fall in (Turtukaia excepted: it
// is moved to its Romanian neighbour, reference 0.5); 2721 and 2926 (28.5)
// are Russian or Romanian.
func TestAnchors(t *testing.T) {
	f := load(t)
	if h := f.hex(t, "Lemberg"); h.String() != "2622" || !f.towns["Lemberg"].City {
		t.Errorf("Lemberg is %s, want the city in 2622 (28.4)", h)
	}
	for name, country := range rulebookTowns {
		h := f.hex(t, name)
		if !f.reg[country][h] {
			t.Errorf("%s (%s) is not in %s", name, h, country)
		}
		p := f.g.Places[name]
		if at := f.m.Projection().HexAt(p.At.Lat, p.At.Lon); at != h && name != "Turtukaia" {
			t.Errorf("%s is in %s, its coordinates in %s", name, h, at)
		}
	}
	if h := f.hex(t, "Turtukaia"); h.String() != "2932" {
		t.Errorf("Turtukaia in %s, want 2932", h)
	}
	for _, s := range []string{"2721", "2926"} {
		h := f.parse(t, s)
		if !f.reg["RU"][h] && !f.reg["RO"][h] {
			t.Errorf("%s (28.5) is neither Russian nor Romanian", s)
		}
	}
	if f.hex(t, "Dubno").String() != "2721" {
		t.Errorf("Dubno is %s: the reference grid puts 2721 on it", f.hex(t, "Dubno"))
	}
}

// Distances the digest derives from the rules: Breslau-Krakow 3 hexes
// (17.2), Thorn-Warsaw a short land move (18.4), and 70 km hexes (2.9).
func TestDistances(t *testing.T) {
	f := load(t)
	gr := f.m.Grid()
	if d := gr.Distance(f.hex(t, "Breslau"), f.hex(t, "Krakow")); d != 3 {
		t.Errorf("Breslau-Krakow %d hexes, want 3 (17.2)", d)
	}
	if d := gr.Distance(f.hex(t, "Thorn"), f.hex(t, "Warsaw")); d < 2 || d > 3 {
		t.Errorf("Thorn-Warsaw %d hexes, want 2-3 (about 190 km, 18.4)", d)
	}
	if d := gr.Distance(f.hex(t, "Berlin"), f.hex(t, "Moscow")); d < 22 || d > 25 {
		t.Errorf("Berlin-Moscow %d hexes, want about 1 610 km / 70", d)
	}
}

// The Strategic Objectives are those docs/kaisers-war.md chose, Berlin and
// Warsaw (5.4) among them, each in a country; ports lie on their own sea.
func TestObjectivesAndPorts(t *testing.T) {
	f := load(t)
	want := map[string]bool{"Berlin": true, "Konigsberg": true, "Breslau": true, "Vienna": true, "Budapest": true, "Krakow": true,
		"Lemberg": true, "Sofia": true, "Warsaw": true, "Petrograd": true, "Moscow": true, "Kiev": true, "Riga": true, "Odessa": true, "Bucharest": true}
	got := map[string]bool{}
	for _, tw := range f.m.Towns {
		if tw.In.Fields["objective"] == "yes" {
			got[tw.Place.Name] = true
		}
	}
	for n := range want {
		if !got[n] {
			t.Errorf("%s is not a Strategic Objective", n)
		}
	}
	for n := range got {
		if !want[n] {
			t.Errorf("%s is a Strategic Objective the docs do not choose", n)
		}
	}
	if src := f.towns["Berlin"].In.Fields["objective.src"]; src != "rulebook:5.4" {
		t.Errorf("Berlin's objective source %q", src)
	}
	// A Baltic port touches a sea hex north of 53N, a Black Sea one a sea
	// hex south of 48N, or a port that does: its outport on a lagoon or
	// (Stettin by Swinemunde, Petrograd by Kronstadt); Nikolaev touches the
	// liman's mouth, all-sea once Ochakov, a village, is left out of the
	// towns.
	gr, pr := f.m.Grid(), f.m.Projection()
	ports := map[string]int{}
	port := map[hex.Hex]string{}
	for _, tw := range f.m.Towns {
		port[tw.Hex] = tw.In.Fields["port"]
	}
	onSea := func(h hex.Hex, sea string) bool {
		for _, n := range gr.Neighbours(h) {
			if !gr.Contains(n) || f.m.Terrain(n) != '~' {
				continue
			}
			lat, _ := pr.Centre(n)
			if (sea == "baltic" && lat > 53) || (sea == "black" && lat < 48) {
				return true
			}
		}
		return false
	}
	for _, tw := range f.m.Towns {
		sea := tw.In.Fields["port"]
		if sea == "" {
			continue
		}
		ports[sea]++
		if tw.Place.Name == "Nikolaev" && !onSea(tw.Hex, sea) {
			t.Errorf("Nikolaev (%s) touches no all-sea hex", tw.Hex)
		}
		ok := onSea(tw.Hex, sea)
		for _, n := range gr.Neighbours(tw.Hex) {
			ok = ok || (gr.Contains(n) && port[n] == sea && onSea(n, sea))
		}
		if !ok {
			t.Errorf("port %s (%s) touches no hex of the %s sea", tw.Place.Name, tw.Hex, sea)
		}
	}
	for _, n := range []string{"Danzig", "Konigsberg", "Riga", "Helsinki", "Petrograd", "Kronstadt"} {
		if f.towns[n].In.Fields["port"] != "baltic" {
			t.Errorf("%s is not a Baltic port ([Opt: Naval Transfer])", n)
		}
	}
	for _, n := range []string{"Odessa", "Sevastopol", "Varna"} {
		if f.towns[n].In.Fields["port"] != "black" {
			t.Errorf("%s is not a Black Sea port", n)
		}
	}
	if ports["baltic"] < 10 || ports["black"] < 7 {
		t.Errorf("ports %v", ports)
	}
}

// Each front region holds the places the reference's check lists put on
// the Central Powers' side and none of the Allied ones; the mobilization
// hexes are Russian, "5" behind the CP side of 1916 (28.4).
func TestFronts(t *testing.T) {
	f := load(t)
	for _, c := range []struct {
		front  string
		cp, al []string
	}{
		{"front-1914", []string{"Berlin", "Konigsberg", "Krakow", "Lemberg", "Przemysl", "Czernowitz"}, []string{"Warsaw", "Kovno", "Dubno", "Kalisz"}},
		{"front-1915", []string{"Lodz", "Krakow", "Czernowitz", "Suwalki", "Mlawa", "Libau"}, []string{"Warsaw", "Kovno", "Grodno", "Przemysl", "Lemberg", "Ivangorod", "Shavli", "Tarnow"}},
		{"front-1916", []string{"Kovno", "Vilna", "Grodno", "Brest-Litovsk", "Warsaw", "Lemberg", "Pinsk", "Kovel", "Czernowitz", "Mitau", "Lutsk"}, []string{"Riga", "Dvinsk", "Minsk", "Dubno", "Kiev", "Tarnopol", "Rovno", "Sarny", "Arensburg"}},
		{"front-1916-ro", []string{"Bucharest", "Ploesti", "Constanta", "Turtukaia", "Craiova", "Tulcea"}, []string{"Iasi", "Galati", "Bacau", "Botosani"}},
	} {
		r := f.reg[c.front]
		if len(r) == 0 {
			t.Errorf("no region %s", c.front)
			continue
		}
		for _, n := range c.cp {
			if tw := f.towns[n]; tw != nil && !r[tw.Hex] {
				t.Errorf("%s: %s (%s) is not on the CP side", c.front, n, tw.Hex)
			} else if tw == nil && n != "Kalisz" && n != "Galati" {
				t.Errorf("no town %s", n)
			}
		}
		for _, n := range c.al {
			if tw := f.towns[n]; tw != nil && r[tw.Hex] {
				t.Errorf("%s: %s (%s) is on the CP side", c.front, n, tw.Hex)
			}
		}
		var drawn *mapgen.FrontOut
		for _, fo := range f.m.Fronts {
			if fo.In.ID == c.front {
				drawn = fo
			}
		}
		if drawn == nil || len(drawn.Chains[0]) < 10 {
			t.Errorf("%s: no front line of ten hexsides or more", c.front)
		}
	}
	// front-1914 is the land of Germany and Austria-Hungary.
	for h := range f.reg["front-1914"] {
		if !f.reg["DE"][h] && !f.reg["AH"][h] {
			t.Errorf("front-1914 holds %s, neither DE nor AH", h)
		}
	}
	if n := len(f.reg["front-1914"]); n != len(f.reg["DE"])+len(f.reg["AH"]) {
		t.Errorf("front-1914 has %d hexes, DE and AH %d", n, len(f.reg["DE"])+len(f.reg["AH"]))
	}
	for id, onCP := range map[string]bool{"mob-5": true, "mob-8": false} {
		r := f.reg[id]
		if len(r) != 1 {
			t.Fatalf("%s has %d hexes, want 1 (26.4)", id, len(r))
		}
		for h := range r {
			if !f.reg["RU"][h] || f.reg["front-1914"][h] || f.reg["front-1915"][h] {
				t.Errorf("%s (%s) is not on the Russian side in 1914 and 1915", id, h)
			}
			if f.reg["front-1916"][h] != onCP {
				t.Errorf("%s (%s): on the CP side of 1916 is %v, want %v (28.4)", id, h, !onCP, onCP)
			}
		}
	}
}

// Rails: exits on the west, east and north edges, a Serbian Transit from
// an A-H rail hex to a Bulgarian one, and Russia's lines inside Russia.
func TestRails(t *testing.T) {
	f := load(t)
	gr := f.m.Grid()
	edges := map[string]int{}
	for _, e := range f.m.Exits {
		switch {
		case e.Hex.Col == gr.FirstCol():
			edges["west"]++
		case e.Hex.Col == gr.LastCol():
			edges["east"]++
		case e.Hex.Row == 1:
			edges["north"]++
		}
	}
	if edges["west"] < 4 || edges["east"] < 5 || edges["north"] < 1 {
		t.Errorf("exits by edge %v", edges)
	}
	rail := map[hex.Hex]string{}
	for _, r := range f.m.Rails {
		for _, h := range r.Hexes {
			rail[h] = r.Country
		}
	}
	extra := f.m.Write()
	z, ts := f.hex(t, "Zimony"), f.hex(t, "Tsaribrod")
	if !strings.Contains(extra, "edges link "+z.String()+" "+ts.String()+" kind=serbian-transit") {
		t.Error("no Serbian Transit link from Zimony to Tsaribrod (18.6)")
	}
	if rail[z] != "CP" || !f.reg["AH"][z] || rail[ts] != "CP" || !f.reg["BG"][ts] {
		t.Errorf("the Serbian Transit joins %s (%s) and %s (%s), want A-H and Bulgarian rail hexes", z, rail[z], ts, rail[ts])
	}
	for _, n := range []string{"Warsaw", "Kovno", "Moscow", "Kiev", "Petrograd", "Berlin", "Vienna", "Bucharest", "Sofia", "Lemberg"} {
		if rail[f.hex(t, n)] == "" {
			t.Errorf("%s has no railway", n)
		}
	}
}

// The map loads with engine/scenario beside game.txt, with a throwaway
// order of battle (testdata), and keeps what the generator wrote.
func TestLoads(t *testing.T) {
	_, m := built(t)
	var files []scenario.File
	for _, p := range []string{"../game.txt", "../map.txt", "testdata/units.txt", "testdata/scenario-test.txt"} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, scenario.File{Name: "kaiserswar/" + filepath.Base(p), Data: data})
	}
	g, err := scenario.Load(files)
	if err != nil {
		t.Fatal(err)
	}
	lm := g.Map
	if lm.Grid != m.Grid() || lm.Grid.FirstCol() != 14 || lm.Grid.LastCol() != 40 {
		t.Fatalf("loaded grid %+v", lm.Grid)
	}
	if len(lm.Towns) != len(m.Towns) || len(lm.Exits) != len(m.Exits) {
		t.Errorf("loaded %d towns and %d exits, wrote %d and %d", len(lm.Towns), len(lm.Exits), len(m.Towns), len(m.Exits))
	}
	for _, h := range m.Grid().All() {
		if string(lm.Country(h)) != m.Side(h) || byte(lm.Terrain(h)) != m.Terrain(h) {
			t.Fatalf("%s loads as %s %c, was written %s %c", h, lm.Country(h), lm.Terrain(h), m.Side(h), m.Terrain(h))
		}
	}
}
