package render

import (
	"image"
	"image/draw"
	"math"
	"strconv"

	"pbem/engine/scenario"
)

// Off the map: the boxes the data declares (scenario.Box), drawn in the
// margin it names with the counters standing in them, and the turn track
// the caller asks for (Options.Track), below everything, its current turn
// marked. The picture of the map, its title and legend is drawn first and
// then framed by these bands, so that a map without them (Tannenberg's)
// is drawn exactly as before.

// boxCols is how many counters a box holds in a row: boxes above and
// below the map are wide, those beside it narrow.
var boxCols = map[string]int{"north": 8, "south": 8, "east": 3, "west": 3}

// offLayout is where the boxes, their counters and the turns were drawn.
type offLayout struct {
	boxes    map[string]image.Rectangle
	counters map[string][]image.Point // top left corner of each, by box
	turns    map[int]image.Rectangle
}

// placedBox is a box laid out in its band, relative to the band's origin.
type placedBox struct {
	box   *scenario.Box
	units []Counter
	at    image.Rectangle
	cols  int
}

// offMap frames the picture with the boxes and the turn track. A
// close-up shows the fighting alone and gets neither.
func (r *renderer) offMap() {
	if len(r.opt.Region) > 0 {
		return
	}
	byEdge := r.layoutBoxes()
	track := r.layoutTrack()
	if len(byEdge) == 0 && len(track) == 0 {
		return
	}
	pad := int(math.Round(0.3 * r.s))
	base := r.c.img
	w, h := base.Rect.Dx(), base.Rect.Dy()
	extent := func(edge string) (int, int) { // width and height of a band
		var ex image.Rectangle
		for _, p := range byEdge[edge] {
			ex = ex.Union(p.at)
		}
		return ex.Dx(), ex.Dy()
	}
	westW, westH := extent("west")
	eastW, eastH := extent("east")
	northW, northH := extent("north")
	southW, southH := extent("south")
	var trackW, trackH int
	for _, t := range track {
		trackW, trackH = max(trackW, t.at.Max.X), max(trackH, t.at.Max.Y)
	}
	gap := func(n int) int { // a band and the padding that sets it off
		if n == 0 {
			return 0
		}
		return n + pad
	}
	// Boxes beside the map start level with its top.
	top := r.mapBox.Min.Y
	mid := max(h, top+westH+pad, top+eastH+pad)
	// A box wider than the picture widens it.
	width := max(gap(westW)+w+gap(eastW), northW+2*pad, southW+2*pad, trackW+2*pad)
	img := image.NewRGBA(image.Rect(0, 0, width, gap(northH)+mid+gap(southH)+gap(trackH)))
	r.c.img = img
	r.c.fillRect(img.Rect, paper)
	off := image.Pt(gap(westW), gap(northH))
	draw.Draw(img, base.Rect.Add(off), base, image.Point{}, draw.Src)
	r.shift(off)
	r.off = offLayout{boxes: map[string]image.Rectangle{}, counters: map[string][]image.Point{}, turns: map[int]image.Rectangle{}}
	r.drawBoxes(byEdge["north"], image.Pt(pad, pad))
	r.drawBoxes(byEdge["west"], image.Pt(pad, off.Y+top))
	r.drawBoxes(byEdge["east"], image.Pt(off.X+w, off.Y+top))
	r.drawBoxes(byEdge["south"], image.Pt(pad, off.Y+mid))
	r.drawTrack(track, image.Pt(pad, off.Y+mid+gap(southH)))
}

// shift moves what the layout recorded with the picture of the map.
func (r *renderer) shift(d image.Point) {
	r.ox, r.oy = r.ox+float64(d.X), r.oy+float64(d.Y)
	r.mapBox = r.mapBox.Add(d)
	r.legY += d.Y
	r.lay.title, r.lay.north = r.lay.title.Add(d), r.lay.north.Add(d)
	for i := range r.lay.labels {
		r.lay.labels[i] = r.lay.labels[i].Add(d)
	}
	for i := range r.lay.edge {
		r.lay.edge[i].box = r.lay.edge[i].box.Add(d)
	}
	for i := range r.marks {
		r.marks[i] = r.marks[i].Add(d)
	}
	for i := range r.exitBoxes {
		r.exitBoxes[i] = r.exitBoxes[i].Add(d)
	}
	for i := range r.stacks {
		st := &r.stacks[i]
		st.box = st.box.Add(d)
		for k := range st.at {
			st.at[k] = st.at[k].Add(d)
		}
		if st.badge != nil {
			b := st.badge.Add(d)
			st.badge = &b
		}
	}
}

