package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// legendItem is one symbol with its caption.
type legendItem struct {
	symW  float64    // width of the symbol, px
	draw  func(o pt) // draws the symbol centred on o
	label string
}

type legendRow struct {
	items []legendItem
	xs    []float64 // left edge of each item
}

// legendItems explain the whole map: its terrain and features, how a
// hex number reads, what is drawn over the map, and the scale. A
// close-up goes with the whole map: its legend explains only what is
// drawn over the map, and lists its stacks.
func (r *renderer) legendItems() []legendItem {
	if len(r.opt.Region) > 0 {
		return append(r.overlayItems(), r.stackItems()...)
	}
	s, c := r.s, r.c
	items := r.mapItems()
	// How to read a hex's number, and the edges' numbers.
	id, how := hexLegend(r.m.Grid)
	items = append(items, legendItem{symW: 0.6 * s, label: how, draw: func(o pt) {
		c.textAt(r.f.edge, id, o.X, o.Y+0.07*s, centre, hexNumInk)
	}})
	items = append(items, r.overlayItems()...)
	// Scale: five hexes, with the distance if the map knows it.
	n := 5
	label := strconv.Itoa(n) + " hexes"
	if km := r.m.Projection.HexKm; km > 0 {
		label += " = " + strconv.FormatFloat(float64(n)*km, 'f', -1, 64) + " km"
	}
	items = append(items, legendItem{symW: float64(n)*s + 0.1*s, label: label, draw: func(o pt) {
		x0 := o.X - float64(n)*s/2
		h := math.Max(3, 0.1*s)
		c.frame(x0, o.Y-h/2, x0+float64(n)*s, o.Y+h/2, 1)
		for i := 0; i < n; i += 2 {
			c.rect(x0+float64(i)*s, o.Y-h/2, x0+float64(i+1)*s, o.Y+h/2)
		}
		c.fill(ink)
	}})
	return items
}

// hexLegend is a hex number in the map's numbering and how it reads:
// "0912", "hex row 09, column 12 (columns from the east)".
func hexLegend(g hex.Grid) (id, how string) {
	from := "east"
	if g.ColsEast {
		from = "west"
	}
	// A hex on the map, whatever its size and its first column.
	row, col := min(9, g.Rows), min(g.FirstCol()+11, g.LastCol())
	h := g.Hex(row, col)
	if g.Codec.Scheme() == hex.RRCC {
		return h.String(), fmt.Sprintf("hex row %02d, column %02d (columns from the %s)", row, col, from)
	}
	return h.String(), fmt.Sprintf("hex column %02d, row %02d (columns from the %s)", col, row, from)
}

// mapItems are the terrain and the map's features, then what the data
// declares of its counters.
func (r *renderer) mapItems() []legendItem {
	var items []legendItem
	for _, d := range r.m.Vocab().Terrains {
		items = append(items, r.hexSym(d.Letter))
	}
	items = append(items, r.featureItems()...)
	return append(items, r.counterItems()...)
}

// featureItems are the map's hexsides, borders, rails and places.
func (r *renderer) featureItems() []legendItem {
	s, c := r.s, r.c
	items := r.hexsideItems()
	items = append(items, []legendItem{
		{symW: 0.6 * s, label: "border", draw: func(o pt) {
			a, b := pt{o.X - 0.27*s, o.Y}, pt{o.X + 0.27*s, o.Y}
			w := math.Max(2, 0.07*r.s)
			c.seg(a, b, 2.6*w)
			c.fill(borderBand)
			c.seg(a, a.lerp(b, 0.4), w)
			c.seg(a.lerp(b, 0.6), b, w)
			c.fill(borderInk)
		}},
	}...)
	for _, l := range r.opt.Lines {
		items = append(items, legendItem{symW: 0.6 * s, label: l.Name, draw: func(o pt) {
			a, b := pt{o.X - 0.27*s, o.Y}, pt{o.X + 0.27*s, o.Y}
			w := math.Max(2, 0.08*r.s)
			c.seg(a, a.lerp(b, 0.4), w)
			c.seg(a.lerp(b, 0.6), b, w)
			c.fill(frontInk)
		}})
	}
	items = append(items, r.railItems()...)
	places := []legendItem{
		{symW: 0.3 * s, label: "town", draw: func(o pt) {
			c.circle(o, 0.085*s)
			c.fill(ink)
		}},
		{symW: 0.3 * s, label: "city", draw: func(o pt) {
			k := 0.13 * s
			c.rect(o.X-k, o.Y-k, o.X+k, o.Y+k)
			c.fill(cityInk)
		}},
		{symW: 0.6 * s, label: "fortress (full-weak)", draw: func(o pt) {
			c.poly(starPoints(o, 0.27*s, 0.17*s)...)
			c.fill(fortInk)
			c.poly(starPoints(o, 0.27*s-2.2, 0.17*s-1.4)...)
			c.fill(otherFill)
		}},
		{symW: 0.6 * s, label: "trench", draw: func(o pt) {
			var p []pt
			for i := 0; i <= 8; i++ {
				y := 0.03
				if i%2 == 1 {
					y = -0.03
				}
				p = append(p, pt{o.X + (-0.28+0.07*float64(i))*s, o.Y + y*s})
			}
			c.polyline(p, 0.045*s)
			c.fill(trenchInk)
		}},
	}
	// Only what the map has: a game of another shape may have no
	// fortress or trench.
	towns, cities := false, false
	for _, t := range r.m.Towns {
		towns, cities = towns || !t.City, cities || t.City
	}
	for _, it := range places {
		switch it.label {
		case "town":
			if !towns {
				continue
			}
		case "city":
			if !cities {
				continue
			}
		case "fortress (full-weak)":
			if len(r.m.Fortresses) == 0 {
				continue
			}
		case "trench":
			if len(r.m.Trenches) == 0 {
				continue
			}
		}
		items = append(items, it)
	}
	return items
}

