package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// Hooks where a game's exclusive rules change the standard rules. Each is
// called from the standard-rules code and hands over to the exclusive
// rules of Tannenberg (t16.go to t21.go), which act only where the game's
// data or options call for them.

// commandRadius is hq's Command Radius now (std 10.11, T 17.3).
func (g *Game) commandRadius(hq *Unit) int { return g.hoffmanRadius(hq) }

// commandStrength is hq's Command Strength now (std 10.11, T 17.3).
func (g *Game) commandStrength(hq *Unit) int { return g.hoffmanStrength(hq) }

// alwaysInCommand reports whether the exclusive rules put u in command
// without allocation or roll (T 17.2).
func (g *Game) alwaysInCommand(u *Unit, combat bool) bool { return g.firstTurnCommand(u, combat) }

// shiftIntegrity says why hq may not lend its shift to an attack by these
// units under the exclusive rules (T 17.12, 17.4), or "" if it may.
func (g *Game) shiftIntegrity(hq *Unit, attackers []*Unit) (why, rule string) {
	return g.commandIntegrity(hq, attackers)
}

// moveIntegrity says why u may not enter to from from under the exclusive
// rules (T 17.11 army integrity, T 20.0 garrisons), or "" if it may.
func (g *Game) moveIntegrity(u *Unit, from, to hex.Hex) (why, rule string) {
	if why, rule := g.armyIntegrity(u, from, to); why != "" {
		return why, rule
	}
	return g.garrisonIntegrity(u, from, to)
}

// exclusiveReinforcements runs the exclusive rules' part of side's
// Reinforcement Segment (T 19, T 20.0), after the scheduled arrivals.
func (g *Game) exclusiveReinforcements(side engine.Side, orders []engine.Order, l *log) {
	g.westFront(side, orders, l)
	g.garrisonRelease(side, l)
}
