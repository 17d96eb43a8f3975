package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"golang.org/x/image/font"

	"pbem/engine/hex"
)

// edgeLabel is a row or column number printed on the map's edge.
type edgeLabel struct {
	text string
	box  image.Rectangle
}

// fortresses draws a bastion star; its defence strengths, and its name if
// it is not a town's, are placed with the towns' names (names).
func (r *renderer) fortresses() {
	c, s := r.c, r.s
	for _, f := range r.m.SortedFortresses() {
		if !r.m.Grid.Contains(f.Hex) {
			continue
		}
		o := r.centre(f.Hex)
		c.poly(starPoints(o, 0.27*s, 0.17*s)...)
		c.fill(fortInk)
		c.poly(starPoints(o, 0.27*s-2.2, 0.17*s-1.4)...)
		c.fill(r.st.sideColour(f.Owner))
		r.marks = append(r.marks, box(o, 0.27*s))
	}
}

// box is the square of half-side k around o, in whole pixels.
func box(o pt, k float64) image.Rectangle {
	return image.Rect(int(math.Floor(o.X-k)), int(math.Floor(o.Y-k)), int(math.Ceil(o.X+k)), int(math.Ceil(o.Y+k)))
}

// towns draws town dots and city squares, then every name (names).
func (r *renderer) towns() {
	c, s := r.c, r.s
	for _, t := range r.m.SortedTowns() {
		if !r.m.Grid.Contains(t.Hex) {
			continue
		}
		o := r.centre(t.Hex)
		_, fort := r.m.Fortresses[t.Hex]
		switch {
		case fort && t.City:
			k := 0.075 * s
			c.rect(o.X-k, o.Y-k, o.X+k, o.Y+k)
			c.fill(cityInk)
		case fort:
			c.circle(o, 0.06*s)
			c.fill(ink)
		case t.City:
			k := 0.13 * s
			c.rect(o.X-k-1, o.Y-k-1, o.X+k+1, o.Y+k+1)
			c.fill(paper)
			c.rect(o.X-k, o.Y-k, o.X+k, o.Y+k)
			c.fill(cityInk)
			r.marks = append(r.marks, box(o, k+1))
		default:
			c.circle(o, 0.085*s+1.2)
			c.fill(paper)
			c.circle(o, 0.085*s)
			c.fill(ink)
			r.marks = append(r.marks, box(o, 0.085*s+1.2))
		}
	}
	r.names()
}

// name is a place name to put on the map near its hex.
type name struct {
	text string
	face font.Face
	ink  color.RGBA
	o    pt
	k    float64 // half-size of what marks the place (dot, square, star)
	rank int     // larger first: strengths, cities, then by victory points
	// first, if not zero, is the spot tried first, from o: a fortress's
	// strengths go at the upper right of its star, as printed.
	first pt
}

// names puts each town's and fortress's name beside its hex where it
// covers no counter, no other name and no place's mark, and if it can no
// hex number: below, above, right, left, then a line further. The
// cities and the places worth most are placed first, nearest their mark.
func (r *renderer) names() {
	c, s := r.c, r.s
	// On a close-up, the places inside its frame.
	shown := map[hex.Hex]bool{}
	for _, h := range r.drawn() {
		o := r.centre(h)
		shown[h] = image.Pt(int(o.X), int(o.Y)).In(r.mapBox)
	}
	var ns []name
	for _, t := range r.m.SortedTowns() {
		if !shown[t.Hex] {
			continue
		}
		n := name{text: t.Name, face: r.f.townName, ink: ink, o: r.centre(t.Hex), k: 0.1 * s, rank: t.VP}
		if t.VP > 0 {
			n.text += " (" + itoa(t.VP) + ")"
		}
		if t.City {
			n.face, n.k, n.rank = r.f.cityName, 0.14*s, 100+t.VP
		}
		if _, fort := r.m.Fortresses[t.Hex]; fort {
			n.k = 0.27 * s
		}
		ns = append(ns, n)
	}
	for _, f := range r.m.SortedFortresses() {
		if !shown[f.Hex] {
			continue
		}
		o := r.centre(f.Hex)
		str := name{text: itoa(f.Full) + "-" + itoa(f.Weak), face: r.f.fortStr, ink: fortInk, o: o, k: 0.27 * s, rank: 1000}
		str.first = pt{0.3*s + float64(c.textWidth(str.face, str.text))/2, -0.18 * s}
		ns = append(ns, str)
		if _, ok := r.m.Towns[f.Hex]; !ok && f.Name != "" {
			ns = append(ns, name{text: f.Name, face: r.f.townName, ink: ink, o: o, k: 0.27 * s})
		}
	}
	sort.SliceStable(ns, func(i, j int) bool { return ns[i].rank > ns[j].rank })
	hard := append([]image.Rectangle(nil), r.marks...)
	for _, st := range r.stacks {
		hard = append(hard, st.box)
	}
	for _, cl := range r.opt.Clashes {
		if r.m.Grid.Contains(cl.Hex) {
			hard = append(hard, r.clashBox(cl))
		}
	}
	soft := r.hexNumberBoxes()
	for _, n := range ns {
		x, y := r.place(n, hard, soft)
		b := r.c.textBox(n.face, n.text, x, y, centre).Inset(-1)
		r.c.haloText(n.face, n.text, x, y, centre, n.ink, paper)
		r.lay.labels = append(r.lay.labels, b)
		hard = append(hard, b)
	}
}

