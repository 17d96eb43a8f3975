package gwite

import "pbem/engine"

// Tannenberg West Front reinforcements (T 19). Being written.

func (g *Game) westFront(side engine.Side, orders []engine.Order, l *log) {}
