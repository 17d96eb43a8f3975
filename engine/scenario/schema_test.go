package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pbem/engine/hex"
)

// docExample reads the complete example of docs/scenarios.md: every fenced
// block whose first line is "# file: NAME".
func docExample(t *testing.T) []File {
	t.Helper()
	b, err := os.ReadFile("../../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	var files []File
	for i, block := range strings.Split(string(b), "```") {
		if i%2 == 0 {
			continue // outside a fence
		}
		body := strings.TrimPrefix(block, "\n")
		first, rest, _ := strings.Cut(body, "\n")
		if name, ok := strings.CutPrefix(first, "# file: "); ok {
			files = append(files, File{Name: name, Data: []byte(rest)})
		}
	}
	if len(files) != 4 {
		t.Fatalf("docs/scenarios.md has %d example files, want 4", len(files))
	}
	return files
}

func TestDocExample(t *testing.T) {
	g, err := Load(docExample(t))
	if err != nil {
		t.Fatalf("the example of docs/scenarios.md does not load:\n%v", err)
	}
	v := g.Vocab
	if len(v.Defaulted) != 0 {
		t.Errorf("kinds defaulted %v: the example declares every kind", v.Defaulted)
	}
	at := func(s string) hex.Hex { h, _ := hex.Parse(s); return h }
	m := g.Map
	if got := m.TerrainName(m.Terrain(at("0103"))); got != "Marsh" {
		t.Errorf("0103 is %s, want Marsh", got)
	}
	if !m.Impassable(at("0304")) || !m.Impassable(at("0106")) || m.Impassable(at("0103")) {
		t.Error("prohibited 0304 and sea 0106 must be impassable, marsh 0103 not")
	}
	s, _ := m.Grid.SideBetween(at("0206"), at("0306"))
	if m.Crossable(s) || m.Hexside(s).Class != "strait" {
		t.Errorf("0206/0306 = %+v: want the strait, not crossable", m.Hexside(s))
	}
	s, _ = m.Grid.SideBetween(at("0202"), at("0203"))
	if hs := m.Hexside(s); hs == nil || hs.Class != "river" || hs.River != "Styr" || !m.Crossable(s) {
		t.Errorf("0202/0203 = %+v: want the Styr", hs)
	}
	for id, want := range map[string]struct{ nation, side string }{
		"DE-11": {"DE", "CP"}, "AH-4": {"AH", "CP"}, "RU-8": {"RU", "AL"},
	} {
		if u := g.Unit(id); u == nil || u.Nation != want.nation || string(u.Side) != want.side {
			t.Errorf("%s = %+v, want nation %s side %s", id, u, want.nation, want.side)
		}
	}
	if ns := v.NationsOf("CP"); len(ns) != 2 || ns[0].ID != "DE" || ns[1].ID != "AH" {
		t.Errorf("CP nations %v", ns)
	}
	tab := g.Table("weather")
	if tab == nil || len(tab.Rows) != 2 || strings.Join(tab.Columns, " ") != "jun jul aug" {
		t.Fatalf("table weather = %+v", tab)
	}
	for _, c := range []struct{ row, col, value, src string }{
		{"north", "jun", "S", `authored:docs/scenarios.md example`},
		{"north", "aug", "S", "authored:one cell with a source of its own"},
		{"south", "aug", "W", "authored:a row with a source of its own"},
	} {
		cell, ok := tab.Cell(c.row, c.col)
		if !ok || cell.Value != c.value || cell.Src.String() != c.src {
			t.Errorf("weather %s/%s = %+v, want %s from %s", c.row, c.col, cell, c.value, c.src)
		}
	}
	r := m.Region("cp-1916")
	if r == nil || r.Side != "CP" || r.Kind != "front" || len(r.Hexes) != 11 || !r.Has(at("0406")) || r.Has(at("0103")) {
		t.Errorf("region cp-1916 = %+v", r)
	}
	if f := m.Front("1916"); f == nil || len(f.Sides) != 7 || f.Sides[6].String() != "0403/0404" {
		t.Errorf("front 1916 = %+v", f)
	}
	rail := m.Layer("rail")
	if rail == nil || len(rail.Edges) != 4 {
		t.Fatalf("layer rail = %+v", rail)
	}
	if e := rail.Between(at("0101"), at("0102")); len(e) != 1 || e[0].Attr("gauge") != "russian" || e[0].Attr("line") != "L2" {
		t.Errorf("rail 0101-0102 = %+v", e)
	}
	if e := m.Layer("link").Between(at("0401"), at("0101")); len(e) != 1 || e[0].Attr("capacity") != "3" {
		t.Errorf("link 0101-0401 = %+v", e)
	}
}

// Every problem of the new records is reported where it stands.
func TestSchemaProblems(t *testing.T) {
	for _, tc := range []struct {
		name, file, from, to, want string
	}{
		{"undeclared terrain letter", "map.txt", "row 02 . R", "row 02 . F", `terrain grid: hex 0205 is "F": want a declared terrain letter`},
		{"nation of the wrong side", "units.txt", "RU-8 side=AL", "RU-8 side=AL nation=DE", `unit RU-8: nation DE fights for CP, not AL`},
		{"side of two nations", "units.txt", "AH-4 nation=AH", "AH-4 side=CP", `unit AH-4: side CP has nations AH, DE: say which with nation=`},
		{"undeclared unit type", "units.txt", "type=cav", "type=art", `unit RU-8: type=art: want a declared unit type other than hq (inf, cav)`},
		{"undeclared size", "units.txt", "size=corps", "size=XX", `unit RU-8: size=XX: want a declared unit size (army, corps)`},
		{"undeclared hexside class", "map.txt", "river Styr river", "river Styr major", `river Styr: "major": want a declared hexside class (river, strait)`},
		{"blocked undeclared", "map.txt", "hexside strait 0206/0306", "blocked 0206/0306", `blocked: no hexside class "blocked" is declared (river, strait)`},
		{"duplicate terrain letter", "game.txt", "letter=R name=Rough", "letter=M name=Rough", `terrain-type rough: letter M is already marsh's`},
		{"short table row", "game.txt", "north   S   S   S", "north   S   S", "table weather: row north has 2 cells for 3 columns"},
		{"cell source of no cell", "game.txt", "north:aug.src", "north:sep.src", "table weather: north:sep.src: no cell at row north, column sep"},
		{"broken front", "map.txt", "0203/0304 0303/0304", "0203/0304 0403/0404", "front 1916: hexside 0403/0404 does not meet 0203/0304 at a corner"},
		{"edge of distant hexes", "map.txt", "edges rail 0105 0104 0103 0102", "edges rail 0105 0104 0103 0302", "edges rail: 0302 does not touch 0103"},
		{"undeclared attribute", "map.txt", "capacity=3", "capcity=3", `edges: unknown field "capcity" (want capacity)`},
		{"undeclared attribute of a unit", "units.txt", "tcr=1", "tcr=1 wf=yes", `unit: unknown field "wf" (want optional, side`},
		{"attribute value not allowed", "map.txt", "front=north", "front=west", `town: front=west: want north or south`},
		{"attribute not a number", "game.txt", "turn 1 date=1916-06", "turn 1 date=1916-06 supply=lots", `turn: supply=lots is not a whole number`},
		{"region hex off the map", "map.txt", "0404 0405 0406", "0404 0405 0407", "region: hex 0407 is off the map"},
	} {
		files := docExample(t)
		found := false
		for i := range files {
			if files[i].Name == tc.file && strings.Contains(string(files[i].Data), tc.from) {
				files[i].Data = []byte(strings.Replace(string(files[i].Data), tc.from, tc.to, 1))
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: %q is not in the example's %s", tc.name, tc.from, tc.file)
		}
		// The problem is reported at the line the change is on.
		var line int
		for _, f := range files {
			if f.Name == tc.file {
				before, _, _ := strings.Cut(string(f.Data), tc.to)
				line = strings.Count(before, "\n") + 1
			}
		}
		want := fmt.Sprintf("%s:%d: %s", tc.file, line, tc.want)
		_, err := Load(files)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: want a problem %q, got:\n%v", tc.name, want, err)
		}
	}
}

// tannenbergFiles reads the Tannenberg data as it is stored, untouched.
func tannenbergFiles(t *testing.T) []File {
	t.Helper()
	names, err := filepath.Glob("../../scenarios/tannenberg/*.txt")
	if err != nil || len(names) == 0 {
		t.Fatalf("no Tannenberg data: %v", err)
	}
	var files []File
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, File{Name: filepath.Base(n), Data: b})
	}
	return files
}

