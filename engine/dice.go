package engine

import "fmt"

// Dice is where every die roll comes from. The engine never makes up a
// number: the daemon supplies verifiable dice, tests supply scripted ones.
type Dice interface {
	// D6 returns a roll from 1 to 6.
	D6() int
}

// PrivateDice is dice that keep a separate stream for the rolls only one
// side may see (a hidden unit's command or attrition roll), so that how
// many of them were made cannot be read from the public rolls that follow.
type PrivateDice interface {
	Dice
	// Private returns the stream of side's private rolls.
	Private(side Side) Dice
}

// Roll is a die roll the rules called for, with its purpose, so reports
// and audits can show every roll.
type Roll struct {
	Purpose string // "CRT, attack 3 on 2315"
	Case    string // the rule case that calls for it
	Value   int    // the die as rolled
	Mod     int    // modifiers added
	Result  string // what it meant: "success", "1/2", ...
	Seen    []Side // who may see it; nil for everyone
}

func (r *Roll) String() string {
	s := fmt.Sprintf("roll %d", r.Value)
	if r.Mod != 0 {
		s += fmt.Sprintf("%+d = %d", r.Mod, r.Value+r.Mod)
	}
	s += " for " + r.Purpose
	if r.Result != "" {
		s += ": " + r.Result
	}
	if r.Case != "" {
		s += " [" + r.Case + "]"
	}
	return s
}

// EventCase implements Event.
func (r *Roll) EventCase() string { return r.Case }

// Audience implements Event.
func (r *Roll) Audience() []Side { return r.Seen }

// Script is dice that return a fixed sequence, for tests and adjudication
// cases. Running past the end is an error the caller sees through Err.
type Script struct {
	Rolls []int
	next  int
	err   error
}

// D6 returns the next scripted roll, or 1 once the script is used up (and
// records the error).
func (s *Script) D6() int {
	if s.next >= len(s.Rolls) {
		if s.err == nil {
			s.err = fmt.Errorf("dice script: roll %d asked for, only %d given", s.next+1, len(s.Rolls))
		}
		s.next++
		return 1
	}
	v := s.Rolls[s.next]
	s.next++
	return v
}

// Used is how many rolls were taken.
func (s *Script) Used() int { return s.next }

// Err reports a script that ran out.
func (s *Script) Err() error { return s.err }
