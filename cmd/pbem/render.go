package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"pbem/engine/scenario"
	"pbem/pbem/daemon"
	"pbem/render"
)

var renderCmd = &command{
	name:    "render",
	usage:   "-scenario NAME -o FILE.png | -game GAME [-side SIDE] [-c pbem.toml] -o FILE.png",
	summary: "draw a scenario's set-up, or a game's map as a side sees it, to PNG",
	help: `With -scenario, draws the whole map of a scenario, north up, with terrain,
rivers, rails, towns, fortresses, the border and hex numbers, and every
unit the scenario sets up as a NATO-style counter. The same data gives the
same bytes.

With -game, draws the map of a running game as SIDE sees it now (without
-side, as the moderators do): through the daemon if one runs, otherwise on
the database file.`,
	flags: func(fs *flag.FlagSet, o *options) {
		dirFlag(fs, o)
		configFlag(fs, o)
		fs.StringVar(&o.game, "game", "", "the game to draw")
		fs.StringVar(&o.side, "side", "", "with -game: the side whose map it is")
		fs.StringVar(&o.scenario, "scenario", "", "the scenario to draw (see 'pbem scenario list')")
		fs.StringVar(&o.out, "o", "", "write the PNG to `FILE`")
		fs.Float64Var(&o.hexPx, "hex", render.DefaultHexPx, "distance between hex centres in `PIXELS`")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 || (o.scenario == "") == (o.game == "") || o.out == "" {
			fmt.Fprintln(e.stderr, "usage: pbem render -scenario NAME -o FILE.png")
			fmt.Fprintln(e.stderr, "       pbem render -game GAME [-side SIDE] [-c pbem.toml] -o FILE.png")
			return 2
		}
		if o.hexPx < 8 || o.hexPx > 400 {
			fmt.Fprintf(e.stderr, "pbem render: -hex %g: give 8 to 400 pixels between hex centres\n", o.hexPx)
			return 2
		}
		if o.game != "" {
			return adminWriting(e, o, daemon.Request{Cmd: "render", Game: o.game, Side: strings.ToUpper(o.side)}, o.out)
		}
		_, g, s, ok := findScenario(e, o, o.scenario, false)
		if !ok {
			return 1
		}
		img := render.Draw(g.Map, setupCounters(g, s), render.Options{
			HexPx: o.hexPx,
			Title: fmt.Sprintf("%s: %s (%s), turn %d", g.Title, s.Title, s.Case, s.First),
		})
		f, err := os.Create(o.out)
		if err != nil {
			fmt.Fprintln(e.stderr, "pbem render:", err)
			return 1
		}
		if err := render.EncodeMapPNG(f, img, g.Map); err != nil {
			f.Close()
			fmt.Fprintln(e.stderr, "pbem render: writing", o.out+":", err)
			return 1
		}
		if err := f.Close(); err != nil {
			fmt.Fprintln(e.stderr, "pbem render: writing", o.out+":", err)
			return 1
		}
		return 0
	},
}

// setupCounters turns a scenario's set-up into counters to draw, in set-up
// order within each hex.
func setupCounters(g *scenario.Game, s *scenario.Scenario) []render.Counter {
	var out []render.Counter
	for _, p := range setupUnits(g, s) {
		u := p.unit
		c := render.Counter{Hex: p.hex, Side: u.Side, Nation: u.Nation, Type: u.Type, Size: u.Size, Label: counterLabel(u)}
		if u.IsHQ() && len(u.HQ) > 0 {
			v := u.HQ[0]
			c.Values = fmt.Sprintf("%d-%d-%d", v.Shift, v.Command, v.Radius)
		} else if len(u.Str) > 0 {
			c.Values = u.Str[0].String()
			c.Strength = u.Str[0].Attack + u.Str[0].Defense
		}
		out = append(out, c)
	}
	return out
}

// counterLabel is the short designation printed on a counter: the unit id
// without its side prefix.
func counterLabel(u *scenario.Unit) string {
	return strings.TrimPrefix(u.ID, string(u.Side)+"-")
}
