package gwite

import "pbem/engine"

// Census implements engine.Censor for self-play statistics: side's combat
// units on the map, those out of supply now (std 9.1) and those outside
// every friendly HQ's Command Radius (std 10.43).
func (g *Game) Census(side engine.Side) []engine.Tally {
	var on, unsupplied, uncommanded int
	for _, u := range g.Units {
		if u.Side() != side || !u.OnMap() || !u.IsCombat() {
			continue
		}
		on++
		if !g.supplied(u) {
			unsupplied++
		}
		if g.outsideAllRadii(u) {
			uncommanded++
		}
	}
	return []engine.Tally{{What: "on the map", N: on}, {What: "out of supply", N: unsupplied}, {What: "outside every HQ radius", N: uncommanded}}
}
