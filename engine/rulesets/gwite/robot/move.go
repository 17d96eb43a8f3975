package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Movement (std 5.0). Every combat unit weighs the hexes it can reach by
// the goals of its side, measured as paths over the map's land (board.
// field): the VP towns (T 21.11-21.13) and the enemy it can attack. It
// never ends a move out of supply when a supplied hex is in reach (std
// 9.12, attrition 9.22), holds the towns and fortresses it stands on,
// stacks with friends, and shuns hexes where the enemy could strike at 2-1
// or better. Far from its goals, on a rail line, it takes the train.

// plan is one Movement Phase's orders as they are worked out: where each
// own unit is going, in a sandbox that follows the plan.
type plan struct {
	v     *gwite.View
	b     *board
	sand  *gwite.Game
	w     *strings.Builder
	dest  map[string]hex.Hex
	ownSP map[hex.Hex]int // own SP planned to end in each hex
	ownDF map[hex.Hex]int // own defense planned to end in each hex
	cc    map[string]bool // units the robot put in command
	goal  map[hex.Hex]int // the current distance field to the goals
	rail  int             // rail capacity used so far (std 5.31)
	// leaving is the SP planned to leave each hex whose move hangs on a
	// command roll (std 10.41).
	leaving map[hex.Hex]int
	lines   map[supplyKey]supplyLine
	done    map[string]bool // units moved with their Gruppe (T 18.31)
	// key is the side's rail junctions and lake passages (ground.go),
	// each worth keyValue to the unit that holds it.
	key      map[hex.Hex]bool
	keyValue int
	// invasionRow is the last row of the T 21.2 invasion zone the
	// Russian keeps a foothold in this turn (footholdRow); 0: none.
	invasionRow int
}

func newPlan(v *gwite.View, w *strings.Builder, keyValue int) *plan {
	p := &plan{v: v, b: newBoard(v), sand: v.Sandbox(), w: w, dest: map[string]hex.Hex{},
		ownSP: map[hex.Hex]int{}, ownDF: map[hex.Hex]int{}, cc: map[string]bool{},
		leaving: map[hex.Hex]int{}, lines: map[supplyKey]supplyLine{}, done: map[string]bool{}, keyValue: keyValue}
	p.key = keyGround(v, p.sand)
	p.invasionRow = footholdRow(v)
	for _, u := range ownUnits(v) {
		p.dest[u.ID] = u.Hex
		p.ownSP[u.Hex] += u.SP
		p.ownDF[u.Hex] += u.Strength.Defense
	}
	return p
}

func (p *plan) grid() hex.Grid { return p.b.grid }

// put plans u's move to h.
func (p *plan) put(u gwite.UnitView, h hex.Hex) {
	from := p.dest[u.ID]
	p.ownSP[from] -= u.SP
	p.ownDF[from] -= u.Strength.Defense
	p.ownSP[h] += u.SP
	p.ownDF[h] += u.Strength.Defense
	p.dest[u.ID] = h
	if !isCombat(u) {
		// Depots change the supply net and HQs their radii; a combat
		// unit's move changes neither what later units can reach nor
		// where their supply runs, so the sandbox is left as it is.
		p.sand.Place(u.ID, h, false)
		p.lines = map[supplyKey]supplyLine{}
	}
	if !p.cc[u.ID] && from != h {
		p.leaving[from] += u.SP
	}
}

type supplyKey struct {
	h   hex.Hex
	tcr int
}

type supplyLine struct {
	n  int
	ok bool
}

// supplyLine is the sandbox's supply line from h (std 9.12), remembered
// until a depot moves.
func (p *plan) supplyLine(h hex.Hex, tcr int) (int, bool) {
	k := supplyKey{h, tcr}
	if l, ok := p.lines[k]; ok {
		return l.n, l.ok
	}
	n, ok := p.sand.SupplyLine(h, p.v.For, tcr)
	p.lines[k] = supplyLine{n, ok}
	return n, ok
}

// room reports whether u fits in h's stack at the end of the phase even
// if the units planned to leave it without a certain command stay put
// (std 6.14: the excess would be eliminated).
func (p *plan) room(u gwite.UnitView, h hex.Hex) bool {
	return h == p.dest[u.ID] || p.ownSP[h]+p.leaving[h]+u.SP <= p.b.limit
}

