package report_test

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/engine/scenario"
	"pbem/orders"
	"pbem/pbem/ack"
	"pbem/pbem/dice"
	"pbem/pbem/report"
	"pbem/scenarios"
	"pbem/templates"
)

// artifacts is everything a side is given in a window, as text: its
// report and the report's JSON twin, its order template, the robot's
// orders drawn from its View, the acknowledgement of those orders (with
// the preview of every path and the odds of every attack), the sketch of
// its map (what the PNG is drawn from), and the error reply to a file that
// orders an enemy unit about.
func artifacts(t *testing.T, st engine.State, side engine.Side, pictures bool) []string {
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
	body := rulesetstest.Robot(st, side)
	file := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: leak-test-nonce\n\n%s", side, w.ID, body)
	f, err := orders.Parse("orders.txt", []byte(file), rulesetstest.Verbs("gwite"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := ack.Bind(st, "t1", side, f, time.Time{}, nil)
	reply := ack.Acknowledge(ack.Ack{Game: "t1", Side: side, Window: w, Deadline: "soon", File: f, Result: res, Err: err})
	// The first enemy unit of the game, wherever it is and whatever it is
	// hidden in, ordered to move: the refusal must not tell where it is.
	var enemy string
	for _, u := range st.View(engine.Moderator).Board().Pieces {
		if u.Side != side {
			enemy = u.ID
			break
		}
	}
	bad := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: leak-test-nonce\n\nmove %s via 1010\ncc %s with %s\nattack 1010 with %s\n", side, w.ID, enemy, enemy, enemy, enemy)
	if f, err = orders.Parse("orders.txt", []byte(bad), rulesetstest.Verbs("gwite")); err == nil {
		res, err = ack.Bind(st, "t1", side, f, time.Time{}, nil)
	}
	refusal := ack.Acknowledge(ack.Ack{Game: "t1", Side: side, Window: w, Deadline: "soon", File: f, Result: res, Err: err})
	out := []string{text, string(twin), ack.Template(st, "t1", side), body, reply, report.Sketch(st, side, nil), refusal}
	if pictures {
		// The map itself, pixel by pixel (the sketch stands for it the
		// rest of the time: drawing costs a thousand times more).
		out = append(out, fmt.Sprintf("%x", sha256.Sum256(report.Map(st, side, "t1", nil).Pix)))
	}
	return out
}

// game is what a copy of a state is restored from.
type game struct {
	rs   engine.Ruleset
	data *scenario.Game
	scen *scenario.Scenario
	opt  engine.Options
}

// copyOf is an independent copy of st, through its snapshot, that an
// adjudication case could set up (engine.Fixture).
func copyOf(t *testing.T, gm game, st engine.State) engine.Fixture {
	t.Helper()
	snap, err := st.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	c, err := gm.rs.Restore(gm.data, gm.scen, gm.opt, snap)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := rulesets.Fixture(c)
	if !ok {
		t.Fatalf("%s games cannot be adjusted", c.System())
	}
	return f
}

// Leak tests that can fail: in whole robot-played games of
// tannenberg-1914, with the rulebook's fog (Gruppen) and with limited
// fog, at every window and for each side, everything the side is given
// (artifacts) is the same when a hidden part of the game changes (the
// steps of an enemy unit the side cannot see, where an unseen enemy unit
// stands, what the Gruppe markers hide), and the report changes when a
// part it sees changes (the steps of an enemy unit in sight).
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
		for seed := range games {
			t.Run(fmt.Sprintf("%s-%d", fog, seed), func(t *testing.T) {
				t.Parallel()
				opt := engine.Options{}
				if fog == "limited" {
					opt["fog-limited"] = true
				}
				st, err := rs.New(data, scen, opt)
				if err != nil {
					t.Fatal(err)
				}
				hiddenChecks, visibleChecks, windows := 0, 0, 0
				for !st.Window().Done {
					w := st.Window()
					windows++
					for _, side := range []engine.Side{"RU", "DE"} {
						pictures := seed == 0 && windows%8 == 1
						h, v := checkLeak(t, game{rs, data, scen, opt}, st, side, fmt.Sprintf("%s game %d %s %s", fog, seed, w.ID, side), pictures)
						hiddenChecks += h
						visibleChecks += v
					}
					byside := map[engine.Side][]engine.Order{}
					for _, side := range w.Submit {
						f, err := orders.Parse(w.ID, []byte(rulesetstest.Robot(st, side)), verbs)
						if err != nil {
							t.Fatal(err)
						}
						byside[side] = f.Orders
					}
					if st, _, err = st.Resolve(byside, dice.New(fmt.Appendf(nil, "leak %d", seed), w.ID)); err != nil {
						t.Fatal(err)
					}
				}
				sc := st.View(engine.Moderator).Board().Score
				t.Logf("%d windows, %d hidden changes and %d visible changes checked; the game ends at %v (%s)", windows, hiddenChecks, visibleChecks, sc.Points, sc.Level)
				if hiddenChecks == 0 || visibleChecks == 0 {
					t.Errorf("%d hidden and %d visible changes checked", hiddenChecks, visibleChecks)
				}
			})
		}
	}
}

