package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// Hooks where a game's exclusive rules change the standard rules. Each is
// called from the standard-rules code; the Tannenberg exclusive rules fill
// them in from the game's data and options (T 16-21).

// commandRadius is hq's Command Radius now (std 10.11; T 17.3 may double
// it).
func (g *Game) commandRadius(hq *Unit) int { return g.commandRadiusBase(hq) }

// commandStrength is hq's Command Strength now (std 10.11; T 17.3 may
// raise it).
func (g *Game) commandStrength(hq *Unit) int { return g.commandStrengthBase(hq) }

// alwaysInCommand reports whether the exclusive rules put u in command
// without allocation or roll (T 17.2).
func (g *Game) alwaysInCommand(u *Unit, combat bool) bool { return false }

// shiftIntegrity says why hq may not lend its shift to an attack by these
// units under the exclusive rules (T 17.12, 17.4), or "" if it may.
func (g *Game) shiftIntegrity(hq *Unit, attackers []*Unit) (why, rule string) { return "", "" }

// moveIntegrity says why u may not enter h under the exclusive rules
// (T 17.11 army integrity, T 20.0 garrisons), or "" if it may.
func (g *Game) moveIntegrity(u *Unit, from, to hex.Hex) (why, rule string) { return "", "" }

// exclusiveReinforcements runs the exclusive rules' part of side's
// Reinforcement Segment (T 19, T 20.0 releases), after the scheduled
// arrivals.
func (g *Game) exclusiveReinforcements(side engine.Side, orders []engine.Order, l *log) {}
