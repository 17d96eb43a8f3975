package gwite

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/scenario"
)

// ruleTables are the charts movement and combat read: the Terrain Effects
// Chart's movement costs (std 5.4), the CRT's column headings by TCR and
// its cells (std 8.8). They are the printed ones (builtinTables) unless the
// game's data types in its own, as tables tec, crt-odds and crt
// (docs/scenarios.md), so a club can play its corrected chart without a
// change of code.
type ruleTables struct {
	// tec is the MP to enter each terrain by TCR (index 1-4); -1 where the
	// chart prohibits it. A terrain with no row may not be entered.
	tec map[scenario.Terrain][5]int
	// crtColumns is each TCR's heading row: the ratio a:d of each column.
	crtColumns map[int][8][2]int
	// crt is the table proper: rows the modified die 1-8, columns c1-c8,
	// each cell attacker/defender.
	crt [8][8][2]Result
}

// builtinTables are the charts as printed (std 5.4 TEC, std 8.8 CRT).
var builtinTables = &ruleTables{
	tec: map[scenario.Terrain][5]int{
		// TCR:          -  1  2  3  4
		scenario.Clear:  {0, 1, 1, 1, 1},
		scenario.Forest: {0, 1, 1, 2, 2},
		scenario.Broken: {0, 1, 2, 2, 2},
		scenario.Swamp:  {0, 2, 2, 2, 3},
		scenario.Lake:   {0, -1, -1, -1, -1},
		scenario.Sea:    {0, -1, -1, -1, -1},
	},
	crtColumns: map[int][8][2]int{
		1: {{1, 4}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}},
		2: {{1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}},
		3: {{1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}},
		4: {{1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}},
	},
	crt: [8][8][2]Result{
		{{1, 1}, {1, 1}, {0, 1}, {0, 2}, {0, 3}, {0, 3}, {0, ResultE}, {0, ResultE}},
		{{1, 1}, {1, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 2}, {0, ResultE}, {0, ResultE}},
		{{1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 2}, {1, 2}, {0, 3}, {0, 3}},
		{{1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 2}, {1, 2}, {0, 3}},
		{{2, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 2}},
		{{2, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
		{{2, 0}, {2, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}},
		{{2, 0}, {2, 0}, {2, 0}, {2, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 1}},
	},
}

// tables returns the charts of the game's data, reading them the first
// time (New has already refused data whose tables do not read).
func (g *Game) tables() *ruleTables {
	if g.tabs == nil {
		t, err := tablesFrom(g.data)
		if err != nil {
			t = builtinTables
		}
		g.tabs = t
	}
	return g.tabs
}

// tablesFrom reads the charts the data types in, each in place of the
// printed one.
func tablesFrom(data *scenario.Game) (*ruleTables, error) {
	if data == nil || (data.Table("tec") == nil && data.Table("crt-odds") == nil && data.Table("crt") == nil) {
		return builtinTables, nil
	}
	t := *builtinTables
	if d := data.Table("tec"); d != nil {
		tec, err := readTEC(d, data.Map.Vocab())
		if err != nil {
			return nil, err
		}
		t.tec = tec
	}
	if d := data.Table("crt-odds"); d != nil {
		cols, err := readCRTOdds(d)
		if err != nil {
			return nil, err
		}
		t.crtColumns = cols
	}
	if d := data.Table("crt"); d != nil {
		crt, err := readCRT(d)
		if err != nil {
			return nil, err
		}
		t.crt = crt
	}
	return &t, nil
}

func tableErr(d *scenario.Table, pos scenario.Pos, format string, args ...any) error {
	return fmt.Errorf("%s: table %s: %s", pos, d.ID, fmt.Sprintf(format, args...))
}

// readTEC reads table tec: a row per terrain (its id or letter), columns
// the TCRs 1-4, cells the MP to enter or P where the chart prohibits it.
func readTEC(d *scenario.Table, v *scenario.Vocabulary) (map[scenario.Terrain][5]int, error) {
	if strings.Join(d.Columns, " ") != "1 2 3 4" {
		return nil, tableErr(d, d.Pos, "want columns 1 2 3 4, the TCRs (std 5.4), not %s", strings.Join(d.Columns, " "))
	}
	out := map[scenario.Terrain][5]int{}
	for _, r := range d.Rows {
		td := v.TerrainByKey(r.Key)
		if td == nil {
			return nil, tableErr(d, r.Pos, "row %s is not a declared terrain", r.Key)
		}
		var costs [5]int
		for i, c := range r.Cells {
			if c.Value == "P" {
				costs[i+1] = -1
				continue
			}
			n, err := strconv.Atoi(c.Value)
			if err != nil || n < 1 {
				return nil, tableErr(d, r.Pos, "row %s, TCR %s: %q: want the MP to enter (1 or more) or P", r.Key, d.Columns[i], c.Value)
			}
			costs[i+1] = n
		}
		out[td.Letter] = costs
	}
	for _, td := range v.Terrains {
		if _, ok := out[td.Letter]; !ok && td.Enter {
			return nil, tableErr(d, d.Pos, "no row for %s, which units may enter", td.ID)
		}
	}
	return out, nil
}

// readCRTOdds reads table crt-odds: a row per attacker TCR 1-4, eight
// columns, each cell the ratio A-D the odds must reach (std 8.8).
func readCRTOdds(d *scenario.Table) (map[int][8][2]int, error) {
	if len(d.Columns) != 8 {
		return nil, tableErr(d, d.Pos, "%d columns: the CRT has 8 (std 8.8)", len(d.Columns))
	}
	out := map[int][8][2]int{}
	for _, r := range d.Rows {
		tcr, err := strconv.Atoi(r.Key)
		if err != nil || tcr < 1 || tcr > 4 {
			return nil, tableErr(d, r.Pos, "row %s: want a TCR, 1 to 4", r.Key)
		}
		var row [8][2]int
		for i, c := range r.Cells {
			a, b, ok := strings.Cut(c.Value, "-")
			x, err1 := strconv.Atoi(a)
			y, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil || x < 1 || y < 1 {
				return nil, tableErr(d, r.Pos, "row %s, column %s: %q: want odds A-D such as 3-1", r.Key, d.Columns[i], c.Value)
			}
			row[i] = [2]int{x, y}
			if i > 0 && engine.RatioColumn(x, y, row[:i]) != i {
				return nil, tableErr(d, r.Pos, "row %s: column %s (%s) is below the column before it", r.Key, d.Columns[i], c.Value)
			}
		}
		out[tcr] = row
	}
	for tcr := 1; tcr <= 4; tcr++ {
		if _, ok := out[tcr]; !ok {
			return nil, tableErr(d, d.Pos, "no row for TCR %d", tcr)
		}
	}
	return out, nil
}

// readCRT reads table crt: rows the modified die 1-8, eight columns, each
// cell attacker/defender with - for no effect, 1-3 for an Option Table
// row, E for elimination (std 8.8).
func readCRT(d *scenario.Table) ([8][8][2]Result, error) {
	var out [8][8][2]Result
	if len(d.Columns) != 8 || len(d.Rows) != 8 {
		return out, tableErr(d, d.Pos, "%d rows and %d columns: the CRT has 8 of each (std 8.8)", len(d.Rows), len(d.Columns))
	}
	seen := map[int]bool{}
	for _, r := range d.Rows {
		die, err := strconv.Atoi(r.Key)
		if err != nil || die < 1 || die > 8 || seen[die] {
			return out, tableErr(d, r.Pos, "row %s: want each modified die 1 to 8 once", r.Key)
		}
		seen[die] = true
		for i, c := range r.Cells {
			a, b, ok := strings.Cut(c.Value, "/")
			ra, ok1 := parseResult(a)
			rb, ok2 := parseResult(b)
			if !ok || !ok1 || !ok2 {
				return out, tableErr(d, r.Pos, "row %s, column %s: %q: want attacker/defender, each -, 1, 2, 3 or E", r.Key, d.Columns[i], c.Value)
			}
			out[die-1][i] = [2]Result{ra, rb}
		}
	}
	return out, nil
}

func parseResult(s string) (Result, bool) {
	switch s {
	case "-":
		return 0, true
	case "1", "2", "3":
		return Result(s[0] - '0'), true
	case "E":
		return ResultE, true
	}
	return 0, false
}

// terrainCost is the chart's MP to enter terrain t at a TCR; ok false where
// the chart prohibits it or has no row.
func (t *ruleTables) terrainCost(ter scenario.Terrain, tcr int) (int, bool) {
	row, ok := t.tec[ter]
	if !ok || tcr < 1 || tcr > 4 || row[tcr] < 0 {
		return 0, false
	}
	return row[tcr], true
}

// crtRow is the heading row of a TCR; the Russian row (TCR 3) for a TCR
// the chart lacks.
func (t *ruleTables) crtRow(tcr int) [8][2]int {
	if row, ok := t.crtColumns[tcr]; ok {
		return row
	}
	return t.crtColumns[3]
}

// oddsColumn returns the CRT column (1-8) for attack a against defense d
// on the heading row of the attacker's TCR, rounding in the defender's
// favour (std 8.8 key: the highest column whose ratio the odds reach), and
// 0 if the odds are below the first column: such an attack is not allowed
// (AMB-07). A defense of 0 uses the last column [P].
func (t *ruleTables) oddsColumn(a, d, tcr int) int {
	if d <= 0 {
		return 8
	}
	row := t.crtRow(tcr)
	return engine.RatioColumn(a, d, row[:])
}

// columnName is the printed odds of a column on a TCR's heading row.
func (t *ruleTables) columnName(col, tcr int) string {
	row := t.crtRow(tcr)
	if col < 1 || col > 8 {
		return "below " + fmt.Sprintf("%d-%d", row[0][0], row[0][1])
	}
	r := row[col-1]
	return fmt.Sprintf("%d-%d", r[0], r[1])
}

// crtResult reads the table for a modified die roll (clamped to 1-8) and a
// column (1-8).
func (t *ruleTables) crtResult(die, col int) (att, def Result) {
	die = min(max(die, 1), 8)
	c := t.crt[die-1][col-1]
	return c[0], c[1]
}
