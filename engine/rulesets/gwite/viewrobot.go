package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// What a computer player may ask of its View and of a sandbox drawn from
// it, beyond what View and sandbox.go give: the scenario's public rule
// parameters, the side's own Command Radii, and a preview of its orders.
// Everything here is computed from the View alone.

// Param is the game data's rule parameter name (public, game.txt), or
// false when the game has none.
func (v *View) Param(name string) (int, bool) { return v.data.Param(name) }

// LastTurn is the scenario's last game-turn (T 22).
func (v *View) LastTurn() int { return v.scen.Last }

// Preview is what resolution would make of the side's orders for the open
// window, drawn from the View alone (Game.Preview).
func (v *View) Preview(orders []engine.Order) []engine.Remark { return v.preview(orders) }

// RadiusHexes is the hexes within HQ id's Command Radius in this sandbox
// (std 10.33-10.34), nil if id is not an HQ on the map.
func (g *Game) RadiusHexes(id string) map[hex.Hex]bool {
	u := g.units[id]
	if u == nil || !u.IsHQ() || !u.OnMap() {
		return nil
	}
	return g.radiusHexes(u)
}

// HQLevel is HQ id's command level ("army", "corps", "staff"; std 10.22).
func (g *Game) HQLevel(id string) string {
	if u := g.units[id]; u != nil && u.IsHQ() {
		return u.Data.HQLevel
	}
	return ""
}

// Place moves unit id of this sandbox to h, or off the map when off is
// set, so that a planner can ask what supply and command would be after
// its moves; supply is traced afresh afterwards.
func (g *Game) Place(id string, h hex.Hex, off bool) {
	u := g.units[id]
	if u == nil {
		return
	}
	if off {
		g.lift(u)
		u.Loc = Eliminated
		return
	}
	g.place(u, h)
}

// EntryChoices is where unit id may choose to enter this Movement Phase
// when it is a West Front reinforcement due now (T 19.22, AMB-35: any
// west-edge rail hex the enemy does not block), nil otherwise.
func (g *Game) EntryChoices(id string) []hex.Hex {
	u := g.units[id]
	if u == nil || u.Loc != NotArrived || u.ArriveTurn > g.Turn || !westFront(u.Data) {
		return nil
	}
	return g.westFrontEntries(u.Side())
}

// Chart is the game's Combat Results Table (std 8.8), the printed one or
// the one its data types in, for a planner to weigh an attack before it
// makes it.
type Chart struct{ t *ruleTables }

// Chart returns the CRT this game resolves combat on.
func (v *View) Chart() Chart {
	t, err := tablesFrom(v.data)
	if err != nil {
		t = builtinTables // New refused such data; a view of it has none
	}
	return Chart{t}
}

// Column is the column (1-8) of attack a against defense d on the heading
// row of TCR tcr, rounded for the defender; 0 below the first column.
func (c Chart) Column(a, d, tcr int) int { return c.t.oddsColumn(a, d, tcr) }

// Heading is the ratio a-d that column col (1-8) of TCR tcr's row needs.
func (c Chart) Heading(col, tcr int) (a, d int) {
	r := c.t.crtRow(tcr)[min(max(col, 1), 8)-1]
	return r[0], r[1]
}

// Result is the cell for a modified die roll (clamped to 1-8) and a
// column (1-8): the attacker's and the defender's results.
func (c Chart) Result(die, col int) (att, def Result) { return c.t.crtResult(die, col) }
