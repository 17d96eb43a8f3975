package gwite

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"pbem/engine/scenario"
)

func readCharts(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/charts.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The printed charts typed in as data read exactly as the built-in ones,
// and every cell keeps the rulebook case it came from.
func TestChartsFromDataAreThePrinted(t *testing.T) {
	g := combatGame(t, readCharts(t), "")
	if len(g.Data().Tables) != 3 {
		t.Fatalf("%d tables in the data, want tec, crt-odds and crt", len(g.Data().Tables))
	}
	if g.tabs == builtinTables {
		t.Fatal("the game plays the built-in charts although its data types them in")
	}
	if !reflect.DeepEqual(g.tabs, builtinTables) {
		t.Errorf("the typed-in charts differ from the printed:\n got %+v\nwant %+v", g.tabs, builtinTables)
	}
	c, ok := g.Data().Table("crt").Cell("8", "c8")
	if !ok || c.Value != "1/1" || c.Src.String() != "rulebook:std8.8" {
		t.Errorf("crt 8/c8 = %+v", c)
	}
}

// A club's own chart changes results with no change of code: here a CRT
// whose die 6 at 1-1 eliminates the defender (printed: 1/-), and a TEC
// whose forest costs a German 3 MP (printed: 1).
func TestTypedInChartChangesResults(t *testing.T) {
	charts := strings.Replace(readCharts(t), "  6       2/- 2/- 1/- 1/- ", "  6       2/- 2/- 1/- -/E ", 1)
	charts = strings.Replace(charts, "  forest  1 1 2 2", "  forest  3 3 3 3", 1)
	setup := "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-3ID 0506\nsetup RU-III 0405\nsetup RU-25ID 0405\n"
	for _, tc := range []struct {
		name, charts, result string
	}{
		{"printed", "", "1-1 → c4, die 6: 1/-"},
		{"typed in", charts, "1-1 → c4, die 6: -/E"},
	} {
		g := combatGame(t, tc.charts, setup)
		l := testLog(6)
		cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID DE-3ID")
		cmbWantNoRejection(t, l)
		if r := cmbCRT(l, 1); r == nil || !strings.HasPrefix(r.Result, tc.result) {
			t.Errorf("%s: CRT roll %v, want %s\n%s", tc.name, r, tc.result, eventText(l))
		}
	}
	g := combatGame(t, charts, "")
	if c, ok := g.terrainCost(scenario.Forest, 1); !ok || c != 3 {
		t.Errorf("forest at TCR 1 costs %d (%v) under the typed-in TEC, want 3", c, ok)
	}
	if c := staticCost(g.Map(), g.tables(), at("0101"), at("0102"), 1); c != 1 {
		t.Errorf("clear costs %d, want 1", c)
	}
}

// Tables that do not read are refused when the game starts, saying where.
func TestBadChartsRefused(t *testing.T) {
	for _, tc := range []struct{ name, from, to, want string }{
		{"cell", "  3       1/- 1/1", "  3       1/X 1/1", "row 3, column c1: \"1/X\""},
		{"odds order", "  1       1-4 1-3", "  1       1-3 1-4", "row 1: column c2 (1-4) is below"},
		{"tec row", "  swamp   2 2 2 3\n", "", "no row for swamp"},
		{"tec cost", "  clear   1 1 1 1", "  clear   0 1 1 1", "row clear, TCR 1: \"0\""},
	} {
		files, err := scenario.Sketch{Name: "bad", Rows: open8x10, Split: 5,
			MapRecords: strings.Replace(readCharts(t), tc.from, tc.to, 1)}.Files()
		if err != nil {
			t.Fatal(err)
		}
		data, err := scenario.LoadWith(files, Ruleset{}.CheckData)
		if err != nil {
			t.Fatalf("%s: the data does not load:\n%v", tc.name, err)
		}
		_, err = Ruleset{}.New(data, data.Scenarios[0], nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "bad[map]:") {
			t.Errorf("%s: error %v, want one at bad[map] saying %q", tc.name, err, tc.want)
		}
	}
}
