package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
)

const garrisonParams = `param garrison-first-turn 5
param garrison-release-distance 4
param garrison-release-turn 10
param garrison-release-vp 25
param garrison-divisions-0403 2
param garrison-divisions-0702 1
`

const garrisonUnits = `formation 1 side=RU kind=army name="1st Army"
unit RU-25ID side=RU type=inf size=XX name="25th" parent=1 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-27ID side=RU type=inf size=XX name="27th" parent=1 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-III side=RU type=inf size=XXX name="III" parent=1 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-BDE side=RU type=inf size=X name="Bde" parent=1 sp=1 steps=1 str=1-1-4 tcr=3
unit DE-1ID side=DE type=inf size=XX name="1st" sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
`

func garrisonGame(t testing.TB, setup string) *Game {
	return exclGame(t, exclSpec{rows: 8, cols: 10, split: 5, game: garrisonParams, units: garrisonUnits, setup: setup})
}

func leaveWhy(g *Game, id, to string) string {
	u := g.Unit(id)
	why, _ := g.garrisonIntegrity(u, u.Hex, at(to))
	return why
}

// W23 and T 20.0: who may leave a garrison city, and from when.
func TestGarrisonLeave(t *testing.T) {
	g := garrisonGame(t, "setup RU-25ID 0403\nsetup RU-27ID 0403\nsetup RU-BDE 0403\n")
	g.Turn = 4
	g.garrisonRelease(RU, testLog())
	if why := leaveWhy(g, "RU-25ID", "0404"); why != "" {
		t.Errorf("GT4: %s", why)
	}
	g.Turn = 5
	g.garrisonRelease(RU, testLog())
	if why := leaveWhy(g, "RU-25ID", "0404"); !strings.Contains(why, "must keep a garrison of 2 division(s) from GT5; without RU-25ID it would hold 1") {
		t.Errorf("GT5: %q", why)
	}
	if why := leaveWhy(g, "RU-BDE", "0404"); why != "" {
		t.Errorf("a brigade does not count: %s", why)
	}
	// A corps is two divisions; a reduced division counts.
	g = garrisonGame(t, "setup RU-III 0403\nsetup RU-25ID 0403\nsetup RU-27ID 0702\nsetup RU-BDE 0702\n")
	g.Turn = 5
	g.Unit("RU-25ID").StepsLost = 1
	g.garrisonRelease(RU, testLog())
	if why := leaveWhy(g, "RU-25ID", "0404"); why != "" {
		t.Errorf("with a corps: %s", why)
	}
	if why := leaveWhy(g, "RU-III", "0404"); why == "" {
		t.Error("the corps left Warsaw to one division")
	}
	if why := leaveWhy(g, "RU-27ID", "0703"); why == "" {
		t.Error("Grodno's only division left")
	}
}

// T 20.0: a unit passing through a city already short is not held there;
// a garrison may not be swapped out by a unit that then leaves too.
func TestGarrisonPassThrough(t *testing.T) {
	g := garrisonGame(t, "setup RU-25ID 0704\n")
	g.Turn = 5
	l := testLog()
	g.garrisonRelease(RU, l)
	if !strings.Contains(eventText(l), "0702 holds 0 of the 1 division(s)") {
		t.Errorf("no warning: %s", eventText(l))
	}
	g.place(g.Unit("RU-25ID"), at("0702"))
	if why := leaveWhy(g, "RU-25ID", "0701"); why != "" {
		t.Errorf("passing through: %s", why)
	}
	g = garrisonGame(t, "setup RU-25ID 0403\nsetup RU-27ID 0403\nsetup RU-III 0404\n")
	g.Turn = 5
	g.garrisonRelease(RU, testLog())
	g.place(g.Unit("RU-III"), at("0403"))
	if why := leaveWhy(g, "RU-25ID", "0303"); why != "" {
		t.Errorf("relieved: %s", why)
	}
	g.place(g.Unit("RU-25ID"), at("0303"))
	if why := leaveWhy(g, "RU-III", "0404"); why == "" {
		t.Error("the relief left too")
	}
}

// T 20.0, AMB 36: releases, near a German unit or by the VP test, for
// good.
func TestGarrisonRelease(t *testing.T) {
	g := garrisonGame(t, "setup RU-25ID 0403\nsetup RU-27ID 0403\nsetup DE-1ID 0408\n")
	g.Turn = 5
	g.garrisonRelease(RU, testLog())
	if g.released(at("0403")) {
		t.Error("released by a German 5 hexes away")
	}
	g.place(g.Unit("DE-1ID"), at("0407"))
	l := testLog()
	g.garrisonRelease(DE, l)
	if !g.released(at("0403")) || !strings.Contains(eventText(l), "the garrison of 0403 is released: DE-1ID is within 4 hexes") {
		t.Errorf("not released: %s", eventText(l))
	}
	g.place(g.Unit("DE-1ID"), at("0410"))
	if why := leaveWhy(g, "RU-25ID", "0404"); why != "" {
		t.Errorf("release undone: %s", why)
	}
	// A German unit on the move releases the hexes it passes near.
	g = garrisonGame(t, "setup RU-25ID 0702\nsetup DE-1ID 0707\n")
	g.garrisonIntegrity(g.Unit("DE-1ID"), at("0706"), at("0707"))
	if !g.released(at("0702")) {
		t.Error("a German passing 4 hexes away did not release Grodno")
	}
	// The VP test: a Russian segment from GT10 with fewer than 25 VP.
	for _, c := range []struct {
		turn, vp int
		side     engine.Side
		want     bool
	}{{10, 24, RU, true}, {10, 25, RU, false}, {9, 0, RU, false}, {11, -5, DE, false}} {
		g := garrisonGame(t, "setup RU-25ID 0403\n")
		g.Turn, g.VP = c.turn, c.vp
		g.garrisonRelease(c.side, testLog())
		if g.Excl.AllReleased != c.want {
			t.Errorf("GT%d VP %d %s: released %v", c.turn, c.vp, c.side, g.Excl.AllReleased)
		}
	}
}

// The order is refused in the Movement Phase, with the case.
func TestGarrisonMoveRefused(t *testing.T) {
	g := garrisonGame(t, "setup RU-25ID 0403\nsetup RU-27ID 0403\n")
	g.Turn = 5
	_, ev := playTo(t, g, "GT5 RU-COMBAT", map[string]map[engine.Side][]engine.Order{
		"GT5 RU-MOVE": {RU: {testOrder(1, "move RU-25ID to 0405")}},
	})
	if !strings.Contains(ev, "RU-25ID stops in 0403") || !strings.Contains(ev, "[T 20.0]") {
		t.Errorf("events:\n%s", ev)
	}
}
