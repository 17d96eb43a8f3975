package render

import (
	"math"
	"sort"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// offMapDir picks the direction from an edge hex off the map, preferring
// the direction of travel from prev (a neighbour, or h itself if none).
func (r *renderer) offMapDir(h, prev hex.Hex) (hex.Dir, bool) {
	g := r.m.Grid
	if d, ok := g.DirTo(prev, h); ok && !g.Contains(g.Neighbour(h, d)) {
		return d, true
	}
	// Otherwise the off-map direction closest to straight out from prev,
	// or from the middle of the map if there is no prev.
	best, found, bestDot := hex.E, false, math.Inf(-1)
	hc := r.centre(h)
	v := hc.sub(r.centre(prev))
	if prev == h {
		mid := r.mapBox.Min.Add(r.mapBox.Max).Div(2)
		v = hc.sub(pt{float64(mid.X), float64(mid.Y)})
	}
	for _, d := range hex.Dirs {
		n := g.Neighbour(h, d)
		if g.Contains(n) {
			continue
		}
		u := r.centre(n).sub(hc)
		dot := u.X*v.X + u.Y*v.Y
		if !found || dot > bestDot+1e-9 {
			best, found, bestDot = d, true, dot
		}
	}
	return best, found
}

// railNeighbour is the hex before (or else after) h on the first rail line
// through h, or h itself if no line passes.
func (r *renderer) railNeighbour(h hex.Hex) hex.Hex {
	for _, l := range r.m.Rails {
		for i, x := range l.Hexes {
			if x != h {
				continue
			}
			if i > 0 {
				return l.Hexes[i-1]
			}
			if i+1 < len(l.Hexes) {
				return l.Hexes[i+1]
			}
		}
	}
	return h
}

// exits draws an arrow off the map at each rail exit, with the name of the
// place the line leads to.
func (r *renderer) exits() {
	c, s := r.c, r.s
	for _, e := range r.m.SortedExits() {
		if !r.m.Grid.Contains(e.Hex) {
			continue
		}
		prev := r.railNeighbour(e.Hex)
		d, ok := r.offMapDir(e.Hex, prev)
		if !ok {
			continue
		}
		o := r.centre(e.Hex)
		u := r.centre(r.m.Grid.Neighbour(e.Hex, d)).sub(o).scale(1 / s)
		n := pt{-u.Y, u.X}
		ink := r.st.railInk(e.Country)
		base := o.add(u.scale(0.3 * s))
		tip := o.add(u.scale(0.78 * s))
		c.line(base, tip.sub(u.scale(0.1*s)), math.Max(2, 0.07*s))
		c.poly(tip, tip.sub(u.scale(0.2*s)).add(n.scale(0.12*s)), tip.sub(u.scale(0.2*s)).sub(n.scale(0.12*s)))
		c.fill(ink)
		if e.Name != "" {
			lp := tip.add(u.scale(0.1 * s))
			a := centre
			switch {
			case u.X > 0.3:
				a = left
			case u.X < -0.3:
				a = right
			}
			y := lp.Y + 0.06*s
			if u.Y > 0.3 {
				y += 0.12 * s
			}
			b := c.textBox(r.f.small, e.Name, lp.X, y, a).Inset(-1)
			r.exitBoxes = append(r.exitBoxes, b, box(tip, 0.15*s))
			r.marks = append(r.marks, b)
			c.haloText(r.f.small, e.Name, lp.X, y, a, ink, paper)
		}
	}
}

// entries marks lettered entry hexes with the letter in a circle of the
// entering side's colour, placed toward the map edge.
func (r *renderer) entries() {
	c, s := r.c, r.s
	es := append([]*scenario.Entry(nil), r.m.Entries...)
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Hex != es[j].Hex {
			return es[i].Hex.Less(es[j].Hex)
		}
		return es[i].Letter < es[j].Letter
	})
	for _, e := range es {
		if !r.m.Grid.Contains(e.Hex) {
			continue
		}
		o := r.centre(e.Hex)
		p := o.add(pt{0.3 * s, -0.18 * s})
		if d, ok := r.offMapDir(e.Hex, e.Hex); ok {
			u := r.centre(r.m.Grid.Neighbour(e.Hex, d)).sub(o).scale(1 / s)
			p = o.add(u.scale(0.58 * s))
			if _, exit := r.m.Exits[e.Hex]; exit {
				// Keep clear of the exit arrow: beside it, toward the map.
				n := pt{-u.Y, u.X}.scale(0.36 * s)
				mid := r.mapBox.Min.Add(r.mapBox.Max).Div(2)
				m := pt{float64(mid.X), float64(mid.Y)}
				p = o.add(u.scale(0.3 * s))
				if p.add(n).sub(m).len() < p.sub(n).sub(m).len() {
					p = p.add(n)
				} else {
					p = p.sub(n)
				}
			}
		}
		rad := 0.16 * s
		c.circle(p, rad)
		c.fill(entryRim)
		c.circle(p, rad-math.Max(1, 0.03*s))
		c.fill(r.st.sideColour(e.Side))
		r.c.textAt(r.f.entry, e.Letter, p.X, p.Y+0.075*s, centre, ink)
	}
}
