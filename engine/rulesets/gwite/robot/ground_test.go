package robot_test

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/rulesets/gwite/robot"
	"pbem/engine/scenario"
	"pbem/pbem/dice"
)

// The key ground of the Masurian map (T 22 map, std 5.3): Insterburg and
// Allenstein are rail junctions, Lötzen, Angerburg and Arys lie between
// lakes; Gumbinnen, on one line in open country, is neither.
func TestKeyGroundOfTheMasurianMap(t *testing.T) {
	g, _, st := load(t, "tannenberg-1914")
	key := robot.KeyGround(st.View(gwite.DE).(*gwite.View))
	for _, c := range []struct {
		hex  string
		want bool
	}{{"0613", true}, {"1420", true}, {"1114", true}, {"1014", true}, {"1413", true}, {"0611", false}} {
		h, err := g.Map.Grid.Parse(c.hex)
		if err != nil {
			t.Fatal(err)
		}
		if key[h] != c.want {
			t.Errorf("%s (%s): key ground %v, want %v", c.hex, g.Map.Towns[h].Name, key[h], c.want)
		}
	}
}

// heldKeys counts the hexes of own key ground, within 4 hexes of a
// visible enemy combat unit, that the orders leave held by a unit of
// side.
func heldKeys(v *gwite.View, key map[hex.Hex]bool, orders string) int {
	dest := map[string]hex.Hex{}
	var enemies []hex.Hex
	for _, u := range v.Units {
		if u.Loc != gwite.OnMap {
			continue
		}
		if u.Side == v.For {
			dest[u.ID] = u.Hex
		} else if u.Type != scenario.HQ && u.Type != scenario.Depot {
			enemies = append(enemies, u.Hex)
		}
	}
	for _, l := range strings.Split(orders, "\n") {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "move" && f[2] == "to" {
			if h, err := v.Map.Grid.Parse(f[3]); err == nil {
				dest[f[1]] = h
			}
		}
	}
	held := map[hex.Hex]bool{}
	for _, h := range dest {
		if !key[h] || v.Map.Country(h) != v.For {
			continue
		}
		for _, e := range enemies {
			if v.Map.Grid.Distance(h, e) <= 4 {
				held[h] = true
			}
		}
	}
	return len(held)
}

// In the campaign's opening game-turns the German holds its junctions
// and lake passages near the enemy: window by window, its Movement Phase
// orders leave more of them held than the same robot's orders with the
// ground not valued.
func TestKeyGroundHeldNearTheEnemy(t *testing.T) {
	_, _, st := load(t, "tannenberg-1914")
	var key map[hex.Hex]bool
	with, without := 0, 0
	for st.Window().Turn <= 4 {
		w := st.Window()
		by := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			v := st.View(side).(*gwite.View)
			text := robot.Orders(v)
			if side == gwite.DE && strings.HasSuffix(w.ID, "MOVE") {
				plain := robot.OrdersWithoutKeyGround(v)
				if key == nil {
					key = robot.KeyGround(v)
				}
				with += heldKeys(v, key, text)
				without += heldKeys(v, key, plain)
			}
			by[side] = parse(t, text)
		}
		next, _, err := st.Resolve(by, dice.New([]byte("1"), w.ID))
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
	t.Logf("key hexes held near the enemy over the German Movement Phases: %d valued, %d not", with, without)
	if with <= without {
		t.Errorf("the German held %d key hexes near the enemy with the ground valued, %d without", with, without)
	}
}

// std 5.4, 7.0: an enemy unit threatens the hexes it can march next to in
// one turn over mixed ground, half its MA rounded up plus one: a German
// infantry division (MA 5) 4 hexes away, a Russian one (MA 4) 3. Each
// side is looked at from its View at the Winter Battle's set-up, in hexes
// where one enemy stack alone lies within the distances looked at (and one hex more) and no Gruppe marker is
// near.
func TestThreatReachesAsFarAsTheEnemyMarches(t *testing.T) {
	_, _, st := load(t, "tannenberg-winter")
	for _, c := range []struct {
		side    engine.Side
		ma      int
		in, out int // the farthest distance threatened, the nearest not
	}{{gwite.RU, 5, 4, 5}, {gwite.DE, 4, 3, 4}} {
		v := st.View(c.side).(*gwite.View)
		stacks := map[hex.Hex][]gwite.UnitView{}
		for _, u := range v.Units {
			if u.Loc == gwite.OnMap && u.Side != c.side && u.Type != scenario.HQ && u.Type != scenario.Depot {
				stacks[u.Hex] = append(stacks[u.Hex], u)
			}
		}
		checked := map[int]bool{}
		for _, h := range v.Map.Grid.All() {
			var near []hex.Hex
			for e := range stacks {
				if v.Map.Grid.Distance(h, e) <= c.out+1 {
					near = append(near, e)
				}
			}
			markers := false
			for _, m := range v.Markers {
				markers = markers || v.Map.Grid.Distance(h, m.Hex) <= 3
			}
			if len(near) != 1 || markers {
				continue
			}
			e := near[0]
			d := v.Map.Grid.Distance(h, e)
			if d != c.in && d != c.out {
				continue
			}
			att := 0
			for _, u := range stacks[e] {
				if u.Strength.MA != c.ma || u.Type != scenario.Infantry {
					att = -1
					break
				}
				att += u.Strength.Attack
			}
			if att <= 0 {
				continue
			}
			want := 0
			if d == c.in {
				want = att
			}
			if got := robot.Threat(v, h); got != want {
				t.Errorf("%s view: %s, %d hexes from the enemy in %s (attack %d, MA %d): threat %d, want %d", c.side, h, d, e, att, c.ma, got, want)
			}
			checked[d] = true
		}
		if !checked[c.in] || !checked[c.out] {
			t.Errorf("%s view: no hex found at distance %d and %d from a lone enemy stack of MA %d", c.side, c.in, c.out, c.ma)
		}
	}
}
