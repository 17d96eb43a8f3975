package report

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
	"sync"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/render"
)

// Map draws the map as side sees it (engine.Moderator: everything), from
// its View only: its units and the enemy units it sees, the Gruppe markers
// it sees as markers, its ghosts faded with the game-turn they were last
// seen, the hexes out of its sight shaded under limited fog, the markers
// on counters, and over them the moves and combats of events it may see.
func Map(st engine.State, side engine.Side, title string, events []engine.Event) *image.RGBA {
	v := st.View(side).Board()
	return render.Draw(v.Map, counters(v), options(v, side, title, events))
}

// Closeup draws the part of the map around the window's combats that side
// may see, at a larger scale, when the map is large enough to want it and
// the fighting is not all over it; nil when there is nothing to draw.
func Closeup(st engine.State, side engine.Side, title string, events []engine.Event) *image.RGBA {
	v := st.View(side).Board()
	opt, ok := closeup(v, options(v, side, title, events))
	if !ok {
		return nil
	}
	return render.Draw(v.Map, counters(v), opt)
}

// closeup turns the whole map's options into the close-up's, if it has one.
func closeup(v *engine.Board, opt render.Options) (render.Options, bool) {
	if v.Map.Grid.Size() < closeupMinHexes || len(opt.Clashes) == 0 {
		return opt, false
	}
	opt.Region = nil
	var near []hex.Hex
	for _, c := range opt.Clashes {
		opt.Region = append(opt.Region, c.Hex)
		near = append(near, v.Map.Grid.Within(c.Hex, render.RegionMargin)...)
	}
	// Fighting all over the map would make a close-up larger than the
	// map, in the same mail: the map's bursts show it.
	scale := float64(closeupHexPx) / render.DefaultHexPx
	if box(v.Map.Grid, near)*scale*scale > box(v.Map.Grid, v.Map.Grid.All())/2 {
		return opt, false
	}
	opt.HexPx = closeupHexPx
	return opt, true
}

// box is the area, in hex units, of the box around the centres of hs.
func box(g hex.Grid, hs []hex.Hex) float64 {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range hs {
		x, y := g.Center(h)
		minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
	}
	return (maxX - minX + 1) * (maxY - minY + 1)
}

// Pictures are side's map and close-up (nil if none) as PNG files, as a
// report mail carries them: Map and Closeup, drawn and encoded side by
// side from one View. The map is titled title, the close-up zoomTitle:
// the map shows the window now open, the close-up the fighting of the
// window just resolved, and each is named after its own.
func Pictures(st engine.State, side engine.Side, title, zoomTitle string, events []engine.Event) (whole, zoomed []byte, err error) {
	v := st.View(side).Board()
	cs := counters(v)
	opt := options(v, side, title, events)
	zoom, ok := closeup(v, opt)
	zoom.Title = zoomTitle
	var wg sync.WaitGroup
	var zerr error
	if ok {
		wg.Go(func() {
			var buf bytes.Buffer
			zerr = render.EncodeMapPNG(&buf, render.Draw(v.Map, cs, zoom), v.Map)
			zoomed = buf.Bytes()
		})
	}
	var buf bytes.Buffer
	err = render.EncodeMapPNG(&buf, render.Draw(v.Map, cs, opt), v.Map)
	wg.Wait()
	return buf.Bytes(), zoomed, errors.Join(err, zerr)
}

// NoMap is the line a report carries instead of a map that would show
// nothing new (Unchanged).
const NoMap = "No map: nothing you can see changed since the last map you were sent."

// Unchanged reports whether side's map after events, in st, would show
// nothing its map in before did not: the same counters where they were,
// the same hexes out of sight, and no move or combat to draw. Both come
// from side's View and the events it may see (Sketch), so whether a mail
// carries a map tells the side nothing it does not see. before is the
// game as the previous window opened; nil, when the game begins.
func Unchanged(before, st engine.State, side engine.Side, events []engine.Event) bool {
	if before == nil {
		return false
	}
	v := st.View(side).Board()
	if opt := options(v, side, "", events); len(opt.Arrows) > 0 || len(opt.Clashes) > 0 {
		return false
	}
	return Sketch(before, side, nil) == sketch(v, side, nil)
}

// A map of this many hexes or more gets a close-up of its fighting, drawn
// at closeupHexPx (the whole map is drawn at render.DefaultHexPx).
const (
	closeupMinHexes = 400
	closeupHexPx    = 72
)

