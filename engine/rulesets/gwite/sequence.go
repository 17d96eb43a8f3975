package gwite

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// phase is one step of a player-turn that takes orders (std 4.0).
type phase struct {
	kind    string // kindMove, kindCavWd or kindCombat
	phasing int    // index into the game's sides: 0 moves first (T[4.1])
}

// sequence is the game-turn as order windows (std 4.0, digest 002 3.4):
// each player-turn is a Movement Phase, the other side's Cavalry
// Withdrawal Before Combat Phase, and a Combat Phase; the Replacement
// Phase and the Game-Turn Record Interphase run automatically.
var sequence = []phase{
	{kindMove, 0}, {kindCavWd, 0}, {kindCombat, 0},
	{kindMove, 1}, {kindCavWd, 1}, {kindCombat, 1},
}

// cavalryWindows is the option that makes the cavalry withdrawal phases
// windows of their own; without it the non-phasing side's standing orders
// decide them (digest 002 N1).
const cavalryWindows = "cavalry-windows"

func (g *Game) phase() phase { return sequence[g.Step] }

// phasingSide is the side whose player-turn it is. The first side the game
// data declares moves first in every game-turn (Tannenberg: T[4.1]).
func (g *Game) phasingSide() engine.Side {
	return g.data.Sides[g.phase().phasing]
}

// Window implements engine.State.
func (g *Game) Window() engine.Window {
	if g.Over {
		return engine.Window{Turn: g.Turn, ID: fmt.Sprintf("GT%d END", g.Turn), Name: "the game is over", Done: true}
	}
	if !g.SetupDone {
		return g.setupWindow()
	}
	p := g.phase()
	side := g.phasingSide()
	w := engine.Window{Turn: g.Turn, Step: 1 + g.Step, Phasing: side}
	name := g.data.SideNames[side]
	switch p.kind {
	case kindMove:
		w.Kind = "MOVE"
		w.ID = fmt.Sprintf("GT%d %s-MOVE", g.Turn, side)
		w.Name = name + " Movement Phase"
		w.Submit = []engine.Side{side}
	case kindCombat:
		w.Kind = "COMBAT"
		w.ID = fmt.Sprintf("GT%d %s-COMBAT", g.Turn, side)
		w.Name = name + " Combat Phase"
		w.Submit = []engine.Side{side}
	case kindCavWd:
		other := enemy(side)
		w.Kind = "CAVWD"
		w.ID = fmt.Sprintf("GT%d %s-CAVWD", g.Turn, other)
		w.Name = g.data.SideNames[other] + " Cavalry Withdrawal Before Combat Phase"
		w.Submit = []engine.Side{other}
		w.Optional = true
	}
	for _, v := range verbs {
		if v.Only != "" && !submits(w, v.Only) {
			continue
		}
		for _, k := range v.Windows {
			if k == p.kind || k == kindAny {
				w.Verbs = append(w.Verbs, v.Name)
			}
		}
	}
	return w
}

// windowID is the shape of this system's window ids: "GT3 RU-MOVE".
var windowID = regexp.MustCompile(`^(?i)GT([0-9]{1,4}) ([A-Z0-9]+)-([A-Z]+)$`)

// WindowOf implements engine.State: the window with id, read without
// regard to case, in the sequence of play: the hidden set-up (Step 0),
// then each player-turn's Movement Phase, the other side's Cavalry
// Withdrawal Before Combat Phase and the Combat Phase, the first side of
// the game data moving first (std 4.0, T 18.23). A window of a turn
// outside the scenario is no window of the game.
func (g *Game) WindowOf(id string) (engine.Window, bool) {
	m := windowID.FindStringSubmatch(id)
	if m == nil {
		return engine.Window{}, false
	}
	turn, _ := strconv.Atoi(m[1])
	if turn < g.scen.First || turn > g.scen.Last {
		return engine.Window{}, false
	}
	c := *g // Window reads the turn, the step and the data, and changes nothing
	c.Turn, c.Over = turn, false
	kind := strings.ToUpper(m[3])
	if kind == "SETUP" {
		c.SetupDone = false
		if w := c.setupWindow(); strings.EqualFold(w.ID, id) {
			return w, true
		}
		return engine.Window{}, false
	}
	c.SetupDone = true
	for c.Step = range sequence {
		if w := c.Window(); strings.EqualFold(w.ID, id) {
			return w, true
		}
	}
	return engine.Window{}, false
}

