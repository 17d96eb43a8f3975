package gwite

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// Tannenberg Russian garrisons (T 20.0). The garrison cities are the
// params garrison-divisions-HEX (the divisions the city must hold: a corps
// counts two, reduced units count, brigades and HQs none); the obligation
// starts on GT garrison-first-turn, a city is released for good once a
// German unit comes within garrison-release-distance hexes of it, and all
// are released in a Russian Reinforcement Segment from GT
// garrison-release-turn when the net VP are below garrison-release-vp
// (AMB-36). A game without these params has no garrisons.
//
// The obligation is an order constraint (AMB-36): a Russian unit that
// counts may not leave a garrison city, by land or rail, if the city would
// then hold fewer divisions than it must and fewer than it held when the
// Movement Phase began. So a garrison may not walk out, nor be swapped
// out by a unit that then leaves too, while units merely passing through
// a city already short are not held there. Losses in combat may leave a
// city short; the Russian is then reminded in each Reinforcement Segment.

// GarrisonCount is the divisions a garrison city held at a moment.
type GarrisonCount struct {
	Hex       hex.Hex
	Divisions int
}

// garrison is one city's obligation.
type garrison struct {
	hex       hex.Hex
	divisions int
}

// garrisons lists the garrison cities of the game data, in hex order.
func (g *Game) garrisons() []garrison {
	var out []garrison
	for _, p := range g.data.Params {
		s, ok := strings.CutPrefix(p.Name, "garrison-divisions-")
		if !ok {
			continue
		}
		h, err := hex.Parse(s)
		if err != nil || p.Value <= 0 {
			continue
		}
		out = append(out, garrison{h, p.Value})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].hex.Less(out[j].hex) })
	return out
}

// garrisonName names a garrison city for the reports.
func (g *Game) garrisonName(h hex.Hex) string {
	if t := g.Map().Towns[h]; t != nil {
		return t.Name + " " + h.String()
	}
	return h.String()
}

// garrisonWeight is what u counts towards a garrison: a division 1, a
// corps 2, anything else nothing (T 20.0).
func garrisonWeight(u *Unit) int {
	if u.IsHQ() || u.Side() != RU {
		return 0
	}
	switch u.Data.Size {
	case "XX":
		return 1
	case "XXX":
		return 2
	}
	return 0
}

// garrisonHeld counts the divisions in h, leaving out except.
func (g *Game) garrisonHeld(h hex.Hex, except *Unit) int {
	n := 0
	for _, u := range g.at[h] {
		if u != except {
			n += garrisonWeight(u)
		}
	}
	return n
}

// released reports whether h's garrison has been released.
func (g *Game) released(h hex.Hex) bool {
	if g.Excl.AllReleased {
		return true
	}
	for _, r := range g.Excl.Released {
		if r == h {
			return true
		}
	}
	return false
}

// release records that h's garrison is released for good.
func (g *Game) release(h hex.Hex) {
	if g.released(h) {
		return
	}
	out := append(append([]hex.Hex(nil), g.Excl.Released...), h)
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	g.Excl.Released = out
}

// germanNear returns a German unit on the map within the release distance
// of h, or nil.
func (g *Game) germanNear(h hex.Hex) *Unit {
	d := g.param("garrison-release-distance", 4)
	grid := g.Map().Grid
	for _, u := range g.Units {
		if u.Side() != RU && u.OnMap() && grid.Distance(u.Hex, h) <= d {
			return u
		}
	}
	return nil
}

// garrisonDue reports whether h's obligation binds now.
func (g *Game) garrisonDue(h hex.Hex) bool {
	first, ok := g.data.Param("garrison-first-turn")
	return ok && g.Turn >= first && !g.released(h)
}

// watchGarrisons releases every garrison a German unit now stands near
// (T 20.0). It runs in every Reinforcement Segment and interphase; German
// units on the move are watched hex by hex in garrisonIntegrity.
func (g *Game) watchGarrisons(l *log) {
	if _, ok := g.data.Param("garrison-first-turn"); !ok {
		return
	}
	for _, gs := range g.garrisons() {
		if g.released(gs.hex) {
			continue
		}
		if u := g.germanNear(gs.hex); u != nil {
			g.release(gs.hex)
			l.notef("T 20.0", "the garrison of %s is released: %s is within %d hexes", g.garrisonName(gs.hex), u.ID, g.param("garrison-release-distance", 4))
		}
	}
}

// garrisonIntegrity says why u may not go from from to to under T 20.0:
// a Russian division or corps leaving a garrison city that would then hold
// too few. A German unit moving near a garrison city releases it.
func (g *Game) garrisonIntegrity(u *Unit, from, to hex.Hex) (string, string) {
	if from == to {
		return "", ""
	}
	if _, ok := g.data.Param("garrison-first-turn"); !ok {
		return "", ""
	}
	if u.Side() != RU {
		d := g.param("garrison-release-distance", 4)
		for _, gs := range g.garrisons() {
			if g.Map().Grid.Distance(from, gs.hex) <= d {
				g.release(gs.hex)
			}
		}
		return "", ""
	}
	if garrisonWeight(u) == 0 {
		return "", ""
	}
	for _, gs := range g.garrisons() {
		if gs.hex != from || !g.garrisonDue(from) {
			continue
		}
		if g.germanNear(from) != nil {
			g.release(from)
			return "", ""
		}
		if left := g.garrisonHeld(from, u); left < gs.divisions && left < g.garrisonStart(gs) {
			return fmt.Sprintf("%s must keep a garrison of %d division(s) from GT%d; without %s it would hold %d",
				g.garrisonName(from), gs.divisions, g.param("garrison-first-turn", 0), u.ID, left), "T 20.0"
		}
	}
	return "", ""
}

// garrisonRelease is T 20.0 in side's Reinforcement Segment: garrisons
// near German units are released; in a Russian segment from GT
// garrison-release-turn with the net VP below garrison-release-vp, every
// garrison is (AMB-36); and the Russian is told of any city left short.
func (g *Game) garrisonRelease(side engine.Side, l *log) {
	if _, ok := g.data.Param("garrison-first-turn"); !ok {
		return
	}
	g.watchGarrisons(l)
	if side != RU {
		return
	}
	turn, okT := g.data.Param("garrison-release-turn")
	vp, okV := g.data.Param("garrison-release-vp")
	if okT && okV && !g.Excl.AllReleased && g.Turn >= turn && g.VP < vp {
		g.Excl.AllReleased = true
		l.notef("T 20.0", "net VP %+d, below %d, on GT%d: every Russian garrison is released", g.VP, vp, g.Turn)
	}
	g.Excl.GarrisonStart = nil
	for _, gs := range g.garrisons() {
		if !g.garrisonDue(gs.hex) {
			continue
		}
		n := g.garrisonHeld(gs.hex, nil)
		g.Excl.GarrisonStart = append(g.Excl.GarrisonStart, GarrisonCount{gs.hex, n})
		if n < gs.divisions {
			l.notef("T 20.0", "%s holds %d of the %d division(s) of its garrison: refill it where possible", g.garrisonName(gs.hex), n, gs.divisions)
		}
	}
}

// garrisonStart is what gs's city held when the Russian Movement Phase
// began; a city not recorded counts as fully garrisoned.
func (g *Game) garrisonStart(gs garrison) int {
	for _, c := range g.Excl.GarrisonStart {
		if c.Hex == gs.hex {
			return c.Divisions
		}
	}
	return gs.divisions
}
