package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
)

// In open8x10 the neighbours of 0404 are 0403 (east), 0504, 0505, 0405
// (west), 0305 and 0304; a withdrawal 0404 -> 0403 -> 0402 goes straight
// east along row 04.

func cavGame(t *testing.T, setup string) *Game {
	t.Helper()
	return newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits, setup: setup})
}

func rejections(l *log) []*engine.Rejected {
	var out []*engine.Rejected
	for _, e := range l.events {
		if r, ok := e.(*engine.Rejected); ok {
			out = append(out, r)
		}
	}
	return out
}

func rolls(l *log) []*engine.Roll {
	var out []*engine.Roll
	for _, e := range l.events {
		if r, ok := e.(*engine.Roll); ok {
			out = append(out, r)
		}
	}
	return out
}

// W19, std 12.12: a withdrawal succeeds on a roll above the unit's TCR:
// German cavalry (TCR 1) on 2-6, Russian cavalry (TCR 3) on 4-6. A
// success moves the unit exactly the two hexes of its path (std 12.13).
func TestWithdrawalRollW19(t *testing.T) {
	for _, c := range []struct {
		side  engine.Side
		cav   string
		setup string
		roll  int
		moves bool
	}{
		{DE, "DE-1CD", "setup DE-1CD 0404\nsetup RU-25ID 0405\n", 1, false},
		{DE, "DE-1CD", "setup DE-1CD 0404\nsetup RU-25ID 0405\n", 2, true},
		{RU, "RU-1CD", "setup RU-1CD 0404\nsetup DE-1ID 0405\n", 3, false},
		{RU, "RU-1CD", "setup RU-1CD 0404\nsetup DE-1ID 0405\n", 4, true},
	} {
		g := cavGame(t, c.setup)
		l := testLog(c.roll)
		g.cavalryWithdrawalPhase(c.side, []engine.Order{testOrder(1, "withdraw "+c.cav+" via 0403 0402")}, l)
		u := g.Unit(c.cav)
		want := at("0404")
		if c.moves {
			want = at("0402")
		}
		if u.Hex != want {
			t.Errorf("%s rolling %d: in %s, want %s:\n%s", c.cav, c.roll, u.Hex, want, eventText(l))
		}
		rs := rolls(l)
		if len(rs) != 1 || rs[0].Case != "std 12.12" {
			t.Errorf("%s rolling %d: want one std 12.12 roll:\n%s", c.cav, c.roll, eventText(l))
		}
		if c.moves != (len(g.Vacated) == 1) {
			t.Errorf("%s rolling %d: vacated %v", c.cav, c.roll, g.Vacated)
		}
		if c.moves && (g.LastOcc[at("0403")] != c.side || g.LastOcc[at("0402")] != c.side) {
			t.Errorf("%s: hexes entered not recorded as last occupied [AMB-68]", c.cav)
		}
		if c.moves && u.MPSpent != 0 {
			t.Errorf("%s spent %d MP [std 12.14]", c.cav, u.MPSpent)
		}
	}
}

// std 12.11, 12.13, AMB-43: a given path must be two hexes, each next to
// the one before, ending two hexes away; a Russian path may not enter an
// enemy zone of control; no enemy unit may be entered. An illegal path is
// rejected with its case, no die is rolled and the unit stays.
func TestWithdrawalGivenPathIllegal(t *testing.T) {
	for _, c := range []struct {
		order string
		rule  string
	}{
		{"withdraw RU-1CD via 0403 0404", "AMB-43"}, // back where it started
		{"withdraw RU-1CD via 0403 0304", "AMB-43"}, // ends next to 0404
		{"withdraw RU-1CD via 0402 0401", "std 12.13"},
		{"withdraw RU-1CD via 0305 0205", "std 12.13"}, // 0305 is next to DE-1ID
		{"withdraw RU-1CD via 0504 0604", "std 5.13"},  // DE-2ID in 0504
	} {
		g := cavGame(t, "setup RU-1CD 0404\nsetup DE-1ID 0405\nsetup DE-2ID 0603\n")
		if c.rule == "std 5.13" {
			g.place(g.Unit("DE-2ID"), at("0504"))
		}
		l := testLog(6)
		g.cavalryWithdrawalPhase(RU, []engine.Order{testOrder(4, c.order)}, l)
		rj := rejections(l)
		if len(rj) != 1 || rj[0].Problem.Case != c.rule || rj[0].Problem.Line != 4 {
			t.Errorf("%s: want one rejection citing %s:\n%s", c.order, c.rule, eventText(l))
		}
		if len(rolls(l)) != 0 || g.Unit("RU-1CD").Hex != at("0404") || len(g.Vacated) != 0 {
			t.Errorf("%s: the unit should stay without a roll:\n%s", c.order, eventText(l))
		}
	}
}

