package gwite

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// param returns a rule parameter of the game data, or def.
func (g *Game) param(name string, def int) int {
	if v, ok := g.data.Param(name); ok {
		return v
	}
	return def
}

// step is one hex of a land move and what entering it costs.
type step struct {
	cost   int
	ok     bool
	reason string
	rule   string
}

// enterCost is the cost for u to move from a into the adjacent hex b
// (std 5.12, TEC; digest 002 5.1), or why it may not.
func (g *Game) enterCost(u *Unit, a, b hex.Hex) step {
	m := g.Map()
	side := u.Side()
	if !m.Grid.Contains(b) {
		return step{reason: fmt.Sprintf("%s is off the map", b), rule: "std 5.0"}
	}
	s, ok := m.Grid.SideBetween(a, b)
	if !ok {
		return step{reason: fmt.Sprintf("%s is not next to %s", b, a), rule: "std 5.0"}
	}
	t := m.Terrain(b)
	if m.Impassable(b) {
		return step{reason: fmt.Sprintf("%s is %s", b, m.TerrainName(t)), rule: "std 5.4"}
	}
	hs := m.Hexside(s)
	if hs != nil && hs.Class == scenario.Blocked {
		return step{reason: fmt.Sprintf("the hexside %s is blocked", s), rule: "std 5.4"}
	}
	if g.occupiedBy(b, enemy(side)) {
		// std 10.52: a combat unit with an attack strength may enter a hex
		// holding only enemy HQs, which displace.
		if !(g.OnlyHQs(b, enemy(side)) && !u.IsHQ() && u.Strength().Attack > 0) {
			return step{reason: fmt.Sprintf("%s holds enemy units", b), rule: "std 5.13"}
		}
	}
	f := g.forts[b]
	if f != nil && f.Data.Owner != side && !f.Destroyed() {
		return step{reason: fmt.Sprintf("%s is an undestroyed enemy fortress", b), rule: "std 5.13"}
	}
	var cost int
	town := m.Towns[b]
	switch {
	case f != nil:
		// AMB-53: a friendly or destroyed fortress hex costs 1, like a city.
		cost = 1
	case town != nil && town.City:
		cost = 1 // TEC: City 1 MP whatever else is in the hex
	default:
		cost, _ = g.terrainCost(t, u.TCR())
	}
	if _, ok := m.Trenches[b]; ok {
		cost++ // TEC: Trench +1
	}
	if hs != nil && (hs.Class == scenario.MinorRiver || hs.Class == scenario.MajorRiver) {
		cost++ // TEC: crossing a River or Major River +1
	}
	if g.inEZOC(b, side) {
		cost++ // std 7.21
	}
	return step{cost: cost, ok: true}
}

// movementAllowance is what u may spend this phase: the printed MA, halved
// (rounded down, at least 1) if it was out of supply at the start of the
// phase (std 9.21); HQs are never halved (std 10.35).
func (g *Game) movementAllowance(u *Unit) int {
	ma := u.MA()
	if !u.IsHQ() && g.oosAtStart[u.ID] {
		ma = max(1, ma/2)
	}
	return ma
}

