package gwite

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Tannenberg command rules (T 17.0-17.5), reached through the hooks of
// exclusive.go. Each rule acts only where the game's data calls for it, so
// the standard rules and other games are unchanged:
//
//   - T 17.11 (army integrity): the param `hq-separation` (Tannenberg: 12)
//     switches it on for the HQs of the Russian formations "1" and "2";
//     `hq-separation-double-turn` is the first game-turn in which hexes of
//     Germany count double (AMB-26).
//   - T 17.12 (Russian attack integrity): the param
//     `army-attack-integrity.SIDE 1` for the side whose army HQs it binds.
//   - T 17.2 (first-turn command): the param `first-turn-command.SIDE N`:
//     every unit of SIDE is in command in SIDE's player-turn of game-turn N.
//   - T 17.3 (von Hoffman): any HQ of level `staff` stacked with other HQs.
//   - T 17.4 (German corps attack integrity): the param
//     `corps-attack-integrity.SIDE 1`.
//   - T 17.5 (option `opt-17.5`): drops T 17.11 and T 17.12.
const optImprovedCommand = "opt-17.5"

// ---- T 17.11 Russian army integrity ----------------------------------------

// separatedHQs returns the two HQs T 17.11 keeps apart and the least
// distance that must separate them, if the rule is in force now: the game
// sets `hq-separation`, option 17.5 is off, both HQs exist and neither has
// lost a step. A reduced HQ never regains its step (std 13.0 restores only
// infantry divisions) and an eliminated one never returns, so the lapse
// read from the HQs' steps is as permanent as the rule wants.
func (g *Game) separatedHQs() (a, b *Unit, limit int) {
	limit, ok := g.data.Param("hq-separation")
	if !ok || limit <= 0 || g.opt[optImprovedCommand] {
		return nil, nil, 0
	}
	hqOf := func(id string) *Unit {
		f := g.data.Formation(id)
		if f == nil || f.Side != RU || f.HQ == "" {
			return nil
		}
		return g.units[f.HQ]
	}
	a, b = hqOf("1"), hqOf("2")
	if a == nil || b == nil || a == b {
		return nil, nil, 0
	}
	for _, u := range []*Unit{a, b} {
		if u.StepsLost > 0 || u.Loc == Eliminated {
			return nil, nil, 0
		}
	}
	return a, b, limit
}

// hqDistance is the distance between hexes a and b as T 17.11 measures it
// (AMB-26): one more than the least sum, over the lines of hexes from a to
// b, of the weights of the hexes between them, each weighing 2 if it is in
// Germany from game-turn `hq-separation-double-turn` on and 1 otherwise.
// The rule counts hexes, not a route: lakes and sea count like any hex, so
// before the doubling it is the plain hex distance. ok is false if b is
// not reached within limit.
func (g *Game) hqDistance(a, b hex.Hex, limit int) (d int, ok bool) {
	if a == b {
		return 0, true
	}
	double := false
	if turn, set := g.data.Param("hq-separation-double-turn"); set && g.Turn >= turn {
		double = true
	}
	weight := func(h hex.Hex) int {
		if double && g.Map().Country(h) == DE {
			return 2
		}
		return 1
	}
	grid := g.Map().Grid
	best := -1
	// The search's cost is the weight of the hexes entered after a; b is
	// reached from a neighbour m at cost(m) + 1.
	s := engine.Search[hex.Hex]{
		Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
			for _, n := range grid.Neighbours(h) {
				if n == b || !grid.Contains(n) {
					continue
				}
				visit(n, weight(n))
			}
		},
		Less:  hex.Hex.Less,
		Limit: limit - 1,
	}
	r := s.Run(a)
	for _, m := range grid.Neighbours(b) {
		if c, reached := r.Cost(m); reached && grid.Contains(m) && (best < 0 || c+1 < best) {
			best = c + 1
		}
	}
	if best < 0 || best > limit {
		return 0, false
	}
	return best, true
}