// std 12.11: only cavalry next to an enemy unit may try, and each once.
func TestWithdrawalEligibility(t *testing.T) {
	g := cavGame(t, "setup RU-1CD 0404\nsetup RU-25ID 0304\nsetup DE-1ID 0407\n")
	l := testLog(6, 6)
	g.cavalryWithdrawalPhase(RU, []engine.Order{
		testOrder(1, "withdraw RU-25ID via 0303 0302"),
		testOrder(2, "withdraw RU-1CD via 0403 0402"),
		testOrder(3, "withdraw DE-1ID via 0406 0405"),
	}, l)
	rj := rejections(l)
	if len(rj) != 3 || !strings.Contains(rj[0].Problem.Reason, "not cavalry") ||
		!strings.Contains(rj[1].Problem.Reason, "not next to an enemy") ||
		!strings.Contains(rj[2].Problem.Reason, "not one of your units") {
		t.Errorf("want three rejections:\n%s", eventText(l))
	}
	if len(rolls(l)) != 0 {
		t.Errorf("rolled for ineligible units:\n%s", eventText(l))
	}

	g = cavGame(t, "setup RU-1CD 0404\nsetup DE-1ID 0405\n")
	l = testLog(6, 6)
	g.cavalryWithdrawalPhase(RU, []engine.Order{
		testOrder(1, "withdraw RU-1CD via 0403 0402"),
		testOrder(2, "withdraw RU-1CD via 0401 0301"),
	}, l)
	if rj := rejections(l); len(rj) != 1 || rj[0].Problem.Line != 2 || g.Unit("RU-1CD").Hex != at("0402") {
		t.Errorf("a second try by the same unit should be rejected:\n%s", eventText(l))
	}
}

// corridor is a 3-row map with one land hex in row 01 (0103) and row 02
// open from 0203 east; the only 2-hex withdrawal from 0203 is 0202 -> 0201,
// and 0202 is next to 0103.
var corridor = []string{
	"L L . L L",
	"L L . . .",
	"L L L L L",
}

// std 12.13, AMB-43: Russian cavalry (TCR 3) may not withdraw into or
// through an enemy zone of control, and with no other path it stays
// without rolling; German cavalry (TCR 1) may, and it may not be attacked
// if it ends outside every enemy zone of control (std 12.15, AMB-69).
func TestWithdrawalEZOC(t *testing.T) {
	spec := testSpec{grid: corridor, split: 2, units: standardUnits,
		setup: "setup RU-1CD 0203\nsetup DE-1ID 0103\n"}

	g := newTestGame(t, spec)
	l := testLog(6)
	g.cavalryWithdrawalPhase(RU, []engine.Order{testOrder(1, "withdraw RU-1CD")}, l)
	if rj := rejections(l); len(rj) != 1 || rj[0].Problem.Case != "std 12.13" || len(rolls(l)) != 0 {
		t.Errorf("default path: want a std 12.13 rejection and no roll:\n%s", eventText(l))
	}
	l = testLog(6)
	g.cavalryWithdrawalPhase(RU, []engine.Order{testOrder(1, "withdraw RU-1CD via 0202 0201")}, l)
	if rj := rejections(l); len(rj) != 1 || !strings.Contains(rj[0].Problem.Reason, "zone of control") {
		t.Errorf("given path through EZOC: want a rejection:\n%s", eventText(l))
	}
	g.Standing[RU].Withdraw = map[string]Withdrawal{"all": {Mode: "always"}}
	l = testLog(6)
	g.cavalryWithdrawalPhase(RU, nil, l)
	if len(rolls(l)) != 0 || g.Unit("RU-1CD").Hex != at("0203") || !strings.Contains(eventText(l), "no legal path") {
		t.Errorf("standing order with no legal path: want a note, no roll:\n%s", eventText(l))
	}

	spec.setup = "setup DE-1CD 0203\nsetup RU-25ID 0103\n"
	g = newTestGame(t, spec)
	l = testLog(2)
	g.cavalryWithdrawalPhase(DE, []engine.Order{testOrder(1, "withdraw DE-1CD")}, l)
	u := g.Unit("DE-1CD")
	if u.Hex != at("0201") {
		t.Fatalf("German cavalry in %s, want 0201 through the EZOC hex 0202:\n%s", u.Hex, eventText(l))
	}
	if !u.Withdrew || u.WithdrewIn {
		t.Errorf("Withdrew %v WithdrewIn %v, want true false [std 12.15, AMB-69]", u.Withdrew, u.WithdrewIn)
	}
}

