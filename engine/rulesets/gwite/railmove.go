package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// railRate is the most hexes a unit may move by rail in one phase
// (std 5.31, T[5.41]).
func (g *Game) railRate(side engine.Side) int {
	return g.param("rail-rate."+string(side), 18)
}

// railCapacity is the stacking points side may move by rail this
// Movement Phase (std 5.31, T[5.41]): a fixed parameter, or the turn
// track's RusRail box for the Russian.
func (g *Game) railCapacity(side engine.Side) int {
	if v, ok := g.data.Param("rail-capacity." + string(side)); ok {
		return v
	}
	for _, t := range g.data.TurnTrack(g.scen) {
		if t.N == g.Turn {
			return rusRail(t)
		}
	}
	return 0
}

// railNet returns, per country, which adjacent hexes a rail line of that
// country joins (std 5.33, T[5.42]).
func (g *Game) railNet(country engine.Side) map[hex.Hex][]hex.Hex {
	if g.net == nil {
		g.net = buildRailNet(g.Map())
	}
	return g.net[country]
}

func buildRailNet(m *scenario.Map) map[engine.Side]map[hex.Hex][]hex.Hex {
	out := map[engine.Side]map[hex.Hex][]hex.Hex{}
	add := func(c engine.Side, a, b hex.Hex) {
		if out[c] == nil {
			out[c] = map[hex.Hex][]hex.Hex{}
		}
		for _, x := range out[c][a] {
			if x == b {
				return
			}
		}
		out[c][a] = append(out[c][a], b)
	}
	for _, l := range m.Rails {
		for i := 1; i < len(l.Hexes); i++ {
			add(l.Country, l.Hexes[i-1], l.Hexes[i])
			add(l.Country, l.Hexes[i], l.Hexes[i-1])
		}
	}
	return out
}

// railHex reports whether h is on a rail line of side's country
// (std 5.32, T[5.42]).
func (g *Game) railHex(h hex.Hex, side engine.Side) bool {
	_, ok := g.railNet(side)[h]
	return ok && g.Map().Country(h) == side
}

// orderEntrain puts a unit on the train (std 5.32).
func (g *Game) orderEntrain(side engine.Side, o engine.Order, id string, l *log) {
	u := g.ownUnit(side, o, id, l)
	if u == nil {
		return
	}
	switch {
	case !u.OnMap():
		l.reject(side, o, "std 5.32", "%s is not on the map", u.ID)
		return
	case u.Entrained:
		l.reject(side, o, "std 5.32", "%s is already entrained", u.ID)
		return
	case u.OCCMove:
		l.reject(side, o, "std 5.35", "%s is out of command control and may not entrain", u.ID)
		return
	case u.EntrainFail:
		l.reject(side, o, "T 16.11", "%s failed to entrain and its movement has ended", u.ID)
		return
	case !g.railHex(u.Hex, side):
		l.reject(side, o, "std 5.32", "%s is not on a rail line of your own country", u.Hex)
		return
	case u.TCR() > 1 && g.inEZOC(u.Hex, side):
		l.reject(side, o, "std 5.32", "%s is in an enemy zone of control; only TCR 1 units entrain there", u.Hex)
		return
	case !u.IsHQ() && g.oosAtStart[u.ID]:
		l.reject(side, o, "std 5.32", "%s is out of supply and may not entrain", u.ID)
		return
	}
	// std 5.32: every unit, HQs too, pays its TCR in MP to entrain.
	cost := entrainCost(u.TCR())
	if u.MPSpent+cost > g.movementAllowance(u) {
		l.reject(side, o, "std 5.32", "%s needs %d MP to entrain and has %d left", u.ID, cost, g.movementAllowance(u)-u.MPSpent)
		return
	}
	if !g.chargeRail(u, l) {
		l.reject(side, o, "std 5.31", "%s", g.railFull(side))
		return
	}
	// T 16.11-16.13: where the game sets a failure range, each unit but
	// HQs and depots rolls to entrain; a failure ends its movement, and the
	// try still counts against rail capacity.
	if fail := g.param("entrain-fail-max."+string(side), 0); fail > 0 && !u.IsHQ() && u.Data.Type != scenario.Depot {
		r := l.roll("T 16.11", "entrainment, "+u.ID)
		if r.Value <= fail {
			r.Result = "fails: its movement ends this phase; the try counts against rail capacity (T 16.12)"
			u.EntrainFail, u.Moved = true, true
			return
		}
		r.Result = "entrains"
	}
	u.MPSpent += cost
	u.Entrained = true
	u.Moved = true
	g.changed()
	l.notef("std 5.32", "%s entrains in %s", u.ID, u.Hex)
}

