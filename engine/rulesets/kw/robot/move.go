package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// move plans a Movement Phase (11.0): the fighting units first, armies
// before corps, each to the hex of its land or rail moves that scores
// best as the line stands with the moves already planned; then the HQs
// and the supply units behind the line they made. Every move is written
// with its whole path, the one the view found legal.
func (r *reader) move(b *strings.Builder) {
	st := stack{}
	for _, u := range r.ownOnMap() {
		st[u.Hex] = append(st[u.Hex], u)
	}
	for _, e := range r.v.Units {
		if !r.own(e) && e.Loc == "map" {
			st[e.Hex] = append(st[e.Hex], e)
		}
	}
	railLeft := r.plan.RailLeft
	var fighters, rear []kw.UnitView
	for _, u := range r.ownOnMap() {
		if _, ok := r.plan.Moves[u.ID]; !ok {
			continue
		}
		if combat(u) {
			fighters = append(fighters, u)
		} else if u.Type == "hq" || u.Type == "supply" {
			rear = append(rear, u)
		}
	}
	sort.SliceStable(fighters, func(i, j int) bool {
		if fighters[i].Army != fighters[j].Army {
			return fighters[i].Army
		}
		return fighters[i].Attack > fighters[j].Attack
	})
	sent := r.guard(b, st, &railLeft, fighters)
	r.goalWeight = 2
	r.riskWeight = 1
	if r.posture() < 1.3 {
		r.goalWeight = 0.5 // outmatched: hold a line rather than close in
	}
	for _, u := range fighters {
		if sent[u.ID] {
			continue
		}
		// what the enemy could enter with every other unit as planned:
		// the hexes u may deny it (13.4)
		st.remove(u, u.Hex)
		enter, _ := r.enemyReach(st)
		st[u.Hex] = append(st[u.Hex], u)
		score := func(d hex.Hex) float64 { return r.placeScore(u, d, st) + r.block(d, enter) }
		r.go1(b, u, st, &railLeft, score)
	}
	r.enter, r.strike = r.enemyReach(st)
	// HQs before supply units: a supply unit that moves may take the
	// General Supply an HQ's rail move needs (18.1)
	sort.SliceStable(rear, func(i, j int) bool { return rear[i].Type == "hq" && rear[j].Type != "hq" })
	for _, u := range rear {
		if u.Type == "supply" && r.supplyCovers(u, u.Hex, st) > 0 {
			continue // fresh for Maximum Attack Supply (17.10(2))
		}
		score := func(d hex.Hex) float64 { return r.rearScore(u, d, st) }
		r.go1(b, u, st, &railLeft, score)
	}
}

// go1 moves u to its best destination by land or rail, if better than
// where it stands, and writes the order.
func (r *reader) go1(b *strings.Builder, u kw.UnitView, st stack, railLeft *int, score func(hex.Hex) float64) {
	best, bestScore, verb := kw.Dest{Hex: u.Hex}, score(u.Hex)+0.25, ""
	try := func(d kw.Dest, how string, extra float64) {
		if !st.fits(u, d.Hex) {
			return
		}
		if s := score(d.Hex) + extra; s > bestScore {
			best, bestScore, verb = d, s, how
		}
	}
	for _, d := range r.plan.Moves[u.ID] {
		try(d, "move", 0)
	}
	if r.dist(u.Hex) > 2 || u.Type == "supply" || u.Type == "hq" {
		for _, d := range r.plan.Rails[u.ID] {
			if d.Cost <= *railLeft {
				try(d, "rail", -0.5)
			}
		}
	}
	if verb == "" {
		return
	}
	if verb == "rail" {
		*railLeft -= best.Cost
	}
	r.send(b, u, best, verb, st)
}

// send writes the order moving u to d by verb ("move", "rail") and
// records it in the plan st.
func (r *reader) send(b *strings.Builder, u kw.UnitView, d kw.Dest, verb string, st stack) {
	st.remove(u, u.Hex)
	u.Hex = d.Hex
	st[d.Hex] = append(st[d.Hex], u)
	fmt.Fprintf(b, "%s %s via %s\n", verb, u.ID, hexList(d.Path))
}

