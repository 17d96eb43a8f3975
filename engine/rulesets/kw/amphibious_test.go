package kw

import (
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// kaisersWar loads the game's own data, scenario 1914.
func kaisersWar(t *testing.T) *data {
	t.Helper()
	g := kaisersWarGame(t)
	d, err := newData(g, g.Scenario("kaiserswar-1914"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// No port of the map lies next to the water of another sea (a port is on
// its own sea by its attribute, whether or not the map draws water beside
// it), both seas have coasts, and every port of the Naval Transfer
// lists and of the locks is a town of the map with a port: the
// amphibious rules read the seas from these (ruling KW-Amphib-COAST).
func TestSeasOfTheMap(t *testing.T) {
	d := kaisersWar(t)
	coast := map[string]int{}
	for _, h := range sortedHexes(d.towns) {
		sea := d.port(h)
		if sea == "" {
			continue
		}
		for _, n := range d.grid.Neighbours(h) {
			if got := d.seaOf(n); got != "" && got != sea {
				t.Errorf("port %s (%s, %s) is next to all-sea hex %s of the %s sea", d.towns[h].Name, h, sea, n, got)
			}
		}
	}
	for _, h := range d.grid.All() {
		for _, sea := range []string{"baltic", "black"} {
			if d.port(h) == "" && d.onSea(h, sea) {
				coast[sea]++
			}
		}
	}
	if coast["baltic"] < 20 || coast["black"] < 10 {
		t.Errorf("coastal hexes that are no port: %v; the seas look unjoined", coast)
	}
	names := map[string]string{"Kronstadt": "baltic", "Sevastopol": "black"}
	for _, groups := range transferPorts {
		for _, g := range groups {
			for _, n := range g {
				names[n] = ""
			}
		}
	}
	for n, sea := range names {
		h, ok := d.town(n)
		switch {
		case !ok:
			t.Errorf("no town %s on the map", n)
		case d.port(h) == "" || (sea != "" && d.port(h) != sea):
			t.Errorf("%s (%s) is a port of %q", n, h, d.port(h))
		}
	}
}

// Checking orders rolls no die: an amphibious move checked in a copy of
// the game is taken to land, so the orders after it are checked as they
// would stand, and the game itself is unchanged.
func TestValidateLandsWithoutDice(t *testing.T) {
	s := moveState(t, "town 1101 Reval port=baltic\n", "T7 AL-MOVE",
		"unit RU-C1 at 1101", "unit RU-S1 at 1101", "option amphibious")
	// RU-C1 is no marine: refused; the supply unit stays.
	probs := s.Validate(AL, moveOrders("land RU-C1 to 1103"))
	if len(probs) != 1 || probs[0].Case != caseAmphib {
		t.Fatalf("problems %v, want one citing %s", probs, caseAmphib)
	}
	s.d.byID["RU-C1"].Type = tMarine
	defer func() { s.d.byID["RU-C1"].Type = tInf }()
	probs = s.Validate(AL, moveOrders("land RU-C1 to 1103", "move RU-C1 to 1104"))
	if len(probs) != 1 || probs[0].Line != 2 {
		t.Fatalf("problems %v, want the move after the landing refused (11.2)", probs)
	}
	if u := s.unit("RU-C1"); u.Hex.String() != "1101" || s.unit("RU-S1").Loc != locMap {
		t.Errorf("validation changed the game: RU-C1 in %s, RU-S1 %s", u.Hex, s.unit("RU-S1").Loc)
	}
	_, ev, err := s.Resolve(map[scenario.Side][]engine.Order{AL: moveOrders("land RU-C1 to 1103")}, &engine.Script{Rolls: []int{6}})
	if err != nil {
		t.Fatal(err)
	}
	rolled := false
	for _, e := range ev {
		_, ok := e.(*engine.Roll)
		rolled = rolled || ok
	}
	if !rolled {
		t.Error("resolution rolled no Landing Table die")
	}
}
