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

// enemyHQsIn lists the enemy HQs in h (std 10.52).
func (g *Game) enemyHQsIn(h hex.Hex, side engine.Side) []*Unit {
	var out []*Unit
	for _, x := range g.at[h] {
		if x.Side() != side && x.IsHQ() {
			out = append(out, x)
		}
	}
	return out
}

// loneEnemyHQsNear reports whether enemy HQs stand in h, or alone next to
// it (std 10.52).
func (g *Game) loneEnemyHQsNear(h hex.Hex, side engine.Side) bool {
	if len(g.enemyHQsIn(h, side)) > 0 {
		return true
	}
	for _, n := range g.Map().Grid.Neighbours(h) {
		if g.OnlyHQs(n, enemy(side)) {
			return true
		}
	}
	return false
}

// displaceLoneHQsNear displaces every enemy HQ that stands next to h with
// no friendly combat unit in its hex (std 10.52, AMB-15).
func (g *Game) displaceLoneHQsNear(h hex.Hex, side engine.Side, l *log) {
	for _, n := range g.Map().Grid.Neighbours(h) {
		if !g.OnlyHQs(n, enemy(side)) {
			continue
		}
		g.displace(append([]*Unit(nil), g.at[n]...), l)
	}
}

// displace moves HQs to the hex holding the nearest friendly unit or
// fortress by the shortest path that avoids enemy units (and, for TCR 2-4,
// enemy ZOC without a friendly unit); an HQ that cannot displace is
// eliminated (std 10.52, AMB-15, AMB-52). Equally near hexes are ranked as
// digest 002 N6 proposes: a hex holding units of the HQ's own formation
// first, then the owner's standing `retreat ... toward` hex, then the
// shortest supply line, then the lowest hex id.
func (g *Game) displace(hqs []*Unit, l *log) {
	for _, hq := range hqs {
		side := hq.Side()
		from := hq.Hex
		s := engine.Search[hex.Hex]{
			Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
				for _, n := range g.Map().Grid.Neighbours(h) {
					if !g.traceable(h, n) || g.blockedByEnemy(n, side) || g.occupiedBy(n, enemy(side)) {
						continue
					}
					if hq.TCR() > 1 && g.inEZOCForTrace(n, side) {
						continue
					}
					visit(n, 1)
				}
			},
			Less: hex.Hex.Less,
		}
		r := s.Run(from)
		toward, hasToward := g.towardHex(hq)
		type rank struct{ cost, ownArmy, toward, supply int }
		better := func(a, b rank) bool {
			if a.cost != b.cost {
				return a.cost < b.cost
			}
			if a.ownArmy != b.ownArmy {
				return a.ownArmy < b.ownArmy
			}
			if a.toward != b.toward {
				return a.toward < b.toward
			}
			return a.supply < b.supply
		}
		best, found := hex.Hex{}, false
		var bestRank rank
		for _, h := range r.Reached(hex.Hex.Less) {
			if h == from {
				continue
			}
			friendly, own := false, false
			for _, x := range g.at[h] {
				if x.Side() == side && !x.IsHQ() {
					friendly = true
					own = own || (hq.Data.Parent != "" && x.Data.Parent == hq.Data.Parent)
				}
			}
			if f := g.forts[h]; f != nil && f.Data.Owner == side && !f.Destroyed() {
				friendly = true
			}
			if !friendly {
				continue
			}
			c, _ := r.Cost(h)
			rk := rank{cost: c, ownArmy: 1}
			if own {
				rk.ownArmy = 0
			}
			if hasToward {
				rk.toward = g.Map().Grid.Distance(h, toward)
			}
			rk.supply = 1 << 20
			if d, ok := g.supplyDistance(h, side, hq.TCR()); ok {
				rk.supply = d
			}
			if !found || better(rk, bestRank) {
				best, bestRank, found = h, rk, true
			}
		}
		if !found {
			g.eliminate(hq, "it could not displace", "std 10.52", l)
			continue
		}
		g.place(hq, best)
		g.occupy(side, best)
		l.notef("std 10.52", "%s displaces from %s to %s", hq.ID, from, best)
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

// ---- rail movement (std 5.3) ----

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