// armyIntegrity refuses to move R-1 or S-2 (the HQs of the Russian 1st and
// 2nd Armies) into a hex within the separation of the other (T 17.11,
// AMB-26). If they already stand too close (after a retreat or
// displacement), each hex entered must take the moving HQ farther away
// until they are apart (digest 6 Part B, 17.11 [P]).
func (g *Game) armyIntegrity(u *Unit, from, to hex.Hex) (string, string) {
	a, b, limit := g.separatedHQs()
	if a == nil || (u != a && u != b) {
		return "", ""
	}
	other := a
	if u == a {
		other = b
	}
	if !other.OnMap() {
		return "", ""
	}
	d, near := g.hqDistance(to, other.Hex, limit)
	if !near {
		return "", ""
	}
	now, wasClose := g.hqDistance(from, other.Hex, limit)
	if wasClose && d > now {
		return "", ""
	}
	if wasClose {
		return fmt.Sprintf("%s is within %d hexes of %s (%d) and must move away: %s would be %d from it",
			u.ID, limit, other.ID, now, to, d), "T 17.11"
	}
	return fmt.Sprintf("%s may not come within %d hexes of %s: %s is %d from it (AMB-26)",
		u.ID, limit, other.ID, to, d), "T 17.11"
}

// ---- T 17.2 Russian first-turn command -------------------------------------

// firstTurnCommand reports whether u is in command without allocation or
// roll because it is its side's player-turn of the game-turn the param
// `first-turn-command.SIDE` names (T 17.2: Russian, game-turn 1), for the
// movement and the combat command segments alike.
func (g *Game) firstTurnCommand(u *Unit, combat bool) bool {
	turn, ok := g.data.Param("first-turn-command." + string(u.Side()))
	return ok && g.Turn == turn && g.phasingSide() == u.Side()
}

// ---- T 17.3 von Hoffman ----------------------------------------------------

// staffHQ is the level of a staff HQ such as von Hoffman (T 17.3).
const staffHQ = "staff"

// hoffmanTarget is the HQ a staff HQ boosts now (T 17.3, AMB-27): both
// bonuses go to one HQ stacked with him, chosen whenever command is worked
// out, so afresh in each command segment. The side's standing `plan` for
// the staff HQ picks it (`plan DE-vH with DE-HL-8`; the first HQ named that
// is in his hex); otherwise the HQ there with the greatest printed Command
// Strength, ties to the lowest id. nil if he stands with no other HQ.
func (g *Game) hoffmanTarget(staff *Unit) *Unit {
	if !staff.OnMap() || staff.Data.HQLevel != staffHQ {
		return nil
	}
	var cands []*Unit
	for _, u := range g.at[staff.Hex] {
		if u != staff && u.IsHQ() && u.Side() == staff.Side() && u.Data.HQLevel != staffHQ {
			cands = append(cands, u)
		}
	}
	if st := g.Standing[staff.Side()]; st != nil {
		for _, id := range st.Plan[staff.ID] {
			for _, u := range cands {
				if u.ID == id {
					return u
				}
			}
		}
	}
	var best *Unit
	for _, u := range cands { // in id order
		if best == nil || g.commandStrengthBase(u) > g.commandStrengthBase(best) {
			best = u
		}
	}
	return best
}

// hoffmanBoosted reports whether a staff HQ in hq's hex gives it his
// bonuses (T 17.3).
func (g *Game) hoffmanBoosted(hq *Unit) bool {
	if !hq.OnMap() || hq.Data.HQLevel == staffHQ {
		return false
	}
	for _, u := range g.at[hq.Hex] {
		if u.IsHQ() && u.Data.HQLevel == staffHQ && u.Side() == hq.Side() && g.hoffmanTarget(u) == hq {
			return true
		}
	}
	return false
}

// hoffmanRadius is hq's Command Radius: doubled while a staff HQ gives it
// his bonuses (T 17.3 #1; W21: HL-8 8 to 16).
func (g *Game) hoffmanRadius(hq *Unit) int {
	r := g.commandRadiusBase(hq)
	if g.hoffmanBoosted(hq) {
		r *= 2
	}
	return r
}

