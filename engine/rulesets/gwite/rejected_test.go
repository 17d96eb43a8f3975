package gwite

import (
	"strings"
	"testing"

	"pbem/engine"
)

// T 18.1: a Russian order refused for naming a German unit hidden in a
// Gruppe box comes back to the Russian as a refusal, with the reason the
// acknowledgement gave (he wrote the id himself), and the German learns
// nothing of it.
func TestRefusalReachesItsWriterThroughT18(t *testing.T) {
	g := t18Game(t, "setup DE-1ID 0408\nsetup DE-HQ 0409\nsetup RU-III 0402\n")
	if err := g.SetWindow("GT1 RU-MOVE"); err != nil {
		t.Fatal(err)
	}
	if err := g.Adjust("gruppe 1 0408 DE-1ID"); err != nil {
		t.Fatal(err)
	}
	_, evs, err := g.Resolve(map[engine.Side][]engine.Order{RU: {testOrder(1, "losses DE-1ID")}}, sixes())
	if err != nil {
		t.Fatal(err)
	}
	got := t18Rejections(evs)
	if len(got) != 1 || !strings.Contains(got[0], "losses DE-1ID: DE-1ID is not one of your units") {
		t.Errorf("the Russian's refusals: %v\n%s", got, joined(evs))
	}
	for _, e := range seenBy(evs, DE) {
		if strings.Contains(e, "losses DE-1ID") {
			t.Errorf("the German sees the Russian's refused order: %s", e)
		}
	}
}

// T 18.1 and limited fog: the reason of a refusal names no enemy unit its
// writer may not know of, unless the order names it.
func TestRefusalReasonScreened(t *testing.T) {
	g := t18Game(t, "setup DE-1ID 0408\nsetup DE-HQ 0409\nsetup RU-III 0402\n")
	if err := g.Adjust("gruppe 1 0408 DE-1ID"); err != nil {
		t.Fatal(err)
	}
	g.opt = engine.Options{optFogLimited: true}
	rj := func(side engine.Side, order, reason string) string {
		return g.ownRejection(&engine.Rejected{Side: side, Problem: engine.Problem{Order: order, Reason: reason}}).Problem.Reason
	}
	for _, c := range []struct {
		side                engine.Side
		order, reason, want string
	}{
		{RU, "move RU-III to 0408", "0408 holds DE-1ID", "0408 holds a hidden German unit"},
		{RU, "attack 0408 with DE-1ID", "DE-1ID is not one of your units", "DE-1ID is not one of your units"},
		{DE, "move DE-HQ to 0403", "0402 holds RU-III", "0402 holds an enemy unit out of sight"},
		{DE, "cc DE-HQ with RU-III", "RU-III is not one of your units", "RU-III is not one of your units"},
		{DE, "move DE-1ID to 0406", "DE-1ID is in Gruppe 1", "DE-1ID is in Gruppe 1"},
	} {
		if got := rj(c.side, c.order, c.reason); got != c.want {
			t.Errorf("%s's %q refused because %q: the reason reads %q, want %q", c.side, c.order, c.reason, got, c.want)
		}
	}
}
