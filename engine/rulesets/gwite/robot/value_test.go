package robot

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// views are the opening views of the campaign, by side.
func views(t *testing.T) map[string]*gwite.View {
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
	return map[string]*gwite.View{"DE": st.View(gwite.DE).(*gwite.View), "RU": st.View(gwite.RU).(*gwite.View)}
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
