// Package robot is a computer player for the gwite rules system. It sees
// only its own side's View, never the game state, and writes its orders as
// order-language text, exactly as a person would mail them.
//
// It plays the game's own sequence (std 4.0), one file per part of it:
// the set-up and the standing orders (setup.go), command control and the
// HQs (command.go), supply and the depots (supply.go), movement
// (move.go), combat (combat.go) and the German's hidden movement
// (hidden.go). What it knows of the ground (paths, lakes, hexsides,
// towns, rails) it reads from the View's map and asks of the rules through
// a sandbox drawn from the View (gwite.View.Sandbox), so that it plays on
// whatever map the game data gives.
package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Play is the robot's orders for the window open in v, a view of a gwite
// game: the registry's entry point.
func Play(v engine.View) (string, error) {
	gv, ok := v.(*gwite.View)
	if !ok {
		return "", fmt.Errorf("the gwite robot cannot play a view of type %T", v)
	}
	return Orders(gv), nil
}

// Orders writes the robot's orders for the window open in v.
func Orders(v *gwite.View) string { return orders(v, keyBonus) }

// orders is Orders with key ground worth keyValue (ground.go).
func orders(v *gwite.View, keyValue int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# robot orders for %s, %s\n", v.Win.ID, v.For)
	switch v.Win.Kind {
	case "SETUP":
		setupOrders(v, &b)
	case "MOVE":
		moveOrders(v, &b, keyValue)
	case "COMBAT":
		combatOrders(v, &b)
	}
	return b.String()
}

// board is what the robot reads off the View once per window.
type board struct {
	v     *gwite.View
	grid  hex.Grid
	byHex map[hex.Hex][]gwite.UnitView
	// markers are the hexes of the enemy Gruppe markers the view shows
	// (T 18): enemy presence whose strength is unknown.
	markers map[hex.Hex]bool
	limit   int // stacking limit in SP (std 6.11)
	enemies []hex.Hex
	// outmatched: the enemy's attack on the map exceeds the side's
	// defense (postureOutmatched).
	outmatched bool
}

func newBoard(v *gwite.View) *board {
	b := &board{v: v, grid: v.Map.Grid, byHex: map[hex.Hex][]gwite.UnitView{}, markers: map[hex.Hex]bool{}, limit: 9}
	if n, ok := v.Param("stacking-limit"); ok {
		b.limit = n
	}
	for _, u := range v.Units {
		if u.Loc == gwite.OnMap {
			b.byHex[u.Hex] = append(b.byHex[u.Hex], u)
		}
	}
	for _, m := range v.Markers {
		b.markers[m.Hex] = true
	}
	b.enemies = b.enemyHexes()
	b.outmatched = b.postureOutmatched()
	return b
}

// postureOutmatched reports whether the enemy's attack strength on the
// map, as the view shows it, exceeds the side's own defense: a side so
// placed must be able to pull its units out of contact.
func (b *board) postureOutmatched() bool {
	own, enemy := 0, markerGuess*len(b.markers)
	for _, u := range b.v.Units {
		if u.Loc == gwite.OnMap && isCombat(u) && u.Side == b.v.For {
			own += u.Strength.Defense
		}
	}
	for _, e := range b.enemies {
		att, _ := b.enemyStrength(e)
		enemy += att
	}
	return enemy > own
}

// markerGuess is the attack strength guessed for an enemy Gruppe marker,
// whose stack is unseen (T 18: it may hold up to a full stack, or nothing).
const markerGuess = 4

func (b *board) enemyAt(h hex.Hex) bool {
	if b.markers[h] {
		return true
	}
	for _, u := range b.byHex[h] {
		if u.Side != b.v.For {
			return true
		}
	}
	return false
}

func (b *board) enemyCombatAt(h hex.Hex) bool {
	for _, u := range b.byHex[h] {
		if u.Side != b.v.For && u.Type != scenario.HQ {
			return true
		}
	}
	return false
}

func (b *board) adjacentToEnemy(h hex.Hex) bool {
	for _, n := range b.grid.Neighbours(h) {
		if b.enemyCombatAt(n) || b.markers[n] {
			return true
		}
	}
	return false
}

// enemyHexes lists the hexes holding enemy combat units, in hex order.
func (b *board) enemyHexes() []hex.Hex {
	var out []hex.Hex
	for _, h := range hex.SortedKeys(b.byHex) {
		if b.enemyCombatAt(h) {
			out = append(out, h)
		}
	}
	return out
}

