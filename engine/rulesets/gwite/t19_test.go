package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// exclSpec is a sketch game for the T 19-21 tests: an all-clear map of
// rows by cols, columns 01..split Russian, with game records (params).
type exclSpec struct {
	rows, cols, split int
	game, extra       string
	units, setup      string
}

func exclGame(t testing.TB, s exclSpec) *Game {
	t.Helper()
	var grid []string
	for r := 0; r < s.rows; r++ {
		grid = append(grid, strings.TrimSpace(strings.Repeat(". ", s.cols)))
	}
	return sketchGame(t, scenario.Sketch{
		Name: t.Name(), Rows: grid, Split: s.split, Game: s.game,
		MapRecords: s.extra, Units: s.units, Setup: s.setup,
	})
}

// playTo resolves windows with the given orders (by window id) and
// plenty of sixes until the window until opens; it returns the game and
// every event text, one per line.
func playTo(t testing.TB, st engine.State, until string, orders map[string]map[engine.Side][]engine.Order) (*Game, string) {
	t.Helper()
	var all []string
	for i := 0; st.Window().ID != until; i++ {
		if i > 200 || st.Window().Done {
			t.Fatalf("window %s never opened (at %s)", until, st.Window().ID)
		}
		rolls := make([]int, 400)
		for j := range rolls {
			rolls[j] = 6
		}
		next, events, err := st.Resolve(orders[st.Window().ID], &engine.Script{Rolls: rolls})
		for _, e := range events {
			all = append(all, e.String())
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", st.Window().ID, err, strings.Join(all, "\n"))
		}
		st = next
	}
	return st.(*Game), strings.Join(all, "\n")
}

const wfParams = `param wf-delay 4
param wf-delay-3C 7
param vp-hl8 20
param vp-wf 45
param wf-trigger-sp-1 8
param wf-trigger-sp-2 8
param wf-trigger-apart-sp 4
param wf-trigger-apart-mp 12
param wf-chart-success 9
param wf-chart-mod-turn 1
param wf-chart-mod-vp 1
`

const wfUnits = `formation 1 side=RU kind=army name="1st Army"
formation 2 side=RU kind=army name="2nd Army"
formation 8 side=DE kind=army name="8th Army" hq=DE-PR
formation XI side=DE kind=corps name="XI Corps" hq=DE-XI
formation 3C side=DE kind=corps name="3rd Cavalry Corps" hq=DE-FR
hq DE-PR side=DE level=army name="Prittwitz" parent=8 hq=1-32-4 combat=1 ma=8
hq DE-HL side=DE level=army name="Hindenburg" parent=8 hq=2-45-8 combat=2 ma=8 heroic=yes
hq DE-XI side=DE level=corps name="XI Corps HQ" parent=XI hq=1-7-1 combat=1 ma=8 wf=yes
hq DE-FR side=DE level=corps name="Frommel" parent=3C hq=1-7-1 combat=2 ma=8 wf=yes
unit DE-22ID side=DE type=inf size=XX name="22nd" parent=XI sp=2 steps=2 str=4-6-5/2-3-5 tcr=1 wf=yes
unit DE-1ID side=DE type=inf size=XX name="1st" sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit RU-A1 side=RU type=inf size=XXX name="A1" parent=1 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-A2 side=RU type=inf size=XXX name="A2" parent=1 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-B1 side=RU type=inf size=XXX name="B1" parent=2 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-B2 side=RU type=inf size=XXX name="B2" parent=2 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-B3 side=RU type=inf size=XX name="B3" parent=2 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-BC side=RU type=cav size=XX name="BC" parent=2 sp=2 steps=2 str=2-1-6/1-1-6 tcr=3
`

// wfRail is a German rail line down the west edge (column 22) of the
// 6 by 22 test map.
const wfRail = "rail RG country=DE 0122 0222 0322 0422 0522 0622\nexit 0322 country=DE name=west\n"

