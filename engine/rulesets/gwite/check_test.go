package gwite

import (
	"strings"
	"testing"
)

// Check catches broken states: overstacking, water hexes, Gruppen whose
// units stand elsewhere or overfill the box (T 18.22).
func TestCheckCatches(t *testing.T) {
	base := func() *Game {
		return newTestGame(t, testSpec{grid: open8x10, split: 5, units: standardUnits,
			setup: "setup DE-1ID 0408\nsetup DE-2ID 0408\nsetup RU-III 0303\nsetup RU-IV 0101\nsetup RU-25ID 0102\n"})
	}
	if err := base().Check(); err != nil {
		t.Fatalf("a legal set-up fails: %v", err)
	}
	for _, c := range []struct {
		name   string
		break_ func(g *Game)
		want   string
	}{
		{"overstack", func(g *Game) {
			g.place(g.Unit("RU-IV"), at("0303"))
			g.place(g.Unit("RU-25ID"), at("0303"))
		}, "stacking points"},
		{"both sides in a hex", func(g *Game) { g.place(g.Unit("DE-1ID"), at("0303")) }, "both sides"},
		{"steps out of range", func(g *Game) { g.Unit("RU-III").StepsLost = 4 }, "steps lost"},
		{"Gruppe unit elsewhere", func(g *Game) {
			g.Hidden.Gruppen = append(g.Hidden.Gruppen, &Gruppe{N: 1, OnMap: true, Hex: at("0409"), Units: []string{"DE-1ID"}})
		}, "is in Gruppe 1"},
		{"unit in two Gruppen", func(g *Game) {
			g.Hidden.Gruppen = append(g.Hidden.Gruppen,
				&Gruppe{N: 1, OnMap: true, Hex: at("0408"), Units: []string{"DE-1ID"}},
				&Gruppe{N: 2, OnMap: true, Hex: at("0408"), Units: []string{"DE-1ID"}})
		}, "Gruppen 1 and 2"},
		{"Gruppe off the map holding units", func(g *Game) {
			g.Hidden.Gruppen = append(g.Hidden.Gruppen, &Gruppe{N: 3, Units: []string{"DE-2ID"}})
		}, "off the map but holds"},
	} {
		g := base()
		c.break_(g)
		err := g.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check() = %v, want %q", c.name, err, c.want)
		}
	}
}
