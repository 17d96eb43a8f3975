package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pbem/engine/hex"
)

// readDir reads a test game; patch appends lines to named files.
func readDir(t *testing.T, dir string, patch map[string]string) []File {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []File
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if add, ok := patch[e.Name()]; ok {
			data = append(data, add...)
		}
		files = append(files, File{Name: e.Name(), Data: data})
	}
	for name, add := range patch {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			files = append(files, File{Name: name, Data: []byte(add)})
		}
	}
	return files
}

func loadMini(t *testing.T) *Game {
	t.Helper()
	g, err := Load(readDir(t, "testdata/mini", nil))
	if err != nil {
		t.Fatalf("mini game does not load:\n%v", err)
	}
	return g
}

func TestLoadMini(t *testing.T) {
	g := loadMini(t)
	m := g.Map
	at := func(s string) hex.Hex { h, _ := hex.Parse(s); return h }
	if got := m.Terrain(at("0108")); got != Sea {
		t.Errorf("0108 is %s, want sea (first cell of row 01 is column 08)", got)
	}
	if got := m.Terrain(at("0305")); got != Lake {
		t.Errorf("0305 is %s, want lake", got)
	}
	if got := m.Terrain(at("0606")); got != Swamp {
		t.Errorf("0606 is %s, want swamp (single-hex correction)", got)
	}
	if got := m.Country(at("0401")); got != "RU" {
		t.Errorf("0401 country %q, want RU", got)
	}
	if got := m.Country(at("0305")); got != "" {
		t.Errorf("lake 0305 country %q, want none", got)
	}
	if tw := m.Towns[at("0303")]; tw == nil || tw.Name != "Kovno" || !tw.City || tw.Src.Kind != Rulebook || tw.Src.Ref != "T20.0" {
		t.Errorf("town at 0303 = %+v", tw)
	}
	if tw := m.Towns[at("0406")]; tw == nil || tw.VP != 5 || tw.Src.Kind != Authored {
		t.Errorf("town at 0406 = %+v", tw)
	}
	s, _ := m.Grid.SideBetween(at("0506"), at("0505"))
	if hs := m.Hexside(s); hs == nil || hs.Class != MajorRiver || hs.River != "Vistula" {
		t.Errorf("hexside 0505/0506 = %+v", hs)
	}
	if u := g.Unit("DE-1ID"); u == nil || len(u.Str) != 2 || u.Str[1] != (Strength{2, 3, 5}) ||
		u.Source("str").Kind != Authored || u.Source("name").Kind != Rulebook {
		t.Errorf("DE-1ID = %+v", u)
	}
	if u := g.Unit("RU-R-1"); u == nil || u.Steps != 2 || u.HQ[1].Command != 13 || u.Source("reduced").Kind != Authored {
		t.Errorf("RU-R-1 = %+v", u)
	}
	if v, ok := g.Param("stacking-limit"); !ok || v != 9 {
		t.Errorf("stacking-limit = %d, %v", v, ok)
	}
	if sc := g.Scenario("mini-a"); sc == nil || len(sc.Setup) != 5 || len(sc.Arrivals) != 1 {
		t.Errorf("mini-a = %+v", sc)
	}
	if len(g.Victory) != 2 || g.Victory[0].Min != 10 {
		t.Errorf("victory levels not sorted high to low: %+v", g.Victory)
	}
}

