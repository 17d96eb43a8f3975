package render

import (
	"image/color"
	"math"

	"pbem/engine/scenario"
)

// natoBox draws the unit symbol sym (one of scenario.Symbols): a frame
// with the branch mark inside, in the counter's ink fg.
func (r *renderer) natoBox(g counterGeom, x, y int, sym string, fill, fg color.RGBA) {
	c := r.c
	x0, y0 := float64(x), float64(y)
	x1, y1 := x0+float64(g.boxW), y0+float64(g.boxH)
	w, h := float64(g.boxW), float64(g.boxH)
	c.rect(x0, y0, x1, y1)
	c.fill(lighten(fill, 0.6))
	c.frame(x0, y0, x1, y1, 1)
	c.fill(fg)
	// Inside the frame, lines run between the inner corners.
	a, b := pt{x0 + 1, y0 + 1}, pt{x1 - 1, y1 - 1}
	lw := math.Max(1, 0.025*r.s)
	mid := pt{(x0 + x1) / 2, (y0 + y1) / 2}
	switch sym {
	case "infantry":
		c.seg(a, b, lw)
		c.seg(pt{a.X, b.Y}, pt{b.X, a.Y}, lw)
	case "cavalry":
		c.seg(pt{a.X, b.Y}, pt{b.X, a.Y}, lw)
	case "artillery":
		c.circle(mid, 0.23*h)
	case "supply":
		yy := y0 + math.Round(0.68*h)
		c.rect(x0+1, yy, x1-1, yy+lw)
	case "hq":
		// A flag on a staff.
		px := x0 + math.Round(0.3*w)
		c.rect(px, y0+2, px+lw, y1-1)
		fy1 := y0 + 2 + math.Round(0.45*h)
		c.poly(pt{px + lw, y0 + 2}, pt{x1 - 3, y0 + 2}, pt{x1 - 5, (y0 + 2 + fy1) / 2}, pt{x1 - 3, fy1}, pt{px + lw, fy1})
	case "mountain":
		// Infantry's cross over the mountain triangle on the frame's foot.
		c.seg(a, b, lw)
		c.seg(pt{a.X, b.Y}, pt{b.X, a.Y}, lw)
		k := 0.22 * w
		c.poly(pt{mid.X - k, b.Y}, pt{mid.X + k, b.Y}, pt{mid.X, b.Y - 0.55*h})
	case "engineer":
		// A bar on three legs, open to the foot.
		l, rt, top, foot := x0+0.22*w, x1-0.22*w, y0+0.3*h, y1-0.28*h
		c.rect(l, top, rt, top+lw)
		for _, lx := range []float64{l, mid.X - lw/2, rt - lw} {
			c.rect(lx, top, lx+lw, foot)
		}
	case "armour":
		ring(c, mid, 0.3*w, 0.3*h, lw)
	case "armoured-train":
		// Armour's oval riding a rail.
		ring(c, pt{mid.X, mid.Y - 0.08*h}, 0.28*w, 0.24*h, lw)
		c.rect(x0+1, b.Y-lw, x1-1, b.Y)
	case "fortress":
		// A wall with three merlons.
		base, top := y1-0.25*h, y0+0.3*h
		c.rect(x0+0.2*w, (base+top)/2, x1-0.2*w, base)
		for i := range 3 {
			mx := x0 + 0.2*w + float64(i)*0.25*w
			c.rect(mx, top, mx+0.1*w, (base+top)/2)
		}
	}
	c.fill(fg)
}

// ring adds an elliptic ring of half-axes rx, ry and width w around o.
func ring(c *canvas, o pt, rx, ry, w float64) {
	ellipse := func(rx, ry float64) []pt {
		p := make([]pt, 24)
		for i := range p {
			a := 2 * math.Pi * float64(i) / float64(len(p))
			p[i] = pt{o.X + rx*math.Cos(a), o.Y + ry*math.Sin(a)}
		}
		return p
	}
	c.poly(ellipse(rx, ry)...)
	c.hole(ellipse(rx-w, ry-w)...)
}

// marking draws nation n's marking or emblem in the counter's top right
// corner, in ink fg on the counter's fill (the reduced side's stripe is
// in the top left).
func (r *renderer) marking(g counterGeom, fx, fy float64, n *scenario.Nation, fill, fg color.RGBA) {
	c, s := r.c, r.s
	fw, fh := float64(g.w), float64(g.h)
	if n.Marking != "" {
		c.textAt(r.f.cSize, n.Marking, fx+fw-2, fy+float64(g.sizeBase), right, fg)
		return
	}
	o := pt{fx + fw - 0.12*s, fy + 0.11*s} // the emblem's centre
	k := math.Max(2.5, 0.065*s)            // and its radius
	switch n.Emblem {
	case "stripe":
		// Across the corner, as the reduced side's stripe across its own.
		d, t := 0.17*s, math.Max(2.5, 0.08*s)
		x1, y0 := fx+fw-1, fy+1
		c.poly(pt{x1 - d - t, y0}, pt{x1 - d, y0}, pt{x1, y0 + d}, pt{x1, y0 + d + t})
	case "band":
		// Along the foot: the top holds the size, the corners the marks.
		t := math.Max(2, 0.05*s)
		c.rect(fx+1, fy+fh-1-t, fx+fw-1, fy+fh-1)
	case "dot":
		c.circle(o, k)
	case "cross":
		t := math.Max(1, 0.3*k)
		c.rect(o.X-k, o.Y-t, o.X+k, o.Y+t)
		c.rect(o.X-t, o.Y-k, o.X+t, o.Y+k)
	case "star":
		p := make([]pt, 10)
		for i := range p {
			rad := k * 1.2
			if i%2 == 1 {
				rad = k * 0.5
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			p[i] = pt{o.X + rad*math.Cos(a), o.Y + rad*math.Sin(a)}
		}
		c.poly(p...)
	case "crescent":
		// A disc, less a disc of the fill shifted toward the edge.
		c.circle(o, k)
		c.fill(fg)
		c.circle(o.add(pt{0.45 * k, -0.2 * k}), 0.85*k)
		c.fill(fill)
		return
	}
	c.fill(fg)
}