// std 12.15, 12.17: a unit that ends its withdrawal in an enemy zone of
// control may be attacked; one that ends in a friendly-occupied hex shares
// its fate without adding to its defense.
func TestWithdrawalFlags(t *testing.T) {
	// RU-III in 0401 controls 0402.
	g := cavGame(t, "setup DE-1CD 0404\nsetup RU-25ID 0405\nsetup RU-III 0401\n")
	l := testLog(6)
	g.cavalryWithdrawalPhase(DE, []engine.Order{testOrder(1, "withdraw DE-1CD via 0403 0402")}, l)
	if u := g.Unit("DE-1CD"); u.Hex != at("0402") || u.Withdrew || u.WithdrewIn {
		t.Errorf("into EZOC: in %s Withdrew %v WithdrewIn %v:\n%s", u.Hex, u.Withdrew, u.WithdrewIn, eventText(l))
	}

	g = cavGame(t, "setup DE-1CD 0404\nsetup RU-25ID 0405\nsetup DE-1ID 0402\n")
	l = testLog(6)
	g.cavalryWithdrawalPhase(DE, []engine.Order{testOrder(1, "withdraw DE-1CD via 0403 0402")}, l)
	if u := g.Unit("DE-1CD"); u.Hex != at("0402") || !u.Withdrew || !u.WithdrewIn {
		t.Errorf("into a friendly hex: in %s Withdrew %v WithdrewIn %v:\n%s", u.Hex, u.Withdrew, u.WithdrewIn, eventText(l))
	}
	if !strings.Contains(eventText(l), "std 12.17") {
		t.Errorf("no std 12.17 note:\n%s", eventText(l))
	}
}

// digest 002 N1: without an order, the standing policy decides; a unit's
// own policy beats the "all" policy; with neither the default is `sp 6`.
// A unit that tries by standing order takes the default path, exactly two
// hexes (AMB-43).
func TestWithdrawalStandingPolicies(t *testing.T) {
	// RU-25ID (2 SP) is next to DE-1CD; RU-III (4 SP) in 0305 too when
	// strong.
	for _, c := range []struct {
		name     string
		standing []string
		strong   bool
		tries    bool
	}{
		{"default, 2 SP adjacent", nil, false, false},
		{"default, 6 SP adjacent", nil, true, true},
		{"all never", []string{"withdrawal all never"}, true, false},
		{"unit always beats all never", []string{"withdrawal all never", "withdrawal DE-1CD always"}, false, true},
		{"all sp 2", []string{"withdrawal all sp 2"}, false, true},
		{"unit sp 3", []string{"withdrawal DE-1CD sp 3"}, false, false},
	} {
		setup := "setup DE-1CD 0404\nsetup RU-25ID 0405\n"
		if c.strong {
			setup += "setup RU-III 0305\n"
		}
		g := cavGame(t, setup)
		l := testLog(6)
		for i, s := range c.standing {
			g.applyStanding(DE, testOrder(i+1, s), l)
		}
		g.cavalryWithdrawalPhase(DE, nil, l)
		u := g.Unit("DE-1CD")
		tried := len(rolls(l)) == 1
		if tried != c.tries {
			t.Errorf("%s: tried %v, want %v:\n%s", c.name, tried, c.tries, eventText(l))
			continue
		}
		if d := g.Map().Grid.Distance(at("0404"), u.Hex); tried && d != 2 {
			t.Errorf("%s: ended in %s, %d hexes away [AMB-43]", c.name, u.Hex, d)
		}
	}
}

