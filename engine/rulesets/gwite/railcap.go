package gwite

import (
	"fmt"
	"strings"

	"pbem/engine"
)

// holdRail sets aside, as the movement segment opens, the rail capacity of
// side's units already on the train that no order of this phase takes off
// it: they will count at the end of the segment (std 5.31, AMB-56), so
// the capacity they need is not there for others to entrain or ride
// (T 16.12). A unit later railed is counted once, as it moves.
func (g *Game) holdRail(side engine.Side, orders []engine.Order) {
	detrained := map[string]bool{}
	for _, o := range orders {
		if o.Verb == "detrain" {
			for _, id := range wordsOf(o, "") {
				detrained[id] = true
			}
		}
	}
	g.railHeld = map[string]bool{}
	for _, u := range g.Units {
		if u.Side() == side && u.Entrained && u.OnMap() && !u.IsHQ() && !g.railMoved[u.ID] && !detrained[u.ID] {
			g.railHeld[u.ID] = true
		}
	}
}

// railHeldSP is the stacking points held back by holdRail and not yet
// counted.
func (g *Game) railHeldSP() int {
	sp := 0
	for _, u := range g.Units {
		if g.railHeld[u.ID] {
			sp += u.SP()
		}
	}
	return sp
}

// railFull says why a unit may not be counted against rail capacity.
func (g *Game) railFull(side engine.Side) string {
	s := fmt.Sprintf("rail capacity used up: %d of %d SP", g.RailUsed+g.railHeldSP(), g.railCapacity(side))
	if held := g.railHeldSP(); held > 0 {
		s += fmt.Sprintf(", %d of them by units staying on the train", held)
	}
	return s
}

// countStillEntrained charges every unit left entrained at the end of the
// Movement Segment that has not yet been counted (std 5.31, AMB-56). The
// capacity may not be exceeded: a unit that does not fit (one whose
// detrain order failed, or too many carried over from the last phase) is
// taken off the train, in the order of the units' list (AMB-56).
func (g *Game) countStillEntrained(side engine.Side, l *log) {
	var off []string
	for _, u := range g.Units {
		if u.Side() != side || !u.Entrained || u.IsHQ() || g.railMoved[u.ID] {
			continue
		}
		if u.Loc != OnMap && u.Loc != OffMap {
			continue
		}
		delete(g.railHeld, u.ID)
		if u.Loc == OnMap && g.RailUsed+u.SP() > g.railCapacity(side) {
			u.Entrained = false
			off = append(off, u.ID)
			continue
		}
		g.RailUsed += u.SP()
		g.railMoved[u.ID] = true
	}
	if len(off) > 0 {
		g.changed()
		l.notef("std 5.31", "%s detrain(s): units left entrained may not exceed rail capacity (%d of %d SP used)",
			strings.Join(off, " "), g.RailUsed, g.railCapacity(side))
	}
}
