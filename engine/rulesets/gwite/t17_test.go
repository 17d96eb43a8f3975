package gwite

import (
	"fmt"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// t17Units are Tannenberg-like counters for the command rules (T 17): the
// three Russian army HQs, Hindenburg, von Hoffman, two corps HQs and von
// Frommel's cavalry corps HQ, and units of each formation.
const t17Units = `
formation 1 side=RU kind=army name="1st Army" hq=RU-R-1
formation 2 side=RU kind=army name="2nd Army" hq=RU-S-2
formation 10 side=RU kind=army name="10th Army" hq=RU-P-10
formation 8 side=DE kind=army name="8th Army" hq=DE-HL-8
formation I side=DE kind=corps name="I Corps" hq=DE-vF-1
formation XVII side=DE kind=corps name="XVII Corps" hq=DE-vM-17
formation 3C side=DE kind=corps name="3rd Cavalry Corps" hq=DE-vFl-3C
hq RU-R-1 side=RU level=army name="Rennenkampf" parent=1 hq=2-27-3 combat=1 ma=8 reduced=2-13-2 reduced.combat=1
hq RU-S-2 side=RU level=army name="Samsonov" parent=2 hq=1-24-3 combat=1 ma=8 reduced=1-12-2 reduced.combat=1
hq RU-P-10 side=RU level=army name="Pflug" parent=10 hq=1-20-3 combat=1 ma=8
hq DE-HL-8 side=DE level=army name="Hindenburg" parent=8 hq=2-45-8 combat=2 ma=8
hq DE-vH side=DE level=staff name="von Hoffman" parent=8 hq=0-0-0 combat=1 ma=8
hq DE-vF-1 side=DE level=corps name="von Francois" parent=I hq=2-7-1 combat=3 ma=8
hq DE-vM-17 side=DE level=corps name="von Mackensen" parent=XVII hq=2-7-1 combat=2 ma=8
hq DE-vFl-3C side=DE level=corps name="von Frommel" parent=3C hq=1-7-1 combat=2 ma=8
unit DE-1ID side=DE type=inf size=XX name="1st Inf Div" parent=I sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-35ID side=DE type=inf size=XX name="35th Inf Div" parent=XVII sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-1CD side=DE type=cav size=XX name="1st Cav Div" parent=8 sp=2 steps=2 str=2-1-6/1-1-6 tcr=1
unit DE-2CB side=DE type=cav size=X name="2nd Cav Bde" parent=8 sp=1 steps=1 str=2-1-6 tcr=1
unit DE-ICB side=DE type=cav size=X name="I Corps cavalry" parent=I sp=1 steps=1 str=2-1-6 tcr=1
unit RU-III side=RU type=inf size=XXX name="III Corps" parent=1 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-XV side=RU type=inf size=XXX name="XV Corps" parent=2 sp=4 steps=4 str=5-8-4/4-7-4/3-4-4/2-3-4 tcr=3
unit RU-25ID side=RU type=inf size=XX name="25th Inf Div" parent=1 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-6ID side=RU type=inf size=XX name="6th Inf Div" parent=2 sp=2 steps=2 str=2-3-4/1-2-4 tcr=3
unit RU-DEP side=RU type=depot size=X name="Depot" parent=1 sp=1 steps=1 str=0-1-3 tcr=3
`

// t17Params are the Tannenberg values of the T 17 parameters.
const t17Params = `param hq-separation 12
param hq-separation-double-turn 10
param first-turn-command.RU 1
param army-attack-integrity.RU 1
param corps-attack-integrity.DE 1
`

// wide2x30 is two rows of 30 clear hexes; with split 15 the 15 hexes at
// the east end of each row are Russian, the rest German.
var wide2x30 = []string{
	strings.TrimSpace(strings.Repeat(". ", 30)),
	strings.TrimSpace(strings.Repeat(". ", 30)),
}

// allOn sets up every unit of t17Units, for the tests that need them only
// to exist.
var allOn = func() string {
	var b strings.Builder
	col := 1
	for _, line := range strings.Split(t17Units, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || (f[0] != "unit" && f[0] != "hq") {
			continue
		}
		fmt.Fprintf(&b, "setup %s 02%02d\n", f[1], col)
		col++
	}
	return b.String()
}()

// newT17Game is newTestGame with game records (the T 17 parameters).
func newT17Game(t testing.TB, grid []string, split int, params, setup string) *Game {
	t.Helper()
	return sketchGame(t, scenario.Sketch{
		Name: t.Name(), Rows: grid, Split: split, Game: params,
		Units: t17Units, Setup: setup, Last: 12,
	})
}

func hx(t testing.TB, s string) hex.Hex {
	t.Helper()
	h, err := hex.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// AMB-26: the distance is 1 plus the weights of the hexes between; from
// the double turn on, hexes of Germany weigh 2; water is not crossed.
func TestT17HQDistance(t *testing.T) {
	g := newT17Game(t, wide2x30, 15, t17Params, "")
	cases := []struct {
		a, b  string
		turn  int
		want  int
		found bool
	}{
		{"0101", "0101", 1, 0, true},
		{"0101", "0102", 1, 1, true},
		{"0101", "0113", 1, 12, true},
		{"0101", "0114", 1, 0, false},   // 13: beyond the separation
		{"0110", "0120", 9, 10, true},   // GT9: every hex counts 1
		{"0110", "0120", 10, 14, false}, // GT10: 11-15 count 1, 16-19 count 2 = 1+5+8
		{"0110", "0118", 10, 10, true},  // 1 + 5 + 2*2 (0116 0117)
		{"0120", "0125", 10, 9, true},   // all in Germany: 1 + 4*2
		{"0105", "0106", 10, 1, true},   // adjacent: nothing between
	}
	for _, c := range cases {
		g.Turn = c.turn
		d, ok := g.hqDistance(hx(t, c.a), hx(t, c.b), 12)
		if ok != c.found || (ok && d != c.want) {
			t.Errorf("GT%d %s-%s: got %d %v, want %d %v", c.turn, c.a, c.b, d, ok, c.want, c.found)
		}
	}
	// 0110-0120 at GT10 is 14 when measured without a cap.
	g.Turn = 10
	if d, ok := g.hqDistance(hx(t, "0110"), hx(t, "0120"), 99); !ok || d != 14 {
		t.Errorf("GT10 0110-0120: got %d %v, want 14", d, ok)
	}
	// A lake on the straight line makes no detour: T 17.11 counts hexes
	// (AMB-26), so 0101 and 0110 stay 9 apart.
	lake := []string{
		". . . . . L . . . .",
		". . . . . . . . . .",
	}
	g = newT17Game(t, lake, 5, t17Params, "")
	if d, ok := g.hqDistance(hx(t, "0101"), hx(t, "0110"), 99); !ok || d != 9 {
		t.Errorf("across the lake: got %d %v, want 9", d, ok)
	}
}

func moveOK(g *Game, id, to string) (string, string) {
	u := g.Unit(id)
	h, _ := hex.Parse(to)
	return g.moveIntegrity(u, u.Hex, h)
}

// T 17.11: R-1 and S-2 may not move to 12 hexes or less of each other.
func TestT17ArmyIntegrity(t *testing.T) {
	setup := "setup RU-R-1 0101\nsetup RU-S-2 0115\nsetup RU-P-10 0110\nsetup RU-25ID 0102\n"
	g := newT17Game(t, wide2x30, 15, t17Params, setup)
	// 0102 is 13 from 0115: allowed; 0103 is 12: refused.
	if why, _ := moveOK(g, "RU-R-1", "0102"); why != "" {
		t.Errorf("R-1 to 0102 (13 apart) refused: %s", why)
	}
	if why, rule := moveOK(g, "RU-R-1", "0103"); rule != "T 17.11" {
		t.Errorf("R-1 to 0103 (12 apart): got %q %q, want T 17.11", why, rule)
	}
	if why, _ := moveOK(g, "RU-S-2", "0114"); why != "" {
		t.Errorf("S-2 to 0114 (13 apart) refused: %s", why)
	}
	if why, rule := moveOK(g, "RU-S-2", "0113"); rule != "T 17.11" {
		t.Errorf("S-2 to 0113 (12 apart): got %q %q, want T 17.11", why, rule)
	}
	// P-10 and the other units are free.
	if why, _ := moveOK(g, "RU-P-10", "0102"); why != "" {
		t.Errorf("P-10 refused: %s", why)
	}
	if why, _ := moveOK(g, "RU-25ID", "0114"); why != "" {
		t.Errorf("a division refused: %s", why)
	}
	// Option 17.5 drops the rule; so does a step lost by either HQ; so
	// does a game without the parameter.
	g.opt = engine.Options{optImprovedCommand: true}
	if why, _ := moveOK(g, "RU-R-1", "0105"); why != "" {
		t.Errorf("option 17.5: refused: %s", why)
	}
	g.opt = nil
	g.Unit("RU-S-2").StepsLost = 1
	if why, _ := moveOK(g, "RU-R-1", "0105"); why != "" {
		t.Errorf("S-2 reduced: refused: %s", why)
	}
	g = newT17Game(t, wide2x30, 15, "", setup)
	if why, _ := moveOK(g, "RU-R-1", "0105"); why != "" {
		t.Errorf("no hq-separation param: refused: %s", why)
	}
}

// T 17.11 [P]: HQs forced too close must move apart; each hex entered
// must take the HQ farther away.
func TestT17ArmyIntegrityForcedClose(t *testing.T) {
	setup := "setup RU-R-1 0105\nsetup RU-S-2 0115\n" // 10 apart
	g := newT17Game(t, wide2x30, 15, t17Params, setup)
	if why, _ := moveOK(g, "RU-R-1", "0104"); why != "" {
		t.Errorf("moving away (11) refused: %s", why)
	}
	if _, rule := moveOK(g, "RU-R-1", "0106"); rule != "T 17.11" {
		t.Errorf("moving closer (9) allowed")
	}
	// 0205 is in row 2: the same distance (10) or so; not farther.
	if why, rule := moveOK(g, "RU-R-1", "0205"); rule != "T 17.11" {
		t.Errorf("moving sideways: got %q %q, want refused", why, rule)
	}
}

// T 17.12, AMB-28: a Russian army HQ lends its shift only if strictly more
// than half the attacking steps are its army's.
func TestT17RussianAttackIntegrity(t *testing.T) {
	g := newT17Game(t, wide2x30, 15, t17Params, allOn)
	r1, s2 := g.Unit("RU-R-1"), g.Unit("RU-S-2")
	us := func(ids ...string) []*Unit {
		var out []*Unit
		for _, id := range ids {
			out = append(out, g.Unit(id))
		}
		return out
	}
	// III (1st, 4 steps) and XV (2nd, 4 steps): exactly half each.
	if _, rule := g.commandIntegrity(r1, us("RU-III", "RU-XV")); rule != "T 17.12" {
		t.Error("4 of 8 steps (exactly half) allowed")
	}
	// III + 25ID (6 of 1st) and XV (4 of 2nd): R-1 yes, S-2 no.
	if why, _ := g.commandIntegrity(r1, us("RU-III", "RU-25ID", "RU-XV")); why != "" {
		t.Errorf("6 of 10 refused: %s", why)
	}
	if _, rule := g.commandIntegrity(s2, us("RU-III", "RU-25ID", "RU-XV")); rule != "T 17.12" {
		t.Error("4 of 10 allowed")
	}
	// Depots do not count: 25ID (2, 1st) and 6ID (2, 2nd) + 1st's depot.
	if _, rule := g.commandIntegrity(r1, us("RU-25ID", "RU-6ID", "RU-DEP")); rule != "T 17.12" {
		t.Error("a depot tipped the balance")
	}
	// Steps lost count: XV reduced to 1 step; 25ID (2) is more than half.
	g.Unit("RU-XV").StepsLost = 3
	if why, _ := g.commandIntegrity(r1, us("RU-25ID", "RU-XV")); why != "" {
		t.Errorf("2 of 3 refused: %s", why)
	}
	// A step lost by an army HQ does not lift 17.12.
	s2.StepsLost = 1
	if _, rule := g.commandIntegrity(r1, us("RU-6ID", "RU-25ID")); rule != "T 17.12" {
		t.Error("17.12 lifted by S-2's step loss")
	}
	// Option 17.5 does; so does a game without the parameter.
	g.opt = engine.Options{optImprovedCommand: true}
	if why, _ := g.commandIntegrity(r1, us("RU-6ID", "RU-25ID")); why != "" {
		t.Errorf("option 17.5: %s", why)
	}
	g = newT17Game(t, wide2x30, 15, "", allOn)
	if why, _ := g.commandIntegrity(g.Unit("RU-R-1"), []*Unit{g.Unit("RU-XV")}); why != "" {
		t.Errorf("without the param: %s", why)
	}
}

// T 17.4: a corps HQ needs an attacker of its corps; army HQs support any
// attack; the cavalry corps HQ needs 2 cavalry units; cavalry belongs to
// no corps.
func TestT17CorpsAttackIntegrity(t *testing.T) {
	g := newT17Game(t, wide2x30, 15, t17Params, allOn)
	us := func(ids ...string) []*Unit {
		var out []*Unit
		for _, id := range ids {
			out = append(out, g.Unit(id))
		}
		return out
	}
	vf1, vm17, hl8, vfl := g.Unit("DE-vF-1"), g.Unit("DE-vM-17"), g.Unit("DE-HL-8"), g.Unit("DE-vFl-3C")
	check := func(name string, hq *Unit, att []*Unit, ok bool) {
		t.Helper()
		why, rule := g.commandIntegrity(hq, att)
		if ok != (why == "") || (!ok && rule != "T 17.4") {
			t.Errorf("%s: got %q %q, want allowed=%v", name, why, rule, ok)
		}
	}
	check("I Corps HQ, 1ID and 35ID", vf1, us("DE-1ID", "DE-35ID"), true)
	check("XVII Corps HQ, 1ID only", vm17, us("DE-1ID"), false)
	check("I Corps HQ, its own cavalry only", vf1, us("DE-ICB", "DE-35ID"), false)
	check("army HQ, anything", hl8, us("DE-35ID"), true)
	check("cavalry corps, 2 cavalry", vfl, us("DE-1CD", "DE-2CB", "DE-1ID"), true)
	check("cavalry corps, 1 cavalry", vfl, us("DE-1CD", "DE-1ID"), false)
	if !g.cavalryCorpsHQ(vfl) || g.cavalryCorpsHQ(vf1) || g.cavalryCorpsHQ(hl8) {
		t.Error("cavalry corps HQ misidentified")
	}
	g = newT17Game(t, wide2x30, 15, "", allOn)
	if why, _ := g.commandIntegrity(g.Unit("DE-vM-17"), []*Unit{g.Unit("DE-1ID")}); why != "" {
		t.Errorf("without the param: %s", why)
	}
}

// T 17.3, W21, AMB-27: von Hoffman doubles one stacked HQ's radius and
// raises its strength by half, rounded down; both go to the same HQ.
func TestT17Hoffman(t *testing.T) {
	setup := "setup DE-HL-8 0120\nsetup DE-vH 0120\nsetup DE-vF-1 0120\nsetup DE-vM-17 0125\n"
	g := newT17Game(t, wide2x30, 15, t17Params, setup)
	hl8, vf1, vm17, vh := g.Unit("DE-HL-8"), g.Unit("DE-vF-1"), g.Unit("DE-vM-17"), g.Unit("DE-vH")
	if got := g.hoffmanTarget(vh); got != hl8 {
		t.Fatalf("default target: got %v, want HL-8 (greatest strength)", got)
	}
	if r, s := g.commandRadius(hl8), g.commandStrength(hl8); r != 16 || s != 67 {
		t.Errorf("W21: HL-8 radius %d strength %d, want 16 67", r, s)
	}
	if r, s := g.commandRadius(vf1), g.commandStrength(vf1); r != 1 || s != 7 {
		t.Errorf("vF-1 not chosen: radius %d strength %d, want 1 7", r, s)
	}
	if r, s := g.commandRadius(vh), g.commandStrength(vh); r != 0 || s != 0 {
		t.Errorf("vH himself: %d %d", r, s)
	}
	// A standing plan chooses the corps HQ instead (AMB-27).
	g.Standing[DE].Plan = map[string][]string{"DE-vH": {"DE-vM-17", "DE-vF-1"}}
	if r, s := g.commandRadius(vf1), g.commandStrength(vf1); r != 2 || s != 10 {
		t.Errorf("W21: corps 2-7-1 chosen: radius %d strength %d, want 2 10", r, s)
	}
	if r, s := g.commandRadius(hl8), g.commandStrength(hl8); r != 8 || s != 45 {
		t.Errorf("HL-8 not chosen: radius %d strength %d, want 8 45", r, s)
	}
	if g.commandRadius(vm17) != 1 {
		t.Error("an HQ in another hex boosted")
	}
	// Alone, he boosts nobody.
	g.place(vh, hx(t, "0101"))
	if g.hoffmanTarget(vh) != nil || g.commandStrength(vf1) != 7 || g.commandStrength(hl8) != 45 {
		t.Error("vH boosts an HQ he is not stacked with")
	}
	// The radius itself grows: a hex 12 away is in HL-8's doubled radius.
	g.place(vh, hl8.Hex)
	g.Standing[DE].Plan = nil
	if !g.inRadius(hl8, hx(t, "0108")) || g.inRadius(hl8, hx(t, "0103")) {
		t.Error("HL-8's doubled radius: want 0108 (12) in and 0103 (17) out")
	}
}

// T 17.2: every Russian unit is in command in the Russian player-turn of
// game-turn 1, for movement and combat, and only then.
func TestT17FirstTurnCommand(t *testing.T) {
	g := newT17Game(t, wide2x30, 15, t17Params, "setup RU-25ID 0101\nsetup DE-1ID 0130\n")
	ru, de := g.Unit("RU-25ID"), g.Unit("DE-1ID")
	for _, w := range []struct {
		id     string
		ru, de bool
	}{
		{"GT1 RU-MOVE", true, false},
		{"GT1 RU-COMBAT", true, false},
		{"GT1 DE-MOVE", false, false},
		{"GT2 RU-MOVE", false, false},
	} {
		if err := g.SetWindow(w.id); err != nil {
			t.Fatal(err)
		}
		for _, combat := range []bool{false, true} {
			if got := g.alwaysInCommand(ru, combat); got != w.ru {
				t.Errorf("%s combat=%v: Russian %v, want %v", w.id, combat, got, w.ru)
			}
			if got := g.alwaysInCommand(de, combat); got != w.de {
				t.Errorf("%s combat=%v: German %v, want %v", w.id, combat, got, w.de)
			}
		}
	}
	g = newT17Game(t, wide2x30, 15, "", "setup RU-25ID 0101\n")
	if g.alwaysInCommand(g.Unit("RU-25ID"), false) {
		t.Error("without the param")
	}
}
