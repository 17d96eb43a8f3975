package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
)

// combatRails gives both sides a supply line well behind the front: a
// Russian rail line down column 02 leaving the map at its north end, and
// a German one down the west edge (std 9.13, T[9.0]).
const combatRails = `rail RR country=RU name="Russian line"
  0102 0202 0302 0402 0502 0602 0702 0802
exit 0102 country=RU name="east"
rail GR country=DE name="German line"
  0110 0210 0310 0410 0510 0610 0710 0810
exit 0410 country=DE name="west"
`

// combatUnits are units some combat tests need beyond standardUnits.
const combatUnits = `
hq DE-HQ2 side=DE level=corps name="Second corps HQ" hq=1-7-2 combat=1 ma=8
hq DE-vH side=DE level=staff name="Staff" hq=0-0-8 combat=1 ma=8
unit DE-2CD side=DE type=cav size=XX name="2nd Cav Div" sp=2 steps=2 str=2-1-6/1-1-6 tcr=1
unit DE-CB side=DE type=cav size=X name="Cav Bde" sp=1 steps=1 str=1-1-4 tcr=1
unit DE-4ID side=DE type=inf size=XX name="4th Inf Div" sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-5ID side=DE type=inf size=XX name="5th Inf Div" sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit RU-26ID side=RU type=inf size=XX name="26th Inf Div" parent=1 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-27ID side=RU type=inf size=XX name="27th Inf Div" parent=1 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-28ID side=RU type=inf size=XX name="28th Inf Div" parent=1 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
`

// ruHQ keeps Russian defenders near the front within an HQ's radius, so
// that std 10.43 does not change their results.
const ruHQ = "setup RU-HQ 0303\n"

func combatGame(t *testing.T, extra, setup string) *Game {
	t.Helper()
	return newTestGame(t, testSpec{
		grid:  open8x10,
		split: 5,
		extra: combatRails + extra,
		units: standardUnits + combatUnits,
		setup: setup,
	})
}

// attacks runs side's attack orders through the Combat Resolution
// Segment, without the command segment (each test sets OCC itself).
func cmbAttacks(g *Game, side engine.Side, l *log, orders ...string) {
	var os []engine.Order
	for i, o := range orders {
		os = append(os, testOrder(i+1, o))
	}
	g.resolveAttacks(side, os, l)
}

// crtRoll returns the CRT roll of the log's n-th attack, or nil.
func cmbCRT(l *log, n int) *engine.Roll {
	want := "CRT, attack " + itoa(n) + " "
	for _, e := range l.events {
		if r, ok := e.(*engine.Roll); ok && strings.HasPrefix(r.Purpose, want) {
			return r
		}
	}
	return nil
}

func cmbRejections(l *log) []*engine.Rejected {
	var out []*engine.Rejected
	for _, e := range l.events {
		if r, ok := e.(*engine.Rejected); ok {
			out = append(out, r)
		}
	}
	return out
}

func cmbWantRejected(t *testing.T, l *log, rule string) {
	t.Helper()
	for _, r := range cmbRejections(l) {
		if r.Problem.Case == rule {
			return
		}
	}
	t.Errorf("no rejection citing %s:\n%s", rule, eventText(l))
}

func cmbWantNoRejection(t *testing.T, l *log) {
	t.Helper()
	if rs := cmbRejections(l); len(rs) > 0 {
		t.Fatalf("unexpected rejection:\n%s", eventText(l))
	}
}

func cmbWantHex(t *testing.T, g *Game, id, h string) {
	t.Helper()
	u := g.Unit(id)
	if !u.OnMap() || u.Hex != at(h) {
		t.Errorf("%s at %s (loc %d), want %s", id, u.Hex, u.Loc, h)
	}
}

func cmbWantGone(t *testing.T, g *Game, id string) {
	t.Helper()
	if u := g.Unit(id); u.Loc != Eliminated {
		t.Errorf("%s not eliminated: at %s, %d steps", id, u.Hex, u.Steps())
	}
}

