package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// exertsZOC reports whether u projects a zone of control: every combat
// unit does, except depots (std 7.26) and entrained units (std 5.36); HQs
// never do (std 7.26, 10.52).
func exertsZOC(u *Unit) bool {
	return u.Loc == OnMap && !u.IsHQ() && u.Data.Type != scenario.Depot && !u.Entrained
}

// zocInto reports whether a ZOC projected from h reaches the adjacent hex
// n: not into lake or sea, not across a blocked hexside (std 7.11-7.12).
func (g *Game) zocInto(h, n hex.Hex) bool {
	m := g.Map()
	if !m.Grid.Contains(n) || m.Impassable(n) {
		return false
	}
	s, ok := m.Grid.SideBetween(h, n)
	if !ok {
		return false
	}
	if hs := m.Hexside(s); hs != nil && hs.Class == scenario.Blocked {
		return false
	}
	return true
}

// zoc returns the hexes in the zone of control of side: around its units
// and its undestroyed fortresses (std 7.0). Several ZOCs in one hex count
// as one (std 7.25).
func (g *Game) zoc(side engine.Side) map[hex.Hex]bool {
	if g.zocCache == nil {
		g.zocCache = map[engine.Side]map[hex.Hex]bool{}
	}
	if z, ok := g.zocCache[side]; ok {
		return z
	}
	var from []hex.Hex
	for _, u := range g.Units {
		if u.Side() == side && exertsZOC(u) {
			from = append(from, u.Hex)
		}
	}
	for _, f := range g.Forts {
		if f.Data.Owner == side && !f.Destroyed() {
			from = append(from, f.Data.Hex)
		}
	}
	z := engine.Zone(g.Map().Grid, from, g.zocInto)
	g.zocCache[side] = z
	return z
}

// inEZOC reports whether h is in the zone of control of side's enemy: what
// movement pays for (std 7.21).
func (g *Game) inEZOC(h hex.Hex, side engine.Side) bool {
	return g.zoc(enemy(side))[h]
}

// inEZOCForTrace is inEZOC for tracing supply, retreats and command radii:
// a hex holding a friendly unit or an undestroyed friendly fortress cancels
// the enemy ZOC in it for these purposes (std 7.24, 10.34).
func (g *Game) inEZOCForTrace(h hex.Hex, side engine.Side) bool {
	if !g.inEZOC(h, side) {
		return false
	}
	if g.occupiedBy(h, side) {
		return false
	}
	if f := g.forts[h]; f != nil && f.Data.Owner == side && !f.Destroyed() {
		return false
	}
	return true
}

// changed drops what is computed from unit positions.
func (g *Game) changed() { g.zocCache, g.supplyNets = nil, nil }

// moved drops what u's move changes: its own side's zone of control (the
// other side's depends only on the other side's units) and the supply
// nets, which both sides' units shape.
func (g *Game) moved(u *Unit) {
	delete(g.zocCache, u.Side())
	g.supplyNets = nil
}
