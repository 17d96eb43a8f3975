package engine

import "pbem/engine/scenario"

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
