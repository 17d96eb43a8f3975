package kw

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
)

// bulgaria are the records that carve Bulgaria out of the test game's
// Romania and give the Central Powers a Turkish corps held for its entry.
var bulgaria = map[string]string{
	"map.txt": "town 1209 Sofia city\n" +
		"region front-1916 name=front-1916 kind=front side=CP\n  0101 0201 0301 0401\n" +
		"region front-1916-ro name=front-1916-ro kind=front side=CP\n  1107 1207\n",
	"game.txt":     "nation TR name=Turkish side=CP\n",
	"units.txt":    "unit TR-C1 nation=TR type=inf size=corps name=\"Turkish corps\" sp=0 steps=1 str=2-2-4\n",
	"scenario.txt": "held TR-C1\n",
}

// The 1916-17 line's Romanian section applies only in a scenario on that
// line, and only once Romania is at war (23.0 note).
func TestRomaniaFront1916(t *testing.T) {
	for _, tc := range []struct {
		front  string
		at1107 string
	}{{"", "AL"}, {"front-1916", "CP"}} {
		s := loadState(t, bulgaria, nil)
		s.d.s.Front = tc.front
		if got := s.controller(s.hex(t, "1107")); got != "" {
			t.Errorf("front %q: neutral 1107 controlled by %q before the entry", tc.front, got)
		}
		s.romaniaJoins(&[]engine.Event{})
		if got := s.controller(s.hex(t, "1107")); string(got) != tc.at1107 {
			t.Errorf("front %q: 1107 controlled by %q, want %s", tc.front, got, tc.at1107)
		}
		if got := s.controller(s.hex(t, "1108")); got != AL {
			t.Errorf("front %q: Bucharest controlled by %q, want AL", tc.front, got)
		}
		if got := s.controller(s.hex(t, "1109")); got != "" {
			t.Errorf("front %q: Bulgarian 1109 controlled by %q while Bulgaria is neutral", tc.front, got)
		}
	}
}

// What Bulgaria's entry leaves waiting survives a snapshot: the Turkish
// corps still goes to the south edge after a restore.
func TestBulgariaSnapshot(t *testing.T) {
	s := loadState(t, bulgaria, nil)
	s.romaniaJoins(&[]engine.Event{})
	s.bulgariaJoins(&[]engine.Event{})
	b, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := restore(s.d.g, s.d.s, nil, b)
	if err != nil {
		t.Fatal(err)
	}
	u := r.unit("TR-C1")
	if u.Loc != locPending || !u.Edge || !r.Belligerent[Bulgaria] {
		t.Fatalf("after restore TR-C1 is %s (edge %v), Bulgaria at war %v", u.Loc, u.Edge, r.Belligerent[Bulgaria])
	}
	var edge []string
	for _, h := range r.candidates(u) {
		edge = append(edge, h.String())
	}
	if strings.Join(edge, " ") != "1110 1210" {
		t.Errorf("Bulgaria's south edge is %v, want 1110 1210", edge)
	}
}

func (s *State) hex(t *testing.T, id string) hex.Hex {
	t.Helper()
	h, err := s.d.grid.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
