package kw

import (
	"strings"
	"testing"

	"pbem/engine"
)

// kaisersWarState loads the game's own data and sets up scenario name with opt.
func kaisersWarState(t *testing.T, name string, opt engine.Options) (*State, error) {
	t.Helper()
	g := kaisersWarGame(t)
	sc := g.Scenario(name)
	if sc == nil {
		t.Fatalf("no scenario %s", name)
	}
	return newState(g, sc, opt)
}

// The 1914 set-up options change the game's own set-up when a game is
// created with them: the counters they name are where the options put
// them, and the VP and schedule change.
func TestScenarioOptionsAtStart(t *testing.T) {
	plain, err := kaisersWarState(t, "kaiserswar-1914", nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := kaisersWarState(t, "kaiserswar-1914", engine.Options{optMoltke: true, optPlanR: true, optPlanG: true,
		optFasterMob: true, optCavalry: true, optCaporetto: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"DE-OO", "DE-9A", "DE-10A", "DE-11A"} {
		if u := s.unit(id); u.Loc != locDeploy || plain.unit(id).Loc != locDue {
			t.Errorf("%s: %s with Moltke Plan East, %s without; want deploy and due", id, u.Loc, plain.unit(id).Loc)
		}
	}
	at := func(id, town string) {
		h, _ := s.d.town(town)
		if u := s.unit(id); u.Loc != locMap || u.Hex != h {
			t.Errorf("%s is %s %s, want on %s", id, u.Loc, u.Hex, town)
		}
	}
	at("AH-2A", "Drohobycz-Boryslaw")
	at("RU-4A", "Dvinsk")
	if s.VP[AL] != plain.VP[AL]-10 {
		t.Errorf("Allied VP %d, want %d", s.VP[AL], plain.VP[AL]-10)
	}
	for id, due := range map[string]int{"RU-6A": 2, "RU-7A": 3, "DE-14A": 29, "AH-5A": 29} {
		if u := s.unit(id); u.Loc != locDue || u.Due != due {
			t.Errorf("%s is %s on turn %d, want due on turn %d", id, u.Loc, u.Due, due)
		}
	}
	cav := map[string]int{}
	for _, u := range s.Units {
		if p := s.prof(u); p.Type == tCav && u.Loc == locDeploy {
			cav[p.Nation]++
		}
	}
	if cav["RU"] != 2 || cav["DE"] != 1 || cav["AH"] != 1 {
		t.Errorf("cavalry corps to set up: %v, want RU 2, DE 1, AH 1", cav)
	}
	// Every unit set up by the option finds a hex of its zone.
	var ev []engine.Event
	s.deployRest(AL, &ev)
	s.deployRest(CP, &ev)
	for _, u := range s.Units {
		if u.Loc == locDeploy || u.Loc == locPending && u.Due == 0 && s.prof(u).Type != tSupply {
			t.Errorf("%s found no set-up hex", u.ID)
		}
		if u.Loc == locMap && (u.ID == "DE-9A" || u.ID == "DE-OO") && s.d.country[u.Hex] != Germany {
			t.Errorf("%s set up in %s, outside Germany", u.ID, u.Hex)
		}
	}
}

// The 1914 options do nothing to the later scenarios' set-ups.
func TestScenarioOptionsOnly1914(t *testing.T) {
	plain, err := kaisersWarState(t, "kaiserswar-1916", nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := kaisersWarState(t, "kaiserswar-1916", engine.Options{optMoltke: true, optPlanG: true, optFasterMob: true, optGallipoli: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"DE-OO", "DE-9A", "RU-4A", "RU-6A"} {
		if s.unit(id).Loc != plain.unit(id).Loc || s.unit(id).Hex != plain.unit(id).Hex {
			t.Errorf("%s moved: %s %s against %s %s", id, s.unit(id).Loc, s.unit(id).Hex, plain.unit(id).Loc, plain.unit(id).Hex)
		}
	}
	if s.VP[AL] != plain.VP[AL] || s.VP[CP] != min(plain.VP[CP]+25, vpCap) {
		t.Errorf("VP %v against %v: want the Allies' unchanged and the CP's 25 more up to the cap (ruling KW-Opt-GALLIPOLI)", s.VP, plain.VP)
	}
}

// 1918 is played only with the Russian Revolutions (3.1); with them the
// 1918 turns have windows.
func TestLast1918(t *testing.T) {
	_, err := kaisersWarState(t, "kaiserswar-1914", engine.Options{"last-1918": true})
	if err == nil || !strings.Contains(err.Error(), "russian-revolutions") {
		t.Errorf("last-1918 alone: %v, want a refusal naming russian-revolutions", err)
	}
	s, err := kaisersWarState(t, "kaiserswar-1914", engine.Options{"last-1918": true, optRevolutions: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.lastTurn() != 40 {
		t.Errorf("last turn %d, want 40 (Nov-Dec 1918)", s.lastTurn())
	}
	if _, ok := s.WindowOf("T38 AL-MOB"); !ok {
		t.Error("no window in Sep 1918")
	}
	plain, _ := kaisersWarState(t, "kaiserswar-1914", nil)
	if _, ok := plain.WindowOf("T38 AL-MOB"); ok {
		t.Error("a window in Sep 1918 without last-1918")
	}
}

// What the Revolutions remember survives a snapshot, and a clone does not
// share it.
func TestOptStateSnapshot(t *testing.T) {
	s := loadState(t, nil, engine.Options{optRevolutions: true})
	s.ost().Revolution, s.ost().Patriotism = 1, 1
	b, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := restore(s.d.g, s.d.s, s.opt, b)
	if err != nil {
		t.Fatal(err)
	}
	if r.revolution() != 1 || r.Opt.Patriotism != 1 {
		t.Errorf("restored %+v", r.Opt)
	}
	c := s.clone()
	c.ost().Revolution = 2
	if s.revolution() != 1 {
		t.Error("a clone shares the optional rules' record")
	}
	plain := loadState(t, nil, nil)
	if b, _ := plain.Snapshot(); strings.Contains(string(b), `"Opt"`) {
		t.Error("a game without the optional rules' record stores one")
	}
}
