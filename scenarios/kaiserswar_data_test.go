package scenarios

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
)

// kwData loads Kaiser's War's counters, charts and scenarios beside the
// stand-in game.txt and map.txt of testdata/kw-standin: the data contract's
// sides, nations, vocabulary, towns and regions, placed as history has them.
// The real map (kwmap) replaces the stand-in; these files must load with
// either.
func kwData(t *testing.T) *scenario.Game {
	t.Helper()
	var files []scenario.File
	read := func(path string) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, scenario.File{Name: filepath.Base(path), Data: data})
	}
	read("testdata/kw-standin/game.txt")
	read("testdata/kw-standin/map.txt")
	mine, _ := filepath.Glob("kaiserswar/*.txt")
	for _, p := range mine {
		if b := filepath.Base(p); b != "game.txt" && b != "map.txt" {
			read(p)
		}
	}
	g, err := scenario.Load(files)
	if err != nil {
		t.Fatalf("Kaiser's War data does not load:\n%v", err)
	}
	return g
}

// The counter mix is the 176 counters of 2.0, each of its nation's side,
// with the values and attributes the contract promises.
func TestKWCounters(t *testing.T) {
	g := kwData(t)
	if len(g.Units) != 176 {
		t.Errorf("%d counters, want 176 (2.0)", len(g.Units))
	}
	towns := map[string]bool{}
	for _, tw := range g.Map.Towns {
		towns[tw.Name] = true
	}
	reorg := map[string]bool{}
	if tab := g.Table("reorg"); tab != nil {
		for _, r := range tab.Rows {
			reorg[r.Key] = true
		}
	}
	for _, u := range g.Units {
		if !strings.HasPrefix(u.ID, u.Nation+"-") {
			t.Errorf("%s: nation %s: the id must start with the nation", u.ID, u.Nation)
		}
		if u.Steps != 1 || len(u.Str) != 1 || u.SP != 0 {
			t.Errorf("%s: steps %d, %d strengths, sp %d: want one step, sp 0", u.ID, u.Steps, len(u.Str), u.SP)
		}
		a := u.Attrs
		switch u.Type {
		case "fortress":
			if !towns[u.Name] || u.Str[0].MA != 0 || u.Str[0].Attack != 0 || u.ID != u.Nation+"-F-"+u.Name {
				t.Errorf("%s: a fortress is 0-D-0, named after a town, id NATION-F-TOWN: %+v", u.ID, u)
			}
		case "hq":
			if a.Int("support") < 2 || a.Int("radius") < 2 || a.Int("back-support") <= a.Int("support") ||
				a.Int("back-radius") < a.Int("radius") || u.Str[0].Attack != 0 {
				t.Errorf("%s: an HQ attacks 0 and has support and radius 2+, its back face stronger: %v", u.ID, a)
			}
		case "supply":
			if a.Int("radius") < 3 || !a.Flag("generic") {
				t.Errorf("%s: supply units are generic with radius 3+ (17.2 example): %v", u.ID, a)
			}
		case "airbase":
			if a.Int("support") == 0 || a.Int("radius") == 0 || !a.Flag("optional") {
				t.Errorf("%s: airbases are optional, with support and range: %v", u.ID, a)
			}
		}
		if u.Size == "army" || u.Size == "aa" {
			switch {
			case u.Nation == "RO" && a["reorg"] != "":
				t.Errorf("%s: Romanian armies never break down (10.6)", u.ID)
			case u.Nation != "RO" && !reorg[a["reorg"]]:
				t.Errorf("%s: reorg=%q is no row of table reorg", u.ID, a["reorg"])
			}
		}
		if u.Source("str").Kind != scenario.Authored {
			t.Errorf("%s: its values are authored (the counter sheet is lost), source %s", u.ID, u.Source("str"))
		}
	}
	for id, want := range map[string]string{"AH-5A": "yes", "AH-7A": "", "DE-8A": "", "BOL-PART": "yes"} {
		if got := g.Unit(id).Attrs["optional"]; got != want {
			t.Errorf("%s optional=%q, want %q (2.3 errata, 21.7)", id, got, want)
		}
	}
}

