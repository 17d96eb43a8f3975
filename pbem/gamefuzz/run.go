package gamefuzz

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/dice"
)

// windowsPerTurn bounds the windows of one game-turn: a game that opens
// more than this many per game-turn of its scenario is taken not to end.
// A gwite game-turn opens at most six (a movement, a cavalry withdrawal
// and a combat window a side), and the set-up one more.
const windowsPerTurn = 32

// game is one game being played and checked.
type game struct {
	c     Config
	rs    engine.Ruleset
	verbs []engine.Verb
	opt   engine.Options
	robot bool
	rec   *Record
	stats Stats
}

// diceSeed is the seed of every window's dice in the game of seed: the
// window's dice are dice.New(diceSeed, window ID), as in self-play.
func diceSeed(seed uint64) []byte { return fmt.Appendf(nil, "gamefuzz %d", seed) }

// run plays the game of c under rs with the orders src sends, checking
// every window, until the game is over, src has no more, or a check
// fails. The record holds every window played.
func run(c Config, rs engine.Ruleset, src source) (*Record, Stats, *Failure) {
	g := &game{c: c, rs: rs, verbs: rs.Verbs(), robot: rulesets.HasRobot(rs.Name()), opt: options(c.Options),
		rec: &Record{System: c.Game.System, Scenario: c.Scenario.Name, Options: c.Options, Seed: c.Seed}}
	stats, f := g.play(src)
	return g.rec, stats, f
}

func (g *game) play(src source) (Stats, *Failure) {
	c := g.c
	var st engine.State
	var err error
	if p := guard("New", func() { st, err = g.rs.New(c.Game, c.Scenario, g.opt) }); p != "" {
		return g.fail("start", p)
	}
	if err != nil {
		return g.fail("start", "New: "+err.Error())
	}
	if p := g.checkState(st); p != "" {
		return g.fail("start", p)
	}
	boards, p := g.boards(st)
	if p != "" {
		return g.fail("start", p)
	}
	limit := (c.Scenario.Last - c.Scenario.First + 2) * windowsPerTurn
	for !st.Window().Done {
		w := st.Window()
		if g.stats.Windows >= limit {
			return g.fail(w.ID, fmt.Sprintf("the game has not ended after %d windows (game-turns %d to %d)", g.stats.Windows, c.Scenario.First, c.Scenario.Last))
		}
		robots, p := g.robots(st)
		var sent []Sent
		var done bool
		if p == "" {
			sent, done, p = src.send(st, boards, robots)
		}
		if done {
			break
		}
		g.rec.Windows = append(g.rec.Windows, WindowOrders{ID: w.ID, Sent: sent})
		if p != "" {
			return g.fail(w.ID, p)
		}
		next, p := g.window(st, sent)
		if p == "" {
			boards, p = g.boards(next)
		}
		if p != "" {
			return g.fail(w.ID, p)
		}
		st = next
	}
	g.stats.Games = 1
	return g.stats, nil
}

func (g *game) fail(window, problem string) (Stats, *Failure) {
	g.stats.Games, g.stats.Failures = 1, 1
	g.rec.Failed, g.rec.Problem = window, problem
	return g.stats, &Failure{Config: g.c, Record: g.rec}
}

// guard runs f and turns a panic into a problem naming what panicked,
// with the stack.
func guard(what string, f func()) (problem string) {
	defer func() {
		if r := recover(); r != nil {
			problem = fmt.Sprintf("%s panicked: %v\n%s", what, r, firstLines(string(debug.Stack()), 40))
		}
	}()
	f()
	return ""
}

