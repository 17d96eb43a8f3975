// Package robot is a computer player for Kaiser's War in the East. It sees
// only its own side's View, never the game state, and writes its orders as
// order-language text, as a person would mail them. It plays a plain game:
// deploy towards the enemy, place arrivals where they are needed, march on
// the nearest enemy or objective, attack where the odds are good with an
// HQ's support, and keep stacks within the limits.
package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
	"pbem/engine/scenario"
)

// Play is the robot's orders for the window open in v, a view of a kw
// game: the registry's entry point.
func Play(v engine.View) (string, error) {
	kv, ok := v.(*kw.View)
	if !ok {
		return "", fmt.Errorf("the kw robot cannot play a view of type %T", v)
	}
	return Orders(kv), nil
}

// Orders writes the robot's orders for the window open in v.
func Orders(v *kw.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# robot orders for %s, %s\n", v.Win.ID, v.For)
	r := newReader(v)
	switch v.Win.Kind {
	case "SETUP":
		r.deploy(&b)
	case "MOVE":
		r.move(&b)
	case "COMBAT":
		r.attack(&b)
	}
	return b.String()
}

// reader is what the robot makes of its view.
type reader struct {
	v     *kw.View
	grid  hex.Grid
	m     *scenario.Map
	byHex map[hex.Hex][]kw.UnitView
	enemy map[hex.Hex]bool
}

func newReader(v *kw.View) *reader {
	m := v.Board().Map
	r := &reader{v: v, grid: m.Grid, m: m, byHex: map[hex.Hex][]kw.UnitView{}, enemy: map[hex.Hex]bool{}}
	for _, u := range v.Units {
		if u.Loc != "map" {
			continue
		}
		r.byHex[u.Hex] = append(r.byHex[u.Hex], u)
		if u.Side != v.For && !u.Inert {
			r.enemy[u.Hex] = true
		}
	}
	return r
}

func (r *reader) own(u kw.UnitView) bool { return u.Side == r.v.For }

// slot is the stacking slot a unit takes (12.1), as the robot counts it.
func slot(u kw.UnitView) string {
	switch {
	case u.Type == "supply", u.Type == "fortress", u.Type == "airbase":
		return u.Type
	case u.Type == "armtrain", u.Type == "tank":
		return "special"
	case u.Type == "hq" || u.Army:
		return "army"
	}
	return "corps"
}

// fits reports whether u may join the units of its side in h (12.1).
func (r *reader) fits(u kw.UnitView, h hex.Hex, extra map[hex.Hex][]kw.UnitView) bool {
	count := map[string]int{}
	for _, x := range append(append([]kw.UnitView(nil), r.byHex[h]...), extra[h]...) {
		if x.Side != u.Side {
			return false
		}
		if x.ID != u.ID {
			count[slot(x)]++
		}
	}
	count[slot(u)]++
	switch {
	case count["army"] > 1, count["army"] == 1 && count["corps"] > 0, count["corps"] > 3:
		return false
	case count["supply"] > 1, count["fortress"] > 1, count["special"] > 1, count["airbase"] > 1:
		return false
	}
	return true
}

// front is how far h is from the nearest enemy unit, or from the nearest
// hex the enemy controls when no enemy unit is in sight.
func (r *reader) front(h hex.Hex) int {
	best := 1 << 30
	for e := range r.enemy {
		best = min(best, r.grid.Distance(h, e))
	}
	if best < 1<<30 {
		return best
	}
	for c, side := range r.v.Control {
		if side != r.v.For {
			best = min(best, r.grid.Distance(h, c))
		}
	}
	return best
}

// deploy sets each unit up in the hex of its zone nearest the enemy, armies
// first, each stack within the limits (3.2, 12.5).
func (r *reader) deploy(b *strings.Builder) {
	ids := make([]string, 0, len(r.v.Zones))
	units := map[string]kw.UnitView{}
	for _, u := range r.v.Units {
		units[u.ID] = u
	}
	for id := range r.v.Zones {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, c := units[ids[i]], units[ids[j]]
		if a.Army != c.Army {
			return a.Army
		}
		return ids[i] < ids[j]
	})
	placed := map[hex.Hex][]kw.UnitView{}
	for _, id := range ids {
		u := units[id]
		zone := append([]hex.Hex(nil), r.v.Zones[id]...)
		sort.SliceStable(zone, func(i, j int) bool { return r.front(zone[i]) < r.front(zone[j]) })
		for _, h := range zone {
			if u.Type != "supply" && u.Type != "hq" && r.front(h) < 2 {
				continue // not into the enemy's ZOC at the start
			}
			if r.fits(u, h, placed) {
				placed[h] = append(placed[h], u)
				fmt.Fprintf(b, "place %s at %s\n", id, h)
				break
			}
		}
	}
}

// move sends each mobile unit towards the enemy, one hex short of contact;
// fortresses, supply units and units already in contact stay.
func (r *reader) move(b *strings.Builder) {
	moved := map[hex.Hex][]kw.UnitView{}
	for _, u := range r.v.Units {
		if !r.own(u) || u.Loc != "map" || u.Move == 0 || u.Type == "fortress" || u.Type == "supply" || u.Inert {
			continue
		}
		if r.front(u.Hex) <= 1 {
			continue
		}
		path := r.path(u)
		for len(path) > 0 {
			end := path[len(path)-1]
			if r.fits(u, end, moved) {
				break
			}
			path = path[:len(path)-1]
		}
		if len(path) == 0 {
			continue
		}
		moved[path[len(path)-1]] = append(moved[path[len(path)-1]], u)
		words := make([]string, len(path))
		for i, h := range path {
			words[i] = h.String()
		}
		fmt.Fprintf(b, "move %s via %s\n", u.ID, strings.Join(words, " "))
	}
}