const wfHeld = `held DE-HL
held DE-XI
held DE-22ID
held DE-FR
`

func wfGame(t testing.TB, setup string) *Game {
	return exclGame(t, exclSpec{rows: 6, cols: 22, split: 2, game: wfParams, extra: wfRail, units: wfUnits, setup: wfHeld + setup})
}

// W20: asked for in GT t, the West Front units come in GT t+4 (von
// Frommel GT t+7) at a west-edge rail hex, HL-8 in the German
// Reinforcement Segment of GT t+1 in von Prittwitz's hex.
func TestWestFrontW20(t *testing.T) {
	g := wfGame(t, "setup DE-PR 0314\nsetup DE-1ID 0314\nsetup RU-A1 0301\n")
	orders := map[string]map[engine.Side][]engine.Order{
		"GT1 DE-MOVE": {DE: {testOrder(1, "westfront")}},
	}
	g2, ev := playTo(t, g, "GT2 RU-MOVE", orders)
	for _, want := range []string{
		"the German asks for the West Front reinforcements and the replacement of DE-PR [T 19.14]",
		"DE-HL will replace DE-PR in the German Reinforcement Segment of GT2 [T 19.21]",
		"DE-22ID will arrive on GT5 at 0322 [T 19.22]",
		"DE-XI will arrive on GT5 at 0322 [T 19.22]",
		"DE-FR will arrive on GT8 at 0322 [T 19.22]",
	} {
		if !strings.Contains(ev, want) {
			t.Errorf("missing %q in\n%s", want, ev)
		}
	}
	if g2.VP != 0 || g2.Excl.WFTurn != 1 {
		t.Errorf("VP %d, WF turn %d after the request", g2.VP, g2.Excl.WFTurn)
	}
	g3, ev := playTo(t, g2, "GT2 DE-COMBAT", nil)
	if hl := g3.Unit("DE-HL"); !hl.OnMap() || hl.Hex != at("0314") {
		t.Errorf("HL at %v (on map %v)\n%s", hl.Hex, hl.OnMap(), ev)
	}
	if g3.Unit("DE-PR").Loc != Eliminated || g3.VP != 20 || !strings.Contains(ev, "VP +20 (DE-HL enters the map): net +20") {
		t.Errorf("PR %v, VP %d\n%s", g3.Unit("DE-PR").Loc, g3.VP, ev)
	}
	g4, ev := playTo(t, g3, "GT5 DE-COMBAT", nil)
	if !strings.Contains(ev, "VP +45 (the West Front reinforcements enter (DE-22ID, DE-XI)): net +65") {
		t.Errorf("no +45:\n%s", ev)
	}
	if u := g4.Unit("DE-22ID"); !u.OnMap() || u.Hex != at("0322") || g4.Unit("DE-FR").OnMap() {
		t.Errorf("22ID at %v, FR on map %v", u.Hex, g4.Unit("DE-FR").OnMap())
	}
	g5, ev := playTo(t, g4, "GT8 DE-COMBAT", nil)
	if !g5.Unit("DE-FR").OnMap() || strings.Contains(ev, "VP +45") || g5.VP != 65 {
		t.Errorf("FR on map %v, VP %d\n%s", g5.Unit("DE-FR").OnMap(), g5.VP, ev)
	}
}

