package kw

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// optFog is the game option of [Opt: Fog of War].
const optFog = "fog-of-war"

func (s *State) fog() bool { return s.opt[optFog] }

// fogVerbs are the orders of [Opt: Fog of War].
var fogVerbs = map[string]bool{"hide": true, "show": true, "top": true, "staff": true, "recon": true}

// hideable reports whether u may be turned face-down: its back shows only
// its nation's flag ([Opt: Fog of War]); HQs, supply units, Bolsheviks and
// every counter whose back carries values may not.
func (s *State) hideable(u *unit) bool {
	p := s.prof(u)
	return p.Type != tHQ && p.Type != tSupply && p.Nation != "BOL" && p.Back == nil
}

// seenBy reports whether side sees who u is: always its own side and the
// moderators; under [Opt: Fog of War] the enemy sees a unit on the map that
// is face-up, and nothing of the boxes off the map.
func (s *State) seenBy(u *unit, side scenario.Side) bool {
	if !s.fog() || side == engine.Moderator || s.prof(u).Side == side {
		return true
	}
	return u.Loc == locMap && !u.Hidden
}

// topOf is the counter on top of side's stack in h: the one its owner put
// there, else the one with the highest defence, then the lowest id.
func (s *State) topOf(h hex.Hex) *unit {
	var top *unit
	for _, u := range s.at(h) {
		switch {
		case top == nil, u.Top && !top.Top:
			top = u
		case u.Top == top.Top && s.faceOf(u).Defense > s.faceOf(top).Defense:
			top = u
		}
	}
	return top
}

// reveal turns every unit in the hexes face-up: at the start of a battle
// the stacks taking part are shown to both sides ([Opt: Fog of War] 1), and
// a stack an HQ's staff or an airbase examines is shown (2, 3).
func (s *State) reveal(why string, hs ...hex.Hex) []engine.Event {
	var ev []engine.Event
	for _, h := range hs {
		var ids []string
		for _, u := range s.at(h) {
			if u.Hidden {
				u.Hidden = false
				ids = append(ids, u.ID)
			}
		}
		if len(ids) > 0 {
			ev = append(ev, &engine.Note{Text: fmt.Sprintf("%s: the counters in %s are turned face-up: %s", why, h, strings.Join(ids, ", ")), Case: "Opt: Fog of War"})
		}
	}
	return ev
}

// revealBattle shows both players, at the start of a battle's resolution,
// every stack it involves, the defended hex and each hex attacked from,
// and the units backing it: the HQ, the airbase and the supply units
// spent for it, and the entrenched supply unit of an Enhanced Defense
// ([Opt: Fog of War] 1). Those are shown themselves, not their stacks
// (ruling KW-Fog-BATTLE).
// With b nil only the units given are shown.
func (s *State) revealBattle(b *battle, backing ...*unit) []engine.Event {
	if !s.fog() {
		return nil
	}
	var ev []engine.Event
	if b != nil {
		hs := []hex.Hex{b.hex}
		for _, u := range b.attackers {
			if !slices.Contains(hs, u.Hex) {
				hs = append(hs, u.Hex)
			}
		}
		ev = s.reveal("the battle for "+b.hex.String(), hs...)
		backing = append(backing, b.supply...)
	}
	var shown []string
	for _, u := range backing {
		if u == nil {
			continue
		}
		u.Hidden = false
		shown = append(shown, fmt.Sprintf("%s in %s", u.ID, u.Hex))
	}
	if len(shown) > 0 {
		ev = append(ev, &engine.Note{Text: "shown as backing the battle: " + strings.Join(shown, ", "), Case: "Opt: Fog of War"})
	}
	return ev
}

// faceDownIn reports whether h holds a face-down counter.
func (s *State) faceDownIn(h hex.Hex) bool {
	return slices.ContainsFunc(s.at(h), func(u *unit) bool { return u.Hidden })
}

// fogOrders carries out the orders of [Opt: Fog of War] in the open window
// and returns the others: hide, show and top in the set-up and the
// Reorganization Phase; staff and recon at the start of the Movement Phase
// (dice are not rolled while orders are only checked).
func (s *State) fogOrders(side scenario.Side, os []engine.Order, dice engine.Dice, ev *[]engine.Event) []engine.Order {
	var rest []engine.Order
	for _, o := range os {
		if !fogVerbs[o.Verb] {
			rest = append(rest, o)
			continue
		}
		if !s.fog() {
			reject(ev, side, o, "this game is played without the Fog of War option", "Opt: Fog of War")
			continue
		}
		switch o.Verb {
		case "hide", "show", "top":
			s.flip(side, o, ev)
		case "staff", "recon":
			s.examine(side, o, dice, ev)
		}
	}
	return rest
}

// flip turns units face-down or face-up, or puts one on top of its stack.
func (s *State) flip(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	ws, _ := o.Clause("")
	for _, w := range ws {
		u, prob := s.own(side, w.Text)
		if prob == "" && u.Loc != locMap && u.Loc != locDeploy {
			prob = u.ID + " is not on the map"
		}
		if prob == "" && o.Verb == "hide" && !s.hideable(u) {
			prob = u.ID + "'s back shows values, not a flag: it cannot be hidden"
		}
		if prob != "" {
			reject(ev, side, o, prob, "Opt: Fog of War")
			continue
		}
		switch o.Verb {
		case "hide":
			u.Hidden = true
		case "show":
			u.Hidden = false
		case "top":
			for _, x := range s.at(u.Hex) {
				x.Top = false
			}
			u.Top = true
		}
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s: %s", o.Verb, u.ID), Case: "Opt: Fog of War", Seen: []scenario.Side{side}})
	}
}

