package mapgen

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// galicia is a test game of two other countries (AH west, RU east) with a
// terrain kind Tannenberg lacks: mountain, drawn as broken terrain.
func galicia() *Game {
	return &Game{
		GeoName: "galicia.txt",
		Clear:   '.', Sea: '~', Lake: 'L', Terrains: ".FBSL~",
		Areas:    []Area{{Kind: "mountain", Letter: 'B'}, {Kind: "forest", Letter: 'F'}},
		SeaShare: 0.5, LakeShare: 0.5, AreaShare: 0.5,
		Countries: []CountryLetter{
			{Letter: "A", Country: "AH", Src: "test: Austria-Hungary"},
			{Letter: "R", Country: "RU", Src: "test: Russia"},
		},
		FortressClasses: map[string][2]int{"A": {6, 3}},
	}
}

func buildGalicia(t *testing.T) (*Geo, *Map) {
	t.Helper()
	text, err := os.ReadFile("testdata/galicia.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ParseGeo("galicia.txt", string(text))
	if err != nil {
		t.Fatal(err)
	}
	m, errs := Build(g, galicia())
	for _, e := range errs {
		t.Error(e)
	}
	return g, m
}

// The Galicia test geography builds without a problem into a map of its
// own countries, terrain and lines.
func TestOtherGameBuilds(t *testing.T) {
	_, m := buildGalicia(t)
	if g := m.Grid(); g.Rows != 16 || g.Cols != 15 || m.Projection().Kind != hex.Conic {
		t.Fatalf("grid %+v, projection %v: not the geography file's", g, m.Projection().Kind)
	}
	// The map covers the box the file names, 49.1-50.9N x 23.4-26.4E,
	// give or take a hex.
	nwLat, nwLon := m.Projection().Centre(hex.Hex{Row: 1, Col: 15})
	seLat, seLon := m.Projection().Centre(hex.Hex{Row: 16, Col: 1})
	for _, c := range []struct {
		what      string
		got, want float64
	}{{"north", nwLat, 50.9}, {"west", nwLon, 23.4}, {"south", seLat, 49.1}, {"east", seLon, 26.4}} {
		if math.Abs(c.got-c.want) > 0.25 {
			t.Errorf("%s edge at %.2f, want about %.2f", c.what, c.got, c.want)
		}
	}
	towns := map[string]*TownOut{}
	for _, tw := range m.Towns {
		towns[tw.Place.Name] = tw
	}
	if l := towns["Lemberg"]; l == nil || l.Hex != (hex.Hex{Row: 10, Col: 12}) || !l.City {
		t.Errorf("Lemberg: %+v, want the city in the reference hex 1012", l)
	}
	for name, want := range map[string]string{"Lemberg": "AH", "Sokal": "AH", "Brody": "AH", "Tarnopol": "AH", "Dubno": "RU", "Lutsk": "RU", "Rovno": "RU", "Kremenets": "RU"} {
		if tw := towns[name]; tw == nil || m.Country(tw.Hex) != want {
			t.Errorf("%s: not a town of %s", name, want)
		}
	}
	// Mountain is this game's own area kind: the Carpathian foothills
	// fill the south-west corner and nothing else.
	n := 0
	for _, h := range m.Grid().All() {
		if m.Terrain(h) == 'B' {
			n++
			if h.Row < 14 || h.Col < 12 {
				t.Errorf("%s is mountain, far from the Carpathians", h)
			}
		}
	}
	if n == 0 {
		t.Error("no mountain hex")
	}
	rivers := map[string]*RiverOut{}
	for _, r := range m.Rivers {
		rivers[r.In.Name] = r
	}
	for _, name := range []string{"Dniester", "Bug", "Styr", "Strypa"} {
		if r := rivers[name]; r == nil || len(r.Sides) < 5 {
			t.Errorf("%s: want five hexsides or more", name)
		}
	}
	rails := map[string]*RailOut{}
	for _, r := range m.Rails {
		rails[r.ID] = r
	}
	if r := rails["R8"]; r == nil || r.Country != "RU" || r.Hexes[0] != m.Exits[0].Hex {
		t.Errorf("R8: want a Russian line from the Kovel exit, have %+v", r)
	}
	if len(m.Entries) != 1 || m.Entries[0].Exit.Country != "RU" {
		t.Errorf("entries %+v", m.Entries)
	}
}

// The written map loads with engine/scenario beside a game.txt declaring
// the geography file's grid and projection and the two countries as sides.
func TestOtherGameLoads(t *testing.T) {
	_, m := buildGalicia(t)
	files, err := scenario.Sketch{Name: "galicia", Rows: []string{"."}, Split: 1}.Files()
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile("testdata/galicia.txt")
	if err != nil {
		t.Fatal(err)
	}
	var frame []string
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "grid ") || strings.HasPrefix(line, "projection ") {
			frame = append(frame, line)
		}
	}
	var game []string
	for _, line := range strings.Split(string(files[0].Data), "\n") {
		switch {
		case strings.HasPrefix(line, "grid "), strings.HasPrefix(line, "projection "):
			continue
		case strings.HasPrefix(line, "side DE "):
			line = "side AH name=Austro-Hungarian"
		}
		game = append(game, line)
	}
	game = append(game, frame...)
	files[0].Data = []byte(strings.Join(game, "\n") + "\n")
	files[1].Data = []byte(m.Write())
	loaded, err := scenario.Load(files)
	if err != nil {
		t.Fatal(err)
	}
	lm := loaded.Map
	if lm.Projection.Kind != hex.Conic || lm.Grid != m.Grid() {
		t.Errorf("loaded grid %+v projection %v", lm.Grid, lm.Projection.Kind)
	}
	if len(lm.Towns) != len(m.Towns) || len(lm.Exits) != len(m.Exits) {
		t.Errorf("loaded %d towns and %d exits, wrote %d and %d", len(lm.Towns), len(lm.Exits), len(m.Towns), len(m.Exits))
	}
	for _, h := range m.Grid().All() {
		if string(lm.Country(h)) != m.Country(h) || byte(lm.Terrain(h)) != m.Terrain(h) {
			t.Fatalf("%s loads as %s %c, was written %s %c", h, lm.Country(h), lm.Terrain(h), m.Country(h), m.Terrain(h))
		}
	}
}

