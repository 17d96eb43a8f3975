package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
)

// cmdRolls lists the command-control rolls of a log as "UNIT:result".
func cmdRolls(l *log) []string {
	var out []string
	for _, e := range l.events {
		if r, ok := e.(*engine.Roll); ok && strings.HasPrefix(r.Purpose, "command control") {
			f := strings.Fields(r.Purpose)
			out = append(out, f[len(f)-1]+":"+r.Result)
		}
	}
	return out
}

// cmdRejected lists the cases of the rejected orders of a log.
func cmdRejected(l *log) []string {
	var out []string
	for _, e := range l.events {
		if r, ok := e.(*engine.Rejected); ok {
			out = append(out, r.Problem.Case)
		}
	}
	return out
}

func cmdEqual(a, b []string) bool {
	return strings.Join(a, ",") == strings.Join(b, ",")
}

// W18, std 10.41, T[3.4], AMB-02: with no HQ on the map every unit rolls;
// a German unit is in command on 2-6, a Russian one on 4-6. Units roll in
// unit order.
func TestCommandRollThresholdsW18(t *testing.T) {
	g := newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits,
		setup: "setup DE-1ID 0408\nsetup DE-LW 0608\nsetup RU-1CD 0402\nsetup RU-25ID 0602\n"})
	l := testLog(1, 2)
	g.commandSegment(DE, nil, false, l)
	if got := cmdRolls(l); !cmdEqual(got, []string{"DE-1ID:out of command", "DE-LW:in command"}) {
		t.Errorf("German rolls 1, 2: %v", got)
	}
	if !g.Unit("DE-1ID").OCCMove || g.Unit("DE-LW").OCCMove {
		t.Error("OCCMove flags wrong for the German")
	}
	l = testLog(3, 4)
	g.commandSegment(RU, nil, false, l)
	if got := cmdRolls(l); !cmdEqual(got, []string{"RU-1CD:out of command", "RU-25ID:in command"}) {
		t.Errorf("Russian rolls 3, 4: %v", got)
	}
	if !g.Unit("RU-1CD").OCCMove || g.Unit("RU-25ID").OCCMove {
		t.Error("OCCMove flags wrong for the Russian")
	}
	// std 10.41: an OCC unit may not move in the Movement Segment.
	l = testLog(3, 4, 6, 6)
	g.movementPhase(RU, []engine.Order{testOrder(1, "move RU-1CD to 0403")}, l)
	if got := cmdRejected(l); !cmdEqual(got, []string{"std 10.41"}) || g.Unit("RU-1CD").Hex != at("0402") {
		t.Errorf("OCC unit moved or no std 10.41 rejection: %v\n%s", got, eventText(l))
	}
}

// std 10.31-10.32: an allocation may not exceed the HQ's Command Strength
// nor reach outside its Command Radius; the legal part stands, and the
// units left over roll. HQs never roll (AMB-04).
func TestCommandAllocationLimits(t *testing.T) {
	// DE-HQ (command 7, radius 1) in 0405; 0404, 0505, 0506, 0406 are next
	// to it, 0205 is two hexes away.
	g := newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits,
		setup: "setup DE-HQ 0405\nsetup DE-1ID 0404\nsetup DE-2ID 0505\nsetup DE-3ID 0506\nsetup DE-1CD 0406\nsetup DE-LW 0205\n"})
	l := testLog(6, 1)
	g.commandSegment(DE, []engine.Order{
		testOrder(1, "cc DE-HQ with DE-1ID DE-2ID DE-3ID DE-1CD DE-LW"),
		testOrder(2, "cc DE-1ID with DE-2ID"),
	}, false, l)
	if got := cmdRejected(l); !cmdEqual(got, []string{"std 10.31", "std 10.32", "std 10.31"}) {
		t.Errorf("rejections %v, want strength, radius, not an HQ:\n%s", got, eventText(l))
	}
	for _, id := range []string{"DE-1ID", "DE-2ID", "DE-3ID"} {
		if u := g.Unit(id); u.AllocatedTo != "DE-HQ" || u.OCCMove {
			t.Errorf("%s allocated to %q, OCC %v", id, u.AllocatedTo, u.OCCMove)
		}
	}
	if got := cmdRolls(l); !cmdEqual(got, []string{"DE-1CD:in command", "DE-LW:out of command"}) {
		t.Errorf("rolls %v, want DE-1CD and DE-LW only", got)
	}
	if g.Unit("DE-HQ").OCCMove {
		t.Error("an HQ is out of command (AMB-04)")
	}
}

// std 10.31, digest 002 P1: without a cc line an HQ follows its standing
// plan in priority order, passing over units that no longer fit; with
// neither, the default fills it with the largest units first, then the
// lowest ids.
func TestCommandPlanAndDefault(t *testing.T) {
	setup := "setup DE-HQ 0405\nsetup DE-1ID 0404\nsetup DE-2ID 0505\nsetup DE-3ID 0506\nsetup DE-1CD 0406\nsetup DE-LW 0306\n"
	g := newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits, setup: setup})
	l := testLog(6)
	g.commandSegment(DE, nil, false, l)
	if got := cmdRolls(l); !cmdEqual(got, []string{"DE-3ID:in command"}) {
		t.Errorf("default: rolls %v, want DE-3ID only (7 SP: DE-1CD, DE-1ID, DE-2ID, DE-LW)", got)
	}
	g.Standing[DE].Plan = map[string][]string{"DE-HQ": {"DE-3ID", "DE-LW", "DE-1ID", "DE-2ID", "DE-1CD"}}
	l = testLog(6)
	g.commandSegment(DE, nil, false, l)
	if got := cmdRolls(l); !cmdEqual(got, []string{"DE-1CD:in command"}) {
		t.Errorf("plan: rolls %v, want DE-1CD only", got)
	}
	if g.Unit("DE-3ID").AllocatedTo != "DE-HQ" || g.Unit("DE-1CD").AllocatedTo != "" {
		t.Errorf("plan not followed:\n%s", eventText(l))
	}
	// A cc line for the HQ replaces its plan.
	l = testLog(6, 6, 6, 6)
	g.commandSegment(DE, []engine.Order{testOrder(1, "cc DE-HQ with DE-1CD")}, false, l)
	if got := cmdRolls(l); len(got) != 4 || g.Unit("DE-1CD").AllocatedTo != "DE-HQ" {
		t.Errorf("cc line: rolls %v", got)
	}
}

