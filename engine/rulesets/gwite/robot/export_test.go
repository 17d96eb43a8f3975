package robot

import (
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
)

// Internals the tests of package robot_test reach (they load the
// embedded scenarios, which import this package).

func KeyGround(v *gwite.View) map[hex.Hex]bool { return keyGround(v, v.Sandbox()) }

func Threat(v *gwite.View, h hex.Hex) int { return newBoard(v).threat(h) }

// OrdersWithoutKeyGround is Orders with the junctions and lake passages
// worth nothing.
func OrdersWithoutKeyGround(v *gwite.View) string { return orders(v, 0) }
