package scenario

import (
	"strings"
	"testing"

	"pbem/engine/hex"
)

// flatFiles is a small game on flat hexes numbered cc.rr (the layout of
// Twilight in the East, digest 001 §1): grid is the grid record, setup the
// records after the scenario line.
func flatFiles(grid, setup string) []File {
	const src = "default src=authored:\"test data\"\n"
	game := src + `game flat title=Flat rulebook=test system=gwite
side RU name=Russian
side DE name=German
` + grid + `
turn 1 rusrail=1
`
	m := src + `country-letter G DE
country-letter R RU
terrain
row 01 F . . . . .
row 02 . . . . . .
row 03 . . . L . .
row 04 . . . . . .
end
country
row 01 G G G R R R
row 02 G G G R R R
row 03 G G G - R R
row 04 G G G R R R
end
town 03.02 Lyck
river Pisa minor 03.02/03.03 03.03/02.03
`
	units := src + `unit RU-1 side=RU type=inf size=XX name="1st" sp=2 steps=2 str=4-6-5/2-3-5 tcr=2
unit DE-1 side=DE type=inf size=XX name="1st" sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
`
	scen := src + "scenario flat title=Flat case=test first=1 last=1\n" + setup
	return []File{
		{Name: "flat/game.txt", Data: []byte(game)},
		{Name: "flat/map.txt", Data: []byte(m)},
		{Name: "flat/units.txt", Data: []byte(units)},
		{Name: "flat/scenario-a.txt", Data: []byte(scen)},
	}
}

const flatGrid = "grid rows=4 cols=6 orientation=flat numbering=cc.rr parity=even-cols-north half=south"

func TestFlatColDotRowMap(t *testing.T) {
	g, err := Load(flatFiles(flatGrid, "setup RU-1 02.03\nsetup DE-1 05.01\n"))
	if err != nil {
		t.Fatalf("flat game does not load:\n%v", err)
	}
	m := g.Map
	gr := m.Grid
	if gr.Orientation != hex.Flat || gr.Codec.Scheme() != hex.ColDotRow || gr.Parity != hex.EvenColsNorth || gr.Half != hex.South || gr.ColsEast {
		t.Fatalf("grid read as %+v", gr)
	}
	at := func(s string) hex.Hex {
		h, err := gr.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	// Cells are written west to east and columns grow westward: the first
	// cell of row 01 is column 06.
	if got := m.Terrain(at("06.01")); got != Forest {
		t.Errorf("06.01 is %s, want forest", got)
	}
	if got := m.Terrain(at("03.03")); got != Lake {
		t.Errorf("03.03 is %s, want lake", got)
	}
	if tw := m.Towns[at("03.02")]; tw == nil || tw.Name != "Lyck" || tw.Hex.String() != "03.02" {
		t.Errorf("town at 03.02 = %+v", tw)
	}
	s, _ := gr.SideBetween(at("02.03"), at("03.03"))
	if hs := m.Hexside(s); hs == nil || hs.River != "Pisa" {
		t.Errorf("hexside 02.03/03.03 = %+v", hs)
	}
	if s.String() != "03.02/03.03" && s.String() != "02.03/03.03" {
		t.Errorf("hexside prints as %s", s)
	}
	sc := g.Scenarios[0]
	if h := sc.Setup[0].Hex; h != at("02.03") || h.String() != "02.03" {
		t.Errorf("RU-1 set up at %s", h)
	}
	// The south edge halves row 04 where the odd columns reach it.
	if !gr.HalfHex(at("03.04")) || gr.HalfHex(at("02.04")) || gr.HalfHex(at("03.03")) {
		t.Error("the half-hexes are not odd columns' hexes of row 04")
	}
	if d := g.DescribeHex(nil, at("02.02")); !strings.Contains(d, "\n    N  02.01") || !strings.Contains(d, "\n    SW 03.02") {
		t.Errorf("DescribeHex names flat directions wrongly:\n%s", d)
	}
}

// A hex in the wrong numbering, or a layout that does not fit, is an error
// that says what the data should hold.
func TestFlatColDotRowErrors(t *testing.T) {
	for _, c := range []struct {
		grid, setup, want string
	}{
		{flatGrid, "setup RU-1 0203\n", `setup RU-1: hex "0203": want cc.rr, as 66.18`},
		{flatGrid, "setup RU-1 2.03\n", `want cc.rr, as 66.18`},
		{flatGrid, "setup RU-1 09.03\n", `off the map`},
		{strings.Replace(flatGrid, "even-cols-north", "even-rows-west", 1), "", `parity "even-rows-west": want even-cols-north or odd-cols-north (flat hexes)`},
		{flatGrid + " digits=3", "", `numbering cc.rr: digits=3, want 2`},
		{strings.Replace(flatGrid, "cc.rr", "ccrr", 1), "", `numbering "ccrr": want RRCC, XXYY or cc.rr`},
		{strings.Replace(flatGrid, "flat", "round", 1), "", `orientation "round": want pointy or flat`},
		{strings.Replace(flatGrid, "half=south", "half=down", 1), "", `half=down`},
		{flatGrid + " cols-grow=up", "", `cols-grow=up: want west or east`},
		{"grid rows=4 cols=120 parity=even-rows-west", "", `rows and cols must be 1-99 (RRCC numbering)`},
	} {
		_, err := Load(flatFiles(c.grid, c.setup))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s / %q: error %v, want %q", c.grid, c.setup, err, c.want)
		}
	}
	// The river's hexsides are read through the codec too.
	files := flatFiles(flatGrid, "")
	files[1].Data = append(files[1].Data, "river Bad minor 0302/0303\n"...)
	if _, err := Load(files); err == nil || !strings.Contains(err.Error(), "want cc.rr/cc.rr, the two hexes sharing it") {
		t.Errorf("RRCC hexside on a cc.rr map: %v", err)
	}
}

