package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
)

func at(s string) hex.Hex {
	h, err := hex.Parse(s)
	if err != nil {
		panic(err)
	}
	return h
}

// Digest 002 W10 and the TEC (std 5.4): costs by TCR column.
func TestTerrainCostsW10(t *testing.T) {
	g := newTestGame(t, testSpec{
		grid: []string{
			". F B S . . . . . .",
			". . . . . . . . . .",
		},
		split: 5,
		units: standardUnits,
		setup: "setup DE-1ID 0202\nsetup RU-III 0206\n",
	})
	de, ru := g.Unit("DE-1ID"), g.Unit("RU-III")
	for _, c := range []struct {
		u     *Unit
		from  string
		to    string
		want  int
		label string
	}{
		// Row 01 west to east: 0110 clear, 0109 forest, 0108 broken, 0107 swamp.
		{de, "0207", "0107", 2, "German into swamp"},
		{de, "0207", "0108", 1, "German into broken"},
		{de, "0208", "0109", 1, "German into forest"},
		{ru, "0207", "0107", 2, "Russian into swamp"},
		{ru, "0207", "0108", 2, "Russian into broken"},
		{ru, "0208", "0109", 2, "Russian into forest"},
		{ru, "0206", "0205", 1, "Russian into clear"},
	} {
		// The other side's unit stands where its ZOC reaches nothing tested.
		if c.u == de {
			g.place(ru, at("0201"))
		} else {
			g.place(de, at("0210"))
		}
		g.place(c.u, at(c.from))
		if !g.Map().Grid.Adjacent(at(c.from), at(c.to)) {
			t.Fatalf("%s: %s and %s not adjacent", c.label, c.from, c.to)
		}
		st := g.enterCost(c.u, at(c.from), at(c.to))
		if !st.ok || st.cost != c.want {
			t.Errorf("%s: cost %d ok %v (%s), want %d", c.label, st.cost, st.ok, st.reason, c.want)
		}
	}
}

// std 7.21, 5.13, 5.17: entering enemy ZOC costs 1 more; a unit may not
// enter an enemy unit's hex; the minimum move of one hex.
func TestMoveZOCAndMinimumMove(t *testing.T) {
	g := newTestGame(t, testSpec{
		grid:  open8x10,
		split: 5,
		units: standardUnits,
		setup: "setup DE-1ID 0408\nsetup RU-III 0404\nsetup RU-25ID 0406\nsetup RU-HQ 0304\n",
	})
	u := g.Unit("RU-III")
	// 0405 is next to 0406? no: next to 0404 and 0406 in row 04; RU-III
	// moving west into 0405 is in no German ZOC (DE-1ID is at 0408).
	if st := g.enterCost(u, at("0404"), at("0405")); st.cost != 1 {
		t.Errorf("0405 costs %d", st.cost)
	}
	// 0407 is in the ZOC of DE-1ID: 1 + 1.
	if st := g.enterCost(g.Unit("RU-25ID"), at("0406"), at("0407")); st.cost != 2 {
		t.Errorf("0407 (EZOC) costs %d, want 2 [std 7.21]", st.cost)
	}
	if st := g.enterCost(g.Unit("RU-25ID"), at("0407"), at("0408")); st.ok {
		t.Error("entered an enemy-occupied hex [std 5.13]")
	}
	// A unit that has spent nothing may always move one hex (std 5.17):
	// give RU-25ID an MA of 1 by spending 3 of its 4, then not.
	l := testLog(6, 6, 6, 6) // attrition rolls if out of supply: no effect
	g.movementPhase(RU, []engine.Order{testOrder(1, "move RU-25ID via 0407")}, l)
	if g.Unit("RU-25ID").Hex != at("0407") {
		t.Errorf("RU-25ID did not move:\n%s", eventText(l))
	}
}

// std 5.14, 9.21: a path longer than the MA stops where the MP run out, and
// the rejection says why. The map has no supply source, so the division's
// MA of 4 is halved to 2: one swamp hex.
func TestMoveStopsWhenMPRunOut(t *testing.T) {
	g := newTestGame(t, testSpec{
		grid: []string{
			"S S S S S S S S S S",
			". . . . . . . . . .",
		},
		split: 5,
		units: standardUnits,
		setup: "setup RU-25ID 0101\nsetup RU-HQ 0201\n",
	})
	l := testLog(6, 6, 6, 6)
	g.movementPhase(RU, []engine.Order{testOrder(3, "move RU-25ID via 0102 0103 0104")}, l)
	u := g.Unit("RU-25ID")
	if u.Hex != at("0102") || u.MPSpent != 2 {
		t.Fatalf("RU-25ID at %s having spent %d:\n%s", u.Hex, u.MPSpent, eventText(l))
	}
	if !strings.Contains(eventText(l), "std 5.14") {
		t.Errorf("no rejection citing std 5.14:\n%s", eventText(l))
	}
}

// A move to a hex off the map is refused as such, whatever the id: before
// or past the map's rows and columns, or one whose grid index is an
// on-map hex's (0111 on ten columns would be 0201). Found by pbem/gamefuzz
// as a panic of the cheapest-path search.
func TestMoveToHexOffTheMap(t *testing.T) {
	for _, to := range []string{"0000", "0100", "0111", "0301", "9999"} {
		g := newTestGame(t, testSpec{
			grid:  []string{". . . . . . . . . .", ". . . . . . . . . ."},
			split: 5,
			units: standardUnits,
			setup: "setup RU-25ID 0102\nsetup RU-HQ 0101\n",
		})
		l := testLog(6, 6, 6, 6)
		g.movementPhase(RU, []engine.Order{testOrder(3, "move RU-25ID to "+to)}, l)
		if u := g.Unit("RU-25ID"); u.Hex != at("0102") {
			t.Errorf("to %s: RU-25ID moved to %s:\n%s", to, u.Hex, eventText(l))
		}
		if !strings.Contains(eventText(l), to+": it is not on the map [std 5.0]") {
			t.Errorf("to %s: no refusal for a hex off the map:\n%s", to, eventText(l))
		}
	}
}