// railItems are a rail item per side whose lines the map has, in the
// order of their first line, named from the data ("German rail"), and
// double track in the colour of the first double line.
func (r *renderer) railItems() []legendItem {
	var items []legendItem
	var seen []scenario.Side
	var double *scenario.RailLine
	for _, l := range r.m.Rails {
		if l.Double && double == nil {
			double = l
		}
		if slices.Contains(seen, l.Country) {
			continue
		}
		seen = append(seen, l.Country)
		name := string(l.Country)
		if d := r.m.Vocab().Side(l.Country); d != nil && d.Name != "" {
			name = d.Name
		}
		items = append(items, r.railSym(name+" rail", l.Country, false))
	}
	if double != nil {
		items = append(items, r.railSym("double track", double.Country, true))
	}
	return items
}

// counterItems explain what the data declares of its counters: a sample
// counter of each nation, and each unit type's symbol. Data that declares
// neither (Tannenberg's) has the default look, which needs no key.
func (r *renderer) counterItems() []legendItem {
	s, v := r.s, r.m.Vocab()
	var items []legendItem
	if v.Declared("nation") {
		g := newCounterGeom(0.7 * s) // as tall as a legend's row
		for _, n := range v.Nations {
			cu := Counter{Nation: n.ID, Side: n.Side} // of no type: the plain box
			label := n.Name
			if d := v.Side(n.Side); d != nil && d.Name != "" && d.Name != n.Name {
				label += " (" + d.Name + ")"
			}
			items = append(items, legendItem{symW: float64(g.w), label: label, draw: func(o pt) {
				r.counter(g, int(math.Round(o.X-float64(g.w)/2)), int(math.Round(o.Y-float64(g.h)/2)), cu, true)
			}})
		}
	}
	if v.Declared("unit-type") {
		g := newCounterGeom(s)
		for _, d := range v.UnitTypes {
			sym := r.st.symbol(d.ID)
			items = append(items, legendItem{symW: float64(g.boxW), label: d.Name, draw: func(o pt) {
				r.natoBox(g, int(math.Round(o.X-float64(g.boxW)/2)), int(math.Round(o.Y-float64(g.boxH)/2)), sym, otherFill, ink)
			}})
		}
	}
	return items
}

func (r *renderer) legendGap() float64 { return 0.12 * r.s }

// layoutLegend flows the legend items into rows no wider than the map.
func (r *renderer) layoutLegend(imgW int) []legendRow {
	x0 := float64(r.mapBox.Min.X)
	x1 := math.Max(float64(r.mapBox.Max.X), x0+10*r.s)
	x1 = math.Min(x1, float64(imgW)-0.2*r.s)
	var rows []legendRow
	var row legendRow
	x := x0
	for _, it := range r.legendItems() {
		w := it.symW + r.legendGap() + float64(r.c.textWidth(r.f.legend, it.label))
		if len(row.items) > 0 && x+w > x1 {
			rows = append(rows, row)
			row, x = legendRow{}, x0
		}
		row.items = append(row.items, it)
		row.xs = append(row.xs, x)
		x += w + 0.4*r.s
	}
	if len(row.items) > 0 {
		rows = append(rows, row)
	}
	return rows
}

