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