func cmbWantSteps(t *testing.T, g *Game, id string, steps int) {
	t.Helper()
	if u := g.Unit(id); u.Steps() != steps || u.Loc == Eliminated {
		t.Errorf("%s has %d steps (loc %d), want %d", id, u.Steps(), u.Loc, steps)
	}
}

// Digest 002 W1 and W25 (std 8.4, 8.8): odds round in the defender's
// favour on the attacker's TCR heading row.
func TestOddsRoundingW1W25(t *testing.T) {
	for _, c := range []struct{ a, d, tcr, col int }{
		{26, 9, 1, 5}, // 2-1 on the German row
		{26, 9, 3, 4}, // 2-1 on the Russian row
		{5, 12, 1, 2}, // 1-3
		{5, 12, 3, 1}, // 1-3
		{1, 5, 1, 0},  // below 1-4: not allowed (AMB-07)
		{1, 4, 3, 0},  // below 1-3
		{40, 1, 1, 8}, // above 5-1 uses the last column
	} {
		if got := builtinTables.oddsColumn(c.a, c.d, c.tcr); got != c.col {
			t.Errorf("%d:%d TCR %d: column %d, want %d", c.a, c.d, c.tcr, got, c.col)
		}
	}
	// A whole combat: 3 German divisions (12) against a Russian corps
	// and division (8 + 3 = 11) is 1-1, column 4; die 6 → 1/-.
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-3ID 0506\nsetup RU-III 0405\nsetup RU-25ID 0405\n")
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID DE-3ID")
	cmbWantNoRejection(t, l)
	r := cmbCRT(l, 1)
	if r == nil || !strings.HasPrefix(r.Result, "1-1 → c4, die 6: 1/-") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	if !g.Unit("DE-1ID").Attacked || !g.Unit("RU-III").Defended || g.Unit("RU-III").LastCombatGT != g.Turn {
		t.Error("participants not marked [std 8.14]")
	}
}

// Digest 002 W4 (std 10.21): a shift of 2 turns 2-1 into 4-1 when at
// least half the attacking steps are within the HQ's radius.
func TestHQShiftW4(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-HQ 0407\nsetup RU-25ID 0405\n")
	// 8 against 3: 2-1 (c5); DE-HQ (shift 2, radius 1) is next to both.
	l := testLog(4)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID shift DE-HQ")
	cmbWantNoRejection(t, l)
	if r := cmbCRT(l, 1); r == nil || !strings.HasPrefix(r.Result, "2-1 → c7, die 4: 1/2") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	// The same HQ may not shift a second attack this phase (std 10.11).
	g2 := combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-HQ 0407\nsetup RU-25ID 0405\nsetup RU-26ID 0305\n")
	l = testLog(6, 6)
	cmbAttacks(g2, DE, l, "attack 0405 with DE-1ID shift DE-HQ", "attack 0305 with DE-2ID shift DE-HQ")
	cmbWantRejected(t, l, "std 10.11")
}

// Digest 002 W4/W5 (std 10.21-10.22): the half-steps test, one HQ per
// command level, staff HQs give none.
func TestHQShiftLevelsW5(t *testing.T) {
	setup := "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-HQ 0407\nsetup DE-HQ2 0407\nsetup DE-AHQ 0408\nsetup DE-vH 0408\nsetup RU-III 0405\n"
	// Corps + army: allowed, 1-1 (12 against 8 → c4 for 8:8? 8 against
	// 8 is 1-1) shifted 2 + 1 to c7.
	g := combatGame(t, "", setup)
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID shift DE-HQ DE-AHQ")
	cmbWantNoRejection(t, l)
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "→ c7") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	// Two corps HQs: rejected.
	g = combatGame(t, "", setup)
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID shift DE-HQ DE-HQ2")
	cmbWantRejected(t, l, "std 10.22")
	// A staff HQ gives no shift (AMB-50).
	g = combatGame(t, "", setup)
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID shift DE-vH")
	cmbWantRejected(t, l, "std 10.22")
	// Half the steps: DE-HQ (radius 1) far from the attackers.
	g = combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-HQ 0810\nsetup RU-III 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID shift DE-HQ")
	cmbWantRejected(t, l, "std 10.21")
	if cmbCRT(l, 1) != nil {
		t.Error("a rejected attack rolled")
	}
}

