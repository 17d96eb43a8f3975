package robot

import (
	"fmt"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// supplyCap is how many supply units a side may place in a country in one
// Mobilization Phase (9.8, 23.1); the others take any number.
var supplyCap = map[string]int{"AH": 2, "BG": 1, "RO": 1}

// mob is one Mobilization Phase as the robot plans it.
type mob struct {
	st     stack
	placed map[hex.Hex][2]int // per hex: HQs and armies, other units placed (9.6)
	supply map[string]int     // supply units placed per country (9.8)
	vp     int
}

// mobilize places the units that arrive where the front needs them, then
// spends the VP above a reserve (9.3-9.8): supply units first while the
// side has fewer than one for every six fighting units (they pay for
// attacks, marches and armies: 17.9), then infantry corps for the line.
// VP over 99 are lost (5.6), so a side near the cap spends more; VP are
// the score too and 0 loses at once (4.1), so near the end of the game
// and when poor it keeps them.
func (r *reader) mobilize(b *strings.Builder) {
	mb := &mob{st: stack{}, placed: map[hex.Hex][2]int{}, supply: map[string]int{}, vp: r.v.VP[r.v.For]}
	for _, u := range r.v.Units {
		if u.Loc == "map" {
			mb.st[u.Hex] = append(mb.st[u.Hex], u)
		}
	}
	for _, id := range sortedIDs(r.v.Places) {
		u := r.units[id]
		if h, ok := r.bestPlace(u, r.v.Places[id], mb); ok {
			r.put(b, mb, u, h, "place "+id)
		}
	}
	reserve := r.reserve()
	fighters, supplies := 0, 0
	for _, u := range r.ownOnMap() {
		switch {
		case combat(u):
			fighters++
		case u.Type == "supply":
			supplies++
		}
	}
	pool := map[string]int{}
	for k, n := range r.plan.Pool {
		pool[k] = n
	}
	for _, k := range sortedIDs(r.v.Buy) {
		p := r.v.Buy[k]
		for p.Type == "supply" && supplies < max(2, fighters/6) && pool[k] > 0 && mb.vp-p.Cost >= reserve {
			u := kw.UnitView{ID: fmt.Sprintf("new-%s", k), Side: r.v.For, Type: "supply", Nation: p.Nation}
			h, ok := r.bestPlace(u, p.Hexes, mb)
			if !ok {
				break
			}
			r.put(b, mb, u, h, fmt.Sprintf("buy supply-unit nation %s", p.Nation))
			mb.vp -= p.Cost
			pool[k]--
			supplies++
		}
	}
	r.buyShock(b, mb, pool, reserve)
	cav := 0
	for _, u := range r.ownOnMap() {
		if u.Type == "cav" {
			cav++
		}
	}
	for spent := true; spent; {
		spent = false
		for _, k := range sortedIDs(r.v.Buy) {
			p := r.v.Buy[k]
			// a cavalry corps for every six fighting units: it moves 6
			// and plugs a gap or an open objective in time (5.3, 13.4)
			want := p.Type == "inf" || p.Type == "cav" && cav < fighters/6
			if !want || pool[k] == 0 || mb.vp-p.Cost < reserve {
				continue
			}
			u := kw.UnitView{ID: fmt.Sprintf("new-%s-%d", k, pool[k]), Side: r.v.For, Type: p.Type, Nation: p.Nation, Size: "corps"}
			h, ok := r.bestPlace(u, p.Hexes, mb)
			if !ok {
				continue
			}
			r.put(b, mb, u, h, fmt.Sprintf("buy %s nation %s", p.Type, p.Nation))
			mb.vp -= p.Cost
			pool[k]--
			spent = true
			fighters++
			if p.Type == "cav" {
				cav++
			}
		}
	}
}

// buyShock buys a shock corps for each nation that may while the side
// can press on (posture): it lets an attack use the Shock CRT, whose
// Breakthrough and Defender Panic results the Standard CRT lacks (14.12,
// 9.5). It arrives after its delay, placed then.
func (r *reader) buyShock(b *strings.Builder, mb *mob, pool map[string]int, reserve int) {
	if r.posture() < 1 {
		return
	}
	for _, k := range sortedIDs(r.v.Buy) {
		p := r.v.Buy[k]
		if p.Type != "shock" || pool[k] == 0 || mb.vp-p.Cost < reserve {
			continue
		}
		if p.Delay > 0 {
			fmt.Fprintf(b, "buy shock nation %s\n", p.Nation)
		} else {
			u := kw.UnitView{ID: "new-" + k, Side: r.v.For, Type: p.Type, Nation: p.Nation, Size: "corps"}
			h, ok := r.bestPlace(u, p.Hexes, mb)
			if !ok {
				continue
			}
			r.put(b, mb, u, h, "buy shock nation "+p.Nation)
		}
		mb.vp -= p.Cost
		pool[k]--
	}
}

// reserve is the VP the side keeps: enough to lose a bad turn's units
// and the objectives the enemy could reach without nearing 0 (4.1, 5.3:
// 10 for each); in the last two turns, where VP are the score (4.2), all
// but what the cap would waste.
func (r *reader) reserve() int {
	if r.v.Board().LastTurn-r.v.Turn < 2 {
		return 85
	}
	n := 0
	for _, h := range r.objs {
		if r.v.Control[h] == r.v.For && r.strike[h] {
			n++
		}
	}
	return min(75, 45+10*n)
}

// bestPlace is the hex of hs where u is most needed: nearest the goals
// for a fighting unit, two hexes behind the line for an HQ or supply
// unit, within the limits of 9.6, 9.8 and 12.1; false if none.
func (r *reader) bestPlace(u kw.UnitView, hs []hex.Hex, mb *mob) (hex.Hex, bool) {
	best, bestScore, found := hex.Hex{}, 0.0, false
	for _, h := range hs {
		if !r.mayPlace(u, h, mb) {
			continue
		}
		var s float64
		switch {
		case u.Type == "supply" || u.Type == "hq":
			s = -2*abs(float64(r.front(h))-3) + 0.5*float64(r.coverCount(h, 3, mb.st, false)) - 2*float64(r.rearNear(h, u.Type, mb.st))
			if r.strike[h] {
				s -= 20
			}
		default:
			s = -2*float64(r.dist(h)) - 0.5*float64(r.coverCount(h, 2, mb.st, false))
			if r.objective(h) && r.front(h) <= 3 {
				s += 3
			}
			if r.threatened(h) && r.ownCombat(mb.st[h], "") == 0 {
				s += 10 // an open objective garrisoned (5.3)
			}
		}
		if !found || s > bestScore {
			best, bestScore, found = h, s, true
		}
	}
	return best, found
}

// mayPlace reports whether u may be placed in h now: at most one HQ or
// army or three other units a hex a phase, supply units free of that
// (9.6); the supply caps by country (9.8); the stacking limits, which the
// robot keeps at once although they are checked later (12.2).
func (r *reader) mayPlace(u kw.UnitView, h hex.Hex, mb *mob) bool {
	if !mb.st.fits(u, h) {
		return false
	}
	if u.Type == "supply" {
		c := r.v.Country[h]
		return supplyCap[c] == 0 || mb.supply[c] < supplyCap[c]
	}
	c := mb.placed[h]
	if u.Army || u.Type == "hq" {
		return c[0] == 0 && c[1] == 0
	}
	return c[0] == 0 && c[1] < 3
}

// put writes the order placing u in h and counts it.
func (r *reader) put(b *strings.Builder, mb *mob, u kw.UnitView, h hex.Hex, order string) {
	fmt.Fprintf(b, "%s at %s\n", order, h)
	u.Hex, u.Loc = h, "map"
	mb.st[h] = append(mb.st[h], u)
	if u.Type == "supply" {
		mb.supply[r.v.Country[h]]++
		return
	}
	c := mb.placed[h]
	if u.Army || u.Type == "hq" {
		c[0]++
	} else {
		c[1]++
	}
	mb.placed[h] = c
}
