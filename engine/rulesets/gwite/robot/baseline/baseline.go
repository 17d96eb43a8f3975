// Package baseline is the gwite robot as it played before issue 19 (main
// at 4b66f64), kept unchanged as the yardstick the robot is measured
// against: 'pbem selfplay -pair baseline' plays the robot against it on
// each side. It is not to be improved; improve package robot instead.
package baseline

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Play is the baseline robot's orders for the window open in v, a view
// of a gwite game: the registry's entry point.
func Play(v engine.View) (string, error) {
	gv, ok := v.(*gwite.View)
	if !ok {
		return "", fmt.Errorf("the gwite baseline robot cannot play a view of type %T", v)
	}
	return Orders(gv), nil
}

// Orders writes the robot's orders for the window open in v.
func Orders(v *gwite.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# robot orders for %s, %s\n", v.Win.ID, v.For)
	switch v.Win.Kind {
	case "SETUP":
		// T 18.23: hide the set-up stacks away from the enemy.
		dest := map[string]hex.Hex{}
		for _, u := range ownUnits(v) {
			dest[u.ID] = u.Hex
		}
		hideStacks(v, newBoard(v), dest, &b)
	case "MOVE":
		moveOrders(v, &b)
	case "COMBAT":
		combatOrders(v, &b)
	}
	return b.String()
}

type board struct {
	v     *gwite.View
	grid  hex.Grid
	byHex map[hex.Hex][]gwite.UnitView
	sp    map[hex.Hex]int
	// markers are the hexes of the enemy Gruppe markers the view shows
	// (T 18): enemy presence whose strength is unknown.
	markers map[hex.Hex]bool
}

func newBoard(v *gwite.View) *board {
	b := &board{v: v, grid: v.Map.Grid, byHex: map[hex.Hex][]gwite.UnitView{}, sp: map[hex.Hex]int{}, markers: map[hex.Hex]bool{}}
	for _, u := range v.Units {
		if u.Loc == gwite.OnMap {
			b.byHex[u.Hex] = append(b.byHex[u.Hex], u)
			b.sp[u.Hex] += u.SP
		}
	}
	for _, m := range v.Markers {
		b.markers[m.Hex] = true
	}
	return b
}

func (b *board) enemyAt(h hex.Hex) bool {
	if b.markers[h] {
		return true
	}
	for _, u := range b.byHex[h] {
		if u.Side != b.v.For {
			return true
		}
	}
	return false
}

func (b *board) enemyCombatAt(h hex.Hex) bool {
	for _, u := range b.byHex[h] {
		if u.Side != b.v.For && u.Type != scenario.HQ {
			return true
		}
	}
	return false
}

func (b *board) adjacentToEnemy(h hex.Hex) bool {
	for _, n := range b.grid.Neighbours(h) {
		if b.enemyCombatAt(n) {
			return true
		}
	}
	return false
}

// enemyHexes lists the hexes holding enemy combat units, in hex order.
func (b *board) enemyHexes() []hex.Hex {
	var out []hex.Hex
	for _, h := range hex.SortedKeys(b.byHex) {
		if b.enemyCombatAt(h) {
			out = append(out, h)
		}
	}
	for _, h := range hex.SortedKeys(b.markers) {
		if !b.enemyCombatAt(h) {
			out = append(out, h) // T 18: a marker may hide combat units
		}
	}
	return out
}

func (b *board) nearestEnemy(h hex.Hex, enemies []hex.Hex) int {
	best := 1 << 30
	for _, e := range enemies {
		if d := b.grid.Distance(h, e); d < best {
			best = d
		}
	}
	return best
}

