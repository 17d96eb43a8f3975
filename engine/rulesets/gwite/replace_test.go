package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// replaceGame is open8x10 at GT8 with the Tannenberg replacement
// parameters (T[11.0]): German divisions in row 01, the Russian corps in
// 0801, seven rows away.
func replaceGame(t *testing.T, setup string) *Game {
	t.Helper()
	g := newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits, last: 10,
		setup: "setup DE-1ID 0110\nsetup DE-2ID 0109\nsetup DE-3ID 0108\nsetup DE-1CD 0107\nsetup RU-III 0801\n" + setup})
	for _, p := range []struct {
		name string
		v    int
	}{{"replacement.DE", 1}, {"replacement-first-turn", 8}, {"replacement-distance", 7}, {"replacement-max", 2}} {
		g.data.Params = append(g.data.Params, &scenario.Param{Name: p.name, Value: p.v})
	}
	g.Turn = 8
	for _, id := range []string{"DE-1ID", "DE-2ID", "DE-3ID", "DE-1CD"} {
		g.Unit(id).StepsLost = 1
	}
	return g
}

func stepsLost(g *Game, ids ...string) []int {
	var out []int
	for _, id := range ids {
		out = append(out, g.Unit(id).StepsLost)
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// T[11.0], std 13.0: a roll of 5 or 6 restores a German infantry division
// missing one step; 1-4 does nothing.
func TestReplacementRoll(t *testing.T) {
	for roll := 1; roll <= 6; roll++ {
		g := replaceGame(t, "")
		g.Replace = map[engine.Side][]string{DE: {"DE-1ID"}}
		l := testLog(roll)
		g.replacementPhase(DE, l)
		want := 1
		if roll >= 5 {
			want = 0
		}
		if got := g.Unit("DE-1ID").StepsLost; got != want {
			t.Errorf("roll %d: steps lost %d, want %d:\n%s", roll, got, want, eventText(l))
		}
		if rs := rolls(l); len(rs) != 1 || rs[0].Case != "std 13.0" {
			t.Errorf("roll %d: want one std 13.0 roll:\n%s", roll, eventText(l))
		}
	}
}

// T[11.0]: only the German replaces, only from GT8 on, and only when the
// game data says so.
func TestReplacementSideAndTurn(t *testing.T) {
	g := replaceGame(t, "setup RU-25ID 0805\n")
	g.Turn = 7
	g.Replace = map[engine.Side][]string{DE: {"DE-1ID"}}
	l := testLog(6)
	g.replacementPhase(DE, l)
	if g.Unit("DE-1ID").StepsLost != 1 || len(rolls(l)) != 0 || !strings.Contains(eventText(l), "GT8") {
		t.Errorf("GT7: want no try:\n%s", eventText(l))
	}

	g = replaceGame(t, "")
	g.Unit("RU-III").StepsLost = 1
	g.Replace = map[engine.Side][]string{RU: {"RU-III"}}
	l = testLog(6)
	g.replacementPhase(RU, l)
	if g.Unit("RU-III").StepsLost != 1 || len(rolls(l)) != 0 || !strings.Contains(eventText(l), "T[11.0]") {
		t.Errorf("Russian: want no try:\n%s", eventText(l))
	}

	g = replaceGame(t, "")
	var kept []*scenario.Param
	for _, p := range g.data.Params {
		if p.Name != "replacement.DE" {
			kept = append(kept, p)
		}
	}
	g.data.Params = kept
	g.Replace = map[engine.Side][]string{DE: {"DE-1ID"}}
	l = testLog(6)
	g.replacementPhase(DE, l)
	if g.Unit("DE-1ID").StepsLost != 1 || len(rolls(l)) != 0 {
		t.Errorf("without replacement.DE: want no try:\n%s", eventText(l))
	}
}

// AMB-46, digest 002 P7: at most two tries a game-turn, on the first
// eligible units in the order named; ineligible units use no try.
func TestReplacementTwoTries(t *testing.T) {
	g := replaceGame(t, "")
	g.Replace = map[engine.Side][]string{DE: {"DE-1ID", "DE-2ID", "DE-3ID"}}
	l := testLog(6, 6, 6)
	g.replacementPhase(DE, l)
	if got := stepsLost(g, "DE-1ID", "DE-2ID", "DE-3ID"); !equalInts(got, []int{0, 0, 1}) {
		t.Errorf("steps lost %v, want [0 0 1]:\n%s", got, eventText(l))
	}
	if len(rolls(l)) != 2 || !strings.Contains(eventText(l), "AMB-46") {
		t.Errorf("want two rolls and an AMB-46 note:\n%s", eventText(l))
	}

	g = replaceGame(t, "")
	g.Unit("DE-1ID").Moved = true
	g.Replace = map[engine.Side][]string{DE: {"DE-1ID", "DE-2ID", "DE-3ID"}}
	l = testLog(6, 6)
	g.replacementPhase(DE, l)
	if got := stepsLost(g, "DE-1ID", "DE-2ID", "DE-3ID"); !equalInts(got, []int{1, 0, 0}) {
		t.Errorf("with DE-1ID moved: steps lost %v, want [1 0 0]:\n%s", got, eventText(l))
	}
}

// std 13.0, T[11.0]: only infantry divisions missing exactly one step;
// never cavalry.
func TestReplacementUnitKinds(t *testing.T) {
	g := replaceGame(t, "")
	g.Unit("DE-2ID").StepsLost = 0
	g.Replace = map[engine.Side][]string{DE: {"DE-1CD", "DE-2ID", "DE-1ID"}}
	l := testLog(6)
	g.replacementPhase(DE, l)
	if got := stepsLost(g, "DE-1CD", "DE-2ID", "DE-1ID"); !equalInts(got, []int{1, 0, 0}) {
		t.Errorf("steps lost %v, want [1 0 0]:\n%s", got, eventText(l))
	}
	text := eventText(l)
	if len(rolls(l)) != 1 || !strings.Contains(text, "cav units are never replaced") || !strings.Contains(text, "exactly one step") {
		t.Errorf("want one roll and notes for the cavalry and the full-strength division:\n%s", text)
	}
}

// T[11.0]: no enemy unit closer than seven hexes.
func TestReplacementDistance(t *testing.T) {
	grid := newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits}).Map().Grid
	find := func(d int) hex.Hex {
		for _, h := range grid.All() {
			if grid.Distance(at("0110"), h) == d {
				return h
			}
		}
		t.Fatalf("no hex %d from 0110", d)
		return hex.Hex{}
	}
	for _, d := range []int{6, 7} {
		g := replaceGame(t, "setup RU-25ID 0802\n")
		g.place(g.Unit("RU-25ID"), find(d))
		g.Replace = map[engine.Side][]string{DE: {"DE-1ID"}}
		l := testLog(6)
		g.replacementPhase(DE, l)
		tried := len(rolls(l)) == 1
		if tried != (d >= 7) {
			t.Errorf("enemy %d hexes away: tried %v:\n%s", d, tried, eventText(l))
		}
	}
}

// std 13.0 criteria 2 and 3, AMB-45: a unit that fought in the preceding
// game-turn, or moved in this game-turn's Movement Phase, may not try; one
// that fought in this game-turn may, unless the option strict-replacement
// is on.
func TestReplacementCombatAndMovement(t *testing.T) {
	for _, c := range []struct {
		name   string
		last   int
		moved  bool
		strict bool
		tries  bool
	}{
		{"fought in GT7", 7, false, false, false},
		{"fought in GT6", 6, false, false, true},
		{"fought in GT8", 8, false, false, true},
		{"fought in GT8, strict", 8, false, true, false},
		{"moved", 0, true, false, false},
	} {
		g := replaceGame(t, "")
		u := g.Unit("DE-1ID")
		u.LastCombatGT, u.Moved = c.last, c.moved
		if c.strict {
			g.opt = engine.Options{strictReplacement: true}
		}
		g.Replace = map[engine.Side][]string{DE: {"DE-1ID"}}
		l := testLog(6)
		g.replacementPhase(DE, l)
		if tried := len(rolls(l)) == 1; tried != c.tries {
			t.Errorf("%s: tried %v, want %v:\n%s", c.name, tried, c.tries, eventText(l))
		}
	}
}
