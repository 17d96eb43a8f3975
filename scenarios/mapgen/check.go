package mapgen

import (
	"fmt"
	"math"

	"pbem/engine/hex"
)

// Check verifies what the scenario validator will: rail hexes adjacent, on
// land and in the line's country; every line joined to an exit of its
// country; rivers on adjacent hexes, never between two water hexes.
func (m *Map) Check() []string {
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	exitAt := map[hex.Hex]*ExitOut{}
	for _, e := range m.Exits {
		exitAt[e.Hex] = e
		if !m.grid.Edge(e.Hex) {
			fail("exit %s is not on the map edge", e.Hex)
		}
		if e.Country == "" {
			fail("exit %s is water", e.Hex)
		}
	}
	parent := make([]int, len(m.Rails))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	at := map[string][]int{}
	for i, r := range m.Rails {
		if len(r.Hexes) < 2 {
			fail("rail %s: fewer than two hexes", r.ID)
		}
		for k, h := range r.Hexes {
			if !m.grid.Contains(h) {
				fail("rail %s: %s off the map", r.ID, h)
				continue
			}
			if m.Water(h) {
				fail("rail %s: %s is water", r.ID, h)
			}
			if m.Side(h) != r.Country {
				fail("rail %s (%s): %s is %s", r.ID, r.Country, h, m.Side(h))
			}
			if k > 0 && !m.grid.Adjacent(r.Hexes[k-1], h) {
				fail("rail %s: %s not next to %s", r.ID, h, r.Hexes[k-1])
			} else if k > 0 && m.barred(r.Hexes[k-1], h) {
				fail("rail %s: %s-%s crosses a blocked hexside", r.ID, r.Hexes[k-1], h)
			}
			key := r.Country + h.String()
			for _, j := range at[key] {
				parent[find(j)] = find(i)
			}
			at[key] = append(at[key], i)
		}
	}
	ok := map[int]bool{}
	for i, r := range m.Rails {
		for _, h := range r.Hexes {
			if e := exitAt[h]; e != nil && e.Country == r.Country {
				ok[find(i)] = true
			}
		}
	}
	for i, r := range m.Rails {
		if !ok[find(i)] && !m.game.RailsMayEndInland {
			fail("rail %s (%s) is not joined to an exit of its country", r.ID, r.Country)
		}
	}
	seen := map[hex.Side]string{}
	for _, rv := range m.Rivers {
		for _, s := range rv.Sides {
			if !m.grid.Adjacent(s.A, s.B) {
				fail("river %s: %s not adjacent", rv.In.Name, s)
			}
			if m.Water(s.A) && m.Water(s.B) {
				fail("river %s: %s between two water hexes", rv.In.Name, s)
			}
			if o := seen[s]; o != "" {
				fail("river %s: %s already on %s", rv.In.Name, s, o)
			}
			seen[s] = rv.In.Name
		}
	}
	return errs
}

// bankWarnings lists towns near a river whose hex centre lies on the other
// bank from the town itself: candidates for a nudge of the river line.
func (m *Map) bankWarnings(rivers []*Shape) []string {
	var out []string
	for _, rv := range rivers {
		for _, t := range m.Towns {
			tx, ty := m.proj.Point(t.Place.At.Lat, t.Place.At.Lon)
			cx, cy := m.grid.Center(t.Hex)
			best, bi := math.Inf(1), -1
			for i := 1; i < len(rv.Pts); i++ {
				ax, ay := m.proj.Point(rv.Pts[i-1].Lat, rv.Pts[i-1].Lon)
				bx, by := m.proj.Point(rv.Pts[i].Lat, rv.Pts[i].Lon)
				if d := segDist(tx, ty, ax, ay, bx, by); d < best {
					best, bi = d, i
				}
			}
			if bi < 0 || best > 0.8 {
				continue
			}
			ax, ay := m.proj.Point(rv.Pts[bi-1].Lat, rv.Pts[bi-1].Lon)
			bx, by := m.proj.Point(rv.Pts[bi].Lat, rv.Pts[bi].Lon)
			side := func(x, y float64) bool { return (bx-ax)*(y-ay)-(by-ay)*(x-ax) > 0 }
			if side(tx, ty) != side(cx, cy) {
				out = append(out, fmt.Sprintf("%s %s: hex centre on the other bank of the %s (town %.1f km from it)", t.Hex, t.Place.Name, rv.Name, best*m.proj.HexKm))
			}
		}
	}
	return out
}
