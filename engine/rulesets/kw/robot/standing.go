package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// standing files the defender's standing orders with each Movement Phase
// (digest 3.3): every unit in contact retreats towards the nearest hex of
// the side's that is in General Supply and farther from the enemy (15.0,
// I-1); losses fall first on the cheapest units (14.15, I-3); after an
// Attacker Annihilated the side pursues into objectives and cities (16.1,
// I-4).
func (r *reader) standing(b *strings.Builder) {
	for _, u := range r.ownOnMap() {
		if !combat(u) || r.front(u.Hex) > 1 {
			continue
		}
		if h, ok := r.rearHex(u.Hex); ok {
			fmt.Fprintf(b, "retreat %s toward %s\n", u.ID, h)
		}
	}
	var cheap []kw.UnitView
	for _, u := range r.ownOnMap() {
		if combat(u) || u.Type == "supply" {
			cheap = append(cheap, u)
		}
	}
	sort.SliceStable(cheap, func(i, j int) bool { return lossValue(cheap[i]) < lossValue(cheap[j]) })
	if len(cheap) > 0 {
		ids := make([]string, len(cheap))
		for i, u := range cheap {
			ids[i] = u.ID
		}
		fmt.Fprintf(b, "losses %s\n", strings.Join(ids, " "))
	}
	fmt.Fprintln(b, "pursuit objective")
}

// rearHex is the hex within 3 of h, the side's, in its General Supply
// and farther from the enemy: the nearest, then the farthest from the
// enemy; false if none.
func (r *reader) rearHex(h hex.Hex) (hex.Hex, bool) {
	best, found := hex.Hex{}, false
	for _, c := range sortedHexes(r.plan.SupplyNet) {
		d := r.grid.Distance(h, c)
		if d == 0 || d > 3 || r.front(c) <= r.front(h) || !r.passable(c) || r.v.Control[c] != r.v.For {
			continue
		}
		if bd := r.grid.Distance(h, best); !found || d < bd || d == bd && r.front(c) > r.front(best) {
			best, found = c, true
		}
	}
	return best, found
}
