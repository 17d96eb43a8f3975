package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// pt is a point in image pixels.
type pt struct{ X, Y float64 }

func (p pt) add(q pt) pt             { return pt{p.X + q.X, p.Y + q.Y} }
func (p pt) sub(q pt) pt             { return pt{p.X - q.X, p.Y - q.Y} }
func (p pt) scale(k float64) pt      { return pt{p.X * k, p.Y * k} }
func (p pt) lerp(q pt, t float64) pt { return pt{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t} }
func (p pt) len() float64            { return math.Hypot(p.X, p.Y) }

// canvas draws antialiased shapes and text onto an RGBA image. A shape is
// built from polygons (shape, hole), then filled with one colour; each shape
// is rasterized in a rasterizer sized to its bounding box, so small shapes
// on a large image stay cheap.
//
// Polygons are normalised to one winding (holes to the other), because the
// rasterizer adds signed coverage: two overlapping pieces of one shape
// (a stroke's segment and its round join, say) then merge instead of
// cancelling, and an opaque or translucent colour is laid down once.
type canvas struct {
	img    *image.RGBA
	z      vector.Rasterizer
	mask   image.Alpha // coverage of the shape being filled
	run    []uint8     // a row of one opaque colour
	polys  [][]pt
	minX   float64
	minY   float64
	maxX   float64
	maxY   float64
	glyphs map[glyphKey]*glyph
}

func newCanvas(w, h int) *canvas {
	return &canvas{
		img:    image.NewRGBA(image.Rect(0, 0, w, h)),
		glyphs: map[glyphKey]*glyph{},
		minX:   math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1),
	}
}

func signedArea(p []pt) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return a
}

func (c *canvas) add(p []pt, hole bool) {
	if len(p) < 3 {
		return
	}
	if (signedArea(p) < 0) != hole {
		q := make([]pt, len(p))
		for i := range p {
			q[i] = p[len(p)-1-i]
		}
		p = q
	}
	for _, v := range p {
		c.minX = math.Min(c.minX, v.X)
		c.minY = math.Min(c.minY, v.Y)
		c.maxX = math.Max(c.maxX, v.X)
		c.maxY = math.Max(c.maxY, v.Y)
	}
	c.polys = append(c.polys, p)
}

// poly adds a polygon to the current shape.
func (c *canvas) poly(p ...pt) { c.add(p, false) }

// hole adds a polygon cut out of the current shape.
func (c *canvas) hole(p ...pt) { c.add(p, true) }

// rect adds an axis-aligned rectangle.
func (c *canvas) rect(x0, y0, x1, y1 float64) {
	c.poly(pt{x0, y0}, pt{x1, y0}, pt{x1, y1}, pt{x0, y1})
}

// frame adds a rectangle outline of width w lying inside the rectangle.
func (c *canvas) frame(x0, y0, x1, y1, w float64) {
	c.rect(x0, y0, x1, y1)
	c.hole(pt{x0 + w, y0 + w}, pt{x1 - w, y0 + w}, pt{x1 - w, y1 - w}, pt{x0 + w, y1 - w})
}

func circlePoints(ctr pt, r float64) []pt {
	n := int(math.Ceil(r * 3))
	n = max(n, 10)
	n = min(n, 72)
	p := make([]pt, n)
	for i := range p {
		a := 2 * math.Pi * float64(i) / float64(n)
		p[i] = pt{ctr.X + r*math.Cos(a), ctr.Y + r*math.Sin(a)}
	}
	return p
}

// circle adds a disc.
func (c *canvas) circle(ctr pt, r float64) { c.add(circlePoints(ctr, r), false) }

// seg adds a line of width w from a to b with square (butt) ends.
func (c *canvas) seg(a, b pt, w float64) {
	d := b.sub(a)
	l := d.len()
	if l == 0 {
		return
	}
	n := pt{-d.Y / l * w / 2, d.X / l * w / 2}
	c.poly(a.add(n), b.add(n), b.sub(n), a.sub(n))
}

// line adds a line of width w from a to b with round ends.
func (c *canvas) line(a, b pt, w float64) {
	c.seg(a, b, w)
	c.circle(a, w/2)
	c.circle(b, w/2)
}

