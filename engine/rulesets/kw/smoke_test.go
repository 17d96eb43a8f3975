package kw

import (
	"bytes"
	"testing"

	"pbem/engine"
)

const smokeSetup = `setup DE-8A 0203
setup AH-3A 0308
setup RU-1A 0704
deploy RU-2A in=RU south-of=Warsaw incl=no
setup RU-F-Warsaw 0604
arrive DE-9A turn=2
available DE-AA1
`

// A game with no orders goes through every window of its turns in the
// order of 6.2, to its last turn, keeping its invariants, and a snapshot
// restores a state that snapshots the same.
func TestSilentGameRunsToItsEnd(t *testing.T) {
	g, sc := testGame(t, smokeSetup)
	var st engine.State
	st, err := Ruleset{}.New(g, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := 0; !st.Window().Done; i++ {
		if i > 400 {
			t.Fatalf("no end after %d windows: %v", i, ids)
		}
		w := st.Window()
		ids = append(ids, w.ID)
		if back, ok := st.WindowOf(w.ID); !ok || back.ID != w.ID || back.Step != w.Step {
			t.Fatalf("WindowOf(%q) = %+v, %v", w.ID, back, ok)
		}
		next, _, err := st.Resolve(nil, &engine.Script{Rolls: []int{6, 6, 6, 6, 6, 6, 6, 6}})
		if err != nil {
			t.Fatalf("%s: %v", w.ID, err)
		}
		if err := next.Check(); err != nil {
			t.Fatalf("after %s: %v", w.ID, err)
		}
		snap, err := next.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Ruleset{}.Restore(g, sc, nil, snap)
		if err != nil {
			t.Fatalf("after %s: restore: %v", w.ID, err)
		}
		again, _ := back.Snapshot()
		if !bytes.Equal(snap, again) {
			t.Fatalf("after %s: the restored state snapshots differently:\n%s\n%s", w.ID, snap, again)
		}
		st = next
	}
	// 1914 West: the Allies are First Player (26.3); Jan-Feb 1915 East: the
	// Central Powers (27.3), so the Nov-Dec second player moves twice in a row (8.0, T-05).
	want := []string{"T1 AL-SETUP", "T1 AL-MOB", "T1 AL-REORG", "T1 AL-MOVE", "T1 AL-COMBAT1", "T1 AL-COMBAT2",
		"T1 CP-MOB", "T1 CP-REORG", "T1 CP-MOVE", "T1 CP-COMBAT1", "T1 CP-COMBAT2", "T2 AL-MOB"}
	for i, id := range want {
		if ids[i] != id {
			t.Fatalf("window %d is %s, want %s (all: %v)", i, ids[i], id, ids)
		}
	}
	if got := ids[5*10+1]; got != "T6 CP-MOB" {
		t.Errorf("Mar-Apr 1915 opens with %s, want T6 CP-MOB (Main Effort East, 27.3)", got)
	}
	if got := ids[len(ids)-10]; got != "T21 AL-MOB" {
		t.Errorf("the last turn opens with %s, want T21 AL-MOB (Main Effort West, 28.3)", got)
	}
	if len(ids) != 1+21*10 {
		t.Errorf("%d windows, want %d", len(ids), 1+21*10)
	}
	over := st.(*State)
	if !over.Over || over.Result == "" {
		t.Errorf("the game is not over after its last turn: %+v", over.Result)
	}
}