// placeScore is how good d is for the fighting unit u with the moves
// planned in st: nearer the enemy's line and the objectives to take,
// objectives taken and held, gaps in the line filled, attacks made
// possible, less the risk the stack runs there and, in Winter, the risk
// of attrition out of General Supply (17.8).
func (r *reader) placeScore(u kw.UnitView, d hex.Hex, st stack) float64 {
	s := -r.goalWeight * float64(r.dist(d))
	if c := r.v.Control[d]; r.objective(d) && c != r.v.For {
		s += 25 // capture (5.3)
	}
	if r.objective(d) && r.v.Control[d] == r.v.For && r.enter[d] && r.ownCombat(st[d], u.ID) == 0 {
		s += 30 // the enemy could walk in: hold it (5.3, 5.4)
	} else if r.objective(d) && r.v.Control[d] == r.v.For && r.front(d) <= 2 && r.stackDef(st[d], d) < 8 {
		s += 6
	}
	if r.ownFortress(d) && r.front(d) <= 2 && len(st[d]) < 3 {
		s += 2
	}
	contact := false
	for _, n := range r.grid.Neighbours(d) {
		if !r.enemy[n] {
			continue
		}
		contact = true
		att := u.Attack
		for _, m := range r.grid.Neighbours(n) {
			for _, x := range st[m] {
				if r.own(x) && combat(x) && x.ID != u.ID {
					att += x.Attack
				}
			}
		}
		if def := r.defence(n, nil); def > 0 {
			s += min(3, float64(att)/float64(def)) // towards an attack at good odds
		}
	}
	if contact && r.ownCombat(st[d], u.ID) == 0 {
		s += 2 // a gap in the line filled
	}
	s -= r.riskWeight * r.risk(u, d, st)
	if r.v.Weather == "winter" && !r.plan.SupplyNet[d] {
		s -= 4 // half the units out of supply are lost (17.8)
	}
	return s
}

// risk is what u adds to the losses the stack in d may suffer from the
// enemy's attack next turn: the chance of a defeat at the odds the
// enemy next to it would get, by the value at stake, higher where the
// stack could not retreat (15.2).
func (r *reader) risk(u kw.UnitView, d hex.Hex, st stack) float64 {
	threat := 0
	for _, n := range r.grid.Neighbours(d) {
		for _, e := range r.byHex[n] {
			if !r.own(e) && !e.Inert {
				if e.Hidden {
					threat += 4
				} else {
					threat += e.Attack
				}
			}
		}
	}
	if threat == 0 {
		return 0
	}
	threat = threat * 3 / 2 // Maximum Attack Supply or an HQ
	var mine []kw.UnitView
	for _, x := range st[d] {
		if r.own(x) && x.ID != u.ID {
			mine = append(mine, x)
		}
	}
	before := r.stackLoss(mine, d, threat)
	after := r.stackLoss(append(mine, u), d, threat)
	trap := 1.0
	if r.trapped(d) {
		trap = 2
	}
	return (after - before) * trap
}

// stackLoss is the expected loss of the units us in d attacked at
// threat: the chance of a defender's defeat on the Standard CRT times
// what it would lose.
func (r *reader) stackLoss(us []kw.UnitView, d hex.Hex, threat int) float64 {
	if len(us) == 0 {
		return 0
	}
	crt := r.plan.CRT["standard"]
	if crt == nil {
		return 0
	}
	col := column(threat, r.stackDef(us, d))
	bad := 0.0
	for die := 0; die < 6; die++ {
		switch crt[die][col] {
		case "DD", "DP", "DZ", "BT", "BB":
			bad++
		}
	}
	value := 0.0
	for _, x := range us {
		if x.Army {
			value += breakValue
		} else {
			value += lossValue(x)
		}
	}
	return bad / 6 * value
}

// stackDef is the defence of us in d, doubled by its terrain (14.11).
func (r *reader) stackDef(us []kw.UnitView, d hex.Hex) int {
	def := 0
	for _, x := range us {
		if r.own(x) {
			def += x.Defense
		}
	}
	if r.plan.Doubled[d] {
		def *= 2
	}
	return def
}

