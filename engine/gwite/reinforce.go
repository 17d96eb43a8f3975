package gwite

import (
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

// reinforcements places side's due reinforcements on their entry hexes,
// entrained (std 14.0, T[14.1]), except those the orders withhold
// (std 14.24). A blocked entry hex sends the unit to the nearest free rail
// hex on the map edge one game-turn later (std 14.22, AMB-25).
func (g *Game) reinforcements(side engine.Side, orders []engine.Order, l *log) {
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
		if g.entryBlocked(h, side) {
			alt, found := g.alternateEntry(h, side)
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
}

// alternateEntry is the nearest map-edge hex on side's own rail that is
// not blocked (std 14.22, AMB-25); ties go to the lowest hex id.
func (g *Game) alternateEntry(from hex.Hex, side engine.Side) (hex.Hex, bool) {
	m := g.Map()
	best, bestD := hex.Hex{}, -1
	for _, h := range m.Grid.All() {
		if !m.Grid.Edge(h) || !g.railHex(h, side) || g.entryBlocked(h, side) {
			continue
		}
		if d := m.Grid.Distance(from, h); bestD < 0 || d < bestD {
			best, bestD = h, d
		}
	}
	return best, bestD >= 0
}
