package kw

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/scenario"
)

// applyResult carries out a result's steps in the order the chart lists
// them (14.14, [Combat Results]). Every step stops once the game is over
// (4.1(1)): VP are charged the instant a unit is lost (5.1).
func (s *State) applyResult(b *battle, code string, dice engine.Dice, ev *[]engine.Event) {
	defenders := s.at(b.hex)
	rule := "14.14 " + code
	switch code {
	case rAZ:
		s.loseAll(s.onMap(b.attackers), "Attacker Annihilated", rule, ev)
		s.defenderPursuit(b, ev)
	case rAD:
		left := s.defeat(s.onMap(b.attackers), "Attacker Defeated", rule, ev)
		s.retreatAll(left, 1, rule, ev)
	case rBB:
		s.bloodbath(b, defenders, rule, ev)
	case rBT:
		s.loseAll(defenders, "Breakthrough", rule, ev)
		s.pursue(b, 2, ev)
	case rDD:
		left := s.defeat(defenders, "Defender Defeated", rule, ev)
		s.retreatAll(left, 1, rule, ev)
		s.pursue(b, 1, ev)
	case rDP:
		left := s.defeat(defenders, "Defender Panic", rule, ev)
		s.panicRetreat(left, dice, ev)
		s.pursue(b, 1, ev)
	case rDZ:
		s.loseAll(defenders, "Defender Annihilated", rule, ev)
		s.pursue(b, 1, ev)
	case rMD:
		s.mobileDefense(b, defenders, rule, ev)
	case rST:
		s.stalemate(b, defenders, rule, ev)
	}
}

// onMap keeps the units still on the map.
func (s *State) onMap(us []*unit) []*unit {
	var out []*unit
	for _, u := range us {
		if u.Loc == locMap {
			out = append(out, u)
		}
	}
	return out
}

// loseAll eliminates every unit of us, charged as combat losses.
func (s *State) loseAll(us []*unit, why, rule string, ev *[]engine.Event) {
	for _, u := range us {
		if s.Over {
			return
		}
		s.combatLoss(u, why, rule, ev)
	}
}

// defeat is the first two steps of AD, DD and DP: every non-army unit is
// eliminated, every army breaks down (14.15(3), 14.16). It returns the
// survivors: the corps the armies broke into.
func (s *State) defeat(us []*unit, why, rule string, ev *[]engine.Event) []*unit {
	var armies, left []*unit
	for _, u := range us {
		if s.prof(u).army() {
			armies = append(armies, u)
			continue
		}
		if s.Over {
			return nil
		}
		s.combatLoss(u, why, rule, ev)
	}
	for _, a := range armies {
		if s.Over {
			return nil
		}
		left = append(left, s.forcedBreakdown(a, why, rule, ev)...)
	}
	return left
}

// forcedBreakdown breaks an army down at once (14.16): the corps the pool
// holds are placed, fewer if it runs short (ruling KW-14.16-FEW, after the
// text's example), and nothing is charged for the army; a Romanian or
// Bolshevik army is eliminated and charged instead (10.6).
func (s *State) forcedBreakdown(u *unit, why, rule string, ev *[]engine.Event) []*unit {
	corps, ok := s.breakdown(u, why, rule, ev)
	if !ok {
		s.chargeLoss(u, ev)
	}
	return corps
}

// combatLoss eliminates u in combat and charges it (5.1, [VP Chart]).
func (s *State) combatLoss(u *unit, why, rule string, ev *[]engine.Event) {
	s.eliminate(u, why, rule, ev)
	s.chargeLoss(u, ev)
}

// chargeLoss charges the VP of a unit lost in combat (5.1, [VP Chart]): a
// fortress gives its defence to the side that eliminated it and costs its
// owner as much; anything else costs its owner lossVP.
func (s *State) chargeLoss(u *unit, ev *[]engine.Event) {
	p := s.prof(u)
	if p.Type == tFortress {
		d := p.Front.Defense
		s.addVP(Other(p.Side), d, "eliminated the fortress "+p.Name, "5.1", ev)
		s.addVP(p.Side, -d, "lost the fortress "+p.Name, "5.1", ev)
		return
	}
	if n := s.lossVP(p); n > 0 {
		s.addVP(p.Side, -n, fmt.Sprintf("lost %s in combat", u.ID), "5.1", ev)
	}
}

// lossVP is what losing a unit of p's kind in combat costs its side (VP
// Chart): Allied HQ or army 6, corps 2, Bolshevik unit 1 (ruling
// KW-14.16-BOL: the Bolshevik line also for a Bolshevik army); Central
// Powers HQ or army 6, army abteilung 4 (the Sud Army too, 21.1), corps 2,
// each half as much again on a turn of Main Effort West (9, 6, 3; 5.2,
// 8.1). An Allied army abteilung, which the chart does not list, costs as
// an army (ruling KW-5.1-AA). Other units cost nothing.
func (s *State) lossVP(p *profile) int {
	west := p.Side == CP && s.effort(s.Turn) == "west"
	pick := func(east, w int) int {
		if west {
			return w
		}
		return east
	}
	switch {
	case p.Nation == "BOL":
		return 1
	case p.Type == tHQ || p.Size == zArmy || p.Size == zArmyGroup:
		return pick(6, 9)
	case p.Size == zAA && p.Side == CP:
		return pick(4, 6)
	case p.Size == zAA:
		return 6
	case p.Size == zCorps:
		return pick(2, 3)
	}
	return 0
}