func moveOrders(v *gwite.View, w *strings.Builder, keyValue int) {
	p := newPlan(v, w, keyValue)
	p.cc = allocate(v, p.sand, p.commandWanted(), w)
	var hid *hider
	if v.For == gwite.DE {
		p.goal = p.b.field(p.goals())
		hid = newHider(v, p.b, w)
		hid.moveGruppen(p)
		hid.leaveAll()
	}
	if n, ok := v.Param("first-turn-command." + string(v.For)); ok && n == v.Turn {
		for _, u := range ownUnits(v) {
			p.cc[u.ID] = true // T 17.2: all in command this player-turn
		}
	}
	p.goal = p.b.field(p.goals())
	p.enterWestFront()
	p.moveDepots()
	p.moveUnits()
	p.moveHQs()
	if hid != nil {
		hid.hide(p.dest, func(id string) bool { return !p.done[id] && (p.cc[id] || p.dest[id] == p.at(id)) })
		hid.dummies(p.dest)
	}
}

// at is where own unit id stands now.
func (p *plan) at(id string) hex.Hex {
	for _, u := range p.v.Units {
		if u.ID == id {
			return u.Hex
		}
	}
	return hex.Hex{}
}

// commandWanted lists the own units in the order they need command in
// the Movement Phase: entrained units (to detrain, std 5.35), depots (the
// army's supply follows it), then those away from the enemy, which are
// free to march, the biggest first; but an outmatched side first commands
// the units in contact, which must be free to pull back (std 10.41).
func (p *plan) commandWanted() []gwite.UnitView {
	us := ownUnits(p.v)
	rank := func(u gwite.UnitView) int {
		switch {
		case u.Entrained:
			return 0
		case u.Type == scenario.Depot:
			return 1
		case p.b.adjacentToEnemy(u.Hex) == p.b.outmatched:
			return 2
		}
		return 3
	}
	sort.SliceStable(us, func(i, j int) bool {
		if ri, rj := rank(us[i]), rank(us[j]); ri != rj {
			return ri < rj
		}
		return us[i].SP > us[j].SP
	})
	return us
}

// goals are the hexes the side's units make for, each with a head start:
// the smaller, the more it is worth.
func (p *plan) goals() map[hex.Hex]int {
	g := map[hex.Hex]int{}
	add := func(h hex.Hex, d int) {
		if old, ok := g[h]; !ok || d < old {
			g[h] = d
		}
	}
	m := p.v.Map
	claimed := func(h hex.Hex) bool { return p.ownSP[h] > 0 }
	for _, t := range m.SortedTowns() {
		if t.VP == 0 || m.Country(t.Hex) != gwite.DE || p.b.enemyAt(t.Hex) || claimed(t.Hex) {
			continue
		}
		if p.v.For == gwite.RU {
			add(t.Hex, 6-min(t.VP, 5)) // T 21.13: every turn of control scores
		} else if p.enemyWithin(t.Hex, 3) {
			add(t.Hex, 3-min(t.VP, 3)) // retake what the Russian holds
		}
	}
	for _, e := range p.b.enemies {
		_, def := p.b.enemyStrength(e)
		mult, _ := p.b.groundAt(e, false)
		head := 2
		if def*mult > 8 {
			head = 6
		}
		if p.v.For == gwite.RU {
			head += 2 // the Russian seeks the towns first, the enemy second
		}
		for _, n := range p.grid().Neighbours(e) {
			if p.b.passable(e, n) && !p.b.enemyAt(n) {
				add(n, head)
			}
		}
	}
	return g
}

func (p *plan) enemyWithin(h hex.Hex, d int) bool {
	for _, e := range p.b.enemies {
		if p.grid().Distance(h, e) <= d {
			return true
		}
	}
	return false
}

// moveUnits plans every own combat unit's move, the biggest first, so
// that the corps take the towns and the small units fill in.
func (p *plan) moveUnits() {
	us := ownUnits(p.v)
	sort.SliceStable(us, func(i, j int) bool { return us[i].SP > us[j].SP })
	for _, u := range us {
		if !isCombat(u) || p.done[u.ID] {
			continue
		}
		if u.Entrained {
			p.railOn(u)
			continue
		}
		if p.holds(u) || p.byRail(u) {
			continue
		}
		best := p.bestHex(u)
		if best != u.Hex {
			fmt.Fprintf(p.w, "move %s to %s\n", u.ID, best)
			p.put(u, best)
			if t := p.v.Map.Towns[best]; t != nil && t.VP > 0 {
				p.goal = p.b.field(p.goals()) // the town is taken: aim elsewhere
			}
		}
	}
}