// checkLeak changes the steps of one enemy unit side cannot see, then of
// one it sees, and compares what side is given. It returns how many of
// each it could check.
func checkLeak(t *testing.T, gm game, st engine.State, side engine.Side, where string, pictures bool) (hidden, visible int) {
	t.Helper()
	seen := map[string]bool{}
	mine := st.View(side).Board()
	for _, u := range mine.Pieces {
		seen[u.ID] = true
	}
	before := artifacts(t, st, side, pictures)
	var hiddenDone, visibleDone bool
	mod := st.View(engine.Moderator).Board()
	for _, u := range mod.Pieces {
		if u.Side == side || !u.OnMap || u.MaxSteps < 2 || (seen[u.ID] && visibleDone) || (!seen[u.ID] && hiddenDone) {
			continue
		}
		c := copyOf(t, gm, st)
		lost := (u.MaxSteps - u.Steps + 1) % u.MaxSteps
		if err := c.Adjust(fmt.Sprintf("steps %s %d", u.ID, lost)); err != nil {
			t.Fatal(err)
		}
		after := artifacts(t, c, side, pictures)
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
			if pictures && before[7] == after[7] {
				t.Errorf("%s: %s's steps, which %s sees, did not change its map", where, u.ID, side)
			}
		}
	}
	// Where an unseen enemy unit outside the Gruppen stands: moved to
	// another empty hex the side does not see either.
	unseen, taken := map[hex.Hex]bool{}, map[hex.Hex]bool{}
	for _, h := range mine.Unseen {
		unseen[h] = true
	}
	for _, u := range mod.Pieces {
		if u.OnMap {
			taken[u.Hex] = true
		}
	}
	for _, u := range mod.Pieces {
		if u.Side == side || !u.OnMap || seen[u.ID] || u.Group != "" || !unseen[u.Hex] {
			continue
		}
		for _, h := range mod.Map.Grid.All() {
			if !unseen[h] || taken[h] || mod.Map.Impassable(h) {
				continue
			}
			hidden++
			compare(t, where, fmt.Sprintf("moving unseen %s from %s to %s", u.ID, u.Hex, h), before, fmt.Sprintf("at %s %s", u.ID, h), gm, st, side)
			break
		}
		break
	}
	// What the Gruppe markers hide: the units of one Gruppe go under
	// another, the first left a dummy.
	if side == "RU" {
		var groups []string
		for _, u := range mod.Pieces {
			if u.OnMap && u.Group != "" && !slices.Contains(groups, u.Group) {
				groups = append(groups, u.Group)
			}
		}
		if len(groups) >= 2 {
			full, other := strings.TrimPrefix(groups[0], "G"), strings.TrimPrefix(groups[1], "G")
			hidden++
			compare(t, where, fmt.Sprintf("emptying Gruppe %s into %s", full, other), before, fmt.Sprintf("gruppe-merge %s %s", full, other), gm, st, side)
		}
	}
	return hidden, visible
}

// compare makes a copy of st, changes it by the fixture directive adjust,
// and fails if what side is given differs from before.
func compare(t *testing.T, where, change string, before []string, adjust string, gm game, st engine.State, side engine.Side) {
	t.Helper()
	c := copyOf(t, gm, st)
	if err := c.Adjust(adjust); err != nil {
		t.Fatalf("%s: %s: %v", where, change, err)
	}
	after := artifacts(t, c, side, len(before) > 7)
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("%s: %s, which %s cannot see, changed what it is given (artifact %d):\n%s", where, change, side, i, firstDiff(before[i], after[i]))
		}
	}
}

// firstDiff is the first line where a and b differ.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d: %q\nnow:    %q", i+1, la[i], lb[i])
		}
	}
	return "(a line added or dropped at the end)"
}
