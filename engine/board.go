package engine

import (
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Moderator is the side of the moderators' view: they see everything.
const Moderator Side = ""

// Board is what one side sees, in terms every ruleset shares: reports,
// maps, order templates and their JSON twins are drawn from it alone, so
// that they serve every rules system. A ruleset fills it from its View
// (View.Board), through its own fog of war.
type Board struct {
	Side  Side            // Moderator: the moderators' board, everything
	Sides []Side          // every side, in the game data's order
	Names map[Side]string // every side's name in the game data
	// Nations is each nation's name in the game data, by the id a
	// Piece's Nation gives.
	Nations  map[string]string
	Window   Window // the window now open
	Turn     int
	LastTurn int
	Scenario string // the scenario's title
	Map      *scenario.Map
	// Pieces are the counters and markers the side sees on the map, and
	// its own pieces off it, in a stable order.
	Pieces []Piece
	// Ghosts are where enemy pieces the side no longer sees were last seen.
	Ghosts []Ghost
	// Unseen lists the hexes out of the side's sight, in hex order; nil
	// when it sees the whole map.
	Unseen []hex.Hex
	// Track is the turn track a map draws, Turn marked; nil when the
	// rules system draws none.
	Track []*scenario.Turn
	Score Score
	// Standing is the side's standing orders in force, as orders.
	Standing []string
	// MarkerName is what the rules call a marker hiding pieces ("Gruppe
	// markers"); Key is how to read a unit line of a report, with the rule
	// cases of its values.
	MarkerName, Key string
	// Actors are the ids of the side's pieces that may be given orders in
	// the open window, for order templates.
	Actors []string
	// Lines are lines along hexsides a map draws besides the borders: the
	// front line a scenario sets up on, while it matters.
	Lines []Line
}

// Line is a named line along hexsides.
type Line struct {
	Name  string
	Sides []hex.Side
}

// Piece is a counter or marker as a side sees it.
type Piece struct {
	ID   string
	Name string
	Side Side
	// Nation is the nation whose counter it is; "" when the side has one.
	Nation string
	Type   scenario.UnitType
	Size   scenario.Size
	// OnMap: the piece stands on the map at Hex; otherwise Place says where
	// it is ("off-map", "due-A", "held"), and Box names the box printed
	// off the map that holds it (a scenario `box`), if it is drawn in one.
	OnMap bool
	Hex   hex.Hex
	Place string
	Box   string
	// Values are the numbers printed on the counter ("4-6-5"); Listed is
	// how a report lists them, when it says more ("HQ 1-2-3 (2h)").
	Values, Listed  string
	Steps, MaxSteps int
	// Strength orders a stack on a map: the strongest piece is drawn on
	// top (0 for pieces that do not fight).
	Strength int
	// Marker: a marker hiding what is under it, as the other side sees it;
	// ID is its token.
	Marker bool
	// Group names the hidden group an own piece is in ("G3"), if any.
	Group string
	// The markers a player would put on the counter.
	OutOfSupply, OutOfCommand bool
	// Notes are what a report says of the piece besides its values, each
	// with its rule case ("out of supply [9.2]").
	Notes []string
}

// Ghost is where an enemy piece the side no longer sees was last seen.
type Ghost struct {
	Piece         // as it was seen; ID "marker TOKEN" for a marker
	Turn   int    // the game-turn it was last seen
	When   string // that turn as the map marks it ("GT3")
	Window string // the window it was last seen in
}

// Score is where the game stands towards victory.
type Score struct {
	// Points per side. A ruleset that keeps one net total gives one entry,
	// the side it counts for (Net).
	Points []Points
	Net    bool
	Level  string // the level of victory the points give now, if any
	// Levels are the game's levels of victory, highest first, and the
	// rule case that sets them.
	Levels     []Level
	LevelsCase string
}

// Points is one side's victory points.
type Points struct {
	Side Side
	VP   int
}

// Level is one level of victory: it holds from Min up to one below the
// Min of the level above it.
type Level struct {
	Min   int
	Level string
}

// Movement is a move a map draws as an arrow.
type Movement struct {
	Who string // the piece, or "marker TOKEN"
	// Group is the hidden group a marker's move is, as its own side knows
	// it ("G3"); "" for a piece, or for the other side.
	Group string
	Side  Side
	Path  []hex.Hex
	Rail  bool
	// Glimpse: the part of an enemy move a side saw under limited fog;
	// the moderators, who see the whole move, skip it.
	Glimpse bool
}

// Mover is an event a map draws as a move.
type Mover interface{ Movement() Movement }

// Clash is a fight a map marks at a hex, with its result.
type Clash struct {
	Hex    hex.Hex
	Result string
}

// Fighter is an event a map marks as a fight.
type Fighter interface{ Clash() (Clash, bool) }

// Unwrap is the event e holds, when a fog screen wraps it.
func Unwrap(e Event) Event {
	for {
		w, ok := e.(interface{ Unwrap() Event })
		if !ok {
			return e
		}
		e = w.Unwrap()
	}
}