// bestHex is the hex in u's reach that serves the side best.
func (p *plan) bestHex(u gwite.UnitView) hex.Hex {
	reach := p.reach(u)
	rng := p.sand.SupplyRange(u.ID)
	supplied := func(h hex.Hex) (int, bool) {
		n, ok := p.supplyLine(h, u.TCR)
		return n, ok && n <= rng
	}
	anySupplied := false
	for _, h := range hex.SortedKeys(reach) {
		if _, ok := supplied(h); ok {
			anySupplied = true
			break
		}
	}
	best, bestScore := u.Hex, -1<<30
	for _, h := range hex.SortedKeys(reach) {
		if h != u.Hex && (p.b.enemyAt(h) || !p.room(u, h)) {
			continue
		}
		n, ok := supplied(h)
		score := 0
		switch {
		case ok:
		case anySupplied:
			continue // std 9.22: never march out of supply
		default:
			score -= 100 * n // out of supply anyway: head back
		}
		score += p.score(u, h) - reach[h]
		if p.enemyWithin(h, 4) {
			score -= 6 * n // a short supply line is harder to cut (std 9.14)
		}
		if score > bestScore {
			best, bestScore = h, score
		}
	}
	return best
}

// holds reports whether u stays where it is: a Russian unit in a garrison
// city (T 20.0: the city must keep its divisions), or a unit that cannot
// attack standing on an own fortress or a town, the ground it is there to
// hold.
func (p *plan) holds(u gwite.UnitView) bool {
	if _, ok := p.v.Param("garrison-divisions-" + u.Hex.String()); ok && p.v.For == gwite.RU {
		return true
	}
	if u.Strength.Attack > 0 {
		return false
	}
	if t := p.v.Map.Towns[u.Hex]; t != nil {
		return true
	}
	_, fort := p.b.groundAt(u.Hex, true)
	return fort > 0
}

// reach is the hexes u can reach: the sandbox's, cut to half the
// allowance for a unit out of supply (std 9.21), which the sandbox, made
// before the phase's supply determination, does not know.
func (p *plan) reach(u gwite.UnitView) map[hex.Hex]int {
	r := p.sand.Reachable(u.ID)
	if !u.OutOfSupply && p.sand.Supplied(u.ID) {
		return r
	}
	ma := max(1, u.Strength.MA/2)
	for _, h := range hex.SortedKeys(r) {
		if r[h] > ma {
			delete(r, h)
		}
	}
	return r
}

// score is what ending in h is worth to u.
func (p *plan) score(u gwite.UnitView, h hex.Hex) int {
	d, ok := p.goal[h]
	if !ok {
		d = 60
	}
	s := -10 * d
	others := p.ownSP[h]
	if h == p.dest[u.ID] {
		others -= u.SP
	}
	m := p.v.Map
	near := p.enemyWithin(h, 4)
	if t := m.Towns[h]; t != nil && t.VP > 0 && m.Country(h) == gwite.DE && others == 0 {
		if p.v.For == gwite.RU || near {
			s += 20 + 6*t.VP // hold the town (T 21.12)
		}
	}
	if m.Country(h) == gwite.DE && h.Row <= p.invasionRow {
		s += 20 // T 21.2: a Russian game-turn without a supplied unit in Germany costs VP
	}
	mult, fort := p.b.groundAt(h, true)
	if fort > 0 && others == 0 && near {
		s += 25 // a fortress is held, not left (std 11)
	}
	if p.key[h] && others == 0 && near {
		s += p.keyValue // a junction or lake passage of its own country (ground.go)
	}
	if others > 0 {
		s += 3 // stack with friends
	}
	def := p.ownDF[h]
	if h != p.dest[u.ID] {
		def += u.Strength.Defense
	}
	def = def*mult + fort
	if t := p.b.threat(h); t > 0 && def > 0 {
		switch {
		case t >= 3*def:
			s -= 80
		case t >= 2*def:
			s -= 40
		case 2*t >= 3*def:
			s -= 10
		}
	}
	return s
}

// footholdRow is, for the Russian from the game-turn before the T 21.2
// penalty starts, the last row of the invasion zone in Germany he must
// keep a supplied unit in (vp-invasion-max-row); 0 when there is none to
// keep.
func footholdRow(v *gwite.View) int {
	if v.For != gwite.RU {
		return 0
	}
	pen, _ := v.Param("vp-no-invasion")
	first, ok := v.Param("vp-no-invasion-first-turn")
	if pen >= 0 || !ok || v.Turn < first-1 {
		return 0
	}
	if maxRow, ok := v.Param("vp-invasion-max-row"); ok {
		return maxRow
	}
	return v.Map.Grid.Rows
}