// place picks where n's name goes: the first spot that overlaps nothing,
// else the first that overlaps only hex numbers, else the one that
// overlaps least. It returns the text's anchor (centre of its baseline).
func (r *renderer) place(n name, hard, soft []image.Rectangle) (x, y float64) {
	ink := r.c.textBox(n.face, n.text, 0, 0, centre)
	w, h := float64(ink.Dx()), float64(ink.Dy())
	gap := 2.0
	line := h + 2*gap
	// Spots by distance: beside the mark, then clear of a counter on it
	// (half a counter is 0.43 of a hex), then a line further.
	var spots []pt
	if n.first != (pt{}) {
		spots = append(spots, n.o.add(n.first))
	}
	for _, d := range []float64{n.k + gap, 0.47 * r.s, n.k + gap + line, 0.47*r.s + line, 0.47*r.s + 2*line} {
		below := n.o.Y + d - float64(ink.Min.Y)
		above := n.o.Y - d - float64(ink.Max.Y)
		for _, dx := range []float64{0, w / 2, -w / 2} {
			spots = append(spots, pt{n.o.X + dx, below}, pt{n.o.X + dx, above})
		}
	}
	mid := n.o.Y - float64(ink.Min.Y+ink.Max.Y)/2
	for _, d := range []float64{n.k + gap, 0.42 * r.s, 0.75 * r.s} {
		for _, dy := range []float64{0, line / 2, -line / 2, line, -line} {
			spots = append(spots, pt{n.o.X + d + w/2 + 1, mid + dy}, pt{n.o.X - d - w/2 - 1, mid + dy})
		}
	}
	best, bestCost := 0, math.Inf(1)
	for i, p := range spots {
		b := r.c.textBox(n.face, n.text, math.Round(p.X), math.Round(p.Y), centre).Inset(-1)
		cost := overlap(b, hard) * 1000
		// Off the picture is worst; out of the map's frame (over the edge
		// numbers, or cut by a close-up's frame) is better than under a
		// counter.
		if !b.In(r.c.img.Rect) {
			cost += 1e9
		}
		if out := float64(b.Dx()*b.Dy()) - overlap(b, []image.Rectangle{r.mapBox}); out > 0 {
			cost += out
		}
		if cost == 0 {
			if overlap(b, soft) == 0 || i == 0 && n.first != (pt{}) {
				return math.Round(p.X), math.Round(p.Y)
			}
			cost = overlap(b, soft) / 1000
		}
		if cost < bestCost {
			best, bestCost = i, cost
		}
	}
	return math.Round(spots[best].X), math.Round(spots[best].Y)
}

// overlap is the area of b that the rectangles of rs cover, counted once
// per rectangle.
func overlap(b image.Rectangle, rs []image.Rectangle) float64 {
	a := 0
	for _, q := range rs {
		if i := b.Intersect(q); !i.Empty() {
			a += i.Dx() * i.Dy()
		}
	}
	return float64(a)
}

