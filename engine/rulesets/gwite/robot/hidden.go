package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// The German's hidden movement (T 18). At the start of his Movement Phase
// the robot takes every unit out of its Gruppe (T 18.32), so that each
// moves on its own and a unit out of command does not hold its whole
// Gruppe back (T 18.33); the markers it leaves stay as dummies. When the
// moves are planned, every stack that ends away from the enemy goes back
// under a marker (T 18.13), and spare markers go out as dummies on the
// German fortresses and on the ground behind the front (T 18.5).

// hider writes the Gruppe orders of one window.
type hider struct {
	v *gwite.View
	b *board
	w *strings.Builder
	// onMap are the markers on the map by hex, after the units left them.
	onMap map[hex.Hex]int
	used  map[int]bool
	free  []int
}

func newHider(v *gwite.View, b *board, w *strings.Builder) *hider {
	h := &hider{v: v, b: b, w: w, onMap: map[hex.Hex]int{}, used: map[int]bool{}}
	for _, gr := range v.Gruppen {
		if gr.OnMap {
			if _, ok := h.onMap[gr.Hex]; !ok {
				h.onMap[gr.Hex] = gr.N
			}
		}
	}
	return h
}

// moveGruppen moves, as one, each Gruppe behind the front whose units are
// all sure of command (T 18.31), to the hex away from the enemy that serves its units
// best and that every one of them can reach in supply: the Russian sees a
// marker move and not what it carries.
func (h *hider) moveGruppen(p *plan) {
	for _, gr := range h.v.Gruppen {
		if !gr.OnMap || len(gr.Units) == 0 {
			continue
		}
		var us []gwite.UnitView
		for _, u := range ownUnits(h.v) {
			if u.Gruppe == gr.N {
				us = append(us, u)
			}
		}
		best, ok := h.gruppeHex(p, gr, us)
		if !ok {
			continue
		}
		h.used[gr.N] = true
		delete(h.onMap, gr.Hex)
		for _, u := range us {
			p.done[u.ID] = true
		}
		if best == gr.Hex {
			continue
		}
		h.onMap[best] = gr.N
		fmt.Fprintf(h.w, "move G%d to %s\n", gr.N, best)
		for _, u := range us {
			p.put(u, best)
		}
	}
}

// gruppeHex is where Gruppe gr goes, if it moves as one.
func (h *hider) gruppeHex(p *plan, gr gwite.GruppeView, us []gwite.UnitView) (hex.Hex, bool) {
	if len(us) != len(gr.Units) || p.enemyWithin(gr.Hex, 5) {
		return hex.Hex{}, false // near the front its units fight on their own
	}
	var reach map[hex.Hex]int
	sp := 0
	for _, u := range us {
		if !p.cc[u.ID] || u.Entrained {
			return hex.Hex{}, false
		}
		sp += u.SP
		r := p.reach(u)
		if reach == nil {
			reach = r
			continue
		}
		for x, c := range reach {
			if rc, ok := r[x]; !ok {
				delete(reach, x)
			} else {
				reach[x] = max(c, rc)
			}
		}
	}
	best, bestScore := gr.Hex, -1<<30
	for _, x := range hex.SortedKeys(reach) {
		if x != gr.Hex && (h.b.enemyAt(x) || p.ownSP[x]+p.leaving[x]+sp > h.b.limit) {
			continue
		}
		if h.b.adjacentToEnemy(x) {
			continue // T 18.42: it would be revealed
		}
		score := -reach[x]
		for _, u := range us {
			if n, ok := p.supplyLine(x, u.TCR); !ok || n > p.sand.SupplyRange(u.ID) {
				score = -1 << 30
				break
			}
			score += p.score(u, x)
		}
		if score > bestScore {
			best, bestScore = x, score
		}
	}
	return best, bestScore > -1<<30
}

// leaveAll takes every unit out of its Gruppe (T 18.32), but those of
// the Gruppen moved whole.
func (h *hider) leaveAll() {
	var ids []string
	for _, gr := range h.v.Gruppen {
		if gr.OnMap && !h.used[gr.N] {
			ids = append(ids, gr.Units...)
		}
	}
	sort.Strings(ids)
	if len(ids) > 0 {
		fmt.Fprintf(h.w, "leave %s\n", strings.Join(ids, " "))
	}
}

// hide puts the combat units that end in each hex away from the enemy
// under a marker: the one already there, else a free one. Only the units
// sure to stand there at the end (sure) are named.
func (h *hider) hide(dest map[string]hex.Hex, sure func(id string) bool) {
	for _, gr := range h.v.Gruppen {
		if !gr.OnMap && gr.Available {
			h.free = append(h.free, gr.N)
		}
	}
	byHex := map[hex.Hex][]string{}
	for _, u := range ownUnits(h.v) {
		if u.Type == scenario.HQ || !sure(u.ID) {
			continue
		}
		byHex[dest[u.ID]] = append(byHex[dest[u.ID]], u.ID)
	}
	for _, x := range hex.SortedKeys(byHex) {
		if h.b.adjacentToEnemy(x) || h.b.enemyAt(x) {
			continue
		}
		if n, ok := h.onMap[x]; ok && !h.used[n] {
			h.used[n] = true
			fmt.Fprintf(h.w, "gruppe %d with %s\n", n, strings.Join(byHex[x], " "))
			continue
		}
		if len(h.free) == 0 {
			continue
		}
		n := h.free[0]
		h.free = h.free[1:]
		h.used[n] = true
		h.onMap[x] = n
		fmt.Fprintf(h.w, "gruppe %d at %s with %s\n", n, x, strings.Join(byHex[x], " "))
	}
}

// dummies lays up to four spare markers, empty, on German fortresses away
// from the enemy that hold no marker yet (T 18.5): to the enemy they look
// like any other Gruppe.
func (h *hider) dummies(dest map[string]hex.Hex) {
	laid := 0
	for _, f := range h.v.Forts {
		if laid == 4 || len(h.free) == 0 {
			return
		}
		if f.Owner != gwite.DE || f.StepsLeft == 0 {
			continue
		}
		if _, ok := h.onMap[f.Hex]; ok || h.b.enemyAt(f.Hex) || h.b.adjacentToEnemy(f.Hex) {
			continue
		}
		n := h.free[0]
		h.free = h.free[1:]
		h.onMap[f.Hex] = n
		fmt.Fprintf(h.w, "gruppe %d at %s\n", n, f.Hex)
		laid++
	}
}