// movementPhase runs the phasing side's Movement Phase (std 4.0 1a-1e).
func (g *Game) movementPhase(side engine.Side, orders []engine.Order, l *log) {
	for _, u := range g.Units {
		if u.Side() == side {
			u.MPSpent, u.Moved, u.UsedRail, u.RailHexes, u.EntrainFail = 0, false, false, 0, false
			u.AllocatedTo = ""
		}
	}
	g.RailUsed = 0
	g.railMoved, g.railHeld = map[string]bool{}, nil
	g.railLoad = nil
	if g.Replace != nil {
		delete(g.Replace, side)
	}
	// a. Initial Supply Determination (std 9.11-1).
	g.oosAtStart = map[string]bool{}
	for _, u := range g.Units {
		if u.Side() != side {
			continue
		}
		u.OutOfSupply = u.OnMap() && !u.IsHQ() && !g.supplied(u)
		if u.OutOfSupply {
			g.oosAtStart[u.ID] = true
			l.notef("std 9.21", "%s is out of supply: movement allowance halved", u.ID)
		}
	}
	g.supplyDisclosures(side, l)
	// b. Reinforcements (std 14.0), and units travelling off the map
	// (std 5.38).
	g.entries = g.entryChoices(side, orders, l)
	arrivedOffMap := g.reinforcements(side, orders, l)
	g.exclusiveReinforcements(side, orders, l)
	g.refuseUnusedEntries(side, g.entries, l)
	g.continueOffMap(side, l)
	// c. Command Control (std 10.3-10.4).
	g.commandSegment(side, orders, false, l)
	// d. Movement, order by order (std 5.0); lone enemy HQs next to the
	// phasing side's units displace at any time (std 10.52).
	g.displaceThreatenedHQs(l)
	g.holdRail(side, orders)
	for _, o := range orders {
		g.displaceThreatenedHQs(l) // after the order before
		l.start(o)
		switch o.Verb {
		case "move":
			g.orderMove(side, o, l)
		case "entrain":
			for _, id := range wordsOf(o, "") {
				g.orderEntrain(side, o, id, l)
			}
		case "rail":
			g.orderRail(side, o, l)
		case "offmap":
			if id := wordsOf(o, ""); len(id) == 1 && arrivedOffMap[id[0]] {
				continue // carried out in the Reinforcement Segment (std 14.23)
			}
			g.orderOffMap(side, o, l)
		case "detrain":
			for _, id := range wordsOf(o, "") {
				g.orderDetrain(side, o, id, l)
			}
		case "gruppe": // T 18 (t18.go)
			g.orderGruppe(side, o, l)
		case "leave":
			g.orderLeave(side, o, l)
		case "remove":
			g.orderRemove(side, o, l)
		case "replace":
			var ids []string
			for _, id := range wordsOf(o, "") {
				if g.ownUnit(side, o, id, l) != nil {
					ids = append(ids, id)
				}
			}
			if g.Replace == nil {
				g.Replace = map[engine.Side][]string{}
			}
			g.Replace[side] = append(g.Replace[side], ids...)
		}
	}
	g.displaceThreatenedHQs(l)
	l.start(engine.Order{})
	g.countStillEntrained(side, l)
	// e. Attrition (std 9.22).
	g.attritionSegment(side, l)
}

