package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
	"pbem/pbem/dice"
)

// A stored state is the state: at every window of a robot-played
// tannenberg-1914 (hidden set-up and Gruppen, reinforcements, combat), the
// snapshot restored and snapshotted again gives the same bytes, and the
// restored state resolves the window with the same orders and dice to the
// same events and the same next state as the original. A field the
// snapshot forgot shows up as a difference within a few windows.
func TestSnapshotRestoresEveryWindow(t *testing.T) {
	for _, opt := range []engine.Options{nil, {"fog-limited": true}} {
		t.Run(fmt.Sprint(opt), func(t *testing.T) { snapshotsOf(t, opt) })
	}
}

// snapshotsOf plays the campaign with options opt, checking the snapshot
// at every window (under limited fog the sightings are state too).
func snapshotsOf(t *testing.T, opt engine.Options) {
	g, s := campaign(t)
	st, err := rulesets.New(g, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := rulesets.Lookup(g.System)
	turns := 4
	if testing.Short() {
		turns = 2
	}
	least := 1 + 4*turns // the set-up, then two moves and two combats a game-turn
	windows := 0
	for st.Window().Turn < 1+turns && !st.Window().Done {
		w := st.Window()
		snap, err := st.Snapshot()
		if err != nil {
			t.Fatalf("%s: %v", w.ID, err)
		}
		back, err := rs.Restore(g, s, opt, snap)
		if err != nil {
			t.Fatalf("%s: %v", w.ID, err)
		}
		again, err := back.Snapshot()
		if err != nil || !bytes.Equal(snap, again) {
			t.Fatalf("%s: the restored state snapshots differently (%v)", w.ID, err)
		}
		byside := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			f, err := orders.Parse(w.ID, []byte(rulesetstest.Robot(st, side)), rs.Verbs())
			if err != nil {
				t.Fatal(err)
			}
			byside[side] = f.Orders
		}
		next, events, err := st.Resolve(byside, dice.New([]byte("snapshot"), w.ID))
		if err != nil {
			t.Fatal(err)
		}
		next2, events2, err := back.Resolve(byside, dice.New([]byte("snapshot"), w.ID))
		if err != nil {
			t.Fatal(err)
		}
		if a, b := fmt.Sprint(events), fmt.Sprint(events2); a != b {
			t.Fatalf("%s: the restored state resolves differently:\n%s\n---\n%s", w.ID, a, b)
		}
		n1, _ := next.Snapshot()
		n2, _ := next2.Snapshot()
		if !bytes.Equal(n1, n2) {
			t.Fatalf("%s: the restored state leads to another state", w.ID)
		}
		// What each side sees (ghosts included) is state too.
		for _, side := range g.Sides {
			v1, _ := json.Marshal(next.View(side))
			v2, _ := json.Marshal(next2.View(side))
			if !bytes.Equal(v1, v2) {
				t.Fatalf("%s: after restoring, %s sees another game", w.ID, side)
			}
		}
		st = next
		windows++
	}
	if windows < least {
		t.Errorf("only %d windows played", windows)
	}
}
