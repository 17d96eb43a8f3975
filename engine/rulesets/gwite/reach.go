package gwite

import (
	"fmt"
	"strings"

	"pbem/engine/hex"
)

// unreachable says why unit u cannot reach dest by land this phase, for a
// player: what bars the hex itself, or the MP the cheapest way there costs
// against the MP the unit has left, with the hexes on it that cost more
// for an enemy zone of control (std 7.21) or for the MP held next to a
// Gruppe marker (T 18.41), or that no way by land leads there at all.
func (g *Game) unreachable(u *Unit, dest hex.Hex) (rule, reason string) {
	side := u.Side()
	m := g.Map()
	switch {
	case !m.Grid.Contains(dest):
		return "std 5.0", fmt.Sprintf("%s cannot reach %s: it is not on the map", u.ID, dest)
	case m.Impassable(dest):
		return "std 5.4", fmt.Sprintf("%s cannot reach %s: it is %s", u.ID, dest, m.TerrainName(m.Terrain(dest)))
	case g.occupiedBy(dest, enemy(side)) && !(g.OnlyHQs(dest, enemy(side)) && !u.IsHQ() && u.Strength().Attack > 0):
		return "std 5.13", fmt.Sprintf("%s cannot reach %s: it holds enemy units", u.ID, dest)
	}
	if f := g.forts[dest]; f != nil && f.Data.Owner != side && !f.Destroyed() {
		return "std 5.13", fmt.Sprintf("%s cannot reach %s: it is an undestroyed enemy fortress", u.ID, dest)
	}
	ma := g.movementAllowance(u)
	left := ma - u.MPSpent
	has := fmt.Sprintf("it has %d MP left", left)
	if ma != u.MA() {
		has += fmt.Sprintf(" (its MA %d halved: out of supply as the phase began, std 9.21)", u.MA())
	}
	r := g.landSearch(u, 1<<20, dest)
	path := r.Path(dest)
	if path == nil {
		return "std 5.14", fmt.Sprintf("%s cannot reach %s: no way by land leads there (water, blocked hexsides, enemy units or fortresses close every path)", u.ID, dest)
	}
	cost, _ := r.Cost(dest)
	var zoc, held []string
	near := map[hex.Hex]bool{}
	if side != hiddenSide {
		near = g.besideMarkers()
	}
	for _, h := range path[1:] {
		// Next to a marker the MP is held whatever the marker hides
		// (AMB-30), so that the reason does not tell a real Gruppe from a
		// dummy.
		switch {
		case near[h]:
			held = append(held, h.String())
		case g.inEZOC(h, side):
			zoc = append(zoc, h.String())
		}
	}
	way := fmt.Sprintf("the cheapest way, %s,", hexList(path))
	if len(path) > 8 {
		way = fmt.Sprintf("the cheapest way there (%d hexes)", len(path)-1)
	}
	why := fmt.Sprintf("%s cannot reach %s: %s costs %d MP and %s", u.ID, dest, way, cost, has)
	if len(zoc) > 0 {
		why += fmt.Sprintf("; enemy zones of control add 1 MP each at %s (std 7.21)", strings.Join(zoc, " "))
	}
	if len(held) > 0 {
		why += fmt.Sprintf("; next to a Gruppe marker 1 MP is held for the zone of control it may project, at %s (T 18.41)", strings.Join(held, " "))
	}
	return "std 5.14", why
}
