package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"pbem/engine/hex"
	"pbem/scenarios/mapgen"
)

// The hexes T 20.0 prints.
var rulebookHexes = map[string]string{"Kovno": "0303", "Grodno": "1503", "Warsaw": "2918"}

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

func mustHex(t *testing.T, s string) hex.Hex {
	t.Helper()
	h, err := hex.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
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
		t.Fatal("scenarios/tannenberg/map.txt is stale: run go run ./scenarios/tannenberg/gen -o scenarios/tannenberg/map.txt")
	}
	if again := m.Write(); again != want {
		t.Fatal("output is not deterministic")
	}
	_, m2 := build(t)
	if m2.Write() != want {
		t.Fatal("two builds differ")
	}
}

// The generator's grid and projection (geo.txt) are those of game.txt.
func TestProjectionMatchesGameTxt(t *testing.T) {
	data, err := os.ReadFile("../game.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	n := 0
	for _, line := range strings.Split(geoText, "\n") {
		if strings.HasPrefix(line, "grid ") || strings.HasPrefix(line, "projection ") {
			n++
			if !strings.Contains(text, line) {
				t.Errorf("game.txt lacks geo.txt's %q", line)
			}
		}
	}
	if n != 2 {
		t.Errorf("geo.txt has %d grid and projection records, want 2", n)
	}
	_, m := build(t)
	if g := m.Grid(); g != (hex.Grid{Rows: 30, Cols: 35, Parity: hex.EvenRowsWest}) {
		t.Errorf("grid %+v", g)
	}
}

func townHexes(m *mapgen.Map) map[string]hex.Hex {
	out := map[string]hex.Hex{}
	for _, t := range m.Towns {
		out[t.Place.Name] = t.Hex
	}
	return out
}

// T 20.0 prints Kovno 0303, Grodno 1503, Warsaw 2918.
func TestRulebookHexes(t *testing.T) {
	_, m := build(t)
	towns := townHexes(m)
	for name, want := range rulebookHexes {
		if got := towns[name]; got.String() != want {
			t.Errorf("%s in %s, want %s", name, got, want)
		}
	}
	for _, tw := range m.Towns {
		if _, ok := rulebookHexes[tw.Place.Name]; ok && !tw.City {
			t.Errorf("%s is not a city", tw.Place.Name)
		}
	}
}

// Every place of digest 002 Appendix B.3 is within one hex of the digest's
// estimate.
func TestDigestB3Estimates(t *testing.T) {
	_, m := build(t)
	towns := townHexes(m)
	b3 := map[string]string{
		"Tilsit": "0113", "Königsberg": "0520", "Insterburg": "0614", "Gumbinnen": "0612",
		"Stallupönen": "0610", "Goldap": "0911", "Angerburg": "1013", "Lötzen": "1214",
		"Rastenburg": "1116", "Lyck": "1311", "Elbing": "1026", "Marienburg": "1128",
		"Danzig": "0830", "Allenstein": "1420", "Tannenberg": "1722", "Soldau": "2022",
		"Mława": "2121", "Osowiec": "1709", "Suwałki": "1108", "Augustów": "1308",
		"Łomża": "2012", "Ostrołęka": "2115", "Białystok": "2007", "Pułtusk": "2518",
		"Novogeorgievsk": "2719", "Płock": "2625", "Włocławek": "2528", "Graudenz": "1729",
		"Thorn": "2230", "Bromberg": "2033", "Kovno": "0303", "Grodno": "1503", "Warsaw": "2918",
	}
	for name, est := range b3 {
		h, ok := towns[name]
		if !ok {
			t.Errorf("%s is not a town on the map", name)
			continue
		}
		if d := m.Grid().Distance(h, mustHex(t, est)); d > 1 {
			t.Errorf("%s in %s, %d hexes from the B.3 estimate %s", name, h, d, est)
		}
	}
}

// Towns and fortresses stand on land of their own country.
func TestTownsOnLand(t *testing.T) {
	_, m := build(t)
	for _, tw := range m.Towns {
		if m.Water(tw.Hex) {
			t.Errorf("%s in %s is water", tw.Place.Name, tw.Hex)
		}
		if m.Country(tw.Hex) != tw.Place.Polity {
			t.Errorf("%s in %s is %s, was %s in 1914", tw.Place.Name, tw.Hex, m.Country(tw.Hex), tw.Place.Polity)
		}
	}
	towns := townHexes(m)
	for _, name := range []string{"Königsberg", "Danzig", "Elbing", "Pillau", "Tilsit", "Braunsberg", "Labiau"} {
		if h, ok := towns[name]; !ok || m.Water(h) {
			t.Errorf("%s: not a land town hex", name)
		}
	}
	if len(m.Towns) < 50 || len(m.Towns) > 95 {
		t.Errorf("%d towns", len(m.Towns))
	}
	for _, f := range m.Forts {
		if m.Water(f.Hex) || m.Country(f.Hex) != f.In.Owner {
			t.Errorf("fortress %s in %s: %c %s", f.In.Name, f.Hex, m.Terrain(f.Hex), m.Country(f.Hex))
		}
	}
}

// The lagoons and the Baltic are sea.
func TestSea(t *testing.T) {
	_, m := build(t)
	for _, p := range []mapgen.LatLon{
		{Lat: 54.55, Lon: 19.80}, // Frisches Haff off Frauenburg
		{Lat: 55.00, Lon: 21.00}, // Kurisches Haff
		{Lat: 54.90, Lon: 19.00}, // Baltic north of the Vistula Spit
	} {
		h := m.Projection().HexAt(p.Lat, p.Lon)
		if m.Terrain(h) != '~' {
			t.Errorf("%v (%s) is %c, want sea", p, h, m.Terrain(h))
		}
	}
}

// The Masurian lakes are a barrier from Angerburg to Johannisburg (notes
// s.3.1-3.2): between Lötzen's and Johannisburg's rows a corps from Lyck
// reaches Sensburg only through a passage: the Lötzen gap (through the
// fortress hex), the Nikolaiken causeway or Rudczanny. With all three shut
// there is no way round; each alone opens one. The lake towns stay land.
func TestMasurianLakes(t *testing.T) {
	_, m := build(t)
	towns := townHexes(m)
	for _, name := range []string{"Angerburg", "Lötzen", "Nikolaiken", "Arys", "Johannisburg"} {
		if h := towns[name]; m.Terrain(h) == 'L' {
			t.Errorf("%s (%s) is lake", name, h)
		}
	}
	blocked := map[hex.Side]bool{}
	lakeSides := 0
	for _, b := range m.Blocked {
		blocked[b.Side] = true
		if b.Lake != nil {
			lakeSides++
		}
	}
	if lakeSides < 5 {
		t.Errorf("%d lake hexsides, want the chain's", lakeSides)
	}
	side := func(a, b string) hex.Side {
		s, ok := m.Grid().SideBetween(mustHex(t, a), mustHex(t, b))
		if !ok {
			t.Fatalf("%s/%s is not a hexside", a, b)
		}
		return s
	}
	lotzen := towns["Lötzen"]
	gates := map[string]func(hex.Hex, hex.Side) bool{
		"Lötzen":     func(h hex.Hex, _ hex.Side) bool { return h == lotzen },
		"Nikolaiken": func(_ hex.Hex, s hex.Side) bool { return s == side("1414", "1415") },
		"Rudczanny":  func(_ hex.Hex, s hex.Side) bool { return s == side("1515", "1614") },
	}
	if towns["Nikolaiken"].String() != "1415" {
		t.Fatalf("Nikolaiken in %s: the gates below assume 1415", towns["Nikolaiken"])
	}
	lo, hi := lotzen.Row, towns["Johannisburg"].Row
	reach := func(open string) bool {
		seen := map[hex.Hex]bool{towns["Lyck"]: true}
		q := []hex.Hex{towns["Lyck"]}
		for len(q) > 0 {
			h := q[0]
			q = q[1:]
			for _, n := range m.Grid().Neighbours(h) {
				s, _ := m.Grid().SideBetween(h, n)
				shut := false
				for name, g := range gates {
					shut = shut || (name != open && g(n, s))
				}
				if seen[n] || shut || blocked[s] || !m.Grid().Contains(n) || m.Water(n) || n.Row < lo || n.Row > hi {
					continue
				}
				seen[n] = true
				q = append(q, n)
			}
		}
		return seen[towns["Sensburg"]]
	}
	if reach("") {
		t.Error("Lyck reaches Sensburg with every lake passage shut: the lakes are no barrier")
	}
	for name := range gates {
		if !reach(name) {
			t.Errorf("the %s passage alone does not lead from Lyck to Sensburg", name)
		}
	}
	// The Lötzen gap runs through the fortress.
	if f := fortAt(m, lotzen); f == nil || f.In.Name != "Lötzen" {
		t.Errorf("no Lötzen fortress in %s", lotzen)
	}
}

func fortAt(m *mapgen.Map, h hex.Hex) *mapgen.FortOut {
	for _, f := range m.Forts {
		if f.Hex == h {
			return f
		}
	}
	return nil
}

// Tilsit stands on the south bank of the Neman: the lines from Insterburg
// (R6), Königsberg (R7) and Stallupönen (R8) reach it without crossing the
// river (R6 crosses to Memel off the map).
func TestTilsitSouthOfNeman(t *testing.T) {
	_, m := build(t)
	river := riverSides(m)
	tilsit := townHexes(m)["Tilsit"]
	for _, r := range m.Rails {
		for i := 1; i < len(r.Hexes); i++ {
			s, _ := m.Grid().SideBetween(r.Hexes[i-1], r.Hexes[i])
			if slices.Contains([]string{"R6", "R7", "R8"}, r.ID) && river[s] == "Neman" {
				t.Errorf("rail %s crosses the Neman at %s on its way to Tilsit", r.ID, s)
			}
		}
	}
	for _, id := range []string{"R6", "R7", "R8"} {
		if !railTouches(m, id, tilsit) {
			t.Errorf("rail %s does not reach Tilsit %s", id, tilsit)
		}
	}
}

// The Narew joins the Vistula at Modlin: Novogeorgievsk's hex lies between
// the two rivers (the Narew north, the Vistula south-west), the Wkra ends on
// the Narew, and the Mława-Warsaw line crosses the Narew at Novogeorgievsk
// and the Vistula at Warsaw.
func TestNarewMeetsVistulaAtModlin(t *testing.T) {
	_, m := build(t)
	river := riverSides(m)
	towns := townHexes(m)
	ng, warsaw := towns["Novogeorgievsk"], towns["Warsaw"]
	by := map[string]int{}
	for _, n := range m.Grid().Neighbours(ng) {
		s, _ := m.Grid().SideBetween(ng, n)
		by[river[s]]++
	}
	if by["Narew"] < 2 || by["Vistula"] < 2 {
		t.Errorf("Novogeorgievsk %s has %d Narew and %d Vistula hexsides, want the confluence", ng, by["Narew"], by["Vistula"])
	}
	// The Wkra's last hexside meets a Narew hexside at a corner.
	var wkra []hex.Side
	for _, r := range m.Rivers {
		if r.In.Name == "Wkra" {
			wkra = r.Sides
		}
	}
	if len(wkra) == 0 {
		t.Fatal("no Wkra")
	}
	last := wkra[len(wkra)-1]
	joins := false
	for s, name := range river {
		if name == "Narew" && sharesCorner(m, s, last) {
			joins = true
		}
		if name == "Vistula" && sharesCorner(m, s, last) {
			t.Errorf("the Wkra's mouth %s touches the Vistula at %s", last, s)
		}
	}
	if !joins {
		t.Errorf("the Wkra's mouth %s is not on the Narew", last)
	}
	crossed := map[string][]string{}
	for _, r := range m.Rails {
		if r.ID != "R39" {
			continue
		}
		for i := 1; i < len(r.Hexes); i++ {
			s, _ := m.Grid().SideBetween(r.Hexes[i-1], r.Hexes[i])
			if name := river[s]; name == "Narew" || name == "Vistula" {
				crossed[name] = append(crossed[name], r.Hexes[i-1].String()+"-"+r.Hexes[i].String())
				if (name == "Narew") != (r.Hexes[i] == ng || r.Hexes[i-1] == ng) || (name == "Vistula") != (r.Hexes[i] == warsaw || r.Hexes[i-1] == warsaw) {
					t.Errorf("R39 crosses the %s at %s", name, s)
				}
			}
		}
	}
	if len(crossed["Narew"]) != 1 || len(crossed["Vistula"]) != 1 {
		t.Errorf("R39 crosses the Narew at %v and the Vistula at %v, want once each", crossed["Narew"], crossed["Vistula"])
	}
}

// The Rominten Heath covers about two hexes.
func TestRomintenHeath(t *testing.T) {
	_, m := build(t)
	n := 0
	for _, h := range m.Grid().Within(mustHex(t, "0810"), 1) {
		if m.Terrain(h) == 'F' {
			n++
		}
	}
	if n != 2 {
		t.Errorf("Rominten Heath: %d forest hexes at 0810, want 2", n)
	}
}

func riverSides(m *mapgen.Map) map[hex.Side]string {
	out := map[hex.Side]string{}
	for _, r := range m.Rivers {
		for _, s := range r.Sides {
			out[s] = r.In.Name
		}
	}
	return out
}

func railTouches(m *mapgen.Map, id string, h hex.Hex) bool {
	for _, r := range m.Rails {
		if r.ID == id && slices.Contains(r.Hexes, h) {
			return true
		}
	}
	return false
}

// sharesCorner reports whether two hexsides meet at a corner: they share a
// hex and their other hexes are neighbours, or they are one side.
func sharesCorner(m *mapgen.Map, a, b hex.Side) bool {
	hs := map[hex.Hex]int{}
	for _, h := range []hex.Hex{a.A, a.B, b.A, b.B} {
		hs[h]++
	}
	if len(hs) == 2 {
		return true
	}
	if len(hs) != 3 {
		return false
	}
	var ks []hex.Hex
	for h := range hs {
		ks = append(ks, h)
	}
	return m.Grid().Adjacent(ks[0], ks[1]) && m.Grid().Adjacent(ks[1], ks[2]) && m.Grid().Adjacent(ks[0], ks[2])
}

// The Vistula, Narew, Bug and Neman are major rivers; the Vistula runs
// past Warsaw, Thorn, Graudenz and Dirschau with each town on its bank.
func TestRivers(t *testing.T) {
	_, m := build(t)
	byName := map[string]*mapgen.RiverOut{}
	for _, r := range m.Rivers {
		byName[r.In.Name] = r
	}
	for _, name := range []string{"Vistula", "Narew", "Bug", "Neman"} {
		r := byName[name]
		if r == nil || r.In.Kind != "major" || len(r.Sides) < 10 {
			t.Errorf("%s: want a major river of 10 or more hexsides", name)
		}
	}
	for _, name := range []string{"Pregel", "Alle", "Angerapp", "Drewenz", "Passarge", "Omulew", "Orzyc", "Wkra", "Biebrza", "Pisa", "Deime", "Inster"} {
		if r := byName[name]; r == nil || r.In.Kind != "minor" {
			t.Errorf("%s: want a minor river", name)
		}
	}
	towns := townHexes(m)
	on := func(river string, h hex.Hex) bool {
		for _, s := range byName[river].Sides {
			if s.A == h || s.B == h {
				return true
			}
		}
		return false
	}
	for _, name := range []string{"Warsaw", "Thorn", "Graudenz", "Dirschau"} {
		if !on("Vistula", towns[name]) {
			t.Errorf("the Vistula does not touch %s (%s)", name, towns[name])
		}
	}
	// The Vistula reaches the south edge.
	south := false
	for _, s := range byName["Vistula"].Sides {
		if s.A.Row == m.Grid().Rows || s.B.Row == m.Grid().Rows {
			south = true
		}
	}
	if !south {
		t.Error("the Vistula does not reach the south edge")
	}
}

// The frontier puts the border towns on their 1914 side.
func TestBorder(t *testing.T) {
	_, m := build(t)
	towns := townHexes(m)
	for name, want := range map[string]string{
		"Tilsit": "DE", "Insterburg": "DE", "Allenstein": "DE", "Soldau": "DE", "Eydtkuhnen": "DE", "Prostken": "DE", "Thorn": "DE",
		"Suwałki": "RU", "Łomża": "RU", "Mława": "RU", "Warsaw": "RU", "Grajewo": "RU", "Alexandrowo": "RU", "Kovno": "RU",
	} {
		if got := m.Country(towns[name]); got != want {
			t.Errorf("%s (%s) is %s, want %s", name, towns[name], got, want)
		}
	}
}

// Rail lines are chains of adjacent land hexes of their country, each joined
// to an exit of its country; the lettered entries are where the brief says.
func TestRails(t *testing.T) {
	_, m := build(t)
	if errs := m.Check(); len(errs) > 0 {
		t.Fatal(strings.Join(errs, "\n"))
	}
	ids := map[string]*mapgen.RailOut{}
	for _, r := range m.Rails {
		if ids[r.ID] != nil {
			t.Errorf("rail %s twice", r.ID)
		}
		ids[r.ID] = r
	}
	for _, skip := range []string{"R9", "R32", "R33"} {
		if ids[skip] != nil {
			t.Errorf("rail %s should not be drawn", skip)
		}
	}
	entries := map[string]*mapgen.EntryOut{}
	for _, e := range m.Entries {
		entries[e.Letter] = e
	}
	for letter, want := range map[string]struct{ side, edge string }{
		"A": {"DE", "W"}, "B": {"DE", "W"}, "C": {"DE", "W"},
		"D": {"RU", "E"}, "E": {"RU", "E"}, "F": {"RU", "E"}, "G": {"RU", "E"},
		"H": {"RU", "SE"}, "I": {"RU", "SE"}, "J": {"RU", "SW"},
	} {
		e := entries[letter]
		if e == nil {
			t.Errorf("no entry %s", letter)
			continue
		}
		h := e.Exit.Hex
		if e.Exit.Country != want.side {
			t.Errorf("entry %s at %s is %s", letter, h, e.Exit.Country)
		}
		ok := false
		for _, c := range want.edge {
			switch c {
			case 'W':
				ok = ok || h.Col == m.Grid().Cols
			case 'E':
				ok = ok || h.Col == 1
			case 'S':
				ok = ok || h.Row == m.Grid().Rows
			}
		}
		if !ok {
			t.Errorf("entry %s at %s is not on the %s edge", letter, h, want.edge)
		}
	}
	if len(entries) != 10 {
		t.Errorf("%d entries, want A-J", len(entries))
	}
}
