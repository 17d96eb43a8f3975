package play

import (
	"fmt"
	"strings"
	"testing"

	"pbem/engine/scenario"
	"pbem/scenarios"
)

func campaign(t testing.TB) (*scenario.Game, *scenario.Scenario) {
	t.Helper()
	c, err := scenarios.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g, s, err := c.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}

// The robots play each Tannenberg scenario to its end for 20 seeds;
// Resolve checks every invariant after every window (engine.State.Check)
// and fails the game if one breaks. The German robot uses hidden movement
// (T 18) and every game ends with a victory level (T 21.3).
func TestSelfplayScenarios20Seeds(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	c, err := scenarios.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"tannenberg-1914", "tannenberg-battle", "tannenberg-winter"} {
		g, s, err := c.Find(name)
		if err != nil {
			t.Fatal(err)
		}
		gruppen := 0
		for seed := 1; seed <= 20; seed++ {
			sum, err := Selfplay(g, s, fmt.Sprint(seed), 0, nil)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if sum.Turns != s.Last-s.First+1 {
				t.Errorf("%s seed %d: %d game-turns played, want %d", name, seed, sum.Turns, s.Last-s.First+1)
			}
			if sum.Level == "" {
				t.Errorf("%s seed %d: no victory level for VP %d", name, seed, sum.VP)
			}
			for _, e := range sum.Events {
				if strings.Contains(e, "Gruppe marker") {
					gruppen++
				}
			}
		}
		if gruppen == 0 {
			t.Errorf("%s: the German robot never used a Gruppe marker in 20 games", name)
		}
	}
}

// The same seed gives the same game, event for event; another seed does
// not.
func TestSelfplayDeterministic(t *testing.T) {
	g, s := campaign(t)
	a, err := Selfplay(g, s, "42", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Selfplay(g, s, "42", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Events) != len(b.Events) {
		t.Fatalf("%d events, then %d", len(a.Events), len(b.Events))
	}
	for i := range a.Events {
		if a.Events[i] != b.Events[i] {
			t.Fatalf("event %d differs:\n%s\n%s", i, a.Events[i], b.Events[i])
		}
	}
	c, err := Selfplay(g, s, "43", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	same := len(c.Events) == len(a.Events)
	for i := 0; same && i < len(a.Events); i++ {
		same = a.Events[i] == c.Events[i]
	}
	if same {
		t.Error("seeds 42 and 43 played the same game")
	}
}
