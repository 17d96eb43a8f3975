package kw

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// 4.1(1) (T-36): a side whose VP fall to 0 or below loses at once; the
// winner's level is its VP plus 25 against the loser's, floored at 0; both
// at once is a double loss.
func TestSuddenDeath(t *testing.T) {
	for _, tc := range []struct {
		name          string
		cp, al        int
		side          string
		change        int
		want, wantNot string
	}{
		{"T-36", 40, 3, "AL", -4, "Central Powers wins, Continental Victory (40 + 25 against 0)", ""},
		{"to exactly 0", 40, 4, "AL", -4, "Central Powers wins", ""},
		{"above 0", 40, 5, "AL", -4, "", "wins"},
		{"Allies win", 10, 60, "CP", -15, "Allies wins, Imperial Victory (60 + 25 against 0)", ""},
	} {
		s := loadState(t, nil, nil)
		s.VP[CP], s.VP[AL] = tc.cp, tc.al
		var ev []engine.Event
		s.addVP(scenario.Side(tc.side), tc.change, "test", "5.1", &ev)
		if tc.want != "" && (!s.Over || !strings.Contains(s.Result, tc.want)) {
			t.Errorf("%s: over %v, result %q; want %q", tc.name, s.Over, s.Result, tc.want)
		}
		if tc.wantNot != "" && s.Over {
			t.Errorf("%s: the game ended: %q", tc.name, s.Result)
		}
	}
	s := loadState(t, nil, nil)
	s.VP[CP], s.VP[AL] = 0, -2
	var ev []engine.Event
	s.suddenDeath(&ev)
	if !s.Over || !strings.Contains(s.Result, "both lose") {
		t.Errorf("both at or below 0: over %v, result %q", s.Over, s.Result)
	}
}

// 5.6: a gain stops at 99; a loss from 99 is whole.
func TestVPCap(t *testing.T) {
	s := loadState(t, nil, nil)
	s.VP[CP] = 97
	var ev []engine.Event
	s.addVP(CP, 4, "test", "5.4", &ev)
	if s.VP[CP] != 99 {
		t.Fatalf("97 + 4 gives %d, want 99", s.VP[CP])
	}
	s.addVP(CP, -10, "test", "5.3", &ev)
	if s.VP[CP] != 89 {
		t.Fatalf("99 - 10 gives %d, want 89", s.VP[CP])
	}
}
