package gwite

import (
	"math"
	"slices"
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
)

// entryHex returns the hex of an entry letter for side, if the map has it.
func (g *Game) entryHex(letter string) (hex.Hex, bool) {
	for _, e := range g.Map().Entries {
		if e.Letter == letter {
			return e.Hex, true
		}
	}
	return hex.Hex{}, false
}

// entryBlocked reports whether side may not place units in h: an enemy
// unit or an enemy ZOC is there (std 14.21).
func (g *Game) entryBlocked(h hex.Hex, side engine.Side) bool {
	return g.occupiedBy(h, enemy(side)) || g.inEZOC(h, side)
}

// westFrontEntries is where a West Front unit of side may enter (T 19.22,
// AMB-35): any west-edge rail hex the enemy does not block, at the
// player's choice.
func (g *Game) westFrontEntries(side engine.Side) []hex.Hex {
	var legal []hex.Hex
	for _, w := range g.westEdgeRail(side) {
		if !g.entryBlocked(w, side) {
			legal = append(legal, w)
		}
	}
	return legal
}

// reinforcements places side's due reinforcements on their entry hexes,
// entrained (std 14.0, T[14.1]), except those the orders withhold
// (std 14.24). A blocked entry hex sends the unit to the nearest free rail
// hex on the map edge one game-turn later (std 14.22, AMB-25), unless an
// `offmap` order sends it along an off-map rail link from its entry exit
// instead (std 14.23). It returns the units whose `offmap` orders it used.
func (g *Game) reinforcements(side engine.Side, orders []engine.Order, l *log) map[string]bool {
	used := map[string]bool{}
	offmap := map[string]engine.Order{}
	for _, o := range orders {
		if o.Verb == "offmap" {
			if id := wordsOf(o, ""); len(id) == 1 {
				if _, dup := offmap[id[0]]; !dup {
					offmap[id[0]] = o
				}
			}
		}
	}
	withheld := map[string]bool{}
	for _, o := range orders {
		if o.Verb != "withhold" {
			continue
		}
		for _, id := range wordsOf(o, "") {
			u := g.ownUnit(side, o, id, l)
			if u == nil {
				continue
			}
			if u.Loc != NotArrived || u.ArriveTurn > g.Turn {
				l.reject(side, o, "std 14.24", "%s is not a reinforcement due this turn", id)
				continue
			}
			withheld[id] = true
			l.privatef(side, "std 14.24", "%s withheld", id)
		}
	}
	free := g.param("rail-free-arrivals."+string(side), 0) == 1
	for _, u := range g.Units {
		if u.Side() != side || u.Loc != NotArrived || u.ArriveTurn > g.Turn || withheld[u.ID] {
			continue
		}
		h, ok := g.entryHex(u.Entry)
		if u.EntryHex != (hex.Hex{}) {
			h, ok = u.EntryHex, true
		}
		if !ok {
			l.notef("std 14.0", "%s has no entry hex %q on the map and stays off it", u.ID, u.Entry)
			continue
		}
		if westFront(u.Data) {
			h = g.chosen(side, g.entries, u, g.westFrontEntries(side), h, "T 19.22", l)
		}
		if g.entryBlocked(h, side) {
			if o, ok := offmap[u.ID]; ok {
				used[u.ID] = true
				g.arriveOffMap(side, o, u, h, l)
				continue
			}
			alt, legal, found := g.alternateEntry(h, side)
			if found {
				alt = g.chosen(side, g.entries, u, legal, alt, "std 14.22", l)
			}
			if !found {
				l.notef("std 14.22", "%s cannot enter: %s is blocked and no free edge rail hex remains", u.ID, h)
				continue
			}
			u.EntryHex = alt
			u.ArriveTurn = g.Turn + 1
			l.notef("std 14.22", "%s: entry %s is blocked; it will enter at %s on GT%d", u.ID, h, alt, u.ArriveTurn)
			continue
		}
		g.place(u, h)
		g.occupy(side, h)
		u.Entrained = true
		if free {
			g.railMoved[u.ID] = true // T[14.1]: arrivals ride free this turn
		} else if !u.IsHQ() {
			g.railMoved[u.ID] = true
			g.RailUsed += u.SP() // T[14.1]: counted against rail capacity
		}
		l.notef("std 14.0", "%s arrives entrained at %s", u.ID, h)
	}
	return used
}