// Resolve implements engine.State.
func (g *Game) Resolve(orders map[engine.Side][]engine.Order, dice engine.Dice) (engine.State, []engine.Event, error) {
	if g.Over {
		return nil, nil, fmt.Errorf("the game is over")
	}
	n := g.clone()
	l := &log{dice: dice}
	l.fog, n.evlog = n.fog, l // T 18 and limited fog, and the reveals inside place (t18.go)
	if !n.SetupDone {
		n.resolveSetup(orders, l)
		n.recordSightings(l.events)
		if err := n.Check(); err != nil {
			return n, l.events, fmt.Errorf("after the hidden set-up: %w", err)
		}
		return n, l.events, nil
	}
	w := n.Window()
	p := n.phase()
	// Standing orders first, from either side, in side order: they may
	// decide things inside this very window. What Validate finds wrong
	// (the acknowledgement's errors) is refused for the reasons it gives.
	window := map[engine.Side][]engine.Order{}
	for _, side := range n.sortedSides() {
		for _, o := range orders[side] {
			switch {
			case n.refuseInvalid(side, o, l):
			case isStanding(o.Verb):
				n.applyStanding(side, o, l)
			default:
				window[side] = append(window[side], o)
			}
		}
	}
	n.runPhase(p, window, l)
	n.advance(l)
	n.recordSightings(l.events)
	n.evlog = nil
	if err := n.Check(); err != nil {
		return n, l.events, fmt.Errorf("after %s: %w", w.ID, err)
	}
	return n, l.events, nil
}

// refuseInvalid refuses order o of side, and reports so, when Validate
// finds it wrong: with each of Validate's problems, so that resolution
// refuses what the acknowledgement refused, for the same reasons.
func (g *Game) refuseInvalid(side engine.Side, o engine.Order, l *log) bool {
	ps := g.Validate(side, []engine.Order{o})
	for _, p := range ps {
		l.reject(side, o, p.Case, "%s", p.Reason)
	}
	return len(ps) > 0
}

func submits(w engine.Window, side engine.Side) bool {
	for _, s := range w.Submit {
		if s == side {
			return true
		}
	}
	return false
}

func accepts(kind, verb string) bool {
	v := verbByName(verb)
	if v == nil {
		return false
	}
	for _, k := range v.Windows {
		if k == kind {
			return true
		}
	}
	return false
}

// runPhase carries out one phase with the orders given for it.
func (g *Game) runPhase(p phase, orders map[engine.Side][]engine.Order, l *log) {
	side := g.data.Sides[p.phasing]
	switch p.kind {
	case kindMove:
		l.notef("std 4.0", "GT%d: %s Movement Phase", g.Turn, g.data.SideNames[side])
		g.movementPhase(side, orders[side], l)
	case kindCavWd:
		g.cavalryWithdrawalPhase(enemy(side), orders[enemy(side)], l)
	case kindCombat:
		l.notef("std 4.0", "GT%d: %s Combat Phase", g.Turn, g.data.SideNames[side])
		g.combatPhase(side, orders[side], l)
		g.replacementPhase(side, l)
	}
	g.endOfPhase(side, l)
}

// advance moves to the next window, running any phase that takes no
// orders (the cavalry withdrawal phases unless they are windows) and the
// Game-Turn Record Interphase.
func (g *Game) advance(l *log) {
	for {
		g.Step++
		if g.Step == len(sequence) {
			g.interphase(l)
			if g.Over {
				return
			}
			g.Step = 0
		}
		p := g.phase()
		if p.kind == kindCavWd && !g.opt[cavalryWindows] {
			g.runPhase(p, nil, l)
			continue
		}
		return
	}
}

// interphase is the Game-Turn Record Interphase (std 4.0): the turn marker
// advances, and the game ends after the scenario's last turn.
func (g *Game) interphase(l *log) {
	g.interphaseScoring(l)
	if g.Turn >= g.scen.Last {
		g.Over = true
		l.notef("std 4.0", "GT%d was the last game-turn: the game is over", g.Turn)
		return
	}
	g.Turn++
}

// endOfPhase clears what lasts one phase and checks stacking (std 6.14).
func (g *Game) endOfPhase(phasing engine.Side, l *log) {
	g.stackingCheck(l)
	g.revealAtPhaseEnd(l) // T 18.0, 18.42: Gruppen next to Russian units (t18.go)
	p := g.phase()
	for _, u := range g.Units {
		switch p.kind {
		case kindMove:
			if u.Side() == phasing {
				u.OCCMove = false // std 4.0 1d
			}
		case kindCombat:
			g.Vacated = nil
			u.Attacked, u.Defended = false, false
			u.RetreatedIn, u.WithdrewIn, u.Withdrew = false, false, false
			u.OCCCombat = false
		}
	}
}

// occupy records that side's unit stands in or passes through h
// (std 5.33, 9.15, AMB-68).
func (g *Game) occupy(side engine.Side, h hex.Hex) { g.LastOcc[h] = side }
