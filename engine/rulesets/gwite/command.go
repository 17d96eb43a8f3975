package gwite

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// Command control (std 10.3-10.4).
//
// In each Command Control Segment the phasing side's HQs put units in
// command control with their Command Strength (std 10.31-10.32): the
// window's `cc HQ with UNIT...` lines first, in the order given; then, for
// every HQ no `cc` line named, the side's standing `plan` for it; then,
// for every HQ with neither, the default allocation. HQs are always in
// command (AMB-04). Every other unit rolls a die and is in command if the
// roll is greater than its TCR (std 10.41, AMB-02); in the combat segment
// only the units inside some friendly HQ's radius may roll (std 10.42,
// AMB-03).
//
// The default allocation (digest 002 P1, ours): HQs in unit order, each
// takes the units within its radius not yet allocated, the largest stacking
// points first, then the lowest unit id, skipping any unit that no longer
// fits its remaining strength.

// commandRadiusBase is hq's printed Command Radius in hexes (std 10.11);
// commandRadius (exclusive.go) applies the exclusive rules (T 17.3).
func (g *Game) commandRadiusBase(hq *Unit) int { return hq.HQ().Radius }

// commandStrengthBase is hq's printed Command Strength in stacking points
// (std 10.11, 10.31); commandStrength (exclusive.go) applies the
// exclusive rules (T 17.3).
func (g *Game) commandStrengthBase(hq *Unit) int { return hq.HQ().Command }

// radiusHexes returns every hex within hq's Command Radius (std 10.33-10.34,
// AMB-58), counted from the HQ hex (not counted) to the unit's hex
// (counted). The radius never crosses lake or sea or a blocked hexside,
// never enters a hex holding enemy units other than HQs alone, and, for an
// HQ of TCR 2 or more, never passes through an enemy-controlled hex that
// holds no friendly unit or fortress (std 7.24); such a hex may still end
// the radius, since a commanded unit in it cancels the ZOC there itself.
func (g *Game) radiusHexes(hq *Unit) map[hex.Hex]bool {
	out := map[hex.Hex]bool{}
	if !hq.OnMap() {
		return out
	}
	side := hq.Side()
	from := hq.Hex
	out[from] = true
	radius := g.commandRadius(hq)
	if radius <= 0 {
		return out
	}
	passes := func(h hex.Hex) bool {
		return h == from || hq.TCR() <= 1 || !g.inEZOCForTrace(h, side)
	}
	s := engine.Search[hex.Hex]{
		Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
			if !passes(h) {
				return
			}
			for _, n := range g.Map().Grid.Neighbours(h) {
				if g.traceable(h, n) && !g.blockedByEnemy(n, side) {
					visit(n, 1)
				}
			}
		},
		Less:  hex.Hex.Less,
		Limit: radius,
	}
	for _, h := range s.Run(from).Reached(hex.Hex.Less) {
		out[h] = true
	}
	return out
}

// inRadius reports whether h lies within hq's Command Radius now
// (std 10.33-10.34).
func (g *Game) inRadius(hq *Unit, h hex.Hex) bool {
	return hq.IsHQ() && g.radiusHexes(hq)[h]
}

// friendlyHQs lists side's HQs on the map, in unit order.
func (g *Game) friendlyHQs(side engine.Side) []*Unit {
	var out []*Unit
	for _, u := range g.Units {
		if u.Side() == side && u.IsHQ() && u.OnMap() {
			out = append(out, u)
		}
	}
	return out
}

// outsideAllRadii reports whether no friendly HQ on the map has u's hex
// within its Command Radius, whatever its Command Strength (std 10.43,
// AMB-67; std 10.42).
func (g *Game) outsideAllRadii(u *Unit) bool {
	for _, hq := range g.friendlyHQs(u.Side()) {
		if g.radiusHexes(hq)[u.Hex] {
			return false
		}
	}
	return true
}

// allocation is one Command Control Segment's use of Command Strength.
type allocation struct {
	g      *Game
	side   engine.Side
	radius map[string]map[hex.Hex]bool // per HQ id
	left   map[string]int              // Command Strength still unused
	units  map[string][]string         // units allocated, per HQ id
}

// why tells why u may not be allocated to hq now, or "" if it may.
func (a *allocation) why(hq, u *Unit) (string, string) {
	switch {
	case u.IsHQ():
		return "AMB-04", fmt.Sprintf("%s is an HQ and always in command control", u.ID)
	case !u.OnMap():
		return "std 10.32", fmt.Sprintf("%s is not on the map", u.ID)
	case u.AllocatedTo != "":
		return "std 10.31", fmt.Sprintf("%s is already in command control of %s", u.ID, u.AllocatedTo)
	case !a.radius[hq.ID][u.Hex]:
		return "std 10.32", fmt.Sprintf("%s in %s is not within the command radius of %s", u.ID, u.Hex, hq.ID)
	case u.SP() > a.left[hq.ID]:
		return "std 10.31", fmt.Sprintf("%s (%d SP) exceeds what is left of %s's command strength (%d of %d SP)",
			u.ID, u.SP(), hq.ID, a.left[hq.ID], a.g.commandStrength(hq))
	}
	return "", ""
}

