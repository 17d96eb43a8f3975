package robot

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// views are the opening views of the campaign, by side.
func views(t *testing.T) map[string]*gwite.View {
	g := campaign(t)
	return map[string]*gwite.View{"DE": g.View(gwite.DE).(*gwite.View), "RU": g.View(gwite.RU).(*gwite.View)}
}

// campaign is a new game of the campaign.
func campaign(t *testing.T) *gwite.Game {
	t.Helper()
	// The game data read from its directory: package scenarios, which
	// embeds it, imports the registry, and so this package.
	names, err := filepath.Glob("../../../../scenarios/tannenberg/*.txt")
	if err != nil || len(names) == 0 {
		t.Fatalf("the Tannenberg data: %v", err)
	}
	var files []scenario.File
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, scenario.File{Name: n, Data: b})
	}
	g, err := scenario.LoadWith(files, gwite.Ruleset{}.CheckData)
	if err != nil {
		t.Fatal(err)
	}
	var s *scenario.Scenario
	for _, x := range g.Scenarios {
		if x.Name == "tannenberg-1914" {
			s = x
		}
	}
	st, err := gwite.Ruleset{}.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*gwite.Game)
}

// T 21.2 and game.txt: a German step lost scores +6 for the Russian, a
// Russian step -4; each robot counts its own step against itself.
func TestStepValuesFromTheParams(t *testing.T) {
	v := views(t)
	if own, enemy := stepValues(v["DE"]); own != -6 || enemy != 4 {
		t.Errorf("German robot: own step %v, enemy step %v; want -6 and +4", own, enemy)
	}
	if own, enemy := stepValues(v["RU"]); own != -4 || enemy != 6 {
		t.Errorf("Russian robot: own step %v, enemy step %v; want -4 and +6", own, enemy)
	}
}

// The expected VP of German attacks on a two-step Russian stack with two
// steps, worked by hand from the printed CRT (std 8.8, digest 5.2) and
// the Option Table (std 8.9, digest 5.3). The TCR 1 row's 2-1 is column
// 5, read for die 1-6: -/3, -/2, 1/2, 1/1, 1/1, 1/1; its 5-1 is column 8:
// -/E, -/E, -/3, -/3, 1/2, 1/1, 1/1, 1/1 for die 1-8. S = 2: the
// attacker's 1 costs it one step (-6 VP to the German).
func TestFightValueFromTheCRT(t *testing.T) {
	chart := views(t)["DE"].Chart()
	base := fight{col: 5, att: 2, def: 2, own: -6, enemy: 4}
	cases := []struct {
		name string
		f    func(f fight) fight
		want float64
	}{
		// -/3 half and retreat 2: +4; -/2 retreat 2: 0; then four 1s on
		// the attacker, the defender retreating: -24.
		{"2-1, a retreat open", func(f fight) fight { f.retreat = 2; return f }, (4 + 0 - 6 - 6 - 6 - 6) / 6.0},
		// Nowhere to go: -/3 and -/2 eliminate both steps (+8 each), 1/2
		// too (+8 -6), each 1/1 costs him half (+4 -6).
		{"2-1, no retreat", func(f fight) fight { f.retreat = 0; return f }, (8 + 8 + 2 - 2 - 2 - 2) / 6.0},
		// std 10.43: out of every HQ radius, 3 becomes E (+8), 2 becomes
		// 3 (half: +4), and the 1/2 a 1/3 (-6 +4); 1/1 is a 1/2 he still
		// retreats from.
		{"2-1, a retreat open, outside every radius", func(f fight) fight { f.retreat = 2; f.defPlus = true; return f }, (8 + 4 - 2 - 6 - 6 - 6) / 6.0},
		// Only one hex to go to: -/3 eliminates (+8), each 2 is half and
		// retreat (+4, and -6 on the 1/2).
		{"2-1, one hex of retreat", func(f fight) fight { f.retreat = 1; return f }, (8 + 4 + 4 - 6 - 6 - 6 - 6) / 6.0},
		// 5-1: E, E, -/3 twice (half: +4), 1/2 and 1/1 (-6 each).
		{"5-1, a retreat open", func(f fight) fight { f.col = 8; f.retreat = 2; return f }, (8 + 8 + 4 + 4 - 6 - 6) / 6.0},
		// Across major rivers the die reads 3-8: -/3, -/3, then four 1s.
		{"5-1 across a major river", func(f fight) fight { f.col = 8; f.retreat = 2; f.mod = 2; return f }, (4 + 4 - 6 - 6 - 6 - 6) / 6.0},
		// The hex emptied is worth 3: he retreats on every roll.
		{"2-1, a retreat open, the hex worth 3", func(f fight) fight { f.retreat = 2; f.won = 3; return f }, (4 + 0 - 24 + 6*3) / 6.0},
	}
	got := map[string]float64{}
	for _, c := range cases {
		v := c.f(base).value(chart)
		got[c.name] = v
		if math.Abs(v-c.want) > 1e-9 {
			t.Errorf("%s: expected VP %.3f, want %.3f", c.name, v, c.want)
		}
	}
	if got["2-1, a retreat open"] >= 0 || got["2-1, no retreat"] <= 0 {
		t.Errorf("2-1 on a stack that can retreat is worth %.2f, on one that cannot %.2f: want the first below 0 and the second above",
			got["2-1, a retreat open"], got["2-1, no retreat"])
	}
}

