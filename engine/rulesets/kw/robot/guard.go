package robot

import (
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// guardRange is how near the enemy (in hexes) an objective of the side's
// must be for the robot to keep a fighting unit in it: about two turns of
// an enemy's march.
const guardRange = 6

// threatened reports whether h, one of the side's Strategic Objectives,
// needs a garrison: the enemy could enter it next turn, or stands within
// guardRange of it. An empty objective is taken by walking in (7.3(2)),
// which costs 10 VP at once and 4 a turn after (5.3, 5.4).
func (r *reader) threatened(h hex.Hex) bool {
	if !r.objective(h) || r.v.Control[h] != r.v.For {
		return false
	}
	return r.enter[h] || r.front(h) <= guardRange
}

// guard sends a fighting unit into each of the side's threatened
// objectives that none holds, before the rest of the moves are planned:
// the cheapest unit that reaches it this phase by land or rail and whose
// leaving opens no other objective. It returns the units sent.
func (r *reader) guard(b *strings.Builder, st stack, railLeft *int, fighters []kw.UnitView) map[string]bool {
	sent := map[string]bool{}
	for _, h := range r.objs {
		if !r.threatened(h) || r.ownCombat(st[h], "") > 0 {
			continue
		}
		best, bestCost, how := kw.Dest{}, 0.0, ""
		var pick kw.UnitView
		for _, u := range fighters {
			if sent[u.ID] || r.objective(u.Hex) && r.v.Control[u.Hex] == r.v.For || !st.fits(u, h) {
				continue
			}
			cost := lossValue(u) + float64(r.grid.Distance(u.Hex, h))/4
			if r.front(u.Hex) <= 1 && r.ownCombat(st[u.Hex], u.ID) == 0 {
				cost += 8 // it would open a gap in the line
			}
			consider := func(d kw.Dest, verb string) {
				if d.Hex == h && (how == "" || cost < bestCost) {
					best, bestCost, how, pick = d, cost, verb, u
				}
			}
			for _, d := range r.plan.Moves[u.ID] {
				consider(d, "move")
			}
			for _, d := range r.plan.Rails[u.ID] {
				if d.Cost <= *railLeft {
					consider(d, "rail")
				}
			}
		}
		if how == "" {
			continue
		}
		if how == "rail" {
			*railLeft -= best.Cost
		}
		sent[pick.ID] = true
		r.send(b, pick, best, how, st)
	}
	return sent
}
