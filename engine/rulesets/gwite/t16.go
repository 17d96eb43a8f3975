package gwite

import (
	"fmt"
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
)

// Optional rule T 16.2: each rail line may carry only so many stacking
// points across one hexside in one Movement Phase, by track and side
// (T 16.21-16.23). Off-map legs are not limited, nor are units that stay
// entrained without moving (AMB-59 [P]).
const optRailLimits = "opt-16.2"

type lineSide struct {
	side hex.Side
	line string
}

// railHexsideLimit is the most SP side may move across a hexside on one
// line of this track (T 16.21), from the game's parameters.
func (g *Game) railHexsideLimit(side engine.Side, double bool) int {
	track := "single"
	if double {
		track = "double"
	}
	return g.param("rail-hexside-"+track+"."+string(side), 0)
}

// railCrossing picks the line of side's country that carries u from a to b
// under the optional hexside limits, and records the load; it returns why
// not if no line crossing that hexside has room. Without the option every
// crossing is allowed.
func (g *Game) railCrossing(u *Unit, a, b hex.Hex) (why string) {
	if !g.opt[optRailLimits] || u.IsHQ() {
		return ""
	}
	s, ok := g.Map().Grid.SideBetween(a, b)
	if !ok {
		return ""
	}
	lines := g.Map().RailSides()[s]
	sort.Slice(lines, func(i, j int) bool { return lines[i].ID < lines[j].ID })
	if g.railLoad == nil {
		g.railLoad = map[lineSide]int{}
	}
	for _, l := range lines {
		if l.Country != u.Side() {
			continue
		}
		k := lineSide{s, l.ID}
		if limit := g.railHexsideLimit(u.Side(), l.Double); limit > 0 && g.railLoad[k]+u.SP() <= limit {
			g.railLoad[k] += u.SP()
			return ""
		}
	}
	return fmt.Sprintf("no rail line across %s has room for %d more SP this phase", s, u.SP())
}
