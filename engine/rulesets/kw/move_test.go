package kw

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// moveState loads the test game of the cases with extra map records, opens
// window and applies the fixture directives.
func moveState(t *testing.T, mapRecords, window string, directives ...string) *State {
	t.Helper()
	s := loadState(t, map[string]string{"map.txt": mapRecords}, nil)
	if err := s.SetWindow(window); err != nil {
		t.Fatal(err)
	}
	for _, d := range directives {
		if err := s.Adjust(d); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// moveOrder reads one order line: the verb, its words, and the words after
// each of the keywords to and via.
func moveOrder(line int, text string) engine.Order {
	w := strings.Fields(text)
	o := engine.Order{Line: line, Verb: w[0], Clauses: []engine.Clause{{}}}
	for _, x := range w[1:] {
		if x == "to" || x == "via" {
			o.Clauses = append(o.Clauses, engine.Clause{Keyword: x})
			continue
		}
		c := &o.Clauses[len(o.Clauses)-1]
		c.Words = append(c.Words, engine.Word{Text: x, Line: line})
	}
	return o
}

func moveOrders(lines ...string) []engine.Order {
	var out []engine.Order
	for i, l := range lines {
		out = append(out, moveOrder(i+1, l))
	}
	return out
}

func TestMPText(t *testing.T) {
	for halves, want := range map[int]string{0: "0", 1: "½", 2: "1", 5: "2½", 8: "4"} {
		if got := mpText(halves); got != want {
			t.Errorf("mpText(%d) = %q, want %q", halves, got, want)
		}
	}
}

func TestThirds(t *testing.T) {
	for n, want := range map[int]string{0: "0", 1: "⅓", 2: "⅔", 3: "1", 7: "2⅓", 9: "3"} {
		if got := thirds(n); got != want {
			t.Errorf("thirds(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestTerrainByWeather checks the TEC read by the weather (11.4, 22.1,
// 22.2): forest 2 in Winter and in Thaw in Russia only; rivers free in
// Winter, not in Thaw.
func TestTerrainByWeather(t *testing.T) {
	for _, c := range []struct {
		window          string
		russian, german int // forest in Russia (0902), in Germany (0305)
		river           int // crossing 0601/0701
	}{
		{"T1 AL-MOVE", 1, 1, 1},
		{"T4 AL-MOVE", 2, 2, 0},
		{"T6 AL-MOVE", 2, 1, 1},
	} {
		s := moveState(t, "terrain 0305 forest\n", c.window)
		if got := s.terrainMP(moveHex(s, "0902")); got != c.russian {
			t.Errorf("%s: forest in Russia costs %d, want %d", c.window, got, c.russian)
		}
		if got := s.terrainMP(moveHex(s, "0305")); got != c.german {
			t.Errorf("%s: forest in Germany costs %d, want %d", c.window, got, c.german)
		}
		if got := s.hexsideMP(moveHex(s, "0601"), moveHex(s, "0701")); got != c.river {
			t.Errorf("%s: the river costs %d, want %d", c.window, got, c.river)
		}
	}
}

// TestRailCost checks the capacity each unit takes (18.2, 18.3).
func TestRailCost(t *testing.T) {
	s := moveState(t, "", "T1 CP-MOVE")
	p := func(ids ...string) []hex.Hex {
		var out []hex.Hex
		for _, id := range ids {
			out = append(out, moveHex(s, id))
		}
		return out
	}
	inside, out := p("0104", "0204"), p("0405", "0406")
	for _, c := range []struct {
		unit string
		path []hex.Hex
		want int
	}{
		{"DE-8A", inside, 0}, {"DE-8A", out, 3}, {"DE-OO", out, 3}, {"DE-C1", out, 1},
		{"AH-S1", inside, 0}, {"AH-C1", inside, 1}, {"AH-3A", inside, 3}, {"RU-S1", inside, 1},
		{"DE-AT1", out, 0}, {"RU-AT1", out, 0},
	} {
		if got := s.railCost(s.unit(c.unit), c.path); got != c.want {
			t.Errorf("%s by rail along %v costs %d thirds, want %d", c.unit, c.path, got, c.want)
		}
	}
}

// TestValidateMovement checks that Validate tries a Movement Phase on a
// copy: every bad order comes back with its case, no die is rolled (noDice
// would panic) and the game itself does not change.
func TestValidateMovement(t *testing.T) {
	s := moveState(t, "", "T1 AL-MOVE", "unit RU-C1 at 0605", "unit RU-S1 at 0604", "unit DE-C1 at 0905", "unit RU-F-Warsaw at 0604")
	probs := s.Validate(AL, moveOrders(
		"march RU-S1",
		"move RU-C1 via 0705 0805 0905",
		"move RU-C1 via 0705",
		"rail RU-C1 to 0804",
		"sea RU-C1 to 0601",
		"move RU-F-Warsaw via 0605",
	))
	want := map[int]string{2: "13.4", 4: "18.4", 5: "21.6", 6: "11.3"}
	if len(probs) != len(want) {
		t.Fatalf("%d problems, want %d: %v", len(probs), len(want), probs)
	}
	for _, p := range probs {
		if c := want[p.Line]; p.Case != c {
			t.Errorf("line %d cites %q, want %q", p.Line, p.Case, c)
		}
	}
	if u := s.unit("RU-C1"); u.Hex.String() != "0605" || u.Marched {
		t.Errorf("Validate changed the game: RU-C1 in %s, marched %v", u.Hex, u.Marched)
	}
	if s.unit("RU-S1").Loc != locMap {
		t.Errorf("Validate spent RU-S1")
	}
}

// TestMoveEventIsMover checks that moves reach the map as arrows.
func TestMoveEventIsMover(t *testing.T) {
	s := moveState(t, "", "T1 AL-MOVE", "unit RU-C1 at 0504", "unit RU-S1 at 0604")
	_, ev, err := s.Resolve(map[scenario.Side][]engine.Order{AL: moveOrders("rail RU-C1 to 0804", "move RU-C1 via 0805")}, noDice{})
	if err != nil {
		t.Fatal(err)
	}
	var got []engine.Movement
	for _, e := range ev {
		if m, ok := e.(engine.Mover); ok {
			got = append(got, m.Movement())
		}
	}
	if len(got) != 2 || !got[0].Rail || got[1].Rail || len(got[0].Path) != 4 || got[1].Path[1].String() != "0805" {
		t.Fatalf("movements %+v", got)
	}
}

// moveHex is a hex of the test map.
func moveHex(s *State, id string) hex.Hex {
	h, err := s.d.grid.Parse(id)
	if err != nil {
		panic(err)
	}
	return h
}