func (a *allocation) give(hq, u *Unit) {
	u.AllocatedTo = hq.ID
	a.left[hq.ID] -= u.SP()
	a.units[hq.ID] = append(a.units[hq.ID], u.ID)
}

// commandSegment is a Command Control Segment of side (std 10.31-10.42):
// for movement (std 4.0 1c) or, with combat, for combat (std 4.0 3a).
func (g *Game) commandSegment(side engine.Side, orders []engine.Order, combat bool, l *log) {
	rule := "std 10.41"
	if combat {
		rule = "std 10.42"
	}
	hqs := g.friendlyHQs(side)
	a := &allocation{g: g, side: side,
		radius: map[string]map[hex.Hex]bool{}, left: map[string]int{}, units: map[string][]string{}}
	for _, hq := range hqs {
		a.radius[hq.ID] = g.radiusHexes(hq)
		a.left[hq.ID] = g.commandStrength(hq)
	}
	var mine []*Unit
	for _, u := range g.Units {
		if u.Side() != side {
			continue
		}
		u.AllocatedTo = ""
		if combat {
			u.OCCCombat = false
		} else {
			u.OCCMove = false
		}
		if u.OnMap() && !u.IsHQ() {
			mine = append(mine, u)
		}
	}

	// 1. The window's cc lines.
	named := map[string]bool{}
	for _, o := range orders {
		if o.Verb != "cc" {
			continue
		}
		l.start(o)
		hq := g.ownUnit(side, o, wordsOf(o, "")[0], l)
		if hq == nil {
			continue
		}
		if !hq.IsHQ() {
			l.reject(side, o, "std 10.31", "%s is not an HQ", hq.ID)
			continue
		}
		if !hq.OnMap() {
			l.reject(side, o, "std 10.33", "%s is not on the map", hq.ID)
			continue
		}
		named[hq.ID] = true
		for _, id := range wordsOf(o, "with") {
			u := g.ownUnit(side, o, id, l)
			if u == nil {
				continue
			}
			if rule, why := a.why(hq, u); why != "" {
				l.reject(side, o, rule, "%s", why)
				continue
			}
			a.give(hq, u)
		}
	}
	l.start(engine.Order{})
	// 2. Standing plans for the HQs no line named, in priority order;
	// units that cannot be allocated are passed over.
	var plain []*Unit
	for _, hq := range hqs {
		if named[hq.ID] {
			continue
		}
		if hq.Data.HQLevel == "staff" {
			continue // its plan names the HQ it helps (T 17.3)
		}
		var plan []string
		if st := g.Standing[side]; st != nil {
			plan = st.Plan[hq.ID]
		}
		if len(plan) == 0 {
			plain = append(plain, hq)
			continue
		}
		var skipped []string
		for _, id := range plan {
			u := g.units[id]
			if u == nil || u.Side() != side || g.alwaysInCommand(u, combat) {
				continue
			}
			if _, why := a.why(hq, u); why != "" {
				skipped = append(skipped, why)
				continue
			}
			a.give(hq, u)
		}
		for _, why := range skipped {
			l.privatef(side, "std 10.31", "standing plan of %s: %s", hq.ID, why)
		}
	}
	// 3. The default for the HQs with neither.
	if len(plain) > 0 {
		cands := append([]*Unit(nil), mine...)
		sort.SliceStable(cands, func(i, j int) bool {
			if cands[i].SP() != cands[j].SP() {
				return cands[i].SP() > cands[j].SP()
			}
			return cands[i].ID < cands[j].ID
		})
		for _, hq := range plain {
			for _, u := range cands {
				if g.alwaysInCommand(u, combat) {
					continue
				}
				if _, why := a.why(hq, u); why == "" {
					a.give(hq, u)
				}
			}
		}
	}
	for _, hq := range hqs {
		if ids := a.units[hq.ID]; len(ids) > 0 {
			l.privatef(side, "std 10.31", "%s puts %s in command control (%d of %d SP)",
				hq.ID, strings.Join(ids, " "), g.commandStrength(hq)-a.left[hq.ID], g.commandStrength(hq))
		}
	}

	// 4. Everyone else: the exclusive rules' automatic cases, then a roll
	// greater than the TCR; in the combat segment only inside some radius.
	for _, u := range mine {
		if u.AllocatedTo != "" {
			continue
		}
		if g.alwaysInCommand(u, combat) {
			continue
		}
		occ := false
		if combat && !a.insideAny(u.Hex) {
			occ = true
			l.notef("std 10.42", "%s is outside every HQ's command radius: out of command control for combat", u.ID)
		} else {
			purpose := "command control for movement, " + u.ID
			if combat {
				purpose = "command control for combat, " + u.ID
			}
			r := l.roll(rule, purpose)
			if r.Value > u.TCR() {
				r.Result = "in command"
			} else {
				r.Result = "out of command"
				occ = true
			}
		}
		if combat {
			u.OCCCombat = occ
		} else {
			u.OCCMove = occ
		}
	}
}

// insideAny reports whether h is within some friendly HQ's radius.
func (a *allocation) insideAny(h hex.Hex) bool {
	for _, r := range a.radius {
		if r[h] {
			return true
		}
	}
	return false
}