// polyline adds a line through the points with round joins and ends.
func (c *canvas) polyline(p []pt, w float64) {
	for i := 1; i < len(p); i++ {
		c.seg(p[i-1], p[i], w)
	}
	for _, v := range p {
		c.circle(v, w/2)
	}
}

// fill rasterizes the current shape in colour col and starts a new shape.
func (c *canvas) fill(col color.RGBA) {
	defer c.reset()
	if len(c.polys) == 0 {
		return
	}
	r := image.Rect(int(math.Floor(c.minX)), int(math.Floor(c.minY)),
		int(math.Ceil(c.maxX)), int(math.Ceil(c.maxY))).Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	c.z.Reset(r.Dx(), r.Dy())
	c.z.DrawOp = draw.Src
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, p := range c.polys {
		c.z.MoveTo(float32(p[0].X-ox), float32(p[0].Y-oy))
		for _, v := range p[1:] {
			c.z.LineTo(float32(v.X-ox), float32(v.Y-oy))
		}
		c.z.ClosePath()
	}
	// Rasterize to a coverage mask (the rasterizer's fast path), then
	// composite: most pixels of a shape are fully covered or not at all.
	n := r.Dx() * r.Dy()
	if cap(c.mask.Pix) < n {
		c.mask.Pix = make([]uint8, n)
	}
	c.mask.Pix = c.mask.Pix[:n]
	c.mask.Stride = r.Dx()
	c.mask.Rect = image.Rect(0, 0, r.Dx(), r.Dy())
	c.z.Draw(&c.mask, c.mask.Rect, image.Opaque, image.Point{})
	// A shape's edge is in or out: anti-aliased edges would blend each
	// colour with whatever lies under it, pixels of many colours that
	// make a mailed map a third larger (EncodePNG) for edges the eye
	// hardly tells from sharp ones at a hex of DefaultHexPx.
	for i, v := range c.mask.Pix {
		c.mask.Pix[i] = 0xff * (v >> 7)
	}
	c.composite(r, col)
}

// composite lays colour col over the image in rectangle r through the mask.
func (c *canvas) composite(r image.Rectangle, col color.RGBA) {
	ca := uint32(col.A)
	cr, cg, cb := uint32(col.R), uint32(col.G), uint32(col.B)
	w := r.Dx()
	if ca == 0xff {
		// A row of the colour, to copy over fully covered runs.
		if cap(c.run) < 4*w {
			c.run = make([]uint8, 4*w)
		}
		c.run = c.run[:4*w]
		for i := 0; i < 4*w; i += 4 {
			c.run[i], c.run[i+1], c.run[i+2], c.run[i+3] = col.R, col.G, col.B, 0xff
		}
	}
	for y := 0; y < r.Dy(); y++ {
		m := c.mask.Pix[y*w : y*w+w]
		d := c.img.Pix[c.img.PixOffset(r.Min.X, r.Min.Y+y):]
		for x := 0; x < w; x++ {
			mv := m[x]
			if mv == 0 {
				continue
			}
			if mv == 0xff && ca == 0xff {
				e := x + 1
				for e < w && m[e] == 0xff {
					e++
				}
				copy(d[4*x:4*e], c.run)
				x = e - 1
				continue
			}
			p := d[4*x : 4*x+4 : 4*x+4]
			// Source over, premultiplied, in 0..255 with rounding.
			a := uint32(mv) * ca
			ia := 255*255 - a
			p[0] = uint8((uint32(p[0])*ia + cr*uint32(mv)*255 + 255*255/2) / (255 * 255))
			p[1] = uint8((uint32(p[1])*ia + cg*uint32(mv)*255 + 255*255/2) / (255 * 255))
			p[2] = uint8((uint32(p[2])*ia + cb*uint32(mv)*255 + 255*255/2) / (255 * 255))
			p[3] = uint8((uint32(p[3])*ia + a*255 + 255*255/2) / (255 * 255))
		}
	}
}

func (c *canvas) reset() {
	c.polys = c.polys[:0]
	c.minX, c.minY = math.Inf(1), math.Inf(1)
	c.maxX, c.maxY = math.Inf(-1), math.Inf(-1)
}

