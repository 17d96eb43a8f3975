package kw

import (
	"encoding/json"
	"fmt"
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// newState sets up scenario s: the counters the rules place, those its
// sides deploy, the schedule and the boxes (26.0-28.6).
func newState(g *scenario.Game, sc *scenario.Scenario, opt engine.Options) (*State, error) {
	if sc == nil {
		return nil, fmt.Errorf("kw: no scenario")
	}
	d, err := newData(g, sc)
	if err != nil {
		return nil, err
	}
	s := &State{d: d, opt: opt, Turn: sc.First, Phase: phSetup,
		VP: map[scenario.Side]int{}, Control: map[hex.Hex]scenario.Side{}, Belligerent: map[string]bool{},
		Standing: map[scenario.Side][]engine.Order{}, Bought: map[string]int{}}
	for _, p := range d.units {
		s.Units = append(s.Units, &unit{ID: p.ID, Loc: locPool})
	}
	s.reindex()
	put := func(pls []*scenario.Placement, loc string) error {
		for _, pl := range pls {
			u := s.unit(pl.Unit)
			if u == nil {
				return fmt.Errorf("%s: no unit %s", pl.Pos, pl.Unit)
			}
			u.Loc, u.Hex, u.Due = loc, pl.Hex, pl.Turn
			u.Back = pl.Face == "back" // 28.4, 28.5: HQs set up converted
			if loc == locMap || loc == locDeploy {
				u.Entered = true
			}
		}
		return nil
	}
	for _, step := range []struct {
		pls []*scenario.Placement
		loc string
	}{{sc.Setup, locMap}, {sc.Deploy, locDeploy}, {sc.Arrivals, locDue}, {sc.Available, locAvailable}, {sc.Held, locHeld}} {
		if err := put(step.pls, step.loc); err != nil {
			return nil, err
		}
	}
	for _, side := range []scenario.Side{CP, AL} {
		s.VP[side] = sc.StartVP
		if v, ok := sc.VPs[side]; ok {
			s.VP[side] = v
		}
	}
	var ev []engine.Event
	if err := s.startOptions(&ev); err != nil { // options.go
		return nil, err
	}
	s.First = s.firstPlayer(s.Turn)
	if s.skip() {
		s.advance(noDice{}, &ev)
	}
	return s, nil
}

// noDice stands in for dice where the rules roll none; a roll asked of it
// is a bug.
type noDice struct{}

func (noDice) D6() int { panic("kw: a die was rolled where the rules roll none") }

// System implements engine.State.
func (s *State) System() string { return "kw" }

// snapshot is the stored form of a state: the exported fields, and the
// hex-keyed ones written with hex ids.
type snapshot struct {
	*State
	Hexes    map[string]string                   // unit id -> hex, for units on the map or deploying
	Control  map[string]scenario.Side            // hex -> side
	Attacked []string                            // hexes
	Standing map[scenario.Side][]json.RawMessage `json:",omitempty"`
}

// Snapshot implements engine.State.
func (s *State) Snapshot() ([]byte, error) {
	sn := snapshot{State: s, Hexes: map[string]string{}, Control: map[string]scenario.Side{}}
	for _, u := range s.Units {
		if u.Hex.Row != 0 {
			sn.Hexes[u.ID] = u.Hex.String()
		}
	}
	for _, h := range sortedHexes(s.Control) {
		sn.Control[h.String()] = s.Control[h]
	}
	for _, h := range sortedHexes(s.Attacked) {
		sn.Attacked = append(sn.Attacked, h.String())
	}
	sides := make([]scenario.Side, 0, len(s.Standing))
	for side := range s.Standing {
		sides = append(sides, side)
	}
	sort.Slice(sides, func(i, j int) bool { return sides[i] < sides[j] })
	if len(sides) > 0 {
		sn.Standing = map[scenario.Side][]json.RawMessage{}
	}
	for _, side := range sides {
		for _, o := range s.Standing[side] {
			b, err := json.Marshal(o)
			if err != nil {
				return nil, err
			}
			sn.Standing[side] = append(sn.Standing[side], b)
		}
	}
	return json.Marshal(sn)
}

func restore(g *scenario.Game, sc *scenario.Scenario, opt engine.Options, b []byte) (*State, error) {
	d, err := newData(g, sc)
	if err != nil {
		return nil, err
	}
	s := &State{d: d, opt: opt}
	sn := snapshot{State: s}
	if err := json.Unmarshal(b, &sn); err != nil {
		return nil, fmt.Errorf("kw: restoring a snapshot: %v", err)
	}
	s.reindex()
	parse := func(t string) (hex.Hex, error) { return d.grid.Parse(t) }
	for id, t := range sn.Hexes {
		u := s.unit(id)
		if u == nil {
			return nil, fmt.Errorf("kw: snapshot names unit %s, which the data lacks", id)
		}
		h, err := parse(t)
		if err != nil {
			return nil, fmt.Errorf("kw: snapshot: unit %s: %v", id, err)
		}
		u.Hex = h
	}
	s.Control = map[hex.Hex]scenario.Side{}
	for t, side := range sn.Control {
		h, err := parse(t)
		if err != nil {
			return nil, fmt.Errorf("kw: snapshot: control: %v", err)
		}
		s.Control[h] = side
	}
	if len(sn.Attacked) > 0 {
		s.Attacked = map[hex.Hex]bool{}
	}
	for _, t := range sn.Attacked {
		h, err := parse(t)
		if err != nil {
			return nil, fmt.Errorf("kw: snapshot: attacked: %v", err)
		}
		s.Attacked[h] = true
	}
	s.Standing = map[scenario.Side][]engine.Order{}
	for side, raws := range sn.Standing {
		for _, r := range raws {
			var o engine.Order
			if err := json.Unmarshal(r, &o); err != nil {
				return nil, fmt.Errorf("kw: snapshot: standing orders: %v", err)
			}
			s.Standing[side] = append(s.Standing[side], o)
		}
	}
	if s.VP == nil {
		s.VP = map[scenario.Side]int{}
	}
	if s.Belligerent == nil {
		s.Belligerent = map[string]bool{}
	}
	if s.Bought == nil {
		s.Bought = map[string]int{}
	}
	return s, nil
}
