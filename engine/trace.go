package engine

import "pbem/engine/hex"

// Trace finds the shortest line, counted in hexes, from a hex to the
// nearest goal hex: the shape of supply lines, command radii and the like
// in every rules system here. Some hexes may use up an allowance (a supply
// line that may pass through at most two hexes of enemy zone of control);
// a line that would exceed it is not a line.
type Trace struct {
	Grid  hex.Grid
	Goal  func(h hex.Hex) bool        // the hexes a line may end in
	Step  func(from, to hex.Hex) bool // whether a line may cross from one hex into the next
	Costs func(h hex.Hex) bool        // hexes that use up one unit of Allow; nil for none
	Allow int                         // how many such hexes a line may pass through
	Limit int                         // the longest line; 0 or less for no limit
}

type traceNode struct {
	h    hex.Hex
	used int
}

func traceLess(a, b traceNode) bool {
	if a.h != b.h {
		return a.h.Less(b.h)
	}
	return a.used < b.used
}

// Nearest returns the length of the shortest line from h to a goal hex (0
// if h is one), not counting h itself, and whether there is one.
func (t Trace) Nearest(h hex.Hex) (int, bool) {
	if t.Goal(h) {
		return 0, true
	}
	found := false
	var at traceNode
	s := Search[traceNode]{
		Edges: func(n traceNode, visit func(traceNode, int)) {
			// Nodes come out shortest first: the first goal reached is the
			// nearest, and nothing after it needs expanding.
			if found {
				return
			}
			if t.Goal(n.h) {
				found, at = true, n
				return
			}
			for _, m := range t.Grid.Neighbours(n.h) {
				if !t.Step(n.h, m) {
					continue
				}
				used := n.used
				if t.Costs != nil && t.Costs(m) {
					used++
				}
				if used <= t.Allow {
					visit(traceNode{m, used}, 1)
				}
			}
		},
		Less:  traceLess,
		Limit: t.Limit,
	}
	r := s.Run(traceNode{h, 0})
	if !found {
		return 0, false
	}
	c, _ := r.Cost(at)
	return c, true
}

// Zone returns the hexes next to any of the given hexes that into allows:
// a zone of control, projected from the hexes of the units and places that
// exert one. Several zones in one hex count as one.
func Zone(g hex.Grid, from []hex.Hex, into func(from, to hex.Hex) bool) map[hex.Hex]bool {
	z := map[hex.Hex]bool{}
	for _, h := range from {
		for _, n := range g.Neighbours(h) {
			if into(h, n) {
				z[n] = true
			}
		}
	}
	return z
}