// The command writes what Write renders, and -at answers where points and
// hexes lie.
func TestRun(t *testing.T) {
	text, err := os.ReadFile("testdata/galicia.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, m := buildGalicia(t)
	out := t.TempDir() + "/map.txt"
	var stdout, stderr strings.Builder
	if err := run(galicia(), string(text), []string{"-o", out}, &stdout, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	if got, err := os.ReadFile(out); err != nil || string(got) != m.Write() {
		t.Errorf("-o wrote %d bytes (%v), not the map", len(got), err)
	}
	stdout.Reset()
	if err := run(galicia(), string(text), []string{"-at", "1012 49.838,24.023"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if want := "1012 centre 49.838,24.023\n49.838,24.023 1012\n"; stdout.String() != want {
		t.Errorf("-at printed %q, want %q", stdout.String(), want)
	}
	bad := strings.Replace(string(text), "town Lemberg\n", "town Lemberg\ntown Atlantis\n", 1)
	if err := run(galicia(), bad, nil, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), `no place "Atlantis"`) {
		t.Errorf("a town with no place: error %v", err)
	}
}

// A geography file's mistakes are reported with the file, line and record.
func TestParseGeoErrors(t *testing.T) {
	const border = "border west=AH east=RU 50,23 49,24\n"
	for _, c := range []struct{ text, want string }{
		{"", "t.txt: no border or country record"},
		{border + "place X 50 x AH town S\n", "t.txt:2: place: bad coordinates"},
		{border + "place X 50 24 AH town\n", "t.txt:2: place: want at least 6 words, have 5"},
		{border + "place X 50 24 AH town S\nplace X 50 24 AH town S\n", "t.txt:3: place: place X twice"},
		{border + "volcano Etna\n", "t.txt:2: volcano: unknown record"},
		{border + "  50,24\n", ""}, // a continuation of the border
		{"  50,24\n", "t.txt:1: continuation with no record"},
		{"border 50,23 49,24\n", "t.txt:1: border: want west=COUNTRY east=COUNTRY"},
		{border + border, "t.txt:2: border: a second border"},
		{border + "country DE\n", "t.txt:2: country: default country DE, already RU"},
		{"country AH 50,23 49,24\n", "t.txt:1: country: a country polygon needs three points"},
		{border + "fix 0101 terrain=F\n", "t.txt:2: fix: a fix needs reason="},
		{border + "trench 0101\n", "t.txt:2: trench: trench needs reason="},
		{border + "grid rows=0 cols=3 parity=even-rows-west\n", "t.txt:2: grid: rows=0 cols=3"},
		{border + "projection kind=conic ref=0101 lat=50 lon=24 km=15 parallel=45\n", "t.txt:2: projection: missing parallel2="},
		{border + "projection kind=cone ref=0101 lat=50 lon=24 km=15 parallel=45\n", `projection kind "cone"`},
		{border + "projection kind=conic ref=0101 lat=50 lon=24 km=15 parallel=45 parallel2=-45 meridian=0\n", "flat cone"},
		{border + `place "X 50 24 AH town S` + "\n", "t.txt:2: unterminated quote"},
	} {
		_, err := ParseGeo("t.txt", c.text)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.text, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

// Countries from polygons: the country covering most of a hex takes it,
// and land no country covers is reported unless a default is named.
func TestCountryPolygons(t *testing.T) {
	gm := galicia()
	gm.Grid = hex.Grid{Rows: 4, Cols: 4}
	gm.Proj = hex.Projection{Kind: hex.Conic, Ref: hex.Hex{Row: 2, Col: 2}, RefLat: 50, RefLon: 24, HexKm: 15, StdParallel: 45, StdParallel2: 58, Meridian: 25}
	// AH holds everything west of 24E, RU a strip east of it; the far
	// east is no one's.
	const polys = "country AH 52,20 52,24 48,24 48,20\ncountry RU 52,24 52,24.2 48,24.2 48,24\n"
	g, err := ParseGeo("t.txt", polys)
	if err != nil {
		t.Fatal(err)
	}
	if _, errs := Build(g, galicia()); len(errs) != 1 || !strings.Contains(errs[0], "t.txt: no grid") {
		t.Errorf("no grid: errors %v", errs)
	}
	m, errs := Build(g, gm)
	if len(errs) == 0 || !strings.Contains(strings.Join(errs, "\n"), "is land in no country") {
		t.Errorf("errors %v: want land in no country reported", errs)
	}
	west, centre := hex.Hex{Row: 2, Col: 4}, hex.Hex{Row: 2, Col: 2}
	if m.Country(west) != "AH" {
		t.Errorf("%s is %q, want AH", west, m.Country(west))
	}
	g, err = ParseGeo("t.txt", polys+"country RU\n")
	if err != nil {
		t.Fatal(err)
	}
	m, errs = Build(g, gm)
	if len(errs) > 0 {
		t.Error(errs)
	}
	// The reference hex's centre is on 24E: half AH, half the RU strip.
	if m.Country(west) != "AH" || m.Country(hex.Hex{Row: 2, Col: 1}) != "RU" || m.Country(centre) == "" {
		t.Errorf("countries %s %s %s", m.Country(west), m.Country(centre), m.Country(hex.Hex{Row: 2, Col: 1}))
	}
}

// A blocked hexside with lake= is a lake hexside: written with its lake,
// checked to lie by that lake and between two land hexes; rail lines are
// routed round every blocked hexside.
func TestLakeHexsides(t *testing.T) {
	text, err := os.ReadFile("testdata/galicia.txt")
	if err != nil {
		t.Fatal(err)
	}
	build := func(extra string) (*Map, []string) {
		g, err := ParseGeo("galicia.txt", string(text)+extra)
		if err != nil {
			t.Fatal(err)
		}
		return Build(g, galicia())
	}
	m, _ := build("")
	var a3 *RailOut
	for _, r := range m.Rails {
		if r.ID == "A3" {
			a3 = r
		}
	}
	if a3 == nil || len(a3.Hexes) < 3 {
		t.Fatal("no rail A3 to route round")
	}
	a, b := a3.Hexes[1], a3.Hexes[2]
	ax, ay := m.grid.Center(a)
	bx, by := m.grid.Center(b)
	la, lo := m.proj.LatLon((ax+bx)/2, (ay+by)/2)
	// A small lake on the hexside A3 ran across, and one far from it.
	lake := fmt.Sprintf("water lake Mere src=L\n  %.3f,%.3f %.3f,%.3f %.3f,%.3f\n", la-0.01, lo-0.01, la+0.01, lo, la-0.01, lo+0.01)
	lake += fmt.Sprintf("water lake Far src=L\n  %.3f,%.3f %.3f,%.3f %.3f,%.3f\n", la+0.5, lo, la+0.52, lo, la+0.5, lo+0.02)
	m, errs := build(lake + fmt.Sprintf("blocked %s/%s lake=Mere reason=\"test mere\"\n", a, b))
	if len(errs) > 0 {
		t.Fatal(strings.Join(errs, "\n"))
	}
	for _, r := range m.Rails {
		for i := 1; i < len(r.Hexes); i++ {
			if s, _ := m.grid.SideBetween(r.Hexes[i-1], r.Hexes[i]); s == (hex.Side{A: a, B: b}) || s == (hex.Side{A: b, B: a}) {
				t.Errorf("rail %s crosses the lake hexside %s/%s", r.ID, a, b)
			}
		}
	}
	want := `lake hexside along the Mere (L): test mere"`
	if out := m.Write(); !strings.Contains(out, want) {
		t.Errorf("the written map lacks %q", want)
	}
	for _, c := range []struct{ blocked, want string }{
		{fmt.Sprintf("blocked %s/%s lake=Far reason=x\n", a, b), "the Far lies"},
		{fmt.Sprintf("blocked %s/%s lake=Nowhere reason=x\n", a, b), `no lake "Nowhere"`},
	} {
		_, errs := build(lake + c.blocked)
		if !strings.Contains(strings.Join(errs, "\n"), c.want) {
			t.Errorf("%s: errors %v, want %q", strings.TrimSpace(c.blocked), errs, c.want)
		}
	}
}
