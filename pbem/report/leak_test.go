package report_test

import (
	"fmt"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/ack"
	"pbem/pbem/dice"
	"pbem/pbem/report"
	"pbem/pbem/robot"
	"pbem/scenarios"
	"pbem/templates"
)

// artifacts is everything a side is given in a window, as text: its
// report and the report's JSON twin, its order template, the robot's
// orders drawn from its View, and the acknowledgement of those orders
// (with the preview of every path and the odds of every attack).
func artifacts(t *testing.T, st engine.State, side engine.Side) []string {
	t.Helper()
	r := report.Build(st, report.Input{Game: "t1", Side: side, Deadline: "soon", Address: "referee@club.example"})
	text, err := templates.Text(r)
	if err != nil {
		t.Fatal(err)
	}
	twin, err := templates.JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	w := st.Window()
	body := robot.Orders(st.View(side).(*gwite.View))
	file := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: leak-test-nonce\n\n%s", side, w.ID, body)
	f, err := orders.Parse("orders.txt", []byte(file), gwite.Ruleset{}.Verbs())
	if err != nil {
		t.Fatal(err)
	}
	res, err := ack.Bind(st, "t1", side, f, time.Time{}, nil)
	reply := ack.Acknowledge(ack.Ack{Game: "t1", Side: side, Window: w, Deadline: "soon", File: f, Result: res, Err: err})
	return []string{text, string(twin), ack.Template(st, "t1", side), body, reply}
}

// copyOf is an independent copy of st, through its snapshot.
func copyOf(t *testing.T, rs engine.Ruleset, st engine.State) *gwite.Game {
	t.Helper()
	g := st.(*gwite.Game)
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	c, err := rs.Restore(g.Data(), g.Scenario(), g.Options(), snap)
	if err != nil {
		t.Fatal(err)
	}
	return c.(*gwite.Game)
}

// Leak tests that can fail: in whole robot-played games of
// tannenberg-1914, with the rulebook's fog (Gruppen) and with limited
// fog, at every window and for each side, everything the side is given
// (artifacts) is the same when a hidden part of the game changes (the
// steps of an enemy unit the side cannot see), and the report changes
// when a part it sees changes (the steps of an enemy unit in sight).
func TestReportsLeakNothing(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 1
	}
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	data, scen, err := c.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := rulesets.Lookup(data.System)
	verbs := rs.Verbs()
	for _, fog := range []string{"rulebook", "limited"} {
		hiddenChecks, visibleChecks := 0, 0
		for seed := range games {
			opt := engine.Options{}
			if fog == "limited" {
				opt["fog-limited"] = true
			}
			st, err := rs.New(data, scen, opt)
			if err != nil {
				t.Fatal(err)
			}
			for !st.Window().Done {
				w := st.Window()
				for _, side := range []engine.Side{"RU", "DE"} {
					h, v := checkLeak(t, rs, st, side, fmt.Sprintf("%s game %d %s %s", fog, seed, w.ID, side))
					hiddenChecks += h
					visibleChecks += v
				}
				byside := map[engine.Side][]engine.Order{}
				for _, side := range w.Submit {
					f, err := orders.Parse(w.ID, []byte(robot.Orders(st.View(side).(*gwite.View))), verbs)
					if err != nil {
						t.Fatal(err)
					}
					byside[side] = f.Orders
				}
				if st, _, err = st.Resolve(byside, dice.New(fmt.Appendf(nil, "leak %d", seed), w.ID)); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s fog: %d hidden changes and %d visible changes checked over %d games", fog, hiddenChecks, visibleChecks, games)
		if hiddenChecks == 0 || visibleChecks == 0 {
			t.Errorf("%s fog: %d hidden and %d visible changes checked", fog, hiddenChecks, visibleChecks)
		}
	}
}

// checkLeak changes the steps of one enemy unit side cannot see, then of
// one it sees, and compares what side is given. It returns how many of
// each it could check.
func checkLeak(t *testing.T, rs engine.Ruleset, st engine.State, side engine.Side, where string) (hidden, visible int) {
	t.Helper()
	seen := map[string]bool{}
	for _, u := range st.View(side).(*gwite.View).Units {
		seen[u.ID] = true
	}
	before := artifacts(t, st, side)
	var hiddenDone, visibleDone bool
	for _, u := range st.View(gwite.Moderator).(*gwite.View).Units {
		if u.Side == side || u.Loc != gwite.OnMap || u.MaxSteps < 2 || (seen[u.ID] && visibleDone) || (!seen[u.ID] && hiddenDone) {
			continue
		}
		c := copyOf(t, rs, st)
		lost := (u.MaxSteps - u.Steps + 1) % u.MaxSteps
		if err := c.Adjust(fmt.Sprintf("steps %s %d", u.ID, lost)); err != nil {
			t.Fatal(err)
		}
		after := artifacts(t, c, side)
		if !seen[u.ID] {
			hiddenDone = true
			hidden++
			for i := range before {
				if before[i] != after[i] {
					t.Errorf("%s: %s's steps, which %s cannot see, changed what %s is given (artifact %d)", where, u.ID, side, side, i)
				}
			}
		} else {
			visibleDone = true
			visible++
			if before[0] == after[0] {
				t.Errorf("%s: %s's steps, which %s sees, did not change its report", where, u.ID, side)
			}
		}
	}
	return hidden, visible
}
