package gwite

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/scenario"
)

// sideTCR is the Tactical Competence Rating of a side's units when the
// counter data gives none: every German unit 1, every Russian 3 (T[3.4]).
func sideTCR(s engine.Side) int {
	if s == DE {
		return 1
	}
	return 3
}

// terrainCost is the Terrain Effects Chart's movement cost to enter a hex
// of terrain t for a unit of the given TCR (std 5.4; digest 002 5.1), from
// the chart the game plays with: water, or a terrain the chart prohibits,
// gives ok false.
func (g *Game) terrainCost(t scenario.Terrain, tcr int) (cost int, ok bool) {
	return g.tables().terrainCost(t, tcr)
}

// entrainCost is the extra MP to entrain: the unit's TCR (std 5.32, TEC).
func entrainCost(tcr int) int { return tcr }

// Result is one side's entry in a CRT cell: 0 for no effect, 1-3 pointing
// into the Option Table, or E (every affected defender eliminated).
type Result int

// ResultE is the defender's E result.
const ResultE Result = 4

func (r Result) String() string {
	switch r {
	case 0:
		return "-"
	case ResultE:
		return "E"
	}
	return fmt.Sprint(int(r))
}
