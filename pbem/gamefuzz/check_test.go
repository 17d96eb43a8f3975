package gamefuzz

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
)

// faulty is a ruleset that breaks one promise of the engine when the
// at-th window is resolved, and keeps the others: each check of the
// fuzzer must catch its fault at that window.
type faulty struct {
	engine.Ruleset
	fault string
	at    int
}

// faultyState is a state of faulty: n windows resolved; changed counts
// the changes Resolve made to its receiver, which its Snapshot shows.
type faultyState struct {
	engine.State
	f        faulty
	n        int
	changed  int
	restored bool
}

func (f faulty) New(g *scenario.Game, s *scenario.Scenario, opt engine.Options) (engine.State, error) {
	st, err := f.Ruleset.New(g, s, opt)
	if err != nil {
		return nil, err
	}
	return &faultyState{State: st, f: f}, nil
}

func (f faulty) Restore(g *scenario.Game, s *scenario.Scenario, opt engine.Options, snap []byte) (engine.State, error) {
	head, rest, _ := bytes.Cut(snap, []byte("\n"))
	var n, changed int
	if _, err := fmt.Sscanf(string(head), "%d %d", &n, &changed); err != nil {
		return nil, err
	}
	st, err := f.Ruleset.Restore(g, s, opt, rest)
	if err != nil {
		return nil, err
	}
	return &faultyState{State: st, f: f, n: n, changed: changed, restored: true}, nil
}

func (s *faultyState) broken() bool { return s.n >= s.f.at }

func (s *faultyState) Snapshot() ([]byte, error) {
	b, err := s.State.Snapshot()
	return append([]byte(strconv.Itoa(s.n)+" "+strconv.Itoa(s.changed)+"\n"), b...), err
}

func (s *faultyState) Resolve(by map[engine.Side][]engine.Order, d engine.Dice) (engine.State, []engine.Event, error) {
	n := s.n + 1
	if n == s.f.at {
		switch s.f.fault {
		case "panic":
			panic("a fault")
		case "error":
			return nil, nil, errors.New("a fault")
		case "mutate":
			s.changed++
		}
	}
	next, events, err := s.State.Resolve(by, d)
	if err != nil {
		return nil, nil, err
	}
	if n == s.f.at && s.f.fault == "restore" && s.restored {
		events = append(events, &engine.Note{Text: "only after a restore"})
	}
	return &faultyState{State: next, f: s.f, n: n}, events, nil
}

func (s *faultyState) Check() error {
	if s.f.fault == "check" && s.broken() {
		return errors.New("a broken invariant")
	}
	return s.State.Check()
}

func (s *faultyState) Window() engine.Window { return s.bend(s.State.Window()) }

func (s *faultyState) WindowOf(id string) (engine.Window, bool) {
	w, ok := s.State.WindowOf(id)
	if ok && id == s.State.Window().ID {
		w = s.bend(w)
	}
	return w, ok
}

// bend is the open window w as the fault shows it.
func (s *faultyState) bend(w engine.Window) engine.Window {
	if s.broken() {
		switch s.f.fault {
		case "stuck":
			w.Submit = nil
		case "backwards":
			w.Turn = 0
		}
	}
	return w
}

func (s *faultyState) View(side engine.Side) engine.View {
	if s.f.fault == "board" && s.broken() && side == engine.Moderator {
		panic("no board")
	}
	return s.State.View(side)
}

func battle(t *testing.T) Config {
	t.Helper()
	for _, g := range embedded(t) {
		for _, s := range g.Scenarios {
			if s.Name == "tannenberg-battle" {
				return Config{Game: g, Scenario: s, Seed: 5}
			}
		}
	}
	t.Fatal("no scenario tannenberg-battle")
	return Config{}
}

// Every check finds its fault at the window where it shows, and the
// record of the game replays to the same failure, or to none without the
// fault.
func TestChecksFindFaults(t *testing.T) {
	if raceEnabled {
		t.Skip("nothing concurrent, and slow under the race detector: the plain run has it")
	}
	c := battle(t)
	rs, err := rulesets.Lookup(c.Game.System)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ fault, want string }{
		{"panic", "Resolve panicked: a fault"},
		{"error", "Resolve fails: a fault"},
		{"mutate", "Resolve changed the state it was called on"},
		{"restore", "the restored state resolves the window differently: event"},
		{"check", "Check: a broken invariant"},
		{"stuck", "no side may submit orders to it"},
		{"board", `View("").Board() panicked: no board`},
		{"backwards", "(game-turn 0, step"},
	} {
		t.Run(tc.fault, func(t *testing.T) {
			f := faulty{Ruleset: rs, fault: tc.fault, at: 4}
			rec, stats, fail := run(c, f, newGen(c.Seed))
			if fail == nil {
				t.Fatalf("no failure in %d windows", stats.Windows)
			}
			if len(rec.Windows) != f.at || rec.Failed != rec.Windows[f.at-1].ID || !strings.Contains(rec.Problem, tc.want) {
				t.Fatalf("failed at %q (window %d) for %q; want window %d for %q", rec.Failed, len(rec.Windows), rec.Problem, f.at, tc.want)
			}
			b, err := rec.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			back, err := Unmarshal("record", b)
			if err != nil {
				t.Fatal(err)
			}
			_, _, again := run(c, f, &replayer{windows: back.Windows})
			if again == nil || again.Record.Failed != rec.Failed || firstLines(again.Record.Problem, 1) != firstLines(rec.Problem, 1) {
				t.Fatalf("the replay gives %v; want %s: %s", again, rec.Failed, firstLines(rec.Problem, 1))
			}
			if _, s, clean := run(c, rs, &replayer{windows: back.Windows}); clean != nil || s.Windows != f.at {
				t.Fatalf("without the fault the replay gives %v after %d windows", clean, s.Windows)
			}
		})
	}
}

// A replay stops where the game no longer follows the record.
func TestReplayOfAnotherGame(t *testing.T) {
	c := battle(t)
	stats, fail := Replay([]*scenario.Game{c.Game}, &Record{System: c.Game.System, Scenario: c.Scenario.Name,
		Windows: []WindowOrders{{ID: "GT9 NO-SUCH"}}})
	if fail == nil || !strings.Contains(fail.Record.Problem, `the game is at window "GT3`) || stats.Windows != 0 {
		t.Fatalf("%+v, %v", stats, fail)
	}
	_, fail = Replay([]*scenario.Game{c.Game}, &Record{System: c.Game.System, Scenario: "no-such"})
	if fail == nil || !strings.Contains(fail.Record.Problem, `no scenario "no-such"`) {
		t.Fatalf("%v", fail)
	}
	_, fail = Replay([]*scenario.Game{c.Game}, &Record{System: "other", Scenario: c.Scenario.Name})
	if fail == nil || !strings.Contains(fail.Record.Problem, "the record was played under other") {
		t.Fatalf("%v", fail)
	}
}