// arriveOffMap sends an entrained reinforcement whose entry hex is blocked
// along the off-map link from that exit (std 14.23, 5.37-5.38): it travels
// the link at once and comes on at the other end if the rail rate covers
// it, or keeps travelling into the next turns.
func (g *Game) arriveOffMap(side engine.Side, o engine.Order, u *Unit, entry hex.Hex, l *log) {
	to, err := hex.Parse(wordsOf(o, "to")[0])
	if err != nil {
		l.reject(side, o, "std 14.23", "%v", err)
		return
	}
	cost, ok := g.offMapLink(entry, to)
	if !ok {
		l.reject(side, o, "std 14.23", "no off-map rail link joins the entry hex %s to %s", entry, to)
		return
	}
	if !g.chargeRail(u, l) {
		l.reject(side, o, "std 5.38", "%s", g.railFull(side))
		return
	}
	u.Loc, u.Entrained = OffMap, true
	u.OffMapTo, u.OffMapCost, u.OffMapProgress = to, cost, 0
	u.UsedRail, u.Moved = true, true
	l.notef("std 14.23", "%s: entry %s is blocked; it goes by off-map rail to %s (%d rail hexes)", u.ID, entry, to, cost)
	g.travel(u, g.railRate(side), l)
}

// alternateEntry steps along the map edge from the blocked entry hex
// towards the nearest friendly unit on the map and takes the first edge
// hex on side's own rail that is not blocked (std 14.22, AMB-25). Both
// directions are walked; the one whose first free hex lies nearer that
// friendly unit wins, then the fewer steps, then the lower hex id.
//
// legal is every hex the player may choose instead (AMB-25): the first
// free one each way along the edge.
func (g *Game) alternateEntry(from hex.Hex, side engine.Side) (best hex.Hex, legal []hex.Hex, ok bool) {
	m := g.Map()
	ring := g.edgeRing()
	at := -1
	for i, h := range ring {
		if h == from {
			at = i
		}
	}
	if at < 0 {
		return hex.Hex{}, nil, false
	}
	friend, hasFriend := hex.Hex{}, false
	bestD := -1
	for _, u := range g.Units {
		if u.Side() == side && u.OnMap() {
			if d := m.Grid.Distance(from, u.Hex); bestD < 0 || d < bestD || (d == bestD && u.Hex.Less(friend)) {
				friend, bestD, hasFriend = u.Hex, d, true
			}
		}
	}
	type cand struct {
		h     hex.Hex
		steps int
	}
	var cands []cand
	for _, dir := range []int{1, -1} {
		for k := 1; k < len(ring); k++ {
			h := ring[((at+dir*k)%len(ring)+len(ring))%len(ring)]
			if g.railHex(h, side) && !g.entryBlocked(h, side) {
				cands = append(cands, cand{h, k})
				break
			}
		}
	}
	if len(cands) == 0 {
		return hex.Hex{}, nil, false
	}
	for _, c := range cands {
		if !slices.Contains(legal, c.h) {
			legal = append(legal, c.h)
		}
	}
	bc := cands[0]
	for _, c := range cands[1:] {
		switch {
		case hasFriend && m.Grid.Distance(c.h, friend) != m.Grid.Distance(bc.h, friend):
			if m.Grid.Distance(c.h, friend) < m.Grid.Distance(bc.h, friend) {
				bc = c
			}
		case c.steps != bc.steps:
			if c.steps < bc.steps {
				bc = c
			}
		case c.h.Less(bc.h):
			bc = c
		}
	}
	return bc.h, legal, true
}

// edgeRing lists the map-edge hexes in order round the map, clockwise from
// north, so that stepping along the edge is stepping along the list.
func (g *Game) edgeRing() []hex.Hex {
	grid := g.Map().Grid
	var ring []hex.Hex
	for _, h := range grid.All() {
		if grid.Edge(h) {
			ring = append(ring, h)
		}
	}
	cx, cy := 0.0, 0.0
	for _, h := range ring {
		x, y := grid.Center(h)
		cx, cy = cx+x, cy+y
	}
	cx, cy = cx/float64(len(ring)), cy/float64(len(ring))
	angle := func(h hex.Hex) float64 {
		x, y := grid.Center(h)
		return math.Atan2(x-cx, cy-y) // 0 at north, growing clockwise
	}
	sort.SliceStable(ring, func(i, j int) bool { return angle(ring[i]) < angle(ring[j]) })
	return ring
}