// The charts: the two CRTs exactly as printed, the turn track of digest
// 5.13 and the tables the contract names.
func TestKWCharts(t *testing.T) {
	g := kwData(t)
	codes := "AZ AD BB BT DD DP DZ MD ST"
	for id, spots := range map[string]map[string]string{
		"crt-standard": {"1:c0": "AZ", "1:c300": "ST", "2:c200": "ST", "4:c600": "DZ", "6:c50": "DD", "6:c400": "DZ", "3:c200": "BB"},
		"crt-shock":    {"1:c0": "AZ", "1:c300": "MD", "2:c500": "DP", "4:c600": "BT", "5:c50": "MD", "6:c200": "BT", "3:c100": "MD"},
	} {
		tab := g.Table(id)
		if tab == nil || len(tab.Rows) != 6 || strings.Join(tab.Columns, " ") != "c0 c50 c100 c150 c200 c300 c400 c500 c600" {
			t.Fatalf("table %s = %+v", id, tab)
		}
		for _, r := range tab.Rows {
			for _, c := range r.Cells {
				if !strings.Contains(codes, c.Value) || len(c.Value) != 2 || c.Src.Kind != scenario.Rulebook {
					t.Errorf("%s row %s: cell %+v", id, r.Key, c)
				}
			}
		}
		for at, want := range spots {
			row, col, _ := strings.Cut(at, ":")
			if c, _ := tab.Cell(row, col); c.Value != want {
				t.Errorf("%s %s = %s, want %s", id, at, c.Value, want)
			}
		}
	}
	for _, id := range []string{"tec", "reorg", "mobilization", "vp-losses", "victory-levels", "psywar"} {
		if g.Table(id) == nil {
			t.Errorf("no table %s", id)
		}
	}
	if v, _ := g.Param("psywar-table-placeholder"); v != 1 {
		t.Error("the PSYWAR table is a placeholder and must say so")
	}
	if len(g.Turns) != 40 {
		t.Fatalf("%d turns, want Aug 1914 to Nov-Dec 1918 (40)", len(g.Turns))
	}
	for n, label := range map[int]string{1: "Aug-1914", 4: "Nov-Dec-1914", 5: "Jan-Feb-1915", 7: "May-1915", 17: "Jun-1916", 19: "Aug-1916", 31: "Nov-Dec-1917", 40: "Nov-Dec-1918"} {
		if got := g.Turns[n-1].Attrs["label"]; got != label {
			t.Errorf("turn %d is %s, want %s (digest 5.13)", n, got, label)
		}
	}
	effort := map[string]string{"1914": "west", "1915": "east", "1916": "west"}
	for _, tn := range g.Turns {
		a := tn.Attrs
		if two := a.Int("months") == 2; two != (a["weather"] != "summer") {
			t.Errorf("turn %d %s: %s months, %s: two-month turns are the winter and thaw ones (2.9)", tn.N, a["label"], a["months"], a["weather"])
		}
		if want, ok := effort[tn.Date[:4]]; ok && a["effort"] != want {
			t.Errorf("turn %d: effort %s, want %s (26.3, 27.3, 28.3)", tn.N, a["effort"], want)
		}
		if y := tn.Date[:4]; (y == "1914" || y == "1915") && a.Int("supply-al") != 1 {
			t.Errorf("turn %d: the Russians get one free supply unit a turn in 1914-15", tn.N)
		}
	}
	if v, _ := g.Param("romania-entry-turn"); g.Turns[v-1].Attrs["label"] != "Aug-1916" {
		t.Errorf("Romania enters on turn %d, not Aug 1916 (23.1)", v)
	}
}

// zoneKeys are the keys a deployment zone may use (docs/kaisers-war.md).
var zoneKeys = []string{"in", "region", "north-of", "south-of", "incl", "near", "near-region", "within", "of", "rail", "also", "city"}

// The scenarios as 26.0-28.6 give them: dates, VP, who deploys first, the
// front, zones in the contract's words, and one turn record chart for all.
func TestKWScenarios(t *testing.T) {
	g := kwData(t)
	for _, c := range []struct {
		name         string
		first, cp, a int
		deploy       string
		front        string
		setups       int
		available    []string
	}{
		{"kaiserswar-1914", 1, 65, 80, "AL", "front-1914", 44, []string{"DE-AA1", "DE-AA2", "DE-AA3", "DE-SUD"}},
		{"kaiserswar-1915", 7, 75, 70, "AL", "front-1915", 59, []string{"DE-AA2", "DE-AA3", "RU-9A"}},
		{"kaiserswar-1916", 17, 80, 65, "CP", "front-1916", 66, []string{"DE-AA3", "DE-11A", "AH-3A", "RU-6A"}},
	} {
		s := g.Scenario(c.name)
		if s == nil {
			t.Fatalf("no scenario %s", c.name)
		}
		if s.First != c.first || s.Last != 31 || s.VPs["CP"] != c.cp || s.VPs["AL"] != c.a || string(s.DeployFirst) != c.deploy || s.Front != c.front {
			t.Errorf("%s: turns %d-%d, VP %v, first %s, front %s", c.name, s.First, s.Last, s.VPs, s.DeployFirst, s.Front)
		}
		if n := len(s.Setup) + len(s.Deploy); n != c.setups {
			t.Errorf("%s: %d units set up, want %d", c.name, n, c.setups)
		}
		var avail []string
		for _, pl := range s.Available {
			avail = append(avail, pl.Unit)
		}
		if !slices.Equal(avail, c.available) {
			t.Errorf("%s: available %v, want %v", c.name, avail, c.available)
		}
		for _, pl := range s.Deploy {
			checkZone(t, g, s, pl)
		}
		checkSides(t, g, s)
	}
	checkOneChart(t, g)
}

