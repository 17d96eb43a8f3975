package report

import (
	"fmt"
	"image"
	"strings"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/engine/hex"
	"pbem/engine/scenario"
	"pbem/render"
)

// Map draws the map as side sees it (gwite.Moderator: everything), from
// its View only: its units and the enemy units it sees, the Gruppe markers
// it sees as markers, its ghosts faded with the game-turn they were last
// seen, and under limited fog the hexes out of its sight shaded.
func Map(st engine.State, side engine.Side, title string) *image.RGBA {
	v := st.View(side).(*gwite.View)
	var cs []render.Counter
	for _, u := range v.Units {
		if u.Loc != gwite.OnMap {
			continue
		}
		c := render.Counter{Hex: u.Hex, Side: u.Side, Type: u.Type, Size: u.Size, Label: label(u.ID, u.Side),
			Values: u.Strength.String(), Reduced: u.Steps < u.MaxSteps}
		if u.Type == scenario.HQ {
			c.Values = fmt.Sprintf("%d-%d-%d", u.HQ.Shift, u.HQ.Command, u.HQ.Radius)
		}
		cs = append(cs, c)
	}
	for _, m := range v.Markers {
		cs = append(cs, render.Counter{Hex: m.Hex, Side: "DE", Marker: true, Label: m.Token})
	}
	for _, g := range v.Ghosts {
		c := render.Counter{Hex: g.Hex, Side: g.Side, Type: g.Type, Size: g.Size, Ghost: true, Values: fmt.Sprintf("GT%d", g.Turn)}
		if token, ok := strings.CutPrefix(g.ID, "marker "); ok {
			c.Marker, c.Label = true, token
		} else {
			c.Label = label(g.ID, g.Side)
		}
		cs = append(cs, c)
	}
	opt := render.Options{Title: title}
	for _, h := range v.Map.Grid.All() {
		if !v.Sees(h) {
			opt.Unseen = func(h hex.Hex) bool { return !v.Sees(h) }
			break
		}
	}
	return render.Draw(v.Map, cs, opt)
}

func label(id string, side engine.Side) string { return strings.TrimPrefix(id, string(side)+"-") }