// Each case adds lines to the mini game and expects exactly one problem,
// reported at file:line with the given text.
func TestCheckProblems(t *testing.T) {
	for _, c := range []struct {
		name  string
		patch map[string]string
		want  string // "file:line: substring"
	}{
		{"unit in a lake (std 5.4)",
			map[string]string{"scenario-b.txt": "setup DE-1CD 0305 src=authored:\"x\"\n"},
			"scenario-b.txt:4: mini-b: unit DE-1CD set up at 0305, a lake hex"},
		{"unknown unit id",
			map[string]string{"scenario-b.txt": "setup DE-99ID 0407 src=authored:\"x\"\n"},
			"scenario-b.txt:4: mini-b: unknown unit id \"DE-99ID\""},
		{"broken rail line",
			map[string]string{"map.txt": "rail R8 country=DE src=authored:\"x\" 0408\n  0406\n"},
			"map.txt:39: rail R8: 0406 does not touch 0408"},
		{"value without a source",
			map[string]string{"units.txt": "unit DE-3ID side=DE type=inf size=XX name=x sp=2 steps=2 str=4-6-5/2-3-5 tcr=1\n"},
			// units.txt has a default src: only a file without one fails.
			""},
		{"record with no source",
			map[string]string{"scenario-b.txt": "setup DE-1CD 0408\n"},
			"scenario-b.txt:4: setup: no src="},
		{"hexside declared twice differently",
			map[string]string{"map.txt": "river Pregel minor src=authored:\"x\" 0505/0506\n"},
			"map.txt:38: river: hexside 0505/0506 is already major river (Vistula)"},
		{"hexside of two hexes that do not touch",
			map[string]string{"map.txt": "blocked 0101/0303 src=authored:\"x\"\n"},
			"map.txt:38: blocked: hexside 0101/0303: 0101 and 0303 are not adjacent"},
		{"off-map hex",
			map[string]string{"map.txt": "trench 0909 src=authored:\"x\"\n"},
			"map.txt:38: trench: hex 0909 is off the map"},
		{"arrival at another side's entry",
			map[string]string{"scenario-b.txt": "arrive DE-1CD turn=2 entry=D src=authored:\"x\"\n"},
			"scenario-b.txt:4: mini-b: unit DE-1CD (DE) enters at D, a RU entry hex"},
		{"unknown parent",
			map[string]string{"units.txt": "unit DE-4ID side=DE type=inf size=XX name=x parent=XX sp=2 steps=2 str=4-6-5/2-3-5 tcr=1\n"},
			"units.txt:12: unit DE-4ID: parent=XX: no such formation"},
		{"wrong number of step states",
			map[string]string{"units.txt": "unit DE-5ID side=DE type=inf size=XX name=x sp=2 steps=2 str=4-6-5 tcr=1\n"},
			"units.txt:12: unit DE-5ID: 1 step states in str= for 2 steps"},
		{"bad grid cell",
			map[string]string{"map.txt": "terrain 0101 mountain src=authored:\"x\"\n"},
			"map.txt:38: terrain 0101: \"mountain\" is not a declared terrain"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(readDir(t, "testdata/mini", c.patch))
			if c.want == "" {
				if err != nil {
					t.Fatalf("want no problem, got:\n%v", err)
				}
				return
			}
			list, ok := err.(ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("want a problem %q, got %v", c.want, err)
			}
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			for _, g := range got {
				if strings.HasPrefix(g, c.want) {
					if len(got) > 1 {
						sort.Strings(got)
						t.Errorf("extra problems besides the wanted one:\n%s", strings.Join(got, "\n"))
					}
					return
				}
			}
			t.Fatalf("want a problem starting %q, got:\n%s", c.want, strings.Join(got, "\n"))
		})
	}
}

// A unit is placed once; the later line is reported. (Stacking limits are
// a rules system's: gwite's TestCheckData.)
func TestPlacedTwice(t *testing.T) {
	patch := map[string]string{"scenario-a.txt": "setup DE-1CD 0407 src=authored:\"x\"\nsetup RU-III 0405 src=authored:\"x\"\n"}
	_, err := Load(readDir(t, "testdata/mini", patch))
	want := "scenario-a.txt:8: mini-a: unit DE-1CD already placed at line 7\n" +
		"scenario-a.txt:9: mini-a: unit RU-III already placed at line 5"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v", err)
	}
}

// Placed counts a unit's first placement only, and no unknown unit.
func TestPlaced(t *testing.T) {
	patch := map[string]string{"scenario-a.txt": "setup DE-99 0407 src=authored:\"x\"\nsetup RU-III 0405 src=authored:\"x\"\n"}
	g, _ := Load(readDir(t, "testdata/mini", patch))
	s := g.Scenario("mini-a")
	placed := g.Placed(s)
	var got []string
	for _, pl := range byLine(s) {
		if u := placed[pl]; u != nil {
			got = append(got, fmt.Sprintf("%d:%s", pl.Pos.Line, u.ID))
		}
	}
	if want := "2:DE-1ID 3:DE-2ID 4:DE-vF-1 5:RU-III 6:RU-R-1 7:DE-1CD"; strings.Join(got, " ") != want || len(placed) != 6 {
		t.Errorf("placed %s (%d), want %s", strings.Join(got, " "), len(placed), want)
	}
}

