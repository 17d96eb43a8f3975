package gwite

import (
	"fmt"

	"pbem/engine/scenario"
)

// The fields of the data only this system gives a meaning to are declared
// attributes of its records (scenario.Attrs); data that declares none has
// them by default.

// westFront reports whether a counter is a West Front reinforcement
// (wf=yes, T 19.22).
func westFront(d *scenario.Unit) bool { return d.Attrs.Flag("wf") }

// heroic reports whether an HQ is heroic (heroic=yes, std 10.23).
func heroic(d *scenario.Unit) bool { return d.Attrs.Flag("heroic") }

// winterBattle reports whether a counter plays only in the Winter Battle
// scenario (winter=yes, T[2.3]).
func winterBattle(d *scenario.Unit) bool { return d.Attrs.Flag("winter") }

// westVistula reports whether a fortress stands west of the Vistula, its
// VP class (vistula=west, T 21.2).
func westVistula(f *scenario.Fortress) bool { return f.Attrs["vistula"] == "west" }

// rusRail is the Russian rail capacity printed in a turn's box (rusrail=SP,
// T[5.41]).
func rusRail(t *scenario.Turn) int { return t.Attrs.Int("rusrail") }

// readsAttrs are the attributes this system reads, by record.
var readsAttrs = [][2]string{{"unit", "wf"}, {"hq", "wf"}, {"hq", "heroic"}, {"fortress", "vistula"}, {"turn", "rusrail"}}

// checkAttrs refuses data that declares attributes of its own but not
// those this system reads: its counters and map would lose a rule.
func checkAttrs(data *scenario.Game) error {
	if data.Vocab == nil {
		return nil
	}
	for _, a := range readsAttrs {
		if data.Vocab.Attribute(a[0], a[1]) == nil {
			return fmt.Errorf("game %s declares no attribute %s %s, which the gwite rules read", data.ID, a[0], a[1])
		}
	}
	return nil
}
