package ack

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
	"pbem/pbem/dice"
)

// The acknowledgement of the orders a player (the robot) sends in every
// window of the first two game-turns of tannenberg-1914, for both sides:
// the paths chosen for moves given by destination, the odds of each
// attack and the warnings, all read from the side's own view. The game is
// resolved with the same orders, so each golden file can be checked
// against what then happened.
func TestAcknowledgeRobotOrders(t *testing.T) {
	st := tannenberg(t)
	sawPath, sawOdds := false, false
	for st.Window().Turn <= 2 {
		w := st.Window()
		byside := map[engine.Side][]engine.Order{}
		previewed := map[string][]string{} // unit -> the path its preview gave
		rolls := map[int]bool{}            // lines whose units roll for command first
		for _, side := range w.Submit {
			body := rulesetstest.Robot(st, side)
			name := fmt.Sprintf("robot-%s-%s", strings.ReplaceAll(w.ID, " ", "-"), side)
			text := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: %s\n\n%s", side, w.ID, name, body)
			f, err := orders.Parse(name, []byte(text), verbs)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r, err := Bind(st, "t1", side, f, time.Time{}, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, rm := range r.Remarks {
				if strings.Contains(rm.Text, "must pass a command roll") {
					rolls[rm.Line] = true
				}
				if hexes, ok := strings.CutPrefix(rm.Text, "path "); ok && !rolls[rm.Line] && !strings.Contains(rm.Text, "proves a dummy") {
					sawPath = true
					unit := strings.Fields(rm.Order)[1]
					previewed[unit] = strings.Fields(hexes[:strings.Index(hexes, " (")])
				}
				sawOdds = sawOdds || strings.HasPrefix(rm.Text, "odds as things stand")
			}
			golden(t, "ack-"+name, Acknowledge(Ack{Game: "t1", Side: side, Fingerprint: fingerprint,
				Window: w, Deadline: "Tue 3 Sep 1914 18:00 UTC", File: f, Result: r}))
			byside[side] = f.Orders
		}
		next, events, err := st.Resolve(byside, dice.New([]byte("robot acks"), w.ID))
		if err != nil {
			t.Fatal(err)
		}
		// Each unit that needs no command roll went the way its preview
		// said, or stopped on it (a zone of control a Gruppe marker hid,
		// T 18.41), unless the preview said a dummy removed on the way
		// may change it (T 18.42).
		moved := map[string][]string{}
		walked := func(unit string, path []hex.Hex) {
			for _, h := range path {
				if p := moved[unit]; len(p) == 0 || p[len(p)-1] != h.String() {
					moved[unit] = append(p, h.String())
				}
			}
		}
		for _, e := range events {
			mover, ok := e.(engine.Mover)
			if !ok {
				continue
			}
			switch m := mover.Movement(); {
			case m.Group != "":
				walked(m.Group, m.Path)
			case !m.Rail && !strings.HasPrefix(m.Who, "marker "):
				walked(m.Who, m.Path)
			}
		}
		for unit, want := range previewed {
			got := moved[unit]
			if len(got) < 2 || len(got) > len(want) || strings.Join(got, " ") != strings.Join(want[:len(got)], " ") {
				t.Errorf("%s: %s moved %v; the preview said %v", w.ID, unit, got, want)
			}
		}
		st = next
	}
	if !sawPath || !sawOdds {
		t.Errorf("no path (%v) or no odds (%v) in two game-turns of robot orders", sawPath, sawOdds)
	}
}