// std 12.12: a roll is recorded for every try, failed ones included.
func TestWithdrawalFailedTryIsRecorded(t *testing.T) {
	g := cavGame(t, "setup RU-1CD 0404\nsetup DE-1ID 0405\n")
	g.Standing[RU].Withdraw = map[string]Withdrawal{"RU-1CD": {Mode: "always"}}
	l := testLog(2)
	g.cavalryWithdrawalPhase(RU, nil, l)
	rs := rolls(l)
	if len(rs) != 1 || rs[0].Value != 2 || !strings.Contains(rs[0].Result, "stays") {
		t.Errorf("want one failed roll:\n%s", eventText(l))
	}
	if u := g.Unit("RU-1CD"); u.Hex != at("0404") || u.Withdrew {
		t.Errorf("failed unit moved or is marked withdrawn")
	}
}

// std 12.16, AMB-44: a phasing unit next to a vacated hex may move into
// it, one hex, within the stacking limit; not into any other hex, and not
// from further away.
func TestOccupyVacated(t *testing.T) {
	g := cavGame(t, "setup RU-1CD 0404\nsetup DE-1ID 0405\nsetup DE-2ID 0406\nsetup DE-3ID 0505\n")
	l := testLog(6)
	g.cavalryWithdrawalPhase(RU, nil, l) // default policy: 2 SP adjacent, no try
	if len(g.Vacated) != 0 {
		t.Fatalf("default policy withdrew:\n%s", eventText(l))
	}
	g.cavalryWithdrawalPhase(RU, []engine.Order{testOrder(1, "withdraw RU-1CD via 0403 0402")}, l)
	if len(g.Vacated) != 1 || g.Vacated[0] != at("0404") {
		t.Fatalf("vacated %v:\n%s", g.Vacated, eventText(l))
	}
	for _, p := range g.data.Params {
		if p.Name == "stacking-limit" {
			p.Value = 3
		}
	}
	l = testLog()
	g.occupyVacated(DE, []engine.Order{
		testOrder(1, "occupy DE-2ID to 0404"), // not adjacent
		testOrder(2, "occupy DE-1ID to 0405"), // not vacated
		testOrder(3, "occupy DE-1ID to 0404"),
		testOrder(4, "occupy DE-3ID to 0404"), // 4 SP > 3
		testOrder(5, "occupy DE-1ID to 0404"), // once only
	}, l)
	if u := g.Unit("DE-1ID"); u.Hex != at("0404") || u.MPSpent != 0 || u.Moved {
		t.Errorf("DE-1ID in %s, MP %d, moved %v:\n%s", u.Hex, u.MPSpent, u.Moved, eventText(l))
	}
	if g.LastOcc[at("0404")] != DE {
		t.Errorf("0404 not recorded as last occupied by DE")
	}
	rj := rejections(l)
	var lines []int
	for _, r := range rj {
		lines = append(lines, r.Problem.Line)
	}
	if len(lines) != 4 || lines[0] != 1 || lines[1] != 2 || lines[2] != 4 || lines[3] != 5 {
		t.Errorf("rejected lines %v, want [1 2 4 5]:\n%s", lines, eventText(l))
	}
	if g.Unit("DE-2ID").Hex != at("0406") || g.Unit("DE-3ID").Hex != at("0505") {
		t.Errorf("a rejected occupation moved a unit")
	}
}

