package gwite

import "pbem/engine"

// supplied reports whether u is in supply now (std 9.1).
// Being written (issue 3): until then every unit is in supply.
func (g *Game) supplied(u *Unit) bool { return true }

// attritionSegment rolls attrition for side's unsupplied units (std 9.22).
// Being written (issue 3).
func (g *Game) attritionSegment(side engine.Side, l *log) {}
