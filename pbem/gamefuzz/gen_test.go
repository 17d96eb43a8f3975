package gamefuzz

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/orders"
)

// watched passes on what its source sends for at most n windows, and
// tells see of each.
type watched struct {
	src source
	n   int
	see func(w engine.Window, robots map[engine.Side]string, sent []Sent)
}

func (s *watched) send(st engine.State, boards map[engine.Side]*engine.Board, robots map[engine.Side]string) ([]Sent, bool, string) {
	if s.n == 0 {
		return nil, true, ""
	}
	s.n--
	sent, done, p := s.src.send(st, boards, robots)
	s.see(st.Window(), robots, sent)
	return sent, done, p
}

// The generator sends every kind of file the package comment promises,
// over the first windows of a few games: the robot's orders as they are
// and thinned or reordered, a side that may submit sending nothing or an
// empty file, a side that may not submit sending orders, lines the
// parser refuses, hexes off the map, unit ids that name no piece.
func TestGeneratorVariety(t *testing.T) {
	if raceEnabled {
		t.Skip("nothing concurrent, and slow under the race detector: the plain run has it")
	}
	c := battle(t)
	rs, err := rulesets.Lookup(c.Game.System)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, u := range c.Game.Units {
		known[u.ID] = true
	}
	offMap := regexp.MustCompile(`\b(0000|9999|0100|\d\d36|31\d\d)\b`)
	seen := map[string]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		c.Seed = seed
		src := &watched{src: newGen(seed), n: 10, see: func(w engine.Window, robots map[engine.Side]string, sent []Sent) {
			for _, side := range w.Submit {
				i := slices.IndexFunc(sent, func(s Sent) bool { return s.Side == side })
				switch {
				case i < 0:
					seen["nothing sent"]++
				case sent[i].Text == "":
					seen["empty file"]++
				case sent[i].Text == strings.TrimSpace(robots[side]):
					seen["the robot's"]++
				}
			}
			for _, s := range sent {
				if !slices.Contains(w.Submit, s.Side) {
					seen["out of turn"]++
				}
				if _, err := orders.Parse("x", []byte(s.Text), rs.Verbs()); err != nil {
					seen["refused by the parser"]++
				}
				if offMap.MatchString(s.Text) {
					seen["hex off the map"]++
				}
				for _, w := range strings.Fields(s.Text) {
					if strings.Contains(w, "-") && w[0] >= 'A' && w[0] <= 'Z' && !known[w] && !strings.HasPrefix(w, "G") {
						seen["unknown unit"]++
					}
				}
			}
		}}
		if _, _, f := run(c, rs, src); f != nil {
			t.Fatalf("seed %d: %v", seed, f)
		}
	}
	for _, k := range []string{"nothing sent", "empty file", "the robot's", "out of turn", "refused by the parser", "hex off the map", "unknown unit"} {
		if seen[k] == 0 {
			t.Errorf("no %s in 12 games: %v", k, seen)
		}
	}
	t.Log(seen)
}

// The same seed gives the same game, order for order; another seed
// another.
func TestGeneratorDeterministic(t *testing.T) {
	c := battle(t)
	rs, err := rulesets.Lookup(c.Game.System)
	if err != nil {
		t.Fatal(err)
	}
	play := func(seed uint64) string {
		c.Seed = seed
		rec, _, f := run(c, rs, &watched{src: newGen(seed), n: 8, see: func(engine.Window, map[engine.Side]string, []Sent) {}})
		if f != nil {
			t.Fatal(f)
		}
		b, err := rec.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		// The windows, without the header that names the seed.
		_, windows, _ := strings.Cut(string(b), windowMark)
		return windows
	}
	a, b := play(3), play(3)
	if a != b {
		t.Fatalf("seed 3 twice gives two games:\n%s\n---\n%s", a, b)
	}
	// Seed 4 plays with another chaos level than 3, or with the same
	// level other orders.
	if play(4) == a {
		t.Fatal("seeds 3 and 4 give the same game")
	}
}