// trapped reports whether a stack in d would have nowhere to retreat:
// every hex around it holds the enemy or lies in its ZOC (15.2).
func (r *reader) trapped(d hex.Hex) bool {
	for _, n := range r.grid.Neighbours(d) {
		if r.passable(n) && !r.enemy[n] && !r.hidden(n) && !r.plan.EZOC[n] {
			return false
		}
	}
	return true
}

func (r *reader) ownCombat(us []kw.UnitView, except string) int {
	n := 0
	for _, x := range us {
		if r.own(x) && combat(x) && x.ID != except {
			n++
		}
	}
	return n
}

func (r *reader) ownFortress(h hex.Hex) bool {
	for _, x := range r.byHex[h] {
		if r.own(x) && x.Type == "fortress" {
			return true
		}
	}
	return false
}

// rearScore is how good d is for an HQ or supply unit: out of the enemy's
// reach, with as many fighting units in contact as it can serve within its
// radius (19.1, 17.9), and in Winter the units it keeps in General
// Supply (17.8).
func (r *reader) rearScore(u kw.UnitView, d hex.Hex, st stack) float64 {
	if r.front(d) < 2 || r.plan.EZOC[d] {
		return -100
	}
	if r.strike[d] {
		return -50 + -float64(len(r.grid.Neighbours(d))) // out of the enemy's reach if it can
	}
	s := -0.3 * float64(r.front(d))
	if u.Type == "supply" {
		s += 2 * float64(r.supplyCovers(u, d, st))
		if r.v.Weather == "winter" {
			s += 0.5 * float64(r.coverCount(d, u.Radius, st, false))
		}
		return s
	}
	return s + 2*float64(r.coverCount(d, u.Radius, st, true)) + 0.3*float64(r.coverCount(d, u.Radius, st, false))
}

// supplyCovers counts the fighting units in contact that supply unit u in
// d would reach with its offensive radius: 1 in Winter, and in Thaw in
// Russia (22.1(1), 22.2).
func (r *reader) supplyCovers(u kw.UnitView, d hex.Hex, st stack) int {
	rad := u.Radius
	if r.v.Weather == "winter" || r.v.Weather == "thaw" && r.v.Country[d] == "RU" {
		rad = min(rad, 1)
	}
	return r.coverCount(d, rad, st, true)
}

// coverCount counts the side's fighting units planned within rad hexes
// of d, only those next to an enemy unit if contact.
func (r *reader) coverCount(d hex.Hex, rad int, st stack, contact bool) int {
	n := 0
	for h := range st { // a count: the order does not matter
		if r.grid.Distance(d, h) > rad || contact && r.front(h) > 1 {
			continue
		}
		n += r.ownCombat(st[h], "")
	}
	return n
}

// block is what a fighting unit in d would deny the enemy next turn: the
// hexes of its ZOC and d itself that the enemy could otherwise enter,
// where its move would end (13.4); an objective of the side's counts
// most (5.3).
func (r *reader) block(d hex.Hex, enter map[hex.Hex]bool) float64 {
	s := 0.0
	ns := r.grid.Neighbours(d)
	for _, n := range append(ns[:], d) {
		switch {
		case !enter[n]:
		case r.objective(n) && r.v.Control[n] == r.v.For:
			s += 8
		case r.v.Control[n] == r.v.For:
			s += 1.5
		default:
			s += 0.5
		}
	}
	return s
}

// posture is the side's attack on the map over the enemy's defence as it
// sees them (a face-down counter reckoned 3): above 1 it may press on.
func (r *reader) posture() float64 {
	att, def := 0, 0
	for _, u := range r.v.Units {
		if u.Loc != "map" || u.Inert {
			continue
		}
		switch {
		case r.own(u) && combat(u):
			att += u.Attack
		case !r.own(u) && u.Hidden:
			def += 3
		case !r.own(u) && u.Type != "hq" && u.Type != "supply":
			def += u.Defense
		}
	}
	if def == 0 {
		return 9
	}
	return float64(att) / float64(def)
}
