package gwite

import (
	"pbem/engine"
)

// scoreLoss adds the victory points for steps a unit lost (T 21.2): per
// step of a combat unit, or per HQ step ("destroyed or reduced") on the HQ
// line only (AMB-41). Values come from the game's parameters; a game
// without them scores nothing.
func (g *Game) scoreLoss(u *Unit, steps int, l *log) {
	if steps <= 0 {
		return
	}
	var per int
	switch {
	case u.IsHQ() && u.Side() == DE:
		per = g.param("vp-german-hq", 0)
	case u.IsHQ():
		per = g.param("vp-russian-hq", 0)
	case u.Side() == DE:
		per = g.param("vp-german-step", 0)
	default:
		per = g.param("vp-russian-step", 0)
	}
	if per == 0 {
		return
	}
	delta := per * steps
	if u.IsHQ() {
		delta = per // one entry per HQ loss event (T 21.2)
	}
	g.VP += delta
	l.add(&VPChange{Delta: delta, Total: g.VP, Why: u.ID + " losses", Rule: "T 21.2"})
}

// scoreFortress adds the victory points for a destroyed fortress (T 21.2):
// a German fortress by its side of the Vistula and printed strength, a
// Russian one at a flat value. German fortresses east of the Vistula
// printed below 3 score nothing (AMB-38).
func (g *Game) scoreFortress(f *Fort, l *log) {
	var delta int
	switch {
	case f.Data.Owner == DE && westVistula(f.Data):
		delta = g.param("vp-fortress-west", 0)
	case f.Data.Owner == DE && f.Data.Full >= 4:
		delta = g.param("vp-fortress-east-4", 0)
	case f.Data.Owner == DE && f.Data.Full == 3:
		delta = g.param("vp-fortress-east-3", 0)
	case f.Data.Owner == RU:
		delta = g.param("vp-russian-fortress", 0)
	}
	if delta == 0 {
		return
	}
	g.VP += delta
	l.add(&VPChange{Delta: delta, Total: g.VP, Why: "fortress " + f.Data.Name + " destroyed", Rule: "T 21.2"})
}

// interphaseScoring is the victory point check of the Game-Turn Record
// Interphase, before the turn marker moves (digest 002 3.2 C). The
// standard rules have none; the Tannenberg parts (t21.go) act only where
// the game's params call for them: German units near a garrison city
// release it (T 20.0), then town control (T 21.13), the game-turn without
// a Russian invasion (T 21.2), the GT6 zone (T 21.2), and after the last
// game-turn the level of victory (T 21.3).
func (g *Game) interphaseScoring(l *log) {
	g.watchGarrisons(l)
	g.townControl(l)
	g.invasionPenalty(l)
	g.zoneAward(l)
	g.finalLevel(l)
}

// VictoryLevel is the level the game's victory bands give for the net VP
// (T 21.3).
func (g *Game) VictoryLevel() string {
	for _, v := range g.data.Victory {
		if g.VP >= v.Min {
			return v.Level
		}
	}
	return ""
}

// VPChange is a change of the victory point index.
type VPChange struct {
	Delta, Total int
	Why          string
	Rule         string
}

func (v *VPChange) String() string {
	return "VP " + signed(v.Delta) + " (" + v.Why + "): net " + signed(v.Total)
}

// EventCase implements engine.Event.
func (v *VPChange) EventCase() string { return v.Rule }

// Audience implements engine.Event.
func (v *VPChange) Audience() []engine.Side { return nil }

func signed(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}
