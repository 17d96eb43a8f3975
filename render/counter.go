package render

import (
	"image"
	"math"
	"sort"

	"pbem/engine/hex"
)

// counterGeom is the layout of one counter, in whole pixels, derived from
// the hex size: about 0.78 of a hex wide, its values in the largest type.
type counterGeom struct {
	w, h       int
	boxY       int // top of the NATO symbol box
	boxW, boxH int
	sizeBase   int // baselines, from the counter's top
	labelBase  int
	valuesBase int
	step       int // offset between counters of a stack
}

func newCounterGeom(s float64) counterGeom {
	ri := func(k float64) int { return int(math.Round(k * s)) }
	g := counterGeom{
		w: ri(0.78), h: ri(0.86),
		boxY: ri(0.17), boxW: ri(0.4), boxH: ri(0.2),
		sizeBase: ri(0.15), labelBase: ri(0.55),
		step: max(2, ri(0.08)),
	}
	g.valuesBase = g.h - max(1, ri(0.07))
	return g
}

// stack is the counters of one hex as drawn: the strongest on top.
type stack struct {
	hex   hex.Hex
	units []Counter       // top first
	at    []image.Point   // top-left corner of each counter shown, top first
	badge *image.Point    // centre of the count badge, on stacks of two or more
	box   image.Rectangle // what the counters and the badge cover
}

// layoutStacks groups the counters on the map by hex, in printed order
// (north to south, east to west), so that a stack's offset corner
// overlaps neighbours drawn before it rather than after. Within a hex the
// strongest is on top (Strength; the order given among equals): the unit
// a player weighs a stack by is the one he reads without unstacking.
func (r *renderer) layoutStacks(cs []Counter) []stack {
	byHex := map[hex.Hex][]Counter{}
	var hexes []hex.Hex
	for _, cu := range cs {
		if cu.Box != "" || !r.m.Grid.Contains(cu.Hex) {
			continue
		}
		if _, ok := byHex[cu.Hex]; !ok {
			hexes = append(hexes, cu.Hex)
		}
		byHex[cu.Hex] = append(byHex[cu.Hex], cu)
	}
	sort.Slice(hexes, func(i, j int) bool { return hexes[i].Less(hexes[j]) })
	g := newCounterGeom(r.s)
	var out []stack
	for _, h := range hexes {
		st := stack{hex: h, units: byHex[h]}
		sort.SliceStable(st.units, func(i, j int) bool { return st.units[i].Strength > st.units[j].Strength })
		shown := min(len(st.units), maxShown)
		o := r.centre(h)
		x0 := int(math.Round(o.X - float64(g.w)/2))
		y0 := int(math.Round(o.Y - float64(g.h)/2))
		back := (shown - 1) * g.step / 2
		for k := range shown {
			level := shown - 1 - k
			p := image.Pt(x0-back+level*g.step, y0+back-level*g.step)
			st.at = append(st.at, p)
			st.box = st.box.Union(image.Rect(p.X, p.Y, p.X+g.w+1, p.Y+g.h+1)) // and the shadow
		}
		// The tags status draws above and below the counters.
		for _, cu := range st.units {
			if cu.OutOfSupply || cu.OutOfCommand {
				st.box = st.box.Union(image.Rect(int(o.X-0.5*r.s), int(o.Y+0.3*r.s), int(o.X+0.5*r.s), int(o.Y+0.58*r.s)))
			}
			if cu.Group != "" {
				st.box = st.box.Union(image.Rect(int(o.X-0.25*r.s), int(o.Y-0.58*r.s), int(o.X+0.25*r.s), int(o.Y-0.3*r.s)))
			}
		}
		if len(st.units) >= 2 {
			b := st.at[0].Add(image.Pt(g.w-1, 1))
			st.badge = &b
			rad := int(math.Ceil(r.badgeRadius())) + 1
			st.box = st.box.Union(image.Rect(b.X-rad, b.Y-rad, b.X+rad+1, b.Y+rad+1))
		}
		out = append(out, st)
	}
	return out
}

// counters draws the stacks laid out by layoutStacks, bottom counter
// first, the badge over the top one.
func (r *renderer) counters() {
	g := newCounterGeom(r.s)
	for _, st := range r.stacks {
		for k := len(st.at) - 1; k >= 0; k-- {
			r.counter(g, st.at[k].X, st.at[k].Y, st.units[k], k == len(st.at)-1)
		}
		if st.badge != nil {
			r.badge(*st.badge, len(st.units))
		}
		r.status(st.hex, st.units)
	}
}

