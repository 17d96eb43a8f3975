package engine

import "pbem/engine/scenario"

// What only some rulesets have, found through the registry
// (engine/rulesets), never by a type assertion in pbem/.

// DataChecker is a Ruleset that checks a game's data against rules of its
// own, beyond what engine/scenario checks for every game (ids, references,
// sources, hexes on the map, placements): the ranges of its units' values,
// where its rail lines may run, its set-up stacking limit. A system whose
// data needs nothing more does not implement it.
type DataChecker interface {
	Ruleset
	// CheckData returns every problem of g's data under this system's
	// rules, each at the file and line it is about, in file and line
	// order. g has loaded without problems of its own syntax.
	CheckData(g *scenario.Game) scenario.ErrorList
}

// Fixture is a state that adjudication cases can set up and question, for
// a ruleset that has cases (found through the registry).
type Fixture interface {
	State
	// SetWindow moves a freshly set-up game to the window with this id.
	SetWindow(id string) error
	// Adjust changes one thing of a freshly set-up game, by a directive
	// of the ruleset's own ("steps RU-1C 1").
	Adjust(directive string) error
	// Expect checks one expectation of the ruleset's own, in words ("unit
	// RU-1C at 0613", "vp 3"): what is wrong, "" if it holds; known is
	// false when the ruleset has no such expectation.
	Expect(words []string) (problem string, known bool)
}

// Previewer is a state that can tell a side, before the window is
// resolved, how its orders will fare (the acknowledgement's remarks); a
// ruleset without it gets acknowledgements without remarks. Found through
// the registry.
type Previewer interface {
	State
	// Preview reads side's orders for the open window as things stand,
	// from what side's View shows and nothing else, without rolling dice:
	// the path chosen for a move given only its destination, the odds of
	// an attack, the orders resolution will refuse whatever the dice and
	// what side cannot see (Refused), and warnings for orders whose fate
	// hangs on either or that would fare badly. An order neither Refused
	// nor warned of is not refused when the window is resolved with the
	// other side sending nothing. Orders Validate refuses get no remark.
	Preview(side Side, orders []Order) []Remark
}

// Counted is an event that self-play statistics count (pbem selfplay): a
// unit eliminated, an attack made. What names the kind in words, with the
// cause where there is one ("eliminated (attrition)", "attack"), and side
// is the side it counts for: the loser of the unit, the attacker.
type Counted interface {
	Event
	Count() (what string, side Side)
}

// Censor is a state that counts a side's position for self-play
// statistics, at the end of each game-turn: units on the map, out of
// supply, outside every HQ's command. Found through the registry.
type Censor interface {
	State
	// Census counts side's units by condition, in a fixed order.
	Census(side Side) []Tally
}

// Tally is one count of a Census: "out of supply" 3.
type Tally struct {
	What string
	N    int
}
