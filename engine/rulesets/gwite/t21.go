package gwite

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
)

// Tannenberg victory (T 21): what the Game-Turn Record Interphase scores,
// in the order of digest 002 3.2 C. Each part is on only when the game
// data gives its params:
//
//  1. town control (T 21.11-21.14, AMB-37, AMB-42), from GT
//     vp-town-first-turn: every town with a VP value that a Russian unit
//     holds or last passed through and that a Russian supply line of
//     supply-range.RU hexes reaches, under the TCR 3 rules, carries a
//     Russian Control marker and scores its VP, every interphase;
//  2. vp-no-invasion from GT vp-no-invasion-first-turn when no supplied
//     Russian unit stands in Germany in rows up to vp-invasion-max-row
//     (T 21.2, AMB-40);
//  3. at the end of GT vp-gt6-turn, vp-gt6-sp per Russian SP in the hexes
//     of column vp-gt6-min-col or more and row vp-gt6-max-row or less
//     (T 21.2);
//
// and after the last game-turn the level of victory (T 21.3).

// townControl scores the towns under Russian control (T 21.13) and keeps
// the markers in Excl.Control.
func (g *Game) townControl(l *log) {
	first, ok := g.data.Param("vp-town-first-turn")
	if !ok || g.Turn < first {
		return
	}
	rng := g.param("supply-range.RU", 3)
	was := map[hex.Hex]bool{}
	for _, h := range g.Excl.Control {
		was[h] = true
	}
	var now []hex.Hex
	for _, t := range g.Map().SortedTowns() {
		if t.VP == 0 {
			continue
		}
		if !g.russianControl(t.Hex, rng) {
			if was[t.Hex] {
				l.notef("T 21.13", "the Russian Control marker is taken off %s %s", t.Name, t.Hex)
			}
			continue
		}
		now = append(now, t.Hex)
		g.VP += t.VP
		l.add(&VPChange{Delta: t.VP, Total: g.VP, Why: fmt.Sprintf("Russian control of %s %s", t.Name, t.Hex), Rule: "T 21.13"})
	}
	g.Excl.Control = now
}

// russianControl reports whether the Russian controls h (T 21.12): a
// Russian unit was the last to stand in or pass through it, and a Russian
// supply line of at most rng hexes reaches it (AMB-37).
func (g *Game) russianControl(h hex.Hex, rng int) bool {
	if g.LastOcc[h] != RU && !g.occupiedBy(h, RU) {
		return false
	}
	d, ok := g.supplyDistance(h, RU, sideTCR(RU))
	return ok && d <= rng
}

// invasionPenalty is the T 21.2 subtraction for a game-turn without a
// supplied Russian unit in Germany north of the row limit. HQs count when
// they trace a supply line of their own.
func (g *Game) invasionPenalty(l *log) {
	v := g.param("vp-no-invasion", 0)
	first, ok := g.data.Param("vp-no-invasion-first-turn")
	if v == 0 || !ok || g.Turn < first {
		return
	}
	maxRow := g.param("vp-invasion-max-row", 99)
	m := g.Map()
	for _, u := range g.Units {
		if u.Side() != RU || !u.OnMap() || m.Country(u.Hex) != DE || u.Hex.Row > maxRow {
			continue
		}
		if (u.IsHQ() && g.supplyTraced(u)) || (!u.IsHQ() && g.supplied(u)) {
			return
		}
	}
	g.VP += v
	l.add(&VPChange{Delta: v, Total: g.VP, Why: fmt.Sprintf("no supplied Russian unit in Germany in rows 01-%02d on GT%d", maxRow, g.Turn), Rule: "T 21.2"})
}

// zoneAward is the T 21.2 award at the end of GT6 for the Russian SP deep
// in the west of East Prussia.
func (g *Game) zoneAward(l *log) {
	turn, ok := g.data.Param("vp-gt6-turn")
	per := g.param("vp-gt6-sp", 0)
	if !ok || per == 0 || g.Turn != turn {
		return
	}
	minCol, maxRow := g.param("vp-gt6-min-col", 0), g.param("vp-gt6-max-row", 99)
	sp := 0
	var who []string
	for _, u := range g.Units {
		if u.Side() == RU && u.OnMap() && u.Hex.Col >= minCol && u.Hex.Row <= maxRow && u.SP() > 0 {
			sp += u.SP()
			who = append(who, u.ID)
		}
	}
	if sp == 0 {
		l.notef("T 21.2", "no Russian SP in columns %02d and up, rows up to %02d, at the end of GT%d", minCol, maxRow, g.Turn)
		return
	}
	g.VP += sp * per
	l.add(&VPChange{Delta: sp * per, Total: g.VP,
		Why:  fmt.Sprintf("%d Russian SP in columns %02d and up, rows up to %02d, at the end of GT%d (%s)", sp, minCol, maxRow, g.Turn, strings.Join(who, ", ")),
		Rule: "T 21.2"})
}

// finalLevel reports the level of victory after the last game-turn
// (T 21.3).
func (g *Game) finalLevel(l *log) {
	if g.Turn < g.scen.Last || len(g.data.Victory) == 0 {
		return
	}
	l.notef("T 21.3", "final net VP %s: %s", signed(g.VP), g.VictoryLevel())
}

// AdjustExclusive applies a directive of an adjudication case's state to
// the exclusive rules' state (T 19-21); handled is false for a directive
// it does not know. Directives:
//
//	westfront N          the West Front reinforcements were committed in
//	                     GT N: the held units are scheduled, HL-8 is due
//	rolling-stopped      the chart 19.12 has been rolled high enough
//	hl-entered           HL-8 has replaced von Prittwitz
//	wf-scored            the West Front units' VP are scored
//	released HEX         the garrison of HEX has been released
//	all-released         every garrison has been released
//	control HEX          a Russian Control marker stands on HEX
func (g *Game) AdjustExclusive(f []string) (handled bool, err error) {
	if len(f) == 0 {
		return false, nil
	}
	need := func(n int) error {
		if len(f) != n+1 {
			return fmt.Errorf("%s: want %d argument(s)", f[0], n)
		}
		return nil
	}
	hexArg := func() (hex.Hex, error) {
		if err := need(1); err != nil {
			return hex.Hex{}, err
		}
		return hex.Parse(f[1])
	}
	switch f[0] {
	case "westfront":
		if err := need(1); err != nil {
			return true, err
		}
		var n int
		if _, err := fmt.Sscan(f[1], &n); err != nil || n < 1 {
			return true, fmt.Errorf("westfront: %q is not a game-turn", f[1])
		}
		turn := g.Turn
		g.Turn = n
		g.commitWestFront(&log{})
		g.Turn = turn
	case "rolling-stopped":
		g.Excl.RollingStopped = true
	case "hl-entered":
		g.Excl.HLDone = true
	case "wf-scored":
		g.Excl.WFScored = true
	case "all-released":
		g.Excl.AllReleased = true
	case "released", "control":
		h, err := hexArg()
		if err != nil {
			return true, err
		}
		if f[0] == "released" {
			g.release(h)
		} else {
			g.Excl.Control = append(g.Excl.Control, h)
			sort.Slice(g.Excl.Control, func(i, j int) bool { return g.Excl.Control[i].Less(g.Excl.Control[j]) })
		}
	default:
		return false, nil
	}
	return true, nil
}