func (r *renderer) legendRowH() float64 { return 0.62 * r.s }

func (r *renderer) legendHeight() int {
	return int(math.Ceil(float64(len(r.leg)) * r.legendRowH()))
}

func (r *renderer) legend() {
	c := r.c
	c.rect(float64(r.mapBox.Min.X), float64(r.legY)-0.35*r.s, float64(r.mapBox.Max.X), float64(r.legY)-0.35*r.s+1)
	c.fill(gridInk)
	for i, row := range r.leg {
		y := float64(r.legY) + (float64(i)+0.5)*r.legendRowH()
		for j, it := range row.items {
			x := row.xs[j]
			it.draw(pt{x + it.symW/2, y})
			c.textAt(r.f.legend, it.label, x+it.symW+r.legendGap(), y+0.09*r.s, left, ink)
		}
	}
}

// overlayItems explains what the picture holds besides the map: the kinds
// of counters, the fog, the moves, combats and markers, each only if drawn.
func (r *renderer) overlayItems() []legendItem {
	s, c := r.s, r.c
	var has struct{ reduced, marker, ghost, oos, occ, rail, land, group bool }
	for _, cu := range r.units {
		has.reduced = has.reduced || cu.Reduced && !cu.Ghost && !cu.Marker
		has.marker = has.marker || cu.Marker && !cu.Ghost
		has.ghost = has.ghost || cu.Ghost
		has.oos = has.oos || cu.OutOfSupply
		has.occ = has.occ || cu.OutOfCommand
		has.group = has.group || cu.Group != ""
	}
	for _, a := range r.opt.Arrows {
		has.rail = has.rail || a.Rail
		has.land = has.land || !a.Rail
	}
	g := newCounterGeom(0.8 * s)
	counter := func(label string, cu Counter) legendItem {
		return legendItem{symW: float64(g.w), label: label, draw: func(o pt) {
			r.counter(g, int(math.Round(o.X-float64(g.w)/2)), int(math.Round(o.Y-float64(g.h)/2)), cu, true)
		}}
	}
	arrow := func(label string, rail bool) legendItem {
		return legendItem{symW: 0.9 * s, label: label, draw: func(o pt) {
			w := math.Max(2, 0.07*s)
			a, b := pt{o.X - 0.4*s, o.Y}, pt{o.X + 0.25*s, o.Y}
			c.circle(a, 1.4*w)
			if rail {
				dashed(c, []pt{a, b}, w, 0.22*s)
			} else {
				c.seg(a, b, w)
			}
			c.poly(pt{b.X + 3.2*w, b.Y}, pt{b.X, b.Y - 1.9*w}, pt{b.X, b.Y + 1.9*w})
			c.fill(r.st.arrowInk(""))
		}}
	}
	pill := func(text, label string, col color.RGBA) legendItem {
		return legendItem{symW: 0.5 * s, label: label, draw: func(o pt) { r.tag(o, text, col) }}
	}
	var items []legendItem
	if has.reduced {
		items = append(items, counter("reduced", Counter{Side: "", Type: scenario.Infantry, Reduced: true}))
	}
	if has.marker {
		items = append(items, counter("Gruppe marker", Counter{Marker: true, Label: "M"}))
	}
	if has.ghost {
		items = append(items, counter("last seen (turn)", Counter{Type: scenario.Infantry, Ghost: true, Values: "GT1"}))
	}
	if r.opt.Unseen != nil {
		items = append(items, legendItem{symW: 0.5 * s, label: "out of sight", draw: func(o pt) {
			k := 0.2 * s
			c.rect(o.X-k, o.Y-k, o.X+k, o.Y+k)
			c.fill(clearFill)
			c.rect(o.X-k, o.Y-k, o.X+k, o.Y+k)
			c.fill(fogShade)
		}})
	}
	if has.land {
		items = append(items, arrow("move", false))
	}
	if has.rail {
		items = append(items, arrow("move by rail", true))
	}
	if len(r.opt.Clashes) > 0 {
		items = append(items, legendItem{symW: 0.5 * s, label: "combat: attacker / defender result", draw: func(o pt) {
			c.poly(starPoints(o, 0.17*s, 0.085*s)...)
			c.fill(clashInk)
		}})
	}
	if has.group {
		items = append(items, pill("G3", "units in hidden group 3", markerFill))
	}
	if has.oos {
		items = append(items, pill("OOS", "a unit out of supply", oosInk))
	}
	if has.occ {
		items = append(items, pill("OCC", "a unit out of command", occInk))
	}
	return items
}

