// Package robot is a computer player for Kaiser's War in the East. It sees
// only its own side's View, never the game state, and writes its orders as
// order-language text, as a person would mail them. It plays as a club
// player would: a line on the front with supply and HQs behind it, VP
// spent above a reserve, corps combined into armies, attacks at good odds
// with an HQ, Maximum Attack Supply and concentric doubling, and the
// objectives taken and held. Each window has its file: deploy.go,
// mobilize.go, reorganize.go, move.go, combat.go. Every choice is made in
// a fixed order (sorted ids and hexes), so the same view gives the same
// orders.
package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
	"pbem/engine/scenario"
)

// Play is the robot's orders for the window open in v, a view of a kw
// game: the registry's entry point.
func Play(v engine.View) (string, error) {
	kv, ok := v.(*kw.View)
	if !ok {
		return "", fmt.Errorf("the kw robot cannot play a view of type %T", v)
	}
	return Orders(kv), nil
}

// Orders writes the robot's orders for the window open in v.
func Orders(v *kw.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# robot orders for %s, %s\n", v.Win.ID, v.For)
	r := newReader(v)
	switch v.Win.Kind {
	case "SETUP":
		r.deploy(&b)
		r.hide(&b)
	case "MOB":
		r.mobilize(&b)
	case "REORG":
		r.reorganize(&b)
		r.hide(&b)
	case "MOVE":
		r.standing(&b)
		r.move(&b)
	case "COMBAT":
		r.attack(&b)
	}
	return b.String()
}

// reader is what the robot makes of its view.
type reader struct {
	v      *kw.View
	plan   *kw.Plan
	grid   hex.Grid
	m      *scenario.Map
	units  map[string]kw.UnitView
	byHex  map[hex.Hex][]kw.UnitView
	enemy  map[hex.Hex]bool // hexes with enemy units that fight (not neutral)
	goal   map[hex.Hex]int  // steps to the nearest goal: the enemy's line or an objective to take
	objs   []hex.Hex        // Strategic Objectives (2.1)
	fronts map[hex.Hex]int  // front, remembered
	// enter and strike are the hexes the enemy could enter and attack
	// next turn (enemyReach), as the side's units stand or are planned.
	enter, strike map[hex.Hex]bool
	// goalWeight is how hard the fighting units close in on the goals:
	// less when the side is outmatched (posture).
	// riskWeight is how much the expected losses of a stack weigh against
	// its place in the line: more when outmatched.
	goalWeight, riskWeight float64
}

func newReader(v *kw.View) *reader {
	m := v.Board().Map
	r := &reader{v: v, plan: v.Plan, grid: m.Grid, m: m, units: map[string]kw.UnitView{},
		byHex: map[hex.Hex][]kw.UnitView{}, enemy: map[hex.Hex]bool{}, fronts: map[hex.Hex]int{}}
	if r.plan == nil {
		r.plan = &kw.Plan{}
	}
	for _, u := range v.Units {
		if u.ID != "" {
			r.units[u.ID] = u
		}
		if u.Loc != "map" {
			continue
		}
		r.byHex[u.Hex] = append(r.byHex[u.Hex], u)
		if u.Side != v.For && !u.Inert {
			r.enemy[u.Hex] = true
		}
	}
	for _, t := range m.SortedTowns() {
		if t.Attrs.Flag("objective") {
			r.objs = append(r.objs, t.Hex)
		}
	}
	r.goal = r.goalField()
	st := stack{}
	for _, u := range v.Units {
		if u.Loc == "map" {
			st[u.Hex] = append(st[u.Hex], u)
		}
	}
	r.enter, r.strike = r.enemyReach(st)
	return r
}

// hide turns every unit it may face-down under [Opt: Fog of War]: the
// enemy then sees flags, not strengths.
func (r *reader) hide(b *strings.Builder) {
	if len(r.plan.Hideable) > 0 {
		fmt.Fprintf(b, "hide %s\n", strings.Join(r.plan.Hideable, " "))
	}
}

func (r *reader) own(u kw.UnitView) bool { return u.Side == r.v.For }