func counters(v *engine.Board) []render.Counter {
	var cs []render.Counter
	for _, p := range v.Pieces {
		if !p.OnMap && p.Box == "" {
			continue
		}
		if p.Marker {
			cs = append(cs, render.Counter{Hex: p.Hex, Side: p.Side, Marker: true, Label: p.ID})
			continue
		}
		cs = append(cs, render.Counter{Hex: p.Hex, Box: p.Box, Side: p.Side, Nation: p.Nation, Type: p.Type, Size: p.Size, Label: label(p.ID, p.Side),
			Values: p.Values, Reduced: p.Steps < p.MaxSteps, OutOfSupply: p.OutOfSupply, OutOfCommand: p.OutOfCommand,
			Strength: p.Strength, Group: p.Group})
	}
	for _, g := range v.Ghosts {
		c := render.Counter{Hex: g.Hex, Side: g.Side, Nation: g.Nation, Type: g.Type, Size: g.Size, Ghost: true, Values: g.When}
		if token, ok := strings.CutPrefix(g.ID, "marker "); ok && g.Marker {
			c.Marker, c.Label = true, token
		} else {
			c.Label = label(g.ID, g.Side)
		}
		cs = append(cs, c)
	}
	return cs
}

// options are the fog, moves and combats of side's picture.
func options(v *engine.Board, side engine.Side, title string, events []engine.Event) render.Options {
	opt := render.Options{Title: title, Track: v.Track, Turn: v.Turn}
	for _, l := range v.Lines {
		opt.Lines = append(opt.Lines, render.Line{Name: l.Name, Sides: l.Sides})
	}
	type move struct {
		who  string
		path []hex.Hex
	}
	var moves []move
	var arrows []render.Arrow
	for _, e := range events {
		if side == engine.Moderator && glimpse(e) || side != engine.Moderator && !engine.Visible(e, side) {
			continue
		}
		switch x := engine.Unwrap(e).(type) {
		case engine.Mover:
			m := x.Movement()
			moves = append(moves, move{m.Who, m.Path})
			arrows = append(arrows, render.Arrow{Path: m.Path, Side: m.Side, Rail: m.Rail})
		case engine.Fighter:
			if c, ok := x.Clash(); ok {
				opt.Clashes = append(opt.Clashes, render.Clash{Hex: c.Hex, Result: c.Result})
			}
		}
	}
	// The moderators see each side's copy of a marker's move: draw one.
	for i, a := range arrows {
		covered := false
		for j, b := range moves {
			if j != i && b.who == moves[i].who && within(a.Path, b.path) && (len(b.path) > len(a.Path) || j < i) {
				covered = true
				break
			}
		}
		if !covered {
			opt.Arrows = append(opt.Arrows, a)
		}
	}
	if len(v.Unseen) > 0 {
		unseen := map[hex.Hex]bool{}
		for _, h := range v.Unseen {
			unseen[h] = true
		}
		opt.Unseen = func(h hex.Hex) bool { return unseen[h] }
	}
	return opt
}

// within reports whether path a is a run of path b.
func within(a, b []hex.Hex) bool {
	for i := 0; i+len(a) <= len(b); i++ {
		if slices.Equal(a, b[i:i+len(a)]) {
			return true
		}
	}
	return false
}

func label(id string, side engine.Side) string { return strings.TrimPrefix(id, string(side)+"-") }

// Sketch is, as text, everything Map draws for side besides the static
// map: the counters, the moves, the combats and the hexes out of sight.
// Map is a function of the sketch and the map (render.Draw is
// deterministic), so two equal sketches draw the same picture; the leak
// tests compare sketches, a thousandth of the cost of drawing.
func Sketch(st engine.State, side engine.Side, events []engine.Event) string {
	return sketch(st.View(side).Board(), side, events)
}

func sketch(v *engine.Board, side engine.Side, events []engine.Event) string {
	opt := options(v, side, "", events)
	var b strings.Builder
	for _, c := range counters(v) {
		fmt.Fprintf(&b, "counter %+v\n", c)
	}
	for _, a := range opt.Arrows {
		fmt.Fprintf(&b, "arrow %+v\n", a)
	}
	for _, c := range opt.Clashes {
		fmt.Fprintf(&b, "clash %+v\n", c)
	}
	if len(v.Unseen) > 0 {
		b.WriteString("unseen")
		for _, h := range v.Unseen {
			b.WriteString(" " + h.String())
		}
		b.WriteString("\n")
	}
	return b.String()
}
