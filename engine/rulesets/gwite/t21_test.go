package gwite

import (
	"strings"
	"testing"
)

const victoryParams = `param vp-town-first-turn 2
param vp-no-invasion -20
param vp-no-invasion-first-turn 3
param vp-invasion-max-row 4
param vp-gt6-turn 6
param vp-gt6-sp 1
param vp-gt6-min-col 8
param vp-gt6-max-row 3
victory min=100 level="Russian Strategic"
victory min=50 level="Russian Substantive"
victory min=33 level="Russian Marginal"
victory min=20 level="German Marginal"
victory min=1 level="German Substantive"
victory min=-9999 level="German Strategic"
`

// A Russian rail line down column 05, the last Russian column, leaving by
// the north edge.
const victoryMap = `rail RR country=RU 0105 0205 0305 0405 0505 0605 0705 0805
exit 0105 country=RU name=north
town 0403 Alpha vp=3
town 0204 Gamma vp=1
town 0409 Beta vp=2
town 0606 Delta
`

func victoryGame(t testing.TB, setup string) *Game {
	return exclGame(t, exclSpec{rows: 8, cols: 10, split: 5, game: victoryParams, extra: victoryMap, units: garrisonUnits, setup: setup})
}

// T 21.12-21.14, AMB-37, AMB 42: control needs the last unit Russian and a
// Russian supply line of 3 hexes; it scores every interphase from GT2.
func TestTownControl(t *testing.T) {
	g := victoryGame(t, "setup RU-25ID 0403\nsetup RU-27ID 0409\nsetup RU-BDE 0606\n")
	g.LastOcc[at("0204")] = RU
	g.Turn = 1
	l := testLog()
	g.townControl(l)
	if g.VP != 0 || len(g.Excl.Control) != 0 {
		t.Errorf("GT1: VP %d: %s", g.VP, eventText(l))
	}
	for turn := 2; turn <= 3; turn++ {
		g.Turn = turn
		l = testLog()
		g.townControl(l)
		if !strings.Contains(eventText(l), "VP +3 (Russian control of Alpha 0403)") || strings.Contains(eventText(l), "Beta") {
			t.Errorf("GT%d: %s", turn, eventText(l))
		}
	}
	if g.VP != 8 || len(g.Excl.Control) != 2 {
		t.Errorf("VP %d, markers %v", g.VP, g.Excl.Control)
	}
	// The last unit through Gamma was German: the marker comes off.
	g.LastOcc[at("0204")] = DE
	l = testLog()
	g.townControl(l)
	if !strings.Contains(eventText(l), "the Russian Control marker is taken off Gamma 0204") || g.VP != 11 {
		t.Errorf("VP %d: %s", g.VP, eventText(l))
	}
}

// T 21.2, AMB 40: -20 from GT3 without a supplied Russian unit in Germany
// in the rows allowed.
func TestInvasionPenalty(t *testing.T) {
	for _, c := range []struct {
		setup string
		turn  int
		want  int
	}{
		{"setup RU-25ID 0406\n", 3, 0},   // supplied, in Germany, row 4
		{"setup RU-25ID 0506\n", 3, -20}, // row 5: too far south
		{"setup RU-25ID 0409\n", 3, -20}, // out of supply
		{"setup RU-25ID 0404\n", 3, -20}, // in Russia
		{"setup RU-25ID 0404\n", 2, 0},   // before GT3
	} {
		g := victoryGame(t, c.setup)
		g.Turn = c.turn
		l := testLog()
		g.invasionPenalty(l)
		if g.VP != c.want {
			t.Errorf("%sGT%d: VP %d: %s", c.setup, c.turn, g.VP, eventText(l))
		}
	}
}

// T 21.2: the end of GT6, +1 per Russian SP in the zone.
func TestZoneAward(t *testing.T) {
	g := victoryGame(t, "setup RU-III 0208\nsetup RU-25ID 0508\nsetup RU-27ID 0307\n")
	g.Turn = 5
	g.zoneAward(testLog())
	g.Turn = 6
	l := testLog()
	g.zoneAward(l)
	if g.VP != 4 || !strings.Contains(eventText(l), "(RU-III)") {
		t.Errorf("VP %d: %s", g.VP, eventText(l))
	}
}

// W22: the bands of T 21.3 on the campaign's data.
func TestVictoryLevelsW22(t *testing.T) {
	g := supTannenberg(t)
	for _, c := range []struct {
		vp   int
		want string
	}{
		{100, "Russian Strategic"}, {99, "Russian Substantive"}, {50, "Russian Substantive"},
		{49, "Russian Marginal"}, {33, "Russian Marginal"}, {32, "German Marginal"},
		{20, "German Marginal"}, {19, "German Substantive"}, {1, "German Substantive"},
		{0, "German Strategic"}, {-5, "German Strategic"},
	} {
		g.VP = c.vp
		if got := g.VictoryLevel(); got != c.want {
			t.Errorf("VP %d: %s, want %s", c.vp, got, c.want)
		}
	}
}

// The interphase scores in order and ends with the level after the last
// game-turn.
func TestInterphaseScoring(t *testing.T) {
	g := victoryGame(t, "setup RU-25ID 0403\n")
	g.Turn = 12
	l := testLog()
	g.interphaseScoring(l)
	ev := eventText(l)
	a := strings.Index(ev, "Alpha")
	b := strings.Index(ev, "no supplied Russian unit")
	c := strings.Index(ev, "final net VP -17: German Strategic [T 21.3]")
	if a < 0 || b < a || c < b {
		t.Errorf("events:\n%s", ev)
	}
}
