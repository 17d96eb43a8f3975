package gwite_test

import (
	"strings"
	"testing"
)

type fours struct{}

func (fours) D6() int { return 4 }

// std 4.0, T 18.23: the windows open in the order of the sequence of
// play, each with its kind, and WindowOf finds each by its id, in any
// case, as the binding of files asks; a turn outside the scenario has no
// window.
func TestWindowsKindStepAndWindowOf(t *testing.T) {
	st := tannenberg(t, "tannenberg-battle")
	kinds := map[string]bool{}
	lastTurn, lastStep := -1, -1
	for !st.Window().Done {
		w := st.Window()
		if w.Turn < lastTurn || w.Turn == lastTurn && w.Step <= lastStep {
			t.Errorf("%s (turn %d, step %d) after turn %d, step %d", w.ID, w.Turn, w.Step, lastTurn, lastStep)
		}
		lastTurn, lastStep = w.Turn, w.Step
		if !strings.HasSuffix(w.ID, "-"+w.Kind) {
			t.Errorf("%s has kind %q", w.ID, w.Kind)
		}
		kinds[w.Kind] = true
		for _, id := range []string{w.ID, strings.ToLower(w.ID)} {
			got, ok := st.WindowOf(id)
			if !ok || got.ID != w.ID || got.Turn != w.Turn || got.Step != w.Step || got.Kind != w.Kind {
				t.Errorf("WindowOf(%q) = %+v, %v; the window is %+v", id, got, ok, w)
			}
		}
		next, _, err := st.Resolve(nil, fours{})
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
	for _, k := range []string{"SETUP", "MOVE", "COMBAT"} {
		if !kinds[k] {
			t.Errorf("no %s window", k)
		}
	}
	for _, id := range []string{"GT2 RU-MOVE", "GT7 RU-MOVE", "GT3 FR-MOVE", "GT3 RU-SETUP", "GT3 RU-RETREAT", "next"} {
		if w, ok := st.WindowOf(id); ok {
			t.Errorf("WindowOf(%q) = %+v; tannenberg-battle (turns 3-6) has no such window", id, w)
		}
	}
}
