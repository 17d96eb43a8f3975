package robot

import (
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// What an attack is worth in Victory Points (T 21.2, T 21.13), the
// robot's side's point of view, averaged over the six die rolls at the
// column it would be made on (std 8.8). The game is won on net VP, not on
// odds: every step the robot loses scores for the enemy, every enemy step
// lost scores for the robot, and a result the defender may take as a
// retreat (std 8.9) costs him nothing. So an attack pays when the die is
// likely to cost the enemy more than the robot, counting each side's step
// at its own value, or when the hex it empties is worth holding.

// MinGain is the least expected gain, in VP, at which the robot attacks:
// any gain at all. Measured on 50 paired winter games against the
// baseline, the German robot's mean final VP was -55 at 0 and at +1, -42
// at -1 (attacks expected to lose cost more than they win).
const MinGain = 0.0

// townTurns is how many game-turns of a town's VP (T 21.13) the robot
// counts for taking its hex: the enemy may well take it back. Other
// ground counts for nothing: 1 VP for any hex emptied made the German
// robot's mean final VP worse by 1 to 6 in all three scenarios.
const townTurns = 2

// crt is the table a fight is read on (gwite.Chart).
type crt interface {
	Result(die, col int) (att, def gwite.Result)
}

// fight is what the worth of one attack depends on.
type fight struct {
	col      int // final CRT column, 1-8, after HQ shifts (std 10.21)
	mod      int // die modifier: +2 with every attacker across a major river
	att, def int // steps of the attacking and of the defending force (std 8.9)
	// defPlus: a Russian (TCR 3-4) defender outside every HQ radius adds
	// 1 to the defender's result, a 3 becoming E (std 10.43, AMB-08).
	defPlus bool
	// retreat is how many hexes the defending stack can retreat: 0, 1
	// or 2 (std 8.61-8.64).
	retreat int
	// own and enemy are the VP to the robot's side of one step it loses
	// and of one step the enemy loses (T 21.2); won what it gains when
	// the defending hex is emptied.
	own, enemy, won float64
}

// value is the expected VP of the fight to the attacker, over the six
// rolls of the die.
func (f fight) value(t crt) float64 {
	sum := 0.0
	for die := 1; die <= 6; die++ {
		a, d := t.Result(die+f.mod, f.col)
		if f.defPlus && d >= 1 && d <= 3 {
			d++
		}
		lost, emptied := f.defenderLoss(d)
		v := float64(lost)*f.enemy + float64(f.attackerLoss(a))*f.own
		if emptied {
			v += f.won
		}
		sum += v
	}
	return sum / 6
}

// affected is S, the steps of the smaller force (std 8.9).
func (f fight) affected() int { return min(f.att, f.def) }

// defenderLoss is what the defender's best option costs him in steps on
// result r (std 8.9, the Option Table), and whether his hex is emptied:
// the retreat options cost nothing when a retreat is open, so that a
// defender with room gives up ground, not steps; one without it loses
// half or all of the affected steps.
func (f fight) defenderLoss(r gwite.Result) (lost int, emptied bool) {
	s := f.affected()
	half := (s + 1) / 2
	switch {
	case r == 0:
		return 0, false
	case r == 1 && f.retreat >= 1, r == 2 && f.retreat >= 2:
		return 0, true // retreat (1 or 2 hexes)
	case r == 1:
		return half, half >= f.def
	case r == 2 && f.retreat == 1, r == 3 && f.retreat >= 2:
		return half, true // lose half, the survivors retreat
	}
	return s, s >= f.def // eliminated: E, or no retreat left
}

// attackerLoss is the steps the attacker loses on result r (std 8.9): half
// the affected steps on a 1, all of them on a 2, and the whole force on a
// 2 when it was the smaller.
func (f fight) attackerLoss(r gwite.Result) int {
	s := f.affected()
	switch {
	case r == 1:
		return (s + 1) / 2
	case r >= 2 && f.att < f.def:
		return f.att
	case r >= 2:
		return s
	}
	return 0
}

// stepValues are the VP to side of one step it loses and of one enemy
// step lost, from the game's params (T 21.2: VP are net, from the
// Russian point of view).
func stepValues(v *gwite.View) (own, enemy float64) {
	sign := 1.0
	ownP, enemyP := "vp-russian-step", "vp-german-step"
	if v.For == gwite.DE {
		sign = -1
		ownP, enemyP = enemyP, ownP
	}
	o, _ := v.Param(ownP)
	e, _ := v.Param(enemyP)
	return sign * float64(o), sign * float64(e)
}

// retreatRoom is how far the enemy stack in h could retreat now: 2 when
// some path of two hexes is open, 1 when only one hex is (std 8.61, 8.63:
// the path may not come back to h), else 0.
func (c *combatPlan) retreatRoom(h hex.Hex) int {
	zoc := false // std 8.64: TCR 2-4 may not retreat into an enemy ZOC
	for _, u := range c.b.byHex[h] {
		if u.Side != c.v.For && u.TCR >= 2 {
			zoc = true
		}
	}
	room := 0
	for _, n := range c.b.grid.Neighbours(h) {
		if !c.retreatOpen(h, n, zoc) {
			continue
		}
		room = 1
		for _, m := range c.b.grid.Neighbours(n) {
			if m != h && c.retreatOpen(n, m, zoc) {
				return 2
			}
		}
	}
	return room
}

// retreatOpen reports whether an enemy stack may retreat from one hex
// into its neighbour to (std 8.61, 8.64): on the map, not lake or sea,
// not across a blocked or lake hexside, no unit of the robot's there but
// HQs (which would displace, std 10.52) and none of its standing
// fortresses, and, when zoc, out of the robot's ZOC unless a unit or a
// fortress of the enemy's stands there.
func (c *combatPlan) retreatOpen(from, to hex.Hex, zoc bool) bool {
	if !c.b.passable(from, to) {
		return false
	}
	friend := c.b.markers[to] // the enemy's own Gruppe markers
	for _, u := range c.b.byHex[to] {
		switch {
		case u.Side != c.v.For:
			friend = true
		case u.Type != scenario.HQ:
			return false
		}
	}
	for _, f := range c.v.Forts {
		if f.Hex == to && f.StepsLeft > 0 {
			if f.Owner == c.v.For {
				return false
			}
			friend = true
		}
	}
	return !zoc || friend || !c.sand.InEZOC(to, gwite.Enemy(c.v.For))
}

// defenderPlus reports whether std 10.43 adds 1 to the defender's result
// in h: a unit of TCR 3-4 there lies outside the radius of every enemy
// HQ the view shows (an HQ it does not show cannot be counted).
func (c *combatPlan) defenderPlus(h hex.Hex) bool {
	if c.enemyRadius == nil {
		c.enemyRadius = map[hex.Hex]bool{}
		for _, u := range c.v.Units {
			if u.Side != c.v.For && u.Type == scenario.HQ && u.Loc == gwite.OnMap {
				for x := range c.sand.RadiusHexes(u.ID) {
					c.enemyRadius[x] = true
				}
			}
		}
	}
	if c.enemyRadius[h] {
		return false
	}
	for _, u := range c.b.byHex[h] {
		if u.Side != c.v.For && u.TCR >= 3 && isCombat(u) {
			return true
		}
	}
	return false
}

// defenderSteps is the steps of the enemy force in h (std 8.9, AMB-09):
// its units but HQs, and a standing fortress's steps.
func (c *combatPlan) defenderSteps(h hex.Hex) int {
	n := 0
	for _, u := range c.b.byHex[h] {
		if u.Side != c.v.For && u.Type != scenario.HQ {
			n += u.Steps
		}
	}
	for _, f := range c.v.Forts {
		if f.Hex == h && f.Owner != c.v.For {
			n += f.StepsLeft
		}
	}
	return n
}

// wonValue is what emptying the enemy hex h gives the robot's side: its
// town's VP for a few game-turns (T 21.13: a town scores for the Russian
// every game-turn he holds it). A hex with a standing enemy fortress gives
// nothing: no advance enters it (std 8.71).
func (c *combatPlan) wonValue(h hex.Hex) float64 {
	for _, f := range c.v.Forts {
		if f.Hex == h && f.Owner != c.v.For && f.StepsLeft > 0 {
			return 0
		}
	}
	if t := c.v.Map.Towns[h]; t != nil && t.VP > 0 {
		left := c.v.LastTurn() - c.v.Turn + 1
		return float64(t.VP * max(0, min(townTurns, left)))
	}
	return 0
}