// T 19.14: one request; a second, or one without the rule, is refused.
func TestWestFrontRefused(t *testing.T) {
	g := wfGame(t, "setup DE-PR 0314\n")
	g.Turn = 2
	l := testLog()
	g.westFront(DE, []engine.Order{testOrder(1, "westfront"), testOrder(2, "westfront")}, l)
	if got := cmdRejected(l); len(got) != 1 || g.Excl.WFTurn != 2 {
		t.Errorf("rejected %v, WF turn %d", got, g.Excl.WFTurn)
	}
	l = testLog()
	g.westFront(DE, []engine.Order{testOrder(3, "westfront")}, l)
	if !strings.Contains(eventText(l), "already committed in GT2") {
		t.Errorf("second request: %s", eventText(l))
	}
	l = testLog()
	g.westFront(RU, []engine.Order{testOrder(4, "westfront")}, l)
	if len(cmdRejected(l)) != 1 {
		t.Errorf("Russian request: %s", eventText(l))
	}
	bare := exclGame(t, exclSpec{rows: 6, cols: 22, split: 2, units: wfUnits, setup: wfHeld + "setup DE-PR 0314\n"})
	l = testLog()
	bare.westFront(DE, []engine.Order{testOrder(1, "westfront")}, l)
	if !strings.Contains(eventText(l), "no West Front reinforcements") || bare.Excl.WFTurn != 0 {
		t.Errorf("without the rule: %s", eventText(l))
	}
}

// T 19.21: von Prittwitz out of supply or destroyed: HL-8 comes in with
// the German unit nearest his last hex.
func TestHindenburgElsewhere(t *testing.T) {
	// 0303 is deep in the Russian half: no German supply line reaches it.
	g := wfGame(t, "setup DE-PR 0303\nsetup DE-1ID 0318\n")
	g.Excl.WFTurn = 1
	g.Turn = 2
	l := testLog()
	g.replacePrittwitz(DE, l)
	if hl := g.Unit("DE-HL"); !hl.OnMap() || hl.Hex != at("0318") || g.VP != 20 {
		t.Errorf("HL at %v, VP %d: %s", hl.Hex, g.VP, eventText(l))
	}
	if !strings.Contains(eventText(l), "DE-PR is out of supply") {
		t.Errorf("events: %s", eventText(l))
	}

	g = wfGame(t, "setup DE-PR 0314\nsetup DE-1ID 0318\n")
	g.setLoc(g.Unit("DE-PR"), Eliminated)
	g.Excl.WFTurn = 3
	g.Turn = 3
	l = testLog()
	g.replacePrittwitz(DE, l)
	if g.Unit("DE-HL").OnMap() {
		t.Error("HL came in the segment of the request")
	}
	g.Turn = 4
	g.replacePrittwitz(DE, l)
	if hl := g.Unit("DE-HL"); hl.Hex != at("0318") || !strings.Contains(eventText(l), "DE-PR has been destroyed") {
		t.Errorf("HL at %v: %s", hl.Hex, eventText(l))
	}
}

// T 19.11 and AMB 32: the trigger's geometry.
func TestWestFrontTrigger(t *testing.T) {
	cases := []struct {
		name  string
		setup string
		want  bool
	}{
		// Army 1 at column 05, army 2 at column 20: 15 MP apart.
		{"apart", "setup RU-A1 0305\nsetup RU-A2 0305\nsetup RU-B1 0320\nsetup RU-B2 0320\n", true},
		// All within 12 MP of each other: one group.
		{"together", "setup RU-A1 0305\nsetup RU-A2 0305\nsetup RU-B1 0315\nsetup RU-B2 0315\n", false},
		// A chain of links of 12 MP or less makes one group.
		{"chain", "setup RU-A1 0305\nsetup RU-A2 0305\nsetup RU-B1 0320\nsetup RU-B2 0320\nsetup RU-B3 0313\n", false},
		// Column 03 touches Russian column 02: not more than one hex inside.
		{"border", "setup RU-A1 0303\nsetup RU-A2 0303\nsetup RU-B1 0320\nsetup RU-B2 0320\n", false},
		// Army 2 has 4 SP of infantry inside; its cavalry does not count.
		{"short", "setup RU-A1 0305\nsetup RU-A2 0305\nsetup RU-B1 0320\nsetup RU-BC 0320\n", false},
	}
	for _, c := range cases {
		g := wfGame(t, "setup DE-PR 0314\n"+c.setup)
		if got, why := g.westFrontTrigger(); got != c.want {
			t.Errorf("%s: trigger %v (%s), want %v", c.name, got, why, c.want)
		}
	}
}

