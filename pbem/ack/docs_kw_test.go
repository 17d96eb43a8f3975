package ack

import (
	"testing"

	"pbem/engine/rulesets"
	"pbem/scenarios"
)

// Every Kaiser's War order file the docs show (a fenced block marked
// `orders kw`) goes through the referee as a player's file would, in the
// first game-turn of kaiserswar-1914: it binds to its window without a
// problem, is acknowledged as accepted, and nothing of it is refused when
// the window is resolved with it, whatever the dice. Between the
// examples' windows every side sends nothing (its units are deployed and
// placed by the defaults of 3.2 and 9.7). The examples cover set-up,
// mobilization, movement and combat.
func TestDocExamplesKW(t *testing.T) {
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	g, s, err := c.Find("kaiserswar-1914")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	playDocExamples(t, docExamples{fence: "orders kw", verbs: kwVerbs, st: st, game: "club-9-kaiserswar",
		deadline: "Tue 4 Aug 1914 18:00 UTC", kinds: []string{"SETUP", "MOB", "MOVE", "COMBAT1"}, merge: true})
}
