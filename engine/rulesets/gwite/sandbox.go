package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// Sandbox builds a game from what a View shows (and the public game data)
// and nothing else, so that a
// player (or a robot) can ask the rules what its own units could do:
// movement costs, reachable hexes, supply. Whatever the view hides is
// absent from the sandbox, so nothing hidden leaks through it.
func (v *View) Sandbox() *Game {
	base := v
	g := &Game{
		data: base.data, scen: base.scen, opt: base.opt,
		Turn: v.Turn, VP: v.VP, Step: v.step, SetupDone: v.setupDone, Over: v.over, stepTab: v.steps,
		LastOcc:  map[hex.Hex]engine.Side{},
		Standing: map[engine.Side]*Standing{},
		units:    map[string]*Unit{},
		forts:    map[hex.Hex]*Fort{},
	}
	for _, hv := range v.Held {
		g.LastOcc[hv.Hex] = hv.Side
	}
	for _, uv := range v.Units {
		d := base.data.Unit(uv.ID)
		if d == nil {
			continue
		}
		u := &Unit{ID: uv.ID, Data: d, Loc: uv.Loc, Hex: uv.Hex, StepsLost: d.Steps - uv.Steps, Entrained: uv.Entrained, UsedRail: uv.UsedRail,
			ArriveTurn: uv.Arrive, Entry: uv.Entry}
		if u.Loc == OnMap {
			g.LastOcc[u.Hex] = u.Side()
		}
		g.Units = append(g.Units, u)
		g.units[u.ID] = u
	}
	sortUnits(g.Units)
	for _, fv := range v.Forts {
		f := base.data.Map.Fortresses[fv.Hex]
		if f == nil {
			continue
		}
		ft := &Fort{Data: f, StepsLost: f.Steps - fv.StepsLeft}
		g.Forts = append(g.Forts, ft)
		g.forts[fv.Hex] = ft
	}
	if v.Own != nil {
		g.Standing[v.For] = v.Own.clone()
	}
	g.Vacated = append([]hex.Hex(nil), v.Vacated...)
	if v.WestFront != nil {
		g.Excl = *v.WestFront
	}
	g.Hidden = v.sandboxGruppen(g.phaseStamp())
	g.reindex()
	return g
}

// sandboxGruppen is the T 18 markers as the view shows them: the German's
// own Gruppen whole; for the Russian, each marker on the map as a box whose
// contents are unknown, and so empty.
func (v *View) sandboxGruppen(now int) Hidden {
	var h Hidden
	for _, gv := range v.Gruppen {
		if !gv.OnMap && !gv.Used {
			continue // never used: gruppe(n) is nil (T 18.5)
		}
		gr := &Gruppe{N: gv.N, OnMap: gv.OnMap, Hex: gv.Hex, Token: gv.Token, Units: append([]string(nil), gv.Units...)}
		if !gv.OnMap && !gv.Available {
			gr.Removed = now // taken off this phase (T 18.5)
		}
		h.Gruppen = append(h.Gruppen, gr)
	}
	for i, m := range v.Markers {
		h.Gruppen = append(h.Gruppen, &Gruppe{N: i + 1, OnMap: true, Hex: m.Hex, Token: m.Token, Unknown: true})
	}
	return h
}

// Reachable returns every hex unit id could reach by land this phase with
// its full movement allowance, and what each costs, under the rules of
// movement (std 5.0, 7.21). The unit's own hex costs 0.
func (g *Game) Reachable(id string) map[hex.Hex]int {
	u := g.units[id]
	if u == nil || !u.OnMap() {
		return nil
	}
	r := g.landSearch(u, g.movementAllowance(u))
	out := map[hex.Hex]int{}
	for _, h := range r.Reached(hex.Hex.Less) {
		c, _ := r.Cost(h)
		out[h] = c
	}
	return out
}

// InEZOC reports whether h is in the zone of control of side's enemy.
func (g *Game) InEZOC(h hex.Hex, side engine.Side) bool { return g.inEZOC(h, side) }

// Supplied reports whether unit id is in supply now (std 9.1).
func (g *Game) Supplied(id string) bool {
	u := g.units[id]
	return u != nil && u.OnMap() && g.supplied(u)
}

// SupplyAll traces supply afresh for every combat unit of both sides on
// the map at this instant, one supply net per side (std 9.1), and returns
// how many are in supply.
func (g *Game) SupplyAll() int {
	g.supplyNets = nil
	n := 0
	for _, side := range g.sortedSides() {
		net := g.supplyFor(side)
		for _, u := range g.Units {
			if u.Side() == side && u.OnMap() && !u.IsHQ() && net.supplied(u) {
				n++
			}
		}
	}
	return n
}

// SupplyLine is the length of the shortest legal supply line for a unit of
// side with this TCR from h to a friendly source, or false if none exists
// (std 9.12-9.16).
func (g *Game) SupplyLine(h hex.Hex, side engine.Side, tcr int) (int, bool) {
	return g.supplyDistance(h, side, tcr)
}

// SupplyRange is how long unit id's supply line may be (std 9.12, T[9.1]).
func (g *Game) SupplyRange(id string) int {
	if u := g.units[id]; u != nil {
		return g.supplyRange(u)
	}
	return 0
}

// RailRoute returns the hexes an entrained unit of side could reach by rail
// from h this phase, with the rail hexes each costs (std 5.33).
func (g *Game) RailRoute(h hex.Hex, side engine.Side) map[hex.Hex]int {
	s := engine.Search[hex.Hex]{
		Edges: func(x hex.Hex, visit func(hex.Hex, int)) {
			for _, n := range g.railNet(side)[x] {
				if g.railOpen(n, side) {
					visit(n, 1)
				}
			}
		},
		Less:  hex.Hex.Less,
		Limit: g.railRate(side),
	}
	r := s.Run(h)
	out := map[hex.Hex]int{}
	for _, x := range r.Reached(hex.Hex.Less) {
		c, _ := r.Cost(x)
		out[x] = c
	}
	return out
}

// RailHex reports whether h is on a rail line of side's own country.
func (g *Game) RailHex(h hex.Hex, side engine.Side) bool { return g.railHex(h, side) }

// RailLinks is the hexes next to h that a rail line of country joins it
// to (std 5.33, T[5.42]).
func (g *Game) RailLinks(h hex.Hex, country engine.Side) []hex.Hex { return g.railNet(country)[h] }