// hexSym is a terrain's item: a hex of its colour.
func (r *renderer) hexSym(t scenario.Terrain) legendItem {
	s, c := r.s, r.c
	return legendItem{symW: 0.5 * s, label: r.m.TerrainName(t), draw: func(o pt) {
		rad := 0.26 * s
		p := make([]pt, 6)
		for i := range p {
			a := r.m.Grid.CornerAngle(i)
			p[i] = pt{o.X + rad*math.Cos(a), o.Y - rad*math.Sin(a)}
		}
		c.poly(p...)
		c.fill(gridInk)
		for i := range p {
			p[i] = o.lerp(p[i], 1-1/rad)
		}
		c.poly(p...)
		c.fill(r.st.terrainColour(t))
	}}
}

// lineSym is a hexside's item: a line of its width and colour.
func (r *renderer) lineSym(label string, w float64, col color.RGBA) legendItem {
	s, c := r.s, r.c
	return legendItem{symW: 0.6 * s, label: label, draw: func(o pt) {
		c.line(pt{o.X - 0.27*s, o.Y}, pt{o.X + 0.27*s, o.Y}, w)
		c.fill(col)
	}}
}

// railSym is a rail line's item: track with ties, single or double.
func (r *renderer) railSym(label string, side scenario.Side, double bool) legendItem {
	s, c := r.s, r.c
	return legendItem{symW: 0.7 * s, label: label, draw: func(o pt) {
		w := math.Max(1.4, 0.045*s)
		a, b := pt{o.X - 0.32*s, o.Y}, pt{o.X + 0.32*s, o.Y}
		half := 0.09 * s
		if double {
			half = 0.13 * s
			c.line(a.add(pt{0, 0.045 * s}), b.add(pt{0, 0.045 * s}), w)
			c.line(a.sub(pt{0, 0.045 * s}), b.sub(pt{0, 0.045 * s}), w)
		} else {
			c.line(a, b, w)
		}
		for j := 0; j < 3; j++ {
			m := a.lerp(b, (float64(j)+0.5)/3)
			c.seg(m.sub(pt{0, half}), m.add(pt{0, half}), math.Max(1, 0.03*s))
		}
		c.fill(r.st.railInk(side))
	}}
}

// stackItems list, on a close-up, the units of each stack of two or more
// in its frame, top first: what its badge counts, without the report.
func (r *renderer) stackItems() []legendItem {
	var items []legendItem
	for _, st := range r.stacks {
		o := r.centre(st.hex)
		if len(st.units) < 2 || !image.Pt(int(o.X), int(o.Y)).In(r.mapBox) {
			continue
		}
		var us []string
		for _, u := range st.units {
			us = append(us, strings.TrimSpace(u.Label+" "+u.Values))
		}
		n := len(st.units)
		items = append(items, legendItem{symW: 2*r.badgeRadius() + 2, label: st.hex.String() + ": " + strings.Join(us, ", "), draw: func(o pt) {
			r.badge(image.Pt(int(math.Round(o.X)), int(math.Round(o.Y))), n)
		}})
	}
	return items
}

// hexsideItems are the classes of hexside the map has: of Tannenberg's
// three, or of the ones the data declares, each by its name, drawn as the
// map draws it.
func (r *renderer) hexsideItems() []legendItem {
	s := r.s
	river := func(label string) legendItem { return r.lineSym(label, math.Max(1.5, 0.055*s), riverInk) }
	major := func(label string) legendItem { return r.lineSym(label, math.Max(2.5, 0.11*s), riverInk) }
	blocked := func(label string) legendItem { return r.lineSym(label, math.Max(2.5, 0.1*s), blockedInk) }
	v := r.m.Vocab()
	has := map[scenario.SideClass]bool{}
	for _, hs := range r.m.Hexsides {
		has[hs.Class] = true
	}
	var items []legendItem
	if slices.Contains(v.Defaulted, "hexside-type") {
		for _, it := range []struct {
			class scenario.SideClass
			item  legendItem
		}{{scenario.MinorRiver, river("river")}, {scenario.MajorRiver, major("major river")}, {scenario.Blocked, blocked("blocked hexside")}} {
			if has[it.class] {
				items = append(items, it.item)
			}
		}
		return items
	}
	for _, d := range v.HexsideDefs {
		switch {
		case !has[d.ID]:
		case d.ID == scenario.MajorRiver:
			items = append(items, major(d.Name))
		case !d.Cross:
			items = append(items, blocked(d.Name))
		default:
			items = append(items, river(d.Name))
		}
	}
	return items
}