// lossCost orders units for a loss the owner picks by default: VP lost,
// a fortress counting its defence (I-3).
func (s *State) lossCost(u *unit) int {
	p := s.prof(u)
	if p.Type == tFortress {
		return p.Front.Defense
	}
	return s.lossVP(p)
}

// bloodbath is BB: defending non-army units die and one defending army
// breaks down, then the same for the attackers; nobody retreats; the
// attackers pursue only into an emptied hex.
func (s *State) bloodbath(b *battle, defenders []*unit, rule string, ev *[]engine.Event) {
	for _, side := range []struct {
		us []*unit
	}{{defenders}, {s.onMap(b.attackers)}} {
		var armies []*unit
		for _, u := range side.us {
			if s.prof(u).army() {
				armies = append(armies, u)
				continue
			}
			if s.Over {
				return
			}
			s.combatLoss(u, "Bloodbath", rule, ev)
		}
		if len(armies) > 0 && !s.Over {
			a := s.pickArmy(s.prof(armies[0]).Side, armies)
			s.forcedBreakdown(a, "Bloodbath", rule, ev)
		}
	}
	if !s.Over {
		s.pursue(b, 1, ev)
	}
}

// pickArmy is the army of us that side breaks down: the first its standing
// losses order names, else the weakest (ruling KW-14.15-BB).
func (s *State) pickArmy(side scenario.Side, us []*unit) *unit {
	if u := s.listedLoss(side, us); u != nil {
		return u
	}
	sorted := append([]*unit(nil), us...)
	sort.SliceStable(sorted, func(i, j int) bool { return s.value(sorted[i]) < s.value(sorted[j]) })
	return sorted[0]
}

// listedLoss is the first unit of us that side's standing losses order
// names, nil if none (I-3).
func (s *State) listedLoss(side scenario.Side, us []*unit) *unit {
	for _, o := range s.Standing[side] {
		if o.Verb != "losses" {
			continue
		}
		ws, _ := o.Clause("")
		for _, w := range ws {
			for _, u := range us {
				if strings.EqualFold(u.ID, w.Text) {
					return u
				}
			}
		}
	}
	return nil
}

// mobileDefense is MD: defenders of printed movement 0 die, the rest
// retreat one hex whole (armies do not break down); the attacker loses one
// attacking shock unit; the attackers pursue.
func (s *State) mobileDefense(b *battle, defenders []*unit, rule string, ev *[]engine.Event) {
	var left []*unit
	for _, u := range defenders {
		if s.Over {
			return
		}
		if s.prof(u).Front.Move == 0 || u.Entrenched { // an entrenched supply unit forced to retreat dies [Opt: Entrenching]
			s.combatLoss(u, "Mobile Defense: it cannot move", rule, ev)
			continue
		}
		left = append(left, u)
	}
	s.retreatAll(left, 1, rule, ev)
	if s.Over {
		return
	}
	var shock []*unit
	for _, u := range s.onMap(b.attackers) {
		if t := s.prof(u).Type; t == tShock || t == tTank {
			shock = append(shock, u)
		}
	}
	if len(shock) > 0 {
		s.loseOne(b.side, shock, "Mobile Defense: a shock unit is lost", rule, ev)
	}
	if !s.Over {
		s.pursue(b, 1, ev)
	}
}

// stalemate is ST: each side loses one unit of the battle, the defender
// first; either may break an army down and lose one of its corps instead.
// No retreat and no pursuit, even from an emptied hex (16.1 note).
func (s *State) stalemate(b *battle, defenders []*unit, rule string, ev *[]engine.Event) {
	if len(defenders) > 0 {
		s.loseOne(Other(b.side), defenders, "Stalemate", rule, ev)
	}
	if att := s.onMap(b.attackers); len(att) > 0 && !s.Over {
		s.loseOne(b.side, att, "Stalemate", rule, ev)
	}
	if len(s.at(b.hex)) == 0 {
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is empty, but a Stalemate allows no pursuit", b.hex), Case: "16.1"})
	}
}

// loseOne takes the one loss side chooses among us (ST, MD): the first
// unit its standing losses order names, else by default (I-3) an army
// that can break down into at least one corps from the pool, else the
// cheapest unit in VP, then the weakest in defence, then the first by id
// (ruling KW-14.15-LOSS). An army chosen breaks down and loses one of its
// corps (5.1, 14.16).
func (s *State) loseOne(side scenario.Side, us []*unit, why, rule string, ev *[]engine.Event) {
	u := s.listedLoss(side, us)
	if u == nil {
		for _, a := range us {
			if s.prof(a).army() && s.canBreakDown(a) && len(s.corpsFor(a)) > 0 {
				u = a
				break
			}
		}
	}
	if u == nil {
		sorted := append([]*unit(nil), us...)
		sort.SliceStable(sorted, func(i, j int) bool {
			ci, cj := s.lossCost(sorted[i]), s.lossCost(sorted[j])
			if ci != cj {
				return ci < cj
			}
			di, dj := s.faceOf(sorted[i]).Defense, s.faceOf(sorted[j]).Defense
			if di != dj {
				return di < dj
			}
			return sorted[i].ID < sorted[j].ID
		})
		u = sorted[0]
	}
	if !s.prof(u).army() {
		s.combatLoss(u, why, rule, ev)
		return
	}
	corps := s.forcedBreakdown(u, why+": it breaks down to lose one corps", rule, ev)
	if len(corps) > 0 && !s.Over {
		s.combatLoss(corps[0], why+": the corps lost from "+u.ID, rule, ev)
	}
}
