package gwite

import (
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
)

func heldIn(v *View, h hex.Hex) (engine.Side, bool) {
	for _, hv := range v.Held {
		if hv.Hex == h {
			return hv.Side, true
		}
	}
	return "", false
}

// std 5.33: a rail hex last held by the enemy is closed to a side's
// trains, and the View says so, so that the acknowledgement's sandbox
// closes it too. The German sees the hexes the Russian last held; the
// Russian does not see those of the German, whose Gruppe dummies leave
// no mark (T 18); each sees its own. Under limited fog the enemy's marks
// are seen only in sight.
func TestViewTellsWhoLastHeldAHex(t *testing.T) {
	g := supTannenberg(t)
	if g.gruppeMarkers() == 0 {
		t.Fatal("the campaign has no Gruppe markers")
	}
	// Two German rail hexes with no unit in them, one for each side's mark.
	var ruMark, deMark hex.Hex
	for _, h := range hex.SortedKeys(g.railNet(DE)) {
		if len(g.UnitsAt(h)) > 0 || g.Map().Country(h) != DE {
			continue
		}
		switch {
		case ruMark == hex.Hex{}:
			ruMark = h
		case deMark == hex.Hex{} && g.Map().Grid.Distance(h, ruMark) > 4:
			deMark = h
		}
	}
	g.LastOcc[ruMark], g.LastOcc[deMark] = RU, DE
	if !g.railHex(ruMark, DE) || g.railOpen(ruMark, DE) {
		t.Fatalf("%s: want a German rail hex the Russian mark closes", ruMark)
	}
	de, ru := g.View(DE).(*View), g.View(RU).(*View)
	for _, c := range []struct {
		v    *View
		h    hex.Hex
		want bool
	}{{de, ruMark, true}, {de, deMark, true}, {ru, ruMark, true}, {ru, deMark, false}} {
		s, ok := heldIn(c.v, c.h)
		if ok != c.want || (ok && s != g.LastOcc[c.h]) {
			t.Errorf("%s's view: %s last held by %q (listed %v), want listed %v", c.v.For, c.h, s, ok, c.want)
		}
	}
	if sb := de.Sandbox(); sb.railOpen(ruMark, DE) {
		t.Errorf("the German sandbox opens %s to rail movement, which the Russian last held", ruMark)
	}
	lim := limitedTannenberg(t)
	lim.LastOcc[ruMark] = RU
	_, ok := heldIn(lim.View(DE).(*View), ruMark)
	if want := inSight(lim, DE, ruMark); ok != want {
		t.Errorf("limited fog: %s listed %v for the German, in sight %v", ruMark, ok, want)
	}
}