func checkZone(t *testing.T, g *scenario.Game, s *scenario.Scenario, pl *scenario.Placement) {
	t.Helper()
	keys := map[string]bool{}
	for _, f := range pl.Zone {
		keys[f.Key] = true
		if !slices.Contains(zoneKeys, f.Key) {
			t.Errorf("%s %s: zone key %s is not the contract's", s.Name, pl.Unit, f.Key)
		}
		for _, r := range strings.Split(f.Value, ",") {
			if (f.Key == "in" || f.Key == "region" || f.Key == "near-region") && g.Map.Region(r) == nil {
				t.Errorf("%s %s: %s=%s: no region %s", s.Name, pl.Unit, f.Key, f.Value, r)
			}
		}
	}
	if keys["incl"] != (keys["north-of"] || keys["south-of"]) {
		t.Errorf("%s %s: incl= goes with north-of= or south-of= (3.2)", s.Name, pl.Unit)
	}
	if keys["within"] != keys["of"] {
		t.Errorf("%s %s: within= goes with of=", s.Name, pl.Unit)
	}
}

// checkSides: every unit set up in a named place stands on its side of the
// scenario's front (7.1); a neutral's units in their own country (23.0).
func checkSides(t *testing.T, g *scenario.Game, s *scenario.Scenario) {
	t.Helper()
	front := g.Map.Region(s.Front)
	for _, pl := range s.Setup {
		u := g.Unit(pl.Unit)
		switch u.Nation {
		case "RO", "BG":
			if !g.Map.Region(u.Nation).Has(pl.Hex) {
				t.Errorf("%s: %s at %s is outside %s", s.Name, u.ID, pl.At, u.Nation)
			}
		default:
			if front.Has(pl.Hex) != (u.Side == "CP") {
				t.Errorf("%s: %s (%s) at %s is on the wrong side of %s", s.Name, u.ID, u.Side, pl.At, s.Front)
			}
		}
	}
}

// checkOneChart: the three scenarios read one turn record chart. An army or
// HQ of a later scenario's start arrives, in an earlier one, no later than
// that start; one still to come there arrives on the same turn in both.
func checkOneChart(t *testing.T, g *scenario.Game) {
	t.Helper()
	arrive := func(s *scenario.Scenario) map[string]int {
		out := map[string]int{}
		for _, pl := range s.Arrivals {
			out[pl.Unit] = pl.Turn
		}
		return out
	}
	names := []string{"kaiserswar-1914", "kaiserswar-1915", "kaiserswar-1916"}
	for i, early := range names {
		ea := arrive(g.Scenario(early))
		for _, late := range names[i+1:] {
			ls := g.Scenario(late)
			for _, list := range [][]*scenario.Placement{ls.Setup, ls.Deploy, ls.Available} {
				for _, pl := range list {
					if n, ok := ea[pl.Unit]; ok && n > ls.First {
						t.Errorf("%s starts with %s, which arrives on turn %d in %s", late, pl.Unit, n, early)
					}
				}
			}
			la := arrive(ls)
			for id, n := range ea {
				if n > ls.First && la[id] != n && !held(ls, id) {
					t.Errorf("%s arrives on turn %d in %s but on %d in %s", id, n, early, la[id], late)
				}
			}
		}
	}
}

func held(s *scenario.Scenario, id string) bool {
	for _, pl := range s.Held {
		if pl.Unit == id {
			return true
		}
	}
	return false
}

// The kw ruleset reads these files: its data check passes and each
// scenario starts.
func TestKWRulesetReads(t *testing.T) {
	g := kwData(t)
	if errs := rulesets.CheckData(g); len(errs) > 0 {
		t.Errorf("the kw ruleset's data check:\n%v", errs)
	}
	for _, s := range g.Scenarios {
		if _, err := rulesets.New(g, s, engine.Options{}); err != nil {
			t.Errorf("%s does not start: %v", s.Name, err)
		}
	}
}