// Data that declares no vocabulary (Tannenberg's, and every game stored
// with it) loads with the defaults, and reads exactly as the same data
// with the defaults written out.
func TestDefaultVocabulary(t *testing.T) {
	old, err := Load(tannenbergFiles(t))
	if err != nil {
		t.Fatalf("the Tannenberg data does not load:\n%v", err)
	}
	if got := strings.Join(old.Vocab.Defaulted, " "); got != "terrain-type hexside-type unit-type unit-size nation attribute" {
		t.Errorf("defaulted %q, want every kind", got)
	}
	if u := old.Unit("DE-1ID"); u == nil || u.Nation != "DE" {
		t.Errorf("DE-1ID = %+v, want nation DE (the side's own)", u)
	}
	written := `
terrain-type clear letter=. name=clear enter=yes
terrain-type forest letter=F name=forest enter=yes
terrain-type broken letter=B name=broken enter=yes
terrain-type swamp letter=S name=swamp enter=yes
terrain-type lake letter=L name=lake enter=no
terrain-type sea letter=~ name=sea enter=no
hexside-type minor name=river cross=yes
hexside-type major name="major river" cross=yes
hexside-type blocked name=blocked cross=no
unit-type inf name=infantry
unit-type cav name=cavalry
unit-type art name=artillery
unit-type depot name=depot
unit-type hq name=headquarters
unit-size III name=regiment
unit-size X name=brigade
unit-size XX name=division
unit-size XXX name=corps
nation RU name=Russian side=RU
nation DE name=German side=DE
attribute unit wf kind=flag
attribute unit winter kind=flag
attribute hq wf kind=flag
attribute hq winter kind=flag
attribute hq heroic kind=flag
attribute fortress vistula kind=word values=west,east required=yes
attribute turn rusrail kind=int
`
	files := tannenbergFiles(t)
	for i := range files {
		if files[i].Name == "game.txt" {
			files[i].Data = append(files[i].Data, "\n"+strings.ReplaceAll(strings.TrimPrefix(written, "\n"), "\n", " src=authored:\"written out\"\n")...)
		}
	}
	declared, err := Load(files)
	if err != nil {
		t.Fatalf("the Tannenberg data with its vocabulary written out does not load:\n%v", err)
	}
	if len(declared.Vocab.Defaulted) != 0 {
		t.Errorf("defaulted %v with every kind declared", declared.Vocab.Defaulted)
	}
	same := func(a, b *Vocabulary) bool {
		if len(a.Terrains) != len(b.Terrains) || len(a.HexsideDefs) != len(b.HexsideDefs) || len(a.UnitTypes) != len(b.UnitTypes) ||
			len(a.UnitSizes) != len(b.UnitSizes) || len(a.Nations) != len(b.Nations) {
			return false
		}
		for i, d := range a.Terrains {
			e := b.Terrains[i]
			if d.ID != e.ID || d.Letter != e.Letter || d.Name != e.Name || d.Enter != e.Enter {
				return false
			}
		}
		for i, d := range a.HexsideDefs {
			e := b.HexsideDefs[i]
			if d.ID != e.ID || d.Name != e.Name || d.Cross != e.Cross {
				return false
			}
		}
		for i, d := range a.UnitTypes {
			if d.ID != b.UnitTypes[i].ID || d.Name != b.UnitTypes[i].Name {
				return false
			}
		}
		for i, d := range a.UnitSizes {
			if d.ID != b.UnitSizes[i].ID || d.Name != b.UnitSizes[i].Name {
				return false
			}
		}
		for i, d := range a.Nations {
			if d.ID != b.Nations[i].ID || d.Name != b.Nations[i].Name || d.Side != b.Nations[i].Side {
				return false
			}
		}
		return true
	}
	if !same(old.Vocab, declared.Vocab) {
		t.Error("the written-out vocabulary differs from the default")
	}
	for _, h := range old.Map.Grid.All() {
		if old.Map.Terrain(h) != declared.Map.Terrain(h) || old.Map.Impassable(h) != declared.Map.Impassable(h) {
			t.Fatalf("hex %s reads differently", h)
		}
	}
	if !reflect.DeepEqual(old.Map.Hexsides, declared.Map.Hexsides) {
		t.Error("the hexsides read differently")
	}
	for i, u := range old.Units {
		if d := declared.Units[i]; u.ID != d.ID || u.Type != d.Type || u.Size != d.Size || u.Nation != d.Nation ||
			!reflect.DeepEqual(u.Attrs, d.Attrs) {
			t.Fatalf("unit %s reads differently", u.ID)
		}
	}
	for h, f := range old.Map.Fortresses {
		if !reflect.DeepEqual(f.Attrs, declared.Map.Fortresses[h].Attrs) {
			t.Errorf("fortress %s reads differently", f.Name)
		}
	}
	for i, tu := range old.Turns {
		if !reflect.DeepEqual(tu.Attrs, declared.Turns[i].Attrs) {
			t.Errorf("turn %d reads differently", tu.N)
		}
	}
	// What gwite reads of them, as it read the fields they replace.
	if !old.Unit("DE-vF-1").Attrs.Flag("heroic") {
		t.Error("DE-vF-1 is no longer heroic")
	}
	if n := old.Turns[0].Attrs.Int("rusrail"); n != 6 {
		t.Errorf("turn 1 rusrail %d, want 6", n)
	}
}
