package ack

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/orders"
	"pbem/pbem/dice"
	"pbem/scenarios"
)

// at resolves tannenberg-1914 (cavalry windows) with nothing sent until
// window id is open.
func at(t *testing.T, id string) engine.State {
	t.Helper()
	st := tannenberg(t)
	for st.Window().ID != id {
		if st.Window().Done {
			t.Fatalf("no window %s", id)
		}
		var err error
		st, _, err = st.Resolve(nil, dice.New([]byte("cases"), st.Window().ID))
		if err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// ackAndResolve binds body for side to the open window of st and resolves
// the window with it, the other side sending nothing.
func ackAndResolve(t *testing.T, st engine.State, side engine.Side, body string) (*Result, string, []engine.Event) {
	t.Helper()
	w := st.Window()
	text := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: case-nonce-%d\n\n%s", side, w.ID, len(body), body)
	f, err := orders.Parse("orders.txt", []byte(text), verbs)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Bind(st, "t1", side, f, time.Time{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := Acknowledge(Ack{Game: "t1", Side: side, Fingerprint: fingerprint, Window: w, Deadline: "-", File: f, Result: r})
	_, events, err := st.Resolve(map[engine.Side][]engine.Order{side: f.Orders}, dice.New([]byte("cases"), w.ID))
	if err != nil {
		t.Fatal(err)
	}
	return r, a, events
}

// refusedAt returns the reason resolution refused the order on line.
func refusedAt(events []engine.Event, line int) string {
	for _, e := range events {
		if rj, ok := e.(*engine.Rejected); ok && rj.Problem.Line == line {
			return rj.Problem.Reason
		}
	}
	return ""
}

func problemAt(r *Result, line int) *engine.Problem {
	for i := range r.Problems {
		if r.Problems[i].Line == line {
			return &r.Problems[i]
		}
	}
	return nil
}

// std 10.32: a unit beyond the HQ's command radius cannot be put in its
// command; the acknowledgement says so as an error, with the case.
func TestAckCommandRadius_10_32(t *testing.T) {
	st := at(t, "GT1 RU-MOVE")
	r, a, evs := ackAndResolve(t, st, "RU", "cc RU-S-2 with RU-XX\n")
	p := problemAt(r, 6)
	if p == nil || p.Case != "std 10.32" || refusedAt(evs, 6) == "" {
		t.Fatalf("problem %v, refused at resolution %q:\n%s", p, refusedAt(evs, 6), a)
	}
	if !strings.HasPrefix(a, "ACCEPTED (1 order in error): ") || !strings.Contains(a, "Errors: these orders will be refused") || !strings.Contains(a, "line 6: cc RU-S-2 with RU-XX") {
		t.Errorf("the acknowledgement does not refuse line 6:\n%s", a)
	}
}

// std 14.0: a reinforcement arrives entrained; a land move for it in the
// phase it arrives is refused (std 5.33), and the acknowledgement says so.
func TestAckReinforcementArrivesEntrained_14_0(t *testing.T) {
	st := at(t, "GT3 RU-MOVE")
	r, a, evs := ackAndResolve(t, st, "RU", "move RU-54RD to 0404\n")
	p := problemAt(r, 6)
	if p == nil || p.Case != "std 5.33" || !strings.Contains(p.Reason, "entrained") || refusedAt(evs, 6) == "" {
		t.Fatalf("problem %v, refused at resolution %q:\n%s", p, refusedAt(evs, 6), a)
	}
}

// std 8.9: the options of a result are those of the Option Table; a
// standing order naming another is refused in the acknowledgement, with
// the options in words.
func TestAckStandingOptions_8_9(t *testing.T) {
	st := at(t, "GT1 RU-MOVE")
	r, a, evs := ackAndResolve(t, st, "RU", "options 2 retreat2 half\n")
	p := problemAt(r, 6)
	if p == nil || p.Case != "std 8.9" || refusedAt(evs, 6) == "" {
		t.Fatalf("problem %v, refused at resolution %q:\n%s", p, refusedAt(evs, 6), a)
	}
	if !strings.Contains(p.Reason, "eliminate, half-retreat, retreat2") {
		t.Errorf("the reason does not give the options in words: %s", p.Reason)
	}
}

// std 5.12: `move UNIT to HEX via HEX...`, as the usage line allows,
// moves along the hexes given and on to HEX, and the acknowledgement
// neither refuses nor warns.
func TestAckMoveToVia_5_12(t *testing.T) {
	st := at(t, "GT1 RU-MOVE")
	r, a, evs := ackAndResolve(t, st, "RU", "move RU-2ID to 2118 via 2417 2318 2217\n")
	if len(r.Problems) > 0 {
		t.Fatalf("refused:\n%s", a)
	}
	for _, rm := range r.Remarks {
		if rm.Warning {
			t.Errorf("warning %s", rm)
		}
	}
	var path []string
	for _, e := range evs {
		if m, ok := e.(engine.Mover); ok && m.Movement().Who == "RU-2ID" {
			for _, h := range m.Movement().Path {
				path = append(path, h.String())
			}
		}
	}
	if got := strings.Join(path, " "); got != "2518 2417 2318 2217 2118" {
		t.Errorf("RU-2ID moved along %q", got)
	}
	if !strings.Contains(a, "move RU-2ID to 2118 via 2417 2318 2217") {
		t.Errorf("the order is not echoed as given:\n%s", a)
	}
}

// std 8.4, digest 002 P4: an attack whose condition does not hold is
// skipped and its units have not attacked, so a later attack by them goes
// on; the acknowledgement warns of the skip and does not refuse the later
// attack.
func TestAckSkippedAttackLeavesUnitsFree_8_4(t *testing.T) {
	st := at(t, "GT1 RU-MOVE")
	next, _, err := st.Resolve(map[engine.Side][]engine.Order{"RU": mustOrders(t, "move RU-III via 0609 0610\nmove RU-R-1 to 0609\n")},
		dice.New([]byte("cases"), "GT1 RU-MOVE"))
	if err != nil {
		t.Fatal(err)
	}
	st = next
	for st.Window().ID != "GT1 RU-COMBAT" {
		st, _, err = st.Resolve(nil, dice.New([]byte("cases"), st.Window().ID))
		if err != nil {
			t.Fatal(err)
		}
	}
	r, a, evs := ackAndResolve(t, st, "RU", "attack 0611 with RU-III if odds>=9-1\nattack 0611 with RU-III\n")
	if len(r.Problems) > 0 || strings.Contains(a, "already attacked") {
		t.Fatalf("the second attack is refused:\n%s", a)
	}
	skipped := false
	for _, rm := range r.Remarks {
		skipped = skipped || (rm.Line == 6 && rm.Warning && strings.Contains(rm.Text, "skipped"))
	}
	if !skipped {
		t.Errorf("no warning that the first attack would be skipped:\n%s", a)
	}
	fought := false
	for _, e := range evs {
		if _, ok := e.(engine.Fighter); ok && strings.HasPrefix(e.String(), "attack 2 on 0611") {
			fought = true
		}
	}
	if !fought || refusedAt(evs, 7) != "" {
		t.Errorf("the second attack did not go on (refused: %q)", refusedAt(evs, 7))
	}
}

func mustOrders(t *testing.T, body string) []engine.Order {
	t.Helper()
	f, err := orders.Parse("orders.txt", []byte(body), verbs)
	if err != nil {
		t.Fatal(err)
	}
	return f.Orders
}

// std 10.3, 10.41: a unit no HQ takes into command rolls for it, passing
// on more than its TCR; the acknowledgement warns with the roll it needs
// and what a failure costs, and resolution refuses its move when the roll
// fails.
func TestAckCommandRollNeeded_10_3(t *testing.T) {
	st := at(t, "GT1 DE-MOVE")
	cat, err := scenarios.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	data, _, err := cat.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	tcr := data.Unit("DE-2LW").TCR // the counter's, at full strength
	r, a, evs := ackAndResolve(t, st, "DE", "move DE-2LW via 0112\n")
	want := fmt.Sprintf("DE-2LW must pass a command roll, a %d or more (%d in 6), or it may not move", tcr+1, 6-tcr)
	found := false
	for _, rm := range r.Remarks {
		found = found || (rm.Warning && rm.Line == 6 && rm.Text == want)
	}
	if tcr < 1 || !found {
		t.Fatalf("TCR %d; no warning %q:\n%s", tcr, want, a)
	}
	for _, e := range evs {
		if roll, ok := e.(*engine.Roll); ok && strings.HasSuffix(roll.Purpose, " DE-2LW") {
			failed := roll.Value <= tcr
			if failed != (refusedAt(evs, 6) != "") {
				t.Errorf("rolled %d against TCR %d; refused at resolution: %q", roll.Value, tcr, refusedAt(evs, 6))
			}
			return
		}
	}
	t.Errorf("DE-2LW did not roll for command")
}

// std 8.9: a side may send standing orders in a window where it gives no
// other orders; one naming an option the result lacks is refused by the
// acknowledgement and at resolution, for the same reason and case.
func TestAckStandingOptionsOtherSide_8_9(t *testing.T) {
	st := at(t, "GT1 RU-MOVE")
	r, a, evs := ackAndResolve(t, st, "DE", "options 2 half\n")
	p := problemAt(r, 6)
	if p == nil || p.Case != "std 8.9" || refusedAt(evs, 6) != p.Reason {
		t.Fatalf("problem %v, refused at resolution %q:\n%s", p, refusedAt(evs, 6), a)
	}
}

// T 18.23: the Russian gives no orders in the German hidden set-up; the
// acknowledgement and resolution refuse his file's orders citing it.
func TestAckHiddenSetUpOtherSide_T18_23(t *testing.T) {
	st := at(t, "GT1 DE-SETUP")
	r, a, evs := ackAndResolve(t, st, "RU", "move RU-XX to 0509\n")
	p := problemAt(r, 6)
	if p == nil || p.Case != "T 18.23" || refusedAt(evs, 6) != p.Reason {
		t.Fatalf("problem %v, refused at resolution %q:\n%s", p, refusedAt(evs, 6), a)
	}
}