// cost is the robot's estimate of the MP to enter h: the terrain's, and
// half a point along a rail line (11.4, 11.5).
func (r *reader) cost(from, h hex.Hex) int {
	for _, n := range r.v.Rail[from] {
		if n == h {
			return 1 // in halves: 1/2 MP
		}
	}
	switch r.m.TerrainName(r.m.Terrain(h)) {
	case "Marsh", "Rough", "marsh", "rough":
		return 4
	}
	if r.v.Weather == "winter" && strings.EqualFold(r.m.TerrainName(r.m.Terrain(h)), "forest") {
		return 4
	}
	return 2
}

// path is the hexes u walks towards the enemy with its movement, stopping
// next to an enemy unit (13.4) and never into one, into the sea or into a
// neutral country.
func (r *reader) path(u kw.UnitView) []hex.Hex {
	budget := 2 * u.Move
	var out []hex.Hex
	at := u.Hex
	for budget > 0 {
		best, bestD := hex.Hex{}, r.front(at)
		for _, n := range r.grid.Neighbours(at) {
			if !r.grid.Contains(n) || r.m.Impassable(n) || r.enemy[n] || r.v.Country[n] == "" || r.v.Control[n] == "" {
				continue
			}
			if s, ok := r.grid.SideBetween(at, n); ok && !r.m.Crossable(s) {
				continue
			}
			if d := r.front(n); d < bestD {
				best, bestD = n, d
			}
		}
		if best.Row == 0 {
			break
		}
		c := r.cost(at, best)
		if c > budget && len(out) > 0 {
			break
		}
		budget -= c
		out = append(out, best)
		at = best
		if bestD <= 1 {
			break
		}
	}
	return out
}

// attack makes every attack the robot reckons at 150% or better, with an
// HQ whose radius reaches an attacker, each hex once and each unit once
// (14.4), and units of one nation unless an HQ joins them (19.3).
func (r *reader) attack(b *strings.Builder) {
	used := map[string]bool{}
	hqUsed := map[string]bool{}
	for _, h := range sortedKeys(r.enemy) {
		def := 0
		for _, e := range r.byHex[h] {
			def += e.Defense
			if e.Hidden {
				def += 4 // a face-down counter: reckoned a strong corps
			}
		}
		if t := strings.ToLower(r.m.TerrainName(r.m.Terrain(h))); t == "marsh" || t == "rough" {
			def *= 2
		}
		var att []kw.UnitView
		total := 0
		for _, n := range r.grid.Neighbours(h) {
			for _, u := range r.byHex[n] {
				if r.own(u) && u.Attack > 0 && !used[u.ID] && !u.Inert {
					att = append(att, u)
					total += u.Attack
				}
			}
		}
		if len(att) == 0 {
			continue
		}
		hq := r.hqFor(att, hqUsed)
		nations := map[string]bool{}
		for _, u := range att {
			nations[u.Nation] = true
		}
		if hq.ID == "" && len(nations) > 1 {
			att, total = oneNation(att)
		}
		total += hq.Support
		if def > 0 && total*100/def < 150 {
			continue
		}
		ids := make([]string, len(att))
		for i, u := range att {
			ids[i] = u.ID
			used[u.ID] = true
		}
		fmt.Fprintf(b, "attack %s with %s", h, strings.Join(ids, " "))
		if hq.ID != "" {
			hqUsed[hq.ID] = true
			fmt.Fprintf(b, " hq %s", hq.ID)
		}
		fmt.Fprintf(b, " pursue %s\n", ids[0])
	}
}

// hqFor is an own HQ not yet used whose radius reaches one of the
// attackers and whose nation one of them shares (19.1-19.2).
func (r *reader) hqFor(att []kw.UnitView, used map[string]bool) kw.UnitView {
	for _, u := range r.v.Units {
		if !r.own(u) || u.Loc != "map" || u.Type != "hq" || used[u.ID] {
			continue
		}
		reach, share := false, false
		for _, a := range att {
			reach = reach || r.grid.Distance(u.Hex, a.Hex) <= u.Radius
			share = share || a.Nation == u.Nation
		}
		if reach && share {
			return u
		}
	}
	return kw.UnitView{}
}

// oneNation keeps the attackers of the strongest nation among them.
func oneNation(att []kw.UnitView) ([]kw.UnitView, int) {
	sum := map[string]int{}
	for _, u := range att {
		sum[u.Nation] += u.Attack
	}
	best := ""
	for n, s := range sum {
		if best == "" || s > sum[best] || s == sum[best] && n < best {
			best = n
		}
	}
	var out []kw.UnitView
	for _, u := range att {
		if u.Nation == best {
			out = append(out, u)
		}
	}
	return out, sum[best]
}

func sortedKeys(m map[hex.Hex]bool) []hex.Hex {
	out := make([]hex.Hex, 0, len(m))
	for h := range m {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}