func TestLexer(t *testing.T) {
	var errs ErrorList
	recs := lex("f", []byte("town 0101 \"Deutsch Eylau\" vp=2 src=authored:\"a b\" # c\n  city\nrow 01 . .\n  row 02 . .\n"), &errs)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if len(recs) != 3 {
		t.Fatalf("%d records, want 3 (indented row lines start records)", len(recs))
	}
	r := recs[0]
	if r.Args[1].Value != "Deutsch Eylau" || len(r.Args) != 3 || r.Args[2].Value != "city" {
		t.Errorf("args %+v", r.Args)
	}
	if s, _ := r.field("src"); s.Value != "authored:a b" {
		t.Errorf("src %q", s.Value)
	}
	for _, bad := range []string{"x \"open", "=v", "k= ", "a=\"\""} {
		var errs ErrorList
		lex("f", []byte(bad), &errs)
		if len(errs) == 0 {
			t.Errorf("lex(%q) accepted", bad)
		}
	}
}

func TestParseSource(t *testing.T) {
	for _, bad := range []string{"", "rulebook", "rulebook:", "book:T1", "authored: "} {
		if _, err := ParseSource(bad); err == nil {
			t.Errorf("ParseSource(%q) accepted", bad)
		}
	}
}

func TestDescribeHex(t *testing.T) {
	g := loadMini(t)
	h, _ := hex.Parse("0406")
	out := g.DescribeHex(g.Scenario("mini-a"), h)
	for _, want := range []string{"terrain:  clear", "country:  DE (German)", "town:     Allenstein, 5 VP", "trench",
		"rail:     R1 Ostbahn (DE, double track)", "set up:   DE-1ID XX inf \"1st Infantry Division\" 4-6-5, 2 SP",
		"DE-vF-1 corps HQ \"von Francois\" 2-7-1 (3h) MA 8"} {
		if !strings.Contains(out, want) {
			t.Errorf("DescribeHex 0406 lacks %q:\n%s", want, out)
		}
	}
}

// A scenario's own turn track, params and victory levels replace the
// game's for that scenario only.
func TestScenarioOverrides(t *testing.T) {
	patch := map[string]string{"scenario-b.txt": "turn 1 date=1915-02-07 rusrail=10 src=authored:\"x\"\nturn 2 rusrail=10 src=authored:\"x\"\nturn 3 rusrail=12 src=authored:\"x\"\nparam stacking-limit 6 src=authored:\"x\"\nvictory min=0 level=Draw src=authored:\"x\"\n"}
	g, err := Load(readDir(t, "testdata/mini", patch))
	if err != nil {
		t.Fatal(err)
	}
	b, a := g.Scenario("mini-b"), g.Scenario("mini-a")
	gb, ga := g.ForScenario(b), g.ForScenario(a)
	if v, _ := gb.Param("stacking-limit"); v != 6 {
		t.Errorf("mini-b stacking limit %d, want its own 6", v)
	}
	if v, _ := ga.Param("stacking-limit"); v != 9 {
		t.Errorf("mini-a stacking limit %d, want the game's 9", v)
	}
	if len(gb.Turns) != 3 || gb.Turns[0].Date != "1915-02-07" || len(ga.Turns) != 3 || ga.Turns[0].Date != "1914-08-17" {
		t.Errorf("turn tracks: b %v, a %v", gb.Turns, ga.Turns)
	}
	if len(gb.Victory) != 1 || gb.Victory[0].Level != "Draw" || len(ga.Victory) != 2 {
		t.Errorf("victory levels: b %v, a %v", gb.Victory, ga.Victory)
	}
	if len(g.Params) == 0 || g.Victory[0].Level != "Russian win" {
		t.Error("the game's own values changed")
	}
}
