// Package gamefuzz plays whole games of every registered rules system with
// orders random but legal and random illegal ones, and checks after every
// window what every ruleset promises (engine.State): the state's
// invariants hold, the next window is over or has a side that may act,
// Resolve neither panics nor errs on bad orders (they become Rejected
// events) nor changes the state it is called on, a snapshot restored
// resolves the window to the same events and the same next state, every
// side's Board and the moderators' build, and the game ends within its
// scenario's game-turns. Validate, Preview and the robot must not panic
// either, and the robot's orders must parse. It knows the rules systems
// only through the registry (engine/rulesets) and the engine interfaces.
//
// The orders are drawn from a seeded generator: the system's robot's
// orders (through the registry), thinned and reordered, or mutated (unit
// ids swapped, hexes replaced by other hexes of the map or by ids that are
// not hexes, lines duplicated or dropped, words garbled), random orders of
// the verb table with arguments drawn from the side's Board, orders from a
// side that may not submit, and sides that send nothing.
//
// The test plays a default number of games sized for `make test`; more are
// asked for with flags:
//
//	go test ./pbem/gamefuzz -run TestGames -v -games 1000
//	go test ./pbem/gamefuzz -run TestGames -v -duration 30m -timeout 0
//	make gamefuzz GAMES=1000
//
// -scenario NAME plays only that scenario, -seed N starts from another
// seed. The duration is -duration, not -fuzztime: go test keeps that flag
// for its own fuzzing, whose inputs are bytes, not games.
//
// A failing game is written to testdata/ (-out DIR for elsewhere) as a
// replay file (Record): the system, scenario, options and seed, the window
// where it failed and why, and the order files every side sent in every
// window up to it. TestReplays plays every testdata/*.txt file again,
// window by window with the recorded orders and the same dice, under the
// same checks, and fails where the game fails: once the bug is fixed, the
// file committed is a regression test. Replay one file with
//
//	go test ./pbem/gamefuzz -run 'TestReplays/NAME' -v
package gamefuzz

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
)

// Config is one game to play.
type Config struct {
	Game     *scenario.Game
	Scenario *scenario.Scenario
	// Options are the names of the options the game is created with, in
	// order.
	Options []string
	Seed    uint64
}

func (c Config) String() string {
	opt := strings.Join(c.Options, ",")
	if opt == "" {
		opt = "-"
	}
	return fmt.Sprintf("%s %s seed %d", c.Scenario.Name, opt, c.Seed)
}

// optionSets are the sets of options worth a game of each system, by
// registry name; a system not listed is played without options. gwite's
// options are documented where each is defined: cavalry-windows
// (sequence.go), fog-limited and fog-open (fog.go), opt-16.2 (t16.go),
// opt-17.5 (t17.go), strict-replacement (replace.go); the first four sets
// are the ones its tests play.
var optionSets = map[string][][]string{
	"gwite": {
		nil,
		{"cavalry-windows"},
		{"fog-limited"},
		{"cavalry-windows", "fog-limited"},
		{"fog-open", "opt-16.2", "opt-17.5", "strict-replacement"},
	},
	// kw's options are declared in its ruleset.go (options): the Fog of
	// War, the optional rules that change the rules' reach (morale,
	// Romania's variable entry, modernized Russian artillery), the
	// scenario options, and a game cut short (last-1916).
	"kw": {
		nil,
		{"fog-of-war"},
		{"morale", "variable-romanian-entry", "modernize-artillery"},
		{"moltke-east", "faster-russian-mobilization"},
		{"fog-of-war", "morale", "last-1916"},
	},
}

// Plan is every scenario of the games given whose system is registered,
// under every set of options worth trying for it, in a stable order: the
// games a run cycles through.
func Plan(games []*scenario.Game) ([]Config, error) {
	var out []Config
	for _, g := range games {
		if _, err := rulesets.Lookup(g.System); err != nil {
			return nil, fmt.Errorf("game %s: %w", g.ID, err)
		}
		sets := optionSets[g.System]
		if len(sets) == 0 {
			sets = [][]string{nil}
		}
		for _, s := range g.Scenarios {
			for _, opt := range sets {
				out = append(out, Config{Game: g, Scenario: s, Options: opt})
			}
		}
	}
	return out, nil
}

// Stats counts what games did.
type Stats struct {
	Games    int
	Windows  int // windows resolved
	Files    int // order files sent (a side that sent nothing sends none)
	Orders   int // orders that parsed and reached the referee
	Rejected int // of them, refused at resolution (engine.Rejected)
	Failures int
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Games += o.Games
	s.Windows += o.Windows
	s.Files += o.Files
	s.Orders += o.Orders
	s.Rejected += o.Rejected
	s.Failures += o.Failures
}

// Failure is a game that broke a promise of the engine.
type Failure struct {
	Config Config
	// Record replays the game up to the window where it failed.
	Record *Record
}

func (f *Failure) Error() string {
	return fmt.Sprintf("%s: %s: %s", f.Config, f.Record.Failed, f.Record.Problem)
}

// Play plays the game of c from its first window to its end, or to its
// first failure, with orders from a generator seeded by c.Seed.
func Play(c Config) (Stats, *Failure) {
	rs, err := rulesets.Lookup(c.Game.System)
	if err != nil {
		return Stats{Games: 1, Failures: 1}, &Failure{Config: c, Record: &Record{System: c.Game.System, Scenario: c.Scenario.Name, Options: c.Options, Seed: c.Seed, Failed: "start", Problem: err.Error()}}
	}
	_, stats, f := run(c, rs, newGen(c.Seed))
	return stats, f
}

// Replay plays the recorded game of r with the orders it holds, under the
// same checks, up to its last recorded window. The game data is found in
// games by scenario name.
func Replay(games []*scenario.Game, r *Record) (Stats, *Failure) {
	c, err := r.config(games)
	var rs engine.Ruleset
	if err == nil {
		rs, err = rulesets.Lookup(r.System)
	}
	if err != nil {
		return Stats{Games: 1, Failures: 1}, &Failure{Config: c, Record: &Record{System: r.System, Scenario: r.Scenario, Options: r.Options, Seed: r.Seed, Failed: "start", Problem: err.Error()}}
	}
	_, stats, f := run(c, rs, &replayer{windows: r.Windows})
	return stats, f
}

// source says what each side sends in a window: the generator's choice or
// the record's.
type source interface {
	// send is the order files of the window open in st (at most one a
	// side; a side left out sent nothing), given the robots' orders
	// for the sides that may submit; done is true when there is nothing
	// more to play.
	send(st engine.State, boards map[engine.Side]*engine.Board, robots map[engine.Side]string) (sent []Sent, done bool, problem string)
}

// replayer sends what a record holds.
type replayer struct {
	windows []WindowOrders
	next    int
}

func (r *replayer) send(st engine.State, _ map[engine.Side]*engine.Board, _ map[engine.Side]string) ([]Sent, bool, string) {
	if r.next >= len(r.windows) {
		return nil, true, ""
	}
	w := r.windows[r.next]
	r.next++
	if id := st.Window().ID; id != w.ID {
		return nil, false, fmt.Sprintf("the game is at window %q where the record has %q: the record no longer fits the ruleset", id, w.ID)
	}
	return w.Sent, false, ""
}

// sides is every side of g and the moderators, whose Boards are checked.
func sides(g *scenario.Game) []engine.Side {
	return append(slices.Clone(g.Sides), engine.Moderator)
}

// options is names as engine.Options.
func options(names []string) engine.Options {
	opt := engine.Options{}
	for _, n := range names {
		opt[n] = true
	}
	return opt
}