// hoffmanStrength is hq's Command Strength: raised by half, fractions
// dropped, while a staff HQ gives it his bonuses (T 17.3 #2; W21: 45 to
// 67, 7 to 10).
func (g *Game) hoffmanStrength(hq *Unit) int {
	s := g.commandStrengthBase(hq)
	if g.hoffmanBoosted(hq) {
		s += s / 2
	}
	return s
}

// ---- T 17.12, 17.4 attack integrity ----------------------------------------

// commandIntegrity says why hq may not lend its attack shift to an attack
// by these attackers (combat units only: Heroic HQs are not among them),
// or "" if it may: T 17.12 for the army HQs of a side with
// `army-attack-integrity`, T 17.4 for the corps HQs of a side with
// `corps-attack-integrity`.
func (g *Game) commandIntegrity(hq *Unit, attackers []*Unit) (string, string) {
	side := string(hq.Side())
	switch hq.Data.HQLevel {
	case "army":
		if on, _ := g.data.Param("army-attack-integrity." + side); on > 0 && !g.opt[optImprovedCommand] {
			return g.armyAttackIntegrity(hq, attackers)
		}
	case "corps":
		if on, _ := g.data.Param("corps-attack-integrity." + side); on > 0 {
			return g.corpsAttackIntegrity(hq, attackers)
		}
	}
	return "", ""
}

// armyAttackIntegrity: an army HQ lends its shift only if strictly more
// than half the attacking steps belong to its army (T 17.12, AMB-28). Steps
// are counted as for std 10.21: the attackers' remaining steps, depots
// left out. Step losses of R-1 or S-2 do not lift this rule; only option
// 17.5 does.
func (g *Game) armyAttackIntegrity(hq *Unit, attackers []*Unit) (string, string) {
	own, total := 0, 0
	for _, u := range attackers {
		if u.IsHQ() || u.Data.Type == scenario.Depot {
			continue
		}
		total += u.Steps()
		if hq.Data.Parent != "" && u.Data.Parent == hq.Data.Parent {
			own += u.Steps()
		}
	}
	if 2*own > total {
		return "", ""
	}
	return fmt.Sprintf("only %d of the %d attacking steps belong to %s's army (%s); more than half must (AMB-28)",
		own, total, hq.ID, formationOf(hq)), "T 17.12"
}

func formationOf(hq *Unit) string {
	if hq.Data.Parent == "" {
		return "none"
	}
	return hq.Data.Parent
}

// cavalryCorpsHQ reports whether hq commands a corps of cavalry (T 17.4:
// von Frommel's 3C). Cavalry belongs to no corps, so in the data such a
// corps is a corps formation to which no unit but HQs belongs.
func (g *Game) cavalryCorpsHQ(hq *Unit) bool {
	f := g.data.Formation(hq.Data.Parent)
	if f == nil || f.Kind != "corps" {
		return false
	}
	for _, d := range g.data.Units {
		if d.Parent == f.ID && !d.IsHQ() {
			return false
		}
	}
	return true
}

// corpsAttackIntegrity: a corps HQ lends its shift only if at least one
// attacker belongs to its corps; the cavalry corps HQ only if at least two
// cavalry units attack, cavalry belonging to no corps (T 17.4). Army HQs
// are not bound.
func (g *Game) corpsAttackIntegrity(hq *Unit, attackers []*Unit) (string, string) {
	if g.cavalryCorpsHQ(hq) {
		cav := 0
		for _, u := range attackers {
			if u.Data.Type == scenario.Cavalry {
				cav++
			}
		}
		if cav >= 2 {
			return "", ""
		}
		return fmt.Sprintf("%s is the cavalry corps HQ and lends its shift only when at least 2 cavalry units attack; %d do", hq.ID, cav), "T 17.4"
	}
	for _, u := range attackers {
		if hq.Data.Parent != "" && u.Data.Parent == hq.Data.Parent && u.Data.Type != scenario.Cavalry && !u.IsHQ() {
			return "", ""
		}
	}
	return fmt.Sprintf("no attacking unit belongs to %s's corps (%s): a corps HQ lends its shift only to an attack by its own corps", hq.ID, formationOf(hq)), "T 17.4"
}