// chargeRail counts u against the phase's rail capacity the first time it
// uses rail this phase; HQs ride free (std 5.31). It reports false, and
// charges nothing, if the capacity would be exceeded.
func (g *Game) chargeRail(u *Unit, l *log) bool {
	if u.IsHQ() || g.railMoved[u.ID] {
		return true
	}
	// The capacity held back for units staying on the train (railcap.go)
	// is not there for others; one of them that moves counts once.
	held := g.railHeldSP()
	if g.railHeld[u.ID] {
		held = 0
	}
	if g.RailUsed+held+u.SP() > g.railCapacity(u.Side()) {
		return false
	}
	delete(g.railHeld, u.ID)
	g.RailUsed += u.SP()
	g.railMoved[u.ID] = true
	return true
}

// orderRail moves an entrained unit along its own country's rail lines
// (std 5.33): every hex on a connected line, none in an enemy ZOC or last
// occupied by the enemy, at most the rail rate.
func (g *Game) orderRail(side engine.Side, o engine.Order, l *log) {
	u := g.ownUnit(side, o, wordsOf(o, "")[0], l)
	if u == nil {
		return
	}
	if !u.Entrained || !u.OnMap() {
		l.reject(side, o, "std 5.33", "%s is not entrained on the map", u.ID)
		return
	}
	rate := g.railRate(side) - u.RailHexes
	open := func(h hex.Hex) bool { return g.railOpen(h, side) }
	var path []hex.Hex
	if via, ok := o.Clause("via"); ok {
		// `to HEX via HEX...`: along the hexes given, then on to HEX.
		if to, ok := o.Clause("to"); ok && via[len(via)-1].Text != to[0].Text {
			via = append(via[:len(via):len(via)], to[0])
		}
		cur := u.Hex
		for _, w := range via {
			h, err := hex.Parse(w.Text)
			if err != nil {
				l.reject(side, o, "std 5.33", "%v", err)
				return
			}
			linked := false
			for _, n := range g.railNet(side)[cur] {
				linked = linked || n == h
			}
			if !linked {
				l.reject(side, o, "std 5.33", "no rail line of yours joins %s to %s", cur, h)
				return
			}
			if !open(h) {
				l.reject(side, o, "std 5.33", "%s is closed to rail movement (enemy zone of control or last held by the enemy)", h)
				return
			}
			path = append(path, h)
			cur = h
		}
	} else if to, ok := o.Clause("to"); ok {
		dest, err := hex.Parse(to[0].Text)
		if err != nil {
			l.reject(side, o, "std 5.33", "%v", err)
			return
		}
		s := engine.Search[hex.Hex]{
			Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
				for _, n := range g.railNet(side)[h] {
					if open(n) {
						visit(n, 1)
					}
				}
			},
			Less:  hex.Hex.Less,
			Limit: rate,
		}
		p := s.Run(u.Hex).Path(dest)
		if p == nil {
			l.reject(side, o, "std 5.33", "no open rail route of at most %d hexes from %s to %s", rate, u.Hex, dest)
			return
		}
		path = p[1:]
	} else {
		l.reject(side, o, "std 5.33", "give `to HEX` or `via HEX...`")
		return
	}
	if len(path) > rate {
		l.reject(side, o, "std 5.31", "%d hexes is more than the %d rail hexes %s has left of its rate of %d", len(path), rate, u.ID, g.railRate(side))
		return
	}
	if !g.chargeRail(u, l) {
		l.reject(side, o, "std 5.31", "%s", g.railFull(side))
		return
	}
	done := []hex.Hex{u.Hex}
	for _, h := range path {
		if why, rule := g.moveIntegrity(u, u.Hex, h); why != "" {
			l.reject(side, o, rule, "%s stops in %s: %s", u.ID, u.Hex, why)
			break
		}
		if why := g.railCrossing(u, u.Hex, h); why != "" {
			l.reject(side, o, "T 16.21", "%s stops in %s: %s", u.ID, u.Hex, why)
			break
		}
		g.place(u, h)
		g.occupy(side, h)
		done = append(done, h)
	}
	u.UsedRail = true
	u.RailHexes += len(path)
	u.Moved = true
	l.add(&Moved{Unit: u.ID, Side: side, Path: done, Rail: true, Rule: "std 5.33"})
}

// railOpen reports whether a unit of side may move by rail into h: its own
// country's rail, not in an enemy ZOC, not held or last held by the enemy
// (std 5.33, T[5.42]).
func (g *Game) railOpen(h hex.Hex, side engine.Side) bool {
	return g.railHex(h, side) && !g.inEZOC(h, side) && g.LastOcc[h] != enemy(side) && !g.occupiedBy(h, enemy(side))
}

// orderDetrain takes a unit off the train; it may go on moving with the MP
// it has left (std 5.34).
func (g *Game) orderDetrain(side engine.Side, o engine.Order, id string, l *log) {
	u := g.ownUnit(side, o, id, l)
	if u == nil {
		return
	}
	if !u.Entrained {
		l.reject(side, o, "std 5.34", "%s is not entrained", u.ID)
		return
	}
	if u.OCCMove {
		l.reject(side, o, "std 5.35", "%s is out of command control: it may only move by rail", u.ID)
		return
	}
	u.Entrained = false
	g.changed()
	l.notef("std 5.34", "%s detrains in %s", u.ID, u.Hex)
}
