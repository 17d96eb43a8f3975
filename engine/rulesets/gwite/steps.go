package gwite

import (
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// stepTable holds what enterCost decides from the map alone, for every
// hex, direction and TCR, so that a path search pays only for what units
// change: enemy units and fortresses, and zones of control. It is built
// once per game and shared by every copy of the state and every sandbox
// drawn from its views.
type stepTable struct {
	grid hex.Grid
	// base is, by TCR (1-4) and hex index*6+direction, the MP to enter
	// the neighbour (TEC), or -1 where no unit ever enters that way: off
	// the map, water, a blocked hexside.
	base [5][]int8
	fort []bool // by hex index: a fortress of the map stands there
}

// steps returns the game's step table, building it the first time.
func (g *Game) steps() *stepTable {
	if g.stepTab == nil {
		g.stepTab = newStepTable(g.Map(), g.tables())
	}
	return g.stepTab
}

func newStepTable(m *scenario.Map, tabs *ruleTables) *stepTable {
	grid := m.Grid
	t := &stepTable{grid: grid, fort: make([]bool, grid.Size())}
	for tcr := 1; tcr <= 4; tcr++ {
		t.base[tcr] = make([]int8, grid.Size()*6)
	}
	for _, a := range grid.All() {
		ai := grid.Index(a)
		t.fort[ai] = m.Fortresses[a] != nil
		for d, b := range grid.Neighbours(a) {
			for tcr := 1; tcr <= 4; tcr++ {
				t.base[tcr][ai*6+d] = staticCost(m, tabs, a, b, tcr)
			}
		}
	}
	return t
}

// staticCost is enterCost's part that the map alone decides (std 5.12,
// 5.4, TEC), with a fortress of the map counted as standing; -1 where
// nothing enters.
func staticCost(m *scenario.Map, tabs *ruleTables, a, b hex.Hex, tcr int) int8 {
	if !m.Grid.Contains(b) {
		return -1
	}
	s, ok := m.Grid.SideBetween(a, b)
	if !ok || m.Impassable(b) {
		return -1
	}
	hs := m.Hexside(s)
	if hs != nil && hs.Class == scenario.Blocked {
		return -1
	}
	var cost int
	switch town := m.Towns[b]; {
	case m.Fortresses[b] != nil:
		cost = 1 // AMB-53
	case town != nil && town.City:
		cost = 1
	default:
		cost, _ = tabs.terrainCost(m.Terrain(b), tcr)
	}
	if _, ok := m.Trenches[b]; ok {
		cost++
	}
	if hs != nil && (hs.Class == scenario.MinorRiver || hs.Class == scenario.MajorRiver) {
		cost++
	}
	return int8(cost)
}

// stepCost is enterCost for the move from a to its neighbour b in
// direction d, with the map's part read from the step table. Only ok and
// the cost are given: the reasons are enterCost's.
func (g *Game) stepCost(u *Unit, a hex.Hex, d int, b hex.Hex) step {
	tcr := u.TCR()
	t := g.steps()
	if tcr < 1 || tcr > 4 {
		return g.enterCost(u, a, b)
	}
	c := t.base[tcr][t.grid.Index(a)*6+d]
	if c < 0 {
		return step{}
	}
	side := u.Side()
	if g.occupiedBy(b, enemy(side)) && !(g.OnlyHQs(b, enemy(side)) && !u.IsHQ() && u.Strength().Attack > 0) {
		return step{}
	}
	f := g.forts[b]
	if (f != nil) != t.fort[t.grid.Index(b)] {
		return g.enterCost(u, a, b) // a fortress the map does not have
	}
	if f != nil && f.Data.Owner != side && !f.Destroyed() {
		return step{}
	}
	cost := int(c)
	if g.inEZOC(b, side) {
		cost++
	}
	return step{cost: cost, ok: true}
}
