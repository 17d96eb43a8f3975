package kw

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// remarkAt is the preview's remarks for line, joined, and whether one is a
// warning.
func remarkAt(rs []engine.Remark, line int) (string, bool) {
	var texts []string
	warned := false
	for _, r := range rs {
		if r.Line == line {
			texts = append(texts, r.Text)
			warned = warned || r.Warning
		}
	}
	return strings.Join(texts, " | "), warned
}

// 11.1, 18.2: a move is told with the path resolution takes and its MP;
// a rail move with the capacity it takes; neither is a warning, and
// resolution takes that very path.
func TestPreviewMoves(t *testing.T) {
	s := moveState(t, "", "T1 AL-MOVE", "unit RU-C1 at 0504", "unit RU-S1 at 0604")
	os := moveOrders("rail RU-C1 to 0804", "move RU-C1 via 0805")
	rs := s.Preview(AL, os)
	rail, w1 := remarkAt(rs, 1)
	move, w2 := remarkAt(rs, 2)
	_, ev, err := s.Resolve(map[scenario.Side][]engine.Order{AL: os}, noDice{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range ev {
		if m, ok := e.(*moveEvent); ok {
			hs := make([]string, len(m.Path))
			for i, h := range m.Path {
				hs[i] = h.String()
			}
			paths = append(paths, strings.Join(hs, "-"))
		}
	}
	if w1 || w2 || len(paths) != 2 {
		t.Fatalf("warnings %v %v, moves %v: %q %q", w1, w2, paths, rail, move)
	}
	if !strings.Contains(rail, "by rail "+paths[0]) || !strings.Contains(rail, "it takes ⅓ of the rail capacity, ⅓ of 3 Army Equivalents used") {
		t.Errorf("rail remark %q, resolution's path %s", rail, paths[0])
	}
	if !strings.Contains(move, "moves "+paths[1]+" (") || !strings.Contains(move, "MP") {
		t.Errorf("move remark %q, resolution's path %s", move, paths[1])
	}
}

// 14.4, 14.13: the first battle is told with its percentage and column; an
// attack skipped by its condition as things stand is warned of and leaves
// its units free, so that a later attack with them is not refused; every
// attack after a battle that may be fought is warned of, naming it.
func TestPreviewAttacks(t *testing.T) {
	s := testState(t, "setup DE-C1 0704\nsetup DE-C2 0803\nsetup AH-C1 0703\nsetup RU-C1 0804\nsetup RU-C2 0904\n", "T7 CP-COMBAT1", nil)
	os := orders(
		"attack 0804 with DE-C1 if pct>=900",
		"attack 0804 with DE-C1",
		"attack 0904 with DE-C2",
	)
	if ps := s.Validate(CP, os); len(ps) > 0 {
		t.Fatalf("Validate refuses %v", ps)
	}
	rs := s.Preview(CP, os)
	if text, w := remarkAt(rs, 1); !w || !strings.Contains(text, "skipped: the condition pct>=900 does not hold") {
		t.Errorf("line 1: %q (warning %v)", text, w)
	}
	if text, w := remarkAt(rs, 2); w || !strings.Contains(text, "% (") {
		t.Errorf("line 2: %q (warning %v)", text, w)
	}
	if text, w := remarkAt(rs, 3); !w || !strings.Contains(text, "after the battle on line 2") {
		t.Errorf("line 3: %q (warning %v)", text, w)
	}
	_, ev, _ := s.Resolve(map[scenario.Side][]engine.Order{CP: os}, &engine.Script{Rolls: []int{1, 1, 1, 1, 1, 1}})
	for _, r := range rejections(ev) {
		if strings.Contains(r, "0804") {
			t.Errorf("resolution refuses %s", r)
		}
	}
}

// [Opt: Fog of War]: an attack on a face-down stack is warned of, without
// the strengths the View does not show.
func TestPreviewFogHidesStrengths(t *testing.T) {
	s := testState(t, "setup DE-C1 0704\nsetup RU-C1 0804\n", "T7 CP-COMBAT1", engine.Options{optFog: true})
	s.unit("RU-C1").Hidden = true
	rs := s.Preview(CP, orders("attack 0804 with DE-C1"))
	text, w := remarkAt(rs, 1)
	if !w || !strings.Contains(text, "face-down") || strings.Contains(text, "%") {
		t.Errorf("%q (warning %v)", text, w)
	}
}
