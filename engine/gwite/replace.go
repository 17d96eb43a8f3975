package gwite

import "pbem/engine"

// replacementPhase restores lost steps (std 13.0, T[11.0]). Being written
// (issue 3).
func (g *Game) replacementPhase(side engine.Side, l *log) {}