// fillRect paints a pixel-aligned rectangle opaquely, without antialiasing.
func (c *canvas) fillRect(r image.Rectangle, col color.RGBA) {
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// Text. Glyph masks are cached per face and rune for the life of the canvas;
// text is always drawn at whole-pixel positions, so a cached mask is exact.

type glyphKey struct {
	face font.Face
	r    rune
}

type glyph struct {
	mask    *image.Alpha // nil for blank glyphs
	off     image.Point  // mask origin relative to the dot
	advance fixed.Int26_6
}

func (c *canvas) glyph(f font.Face, r rune) *glyph {
	k := glyphKey{f, r}
	if g, ok := c.glyphs[k]; ok {
		return g
	}
	g := &glyph{}
	dr, mask, mp, adv, ok := f.Glyph(fixed.Point26_6{}, r)
	if !ok {
		dr, mask, mp, adv, _ = f.Glyph(fixed.Point26_6{}, '?')
	}
	g.advance = adv
	if !dr.Empty() && mask != nil {
		a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		draw.Draw(a, a.Rect, mask, mp, draw.Src)
		// Three levels of coverage: text stays smooth enough to read
		// small, with a third of the blends of 256 levels.
		for i, v := range a.Pix {
			a.Pix[i] = uint8((int(v)*2 + 127) / 255 * 0xff / 2)
		}
		g.mask, g.off = a, dr.Min
	}
	c.glyphs[k] = g
	return g
}

// textWidth is the advance width of s in whole pixels.
func (c *canvas) textWidth(f font.Face, s string) int {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += f.Kern(prev, r)
		}
		w += c.glyph(f, r).advance
		prev = r
	}
	return w.Round()
}

// eachGlyph walks the glyphs of s set with its baseline starting at (x, y),
// kerned: visit gets each glyph with a mask and where its mask goes.
func (c *canvas) eachGlyph(f font.Face, s string, x, y int, visit func(g *glyph, at image.Point)) {
	dot := fixed.I(x)
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot += f.Kern(prev, r)
		}
		g := c.glyph(f, r)
		if g.mask != nil {
			visit(g, image.Pt(dot.Round(), y).Add(g.off))
		}
		dot += g.advance
		prev = r
	}
}

// text draws s with its baseline starting at (x, y).
func (c *canvas) text(f font.Face, s string, x, y int, col color.RGBA) {
	src := image.NewUniform(col)
	c.eachGlyph(f, s, x, y, func(g *glyph, at image.Point) {
		draw.DrawMask(c.img, g.mask.Rect.Add(at), src, image.Point{}, g.mask, image.Point{}, draw.Over)
	})
}

// align says where a text's anchor point lies on the text.
type align int

const (
	left align = iota
	centre
	right
)

// anchor is where s starts when its anchor a is at x.
func (c *canvas) anchor(f font.Face, s string, x float64, a align) int {
	w := float64(c.textWidth(f, s))
	switch a {
	case centre:
		x -= w / 2
	case right:
		x -= w
	}
	return int(math.Round(x))
}

// textAt draws s with its baseline at y and anchored at x.
func (c *canvas) textAt(f font.Face, s string, x float64, y float64, a align, col color.RGBA) {
	c.text(f, s, c.anchor(f, s, x, a), int(math.Round(y)), col)
}

// textBox is the rectangle of the ink of s drawn as textAt would draw it.
func (c *canvas) textBox(f font.Face, s string, x, y float64, a align) image.Rectangle {
	var box image.Rectangle
	c.eachGlyph(f, s, c.anchor(f, s, x, a), int(math.Round(y)), func(g *glyph, at image.Point) {
		box = box.Union(g.mask.Rect.Add(at))
	})
	return box
}

// haloText draws s like textAt on a box of colour bg a pixel larger than
// its ink, so that it reads on any background; a flat box rather than a
// halo traced around each letter, which would weigh more in a PNG.
func (c *canvas) haloText(f font.Face, s string, x, y float64, a align, col, bg color.RGBA) {
	c.fillRect(c.textBox(f, s, x, y, a).Inset(-1), bg)
	c.textAt(f, s, x, y, a, col)
}
