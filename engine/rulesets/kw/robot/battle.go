package robot

import (
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// bands are the lower bounds of the CRT's percentage columns (14.13).
var bands = [...]int{0, 50, 100, 150, 200, 300, 400, 500, 600}

// column is the CRT column of attack against defence; a defence of 0
// uses the last (14.13).
func column(att, def int) int {
	if def <= 0 {
		return len(bands) - 1
	}
	pct := att * 100 / def
	c := 0
	for i, b := range bands {
		if pct >= b {
			c = i
		}
	}
	return c
}

// battle is one attack the robot weighs.
type battle struct {
	hex      hex.Hex
	with     []kw.UnitView
	hq       kw.UnitView
	supply   []string
	table    string
	att, def int
	col      int
	ev       float64 // expected gain in VP, net of the supply spent
}

// defenders are the units in h as the side sees them; a face-down counter
// is reckoned a corps of defence 3 ([Opt: Fog of War]).
func (r *reader) defence(h hex.Hex, with []kw.UnitView) int {
	def := 0
	for _, e := range r.byHex[h] {
		if e.Hidden {
			def += 3
		} else {
			def += e.Defense
		}
	}
	if r.plan.Doubled[h] || r.riverBetween(h, with) {
		def *= 2 // never more than twice (14.11)
	}
	return def
}

// riverBetween reports whether every attacker faces h across a river or
// lake hexside while they double the defence (14.11(2), 22.1(3)).
func (r *reader) riverBetween(h hex.Hex, with []kw.UnitView) bool {
	if !r.plan.RiverDoubles || len(with) == 0 {
		return false
	}
	for _, u := range with {
		s, ok := r.grid.SideBetween(u.Hex, h)
		if !ok {
			return false
		}
		hs := r.m.Hexside(s)
		if hs == nil || (hs.Class != "river" && hs.Class != "lake") {
			return false
		}
	}
	return true
}

// concentric reports whether every hex around h holds an attacker, lies in
// the ZOC of one, or is no land of a belligerent (14.8(3)); never against
// a fortress unless an HQ supports the attack (20.2, 19.5).
func (r *reader) concentric(h hex.Hex, with []kw.UnitView, hq bool) bool {
	for _, e := range r.byHex[h] {
		if e.Type == "fortress" && !hq || e.Hidden && !hq {
			return false // a face-down counter may be a fortress
		}
	}
	held := map[hex.Hex]bool{}
	for _, u := range with {
		held[u.Hex] = true
	}
	for _, n := range r.grid.Neighbours(h) {
		if !r.passable(n) || held[n] {
			continue
		}
		covered := false
		for _, u := range with {
			if u.Move > 0 && r.grid.Adjacent(u.Hex, n) && r.zocInto(u.Hex, n) {
				covered = true
				break
			}
		}
		if !covered {
			return false
		}
	}
	return true
}

// zocInto reports whether the side's ZOC from a reaches the adjacent b:
// not across an all-sea hexside, not into a hex with an enemy fortress
// (13.1, 13.2).
func (r *reader) zocInto(a, b hex.Hex) bool {
	if s, ok := r.grid.SideBetween(a, b); ok && !r.m.Crossable(s) {
		return false
	}
	for _, e := range r.byHex[b] {
		if !r.own(e) && (e.Type == "fortress" || e.Hidden) {
			return false
		}
	}
	return true
}

// strength is the attack of a battle: each unit doubled for Maximum
// Attack Supply within a backing supply unit's radius and for a concentric
// attack, alpine units once more in rough, never more than x3 (14.8,
// 14.9, 21.3); the HQ's factor likewise (19.4).
func (r *reader) strength(b *battle) int {
	conc := r.concentric(b.hex, b.with, b.hq.ID != "")
	rough := strings.EqualFold(r.m.TerrainName(r.m.Terrain(b.hex)), "rough")
	mas := func(h hex.Hex) bool {
		for _, s := range b.supply {
			if r.plan.Reach[s][h] {
				return true
			}
		}
		return false
	}
	mult := func(h hex.Hex, alpine bool) int {
		n := 1
		for _, d := range []bool{mas(h), conc, alpine && rough} {
			if d {
				n++
			}
		}
		return min(n, 3)
	}
	att := 0
	for _, u := range b.with {
		att += u.Attack * mult(u.Hex, u.Type == "alpine")
	}
	if b.hq.ID != "" {
		att += b.hq.Support * mult(b.hq.Hex, false)
	}
	return att
}

// outcome is what a result code is worth to the attacker, in VP (5.1 and
// the results of 14.14): the enemy's losses less its own, and a little
// for ground taken.
func (r *reader) outcome(code string, b *battle) float64 {
	defs := r.byHex[b.hex]
	sum := func(us []kw.UnitView, armies bool) (float64, int) {
		v, n := 0.0, 0
		for _, u := range us {
			if u.Army && !u.Hidden {
				n++
				if armies {
					v += lossValue(u)
				}
			} else {
				v += lossValue(u)
			}
		}
		return v, n
	}
	cheapest := func(us []kw.UnitView) float64 {
		best := 99.0
		for _, u := range us {
			v := lossValue(u)
			if u.Army {
				v = breakValue
			}
			best = min(best, v)
		}
		return best
	}
	defAll, _ := sum(defs, true)
	defNon, defArmies := sum(defs, false)
	attAll, _ := sum(b.with, true)
	attNon, attArmies := sum(b.with, false)
	ground := 1.0
	if r.objective(b.hex) {
		ground = 15 // capture (5.3)
	}
	switch code {
	case "DZ":
		return defAll + ground
	case "BT":
		return defAll + ground + 1
	case "DD":
		return defNon + breakValue*float64(defArmies) + ground
	case "DP":
		return defNon + breakValue*float64(defArmies) + ground + 1
	case "MD":
		return ground - 10
	case "BB":
		return defNon + breakValue*float64(min(defArmies, 1)) - attNon - breakValue*float64(min(attArmies, 1))
	case "ST":
		return cheapest(defs) - cheapest(b.with)
	case "AD":
		return -attNon - breakValue*float64(attArmies)
	case "AZ":
		return -attAll
	}
	return 0
}

// weigh fills in a battle's strengths and expected value on its table.
func (r *reader) weigh(b *battle) {
	b.att, b.def = r.strength(b), r.defence(b.hex, b.with)
	b.col = column(b.att, b.def)
	crt := r.plan.CRT[b.table]
	if crt == nil {
		b.ev = -99
		return
	}
	b.ev = 0
	for die := 0; die < 6; die++ {
		v := r.outcome(crt[die][b.col], b)
		if v < 0 {
			v *= r.caution()
		}
		b.ev += v / 6
	}
	b.ev -= float64(len(b.supply)) * r.supplyCost()
}

// caution weighs the side's own losses more as its VP fall towards 0,
// where it loses at once (4.1).
func (r *reader) caution() float64 {
	return 1 + float64(max(0, 70-r.v.VP[r.v.For]))/20
}

// supplyCost is what spending a supply unit on a battle costs: its price,
// less when the VP it would be bought with are overflowing the cap (5.6).
func (r *reader) supplyCost() float64 {
	if r.v.VP[r.v.For] >= 80 {
		return 4
	}
	return 7
}
