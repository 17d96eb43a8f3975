package gwite

import (
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
	last := spec.last
	if last == 0 {
		last = 3
	}
	return sketchGame(t, scenario.Sketch{
		Name: t.Name(), Rows: spec.grid, Split: spec.split, MapRecords: spec.extra,
		Units: spec.units, Setup: spec.setup, Last: last,
	})
}

// sketchGame loads a sketched test game and starts its scenario.
func sketchGame(t testing.TB, sk scenario.Sketch) *Game {
	t.Helper()
	files, err := sk.Files()
	if err != nil {
		t.Fatal(err)
	}
	data, err := scenario.LoadWith(files, Ruleset{}.CheckData)
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
