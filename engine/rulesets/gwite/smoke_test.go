package gwite_test

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets/gwite"
	"pbem/scenarios"
)

func tannenberg(t testing.TB, name string) engine.State {
	t.Helper()
	c, err := scenarios.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g, s, err := c.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := gwite.Ruleset{}.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

var order = gwite.TestOrder

func sixes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 6
	}
	return out
}

func TestFirstWindows(t *testing.T) {
	st := tannenberg(t, "tannenberg-1914")
	// T 18.23, W14: the German first hides his set-up: here the I Corps
	// stack of 0613 goes into Gruppe 1.
	if w := st.Window(); w.ID != "GT1 DE-SETUP" {
		t.Fatalf("first window %s, want the hidden set-up", w.ID)
	}
	st, _, err := st.Resolve(map[engine.Side][]engine.Order{
		"DE": {order(1, "gruppe 1 at 0613 with DE-1ID DE-2ID DE-vF-1 DE-vH")},
	}, &engine.Script{})
	if err != nil {
		t.Fatal(err)
	}
	rv := st.View("RU").(*gwite.View)
	for _, u := range rv.Units {
		if u.ID == "DE-1ID" || u.ID == "DE-vH" {
			t.Errorf("the Russian sees %s inside Gruppe 1", u.ID)
		}
	}
	if len(rv.Markers) == 0 {
		t.Error("the Russian sees no marker at 0613")
	}
	w := st.Window()
	if w.ID != "GT1 RU-MOVE" || w.Submit[0] != "RU" {
		t.Fatalf("first window %+v", w)
	}
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
	next, events, err := st.Resolve(map[engine.Side][]engine.Order{
		"RU": {order(1, "move RU-XV to 2019"), order(2, "move DE-1ID to 0612")},
	}, &engine.Script{Rolls: sixes(200)})
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, e := range events {
		text = append(text, e.String())
	}
	all := strings.Join(text, "\n")
	if !strings.Contains(all, "RU-XV moves") || !strings.Contains(all, "DE-1ID is not one of your units") {
		t.Errorf("events:\n%s", all)
	}
	if w := next.Window(); w.ID != "GT1 RU-COMBAT" {
		t.Errorf("next window %s, want GT1 RU-COMBAT (cavalry withdrawal runs from standing orders)", w.ID)
	}
	if st.Window().ID != "GT1 RU-MOVE" {
		t.Error("Resolve changed its receiver")
	}
}