// ownOnMap lists the side's units on the map in id order.
func (r *reader) ownOnMap() []kw.UnitView {
	var out []kw.UnitView
	for _, u := range r.v.Units {
		if r.own(u) && u.Loc == "map" {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// passable reports whether the side's units may stand in h: land of a
// belligerent country (7.1, 23.0).
func (r *reader) passable(h hex.Hex) bool {
	if !r.grid.Contains(h) || r.m.Impassable(h) {
		return false
	}
	_, ok := r.v.Control[h]
	return ok && r.v.Country[h] != ""
}

// objective reports whether h is a Strategic Objective.
func (r *reader) objective(h hex.Hex) bool {
	for _, o := range r.objs {
		if o == h {
			return true
		}
	}
	return false
}

// goalField is, for every hex the side may stand in, how many steps it is
// from a goal: a hex next to an enemy unit, or an objective the enemy
// controls that no enemy unit holds; walked through hexes free of enemy
// units.
func (r *reader) goalField() map[hex.Hex]int {
	dist := map[hex.Hex]int{}
	var queue []hex.Hex
	add := func(h hex.Hex) {
		if _, ok := dist[h]; !ok && r.passable(h) && !r.enemy[h] && !r.hidden(h) {
			dist[h] = 0
			queue = append(queue, h)
		}
	}
	for _, h := range sortedHexes(r.enemy) {
		for _, n := range r.grid.Neighbours(h) {
			add(n)
		}
	}
	for _, h := range r.objs {
		if c, ok := r.v.Control[h]; ok && c != r.v.For {
			add(h)
		}
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range r.grid.Neighbours(h) {
			if _, ok := dist[n]; ok || !r.passable(n) || r.enemy[n] || r.hidden(n) {
				continue
			}
			dist[n] = dist[h] + 1
			queue = append(queue, n)
		}
	}
	return dist
}

// hidden reports whether h holds an enemy counter the side sees face-down
// or an inert neutral unit: a hex it may not enter either way.
func (r *reader) hidden(h hex.Hex) bool {
	for _, u := range r.byHex[h] {
		if !r.own(u) {
			return true
		}
	}
	return false
}

// dist is the goal distance of h, large when no goal is reachable.
func (r *reader) dist(h hex.Hex) int {
	if d, ok := r.goal[h]; ok {
		return d
	}
	return 99
}

// front is how far h is from the nearest enemy unit, or from the nearest
// hex the enemy controls when no enemy unit is in sight.
func (r *reader) front(h hex.Hex) int {
	if f, ok := r.fronts[h]; ok {
		return f
	}
	f := r.frontOf(h)
	r.fronts[h] = f
	return f
}

func (r *reader) frontOf(h hex.Hex) int {
	best := 1 << 30
	for _, e := range sortedHexes(r.enemy) {
		best = min(best, r.grid.Distance(h, e))
	}
	if best < 1<<30 {
		return best
	}
	for _, c := range sortedHexes(r.v.Control) {
		if r.v.Control[c] != r.v.For {
			best = min(best, r.grid.Distance(h, c))
		}
	}
	return best
}

// combat reports whether u is a unit that fights: it may attack (14.4).
func combat(u kw.UnitView) bool {
	switch u.Type {
	case "hq", "supply", "fortress", "airbase":
		return false
	}
	return u.Attack > 0 && !u.Inert
}

// slot is the stacking slot a unit takes (12.1).
func slot(u kw.UnitView) string {
	switch {
	case u.Type == "supply", u.Type == "fortress", u.Type == "airbase":
		return u.Type
	case u.Type == "armtrain", u.Type == "tank": // a shock corps is counted a corps, the safe reading of 12.1
		return "special"
	case u.Type == "hq" || u.Army:
		return "army"
	}
	return "corps"
}

// stack is what the robot plans to have in each hex: who is there now
// and stays, and who it sends.
type stack map[hex.Hex][]kw.UnitView

// fits reports whether u may stand in h with the units planned there
// (12.1): one army or HQ, or three corps; one supply unit, fortress, and
// armoured train or shock corps.
func (s stack) fits(u kw.UnitView, h hex.Hex) bool {
	count := map[string]int{}
	for _, x := range s[h] {
		if x.Side != u.Side {
			return false
		}
		if x.ID != u.ID {
			count[slot(x)]++
		}
	}
	count[slot(u)]++
	switch {
	case count["army"] > 1, count["army"] == 1 && count["corps"] > 0, count["corps"] > 3:
		return false
	case count["supply"] > 1, count["fortress"] > 1, count["special"] > 1, count["airbase"] > 1:
		return false
	}
	return true
}

func (s stack) remove(u kw.UnitView, h hex.Hex) {
	for i, x := range s[h] {
		if x.ID == u.ID {
			s[h] = append(s[h][:i:i], s[h][i+1:]...)
			return
		}
	}
}

// lossValue is what losing u costs its side in VP and in VP to replace it
// (5.1, Mobilization Chart): a corps 4 to buy and 2 lost, an army its
// three corps, a supply unit and the rest their price; an HQ is never
// rebuilt.
func lossValue(u kw.UnitView) float64 {
	switch {
	case u.Hidden:
		return 6
	case u.Type == "hq":
		return 20
	case u.Army:
		return 18
	case u.Type == "supply", u.Type == "armtrain", u.Type == "airbase":
		return 10
	case u.Type == "fortress":
		return float64(4 * u.Defense)
	case u.Type == "shock":
		return 10
	case u.Type == "cav":
		return 7
	}
	return 6
}

// breakValue is what an army's forced breakdown costs: the supply unit
// and the turn to combine it again (10.2).
const breakValue = 6

func sortedHexes[V any](m map[hex.Hex]V) []hex.Hex {
	out := make([]hex.Hex, 0, len(m))
	for h := range m {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

func sortedIDs[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// hexList writes hexes as order words.
func hexList(hs []hex.Hex) string {
	words := make([]string, len(hs))
	for i, h := range hs {
		words[i] = h.String()
	}
	return strings.Join(words, " ")
}