// enemyStrength is what the enemy units in h add up to in attack and
// defense, cavalry counted at a quarter in attack (std 12.21).
func (b *board) enemyStrength(h hex.Hex) (att, def int) {
	for _, u := range b.byHex[h] {
		if u.Side == b.v.For || u.Type == scenario.HQ {
			continue
		}
		att += attackOf(u)
		def += u.Strength.Defense
	}
	return att, def
}

// attackOf is u's attack strength, cavalry counted at a quarter (std
// 12.21).
func attackOf(u gwite.UnitView) int {
	if u.Type == scenario.Cavalry {
		return u.Strength.Attack / 4
	}
	return u.Strength.Attack
}

// threat is the enemy attack strength that could fall on h next turn:
// every visible enemy unit within its reach, and a guess for each marker
// (T 18: a Gruppe may hold up to a full stack).
func (b *board) threat(h hex.Hex) int {
	t := 0
	for _, e := range b.enemies {
		d := b.grid.Distance(h, e)
		if d == 0 {
			continue
		}
		for _, u := range b.byHex[e] {
			if u.Side != b.v.For && u.Type != scenario.HQ && d <= reach(u) {
				t += attackOf(u)
			}
		}
	}
	for _, m := range hex.SortedKeys(b.markers) {
		if d := b.grid.Distance(h, m); d <= 2 && d > 0 {
			t += markerGuess
		}
	}
	return t
}

// reach is how far, in hexes, unit u can strike next turn: its march
// over mixed ground, half its Movement Allowance rounded up, and one hex
// more to attack (std 5.4, 7.0). A German infantry division (MA 5)
// reaches 4 hexes, a Russian one (MA 4) 3.
func reach(u gwite.UnitView) int {
	return (u.Strength.MA+1)/2 + 1
}

// groundAt is how the ground at h multiplies its defenders (TEC: City,
// Trench), and what a standing fortress there adds (std 11.11): the
// side's own when own is set, the enemy's otherwise.
func (b *board) groundAt(h hex.Hex, own bool) (mult, fort int) {
	mult = 1
	if t := b.v.Map.Towns[h]; t != nil && t.City {
		mult *= 2
	}
	if _, ok := b.v.Map.Trenches[h]; ok {
		mult *= 2
	}
	for _, f := range b.v.Forts {
		if f.Hex == h && (f.Owner == b.v.For) == own && f.StepsLeft > 0 {
			fort = f.Defense
		}
	}
	return mult, fort
}

// passable reports whether a unit may step from a to its neighbour b: both
// on the map, b not lake or sea, the hexside between them crossable.
func (b *board) passable(from, to hex.Hex) bool {
	m := b.v.Map
	if !b.grid.Contains(to) || m.Impassable(to) {
		return false
	}
	if s, ok := b.grid.SideBetween(from, to); ok && !m.Crossable(s) {
		return false
	}
	return true
}

// field is a distance map over the land of the map from a set of goals,
// each with a head start (a cost added at the goal): lakes, sea and blocked
// or lake hexsides are walked around, so that the robot reads the ground
// as the map draws it.
func (b *board) field(goals map[hex.Hex]int) map[hex.Hex]int {
	dist := map[hex.Hex]int{}
	type item struct {
		h hex.Hex
		d int
	}
	var queue []item
	for _, h := range hex.SortedKeys(goals) {
		queue = append(queue, item{h, goals[h]})
	}
	sort.SliceStable(queue, func(i, j int) bool { return queue[i].d < queue[j].d })
	// A bucketed breadth-first search: every step costs 1.
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if d, ok := dist[it.h]; ok && d <= it.d {
			continue
		}
		dist[it.h] = it.d
		for _, n := range b.grid.Neighbours(it.h) {
			if !b.passable(it.h, n) {
				continue
			}
			if d, ok := dist[n]; ok && d <= it.d+1 {
				continue
			}
			// keep the queue sorted by distance: insert in place
			i := sort.Search(len(queue), func(i int) bool { return queue[i].d > it.d+1 })
			queue = append(queue, item{})
			copy(queue[i+1:], queue[i:])
			queue[i] = item{n, it.d + 1}
		}
	}
	return dist
}

func ownUnits(v *gwite.View) []gwite.UnitView {
	var out []gwite.UnitView
	for _, u := range v.Units {
		if u.Side == v.For && u.Loc == gwite.OnMap {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// isCombat reports whether u is a combat unit that holds ground: not an HQ
// nor a depot.
func isCombat(u gwite.UnitView) bool {
	return u.Type != scenario.HQ && u.Type != scenario.Depot
}

// Side is the side a window waits for, if it waits for exactly one.
func Side(w engine.Window) (engine.Side, bool) {
	if len(w.Submit) != 1 {
		return "", false
	}
	return w.Submit[0], true
}
