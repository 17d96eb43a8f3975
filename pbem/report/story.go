package report

import "pbem/engine"

// sent is e with the line of a rejected order as the player's file has
// it, when lines knows it: the resolution reads the canonical text, whose
// lines are not those the acknowledgement quoted.
func sent(e engine.Event, lines map[engine.Side]map[int]int) engine.Event {
	r, ok := unwrap(e).(*engine.Rejected)
	if !ok {
		return e
	}
	line, ok := lines[r.Side][r.Problem.Line]
	if !ok {
		return e
	}
	c := *r
	c.Problem.Line = line
	return &c
}
