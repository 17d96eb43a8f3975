package gwite

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/scenario"
)

// strictReplacement is the option that also bars a unit that fought
// earlier in the current game-turn from replacement (AMB-45).
const strictReplacement = "strict-replacement"

// sideParam returns the parameter name.SIDE, else name, else def.
func (g *Game) sideParam(name string, side engine.Side, def int) int {
	if v, ok := g.data.Param(name + "." + string(side)); ok {
		return v
	}
	return g.param(name, def)
}

// replacementPhase is side's Replacement Phase (std 13.0 as set by
// T[11.0]). Only a side whose game data has `replacement.SIDE 1` replaces
// (Tannenberg: the German). From game-turn replacement-first-turn on, the
// units side named with `replace` in its Movement Phase are taken in the
// order named; the first replacement-max that are eligible each roll one
// die (AMB-46, digest 002 P7), and a roll of replacement-roll or more
// (T[11.0]: 5) restores the unit to full strength. Victory points already
// scored for the lost step stand (T 21.2 credits them at once and says
// nothing of taking them back).
func (g *Game) replacementPhase(side engine.Side, l *log) {
	cands := g.Replace[side]
	if len(cands) == 0 {
		return
	}
	name := g.data.SideNames[side]
	if g.sideParam("replacement", side, 0) != 1 {
		l.notef("T[11.0]", "the %s side may not replace lost steps: no replacement tried", name)
		return
	}
	if first := g.sideParam("replacement-first-turn", side, 1); g.Turn < first {
		l.notef("T[11.0]", "no step replacement before GT%d: no replacement tried", first)
		return
	}
	most := g.sideParam("replacement-max", side, len(cands))
	need := g.sideParam("replacement-roll", side, 5)
	l.notef("std 13.0", "GT%d: %s Replacement Phase", g.Turn, name)
	seen := map[string]bool{}
	tries := 0
	for _, id := range cands {
		if seen[id] {
			continue
		}
		seen[id] = true
		u := g.units[id]
		if u == nil || u.Side() != side {
			continue
		}
		if tries >= most {
			l.notef("AMB-46", "%s is not tried: the %d replacement tries of this game-turn are used", id, most)
			continue
		}
		if why, rule := g.replacementProblem(u); why != "" {
			l.notef(rule, "%s may not try to replace its lost step: %s", id, why)
			continue
		}
		tries++
		r := l.roll("std 13.0", fmt.Sprintf("step replacement of %s (succeeds on %d or more)", id, need))
		if r.Value < need {
			r.Result = "fails"
			continue
		}
		r.Result = "restored to full strength"
		u.StepsLost = 0
	}
}

// replacementProblem says why u may not try to replace now, with the case,
// or "" if it may (std 13.0, T[11.0], AMB-45).
func (g *Game) replacementProblem(u *Unit) (string, string) {
	side := u.Side()
	switch {
	case !u.OnMap():
		return "it is not on the map", "std 13.0"
	case u.Data.Type == scenario.Cavalry || u.Data.Type == scenario.Depot:
		return fmt.Sprintf("%s units are never replaced", u.Data.Type), "std 13.0"
	case u.Data.Type != scenario.Infantry || u.Data.Size != "XX":
		return "only infantry divisions may try", "T[11.0]"
	case u.StepsLost != 1:
		return fmt.Sprintf("a division must have lost exactly one step (it has lost %d)", u.StepsLost), "std 13.0"
	case u.Moved:
		return "it moved in this game-turn's Movement Phase", "std 13.0"
	}
	if g.foughtIn(u, g.Turn-1) {
		return fmt.Sprintf("it attacked or defended in GT%d", g.Turn-1), "AMB-45"
	}
	if g.opt[strictReplacement] && g.foughtIn(u, g.Turn) {
		return fmt.Sprintf("it attacked or defended in GT%d (option %s)", g.Turn, strictReplacement), "AMB-45"
	}
	if dist := g.sideParam("replacement-distance", side, 0); dist > 0 {
		for _, x := range g.Units {
			if x.Side() == side || !x.OnMap() {
				continue
			}
			if d := g.Map().Grid.Distance(u.Hex, x.Hex); d < dist {
				return fmt.Sprintf("the enemy %s in %s is %d hexes away; it must be at least %d", x.ID, x.Hex, d, dist), "T[11.0]"
			}
		}
	}
	return "", ""
}

// foughtIn reports whether u attacked or defended in game-turn turn
// (std 13.0 criterion 2): its last two combat game-turns are kept, enough
// to see a fight in the preceding game-turn even after one in this one.
func (g *Game) foughtIn(u *Unit, turn int) bool {
	return turn > 0 && (u.LastCombatGT == turn || u.PrevCombatGT == turn)
}
