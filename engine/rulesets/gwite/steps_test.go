package gwite

import "testing"

// The step table gives enterCost's answer (whether the move is allowed,
// and its MP) for every hex and every direction, for a unit of each side
// and TCR of tannenberg-1914 (enemy units, HQ-only stacks, friendly and
// enemy fortresses, zones of control all on the map), and again with
// every fortress destroyed (std 5.12-5.13, 7.21, 11.1, TEC, AMB-53).
func TestStepTableMatchesEnterCost(t *testing.T) {
	g := supTannenberg(t)
	byTCR := map[[2]any]*Unit{}
	for _, u := range g.Units {
		if u.OnMap() && !u.IsHQ() {
			byTCR[[2]any{u.Side(), u.TCR()}] = u
		}
	}
	if len(byTCR) < 2 {
		t.Fatalf("units of only %d side/TCR kinds", len(byTCR))
	}
	grid := g.Map().Grid
	checked := 0
	for _, destroyed := range []bool{false, true} {
		if destroyed {
			for _, f := range g.Forts {
				f.StepsLost = f.Data.Steps
			}
			g.changed()
		}
		for _, u := range byTCR {
			for _, a := range grid.All() {
				for d, b := range grid.Neighbours(a) {
					want, got := g.enterCost(u, a, b), g.stepCost(u, a, d, b)
					if want.ok != got.ok || (want.ok && want.cost != got.cost) {
						t.Fatalf("%s (%s, TCR %d) %s->%s, forts destroyed %v: enterCost %v %d, step table %v %d", u.ID, u.Side(), u.TCR(), a, b, destroyed, want.ok, want.cost, got.ok, got.cost)
					}
					checked++
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d steps checked", checked)
	}
}