// robots is the robot's orders for each side that may submit in the
// window open in st, if the system has a robot: it must write them
// without failing, and they must parse.
func (g *game) robots(st engine.State) (map[engine.Side]string, string) {
	out := map[engine.Side]string{}
	if !g.robot {
		return out, ""
	}
	w := st.Window()
	for _, side := range w.Submit {
		var text string
		var err error
		if p := guard("the robot", func() { text, err = rulesets.Robot(st, side) }); p != "" {
			return nil, p
		}
		if err != nil {
			return nil, fmt.Sprintf("the robot fails for %s: %v", side, err)
		}
		if _, err := orders.Parse("robot", []byte(text), g.verbs); err != nil {
			return nil, fmt.Sprintf("the robot's %s orders do not parse: %v\n%s", side, err, text)
		}
		out[side] = text
	}
	return out, ""
}

// boards builds the Board of every side and of the moderators: it must
// not panic, and it shows the window open in st.
func (g *game) boards(st engine.State) (map[engine.Side]*engine.Board, string) {
	out := map[engine.Side]*engine.Board{}
	id := st.Window().ID
	for _, side := range sides(g.c.Game) {
		var b *engine.Board
		if p := guard(fmt.Sprintf("View(%q).Board()", side), func() { b = st.View(side).Board() }); p != "" {
			return nil, p
		}
		if b == nil {
			return nil, fmt.Sprintf("View(%q).Board() is nil", side)
		}
		if b.Window.ID != id {
			return nil, fmt.Sprintf("the Board of %q shows window %q, the state is at %q", side, b.Window.ID, id)
		}
		out[side] = b
	}
	return out, ""
}

// window resolves the window open in st with the order files sent, and
// checks the resolution and the state it leads to.
func (g *game) window(st engine.State, sent []Sent) (engine.State, string) {
	w := st.Window()
	by := map[engine.Side][]engine.Order{}
	for _, s := range sent {
		// Parse keeps the well-formed orders and leaves out the lines it
		// refuses, which never reach the referee.
		f, _ := orders.Parse(fmt.Sprintf("%s %s", w.ID, s.Side), []byte(s.Text), g.verbs)
		by[s.Side] = f.Orders
		g.stats.Files++
		g.stats.Orders += len(f.Orders)
		if p := guard("Validate", func() { st.Validate(s.Side, f.Orders) }); p != "" {
			return nil, p
		}
		if p := guard("Preview", func() { rulesets.Preview(st, s.Side, f.Orders) }); p != "" {
			return nil, p
		}
	}
	before, p := snapshot(st, "the state")
	if p != "" {
		return nil, p
	}
	next, events, p := resolve(st, by, w.ID, g.c.Seed)
	if p != "" {
		return nil, p
	}
	g.stats.Windows++
	for _, e := range events {
		if _, ok := engine.Unwrap(e).(*engine.Rejected); ok {
			g.stats.Rejected++
		}
	}
	after, p := snapshot(st, "the state resolved")
	if p != "" {
		return nil, p
	}
	if !bytes.Equal(before, after) {
		return nil, "Resolve changed the state it was called on (its snapshot differs)"
	}
	if p := g.checkRestore(before, by, w.ID, next, events); p != "" {
		return nil, p
	}
	if p := g.checkState(next); p != "" {
		return nil, p
	}
	return next, g.checkOrder(w, next.Window())
}

// resolve resolves the window id of st with the game's dice; a panic or
// an error is a problem, for bad orders must become Rejected events.
func resolve(st engine.State, by map[engine.Side][]engine.Order, id string, seed uint64) (engine.State, []engine.Event, string) {
	var next engine.State
	var events []engine.Event
	var err error
	if p := guard("Resolve", func() { next, events, err = st.Resolve(by, dice.New(diceSeed(seed), id)) }); p != "" {
		return nil, nil, p
	}
	if err != nil {
		return nil, nil, "Resolve fails: " + err.Error()
	}
	if next == nil {
		return nil, nil, "Resolve gives no state"
	}
	return next, events, ""
}

func snapshot(st engine.State, what string) ([]byte, string) {
	var b []byte
	var err error
	if p := guard("Snapshot of "+what, func() { b, err = st.Snapshot() }); p != "" {
		return nil, p
	}
	if err != nil {
		return nil, fmt.Sprintf("Snapshot of %s fails: %v", what, err)
	}
	return b, ""
}

