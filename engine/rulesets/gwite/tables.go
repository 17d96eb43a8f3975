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
// of terrain t for a unit of the given TCR (std 5.4; digest 002 5.1). The
// chart has two columns, TCR 1-2 and TCR 3-4, each split by TCR; water is
// prohibited (ok false).
func terrainCost(t scenario.Terrain, tcr int) (cost int, ok bool) {
	switch t {
	case scenario.Clear:
		return 1, true
	case scenario.Forest:
		if tcr <= 2 {
			return 1, true
		}
		return 2, true
	case scenario.Broken:
		if tcr == 1 {
			return 1, true
		}
		return 2, true
	case scenario.Swamp:
		if tcr <= 3 {
			return 2, true
		}
		return 3, true
	}
	return 0, false
}

// entrainCost is the extra MP to entrain: the unit's TCR (std 5.32, TEC).
func entrainCost(tcr int) int { return tcr }

// CRT columns by the attacker's TCR (std 8.8): the ratio a:d of each column.
var crtColumns = map[int][8][2]int{
	1: {{1, 4}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}},
	2: {{1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}},
	3: {{1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}},
	4: {{1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}},
}

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

// crt is the Combat Results Table (std 8.8): rows are the modified die 1-8,
// columns c1-c8; each cell is attacker/defender.
var crt = [8][8][2]Result{
	{{1, 1}, {1, 1}, {0, 1}, {0, 2}, {0, 3}, {0, 3}, {0, ResultE}, {0, ResultE}},
	{{1, 1}, {1, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 2}, {0, ResultE}, {0, ResultE}},
	{{1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 2}, {1, 2}, {0, 3}, {0, 3}},
	{{1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 2}, {1, 2}, {0, 3}},
	{{2, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 2}},
	{{2, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
	{{2, 0}, {2, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}},
	{{2, 0}, {2, 0}, {2, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 1}},
}

// oddsColumn returns the CRT column (1-8) for attack a against defense d
// on the heading row of the attacker's TCR, rounding in the defender's
// favour (std 8.8 key: the highest column whose ratio the odds reach), and
// 0 if the odds are below the first column: such an attack is not allowed
// (AMB-07). A defense of 0 uses the last column [P].
func oddsColumn(a, d, tcr int) int {
	if d <= 0 {
		return 8
	}
	row, ok := crtColumns[tcr]
	if !ok {
		row = crtColumns[3]
	}
	return engine.RatioColumn(a, d, row[:])
}

// columnName is the printed odds of a column on a TCR's heading row.
func columnName(col, tcr int) string {
	row, ok := crtColumns[tcr]
	if !ok {
		row = crtColumns[3]
	}
	if col < 1 || col > 8 {
		return "below " + fmt.Sprintf("%d-%d", row[0][0], row[0][1])
	}
	r := row[col-1]
	return fmt.Sprintf("%d-%d", r[0], r[1])
}

// crtResult reads the table for a modified die roll (clamped to 1-8) and a
// column (1-8).
func crtResult(die, col int) (att, def Result) {
	if die < 1 {
		die = 1
	}
	if die > 8 {
		die = 8
	}
	c := crt[die-1][col-1]
	return c[0], c[1]
}
