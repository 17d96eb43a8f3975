package gwite

import "pbem/engine"

// cavalryWithdrawalPhase lets side's cavalry try to withdraw (std 12.1).
// Being written (issue 3).
func (g *Game) cavalryWithdrawalPhase(side engine.Side, orders []engine.Order, l *log) {}
