package gwite

import "pbem/engine"

// combatPhase resolves side's attacks (std 8.0). Being written (issue 3).
func (g *Game) combatPhase(side engine.Side, orders []engine.Order, l *log) {}
