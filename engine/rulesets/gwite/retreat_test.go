package gwite

import (
	"strings"
	"testing"

	"pbem/engine/hex"
)

type hexT = hex.Hex

func stackAt(g *Game, h string) []*Unit {
	return append([]*Unit(nil), g.UnitsAt(at(h))...)
}

// std 8.63 priority 1 (AMB-48): the retreat ends nearest a friendly
// supply source; 8.64 keeps the Russian out of enemy zones of control.
func TestRetreatTowardSupply863(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup RU-25ID 0405\n")
	p, ok := g.bestRetreat(stackAt(g, "0405"), at("0405"), 1)
	if !ok {
		t.Fatal("no retreat")
	}
	end := p.path[0]
	best, _ := g.supplyDistance(end, RU, 3)
	for _, h := range []string{"0404", "0305", "0505"} {
		if d, ok := g.supplyDistance(at(h), RU, 3); ok && d < best {
			t.Errorf("retreat to %s (supply %d) while %s is %d from supply", end, best, h, d)
		}
	}
	if g.inEZOCForTrace(end, RU) {
		t.Errorf("Russian retreat into enemy ZOC at %s [std 8.64]", end)
	}
	// Two hexes: the final hex is two hexes away (AMB-14) and no hex is
	// in enemy ZOC.
	p, ok = g.bestRetreat(stackAt(g, "0405"), at("0405"), 2)
	if !ok || len(p.path) != 2 || g.Map().Grid.Distance(at("0405"), p.path[1]) != 2 {
		t.Fatalf("2-hex retreat %v %v", p.path, ok)
	}
	for _, h := range p.path {
		if g.inEZOCForTrace(h, RU) {
			t.Errorf("Russian retreat through enemy ZOC at %s [std 8.64]", h)
		}
	}
}

// N5: with supply equal (here: none at all), the owner's standing
// `retreat ... toward` decides, then the lowest hex id.
func TestRetreatTowardPreference(t *testing.T) {
	spec := testSpec{grid: open8x10, split: 5, units: standardUnits,
		setup: "setup DE-1ID 0406\nsetup RU-25ID 0405\n"}
	g := newTestGame(t, spec)
	p, _ := g.bestRetreat(stackAt(g, "0405"), at("0405"), 1)
	if p.path[0] != at("0305") {
		t.Errorf("no preference: retreat to %s, want the lowest id 0305", p.path[0])
	}
	g = newTestGame(t, spec)
	g.Standing[RU].Toward = map[string]hexT{"all": at("0805")}
	p, _ = g.bestRetreat(stackAt(g, "0405"), at("0405"), 1)
	if p.path[0] != at("0505") {
		t.Errorf("toward 0805: retreat to %s, want 0505", p.path[0])
	}
	g = newTestGame(t, spec)
	g.Standing[RU].Toward = map[string]hexT{"all": at("0805"), "RU-25ID": at("0401")}
	p, _ = g.bestRetreat(stackAt(g, "0405"), at("0405"), 1)
	if p.path[0] != at("0404") {
		t.Errorf("unit preference toward 0401: retreat to %s, want 0404", p.path[0])
	}
}

// std 8.64: a Russian stack with every way out in enemy ZOC is
// eliminated; a friendly unit cancels the ZOC (std 7.24) and the
// retreating unit then shares that hex's fate (std 8.66).
func TestRetreatBlockedEliminated864(t *testing.T) {
	setup := "setup DE-1ID 0406\nsetup DE-2ID 0304\nsetup DE-3ID 0504\nsetup RU-25ID 0405\n"
	g := combatGame(t, "", setup)
	l := testLog()
	if g.retreatStack(stackAt(g, "0405"), at("0405"), 1, l) {
		t.Errorf("retreat found:\n%s", eventText(l))
	}
	cmbWantGone(t, g, "RU-25ID")

	g = combatGame(t, "", setup+"setup RU-26ID 0404\n")
	l = testLog()
	if !g.retreatStack(stackAt(g, "0405"), at("0405"), 1, l) {
		t.Fatalf("no retreat:\n%s", eventText(l))
	}
	cmbWantHex(t, g, "RU-25ID", "0404")
	if !g.Unit("RU-25ID").RetreatedIn {
		t.Error("RetreatedIn not set [std 8.66]")
	}
	if g.LastOcc[at("0404")] != RU {
		t.Error("LastOcc not recorded [AMB-68]")
	}
}

// std 8.64: a TCR 1 stack may retreat into enemy ZOC when it must, and
// prefers not to (8.63 #2).
func TestRetreatGermanThroughEZOC(t *testing.T) {
	// DE-1ID in 0405 (a Russian-country hex), Russians around it.
	g := combatGame(t, "", "setup DE-1ID 0405\nsetup RU-III 0404\nsetup RU-25ID 0304\nsetup RU-26ID 0504\n")
	l := testLog()
	if !g.retreatStack(stackAt(g, "0405"), at("0405"), 1, l) {
		t.Fatalf("German could not retreat:\n%s", eventText(l))
	}
	if end := g.Unit("DE-1ID").Hex; g.inEZOCForTrace(end, DE) {
		t.Errorf("German retreat to %s, in Russian ZOC though 0306, 0406 and 0506 are free [std 8.63]", end)
	}
	// Surrounded by ZOC on every side but the Russian-held one: it goes
	// into ZOC rather than die.
	g = combatGame(t, "", "setup DE-1ID 0405\nsetup RU-III 0404\nsetup RU-25ID 0407\nsetup RU-26ID 0304\nsetup RU-27ID 0504\n")
	l = testLog()
	if !g.retreatStack(stackAt(g, "0405"), at("0405"), 1, l) || !g.Unit("DE-1ID").OnMap() {
		t.Fatalf("German could not retreat through ZOC:\n%s", eventText(l))
	}
}

// std 6.15, 8.63: a unit that can only end its retreat overstacked is
// eliminated.
func TestRetreatOverstackedEliminated615(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup DE-2ID 0304\nsetup DE-3ID 0504\nsetup RU-25ID 0405\nsetup RU-III 0404\nsetup RU-IV 0404\n")
	l := testLog()
	g.retreatStack(stackAt(g, "0405"), at("0405"), 1, l)
	cmbWantGone(t, g, "RU-25ID")
	if !strings.Contains(eventText(l), "overstacked") {
		t.Errorf("no 6.15 elimination:\n%s", eventText(l))
	}
	cmbWantSteps(t, g, "RU-III", 4)
}

// std 8.62, 10.53: the whole stack retreats together, HQs included; an
// enemy HQ alone in a hex entered is displaced (std 10.52).
func TestRetreatWholeStackAndDisplace(t *testing.T) {
	g := combatGame(t, "", "setup DE-1ID 0406\nsetup RU-25ID 0405\nsetup RU-26ID 0405\nsetup RU-HQ 0405\nsetup DE-AHQ 0404\nsetup DE-2ID 0304\nsetup DE-3ID 0606\n")
	l := testLog()
	g.Standing[RU].Toward = map[string]hexT{"all": at("0403")}
	if !g.retreatStack(stackAt(g, "0405"), at("0405"), 1, l) {
		t.Fatalf("no retreat:\n%s", eventText(l))
	}
	h := g.Unit("RU-25ID").Hex
	for _, id := range []string{"RU-26ID", "RU-HQ"} {
		if g.Unit(id).Hex != h {
			t.Errorf("%s not with its stack in %s", id, h)
		}
	}
	if h == at("0404") && g.Unit("DE-AHQ").Hex == at("0404") {
		t.Errorf("German HQ not displaced:\n%s", eventText(l))
	}
}