func wordsOf(o engine.Order, keyword string) []string {
	ws, _ := o.Clause(keyword)
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

// ownUnit returns side's unit id, or rejects the order.
func (g *Game) ownUnit(side engine.Side, o engine.Order, id string, l *log) *Unit {
	u := g.units[id]
	if u == nil || u.Side() != side {
		l.reject(side, o, "", "%s is not one of your units", id)
		return nil
	}
	if u.Loc == Eliminated {
		l.reject(side, o, "", "%s has been eliminated", id)
		return nil
	}
	return u
}

// mayMove reports whether u may make a land move now, or rejects the order.
func (g *Game) mayMove(side engine.Side, o engine.Order, u *Unit, l *log) bool {
	switch {
	case !u.OnMap():
		l.reject(side, o, "std 5.0", "%s is not on the map", u.ID)
	case u.Entrained:
		l.reject(side, o, "std 5.33", "%s is entrained: rail it or detrain it first", u.ID)
	case u.OCCMove:
		l.reject(side, o, "std 10.41", "%s is out of command control and may not move", u.ID)
	case u.EntrainFail:
		l.reject(side, o, "T 16.11", "%s failed to entrain and its movement has ended", u.ID)
	default:
		return true
	}
	return false
}

// orderMove carries out `move UNIT to HEX` or `move UNIT via HEX...`.
func (g *Game) orderMove(side engine.Side, o engine.Order, l *log) {
	id := wordsOf(o, "")[0]
	if g.gruppeRef(side, id) {
		g.orderMoveGruppe(side, o, l) // T 18.31: `move GN ...` (t18.go)
		return
	}
	u := g.ownUnit(side, o, id, l)
	if u == nil || !g.mayMove(side, o, u, l) {
		return
	}
	if gr := g.gruppeOf(u); gr != nil {
		// T 18.31: a unit in a box moves with its Gruppe.
		l.reject(side, o, "T 18.31", "%s is in Gruppe %d: move the Gruppe, or `leave %s` first", u.ID, gr.N, u.ID)
		return
	}
	path, dest, toDest, ok := moveTarget(side, o, l)
	if !ok {
		return
	}
	if toDest {
		if dest == u.Hex {
			l.reject(side, o, "std 5.0", "%s is already in %s", u.ID, dest)
			return
		}
		path = g.cheapestPath(u, dest)
		if path == nil {
			rule, why := g.unreachable(u, dest)
			l.reject(side, o, rule, "%s", why)
			return
		}
	}
	g.walk(side, o, u, path, l)
}

// moveTarget reads the `to HEX` or `via HEX...` of a move order: the path
// given hex by hex, or the destination for the cheapest path.
func moveTarget(side engine.Side, o engine.Order, l *log) (path []hex.Hex, dest hex.Hex, toDest, ok bool) {
	to, hasTo := o.Clause("to")
	via, hasVia := o.Clause("via")
	if !hasTo && !hasVia {
		l.reject(side, o, "std 5.0", "give `to HEX`, `via HEX...` or both")
		return nil, dest, false, false
	}
	if hasTo && hasVia {
		// `to HEX via HEX...`: along the hexes given, then on to HEX if
		// they do not end there.
		if via[len(via)-1].Text != to[0].Text {
			via = append(via[:len(via):len(via)], to[0])
		}
	} else if hasTo {
		d, err := hex.Parse(to[0].Text)
		if err != nil {
			l.reject(side, o, "std 5.0", "%v", err)
			return nil, dest, false, false
		}
		return nil, d, true, true
	}
	for _, w := range via {
		h, err := hex.Parse(w.Text)
		if err != nil {
			l.reject(side, o, "std 5.0", "%v", err)
			return nil, dest, false, false
		}
		path = append(path, h)
	}
	return path, dest, false, true
}

// cheapestPath finds the least-MP legal path for u to dest within what it
// has left, not counting its own hex; or the single hex of the minimum
// move (std 5.17) when dest is next to it and it has not moved. nil if
// there is none.
func (g *Game) cheapestPath(u *Unit, dest hex.Hex) []hex.Hex {
	r := g.landSearch(u, g.movementAllowance(u)-u.MPSpent, dest)
	if p := r.Path(dest); p != nil {
		return p[1:]
	}
	if u.MPSpent == 0 && g.Map().Grid.Adjacent(u.Hex, dest) && g.enterCost(u, u.Hex, dest).ok {
		return []hex.Hex{dest}
	}
	return nil
}

// landSearch finds the least-MP land paths of u from its hex within limit
// MP (std 5.12, 7.21). A Russian route is costed as the Russian sees the
// map (T 18.41, AMB-30): each hex next to a Gruppe marker costs the MP
// the move must hold there, whether or not the marker hides a zone of
// control, so the route chosen never depends on what the marker hides.
func (g *Game) landSearch(u *Unit, limit int, goal ...hex.Hex) *engine.Result[hex.Hex] {
	var near map[hex.Hex]bool
	if u.Side() != hiddenSide {
		near = g.besideMarkers()
	}
	grid := g.Map().Grid
	s := engine.Search[hex.Hex]{
		Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
			for d, n := range grid.Neighbours(h) {
				st := g.stepCost(u, h, d, n)
				if !st.ok {
					continue
				}
				if near[n] && !g.inEZOC(n, u.Side()) {
					st.cost++ // the MP held for a possible zone of control
				}
				visit(n, st.cost)
			}
		},
		Less:  hex.Hex.Less,
		Limit: limit,
		// Every hex a move enters is on the map (the step table); a hex
		// off it, the destination of a bad order, has no number, for
		// Grid.Index would give it an on-map hex's (on 35 columns, 0136
		// is 0201's).
		Index: func(h hex.Hex) int {
			if !grid.Contains(h) {
				return -1
			}
			return grid.Index(h)
		},
		Size: grid.Size(),
	}
	if len(goal) == 1 {
		// Every hex costs at least 1 MP (TEC), so the path to the goal
		// is the full search's.
		s.Goal = func(h hex.Hex) bool { return h == goal[0] }
	}
	return s.Run(u.Hex)
}