// T 19.11-19.12: the roll is made while the trigger holds, until a
// modified 9 or more; the authored modifiers add the game-turn and one per
// 10 net VP.
func TestWestFrontRoll(t *testing.T) {
	setup := "setup DE-PR 0314\nsetup RU-A1 0305\nsetup RU-A2 0305\nsetup RU-B1 0320\nsetup RU-B2 0320\n"
	g := wfGame(t, setup)
	g.Turn = 3
	l := testLog(5)
	g.westFront(DE, nil, l)
	if g.Excl.WFTurn != 0 || !strings.Contains(eventText(l), "5 +3 (GT3) = 8, below 9") {
		t.Errorf("roll 5 on GT3: %s", eventText(l))
	}
	l = testLog(6)
	g.westFront(DE, nil, l)
	if g.Excl.WFTurn != 3 || !g.Excl.RollingStopped {
		t.Errorf("roll 6 on GT3: %s", eventText(l))
	}
	g = wfGame(t, setup)
	g.Turn, g.VP = 1, 35
	l = testLog(5)
	g.westFront(DE, nil, l)
	if g.Excl.WFTurn != 1 || !strings.Contains(eventText(l), "5 +1 (GT1) +3 (VP +35) = 9") {
		t.Errorf("roll 5 on GT1 with 35 VP: %s", eventText(l))
	}
	// Once stopped, no more rolls.
	g = wfGame(t, setup)
	g.Excl.RollingStopped = true
	l = testLog()
	g.westFront(DE, nil, l)
	if strings.Contains(eventText(l), "T 19.12") {
		t.Errorf("rolled after rolling stopped: %s", eventText(l))
	}
}

// The campaign: the request commits every West Front counter of the data,
// von Frommel last (T 19.22), and HL-8 replaces vPr-8 next turn.
func TestWestFrontCampaign(t *testing.T) {
	g := supTannenberg(t)
	g.Turn = 2
	l := testLog()
	g.westFront(DE, []engine.Order{testOrder(1, "westfront")}, l)
	n := 0
	for _, u := range g.Units {
		if westFront(u.Data) {
			n++
			want := 6
			if u.ID == "DE-vFl-3C" {
				want = 9
			}
			if u.Loc != NotArrived || u.ArriveTurn != want || u.Entry == "" {
				t.Errorf("%s: loc %v, arrives GT%d at %q", u.ID, u.Loc, u.ArriveTurn, u.Entry)
			}
		}
	}
	if n == 0 {
		t.Fatal("no West Front units in the campaign")
	}
	g.Turn = 3
	l = testLog()
	g.replacePrittwitz(DE, l)
	if hl := g.Unit("DE-HL-8"); !hl.OnMap() || hl.Hex != at("0814") || g.Unit("DE-vPr-8").Loc != Eliminated {
		t.Errorf("HL-8 at %v: %s", hl.Hex, eventText(l))
	}
}

func TestAdjustExclusive(t *testing.T) {
	g := wfGame(t, "setup DE-PR 0314\n")
	for _, d := range []string{"westfront 2", "rolling-stopped", "hl-entered", "wf-scored", "released 0303", "all-released", "control 0405"} {
		if ok, err := g.AdjustExclusive(strings.Fields(d)); !ok || err != nil {
			t.Errorf("%s: %v %v", d, ok, err)
		}
	}
	if ok, _ := g.AdjustExclusive([]string{"steps"}); ok {
		t.Error("steps handled")
	}
	if g.Excl.WFTurn != 2 || g.Unit("DE-22ID").ArriveTurn != 6 || !g.released(at("0303")) {
		t.Errorf("state %+v", g.Excl)
	}
	c := g.clone()
	c.Excl.Control[0] = at("0101")
	if g.Excl.Control[0] != at("0405") {
		t.Error("clone shares the control markers")
	}
}
