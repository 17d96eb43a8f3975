package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// Tannenberg Russian garrisons (T 20.0). Being written.

func (g *Game) garrisonIntegrity(u *Unit, from, to hex.Hex) (string, string) { return "", "" }
func (g *Game) garrisonRelease(side engine.Side, l *log)                     {}