// roundRect is a rectangle with corners rounded to radius k.
func roundRect(x0, y0, x1, y1, k float64) []pt {
	var p []pt
	corners := [4]struct {
		c  pt
		a0 float64
	}{
		{pt{x1 - k, y0 + k}, -math.Pi / 2},
		{pt{x1 - k, y1 - k}, 0},
		{pt{x0 + k, y1 - k}, math.Pi / 2},
		{pt{x0 + k, y0 + k}, math.Pi},
	}
	for _, c := range corners {
		for i := 0; i <= 4; i++ {
			a := c.a0 + float64(i)*math.Pi/8
			p = append(p, pt{c.c.X + k*math.Cos(a), c.c.Y + k*math.Sin(a)})
		}
	}
	return p
}

// counter draws one counter with its top-left corner at (x, y).
func (r *renderer) counter(g counterGeom, x, y int, cu Counter, bottom bool) {
	c := r.c
	fx, fy := float64(x), float64(y)
	fw, fh := float64(g.w), float64(g.h)
	rnd := math.Max(1.5, 0.05*r.s)
	if bottom {
		c.poly(roundRect(fx+1, fy+1, fx+fw+1, fy+fh+1, rnd)...)
		c.fill(shadowInk)
	}
	c.poly(roundRect(fx, fy, fx+fw, fy+fh, rnd)...)
	rim := counterRim
	if cu.Ghost {
		rim = lighten(counterRim, 0.6)
	}
	c.fill(rim)
	fill, fg := r.st.fill(cu), r.st.ink(cu)
	switch {
	case cu.Marker:
		fill = markerFill
	case cu.Ghost:
		fill = lighten(fill, 0.7)
	case cu.Reduced:
		fill = lighten(fill, 0.45)
	}
	c.poly(roundRect(fx+1, fy+1, fx+fw-1, fy+fh-1, rnd-0.7)...)
	c.fill(fill)
	if cu.Reduced {
		// A stripe across the top-left corner marks the reduced side.
		k := 0.17 * r.s
		t := math.Max(2.5, 0.08*r.s)
		c.poly(pt{fx + 1, fy + 1 + k}, pt{fx + 1 + k, fy + 1}, pt{fx + 1 + k + t, fy + 1}, pt{fx + 1, fy + 1 + k + t})
		c.fill(reducedBar)
	}

	mid := fx + fw/2
	if cu.Marker {
		// A cross on the token, its label below: nothing of what it hides.
		t := math.Max(2, 0.07*r.s)
		cx, cy := mid, fy+fh*0.42
		k := 0.22 * r.s
		c.poly(pt{cx - t, cy - k}, pt{cx + t, cy - k}, pt{cx + t, cy + k}, pt{cx - t, cy + k})
		c.poly(pt{cx - k, cy - t}, pt{cx + k, cy - t}, pt{cx + k, cy + t}, pt{cx - k, cy + t})
		c.fill(markerInk)
		c.textAt(r.f.cLabelSmall, cu.Label, mid, fy+float64(g.valuesBase), centre, markerInk)
		return
	}
	if m := r.st.sizeMark(cu.Size); m != "" {
		c.textAt(r.f.cSize, m, mid, fy+float64(g.sizeBase), centre, fg)
	}
	if n := r.st.nation(cu); n != nil && !cu.Ghost {
		r.marking(g, fx, fy, n, fill, fg)
	}
	r.natoBox(g, x+(g.w-g.boxW)/2, y+g.boxY, r.st.symbol(cu.Type), fill, fg)
	if cu.Label != "" {
		f := r.f.cLabel
		if c.textWidth(f, cu.Label) > g.w-2 {
			f = r.f.cLabelSmall
		}
		c.textAt(f, cu.Label, mid, fy+float64(g.labelBase), centre, fg)
	}
	if cu.Values != "" {
		f := r.f.cValues
		if c.textWidth(f, cu.Values) > g.w-2 {
			f = r.f.cValuesSmall
		}
		c.textAt(f, cu.Values, mid, fy+float64(g.valuesBase), centre, fg)
	}
}

func (r *renderer) badgeRadius() float64 { return math.Max(6, 0.14*r.s) }

// badge draws the height of a stack in a disc centred on o.
func (r *renderer) badge(o image.Point, n int) {
	c := r.c
	p := pt{float64(o.X), float64(o.Y)}
	rad := r.badgeRadius()
	c.circle(p, rad+1)
	c.fill(paper)
	c.circle(p, rad)
	c.fill(badgeFill)
	c.textAt(r.f.badge, itoa(n), p.X, p.Y+0.35*rad+1, centre, paper)
}