// Data without a layout is Tannenberg's: pointy hexes numbered RRCC.
func TestGridDefaultsToRRCC(t *testing.T) {
	g := loadMini(t)
	if gr := g.Map.Grid; gr.Orientation != hex.Pointy || gr.Codec != (hex.Codec{}) || gr.ColsEast || gr.Half != 0 {
		t.Errorf("mini grid read as %+v", gr)
	}
}

// A sheet whose column numbers do not start at its edge (Kaiser's War:
// Lemberg in column 26, 28.4, with Berlin near the west edge in 16) says
// its first column; grids are written west to east from it.
func TestGridFirstCol(t *testing.T) {
	const grid = "grid rows=4 cols=6 numbering=XXYY cols-grow=east first-col=24 parity=even-rows-west"
	offset := func(grid, setup string) []File {
		files := flatFiles(grid, setup)
		files[1].Data = []byte(strings.NewReplacer("town 03.02", "town 2603", "03.02/03.03 03.03/02.03", "2603/2703 2603/2604").Replace(string(files[1].Data)))
		return files
	}
	g, err := Load(offset(grid, "setup RU-1 2702\nsetup DE-1 2401\n"))
	if err != nil {
		t.Fatalf("offset game does not load:\n%v", err)
	}
	m := g.Map
	gr := m.Grid
	if gr.FirstCol() != 24 || gr.LastCol() != 29 || gr.Cols != 6 {
		t.Fatalf("grid read as %+v", gr)
	}
	at := func(s string) hex.Hex {
		h, err := gr.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	// The first cell of row 01 is the west edge: column 24.
	if got := m.Terrain(at("2401")); got != Forest {
		t.Errorf("2401 is %s, want forest", got)
	}
	if got := m.Terrain(at("2703")); got != Lake || m.Country(at("2903")) != "RU" || m.Country(at("2403")) != "DE" {
		t.Errorf("2703 is %s, 2903 %s, 2403 %s", got, m.Country(at("2903")), m.Country(at("2403")))
	}
	if gr.Contains(at("2301")) || gr.Contains(at("3001")) || !gr.Contains(at("2901")) || !gr.Edge(at("2402")) || gr.Edge(at("2602")) {
		t.Error("the map's columns are not 24-29")
	}
	if tw := m.Towns[at("2603")]; tw == nil || tw.Name != "Lyck" {
		t.Errorf("town at 2603 = %+v", tw)
	}
	for i, h := range gr.All() {
		if gr.Index(h) != i || gr.IndexHex(i) != h {
			t.Fatalf("hex %s: index %d, IndexHex(%d) %s", h, gr.Index(h), i, gr.IndexHex(i))
		}
	}
	if _, err := Load(offset(grid, "setup RU-1 2302\n")); err == nil || !strings.Contains(err.Error(), "2302, off the map") {
		t.Errorf("a set-up west of the first column: %v", err)
	}
	if _, err := Load(offset(strings.Replace(grid, "first-col=24", "first-col=97", 1), "")); err == nil || !strings.Contains(err.Error(), "runs to column 102, past 99") {
		t.Errorf("columns past 99: %v", err)
	}
}
