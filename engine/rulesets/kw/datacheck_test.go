package kw

import (
	"strings"
	"testing"
)

// The data checks find what the rules cannot play, each at its line: a
// deploy zone of so many hexes of no town, or with a field the rules do
// not read, a fortress away from its city, an HQ without support, a turn
// without weather.
func TestCheckDataFindsEachProblem(t *testing.T) {
	g, _ := testGame(t, `deploy RU-1A in=RU within=2
deploy RU-2A in=RU east-of=Warsaw
`)
	if errs := (Ruleset{}).CheckData(g); len(errs) != 2 {
		t.Fatalf("%d problems, want the 2 of the deploy lines: %v", len(errs), errs)
	}
	errs := (Ruleset{}).CheckData(g)
	for i, want := range []string{"scenario.txt:3: deploy RU-1A: within= and of= go together", `scenario.txt:4: deploy RU-2A: unknown zone field "east-of"`} {
		if !strings.Contains(errs[i].Error(), want) {
			t.Errorf("problem %d: %v, want %q", i, errs[i], want)
		}
	}
	for _, u := range g.Units {
		switch u.ID {
		case "DE-F-Berlin":
			u.Name = "Potsdam"
		case "DE-OO":
			delete(u.Attrs, "support")
		}
	}
	delete(g.Turns[0].Attrs, "weather")
	text := (Ruleset{}).CheckData(g).Error()
	for _, want := range []string{`fortress "Potsdam" names no town`, "DE-OO: an HQ needs support=", `turn 1: weather=""`} {
		if !strings.Contains(text, want) {
			t.Errorf("no problem %q in:\n%s", want, text)
		}
	}
}
