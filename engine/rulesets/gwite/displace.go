package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// displaceThreatenedHQs displaces every HQ of the side not moving that
// stands with no friendly combat unit next to a unit of the moving side
// (std 10.52, AMB-15). The rule applies at any time of the enemy Movement
// Phase, so it is checked as the movement segment opens (HQs left next to
// the enemy by the last phase) and after every order (units arriving by
// rail, off the map or as reinforcements, as well as on foot).
func (g *Game) displaceThreatenedHQs(l *log) {
	moving := g.phasingSide()
	for _, hq := range g.Units {
		if hq.Side() == moving || !hq.IsHQ() || !hq.OnMap() || !g.OnlyHQs(hq.Hex, hq.Side()) {
			continue
		}
		if g.nextToSide(hq.Hex, moving) {
			g.displace([]*Unit{hq}, l)
		}
	}
}

// nextToSide reports whether a unit of side stands next to h.
func (g *Game) nextToSide(h hex.Hex, side engine.Side) bool {
	for _, n := range g.Map().Grid.Neighbours(h) {
		if g.occupiedBy(n, side) {
			return true
		}
	}
	return false
}
