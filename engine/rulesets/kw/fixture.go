package kw

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/scenario"
)

// SetWindow implements engine.Fixture: a freshly set-up game is moved to
// the window with this id; units still to deploy go to the first hexes of
// their zones.
func (s *State) SetWindow(id string) error {
	w, ok := s.WindowOf(id)
	if !ok {
		return fmt.Errorf("no window %q in this scenario", id)
	}
	var ev []engine.Event
	s.Turn = w.Turn
	s.First = s.firstPlayer(w.Turn)
	for p, pw := range phaseWords {
		if strings.HasSuffix(strings.ToUpper(id), "-"+pw.id) {
			s.Phase = p
		}
	}
	s.Half = 0
	if s.sideOf(w.Turn, 1, s.Phase) == w.Phasing && s.sideOf(w.Turn, 0, s.Phase) != w.Phasing {
		s.Half = 1
	}
	if s.Phase != phSetup {
		s.deployRest(CP, &ev)
		s.deployRest(AL, &ev)
	}
	// The window opens as if fresh: what the set-up's own advance brought
	// to be placed goes back, and this window's arrivals come (9.2).
	for _, u := range s.Units {
		if u.Loc == locPending && u.Due > 0 {
			u.Loc = locDue
		} else if u.Loc == locPending {
			u.Loc = locPool
		}
	}
	s.Bought = map[string]int{}
	if s.opt[optRevolutions] {
		s.ost().TurnVP = s.VP[AL] // as the turn began
	}
	s.openPhase(&ev)
	return nil
}

// locWords are the places a directive or expectation may name.
var locWords = map[string]string{"dead": locDead, "eliminated": locDead, "available": locAvailable, "pool": locPool,
	"pending": locPending, "held": locHeld, "removed": locRemoved, "due": locDue}

// Adjust implements engine.Fixture. Directives:
//
//	unit ID at HEX | dead | available | pool | pending | held | removed | due N
//	back ID | moved ID | entrenched ID
//	vp SIDE N
//	control HEX SIDE
//	belligerent COUNTRY
//	option NAME (before the window: the set-up changes as the option makes it)
//	revolution N
func (s *State) Adjust(directive string) error {
	w := strings.Fields(directive)
	if len(w) < 2 {
		return fmt.Errorf("directive %q: too short", directive)
	}
	switch w[0] {
	case "unit":
		u := s.unit(w[1])
		if u == nil || len(w) < 3 {
			return fmt.Errorf("directive %q: want unit ID at HEX|dead|available|pool|pending|held|removed|due N", directive)
		}
		if w[2] == "at" && len(w) == 4 {
			h, err := s.d.grid.Parse(w[3])
			if err != nil {
				return err
			}
			u.Loc, u.Hex, u.Entered = locMap, h, true
			s.enter(s.prof(u).Side, h, &[]engine.Event{})
			return nil
		}
		loc, ok := locWords[w[2]]
		if !ok {
			return fmt.Errorf("directive %q: no place %q", directive, w[2])
		}
		u.Loc = loc
		if loc == locDue && len(w) == 4 {
			u.Due, _ = strconv.Atoi(w[3])
		}
		return nil
	case "back", "moved", "entrenched":
		u := s.unit(w[1])
		if u == nil {
			return fmt.Errorf("directive %q: no unit %s", directive, w[1])
		}
		switch w[0] {
		case "back":
			u.Back = true
		case "moved":
			u.Moved, u.Back = true, s.prof(u).Type == tSupply
		case "entrenched":
			u.Entrenched = true
		}
		return nil
	case "vp":
		n, err := strconv.Atoi(w[len(w)-1])
		if err != nil || len(w) != 3 {
			return fmt.Errorf("directive %q: want vp SIDE N", directive)
		}
		s.VP[scenario.Side(w[1])] = n
		return nil
	case "control":
		if len(w) != 3 {
			return fmt.Errorf("directive %q: want control HEX SIDE", directive)
		}
		h, err := s.d.grid.Parse(w[1])
		if err != nil {
			return err
		}
		s.Control[h] = scenario.Side(w[2])
		return nil
	case "belligerent":
		// as the rules make it so (23.1): control and held units follow
		switch w[1] {
		case Romania:
			s.romaniaJoins(&[]engine.Event{})
		case Bulgaria:
			s.bulgariaJoins(&[]engine.Event{})
		default:
			s.Belligerent[w[1]] = true
		}
		return nil
	case "revolution":
		// [Opt: Russian Revolutions] in effect, without its effects: 1 or 2
		n, err := strconv.Atoi(w[1])
		if err != nil || n < 0 || n > 2 {
			return fmt.Errorf("directive %q: want revolution 0|1|2", directive)
		}
		s.ost().Revolution = n
		return nil
	case "option":
		opt := engine.Options{w[1]: true}
		for k, v := range s.opt {
			opt[k] = v
		}
		s.opt = opt
		if s.Turn == s.d.s.First {
			return s.startOption(w[1], &[]engine.Event{}) // the set-up as the option makes it
		}
		return nil
	}
	return fmt.Errorf("no directive %q", w[0])
}

