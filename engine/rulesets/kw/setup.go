package kw

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// zone is where a deploying unit may go (3.2).
func (s *State) zone(u *unit) []*scenario.Field {
	for _, pl := range s.d.s.Deploy {
		if pl.Unit == u.ID {
			out := make([]*scenario.Field, len(pl.Zone))
			for i := range pl.Zone {
				out[i] = &pl.Zone[i]
			}
			return out
		}
	}
	return s.optionZone(u) // options.go
}

// inZone says why h is outside u's set-up zone, "" if it is inside: the
// zone's fields, always on its side's side of the scenario's front line
// (7.1) and out of neutral countries (23.0). North and south go by the hex
// row, inclusive or not as the field says (ruling KW-3.2-ROWS). The hexes
// of an also= field belong to the zone whatever its other fields say
// (ruling KW-28.5-ALSO).
func (s *State) inZone(u *unit, h hex.Hex) string {
	p := s.prof(u)
	if !s.d.land(h) {
		return fmt.Sprintf("%s is not land a unit may stand on", h)
	}
	if s.neutral(h) {
		return fmt.Sprintf("%s is in a neutral country", h)
	}
	if s.d.start[h] != p.Side {
		return fmt.Sprintf("%s is not on %s side of the front line", h, s.whose(p.Side))
	}
	zone := s.zone(u)
	incl := true
	var ofTown hex.Hex
	for _, f := range zone {
		switch f.Key {
		case "incl":
			incl = f.Value == "yes"
		case "of":
			ofTown, _ = s.d.town(f.Value)
		case "also":
			for _, a := range splitComma(f.Value) {
				if a == h.String() {
					return ""
				}
			}
		}
	}
	for _, f := range zone {
		if why := s.zoneField(f, h, incl, ofTown); why != "" {
			return why
		}
	}
	return ""
}

// zoneField says why h is outside what one field of a zone allows.
func (s *State) zoneField(f *scenario.Field, h hex.Hex, incl bool, ofTown hex.Hex) string {
	t, _ := s.d.town(f.Value)
	switch f.Key {
	case "in":
		for _, c := range splitComma(f.Value) {
			if s.d.country[h] == c {
				return ""
			}
		}
		return fmt.Sprintf("%s is not in %s", h, f.Value)
	case "at":
		if h != t {
			return fmt.Sprintf("%s is not %s", h, f.Value)
		}
	case "near":
		if h != t && !s.d.grid.Adjacent(h, t) {
			return fmt.Sprintf("%s is neither %s nor next to it", h, f.Value)
		}
	case "region", "near-region":
		r := s.d.m.Region(f.Value)
		if r == nil {
			return fmt.Sprintf("the zone names no region %s", f.Value)
		}
		ok := r.Has(h)
		for _, n := range s.d.grid.Neighbours(h) {
			ok = ok || f.Key == "near-region" && r.Has(n)
		}
		if !ok {
			return fmt.Sprintf("%s is not in %s", h, f.Value)
		}
	case "city":
		if tw := s.d.towns[h]; f.Value == "yes" && (tw == nil || !tw.City) {
			return fmt.Sprintf("%s is not a city", h)
		}
	case "north-of":
		if h.Row > t.Row || (!incl && h.Row == t.Row) {
			return fmt.Sprintf("%s is not north of %s", h, f.Value)
		}
	case "south-of":
		if h.Row < t.Row || (!incl && h.Row == t.Row) {
			return fmt.Sprintf("%s is not south of %s", h, f.Value)
		}
	case "within":
		n, _ := strconv.Atoi(f.Value)
		if ofTown.Row == 0 {
			return "the zone's within= names no town (of=)"
		}
		if s.d.grid.Distance(h, ofTown) > n {
			return fmt.Sprintf("%s is more than %d hexes from %s", h, n, s.d.towns[ofTown].Name)
		}
	case "rail":
		if f.Value == "yes" && len(s.d.rail[h]) == 0 {
			return fmt.Sprintf("%s is not a rail hex", h)
		}
	}
	return ""
}

// deploy places the units a side sets up itself (3.2): `place UNIT at HEX`.
func (s *State) deploy(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	for _, o := range os {
		if o.Verb != "place" {
			reject(ev, side, o, "only place orders in the deployment", "3.2")
			continue
		}
		u, h, prob := s.bindPlace(side, o)
		if prob == "" && u.Loc != locDeploy {
			prob = fmt.Sprintf("%s is not a unit %s sets up in its zone", u.ID, s.d.g.SideNames[side])
		}
		if prob == "" {
			prob = s.inZone(u, h)
		}
		if prob == "" {
			prob = s.stackProblem(u, h)
		}
		if prob != "" {
			reject(ev, side, o, prob, "3.2")
			continue
		}
		u.Loc, u.Hex = locMap, h
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s sets up in %s", u.ID, h), Case: "3.2"})
	}
}

// deployRest places the units a side did not place, each in the first hex
// of its zone, in hex order, that keeps the stacking limits (12.5), so that
// a missing file loses nothing.
func (s *State) deployRest(side scenario.Side, ev *[]engine.Event) {
	for _, u := range s.Units {
		if u.Loc != locDeploy || s.prof(u).Side != side {
			continue
		}
		for _, h := range s.d.grid.All() {
			if s.inZone(u, h) == "" && s.stackProblem(u, h) == "" {
				u.Loc, u.Hex = locMap, h
				*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s was not placed: it sets up in %s, the first hex of its zone", u.ID, h), Case: "3.2", Seen: []scenario.Side{side}})
				break
			}
		}
		if u.Loc == locDeploy {
			u.Loc = locPending
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s has no hex left in its zone: it waits to be placed as a reinforcement", u.ID), Case: "9.7", Seen: []scenario.Side{side}})
		}
	}
}

// bindPlace reads `place UNIT at HEX` for side.
func (s *State) bindPlace(side scenario.Side, o engine.Order) (*unit, hex.Hex, string) {
	w, _ := o.Clause("")
	at, _ := o.Clause("at")
	if len(w) != 1 || len(at) != 1 {
		return nil, hex.Hex{}, "want: place UNIT at HEX"
	}
	u, prob := s.own(side, w[0].Text)
	if prob != "" {
		return nil, hex.Hex{}, prob
	}
	h, err := s.d.grid.Parse(at[0].Text)
	if err != nil {
		return nil, hex.Hex{}, err.Error()
	}
	return u, h, ""
}

// own finds a unit of side by id, in any case.
func (s *State) own(side scenario.Side, id string) (*unit, string) {
	u := s.unit(strings.ToUpper(id))
	if u == nil {
		u = s.unit(id)
	}
	if u == nil {
		return nil, fmt.Sprintf("no unit %s", id)
	}
	if s.prof(u).Side != side {
		return nil, fmt.Sprintf("%s is not %s: the scenario gives %s to %s [7.2]", u.ID, s.whose(side), s.prof(u).Nation, s.d.g.SideNames[Other(side)])
	}
	return u, ""
}

// ownRule is the rule an order naming a unit its side may not command
// cites: 7.2 for a unit of the other side, else rule.
func (s *State) ownRule(prob, rule string) string {
	if strings.HasSuffix(prob, "[7.2]") {
		return "7.2"
	}
	return rule
}
