package kw

import (
	"fmt"
	"strconv"

	"pbem/engine/scenario"
)

// The combat results (14.14, [Combat Results]).
const (
	rAZ = "AZ" // attacker annihilated
	rAD = "AD" // attacker defeated
	rBB = "BB" // bloodbath
	rBT = "BT" // breakthrough
	rDD = "DD" // defender defeated
	rDP = "DP" // defender panic
	rDZ = "DZ" // defender annihilated
	rMD = "MD" // mobile defense
	rST = "ST" // stalemate
)

// crtBands are the lowest percentage of each column (14.13): ≤49, 50-99,
// 100-149, 150-199, 200-299, 300-399, 400-499, 500-599, ≥600.
var crtBands = []int{0, 50, 100, 150, 200, 300, 400, 500, 600}

// crtColumns are the column keys of the crt tables in the data.
var crtColumns = []string{"c0", "c50", "c100", "c150", "c200", "c300", "c400", "c500", "c600"}

// The printed tables, rows die 1-6 ([Standard CRT], [Shock CRT]).
var standardCRT = [6][9]string{
	{rAZ, rAZ, rAD, rAD, rAD, rST, rBB, rBB, rBB},
	{rAZ, rAD, rAD, rAD, rST, rBB, rBB, rDD, rDD},
	{rAD, rAD, rAD, rST, rBB, rBB, rDD, rDD, rDD},
	{rAD, rAD, rST, rST, rDD, rDD, rDD, rDD, rDZ},
	{rAD, rST, rST, rDD, rDD, rDD, rDD, rDZ, rDZ},
	{rAD, rDD, rDD, rDD, rDD, rDD, rDZ, rDZ, rDZ},
}

var shockCRT = [6][9]string{
	{rAZ, rAD, rAD, rAD, rAD, rMD, rMD, rMD, rMD},
	{rAD, rAD, rAD, rAD, rMD, rMD, rMD, rDP, rDP},
	{rAD, rAD, rMD, rMD, rDP, rDP, rDP, rDP, rDP},
	{rAD, rAD, rMD, rDP, rDP, rDP, rDP, rDP, rBT},
	{rAD, rMD, rDP, rDP, rDP, rDP, rBT, rBT, rBT},
	{rAD, rDP, rDP, rDP, rBT, rBT, rBT, rBT, rBT},
}

// tec is one terrain's line of the Terrain Effects Chart (11.4, 14.11,
// 17.8, 22.1).
type tec struct {
	MP, WinterMP int  // to enter; Winter (and Thaw in Russia) for forest (22.1(2), 22.2)
	Defense      int  // 1 or 2 (14.11(1))
	Attrition    bool // a Winter turn's supply attrition check (17.8)
}

// reorg is one line of the reorganization chart (10.1): the corps an army
// breaks into and is built from.
type reorg struct {
	Type    string   // corps type
	Count   int      // how many
	Nations []string // the nation of each, when they differ (Sud, 21.1)
}

// purchase is one line of the Mobilization Chart (9.3, 9.5).
type purchase struct {
	Cost, Delay, From int
	Limit             int // per turn per country; 0 for none
}

// charts are the tables the rules read.
type charts struct {
	crt   map[string]*[6][9]string // "standard", "shock"
	tec   map[string]tec           // by terrain id
	river tec                      // a river or lake hexside: MP extra, Defense 2
	reorg map[string]reorg
	buy   map[string]purchase // by unit type
}

// The values the text fixes or the digest reconstructs (5.14), which the
// data's own tables replace.
func defaultCharts() *charts {
	sc, sh := standardCRT, shockCRT
	return &charts{
		crt: map[string]*[6][9]string{"standard": &sc, "shock": &sh},
		tec: map[string]tec{
			"clear":  {MP: 1, WinterMP: 1, Defense: 1, Attrition: true},
			"forest": {MP: 1, WinterMP: 2, Defense: 1, Attrition: true},
			"marsh":  {MP: 2, WinterMP: 2, Defense: 2, Attrition: true},
			"rough":  {MP: 2, WinterMP: 2, Defense: 2, Attrition: true},
			"city":   {MP: 1, WinterMP: 1, Defense: 2, Attrition: true},
		},
		river: tec{MP: 1, Defense: 2},
		reorg: map[string]reorg{
			"inf-army":   {Type: tInf, Count: 3},
			"aa":         {Type: tInf, Count: 2},
			"sud":        {Type: tInf, Count: 2, Nations: []string{"DE", "AH"}},
			"shock-army": {Type: tShock, Count: 2},
		},
		buy: map[string]purchase{
			tInf:      {Cost: 4},
			tCav:      {Cost: 5},
			tSupply:   {Cost: 10},
			tArmTrain: {Cost: 10, Delay: 1},
			tMarine:   {Cost: 9, Delay: 1, From: 1915, Limit: 1},
			tAlpine:   {Cost: 6, Delay: 1, From: 1915, Limit: 1},
			tShock:    {Cost: 8, Delay: 2, From: 1916, Limit: 1},
			tAirbase:  {Cost: 10, Delay: 1, From: 1916},
		},
	}
}