// The cavalry withdrawal window (option cavalry-windows): the non-phasing
// side's `withdraw` orders run in its window through Resolve, and the
// hexes entered and vacated are kept for the phasing side's Combat Phase.
func TestWithdrawalWindow(t *testing.T) {
	g := cavGame(t, "setup DE-1CD 0404\nsetup RU-25ID 0405\n")
	g.opt = engine.Options{cavalryWindows: true}
	g.Step = 1
	w := g.Window()
	if w.ID != "GT1 DE-CAVWD" {
		t.Fatalf("window %s", w.ID)
	}
	orders := map[engine.Side][]engine.Order{DE: {testOrder(1, "withdraw DE-1CD via 0403 0402")}}
	st, events, err := g.Resolve(orders, &engine.Script{Rolls: []int{5}})
	if err != nil {
		t.Fatal(err)
	}
	n := st.(*Game)
	var text []string
	for _, e := range events {
		text = append(text, e.String())
	}
	if u := n.Unit("DE-1CD"); u.Hex != at("0402") || !u.Withdrew {
		t.Errorf("DE-1CD in %s withdrew %v:\n%s", u.Hex, u.Withdrew, strings.Join(text, "\n"))
	}
	if len(n.Vacated) != 1 || n.Vacated[0] != at("0404") {
		t.Errorf("vacated %v", n.Vacated)
	}
	if g.Unit("DE-1CD").Hex != at("0404") {
		t.Errorf("Resolve changed the old state")
	}
}

// std 12.13, AMB-43: the default path ends as near a friendly supply
// source as it can: with the German rail exit in 0410 (sources 0410 and
// 0510, six hexes from 0404), two hexes nearer them than the start.
func TestWithdrawalDefaultPathTowardSupply(t *testing.T) {
	g := newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits,
		extra: "rail R1 country=DE track=single name=\"Ostbahn\"\n  0510 0410\nexit 0410 country=DE name=\"to Berlin\"\n",
		setup: "setup DE-1CD 0404\nsetup RU-25ID 0403\n"})
	l := testLog(6)
	g.cavalryWithdrawalPhase(DE, []engine.Order{testOrder(1, "withdraw DE-1CD")}, l)
	u := g.Unit("DE-1CD")
	grid := g.Map().Grid
	near := min(grid.Distance(u.Hex, at("0410")), grid.Distance(u.Hex, at("0510")))
	if grid.Distance(at("0404"), u.Hex) != 2 || near != 4 {
		t.Errorf("DE-1CD ended in %s, %d from the sources, want two hexes nearer them:\n%s", u.Hex, near, eventText(l))
	}
}

// std 6.14 [P]: the default path does not end over the stacking limit
// when another path exists: with 8 German SP in the hex it would have
// chosen, DE-1CD (2 SP) goes elsewhere, still towards supply.
func TestWithdrawalDefaultPathAvoidsOverstacking(t *testing.T) {
	spec := testSpec{grid: open8x10, split: 5, units: standardUnits,
		extra: "rail R1 country=DE track=single name=\"Ostbahn\"\n  0510 0410\nexit 0410 country=DE name=\"to Berlin\"\n",
		setup: "setup DE-1CD 0404\nsetup RU-25ID 0403\n"}
	g := newTestGame(t, spec)
	g.cavalryWithdrawalPhase(DE, []engine.Order{testOrder(1, "withdraw DE-1CD")}, testLog(6))
	first := g.Unit("DE-1CD").Hex
	for _, id := range []string{"DE-1ID", "DE-2ID", "DE-3ID", "DE-LW", "DE-DEP"} {
		spec.setup += "setup " + id + " " + first.String() + "\n"
	}
	g = newTestGame(t, spec)
	l := testLog(6)
	g.cavalryWithdrawalPhase(DE, []engine.Order{testOrder(1, "withdraw DE-1CD")}, l)
	u := g.Unit("DE-1CD")
	if u.Hex == first || u.Hex == at("0404") {
		t.Errorf("DE-1CD in %s, want a hex other than %s and 0404:\n%s", u.Hex, first, eventText(l))
	}
}