// std 8.9: a 2 for the attacker when it is the smaller force eliminates
// it whole; a Russian attack at 2-1 (TCR 3 row, column 4) with one step on
// a German stack of three that can retreat: die 1 -/2 and 2 1/2 are
// retreats, 1/1 three times and 1/- cost the Russian one step each (-4).
func TestFightValueOfASmallerAttacker(t *testing.T) {
	chart := views(t)["RU"].Chart()
	f := fight{col: 4, att: 1, def: 3, retreat: 2, own: -4, enemy: 6}
	if v, want := f.value(chart), (0-4-4-4-4-4)/6.0; math.Abs(v-want) > 1e-9 {
		t.Errorf("Russian 2-1: expected VP %.3f, want %.3f", v, want)
	}
	if n := f.attackerLoss(2); n != 1 {
		t.Errorf("attacker result 2 for the smaller force of 1 step: loses %d, want 1 (all)", n)
	}
	f.att = 4
	if n := f.attackerLoss(2); n != 3 {
		t.Errorf("attacker result 2 for the larger force: loses %d, want S = 3", n)
	}
}

// std 8.61, 8.64: a Russian (TCR 3) stack with German units on two
// opposite sides has every neighbour in a German zone of control and no
// retreat; with one German neighbour it can still go two hexes back. A
// German (TCR 1) stack may retreat through the Russians' zones.
func TestRetreatRoom(t *testing.T) {
	g := campaign(t)
	if err := g.SetWindow("GT1 DE-COMBAT"); err != nil {
		t.Fatal(err)
	}
	v := g.View(gwite.DE).(*gwite.View)
	grid := v.Map.Grid
	pick := func(side engine.Side, tcr int) []string {
		var out []string
		for _, u := range v.Units {
			if u.Side == side && u.TCR == tcr && u.Type == scenario.Infantry && u.Loc == gwite.OnMap {
				out = append(out, u.ID)
			}
		}
		return out
	}
	ru, de := pick(gwite.RU, 3), pick(gwite.DE, 1)
	if len(ru) < 2 || len(de) < 2 {
		t.Fatalf("Russian TCR 3 infantry %v, German TCR 1 infantry %v on the map", ru, de)
	}
	// open is a hex whose ground within three hexes is all land, empty,
	// with no hexside feature: nothing but the units placed stops a retreat.
	b := newBoard(v)
	open := func(h hex.Hex) bool {
		for _, x := range grid.All() {
			if grid.Distance(h, x) > 3 {
				continue
			}
			if !grid.Contains(x) || v.Map.Impassable(x) || len(b.byHex[x]) > 0 || v.Map.Towns[x] != nil || v.Map.Fortresses[x] != nil {
				return false
			}
			for _, n := range grid.Neighbours(x) {
				if s, ok := grid.SideBetween(x, n); ok && v.Map.Hexside(s) != nil {
					return false
				}
			}
		}
		return true
	}
	var h hex.Hex
	found := false
	for _, x := range grid.All() {
		if open(x) {
			h, found = x, true
			break
		}
	}
	if !found {
		t.Fatal("no open ground on the map")
	}
	n := grid.Neighbours(h)
	room := func(side engine.Side, setup ...string) int {
		g := campaign(t)
		if err := g.SetWindow("GT1 " + string(side) + "-COMBAT"); err != nil {
			t.Fatal(err)
		}
		for _, d := range setup {
			if err := g.Adjust(d); err != nil {
				t.Fatal(err)
			}
		}
		v := g.View(side).(*gwite.View)
		c := &combatPlan{v: v, b: newBoard(v), sand: v.Sandbox()}
		return c.retreatRoom(h)
	}
	at := func(id string, x hex.Hex) string { return "at " + id + " " + x.String() }
	if r := room(gwite.DE, at(ru[0], h), at(de[0], n[0])); r != 2 {
		t.Errorf("Russian in %s, one German in %s: retreat room %d, want 2", h, n[0], r)
	}
	if r := room(gwite.DE, at(ru[0], h), at(de[0], n[0]), at(de[1], n[3])); r != 0 {
		t.Errorf("Russian in %s, Germans in %s and %s: retreat room %d, want 0 (std 8.64)", h, n[0], n[3], r)
	}
	if r := room(gwite.DE, at(ru[0], h), at(de[0], n[0]), at(de[1], n[3]), at(ru[1], n[1])); r != 2 {
		t.Errorf("Russians in %s and %s, Germans in %s and %s: retreat room %d, want 2 (through the friendly unit, std 8.64)", h, n[1], n[0], n[3], r)
	}
	if r := room(gwite.RU, at(de[0], h), at(ru[0], n[0]), at(ru[1], n[3])); r != 2 {
		t.Errorf("German in %s, Russians in %s and %s: retreat room %d, want 2 (TCR 1 may enter a ZOC, std 8.64)", h, n[0], n[3], r)
	}
}