// readCharts takes the built-in charts and replaces each with the data's
// table of the same id, if the data has one.
func readCharts(g *scenario.Game) (*charts, error) {
	c := defaultCharts()
	for name := range c.crt {
		t := g.Table("crt-" + name)
		if t == nil {
			continue
		}
		var m [6][9]string
		for die := 1; die <= 6; die++ {
			for i, col := range crtColumns {
				cell, ok := t.Cell(strconv.Itoa(die), col)
				if !ok {
					return nil, fmt.Errorf("%s: table %s: no cell for die %d, column %s", t.Pos, t.ID, die, col)
				}
				m[die-1][i] = cell.Value
			}
		}
		c.crt[name] = &m
	}
	if t := g.Table("tec"); t != nil {
		for _, r := range t.Rows {
			e := tec{}
			var err error
			get := func(col string) string {
				if v, ok := t.Cell(r.Key, col); ok {
					return v.Value
				}
				return ""
			}
			if e.MP, err = atoiDefault(get("mp-summer"), 1); err != nil {
				return nil, fmt.Errorf("%s: table tec, row %s: mp-summer: %v", r.Pos, r.Key, err)
			}
			if e.WinterMP, err = atoiDefault(get("mp-winter"), e.MP); err != nil {
				return nil, fmt.Errorf("%s: table tec, row %s: mp-winter: %v", r.Pos, r.Key, err)
			}
			if e.Defense, err = atoiDefault(get("defence"), 1); err != nil {
				return nil, fmt.Errorf("%s: table tec, row %s: defence: %v", r.Pos, r.Key, err)
			}
			e.Attrition = get("attrition") == "yes"
			if r.Key == "river" || r.Key == "lake" {
				c.river = e
				continue
			}
			c.tec[r.Key] = e
		}
	}
	if t := g.Table("reorg"); t != nil {
		c.reorg = map[string]reorg{}
		for _, r := range t.Rows {
			typ, _ := t.Cell(r.Key, "type")
			cnt, _ := t.Cell(r.Key, "count")
			n, err := strconv.Atoi(cnt.Value)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%s: table reorg, row %s: count %q: want a whole number", r.Pos, r.Key, cnt.Value)
			}
			e := reorg{Type: typ.Value, Count: n}
			if nat, ok := t.Cell(r.Key, "nations"); ok && nat.Value != "-" && nat.Value != "" {
				e.Nations = splitComma(nat.Value)
			}
			c.reorg[r.Key] = e
		}
	}
	if t := g.Table("mobilization"); t != nil {
		for _, r := range t.Rows {
			var p purchase
			var err error
			for _, f := range []struct {
				col string
				to  *int
			}{{"cost", &p.Cost}, {"delay", &p.Delay}, {"from", &p.From}, {"limit", &p.Limit}} {
				v, _ := t.Cell(r.Key, f.col)
				if *f.to, err = atoiDefault(v.Value, 0); err != nil {
					return nil, fmt.Errorf("%s: table mobilization, row %s: %s: %v", r.Pos, r.Key, f.col, err)
				}
			}
			c.buy[r.Key] = p
		}
	}
	return c, nil
}

// atoiDefault reads a whole number; "" and "-" give def.
func atoiDefault(s string, def int) (int, error) {
	if s == "" || s == "-" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return n, nil
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

// column is the CRT column of a percentage (14.13): the attack over the
// defence times 100, rounded down; a defence of 0 uses the last column
// (ruling KW-14.13-ZERO).
func column(attack, defense int) (col, percent int) {
	if defense <= 0 {
		return len(crtBands) - 1, 0
	}
	percent = attack * 100 / defense
	for i := len(crtBands) - 1; i >= 0; i-- {
		if percent >= crtBands[i] {
			return i, percent
		}
	}
	return 0, percent
}

// bandName is a column as the table heads it ("150-199%").
func bandName(col int) string {
	switch {
	case col == 0:
		return "≤49%"
	case col == len(crtBands)-1:
		return "≥600%"
	}
	return fmt.Sprintf("%d-%d%%", crtBands[col], crtBands[col+1]-1)
}
