package render

import (
	"image"
	"image/color"
	"math"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Arrow is one move a side may see: the hexes it passed, first to last.
type Arrow struct {
	Path []hex.Hex
	Side scenario.Side
	Rail bool // drawn dashed
}

// Clash is one combat: a burst on the defending hex with the result.
type Clash struct {
	Hex    hex.Hex
	Result string // "A1 / D2", "DE", ...
}

// arrows draws the moves over the counters, thin and translucent enough to
// read the counters under them.
func (r *renderer) arrows() {
	c, s := r.c, r.s
	w := math.Max(2, 0.07*s)
	for _, a := range r.opt.Arrows {
		var p []pt
		for _, h := range a.Path {
			if r.m.Grid.Contains(h) && (len(p) == 0 || r.centre(h) != p[len(p)-1]) {
				p = append(p, r.centre(h))
			}
		}
		if len(p) < 2 {
			continue
		}
		// Stop short of the last centre, so that the head's point touches
		// the counter there and leaves its values to read.
		tip := p[len(p)-1]
		back := p[len(p)-2]
		d := tip.sub(back)
		p[len(p)-1] = tip.sub(d.scale((0.46*s + 3.2*w) / d.len()))
		col := r.st.arrowInk(a.Side)
		c.circle(p[0], 1.4*w)
		if a.Rail {
			dashed(c, p, w, 0.22*s)
		} else {
			c.polyline(p[:len(p)-1], w)
			c.seg(p[len(p)-2], p[len(p)-1], w)
		}
		c.fill(col)
		end := p[len(p)-1]
		u := d.scale(1 / d.len())
		n := pt{-u.Y, u.X}
		head := 3.2 * w
		c.poly(end.add(u.scale(head)), end.add(n.scale(head*0.6)), end.sub(n.scale(head*0.6)))
		c.fill(col)
	}
}

// dashed adds the line through p in dashes of length dash.
func dashed(c *canvas, p []pt, w, dash float64) {
	on, left := true, dash
	for i := 1; i < len(p); i++ {
		a, b := p[i-1], p[i]
		l := b.sub(a).len()
		for t := 0.0; t < l; {
			step := math.Min(left, l-t)
			if on {
				c.seg(a.lerp(b, t/l), a.lerp(b, (t+step)/l), w)
			}
			t += step
			if left -= step; left <= 0 {
				on, left = !on, dash
			}
		}
	}
}

// clashes draws a burst on each defending hex with the result beside it.
func (r *renderer) clashes() {
	c, s := r.c, r.s
	for _, cl := range r.opt.Clashes {
		if !r.m.Grid.Contains(cl.Hex) {
			continue
		}
		// The burst on the top counter's upper left corner and the result
		// left of it: the defender's values stay readable.
		h := r.centre(cl.Hex)
		o := h.add(pt{-0.39 * s, -0.43 * s})
		c.poly(starPoints(o, 0.2*s, 0.1*s)...)
		c.fill(paper)
		c.poly(starPoints(o, 0.17*s, 0.085*s)...)
		c.fill(clashInk)
		if cl.Result != "" {
			w := r.tagWidth(cl.Result)
			r.tag(pt{h.X - 0.41*s - w/2, h.Y - 0.05*s}, cl.Result, clashInk)
		}
	}
}

// clashBox is what clashes draws for cl: its burst and result.
func (r *renderer) clashBox(cl Clash) image.Rectangle {
	s, h := r.s, r.centre(cl.Hex)
	b := box(h.add(pt{-0.39 * s, -0.43 * s}), 0.2*s)
	if cl.Result != "" {
		w := r.tagWidth(cl.Result)
		b = b.Union(image.Rect(int(h.X-0.41*s-w-1), int(h.Y-0.2*s), int(h.X-0.41*s+1), int(h.Y+0.1*s)))
	}
	return b
}

func (r *renderer) tagWidth(text string) float64 {
	return float64(r.c.textWidth(r.f.badge, text)) + 0.12*r.s
}

// tag draws text in a pill of colour col centred on o.
func (r *renderer) tag(o pt, text string, col color.RGBA) {
	c := r.c
	f := r.f.badge
	w := r.tagWidth(text)
	h := 0.22 * r.s
	c.poly(roundRect(o.X-w/2-1, o.Y-h/2-1, o.X+w/2+1, o.Y+h/2+1, h/2+1)...)
	c.fill(paper)
	c.poly(roundRect(o.X-w/2, o.Y-h/2, o.X+w/2, o.Y+h/2, h/2)...)
	c.fill(col)
	c.textAt(f, text, o.X, o.Y+0.3*h, centre, paper)
}

// status tags a stack holding a unit out of supply or out of command below
// its counters (a counter's own corner would hide under the one above it),
// and one in a hidden group above them.
func (r *renderer) status(h hex.Hex, stack []Counter) {
	var oos, occ bool
	for _, cu := range stack {
		oos = oos || cu.OutOfSupply
		occ = occ || cu.OutOfCommand
	}
	for _, cu := range stack {
		if cu.Group != "" {
			r.tag(r.centre(h).add(pt{0, -0.44 * r.s}), cu.Group, markerFill)
			break
		}
	}
	o := r.centre(h).add(pt{0, 0.44 * r.s})
	switch {
	case oos && occ:
		r.tag(o.add(pt{-0.22 * r.s, 0}), "OOS", oosInk)
		r.tag(o.add(pt{0.22 * r.s, 0}), "OCC", occInk)
	case oos:
		r.tag(o, "OOS", oosInk)
	case occ:
		r.tag(o, "OCC", occInk)
	}
}

// margins clears what a region's hexes drew past the map's box, where the
// title and legend go.
func (r *renderer) margins() {
	if len(r.opt.Region) == 0 {
		return
	}
	b := r.c.img.Rect
	m := r.mapBox
	for _, x := range []image.Rectangle{
		image.Rect(b.Min.X, b.Min.Y, b.Max.X, m.Min.Y),
		image.Rect(b.Min.X, m.Max.Y, b.Max.X, b.Max.Y),
		image.Rect(b.Min.X, m.Min.Y, m.Min.X, m.Max.Y),
		image.Rect(m.Max.X, m.Min.Y, b.Max.X, m.Max.Y),
	} {
		r.c.fillRect(x, paper)
	}
	r.c.frame(float64(m.Min.X), float64(m.Min.Y), float64(m.Max.X), float64(m.Max.Y), 1)
	r.c.fill(gridInk)
}
