package gwite

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine/hex"
)

func itoa(n int) string { return strconv.Itoa(n) }

// Check implements engine.State: the invariants that hold between windows.
func (g *Game) Check() error {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	m := g.Map()
	limit := g.stackingLimit()
	sp := map[hex.Hex]int{}
	sides := map[hex.Hex]map[string]bool{}
	for _, u := range g.Units {
		if u.StepsLost < 0 || (u.Loc != Eliminated && u.StepsLost >= u.Data.Steps) {
			bad("%s has %d of %d steps lost", u.ID, u.StepsLost, u.Data.Steps)
		}
		if u.Loc != OnMap {
			continue
		}
		if !m.Grid.Contains(u.Hex) {
			bad("%s is off the map at %s", u.ID, u.Hex)
			continue
		}
		if m.Impassable(u.Hex) {
			bad("%s stands in %s, a %s hex", u.ID, u.Hex, m.TerrainName(m.Terrain(u.Hex)))
		}
		if f := g.forts[u.Hex]; f != nil && f.Data.Owner != u.Side() && !f.Destroyed() {
			bad("%s stands in the undestroyed enemy fortress %s", u.ID, u.Hex)
		}
		if u.Entrained && u.Attacked {
			bad("%s is entrained and has attacked", u.ID)
		}
		sp[u.Hex] += u.SP()
		if sides[u.Hex] == nil {
			sides[u.Hex] = map[string]bool{}
		}
		sides[u.Hex][string(u.Side())] = true
	}
	for _, h := range hex.SortedKeys(sp) {
		if sp[h] > limit {
			bad("%s holds %d stacking points, over %d", h, sp[h], limit)
		}
		if len(sides[h]) > 1 {
			bad("%s holds units of both sides", h)
		}
	}
	for _, f := range g.Forts {
		if f.StepsLost < 0 || f.StepsLost > f.Data.Steps {
			bad("fortress %s has %d steps lost", f.Data.Name, f.StepsLost)
		}
	}
	if len(g.at) > 0 {
		n := 0
		for _, us := range g.at {
			n += len(us)
		}
		on := 0
		for _, u := range g.Units {
			if u.Loc == OnMap {
				on++
			}
		}
		if n != on {
			bad("hex index holds %d units, %d are on the map", n, on)
		}
	}
	// Gruppen (T 18): a marker on the map stands on land; its box holds at
	// most 9 SP (T 18.22) of units standing in its hex; no unit is in two
	// boxes; markers off the map hold nobody.
	inBox := map[string]int{}
	for _, gr := range g.Hidden.Gruppen {
		boxSP := 0
		for _, id := range gr.Units {
			u := g.units[id]
			if u == nil {
				bad("Gruppe %d holds the unknown unit %s", gr.N, id)
				continue
			}
			if prev, dup := inBox[id]; dup {
				bad("%s is in Gruppen %d and %d", id, prev, gr.N)
			}
			inBox[id] = gr.N
			if u.Loc == Eliminated {
				continue
			}
			if !gr.OnMap {
				bad("Gruppe %d is off the map but holds %s", gr.N, id)
			} else if u.Loc != OnMap || u.Hex != gr.Hex {
				bad("%s is in Gruppe %d at %s but stands at %s", id, gr.N, gr.Hex, u.Hex)
			}
			boxSP += u.SP()
		}
		if boxSP > 9 {
			bad("Gruppe %d holds %d stacking points, over 9 (T 18.22)", gr.N, boxSP)
		}
		if gr.OnMap && (!m.Grid.Contains(gr.Hex) || m.Impassable(gr.Hex)) {
			bad("Gruppe %d stands at %s, not a land hex of the map", gr.N, gr.Hex)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("invariants broken: %s", strings.Join(problems, "; "))
	}
	return nil
}