// std 10.33, AMB-58: the command radius does not pass enemy units, but
// passes hexes holding only enemy HQs; a TCR 1 HQ traces through enemy ZOC.
func TestCommandRadiusBlockedByEnemy(t *testing.T) {
	// DE-AHQ (radius 4) in 0210, DE-1ID 4 hexes east along the corridor.
	g := supGame(t, "", "setup DE-AHQ 0210\nsetup DE-1ID 0206\nsetup RU-25ID 0108\nsetup RU-1CD 0208\nsetup RU-HQ 0207\n")
	hq := g.Unit("DE-AHQ")
	supOff(g, "RU-1CD", "RU-HQ")
	if !g.inRadius(hq, at("0206")) {
		t.Error("std 10.34: a TCR 1 HQ traces through the EZOC in 0207 and 0208")
	}
	g.place(g.Unit("RU-1CD"), at("0208"))
	if g.inRadius(hq, at("0206")) || !g.outsideAllRadii(g.Unit("DE-1ID")) {
		t.Error("std 10.33: radius traced through the Russian unit in 0208")
	}
	supOff(g, "RU-1CD")
	g.place(g.Unit("RU-HQ"), at("0207"))
	if !g.inRadius(hq, at("0206")) || g.outsideAllRadii(g.Unit("DE-1ID")) {
		t.Error("AMB-58: a hex holding only an enemy HQ blocked the radius")
	}
	if g.inRadius(hq, at("0205")) {
		t.Error("0205 is 5 hexes away")
	}
}

// std 10.34, 7.24: a TCR 3 HQ's radius does not pass enemy-controlled hexes
// unless a friendly unit holds them; the commanded unit's own hex never
// blocks.
func TestCommandRadiusRussianEZOC(t *testing.T) {
	// RU-HQ (radius 3) in 0203, RU-25ID 3 hexes west in 0206; DE-LW in
	// 0105 controls 0204 and 0205.
	g := supGame(t, "", "setup RU-HQ 0203\nsetup RU-25ID 0206\nsetup DE-LW 0105\nsetup RU-1CD 0204\nsetup RU-DEP 0205\n")
	hq := g.Unit("RU-HQ")
	supOff(g, "RU-1CD", "RU-DEP")
	if g.inRadius(hq, at("0206")) {
		t.Error("radius passed 0204 and 0205 in German ZOC")
	}
	if !g.inRadius(hq, at("0204")) {
		t.Error("the end hex of the radius blocked it")
	}
	l := testLog(6)
	g.commandSegment(RU, []engine.Order{testOrder(1, "cc RU-HQ with RU-25ID")}, false, l)
	if got := cmdRejected(l); !cmdEqual(got, []string{"std 10.32"}) {
		t.Errorf("allocation outside the radius: rejections %v", got)
	}
	g.place(g.Unit("RU-1CD"), at("0204"))
	if g.inRadius(hq, at("0206")) {
		t.Error("0205 is still in German ZOC")
	}
	g.place(g.Unit("RU-DEP"), at("0205"))
	if !g.inRadius(hq, at("0206")) {
		t.Error("std 7.24: Russian units in 0204 and 0205 cancel the ZOC for the radius")
	}
}

// std 10.42, AMB-03: in the combat segment allocated units are in command,
// unallocated units inside some radius roll, units outside every radius
// are out of command without a roll.
func TestCommandCombatSegmentAMB03(t *testing.T) {
	g := supGame(t, "", "setup RU-HQ 0203\nsetup RU-III 0204\nsetup RU-25ID 0205\nsetup RU-1CD 0209\n")
	l := testLog(2)
	g.commandSegment(RU, []engine.Order{testOrder(1, "cc RU-HQ with RU-III")}, true, l)
	if got := cmdRolls(l); !cmdEqual(got, []string{"RU-25ID:out of command"}) {
		t.Errorf("rolls %v, want RU-25ID only", got)
	}
	if g.Unit("RU-III").OCCCombat || !g.Unit("RU-25ID").OCCCombat || !g.Unit("RU-1CD").OCCCombat || g.Unit("RU-HQ").OCCCombat {
		t.Errorf("OCCCombat flags wrong:\n%s", eventText(l))
	}
	if g.Unit("RU-III").OCCMove || g.Unit("RU-25ID").OCCMove {
		t.Error("the combat segment touched the movement flags (std 10.36)")
	}
	if !strings.Contains(eventText(l), "RU-1CD is outside every HQ's command radius") {
		t.Errorf("no std 10.42 note for RU-1CD:\n%s", eventText(l))
	}
	if !g.outsideAllRadii(g.Unit("RU-1CD")) || g.outsideAllRadii(g.Unit("RU-25ID")) {
		t.Error("outsideAllRadii (AMB-67) wrong")
	}
}