func ownUnits(v *gwite.View) []gwite.UnitView {
	var out []gwite.UnitView
	for _, u := range v.Units {
		if u.Side == v.For && u.Loc == gwite.OnMap {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func moveOrders(v *gwite.View, w *strings.Builder) {
	b := newBoard(v)
	sand := v.Sandbox()
	enemies := b.enemyHexes()
	limit := 9
	railUsed := 0
	// T 18: the German moves his Gruppen as units, then hides the stacks
	// that end away from the enemy under free markers.
	dest := map[string]hex.Hex{}
	moveGruppen(v, b, sand, enemies, limit, w)
	for _, u := range ownUnits(v) {
		dest[u.ID] = u.Hex
		if u.Entrained {
			fmt.Fprintf(w, "detrain %s\n", u.ID)
		}
		if u.Gruppe != 0 {
			continue
		}
		if u.Type == scenario.HQ || u.Type == scenario.Depot || b.adjacentToEnemy(u.Hex) || len(enemies) == 0 {
			continue
		}
		here := b.nearestEnemy(u.Hex, enemies)
		// Far from the fighting on a rail line: take the train towards it
		// (std 5.3), within the side's rail capacity.
		if here > 8 && !u.Entrained && sand.RailHex(u.Hex, v.For) && railUsed+u.SP <= v.RailCap && u.TCR < u.Strength.MA {
			best, bestD := u.Hex, here
			routes := sand.RailRoute(u.Hex, v.For)
			for _, h := range hex.SortedKeys(routes) {
				if d := b.nearestEnemy(h, enemies); d >= 3 && d < bestD && b.sp[h]+u.SP <= limit {
					best, bestD = h, d
				}
			}
			if best != u.Hex && bestD <= here-4 {
				fmt.Fprintf(w, "entrain %s\nrail %s to %s\ndetrain %s\n", u.ID, u.ID, best, u.ID)
				dest[u.ID] = best
				railUsed += u.SP
				b.sp[u.Hex] -= u.SP
				b.sp[best] += u.SP
				continue
			}
		}
		reach := sand.Reachable(u.ID)
		supplyRange := sand.SupplyRange(u.ID)
		best, bestScore := u.Hex, [3]int{here, 0, 0}
		for _, h := range hex.SortedKeys(reach) {
			if h == u.Hex || b.sp[h]+u.SP > limit || b.enemyAt(h) {
				continue
			}
			// Keep supply (std 9.1): never end a move where no supply line
			// reaches, unless the move makes contact with the enemy.
			if n, ok := sand.SupplyLine(h, v.For, u.TCR); (!ok || n > supplyRange) && !b.adjacentToEnemy(h) {
				continue
			}
			// Closer to the enemy first, then stay in own country, then
			// cheaper, then the lowest hex id (sorted order).
			own := 0
			if v.Map.Country(h) != u.Side {
				own = 1
			}
			score := [3]int{b.nearestEnemy(h, enemies), own, reach[h]}
			if less(score, bestScore) {
				best, bestScore = h, score
			}
		}
		if best != u.Hex {
			fmt.Fprintf(w, "move %s to %s\n", u.ID, best)
			dest[u.ID] = best
			b.sp[u.Hex] -= u.SP
			b.sp[best] += u.SP
		}
	}
	hideStacks(v, b, dest, w)
}

// moveGruppen moves each of the German's real Gruppen (T 18.31) to the
// hex nearest the enemy that all its units can reach.
func moveGruppen(v *gwite.View, b *board, sand *gwite.Game, enemies []hex.Hex, limit int, w *strings.Builder) {
	if len(enemies) == 0 {
		return
	}
	for _, gr := range v.Gruppen {
		if !gr.OnMap || len(gr.Units) == 0 {
			continue
		}
		var reach map[hex.Hex]int
		sp := 0
		for _, id := range gr.Units {
			r := sand.Reachable(id)
			for _, u := range v.Units {
				if u.ID == id {
					sp += u.SP
				}
			}
			if reach == nil {
				reach = r
				continue
			}
			for h, c := range reach {
				if rc, ok := r[h]; !ok {
					delete(reach, h)
				} else {
					reach[h] = max(c, rc)
				}
			}
		}
		here := b.nearestEnemy(gr.Hex, enemies)
		best, bestScore := gr.Hex, [3]int{here, 0, 0}
		for _, h := range hex.SortedKeys(reach) {
			if h == gr.Hex || b.sp[h]+sp > limit || b.enemyAt(h) || b.adjacentToEnemy(h) {
				continue
			}
			score := [3]int{b.nearestEnemy(h, enemies), 0, reach[h]}
			if less(score, bestScore) {
				best, bestScore = h, score
			}
		}
		if best != gr.Hex {
			fmt.Fprintf(w, "move G%d to %s\n", gr.N, best)
			b.sp[gr.Hex] -= sp
			b.sp[best] += sp
		}
	}
}

// hideStacks puts the loose German units of each hex they end in away
// from the enemy under a free Gruppe marker (T 18.13, 18.5).
func hideStacks(v *gwite.View, b *board, dest map[string]hex.Hex, w *strings.Builder) {
	var free []int
	for _, gr := range v.Gruppen {
		if !gr.OnMap && gr.Available {
			free = append(free, gr.N)
		}
	}
	if len(free) == 0 {
		return
	}
	byHex := map[hex.Hex][]string{}
	for _, u := range ownUnits(v) {
		if u.Gruppe != 0 || u.Type == scenario.HQ {
			continue
		}
		byHex[dest[u.ID]] = append(byHex[dest[u.ID]], u.ID)
	}
	for _, h := range hex.SortedKeys(byHex) {
		if len(free) == 0 {
			return
		}
		if b.adjacentToEnemy(h) || b.enemyAt(h) {
			continue
		}
		fmt.Fprintf(w, "gruppe %d at %s with %s\n", free[0], h, strings.Join(byHex[h], " "))
		free = free[1:]
	}
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func combatOrders(v *gwite.View, w *strings.Builder) {
	b := newBoard(v)
	used := map[string]bool{}
	var hqs []gwite.UnitView
	for _, u := range ownUnits(v) {
		if u.Type == scenario.HQ {
			hqs = append(hqs, u)
		}
	}
	type target struct {
		hex    hex.Hex
		def    int
		nonCav bool
	}
	var targets []target
	for _, h := range b.enemyHexes() {
		t := target{hex: h}
		for _, u := range b.byHex[h] {
			t.def += u.Strength.Defense
			if u.Type != scenario.Cavalry && u.Type != scenario.Depot && u.Type != scenario.HQ {
				t.nonCav = true
			}
		}
		if town := v.Map.Towns[h]; town != nil && town.City {
			t.def *= 2
		}
		if _, ok := v.Map.Trenches[h]; ok {
			t.def *= 2
		}
		for _, f := range v.Forts {
			if f.Hex == h {
				t.def += f.Defense
			}
		}
		targets = append(targets, t)
	}
	sort.SliceStable(targets, func(i, j int) bool { return targets[i].def < targets[j].def })
	for _, t := range targets {
		var with []gwite.UnitView
		att, cav := 0, 0
		for _, n := range b.grid.Neighbours(t.hex) {
			for _, u := range b.byHex[n] {
				if u.Side != v.For || u.Type == scenario.HQ || u.Entrained || used[u.ID] || u.Strength.Attack == 0 {
					continue
				}
				if hs, ok := b.grid.SideBetween(n, t.hex); ok {
					if side := v.Map.Hexside(hs); side != nil && side.Class == scenario.Blocked {
						continue
					}
				}
				with = append(with, u)
				if u.Type == scenario.Cavalry {
					cav += u.Strength.Attack
				} else {
					att += u.Strength.Attack
				}
			}
		}
		if t.nonCav {
			cav /= 4
		}
		att += cav
		if len(with) == 0 || t.def == 0 || att < 2*t.def {
			continue
		}
		ids := make([]string, len(with))
		for i, u := range with {
			ids[i] = u.ID
			used[u.ID] = true
		}
		line := fmt.Sprintf("attack %s with %s", t.hex, strings.Join(ids, " "))
		if hq := supportingHQ(b, hqs, with, used); hq != "" {
			line += " shift " + hq
			used[hq] = true
		}
		line += fmt.Sprintf(" if odds>=2-1 advance %s", ids[0])
		fmt.Fprintln(w, line)
	}
}

// supportingHQ picks an unused HQ with a shift within its radius of most of
// the attackers, counting distance only (the referee checks the trace).
func supportingHQ(b *board, hqs, with []gwite.UnitView, used map[string]bool) string {
	for _, hq := range hqs {
		if used[hq.ID] || hq.HQ.Shift == 0 {
			continue
		}
		in := 0
		for _, u := range with {
			if b.grid.Distance(hq.Hex, u.Hex) <= hq.HQ.Radius {
				in++
			}
		}
		if 2*in >= len(with)+1 {
			return hq.ID
		}
	}
	return ""
}

// Side is the side a window waits for, if it waits for exactly one.
func Side(w engine.Window) (engine.Side, bool) {
	if len(w.Submit) != 1 {
		return "", false
	}
	return w.Submit[0], true
}