// layoutBoxes lays out, per margin, the boxes the map declares, then a
// box for each box id counters name that the map does not (so that no
// counter goes undrawn), below the map.
func (r *renderer) layoutBoxes() map[string][]*placedBox {
	var all []*placedBox
	find := func(id string) *placedBox {
		for _, p := range all {
			if p.box.ID == id {
				return p
			}
		}
		return nil
	}
	for _, b := range r.m.Boxes {
		all = append(all, &placedBox{box: b})
	}
	for _, cu := range r.units {
		if cu.Box == "" {
			continue
		}
		p := find(cu.Box)
		if p == nil {
			p = &placedBox{box: &scenario.Box{ID: cu.Box, Name: cu.Box, At: "south"}}
			all = append(all, p)
		}
		p.units = append(p.units, cu)
	}
	g, s := newCounterGeom(r.s), r.s
	pad, step := int(math.Round(0.12*s)), g.w+int(math.Round(0.1*s))
	head := int(math.Round(0.42 * s))
	out := map[string][]*placedBox{}
	widest := r.c.img.Rect.Dx() - int(math.Round(0.6*s)) // a band above or below the map
	for _, edge := range scenario.BoxEdges {
		x, y, rowH := 0, 0, 0
		for _, p := range all {
			if p.box.At != edge {
				continue
			}
			p.cols = boxCols[edge]
			if edge == "north" || edge == "south" {
				p.cols = min(p.cols, max(1, len(p.units)))
			}
			rows := max(1, (len(p.units)+p.cols-1)/p.cols)
			bw := max(2*pad+p.cols*step-(step-g.w), 2*pad+r.c.textWidth(r.f.legend, p.box.Name))
			bh := head + pad + rows*step - (step - g.h) + pad
			if edge == "east" || edge == "west" {
				p.at = image.Rect(0, y, bw, y+bh)
				y += bh + pad
			} else {
				if x > 0 && x+bw > widest {
					x, y, rowH = 0, y+rowH+pad, 0
				}
				p.at = image.Rect(x, y, x+bw, y+bh)
				x, rowH = x+bw+pad, max(rowH, bh)
			}
			out[edge] = append(out[edge], p)
		}
	}
	return out
}

// drawBoxes draws a band's boxes at origin o: a frame with a head in the
// colour of the side whose box it is, its name, and its counters in rows.
func (r *renderer) drawBoxes(ps []*placedBox, o image.Point) {
	c, s := r.c, r.s
	g := newCounterGeom(s)
	pad, step := int(math.Round(0.12*s)), g.w+int(math.Round(0.1*s))
	head := int(math.Round(0.42 * s))
	for _, p := range ps {
		b := p.at.Add(o)
		r.off.boxes[p.box.ID] = b
		x0, y0, x1, y1 := float64(b.Min.X), float64(b.Min.Y), float64(b.Max.X), float64(b.Max.Y)
		c.rect(x0, y0, x1, y0+float64(head))
		c.fill(r.st.sideColour(p.box.Side))
		c.frame(x0, y0, x1, y1, 1)
		c.fill(ink)
		c.textAt(r.f.legend, p.box.Name, x0+float64(pad), y0+0.3*s, left, ink)
		for i, cu := range p.units {
			x := b.Min.X + pad + (i%p.cols)*step
			y := b.Min.Y + head + pad + (i/p.cols)*step
			r.counter(g, x, y, cu, true)
			r.off.counters[p.box.ID] = append(r.off.counters[p.box.ID], image.Pt(x, y))
		}
	}
}

// trackBox is one turn of the track, laid out relative to the band.
type trackBox struct {
	turn    *scenario.Turn
	at      image.Rectangle
	current bool
}

// layoutTrack lays the turn track's boxes in rows as wide as the picture,
// after a caption.
func (r *renderer) layoutTrack() []trackBox {
	if len(r.opt.Track) == 0 {
		return nil
	}
	s := r.s
	pad := int(math.Round(0.12 * s))
	bh := int(math.Round(0.9 * s))
	widest := r.c.img.Rect.Dx() - int(math.Round(0.6*s))
	x := r.c.textWidth(r.f.legend, "Turn track") + 2*pad
	y := 0
	var out []trackBox
	for _, t := range r.opt.Track {
		bw := max(int(math.Round(0.8*s)), r.c.textWidth(r.f.small, trackDate(t))+2*pad, r.c.textWidth(r.f.legend, strconv.Itoa(t.N))+2*pad)
		if x > 0 && x+bw > widest {
			x, y = 0, y+bh+pad
		}
		out = append(out, trackBox{turn: t, at: image.Rect(x, y, x+bw, y+bh), current: t.N == r.opt.Turn})
		x += bw
	}
	return out
}

// drawTrack draws the turn track at origin o: each turn's number and
// date in a box, the current turn's box dark.
func (r *renderer) drawTrack(ts []trackBox, o image.Point) {
	if len(ts) == 0 {
		return
	}
	c, s := r.c, r.s
	c.textAt(r.f.legend, "Turn track", float64(o.X), float64(o.Y)+0.55*s, left, ink)
	for _, t := range ts {
		b := t.at.Add(o)
		r.off.turns[t.turn.N] = b
		x0, y0, x1, y1 := float64(b.Min.X), float64(b.Min.Y), float64(b.Max.X), float64(b.Max.Y)
		fg := ink
		if t.current {
			c.rect(x0, y0, x1, y1)
			c.fill(markerFill)
			fg = paper
		}
		c.frame(x0, y0, x1+1, y1, 1)
		c.fill(ink)
		mid := (x0 + x1) / 2
		c.textAt(r.f.legend, strconv.Itoa(t.turn.N), mid, y0+0.42*s, centre, fg)
		c.textAt(r.f.small, trackDate(t.turn), mid, y0+0.75*s, centre, fg)
	}
}

// trackDate is what a turn's box says under its number: the turn's
// `label` attribute where the data declares one ("Nov-Dec-1914", a turn
// of two months), else its date.
func trackDate(t *scenario.Turn) string {
	if l := t.Attrs["label"]; l != "" {
		return l
	}
	return t.Date
}
