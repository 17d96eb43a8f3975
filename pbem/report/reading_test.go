package report

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/templates"
)

// T 21.3: the victory line names every level of victory with the net VP
// it takes, from the scenario's levels as the View gives them, so that a
// player sees how far the next level is.
func TestVictoryLineGivesThresholdsT21_3(t *testing.T) {
	st := newGame(t, engine.Options{})
	v := st.View("RU").(*gwite.View)
	levels := v.VictoryLevels()
	if len(levels) < 2 {
		t.Fatalf("tannenberg-1914 has %d levels of victory", len(levels))
	}
	text, err := templates.Text(Build(st, Input{Game: "t1", Side: "RU"}))
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Join(strings.Fields(text[strings.Index(text, "Game-turn "):]), " ")
	for _, want := range []string{
		"Victory points 0 (from the Russian side): German Strategic.",
		"The levels after the last game-turn [T 21.3]: Russian Strategic at 100 or more, Russian Substantive at 50 to 99, " +
			"Russian Marginal at 33 to 49, German Marginal at 20 to 32, German Substantive at 1 to 19, German Strategic at 0 or less.",
	} {
		if !strings.Contains(line, want) {
			t.Errorf("the victory line does not say %q:\n%s", want, text)
		}
	}
}
