package gwite

import (
	"reflect"
	"testing"

	"pbem/engine"
)

// The census counts a side's combat units on the map, those out of supply
// (std 9.1) and those outside every HQ's radius (std 10.43); HQs are not
// counted. The German landwehr cut off by the Russian in 0208 is out of
// supply; no German HQ is on the map, so both Germans are outside every
// radius.
func TestCensusStd9_1And10_43(t *testing.T) {
	g := supGame(t, supCorridorRails, "setup DE-LW 0206\nsetup DE-1ID 0210\nsetup RU-25ID 0208\nsetup RU-HQ 0209\n")
	got := g.Census(DE)
	want := []engine.Tally{{What: "on the map", N: 2}, {What: "out of supply", N: 1}, {What: "outside every HQ radius", N: 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("German census %v, want %v", got, want)
	}
	if got := g.Census(RU); got[0].N != 1 || got[2].N != 0 {
		t.Errorf("Russian census %v: one unit on the map, within its HQ's radius", got)
	}
}

// Eliminations count against their side by cause, named from the rule
// that applied them; lost steps and unknown rules are counted as they are.
func TestStepLossCount(t *testing.T) {
	for _, c := range []struct {
		loss StepLoss
		what string
	}{
		{StepLoss{Unit: "RU-1C", Side: RU, Eliminated: true, Rule: "std 9.22"}, "eliminated (attrition)"},
		{StepLoss{Unit: "RU-1C", Side: RU, Eliminated: true, Rule: "std 8.9"}, "eliminated (combat)"},
		{StepLoss{Unit: "RU-1C", Side: RU, Eliminated: true, Rule: "T 99.9"}, "eliminated (T 99.9)"},
		{StepLoss{Unit: "RU-1C", Side: RU, Lost: 1, Rule: "std 8.9"}, ""},
	} {
		what, side := c.loss.Count()
		if what != c.what || (what != "" && side != RU) {
			t.Errorf("%+v counts as %q for %q, want %q", c.loss, what, side, c.what)
		}
	}
}