// Digest 002 W6 (std 9.21, 9.23, 10.42): an attacker out of supply and
// out of command attacks at a quarter; it rolls attrition first.
func TestOOSAndOCCQuarterW6(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup RU-DEP 0405\n")
	u := g.Unit("DE-1ID")
	u.FeedingOff = true // attacking out of the fortress it feeds off: rolls as OOS (std 11.22)
	u.OCCCombat = true
	l := testLog(5, 6) // attrition 5: no effect; CRT 6
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID")
	cmbWantNoRejection(t, l)
	r := cmbCRT(l, 1)
	// 4 → OOS 2 → OCC 1; 1 against 1 is 1-1.
	if r == nil || !strings.Contains(r.Result, "(1:1") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	if !strings.Contains(eventText(l), "attrition, DE-1ID") {
		t.Errorf("no attrition roll [std 9.23]:\n%s", eventText(l))
	}
}

// Digest 002 W7 (std 11.13): two divisions and a fortress lose half of 8
// steps: 2 fortress steps by default, or both divisions if the owner's
// losses list says so.
func TestFortressLossesW7(t *testing.T) {
	extra := "fortress 0405 Kovno owner=RU full=4 weak=2 steps=4 vistula=east\n"
	setup := "setup RU-25ID 0405\nsetup RU-26ID 0405\n"
	g := combatGame(t, extra, setup)
	f := g.Fort(at("0405"))
	ps := []piece{{unit: g.Unit("RU-25ID"), steps: 2}, {unit: g.Unit("RU-26ID"), steps: 2}, {fort: f, steps: 4}}
	l := testLog()
	g.takeLosses(RU, ps, 4, "W7", l)
	if f.StepsLost != 2 || g.Unit("RU-25ID").StepsLost != 0 || g.Unit("RU-26ID").StepsLost != 0 {
		t.Errorf("fortress lost %d, divisions %d %d; want 2, 0, 0\n%s", f.StepsLost, g.Unit("RU-25ID").StepsLost, g.Unit("RU-26ID").StepsLost, eventText(l))
	}
	g = combatGame(t, extra, setup)
	g.Standing[RU].Losses = []string{"RU-25ID", "RU-26ID"}
	f = g.Fort(at("0405"))
	ps = []piece{{unit: g.Unit("RU-25ID"), steps: 2}, {unit: g.Unit("RU-26ID"), steps: 2}, {fort: f, steps: 4}}
	g.takeLosses(RU, ps, 4, "W7", testLog())
	if f.StepsLost != 0 {
		t.Errorf("fortress lost %d", f.StepsLost)
	}
	cmbWantGone(t, g, "RU-25ID")
	cmbWantGone(t, g, "RU-26ID")
}