// checkRestore restores the snapshot before of the state that resolved
// window id to next with events: the restored state snapshots to the same
// bytes and resolves the window, with the same orders and dice, to the
// same events and the same next state.
func (g *game) checkRestore(before []byte, by map[engine.Side][]engine.Order, id string, next engine.State, events []engine.Event) string {
	var back engine.State
	var err error
	if p := guard("Restore", func() { back, err = g.rs.Restore(g.c.Game, g.c.Scenario, g.opt, before) }); p != "" {
		return p
	}
	if err != nil {
		return "Restore of the state's snapshot fails: " + err.Error()
	}
	again, p := snapshot(back, "the restored state")
	if p != "" {
		return p
	}
	if !bytes.Equal(before, again) {
		return "the restored state snapshots to other bytes than the state it was restored from"
	}
	next2, events2, p := resolve(back, by, id, g.c.Seed)
	if p != "" {
		return "the restored state: " + p
	}
	if p := sameEvents(events, events2); p != "" {
		return "the restored state resolves the window differently: " + p
	}
	n1, p := snapshot(next, "the next state")
	if p != "" {
		return p
	}
	n2, p := snapshot(next2, "the restored state's next state")
	if p != "" {
		return p
	}
	if !bytes.Equal(n1, n2) {
		return "the restored state resolves the window to another state (its snapshot differs)"
	}
	return ""
}

// sameEvents says where two lists of events first differ, "" if nowhere.
func sameEvents(a, b []engine.Event) string {
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i].String()
		}
		if i < len(b) {
			y = b[i].String()
		}
		if x != y {
			return fmt.Sprintf("event %d of %d/%d is %q, then %q", i+1, len(a), len(b), x, y)
		}
	}
	return ""
}

// checkState checks st between windows: its invariants, its system, and
// that its window is over or has a side that may act, of the game's
// sides, within the scenario's game-turns, as WindowOf finds it again.
func (g *game) checkState(st engine.State) string {
	var err error
	if p := guard("Check", func() { err = st.Check() }); p != "" {
		return p
	}
	if err != nil {
		return "Check: " + err.Error()
	}
	if sys := st.System(); sys != g.rs.Name() {
		return fmt.Sprintf("the state names the system %q, not %q", sys, g.rs.Name())
	}
	w := st.Window()
	if w.Done {
		return ""
	}
	if len(w.Submit) == 0 {
		return fmt.Sprintf("window %q is open and no side may submit orders to it", w.ID)
	}
	for _, s := range w.Submit {
		if !slices.Contains(g.c.Game.Sides, s) {
			return fmt.Sprintf("window %q waits for %q, not a side of the game", w.ID, s)
		}
	}
	if w.Turn > g.c.Scenario.Last {
		return fmt.Sprintf("window %q is open in game-turn %d, after the scenario's last (%d)", w.ID, w.Turn, g.c.Scenario.Last)
	}
	var again engine.Window
	var ok bool
	if p := guard("WindowOf", func() { again, ok = st.WindowOf(w.ID) }); p != "" {
		return p
	}
	if !ok || again.Turn != w.Turn || again.Step != w.Step || again.Kind != w.Kind || again.ID != w.ID {
		return fmt.Sprintf("WindowOf(%q) gives %+v, %v; the open window is %+v", w.ID, again, ok, w)
	}
	return ""
}

// checkOrder checks that the window after w comes after it.
func (g *game) checkOrder(w, next engine.Window) string {
	if next.Done || next.Turn > w.Turn || next.Turn == w.Turn && next.Step > w.Step {
		return ""
	}
	return fmt.Sprintf("window %q (game-turn %d, step %d) follows %q (game-turn %d, step %d)", next.ID, next.Turn, next.Step, w.ID, w.Turn, w.Step)
}

// firstLines is the first n lines of s, to keep a stack short.
func firstLines(s string, n int) string {
	lines := strings.SplitAfterN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "")
}
