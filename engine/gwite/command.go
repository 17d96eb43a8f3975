package gwite

import "pbem/engine"

// commandSegment puts side's units in or out of command control, for
// movement or for combat (std 10.3-10.4). Being written (issue 3): until
// then every unit is in command.
func (g *Game) commandSegment(side engine.Side, orders []engine.Order, combat bool, l *log) {}