// hexNumberBoxes are where hexNumbers prints each land hex's number.
func (r *renderer) hexNumberBoxes() []image.Rectangle {
	var out []image.Rectangle
	for _, h := range r.drawn() {
		if r.land(h) {
			o := r.hexNumberAt(h)
			out = append(out, r.c.textBox(r.f.hexNum, h.String(), o.X, o.Y, centre))
		}
	}
	return out
}

// edges prints the hex numbering on the map's edge: each column's number
// above and below it, each row's left and right of it (level with the
// row's outermost hex, for a flat map's rows zig-zag), so that a hex's
// number can be read off the edge where counters cover the hexes' own. A number that
// would run into an exit's name is left out on that edge only.
func (r *renderer) edges() {
	c, s, mb := r.c, r.s, r.mapBox
	f := r.f.edge
	top, bottom := map[int]hex.Hex{}, map[int]hex.Hex{}
	west, east := map[int]pt{}, map[int]pt{} // each row's outermost centres
	for _, h := range r.drawn() {
		o := r.centre(h)
		if o.X < float64(mb.Min.X) || o.X > float64(mb.Max.X) || o.Y < float64(mb.Min.Y) || o.Y > float64(mb.Max.Y) {
			continue
		}
		if w, ok := west[h.Row]; !ok || o.X < w.X {
			west[h.Row] = o
		}
		if e, ok := east[h.Row]; !ok || o.X > e.X {
			east[h.Row] = o
		}
		if t, ok := top[h.Col]; !ok || h.Row < t.Row {
			top[h.Col] = h
		}
		if b, ok := bottom[h.Col]; !ok || h.Row > b.Row {
			bottom[h.Col] = h
		}
	}
	put := func(text string, x, y float64, a align) {
		b := c.textBox(f, text, x, y, a).Inset(-1)
		if overlap(b, r.exitBoxes) > 0 || !b.In(c.img.Rect) {
			return
		}
		c.haloText(f, text, x, y, a, hexNumInk, paper)
		r.lay.edge = append(r.lay.edge, edgeLabel{text, b})
	}
	asc := float64(-c.textBox(f, "0123456789", 0, 0, left).Min.Y)
	for _, col := range sortedKeys(top) {
		text := fmt.Sprintf("%02d", col)
		put(text, r.centre(top[col]).X, float64(mb.Min.Y)-0.08*s, centre)
		put(text, r.centre(bottom[col]).X, float64(mb.Max.Y)+0.08*s+asc, centre)
	}
	for _, row := range sortedKeys(west) {
		text := fmt.Sprintf("%02d", row)
		put(text, float64(mb.Min.X)-0.1*s, west[row].Y+asc/2, right)
		put(text, float64(mb.Max.X)+0.1*s, east[row].Y+asc/2, left)
	}
}

func sortedKeys[V any](m map[int]V) []int {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks
}

// title prints the title at the top left and the north arrow at the top
// right, the picture wide enough (newRenderer) that they never meet.
func (r *renderer) title() {
	c, s := r.c, r.s
	y := math.Round(0.72 * s)
	x0 := math.Round(0.9 * s)
	if r.opt.Title != "" {
		r.lay.title = c.textBox(r.f.title, r.opt.Title, x0, y, left)
		c.textAt(r.f.title, r.opt.Title, x0, y, left, ink)
	}
	x := float64(c.img.Rect.Dx()) - x0 - 0.2*s
	c.poly(pt{x, 0.18 * s}, pt{x + 0.14*s, 0.78 * s}, pt{x, 0.64 * s}, pt{x - 0.14*s, 0.78 * s})
	c.fill(ink)
	n := c.textBox(r.f.legend, "N", x-0.24*s, 0.62*s, right)
	c.textAt(r.f.legend, "N", x-0.24*s, 0.62*s, right, ink)
	r.lay.north = n.Union(image.Rect(int(math.Floor(x-0.14*s)), int(math.Floor(0.18*s)), int(math.Ceil(x+0.14*s)), int(math.Ceil(0.78*s))))
}