// Expect implements engine.Fixture. Expectations:
//
//	unit ID at HEX | dead | available | pool | pending | held | removed | due
//	unit ID back | front
//	vp SIDE N
//	control HEX SIDE
//	board SIDE vp OF N (SIDE's board shows OF's VP as N)
//	over | result TEXT
func (s *State) Expect(words []string) (string, bool) {
	switch words[0] {
	case "unit":
		if len(words) < 3 {
			return "want: unit ID ...", true
		}
		u := s.unit(words[1])
		if u == nil {
			return "no unit " + words[1], true
		}
		where := u.Loc
		if u.Loc == locMap {
			where = "at " + u.Hex.String()
		}
		switch words[2] {
		case "at":
			if len(words) != 4 || u.Loc != locMap || u.Hex.String() != words[3] {
				return fmt.Sprintf("%s is %s", u.ID, where), true
			}
		case "back", "front":
			if u.Back != (words[2] == "back") {
				return fmt.Sprintf("%s shows its other face", u.ID), true
			}
		default:
			loc, ok := locWords[words[2]]
			if !ok {
				return "", false
			}
			if u.Loc != loc {
				return fmt.Sprintf("%s is %s", u.ID, where), true
			}
		}
		return "", true
	case "vp":
		if len(words) != 3 {
			return "want: vp SIDE N", true
		}
		n, _ := strconv.Atoi(words[2])
		if got := s.VP[scenario.Side(words[1])]; got != n {
			return fmt.Sprintf("%s has %d VP", words[1], got), true
		}
		return "", true
	case "control":
		if len(words) != 3 {
			return "want: control HEX SIDE", true
		}
		h, err := s.d.grid.Parse(words[1])
		if err != nil {
			return err.Error(), true
		}
		if got := s.controller(h); string(got) != words[2] {
			return fmt.Sprintf("%s is controlled by %q", h, got), true
		}
		return "", true
	case "board":
		return s.expectBoard(words), true
	case "over":
		if !s.Over {
			return "the game goes on", true
		}
		return "", true
	case "result":
		// The harness passes a quoted text as the last word.
		if len(words) < 2 {
			return "want: result \"TEXT\"", true
		}
		text := strings.Join(words[1:], " ")
		if !strings.Contains(s.Result, text) {
			return fmt.Sprintf("the result is %q", s.Result), true
		}
		return "", true
	}
	return "", false
}

// expectBoard checks `board SIDE vp OF N`: the score on SIDE's board (its
// View) gives OF N VP.
func (s *State) expectBoard(words []string) string {
	if len(words) != 5 || words[2] != "vp" {
		return "want: board SIDE vp OF N"
	}
	n, err := strconv.Atoi(words[4])
	if err != nil {
		return err.Error()
	}
	for _, p := range s.View(scenario.Side(words[1])).Board().Score.Points {
		if string(p.Side) == words[3] {
			if p.VP != n {
				return fmt.Sprintf("%s's board shows %s at %d VP", words[1], words[3], p.VP)
			}
			return ""
		}
	}
	return fmt.Sprintf("%s's board shows no VP for %s", words[1], words[3])
}
