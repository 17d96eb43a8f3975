package kw

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/scenario"
)

// phase is a phase of a player turn in which the phasing player decides
// (6.2), or the set-up.
type phase int

const (
	phSetup phase = iota
	phMob
	phReorg
	phMove
	phCombat1
	phCombat2
)

var phaseWords = map[phase]struct{ id, kind, name string }{
	phSetup:   {"SETUP", kSetup, "Deployment"},
	phMob:     {"MOB", kMob, "Mobilization Phase"},
	phReorg:   {"REORG", kReorg, "Reorganization Phase"},
	phMove:    {"MOVE", kMove, "Movement Phase"},
	phCombat1: {"COMBAT1", kCombat, "First Combat Phase"},
	phCombat2: {"COMBAT2", kCombat, "Second Combat Phase"},
}

// phasing is the side whose window is open: in the set-up, the side
// deploying; afterwards the First Player in the first half of a turn and
// the Second in the second (6.1).
func (s *State) phasing() scenario.Side {
	if s.Phase == phSetup {
		first := s.d.s.DeployFirst
		if first == "" {
			first = AL
		}
		if s.Half == 0 {
			return first
		}
		return Other(first)
	}
	if s.Half == 0 {
		return s.First
	}
	return Other(s.First)
}

// step is the window's place in its game-turn.
func step(half int, p phase) int {
	if p == phSetup {
		return half
	}
	return 2 + half*5 + int(p) - int(phMob)
}

func (s *State) window(turn, half int, p phase, side scenario.Side) engine.Window {
	w := phaseWords[p]
	t := s.d.turn(turn)
	names := s.d.g.SideNames
	return engine.Window{
		Turn: turn, Step: step(half, p), Kind: w.kind,
		ID:       fmt.Sprintf("T%d %s-%s", turn, side, w.id),
		Name:     fmt.Sprintf("%s %s of %s", names[side], w.name, t.Display()),
		Phasing:  side,
		Submit:   []scenario.Side{side},
		Optional: true,
		Verbs:    verbsFor(w.kind),
	}
}

// Window implements engine.State.
func (s *State) Window() engine.Window {
	if s.Over {
		return engine.Window{Turn: s.Turn, ID: "over", Name: "the game is over", Done: true}
	}
	return s.window(s.Turn, s.Half, s.Phase, s.phasing())
}

// WindowOf implements engine.State: the windows of turn n are those of
// both player turns in the order of 6.2, the set-up on the first turn.
func (s *State) WindowOf(id string) (engine.Window, bool) {
	var turn int
	var side, word string
	if _, err := fmt.Sscanf(strings.Replace(strings.ToUpper(id), "-", " ", 1), "T%d %s %s", &turn, &side, &word); err != nil {
		return engine.Window{}, false
	}
	if turn < s.d.s.First || turn > s.lastTurn() {
		return engine.Window{}, false
	}
	for p, w := range phaseWords {
		if w.id != word || (p == phSetup && turn != s.d.s.First) {
			continue
		}
		for half := 0; half < 2; half++ {
			sd := s.sideOf(turn, half, p)
			if string(sd) == side {
				return s.window(turn, half, p, sd), true
			}
		}
	}
	return engine.Window{}, false
}

// sideOf is the phasing side of a half of a turn as the track sets it
// (8.0); for turns already played it is the side that had it.
func (s *State) sideOf(turn, half int, p phase) scenario.Side {
	if p == phSetup {
		c := *s
		c.Phase, c.Half = phSetup, half
		return c.phasing()
	}
	first := s.firstPlayer(turn)
	if half == 0 {
		return first
	}
	return Other(first)
}

// firstPlayer is the First Player of a turn: the Central Powers when the
// year's Main Effort is East, the Allies when it is West (8.0, 26.3, 27.3,
// 28.3).
func (s *State) firstPlayer(turn int) scenario.Side {
	if s.effort(turn) == "east" {
		return CP
	}
	return AL
}

// effort is the CP Main Effort of the year of a turn (8.0): the track's,
// unless an option sets it.
func (s *State) effort(turn int) string {
	t := s.d.turn(turn)
	if s.opt["moltke-east"] {
		// [Opt: Moltke Plan East]: 1914 East, every later year West.
		if t.Year == 1914 {
			return "east"
		}
		return "west"
	}
	return t.Effort
}

// advance moves from the window just resolved to the next one, running
// every automatic step in between.
func (s *State) advance(dice engine.Dice, ev *[]engine.Event) {
	for !s.Over {
		switch {
		case s.Phase == phSetup && s.Half == 0:
			s.Half = 1
		case s.Phase == phSetup:
			s.Half, s.Phase = 0, phMob
			s.startTurn(dice, ev)
			s.startPlayerTurn(dice, ev)
		case s.Phase < phCombat2:
			s.Phase++
		default:
			s.attrition(s.phasing(), dice, ev)
			s.endPlayerTurn()
			if s.Over {
				return
			}
			if s.Half == 0 {
				s.Half, s.Phase = 1, phMob
				s.startPlayerTurn(dice, ev)
			} else {
				s.adminPhase(ev)
				if s.Over {
					return
				}
				s.Turn++
				s.Half, s.Phase = 0, phMob
				s.startTurn(dice, ev)
				s.startPlayerTurn(dice, ev)
			}
		}
		if s.Over {
			return
		}
		s.openPhase(ev)
		if !s.skip() {
			return
		}
	}
}

// skip reports whether the window now open has nothing its side could
// do: a deployment with nothing to deploy.
func (s *State) skip() bool {
	if s.Phase != phSetup {
		return false
	}
	side := s.phasing()
	for _, u := range s.Units {
		if u.Loc == locDeploy && s.prof(u).Side == side {
			return false
		}
	}
	return true
}

// openPhase clears the marks that last one phase.
func (s *State) openPhase(ev *[]engine.Event) {
	for _, u := range s.Units {
		u.Done, u.Railed, u.Attacked, u.Used, u.Marched, u.Declared = false, false, false, false, false, false
	}
	s.Rail = 0
	s.Attacked = nil
	if s.Phase == phMob {
		s.arrivals(s.phasing(), ev)
	}
}

// startTurn runs the Grand Strategy Segment (8.0) and the start-of-turn
// events (23.1, options). The first turn's First Player follows its year's
// Main Effort as the scenario gives it (ruling KW-8.0-FIRST).
func (s *State) startTurn(dice engine.Dice, ev *[]engine.Event) {
	prev := s.First
	s.First = s.firstPlayer(s.Turn)
	t := s.d.turn(s.Turn)
	if s.Turn == s.d.s.First || t.janFeb() {
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s: the Central Powers' Main Effort is %s; %s is First Player",
			t.Label, s.effort(s.Turn), s.d.g.SideNames[s.First]), Case: "8.0"})
		if prev != "" && prev != s.First {
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s plays two player turns in a row", s.d.g.SideNames[s.First]), Case: "8.0"})
		}
	}
	s.Bought = map[string]int{}
	s.turnOptions(ev) // options.go
	s.turnEvents(dice, ev)
}

// endPlayerTurn ends the marks that last a player turn (17.1).
func (s *State) endPlayerTurn() {
	side := s.phasing()
	for _, u := range s.Units {
		if s.prof(u).Side == side && u.Moved {
			u.Moved = false
			if s.prof(u).Type == tSupply {
				u.Back = false
			}
		}
		u.Placed = false
	}
}
