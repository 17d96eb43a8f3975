package gwite

import "pbem/engine/hex"

// Tannenberg command rules (T 17). Being written: until then they change
// nothing.

func (g *Game) hoffmanRadius(hq *Unit) int                                    { return g.commandRadiusBase(hq) }
func (g *Game) hoffmanStrength(hq *Unit) int                                  { return g.commandStrengthBase(hq) }
func (g *Game) firstTurnCommand(u *Unit, combat bool) bool                    { return false }
func (g *Game) commandIntegrity(hq *Unit, attackers []*Unit) (string, string) { return "", "" }
func (g *Game) armyIntegrity(u *Unit, from, to hex.Hex) (string, string)      { return "", "" }
