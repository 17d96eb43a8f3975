package robot

import (
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Internals the tests of package robot_test reach (they load the
// embedded scenarios, which import this package).

func KeyGround(m *scenario.Map) map[hex.Hex]bool { return keyGround(m) }

func Threat(v *gwite.View, h hex.Hex) int { return newBoard(v).threat(h) }

// SetKeyBonus sets what holding key ground is worth and returns the old
// value.
func SetKeyBonus(n int) int {
	old := keyBonus
	keyBonus = n
	return old
}
