package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// offMapLink returns the cost of the off-map rail link between two exits
// (std 5.37), or false if there is none.
func (g *Game) offMapLink(a, b hex.Hex) (int, bool) {
	for _, l := range g.Map().OffMap {
		if (l.From == a && l.To == b) || (l.From == b && l.To == a) {
			return l.MP, true
		}
	}
	return 0, false
}

// orderOffMap sends an entrained unit standing on a rail exit along an
// off-map link (std 5.37-5.38). The link's cost counts against the rail
// rate (AMB-24); what the unit cannot cover this phase carries over to its
// side's next Movement Phase. Off-map movement is rail movement and uses
// rail capacity (HQs excepted).
func (g *Game) orderOffMap(side engine.Side, o engine.Order, l *log) {
	u := g.ownUnit(side, o, wordsOf(o, "")[0], l)
	if u == nil {
		return
	}
	to, err := hex.Parse(wordsOf(o, "to")[0])
	if err != nil {
		l.reject(side, o, "std 5.37", "%v", err)
		return
	}
	switch {
	case !u.OnMap() || !u.Entrained:
		l.reject(side, o, "std 5.37", "%s must be entrained on the map", u.ID)
		return
	case g.Map().Exits[u.Hex] == nil || g.Map().Exits[u.Hex].Country != side:
		l.reject(side, o, "std 5.37", "%s is not one of your rail exits", u.Hex)
		return
	}
	cost, ok := g.offMapLink(u.Hex, to)
	if !ok {
		l.reject(side, o, "std 5.37", "no off-map rail link joins %s to %s", u.Hex, to)
		return
	}
	if !g.chargeRail(u, l) {
		l.reject(side, o, "std 5.38", "%s", g.railFull(side))
		return
	}
	from := u.Hex
	left := g.railRate(side) - u.RailHexes
	g.setLoc(u, OffMap)
	u.OffMapTo, u.OffMapCost, u.OffMapProgress = to, cost, 0
	u.UsedRail, u.Moved = true, true
	l.notef("std 5.37", "%s leaves the map by rail at %s for %s (%d rail hexes off the map)", u.ID, from, to, cost)
	g.travel(u, left, l)
}

// continueOffMap moves side's units already off the map on along their
// links at the start of the Movement Phase; each counts against rail
// capacity again (std 5.38, AMB-24).
func (g *Game) continueOffMap(side engine.Side, l *log) {
	for _, u := range g.Units {
		if u.Side() != side || u.Loc != OffMap {
			continue
		}
		if !g.chargeRail(u, l) {
			l.notef("std 5.38", "%s waits off the map: no rail capacity left this turn", u.ID)
			continue
		}
		u.UsedRail, u.Moved = true, true
		g.travel(u, g.railRate(side), l)
	}
}

// travel spends up to rate rail hexes of u's off-map journey and brings it
// back onto the map, entrained, when the journey is done, unless the exit
// is held by the enemy or in its zone of control (std 5.37): then it waits.
func (g *Game) travel(u *Unit, rate int, l *log) {
	need := u.OffMapCost - u.OffMapProgress
	if rate < need {
		u.OffMapProgress += rate
		u.RailHexes += rate
		l.privatef(u.Side(), "std 5.38", "%s travels off the map: %d of %d rail hexes done", u.ID, u.OffMapProgress, u.OffMapCost)
		return
	}
	u.OffMapProgress = u.OffMapCost
	u.RailHexes += need
	if g.entryBlocked(u.OffMapTo, u.Side()) {
		l.privatef(u.Side(), "std 5.37", "%s waits off the map: %s is held or watched by the enemy", u.ID, u.OffMapTo)
		return
	}
	g.place(u, u.OffMapTo)
	g.occupy(u.Side(), u.OffMapTo)
	u.Entrained = true
	u.OffMapCost, u.OffMapProgress = 0, 0
	l.notef("std 5.37", "%s comes back onto the map by rail at %s", u.ID, u.OffMapTo)
}