// walk moves u hex by hex along path, paying each hex, and stops at the
// first hex it may not enter (std 5.12-5.17). The hexes reached stand.
func (g *Game) walk(side engine.Side, o engine.Order, u *Unit, path []hex.Hex, l *log) {
	ma := g.movementAllowance(u)
	done := []hex.Hex{u.Hex}
	var notes []string
	stopped := false
	var stopRule, stopText string
	stop := func(rule, format string, args ...any) {
		stopped, stopRule, stopText = true, rule, fmt.Sprintf(format, args...)
	}
	for i, h := range path {
		st := g.enterCost(u, u.Hex, h)
		if !st.ok {
			stop(st.rule, "%s stops in %s: %s", u.ID, u.Hex, st.reason)
			break
		}
		if why, rule := g.moveIntegrity(u, u.Hex, h); why != "" {
			stop(rule, "%s stops in %s: %s", u.ID, u.Hex, why)
			break
		}
		cost := st.cost
		// T 18.41, AMB-30: next to a Gruppe marker the Russian must hold
		// one MP more, in case it projects a ZOC (t18.go).
		need, told, nearMarker := g.spareMP(u, h, cost)
		if u.MPSpent+need > ma {
			// std 5.17, AMB-22: a unit in command that has spent nothing
			// may always move one hex.
			if !(i == 0 && u.MPSpent == 0) {
				if nearMarker {
					stop("T 18.41", "%s stops in %s: entering %s next to a Gruppe marker needs %d MP plus 1 held for a possible zone of control, and only %d of %d are left", u.ID, u.Hex, h, told, ma-u.MPSpent, ma)
					break
				}
				stop("std 5.14", "%s stops in %s: entering %s costs %d MP and only %d of %d are left", u.ID, u.Hex, h, cost, ma-u.MPSpent, ma)
				break
			}
			notes = append(notes, "minimum move of one hex [std 5.17]")
			cost = ma - u.MPSpent
		}
		u.MPSpent += cost
		u.Moved = true
		if nearMarker {
			// T 18.41: the move up to h is reported before what entering
			// h reveals.
			l.add(&Moved{Unit: u.ID, Side: side, Path: append(done, h), MP: u.MPSpent, Rule: "std 5.0", Notes: notes})
			done, notes = nil, nil
		}
		g.place(u, h) // T 18.42: removes the dummies next to h
		g.occupy(side, h)
		done = append(done, h)
		if nearMarker {
			g.announceZOC(u, h, l)
		}
		if g.loneEnemyHQsNear(h, side) {
			// std 10.52: HQs displace the moment the unit arrives; the
			// move so far is reported first.
			if len(done) > 1 {
				l.add(&Moved{Unit: u.ID, Side: side, Path: done, MP: u.MPSpent, Rule: "std 5.0", Notes: notes})
				done, notes = []hex.Hex{h}, nil
			}
			if hqs := g.enemyHQsIn(h, side); len(hqs) > 0 {
				g.displace(hqs, l)
			}
			g.displaceLoneHQsNear(h, side, l)
		}
	}
	if len(done) > 1 {
		l.add(&Moved{Unit: u.ID, Side: side, Path: done, MP: u.MPSpent, Rule: "std 5.0", Notes: notes})
	}
	if stopped {
		l.reject(side, o, stopRule, "%s", stopText)
	}
}

// traceable reports whether a trace may cross from h into the adjacent n:
// n on land and the hexside not blocked (AMB-20).
func (g *Game) traceable(h, n hex.Hex) bool {
	m := g.Map()
	if !m.Grid.Contains(n) || m.Impassable(n) {
		return false
	}
	s, _ := m.Grid.SideBetween(h, n)
	hs := m.Hexside(s)
	return hs == nil || hs.Class != scenario.Blocked
}

// eliminate removes a unit from play.
func (g *Game) eliminate(u *Unit, why, rule string, l *log) {
	steps := u.Steps()
	g.setLoc(u, Eliminated)
	u.StepsLost = u.Data.Steps
	u.Entrained = false
	l.add(&StepLoss{Unit: u.ID, Side: u.Side(), Lost: steps, Eliminated: true, Why: why, Rule: rule})
	g.scoreLoss(u, steps, l)
}
