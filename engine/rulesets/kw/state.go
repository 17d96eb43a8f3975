package kw

import (
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Where a counter is (digest 4.1 Location).
const (
	locPool      = "pool"      // unused: the counter mix not in play (9.5, 26.6)
	locMap       = "map"       // on the map at Hex
	locDead      = "dead"      // the dead pile: may be bought back (9.9)
	locAvailable = "available" // the Available box: armies rebuilt by combining (9.10)
	locDue       = "due"       // on the turn track: arrives on turn Due (9.2, 9.5)
	locPending   = "pending"   // arrived, waiting for a legal placement hex (9.7)
	locHeld      = "held"      // enters by a rule (21.5, 23.2)
	locRemoved   = "removed"   // out of the game for good (HQs, 19.2; converted fortresses)
	locDeploy    = "deploy"    // to be placed by its side in the set-up (3.2)
)

// unit is one counter in a game.
type unit struct {
	ID  string
	Loc string
	Hex hex.Hex `json:"-"`
	Due int     `json:",omitempty"` // turn it arrives on (locDue)
	// Back: an HQ on its enhanced face (10.7); a supply unit flipped for
	// having moved (17.1).
	Back       bool `json:",omitempty"`
	Moved      bool `json:",omitempty"` // a supply unit moved this player turn (17.10(2))
	Entrenched bool `json:",omitempty"` // [Opt: Entrenching]
	// Entered: an army counter that has been in play, so that it may be
	// built by combining (10.4).
	Entered bool `json:",omitempty"`
	// Declared: a supply unit declared at the start of this phase for
	// Forced March or Maximum Attack Supply (17.11).
	Declared bool `json:",omitempty"`
	// Phase marks, cleared as each phase opens.
	Done     bool `json:",omitempty"` // has moved this phase (11.2)
	Railed   bool `json:",omitempty"` // has used its rail move (18.1)
	Attacked bool `json:",omitempty"` // has attacked this combat phase (14.4)
	Used     bool `json:",omitempty"` // HQ or airbase has supported a battle this phase (19.1)
	Marched  bool `json:",omitempty"` // forced march: movement doubled this phase (11.9)
	// NoBuy: demobilized this turn, cannot be bought back before next turn (9.11).
	NoBuy int `json:",omitempty"`
	// Placed: came into play this Mobilization Phase (9.6 counts these).
	Placed bool `json:",omitempty"`
	// [Opt: Fog of War]: Hidden, the counter is face-down (a unit seen by
	// the enemy is turned face-up); Top, its owner put it on top of its
	// stack.
	Hidden bool `json:",omitempty"`
	Top    bool `json:",omitempty"`
	// Edge: to be placed on the south map edge of Bulgaria (23.2).
	Edge bool `json:",omitempty"`
}

// vpEntry is one change of a side's VP with its reason (5.0).
type vpEntry struct {
	Turn   int
	Side   scenario.Side
	Change int
	Reason string
	Case   string
}

// State is one game of Kaiser's War in the East between windows.
type State struct {
	d   *data
	opt engine.Options

	Turn  int   // turn track number
	Half  int   // 0: the First Player's turn, 1: the Second Player's (6.2)
	Phase phase // the phase whose window is open
	First scenario.Side
	// Units are every counter of the game, by id.
	Units []*unit
	// Control is which side controls each hex whose control differs from
	// its side at the start (7.3); nil entries mean the start side.
	Control map[hex.Hex]scenario.Side `json:"-"`
	VP      map[scenario.Side]int
	Ledger  []vpEntry
	// Belligerent lists the neutral countries that have entered the war
	// (23.1).
	Belligerent map[string]bool
	Standing    map[scenario.Side][]engine.Order `json:"-"`
	// Rail is the rail capacity used this Movement Phase, in thirds of an
	// Army Equivalent (18.2).
	Rail int
	// Attacked lists the hexes attacked this combat phase (14.4).
	Attacked map[hex.Hex]bool `json:"-"`
	// Bought counts this turn's limited purchases, by "TYPE/COUNTRY"
	// (Mobilization Chart), and supply units placed per country (9.8).
	Bought map[string]int
	// Over: the game has ended; Result says how (4.0-4.3).
	Over   bool
	Result string
	Level  string // the level of victory of Result (4.3)
	// Opt is what the optional rules remember between windows (options.go).
	Opt *optState `json:",omitempty"`

	index map[string]*unit
}

// unit returns the counter with the given id, or nil.
func (s *State) unit(id string) *unit { return s.index[id] }

func (s *State) reindex() {
	s.index = make(map[string]*unit, len(s.Units))
	for _, u := range s.Units {
		s.index[u.ID] = u
	}
}

// prof is the printed data of u.
func (s *State) prof(u *unit) *profile { return s.d.byID[u.ID] }

// faceOf is the face u shows now.
func (s *State) faceOf(u *unit) face {
	p := s.prof(u)
	if u.Back && p.Back != nil {
		return *p.Back
	}
	return p.Front
}

// clone copies the state deeply, so that Resolve never changes its
// receiver.
func (s *State) clone() *State {
	c := *s
	c.Units = make([]*unit, len(s.Units))
	for i, u := range s.Units {
		v := *u
		c.Units[i] = &v
	}
	c.Control = copyMap(s.Control)
	c.VP = copyMap(s.VP)
	c.Ledger = append([]vpEntry(nil), s.Ledger...)
	c.Belligerent = copyMap(s.Belligerent)
	c.Standing = map[scenario.Side][]engine.Order{}
	for k, v := range s.Standing {
		c.Standing[k] = append([]engine.Order(nil), v...)
	}
	c.Attacked = copyMap(s.Attacked)
	c.Bought = copyMap(s.Bought)
	if s.Opt != nil {
		o := *s.Opt
		c.Opt = &o
	}
	c.reindex()
	return &c
}

func copyMap[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// at lists the units on the map in h, by id.
func (s *State) at(h hex.Hex) []*unit {
	var out []*unit
	for _, u := range s.Units {
		if u.Loc == locMap && u.Hex == h {
			out = append(out, u)
		}
	}
	return out
}

// occupants is every map hex with units, and the units of each, by id.
func (s *State) occupants() map[hex.Hex][]*unit {
	out := map[hex.Hex][]*unit{}
	for _, u := range s.Units {
		if u.Loc == locMap {
			out[u.Hex] = append(out[u.Hex], u)
		}
	}
	return out
}

// sideAt is the side with units in h, "" if none.
func (s *State) sideAt(h hex.Hex) scenario.Side {
	for _, u := range s.Units {
		if u.Loc == locMap && u.Hex == h {
			return s.prof(u).Side
		}
	}
	return ""
}

// controller is the side that controls h (7.3): the last to have entered
// it, or the side it started on.
func (s *State) controller(h hex.Hex) scenario.Side {
	if c, ok := s.Control[h]; ok {
		return c
	}
	c := s.d.country[h]
	if (c == Romania || c == Bulgaria) && !s.Belligerent[c] {
		return ""
	}
	return s.d.start[h]
}

// neutral reports whether h lies in a country still out of the war (23.0).
func (s *State) neutral(h hex.Hex) bool {
	c := s.d.country[h]
	return (c == Romania || c == Bulgaria) && !s.Belligerent[c]
}

// sortedHexes lists the keys of a hex set in hex order.
func sortedHexes[V any](m map[hex.Hex]V) []hex.Hex {
	out := make([]hex.Hex, 0, len(m))
	for h := range m {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}
