package kw

import (
	"encoding/json"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// leaks lists the hidden units' ids and names that what side sees gives
// away: its view, its board and the events it is told of.
func leaks(t *testing.T, st *State, side scenario.Side, events []engine.Event, secret []string) []string {
	t.Helper()
	v := st.View(side).(*View)
	board := v.Board() // all but its map, which is public
	b, err := json.Marshal(struct {
		V        *View
		Pieces   []engine.Piece
		Ghosts   []engine.Ghost
		Standing []string
		Actors   []string
	}{v, board.Pieces, board.Ghosts, board.Standing, board.Actors})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, e := range events {
		if engine.Visible(e, side) {
			text += "\n" + e.String()
		}
	}
	var out []string
	for _, s := range secret {
		if strings.Contains(text, s) {
			out = append(out, s)
		}
	}
	return out
}

// [Opt: Fog of War]: a face-down unit is shown to the enemy as a face-down
// counter in its hex, the top of its stack with its flag, and nothing of
// who it is, in the view, the board or the events; its own side sees it
// whole; a battle's stacks are turned face-up.
func TestFogHidesFaceDownUnits(t *testing.T) {
	g, sc := testGame(t, `deploy DE-C1 in=DE
deploy DE-C2 in=DE
setup DE-8A 0203
setup RU-1A 0704
`)
	st0, err := newState(g, sc, engine.Options{optFog: true})
	if err != nil {
		t.Fatal(err)
	}
	if w := st0.Window(); w.ID != "T1 CP-SETUP" {
		t.Fatalf("window %s", w.ID)
	}
	os := []engine.Order{
		{Line: 1, Verb: "place", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-C1"}}}, {Keyword: "at", Words: []engine.Word{{Text: "0404"}}}}},
		{Line: 2, Verb: "place", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-C2"}}}, {Keyword: "at", Words: []engine.Word{{Text: "0404"}}}}},
		{Line: 3, Verb: "hide", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-C1"}, {Text: "DE-C2"}}}}},
		{Line: 4, Verb: "hide", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-OO"}}}}},
	}
	next, events, err := st0.Resolve(map[scenario.Side][]engine.Order{CP: os}, noDice{})
	if err != nil {
		t.Fatal(err)
	}
	st := next.(*State)
	rejected := 0
	for _, e := range events {
		if _, ok := e.(*engine.Rejected); ok {
			rejected++
		}
	}
	if rejected != 1 {
		t.Errorf("%d orders rejected, want 1 (DE-OO is an HQ, not on the map)", rejected)
	}
	if got := leaks(t, st, AL, events, []string{"DE-C1", "DE-C2"}); len(got) > 0 {
		t.Errorf("the Allies see %v", got)
	}
	if got := leaks(t, st, CP, events, []string{"DE-C1", "DE-C2"}); len(got) != 2 {
		t.Errorf("the Central Powers see only %v of their own units", got)
	}
	var faceDown, flags int
	for _, p := range st.View(AL).Board().Pieces {
		if p.ID == "face-down" {
			faceDown++
			if p.Hex.String() != "0404" {
				t.Errorf("a face-down counter in %s", p.Hex)
			}
			if p.Nation != "" {
				flags++
			}
		}
	}
	if faceDown != 2 || flags != 1 {
		t.Errorf("the Allies see %d face-down counters, %d with a flag; want 2 and the top one's", faceDown, flags)
	}
	// DE-8A is face-up: the Allies see it whole.
	if got := leaks(t, st, AL, nil, []string{"DE-8A"}); len(got) != 1 {
		t.Error("the Allies do not see the face-up 8th Army")
	}
	// Without the option nothing is hidden and hide is refused.
	plain, _ := newState(g, sc, nil)
	_, events, _ = plain.Resolve(map[scenario.Side][]engine.Order{CP: os[2:3]}, noDice{})
	if len(events) == 0 || !strings.Contains(events[0].String(), "Fog of War") {
		t.Errorf("hide without the option: %v", events)
	}
	// A battle turns the stacks face-up.
	st.reveal("battle", st.d.grid.Hex(4, 4))
	if got := leaks(t, st, AL, nil, []string{"DE-C1", "DE-C2"}); len(got) != 2 {
		t.Errorf("after the reveal the Allies see %v", got)
	}
}