// Digest 002 W8 (std 11.13, AMB-12): an unoccupied fortress with result 3
// loses 3 fortress steps; it can be attacked alone; its defense is added
// after terrain.
func TestFortressAloneW8(t *testing.T) {
	g := combatGame(t, "fortress 0405 Kovno owner=RU full=2 weak=1 steps=4 vistula=east\n",
		"setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup RU-25ID 0202\n")
	// 8 against 2 is 4-1 (c7); die 3 → -/3.
	l := testLog(3)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID advance DE-1ID")
	cmbWantNoRejection(t, l)
	f := g.Fort(at("0405"))
	if f.StepsLost != 3 || f.Destroyed() {
		t.Fatalf("fortress lost %d steps, want 3:\n%s", f.StepsLost, eventText(l))
	}
	if f.Defense() != 1 {
		t.Errorf("weakened fortress defense %d, want 1 [std 11.14]", f.Defense())
	}
	cmbWantHex(t, g, "DE-1ID", "0406") // an undestroyed fortress cannot be entered
	// It may not be attacked again this phase (std 8.14): a new phase
	// state is a new Combat Phase, so check within one.
	g = combatGame(t, "fortress 0405 Kovno owner=RU full=2 weak=1 steps=4 vistula=east\n",
		"setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup RU-25ID 0202\n")
	l = testLog(6, 6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID", "attack 0405 with DE-2ID")
	cmbWantRejected(t, l, "std 8.14")
}

// Digest 002 W9 (std 12.21, AMB-65): cavalry totalling 4 attacks a
// non-cavalry hex at 1; totalling 3 it has 0 and may not attack; against
// cavalry alone it has full strength.
func TestCavalryQuarterW9(t *testing.T) {
	g := combatGame(t, "", "setup DE-1CD 0406\nsetup DE-2CD 0306\nsetup DE-CB 0506\nsetup RU-25ID 0405\n")
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1CD DE-2CD")
	cmbWantNoRejection(t, l)
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(1:3") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	g = combatGame(t, "", "setup DE-1CD 0406\nsetup DE-2CD 0306\nsetup DE-CB 0506\nsetup RU-25ID 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1CD DE-CB")
	cmbWantRejected(t, l, "std 8.12")
	g = combatGame(t, "", "setup DE-1CD 0406\nsetup RU-1CD 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1CD")
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(2:1") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
}

// Digest 002 W11 (TEC): a city defender is doubled and the attacker
// across a minor river is halved; all across major rivers adds 2.
func TestCityAndRiverW11(t *testing.T) {
	extra := "town 0405 Lyck city vp=0\nriver Lyck minor\n  0405/0406\n"
	g := combatGame(t, extra, "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup RU-25ID 0405\n")
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID")
	cmbWantNoRejection(t, l)
	// 4/2 + 4 = 6 against 3×2 = 6.
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(6:6") || r.Mod != 0 {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	g = combatGame(t, "river Big major\n  0405/0406\n", "setup DE-1ID 0406\nsetup RU-25ID 0405\n")
	l = testLog(4)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID")
	// 2 against 3 is 1-2 (c3); die 4 + 2 = 6 → 1/-.
	if r := cmbCRT(l, 1); r == nil || r.Mod != 2 || !strings.HasPrefix(r.Result, "1-2 → c3, die 6: 1/-") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
}

// Digest 002 W2 (std 8.53): a corps's four step states.
func TestCorpsStepsW2(t *testing.T) {
	g := combatGame(t, "", "setup RU-III 0405\n")
	u := g.Unit("RU-III")
	want := []string{"4-7-4", "3-4-4", "2-3-4"}
	for _, w := range want {
		g.loseSteps(u, 1, "test", "std 8.53", testLog())
		if got := u.Strength().String(); got != w {
			t.Errorf("after %d losses %s, want %s", u.StepsLost, got, w)
		}
	}
	g.loseSteps(u, 1, "test", "std 8.53", testLog())
	cmbWantGone(t, g, "RU-III")
}

// Digest 002 W3 (std 8.75): option 1 on a result 2 that wipes out a
// supplied defender forbids the advance; an E result does not.
func TestIlsNePasserontPasW3(t *testing.T) {
	g := combatGame(t, "", ruHQ+"setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup RU-25ID 0405\n")
	g.Standing[RU].Options = map[Result][]Option{2: {OptEliminate}}
	// 8 against 3 is 2-1 (c5); die 2 → -/2.
	l := testLog(2)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID advance DE-1ID")
	cmbWantNoRejection(t, l)
	cmbWantGone(t, g, "RU-25ID")
	cmbWantHex(t, g, "DE-1ID", "0406")
	if !strings.Contains(eventText(l), "std 8.75") {
		t.Errorf("no 8.75 note:\n%s", eventText(l))
	}
	// E: the advance goes ahead. 8 against 2 (reduced division) is 4-1
	// (c7); die 1 → -/E.
	g = combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup RU-25ID 0405\n")
	g.Unit("RU-25ID").StepsLost = 1
	l = testLog(1)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID advance DE-1ID")
	cmbWantGone(t, g, "RU-25ID")
	cmbWantHex(t, g, "DE-1ID", "0405")
	if g.LastOcc[at("0405")] != DE {
		t.Error("advance did not record the hex as German [AMB-68]")
	}
}

// Digest 002 W17 (std 8.66): a unit that retreated into the hex adds no
// defense and no steps, and loses half its steps with its hosts; if the
// hosts retreat it is eliminated.
func TestRetreatedIntoHexW17(t *testing.T) {
	setup := ruHQ + "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-3ID 0506\nsetup RU-III 0405\nsetup RU-25ID 0405\n"
	g := combatGame(t, "", setup)
	g.Unit("RU-25ID").RetreatedIn = true
	g.Standing[RU].Options = map[Result][]Option{1: {OptHalf}}
	// 12 against 8 (not 11): 1-1 (c4); die 3 → 1/1.
	l := testLog(3)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID DE-3ID")
	cmbWantNoRejection(t, l)
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(12:8") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	// Forces 6 and 4 steps: S = 4; the corps loses 2, the division 1.
	cmbWantSteps(t, g, "RU-III", 2)
	cmbWantSteps(t, g, "RU-25ID", 1)
	if g.Unit("RU-25ID").Defended {
		t.Error("the retreated unit counts as attacked [std 8.66]")
	}
	// Hosts retreat: the retreated unit is eliminated.
	g = combatGame(t, "", setup)
	g.Unit("RU-25ID").RetreatedIn = true
	g.Standing[RU].Options = map[Result][]Option{1: {OptRetreat}}
	l = testLog(3)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID DE-3ID")
	cmbWantGone(t, g, "RU-25ID")
	cmbWantSteps(t, g, "RU-III", 4)
	if g.Unit("RU-III").Hex == at("0405") {
		t.Errorf("the corps did not retreat:\n%s", eventText(l))
	}
}

// Digest 002 W24 (std 8.9): 3 German divisions (6 steps) against a
// Russian corps (4); result 1/2. S = 4; the Russian's default takes the
// cheapest option (retreat 2, no loss); the German loses 2 steps from
// units covering 4 steps.
func TestOptionTableW24(t *testing.T) {
	g := combatGame(t, "", ruHQ+"setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-3ID 0506\nsetup RU-III 0405\n")
	// 12 against 8: 1-1 (c4); die 2 → 1/2.
	l := testLog(2)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID DE-3ID advance DE-1ID")
	cmbWantNoRejection(t, l)
	text := eventText(l)
	if !strings.Contains(text, "defender takes retreat2") {
		t.Errorf("defender option:\n%s", text)
	}
	cmbWantSteps(t, g, "RU-III", 4)
	lost := 0
	for _, id := range []string{"DE-1ID", "DE-2ID", "DE-3ID"} {
		lost += g.Unit(id).StepsLost
	}
	if lost != 2 {
		t.Errorf("German lost %d steps, want 2:\n%s", lost, text)
	}
	if g.Unit("RU-III").Hex == at("0405") || g.Map().Grid.Distance(at("0405"), g.Unit("RU-III").Hex) != 2 {
		t.Errorf("corps at %s after a 2-hex retreat", g.Unit("RU-III").Hex)
	}
	cmbWantHex(t, g, "DE-1ID", "0405")
	// The defender resolves first (std 8.54): the retreat is logged
	// before the attacker's losses.
	iRetreat, iLoss := -1, -1
	for i, e := range l.events {
		if m, ok := e.(*Moved); ok && m.Rule == "std 8.63" && iRetreat < 0 {
			iRetreat = i
		}
		if s, ok := e.(*StepLoss); ok && s.Side == DE && iLoss < 0 {
			iLoss = i
		}
	}
	if iRetreat < 0 || iLoss < 0 || iRetreat > iLoss {
		t.Errorf("defender not first (retreat %d, loss %d):\n%s", iRetreat, iLoss, text)
	}
}

// std 8.9: on an attacker result of 2 a smaller attacking force is
// eliminated whole.
func TestSmallerAttackerEliminatedOn2(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup RU-III 0405\nsetup RU-25ID 0405\n")
	// 4 against 11: 1-3 (c2); die 6 → 2/-.
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID")
	cmbWantNoRejection(t, l)
	cmbWantGone(t, g, "DE-1ID")
	cmbWantSteps(t, g, "RU-III", 4)
}

// std 10.43 (AMB-08): a Russian attacker out of command turns 1 into 2;
// a Russian defender outside every HQ radius turns 1 into 2.
func TestTCRResultShifts1043(t *testing.T) {
	// Russian attack: RU-III + RU-IV (9) against DE-1ID (6), 1-1 on the
	// Russian row is c3; die 3 → 1/1. RU-IV is OCC: 4×½ = 2, so 7:6,
	// still 1-1; the attacker's 1 becomes 2.
	g := combatGame(t, "", "setup RU-III 0404\nsetup RU-IV 0305\nsetup RU-HQ 0403\nsetup DE-1ID 0405\n")
	g.Unit("RU-IV").OCCCombat = true
	g.Standing[DE].Options = map[Result][]Option{1: {OptHalf}}
	l := testLog(3)
	cmbAttacks(g, RU, l, "attack 0405 with RU-III RU-IV")
	cmbWantNoRejection(t, l)
	r := cmbCRT(l, 1)
	if r == nil || !strings.Contains(r.Result, "(7:6") || !strings.Contains(r.Result, "adjusted 2/1") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	// Forces 8 and 2: S = 2; attacker 2 loses 2 steps.
	if lost := g.Unit("RU-III").StepsLost + g.Unit("RU-IV").StepsLost; lost != 2 {
		t.Errorf("Russian lost %d steps, want 2:\n%s", lost, eventText(l))
	}
	// German attack on a Russian outside every Russian HQ radius: 1 → 2.
	g = combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-3ID 0506\nsetup RU-III 0405\n")
	l = testLog(3)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID DE-3ID")
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "adjusted 1/2") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
}

// std 8.14: no unit attacks twice, no hex is attacked twice.
func TestAttackTwiceRejected814(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0306\nsetup DE-2ID 0406\nsetup RU-25ID 0405\nsetup RU-26ID 0305\n")
	l := testLog(6, 6)
	// DE-1ID in 0306 is next to both 0305 and 0405.
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID", "attack 0305 with DE-1ID")
	cmbWantRejected(t, l, "std 8.14")
	g = combatGame(t, "", "setup DE-1ID 0306\nsetup DE-2ID 0406\nsetup RU-25ID 0405\nsetup RU-26ID 0305\n")
	l = testLog(6, 6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID", "attack 0405 with DE-2ID")
	cmbWantRejected(t, l, "std 8.14")
	if cmbCRT(l, 2) != nil {
		t.Error("the second attack on 0405 was rolled")
	}
}

// std 5.34, 5.36: Russians who used rail may not attack, Germans may;
// entrained units never attack, and defend at half, then detrain.
func TestRailAndEntrainedRestrictions(t *testing.T) {
	g := combatGame(t, "", "setup RU-III 0405\nsetup DE-1ID 0406\nsetup DE-2ID 0306\n")
	g.Unit("RU-III").UsedRail = true
	l := testLog(6)
	cmbAttacks(g, RU, l, "attack 0406 with RU-III")
	cmbWantRejected(t, l, "std 5.34")

	g = combatGame(t, "", "setup RU-III 0405\nsetup DE-1ID 0406\nsetup DE-2ID 0306\n")
	g.Unit("DE-1ID").UsedRail = true
	g.Unit("DE-2ID").Entrained = true
	l = testLog(6, 6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-2ID", "attack 0405 with DE-1ID")
	cmbWantRejected(t, l, "std 5.36")
	if cmbCRT(l, 2) == nil {
		t.Errorf("the German rail mover could not attack [std 5.34]:\n%s", eventText(l))
	}

	g = combatGame(t, "", "setup RU-III 0405\nsetup DE-1ID 0406\nsetup DE-2ID 0306\n")
	g.Unit("RU-III").Entrained = true
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID")
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(8:4") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	if g.Unit("RU-III").Entrained {
		t.Error("the attacked entrained unit is still entrained [AMB-23]")
	}
}

// std 8.23, AMB-13: a multi-hex attack needs every attacker next to
// every hex; each advancing unit enters one vacated hex.
func TestMultiHexAttackAndAdvance(t *testing.T) {
	setup := "setup DE-1ID 0306\nsetup DE-2ID 0306\nsetup DE-3ID 0406\nsetup RU-25ID 0405\nsetup RU-26ID 0305\n"
	g := combatGame(t, "", setup)
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 0305 with DE-1ID DE-3ID")
	cmbWantRejected(t, l, "std 8.23")

	g = combatGame(t, "", setup)
	// 8 against 6: 1-1 (c4); die 1 → -/2; both Russian divisions (4 steps,
	// the smaller force) are affected. Fixed choice: retreat 2.
	g.Standing[RU].Options = map[Result][]Option{2: {OptRetreat2}}
	l = testLog(1)
	cmbAttacks(g, DE, l, "attack 0405 0305 with DE-1ID DE-2ID advance DE-1ID DE-2ID")
	cmbWantNoRejection(t, l)
	for _, id := range []string{"RU-25ID", "RU-26ID"} {
		if h := g.Unit(id).Hex; h == at("0405") || h == at("0305") {
			t.Errorf("%s did not retreat:\n%s", id, eventText(l))
		}
	}
	// Both advance into the first vacated hex of the order, one hex each.
	cmbWantHex(t, g, "DE-1ID", "0405")
	cmbWantHex(t, g, "DE-2ID", "0405")
}

// std 10.23-10.24, AMB-51: a Heroic HQ adds its strength when at least 2
// SP of its hex attack with it; normal HQs never attack.
func TestHeroicHQ(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup DE-HQ 0406\nsetup DE-LW 0306\nsetup DE-AHQ 0306\nsetup RU-25ID 0405\n")
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-HQ")
	cmbWantNoRejection(t, l)
	// 4 + 2 = 6 against 3.
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(6:3") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	g = combatGame(t, "", "setup DE-LW 0406\nsetup DE-HQ 0406\nsetup RU-25ID 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-LW DE-HQ")
	cmbWantRejected(t, l, "std 10.23")
	g = combatGame(t, "", "setup DE-1ID 0406\nsetup DE-AHQ 0406\nsetup RU-25ID 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-AHQ")
	cmbWantRejected(t, l, "std 8.12")
}

// std 10.53-10.54: an HQ adds its strength with 2 SP of defenders, and an
// army HQ with a reduced side flips and displaces when its stack dies.
func TestDefendingHQ(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup RU-25ID 0405\nsetup RU-HQ 0405\nsetup RU-26ID 0403\n")
	// 8 against 3 + 1 = 4: 2-1 on the German row (c5); die 1 → -/3, and
	// the Russian prefers to be eliminated.
	g.Standing[RU].Options = map[Result][]Option{3: {OptEliminate}}
	l := testLog(1)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID DE-2ID")
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(8:4") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	cmbWantGone(t, g, "RU-25ID")
	hq := g.Unit("RU-HQ")
	if !hq.OnMap() || hq.StepsLost != 1 || hq.Hex != at("0403") {
		t.Errorf("RU-HQ at %s, %d lost, loc %d; want flipped and displaced to 0403:\n%s", hq.Hex, hq.StepsLost, hq.Loc, eventText(l))
	}
}

// digest 002 P4: a guard that fails skips the attack before any roll.
func TestGuardSkipsAttack(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup RU-III 0405\n")
	l := testLog()
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID if odds>=2-1")
	cmbWantNoRejection(t, l)
	if cmbCRT(l, 1) != nil || g.Unit("DE-1ID").Attacked {
		t.Errorf("guarded attack went ahead:\n%s", eventText(l))
	}
	if !strings.Contains(eventText(l), "skipped") {
		t.Errorf("no note of the skip:\n%s", eventText(l))
	}
	// The guard reads the final odds, after shifts: 4:8 is 1-2 (c3), DE-HQ
	// shifts 2 to c5 = 2-1.
	g = combatGame(t, "", "setup DE-1ID 0406\nsetup DE-HQ 0407\nsetup RU-III 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID shift DE-HQ if odds>=2-1 raw>=1-2 raw<2-1 empty=0101")
	if cmbCRT(l, 1) == nil {
		t.Errorf("guarded attack skipped:\n%s", eventText(l))
	}
	g = combatGame(t, "", "setup DE-1ID 0406\nsetup RU-III 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID if sometimes")
	cmbWantRejected(t, l, "std 8.4")
	g = combatGame(t, "", "setup DE-1ID 0406\nsetup RU-III 0405\n")
	l = testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID if occupied=0101")
	if cmbCRT(l, 1) != nil {
		t.Errorf("attack went ahead though 0101 is empty:\n%s", eventText(l))
	}
}

// std 12.15 (AMB-69): cavalry that withdrew out of enemy zones of control
// may not be attacked.
func TestWithdrawnCavalryNotAttacked(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup RU-1CD 0405\n")
	g.Unit("RU-1CD").Withdrew = true
	l := testLog(6)
	cmbAttacks(g, DE, l, "attack 0405 with DE-1ID")
	cmbWantRejected(t, l, "std 12.15")
}

// std 4.0 3, 12.16: the Combat Phase runs the occupation of vacated hexes
// first, then the combat Command Control Segment, then the attacks in
// file order.
func TestCombatPhaseOrder(t *testing.T) {
	g := combatGame(t, "", ruHQ+"setup DE-1ID 0406\nsetup DE-2ID 0306\nsetup DE-3ID 0507\nsetup DE-AHQ 0408\nsetup RU-III 0405\n")
	g.Vacated = []hexT{at("0506")}
	var os []engine.Order
	for i, o := range []string{
		"attack 0405 with DE-1ID DE-2ID DE-3ID advance DE-2ID",
		"occupy DE-3ID to 0506",
	} {
		os = append(os, testOrder(i+1, o))
	}
	// 12 against 8: 1-1 (c4); die 2 → 1/2.
	l := testLog(2)
	g.combatPhase(DE, os, l)
	cmbWantNoRejection(t, l)
	if r := cmbCRT(l, 1); r == nil || !strings.Contains(r.Result, "(12:8") {
		t.Fatalf("CRT roll %v\n%s", r, eventText(l))
	}
	for _, id := range []string{"DE-1ID", "DE-2ID", "DE-3ID"} {
		if g.Unit(id).OCCCombat {
			t.Errorf("%s out of command", id)
		}
	}
	cmbWantHex(t, g, "DE-2ID", "0405")
}
