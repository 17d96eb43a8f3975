package robot

import (
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
)

// setupOrders is the robot's set-up (T 22): the units stand where the
// scenario puts them; the German hides his stacks away from the enemy
// under Gruppe markers and lays dummies (T 18.23).
func setupOrders(v *gwite.View, w *strings.Builder) {
	if v.For != gwite.DE {
		return
	}
	b := newBoard(v)
	dest := map[string]hex.Hex{}
	for _, u := range ownUnits(v) {
		dest[u.ID] = u.Hex
	}
	h := newHider(v, b, w)
	h.hide(dest, func(string) bool { return true })
	h.dummies(dest)
}
