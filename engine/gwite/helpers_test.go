package gwite

import (
	"fmt"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// testGame builds a small game for a test from text in the scenario format
// (docs/scenarios.md), with every src supplied by a default line.
//
//   - grid: the terrain rows, west to east, row 01 first (one string per
//     row, cells separated by blanks); the map is len(grid) rows by the
//     number of cells columns. Countries: columns 01..split are RU (east),
//     the rest DE, water none.
//   - extra: more map.txt records (rivers, rails, towns, fortresses...).
//   - units: units.txt records.
//   - setup: scenario records after the scenario line ("setup DE-1ID 0303").
type testSpec struct {
	grid  []string
	split int
	extra string
	units string
	setup string
	last  int // last turn; default 3
}

// standardUnits are units the rule tests share: a German division and
// cavalry, a Russian corps, division and cavalry, HQs of both sides.
const standardUnits = `
formation I side=DE kind=corps name="I Corps" hq=DE-HQ
formation 1 side=RU kind=army name="1st Army" hq=RU-HQ
hq DE-HQ side=DE level=corps name="German corps HQ" parent=I hq=2-7-1 combat=2 heroic=yes ma=8
hq DE-AHQ side=DE level=army name="German army HQ" hq=1-32-4 combat=1 ma=8
hq RU-HQ side=RU level=army name="Russian army HQ" parent=1 hq=2-27-3 combat=1 ma=8 reduced=1-13-2 reduced.combat=1
unit DE-1ID side=DE type=inf size=XX name="1st Inf Div" parent=I sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-2ID side=DE type=inf size=XX name="2nd Inf Div" parent=I sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-3ID side=DE type=inf size=XX name="3rd Inf Div" parent=I sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-1CD side=DE type=cav size=XX name="1st Cav Div" sp=2 steps=2 str=2-1-6/1-1-6 tcr=1
unit DE-LW side=DE type=inf size=X name="Landwehr Bde" sp=1 steps=1 str=1-1-4 tcr=1
unit DE-DEP side=DE type=depot size=X name="Depot" sp=1 steps=1 str=0-1-4 tcr=1
unit RU-III side=RU type=inf size=XXX name="III Corps" parent=1 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-IV side=RU type=inf size=XXX name="IV Corps" parent=1 sp=4 steps=4 str=4-8-4/3-7-4/2-4-4/1-3-4 tcr=3
unit RU-25ID side=RU type=inf size=XX name="25th Inf Div" parent=1 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-1CD side=RU type=cav size=XX name="1st Cav Div" parent=1 sp=2 steps=2 str=2-1-6/1-1-6 tcr=3
unit RU-DEP side=RU type=depot size=X name="Depot" parent=1 sp=1 steps=1 str=0-1-3 tcr=3
`

func newTestGame(t testing.TB, spec testSpec) *Game {
	t.Helper()
	rows := len(spec.grid)
	cols := len(strings.Fields(spec.grid[0]))
	if spec.last == 0 {
		spec.last = 3
	}
	var game, m strings.Builder
	fmt.Fprintf(&game, `default src=authored:"test"
game test title=Test rulebook=test system=gwite
side RU name=Russian
side DE name=German
grid rows=%d cols=%d parity=even-rows-west
projection ref=0101 lat=54 lon=23 km=13 parallel=53
param stacking-limit 9
param rail-rate.DE 30
param rail-rate.RU 18
param rail-capacity.DE 8
param rail-capacity.RU 8
param supply-range.RU 3
`, rows, cols)
	for i := 1; i <= spec.last; i++ {
		fmt.Fprintf(&game, "turn %d rusrail=8\n", i)
	}
	m.WriteString("default src=authored:\"test\"\ncountry-letter G DE\ncountry-letter R RU\nterrain\n")
	for i, r := range spec.grid {
		fmt.Fprintf(&m, "row %02d %s\n", i+1, r)
	}
	m.WriteString("end\ncountry\n")
	for i, r := range spec.grid {
		cells := strings.Fields(r)
		out := make([]string, len(cells))
		for j, c := range cells {
			col := len(cells) - j
			switch {
			case c == "L" || c == "~":
				out[j] = "-"
			case col <= spec.split:
				out[j] = "R"
			default:
				out[j] = "G"
			}
		}
		fmt.Fprintf(&m, "row %02d %s\n", i+1, strings.Join(out, " "))
	}
	m.WriteString("end\n")
	m.WriteString(spec.extra)
	units := "default src=authored:\"test\"\n" + spec.units
	scen := fmt.Sprintf("default src=authored:\"test\"\nscenario test title=Test case=test first=1 last=%d\n%s", spec.last, spec.setup)
	data, err := scenario.Load([]scenario.File{
		{Name: "game.txt", Data: []byte(game.String())},
		{Name: "map.txt", Data: []byte(m.String())},
		{Name: "units.txt", Data: []byte(units)},
		{Name: "scenario-test.txt", Data: []byte(scen)},
	})
	if err != nil {
		t.Fatalf("test game does not load:\n%v", err)
	}
	st, err := Ruleset{}.New(data, data.Scenarios[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*Game)
}

// testOrder parses an order written with the verb table's keywords.
func testOrder(line int, text string) engine.Order {
	f := strings.Fields(text)
	o := engine.Order{Line: line, Verb: f[0]}
	v := verbByName(f[0])
	isKeyword := func(w string) bool {
		if v == nil {
			return false
		}
		for _, c := range v.Clauses {
			if c.Keyword != "" && c.Keyword == w {
				return true
			}
		}
		return false
	}
	cl := engine.Clause{}
	for _, w := range f[1:] {
		if isKeyword(w) {
			o.Clauses = append(o.Clauses, cl)
			cl = engine.Clause{Keyword: w}
			continue
		}
		cl.Words = append(cl.Words, engine.Word{Text: w, Line: line})
	}
	o.Clauses = append(o.Clauses, cl)
	return o
}

// testLog is a log with scripted dice.
func testLog(rolls ...int) *log {
	return &log{dice: &engine.Script{Rolls: rolls}}
}

// eventText joins the events' texts, one per line.
func eventText(l *log) string {
	var out []string
	for _, e := range l.events {
		out = append(out, e.String())
	}
	return strings.Join(out, "\n")
}

// open8x10 is an all-clear 8-row by 10-column map, columns 01-05 Russian.
var open8x10 = []string{
	". . . . . . . . . .",
	". . . . . . . . . .",
	". . . . . . . . . .",
	". . . . . . . . . .",
	". . . . . . . . . .",
	". . . . . . . . . .",
	". . . . . . . . . .",
	". . . . . . . . . .",
}
