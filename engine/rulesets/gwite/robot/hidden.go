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

// leaveAll takes every unit out of its Gruppe (T 18.32).
func (h *hider) leaveAll() {
	var ids []string
	for _, gr := range h.v.Gruppen {
		if gr.OnMap {
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
