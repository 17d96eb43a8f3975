package engine

import (
	"fmt"

	"pbem/engine/scenario"
)

// Side is a player side, as the scenario data names it ("RU", "DE").
type Side = scenario.Side

// Ruleset is one rules system: it builds games from scenario data and
// declares the order language its windows accept.
type Ruleset interface {
	// Name is the registry key, the `system=` of a game's data.
	Name() string
	// Version numbers the ruleset's results: it goes up with every change
	// that makes some window resolve differently, so that a replay knows
	// when to expect other results (pbem audit).
	Version() int
	// Verbs is the order language of this system: one table drives
	// parsing, help text and the order templates.
	Verbs() []Verb
	// Kinds are the kinds of window of the sequence of play (Window.Kind),
	// with the time a club gives a side for each unless it says otherwise.
	Kinds() []Kind
	// Options are the optional rules and rulings a game may be created
	// with (Options): a name a game asks for that is not among them is
	// refused.
	Options() []OptionSpec
	// New starts scenario s of game g.
	New(g *scenario.Game, s *scenario.Scenario, opt Options) (State, error)
	// Restore rebuilds a state of scenario s of game g, started with opt,
	// from what its Snapshot wrote.
	Restore(g *scenario.Game, s *scenario.Scenario, opt Options, snapshot []byte) (State, error)
}

// Options are the optional rules and rulings a game is created with, by
// name ("cavalry-windows", "opt-16.2"). Each ruleset documents its own.
type Options map[string]bool

// State is one game at one instant, between windows. Implementations are
// values: no method changes the receiver.
type State interface {
	// Window is the window now open for orders; Window().Done when the
	// game is over.
	Window() Window
	// Validate checks orders for one side against the open window without
	// rolling dice or changing anything: a dry run for acknowledgements.
	Validate(side Side, orders []Order) []Problem
	// Resolve closes the open window with the orders each side sent (a
	// side missing from the map sent nothing and its standing orders
	// apply), runs every automatic step up to the next window, and returns
	// the new state and what happened. The receiver is not changed. Bad
	// orders never stop resolution: each becomes a Rejected event.
	Resolve(orders map[Side][]Order, dice Dice) (State, []Event, error)
	// View is what side may know of the game now (fog of war).
	View(side Side) View
	// WindowOf is window id of the game's sequence of play (its Turn,
	// Step, Kind and ID as the ruleset spells it), as it opens or opened,
	// or false if the sequence has no such window. Binding a file to the
	// open window asks it which of the two comes first.
	WindowOf(id string) (Window, bool)
	// System is the name of the ruleset the game is played under, its
	// registry key (Ruleset.Name).
	System() string
	// Check verifies the invariants that must hold between windows.
	Check() error
	// Snapshot encodes the state for storage: the same state always gives
	// the same bytes, and Ruleset.Restore of them gives a state that
	// resolves every window exactly as this one would.
	Snapshot() ([]byte, error)
}

// Window is one order window of the sequence of play.
type Window struct {
	Turn int
	// Step is the window's place in its game-turn, from 0: with Turn, the
	// order of the windows.
	Step int
	// Kind is the ruleset's word for what the window is ("MOVE",
	// "COMBAT"): deadlines, templates and robots go by it, never by the
	// shape of the ID.
	Kind     string
	ID       string // short and stable: "GT3 RU-MOVE"
	Name     string // for people: "Russian Movement Phase"
	Phasing  Side
	Submit   []Side   // sides whose orders the window waits for
	Optional bool     // nothing sent means the standing orders decide
	Verbs    []string // verbs accepted in this window
	Done     bool     // the game is over; no more windows
}

// OptionSpec is one optional rule or ruling of a ruleset.
type OptionSpec struct {
	Name    string // as Options keys it: "fog-of-war"
	Case    string // the rule case: "Opt: Fog of War", "T 16.2"
	Summary string // what it changes, for people
}

// Kind is a kind of window of a ruleset's sequence of play.
type Kind struct {
	Kind  string // as Window.Kind spells it: "MOVE"
	Name  string // for people: "movement phase"
	Hours int    // the default deadline, hours after the window opens
}

// Problem is an order that cannot be carried out, with the rule it breaks.
type Problem struct {
	Line   int    // line of the order in its file
	Order  string // the order in canonical form
	Reason string // for the player; never names hidden enemy units
	Case   string // rule case, e.g. "std 5.13"
}

func (p Problem) String() string {
	return fmt.Sprintf("line %d: %s: %s", p.Line, p.Order, Cited(p.Reason, p.Case))
}

// Cited is text followed by its rule case in brackets, if there is one.
func Cited(text, rule string) string {
	if rule == "" {
		return text
	}
	return text + " [" + rule + "]"
}

// Remark is what a preview says about one order: how the engine reads it
// or, for a Warning, why it may fail or fare badly as things stand.
type Remark struct {
	Line    int    // line of the order in its file
	Order   string // the order in canonical form
	Text    string // for the player; drawn from the side's View only
	Case    string // rule case, if one applies
	Warning bool
	// Refused: resolution will refuse the order whatever the dice and the
	// other side do, for the reason in Text.
	Refused bool
}

func (r Remark) String() string {
	return fmt.Sprintf("line %d: %s: %s", r.Line, r.Order, Cited(r.Text, r.Case))
}

// View is what one side may know: the ruleset fills it from the state
// through its fog-of-war rules. Reports and maps are drawn from a View,
// never from a State.
type View interface {
	Side() Side
	Window() Window
	// Board is the view in terms every ruleset shares.
	Board() *Board
}