// examine is an HQ's staff looking at an enemy stack in its radius on a d6
// at or under its support factor, or an airbase's recon of one in its range
// ([Opt: Fog of War] 2, 3); zones of control do not stop either.
func (s *State) examine(side scenario.Side, o engine.Order, dice engine.Dice, ev *[]engine.Event) {
	ws, _ := o.Clause("")
	at, _ := o.Clause("at")
	if len(ws) != 1 || len(at) != 1 {
		reject(ev, side, o, "want: "+o.Verb+" UNIT at HEX", "Opt: Fog of War")
		return
	}
	u, prob := s.own(side, ws[0].Text)
	h, err := s.d.grid.Parse(at[0].Text)
	switch {
	case prob != "":
	case err != nil:
		prob = err.Error()
	case u.Loc != locMap:
		prob = u.ID + " is not on the map"
	case o.Verb == "staff" && s.prof(u).Type != tHQ:
		prob = u.ID + " is not an HQ"
	case o.Verb == "recon" && s.prof(u).Type != tAirbase:
		prob = u.ID + " is not an airbase"
	case s.sideAt(h) != Other(side):
		prob = fmt.Sprintf("%s holds no enemy stack", h)
	case s.d.grid.Distance(u.Hex, h) > s.faceOf(u).Radius:
		prob = fmt.Sprintf("%s is %d hexes from %s, beyond its radius of %d", h, s.d.grid.Distance(u.Hex, h), u.ID, s.faceOf(u).Radius)
	case o.Verb == "staff" && s.usedStaff(side):
		prob = "one HQ's staff a Movement Phase"
	}
	if prob != "" {
		reject(ev, side, o, prob, "Opt: Fog of War")
		return
	}
	u.Used = true
	if _, checking := dice.(noDice); checking {
		return
	}
	if o.Verb == "staff" {
		roll := dice.D6()
		ok := roll <= s.faceOf(u).Support
		res := "fails"
		if ok {
			res = "sees the stack"
		}
		*ev = append(*ev, &engine.Roll{Purpose: fmt.Sprintf("%s's staff looks at %s (support %d)", u.ID, h, s.faceOf(u).Support), Case: "Opt: Fog of War", Value: roll, Result: res})
		if !ok {
			return
		}
	}
	*ev = append(*ev, s.reveal(u.ID+" examines "+h.String(), h)...)
}

func (s *State) usedStaff(side scenario.Side) bool {
	for _, u := range s.Units {
		if u.Used && u.Loc == locMap && s.prof(u).Side == side && s.prof(u).Type == tHQ {
			return true
		}
	}
	return false
}

// screen keeps what a face-down unit does from the enemy ([Opt: Fog of
// War]): a move by a hidden unit is told in full to its side and as a
// face-down counter's move to the other; a note naming a hidden unit only
// to its side.
func (s *State) screen(ev []engine.Event) []engine.Event {
	if !s.fog() {
		return ev
	}
	hidden := map[string]*unit{}
	for _, u := range s.Units {
		if u.Hidden {
			hidden[u.ID] = u
		}
	}
	var out []engine.Event
	for _, e := range ev {
		if m, ok := e.(engine.Mover); ok {
			if u := hidden[m.Movement().Who]; u != nil {
				side := s.prof(u).Side
				out = append(out, &private{Event: e, Side: side}, &faceDownMove{m: m.Movement(), side: side, name: s.d.g.SideNames[side]})
				continue
			}
		}
		if n, ok := e.(*engine.Note); ok && n.Seen == nil {
			if u := namesHidden(n.Text, hidden); u != nil {
				c := *n
				c.Seen = []scenario.Side{s.prof(u).Side}
				out = append(out, &c)
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// namesHidden is a hidden unit whose id the text names, or nil.
func namesHidden(text string, hidden map[string]*unit) *unit {
	ids := make([]string, 0, len(hidden))
	for id := range hidden {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if strings.Contains(text, id) {
			return hidden[id]
		}
	}
	return nil
}

// private is an event only one side may see.
type private struct {
	engine.Event
	Side scenario.Side
}

// Audience implements engine.Event.
func (p *private) Audience() []scenario.Side { return []scenario.Side{p.Side} }

// Unwrap is the event private screens.
func (p *private) Unwrap() engine.Event { return p.Event }

// Movement implements engine.Mover, for the side that sees it.
func (p *private) Movement() engine.Movement {
	if m, ok := p.Event.(engine.Mover); ok {
		return m.Movement()
	}
	return engine.Movement{}
}

// faceDownMove is a hidden unit's move as the enemy sees it.
type faceDownMove struct {
	m    engine.Movement
	side scenario.Side
	name string
}

func (f *faceDownMove) String() string {
	var hs []string
	for _, h := range f.m.Path {
		hs = append(hs, h.String())
	}
	return engine.Cited(fmt.Sprintf("a face-down %s counter moves %s", f.name, strings.Join(hs, "-")), "Opt: Fog of War")
}

// EventCase implements engine.Event.
func (f *faceDownMove) EventCase() string { return "Opt: Fog of War" }

// Audience implements engine.Event: the side that does not own the unit.
func (f *faceDownMove) Audience() []scenario.Side { return []scenario.Side{Other(f.side)} }

// Movement implements engine.Mover: the path without the unit's name.
func (f *faceDownMove) Movement() engine.Movement {
	m := f.m
	m.Who, m.Glimpse = "face-down", true // the moderators have the whole move
	return m
}
