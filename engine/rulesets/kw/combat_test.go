package kw

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// testState builds the cases' base game with extra set-up lines, at the
// window given, with options.
func testState(t *testing.T, setup, window string, opt engine.Options) *State {
	t.Helper()
	g, sc := testGame(t, setup)
	s, err := newState(g, sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetWindow(window); err != nil {
		t.Fatal(err)
	}
	return s
}

// order reads one order line: the verb, its words, then clauses opened by
// the keywords of the verb table.
func order(line int, text string) engine.Order {
	keys := map[string]bool{"with": true, "hq": true, "air": true, "supply": true, "table": true, "pursue": true, "to": true, "via": true, "if": true, "toward": true}
	w := strings.Fields(text)
	o := engine.Order{Line: line, Verb: w[0], Clauses: []engine.Clause{{}}}
	for _, x := range w[1:] {
		if keys[x] && o.Verb != "supply" {
			o.Clauses = append(o.Clauses, engine.Clause{Keyword: x})
			continue
		}
		c := &o.Clauses[len(o.Clauses)-1]
		c.Words = append(c.Words, engine.Word{Text: x, Line: line})
	}
	return o
}

func orders(lines ...string) []engine.Order {
	var out []engine.Order
	for i, l := range lines {
		out = append(out, order(i+1, l))
	}
	return out
}

func rejections(ev []engine.Event) []string {
	var out []string
	for _, e := range ev {
		if r, ok := e.(*engine.Rejected); ok {
			out = append(out, r.String())
		}
	}
	return out
}

// T-29, 17.10(4): supply declared in the First Combat Phase is spent at
// its end; the Second cannot declare or use it.
func TestFirstPhaseSupplyGone(t *testing.T) {
	s := testState(t, "setup DE-S1 0604\nsetup DE-C1 0704\nsetup RU-C1 0804\n", "T7 CP-COMBAT1", nil)
	next, ev, err := s.Resolve(map[scenario.Side][]engine.Order{CP: orders("supply DE-S1")}, &engine.Script{})
	if err != nil || len(rejections(ev)) > 0 {
		t.Fatalf("phase 1: %v %v", err, rejections(ev))
	}
	s2 := next.(*State)
	if s2.Window().ID != "T7 CP-COMBAT2" {
		t.Fatalf("window %s", s2.Window().ID)
	}
	_, ev, _ = s2.Resolve(map[scenario.Side][]engine.Order{CP: orders("supply DE-S1", "attack 0804 with DE-C1 supply DE-S1")}, &engine.Script{})
	r := rejections(ev)
	if len(r) != 2 || !strings.Contains(r[0], "not on the map") || !strings.Contains(r[1], "17.11") {
		t.Errorf("phase 2 rejections: %q", r)
	}
}

// [Opt: Russians Modernize Field Artillery]: a Russian fortress no longer
// prevents the concentric bonus, even without an HQ (14.8(3)).
func TestModernizedFortressConcentric(t *testing.T) {
	setup := "setup DE-C1 0704\nsetup DE-C2 0904\nsetup RU-F-Kovno 0804\nsetup RU-C1 0804\n"
	for _, c := range []struct {
		opt  engine.Options
		want int
	}{{nil, 6}, {engine.Options{"modernize-artillery": true}, 12}} {
		s := testState(t, setup, "T7 CP-COMBAT1", c.opt)
		b, why, _ := s.bindAttack(CP, order(1, "attack 0804 with DE-C1 DE-C2"))
		if why != "" {
			t.Fatal(why)
		}
		if got := s.strength(b).attack; got != c.want {
			t.Errorf("options %v: attack %d, want %d", c.opt, got, c.want)
		}
	}
}

// Validate checks attacks as things stand and rolls no die; it finds the
// problems resolution finds with the same orders.
func TestValidateAgrees(t *testing.T) {
	s := testState(t, "setup DE-C1 0704\nsetup DE-C2 0803\nsetup AH-C1 0703\nsetup RU-C1 0804\nsetup RU-C2 0904\n", "T7 CP-COMBAT1", nil)
	os := orders(
		"attack 0804 with DE-C1",
		"attack 0804 with DE-C2",          // 14.4: the hex again
		"attack 0904 with DE-C1",          // 14.4: the unit again
		"attack 0904 with DE-C2 AH-C1",    // 14.10
		"attack 0904 with DE-C2 if pct>x", // bad condition
	)
	probs := s.Validate(CP, os)
	var lines []int
	for _, p := range probs {
		lines = append(lines, p.Line)
	}
	if len(lines) != 4 || lines[0] != 2 || lines[3] != 5 {
		t.Fatalf("validate: %v", probs)
	}
	_, ev, _ := s.Resolve(map[scenario.Side][]engine.Order{CP: os}, &engine.Script{Rolls: []int{1}})
	if got := rejections(ev); len(got) != 4 {
		t.Errorf("resolution rejected %d, validation %d: %q", len(got), len(lines), got)
	}
}

// The column bands and the rounding of 14.13, with a defence of 0 on the
// last column (ruling KW-14.13-ZERO).
func TestColumn(t *testing.T) {
	for _, c := range []struct{ a, d, col, pct int }{
		{20, 12, 3, 166}, {20, 13, 3, 153}, {10, 12, 1, 83}, {49, 100, 0, 49}, {6, 1, 8, 600}, {3, 0, 8, 0}, {599, 100, 7, 599},
	} {
		col, pct := column(c.a, c.d)
		if col != c.col || pct != c.pct {
			t.Errorf("%d/%d: column %d (%d%%), want %d (%d%%)", c.a, c.d, col, pct, c.col, c.pct)
		}
	}
}

// A battle is marked on maps with its result (engine.Fighter), a retreat
// drawn as a move (engine.Mover).
func TestEventsForMaps(t *testing.T) {
	s := testState(t, "setup DE-8A 0704\nsetup RU-1A 0804\n", "T7 CP-COMBAT1", nil)
	_, ev, _ := s.Resolve(map[scenario.Side][]engine.Order{CP: orders("attack 0804 with DE-8A")}, &engine.Script{Rolls: []int{6}})
	fights, moves := 0, 0
	for _, e := range ev {
		if f, ok := e.(engine.Fighter); ok {
			if c, ok := f.Clash(); ok && c.Hex.String() == "0804" && c.Result == "DD" {
				fights++
			}
		}
		if m, ok := e.(engine.Mover); ok && len(m.Movement().Path) == 2 {
			moves++
		}
	}
	if fights != 1 || moves != 3 {
		t.Errorf("fights %d moves %d, want 1 and 3", fights, moves)
	}
}
