package kw

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// The Mobilization Phase (9.0-9.11): arrivals, placement, purchases and
// demobilization.

// sideNations are the nations whose counters a side's free supply units
// are drawn from, in order of preference (9.2).
var sideNations = map[scenario.Side][]string{CP: {"DE", "AH", "BG"}, AL: {"RU", "RO"}}

// supplyCap is the most supply units a side may place in one of its
// countries in one Mobilization Phase (9.8, 23.1); countries not listed
// take any number. The caps are per phase (ruling KW-9.8-PHASE).
var supplyCap = map[string]int{Austria: 2, Bulgaria: 1, Romania: 1}

// arrivals brings side's units due this turn and its delayed purchases to
// be placed (9.1-9.2, 9.5), and draws the turn track's free supply units
// from the counters out of play (9.2, 26.6). Units still waiting from
// earlier phases stay waiting (9.7).
func (s *State) arrivals(side scenario.Side, ev *[]engine.Event) {
	for _, u := range s.Units {
		if u.Loc == locDue && u.Due <= s.Turn && s.prof(u).Side == side {
			u.Loc, u.Entered = locPending, true
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s arrives, to be placed", u.ID), Case: "9.2"})
		}
	}
	free := s.scheduledSupply(side) // options.go
	for i := 0; i < free; i++ {
		u := s.freeSupply(side)
		if u == nil {
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s has no supply counter out of play for a free supply unit", s.d.g.SideNames[side]), Case: "9.5"})
			break
		}
		u.Loc = locPending
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s receives the free supply unit %s, to be placed", s.d.g.SideNames[side], u.ID), Case: "9.2"})
	}
	s.optionArrivals(side, ev) // options.go
}

// freeSupply picks a supply counter out of play for side: generic
// counters of its first nation first, in id order.
func (s *State) freeSupply(side scenario.Side) *unit {
	for _, n := range sideNations[side] {
		if c := nationCountry(n); (c == Romania || c == Bulgaria) && !s.Belligerent[c] {
			continue // 23.0: a neutral's counters are not the side's yet
		}
		if u := s.outOfPlay(side, tSupply, n); u != nil {
			return u
		}
	}
	return nil
}

// outOfPlay picks a counter of a type and nation in the pool or the dead
// pile that may be mobilized now (9.5, 9.9, 9.11): generic counters first,
// then in id order; never an army, HQ, optional or scheduled counter.
func (s *State) outOfPlay(side scenario.Side, typ, nation string) *unit {
	var pick *unit
	for _, generic := range []bool{true, false} {
		for _, u := range s.Units {
			p := s.prof(u)
			if pick == nil && p.Side == side && p.Type == typ && p.Nation == nation && p.Generic == generic &&
				s.buyable(u) == "" {
				pick = u
			}
		}
	}
	return pick
}

// buyable says why counter u may not be mobilized now, "" if it may.
func (s *State) buyable(u *unit) string {
	p := s.prof(u)
	switch {
	case p.Type == tHQ: // 10.7's "even if eliminated and rebuilt" yields to 9.10 and 19.2 (ruling KW-9.10-HQ)
		return fmt.Sprintf("%s is an HQ: HQs are never bought or rebuilt [9.2, 9.10]", u.ID)
	case p.army() || p.Size == zArmyGroup:
		return fmt.Sprintf("%s is an army: armies are never bought, only rebuilt by combining corps [9.3, 9.10]", u.ID)
	case s.scheduled(u.ID):
		return fmt.Sprintf("%s comes only by the schedule [9.2]", u.ID)
	case p.Optional && s.optionalBuy(u) != "":
		return s.optionalBuy(u) // optunits.go
	case u.Loc != locPool && u.Loc != locDead:
		return fmt.Sprintf("%s is not out of play (it is %s) [9.5]", u.ID, u.Loc)
	case u.NoBuy == s.Turn:
		return fmt.Sprintf("%s was demobilized this turn [9.11]", u.ID)
	}
	return ""
}

// scheduled reports whether the scenario brings counter id by its schedule
// or by a rule (9.2, 21.5).
func (s *State) scheduled(id string) bool {
	for _, pls := range [][]*scenario.Placement{s.d.s.Arrivals, s.d.s.Held} {
		for _, pl := range pls {
			if pl.Unit == id {
				return true
			}
		}
	}
	return false
}

// mobilize carries out the phasing side's Mobilization Phase orders, in
// the order given.
func (s *State) mobilize(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	for _, o := range os {
		switch o.Verb {
		case "place":
			s.placeOrder(side, o, ev)
		case "buy":
			s.buy(side, o, ev)
		case "demob":
			s.demob(side, o, ev)
		}
	}
}

// placeOrder is `place UNIT at HEX` for a unit waiting to be placed (9.4).
func (s *State) placeOrder(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	u, h, prob := s.bindPlace(side, o)
	if prob == "" && u.Loc != locPending && !(u.Loc == locMap && u.Edge) {
		prob = fmt.Sprintf("%s is not waiting to be placed (it is %s)", u.ID, u.Loc)
	}
	if prob == "" {
		prob = s.placeProblem(u, h, s.ezoc(side))
	}
	if prob != "" {
		reject(ev, side, o, prob, "9.4")
		return
	}
	s.putDown(u, h, "", ev)
}

// putDown places u in h as a reinforcement.
func (s *State) putDown(u *unit, h hex.Hex, why string, ev *[]engine.Event) {
	p := s.prof(u)
	u.Loc, u.Hex, u.Placed, u.Edge, u.Entered = locMap, h, true, false, true
	if s.controller(h) != p.Side {
		s.enter(p.Side, h, ev) // Nationalists take control where they are placed (Opt: Additional Units)
	}
	if p.Type == tSupply {
		if c := s.supplyCountry(p.Side, h); c != "" {
			s.Bought["supply/"+c]++
		}
	}
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is placed in %s%s", u.ID, h, why), Case: "9.4"})
}

// supplyCountry is the country of h whose supply cap (9.8) a supply unit
// placed there counts against, "" for none: captured Strategic Objectives
// outside side's own countries fall under no cap (ruling KW-9.8-CAPTURED).
func (s *State) supplyCountry(side scenario.Side, h hex.Hex) string {
	if c := s.d.country[h]; s.d.origin(h) == side {
		return c
	}
	return ""
}

// placeProblem says why u may not be placed in h now, "" if it may (9.4,
// 9.6-9.8, 20.0, 23.1-23.2). ez is the enemy's ZOC.
func (s *State) placeProblem(u *unit, h hex.Hex, ez map[hex.Hex]bool) string {
	p := s.prof(u)
	switch {
	case !s.d.grid.Contains(h):
		return fmt.Sprintf("%s is not on the map", h)
	case !s.d.land(h):
		return fmt.Sprintf("no unit may stand in %s [9.7]", h)
	case s.neutral(h):
		return fmt.Sprintf("%s is in a neutral country [9.7, 23.0]", h)
	case s.sideAt(h) == Other(p.Side):
		return fmt.Sprintf("%s holds enemy units [9.7]", h)
	case ez[h]:
		return fmt.Sprintf("%s is in an enemy zone of control [9.7]", h)
	}
	if why := s.placeKind(u, h); why != "" {
		return why
	}
	if p.Type == tSupply {
		c := s.supplyCountry(p.Side, h)
		if limit, ok := supplyCap[c]; ok && s.Bought["supply/"+c] >= limit {
			return fmt.Sprintf("%s may place only %d supply unit(s) in %s a phase [9.8, 23.1]", s.d.g.SideNames[p.Side], limit, c)
		}
		return ""
	}
	armies, others := 0, 0
	for _, v := range s.at(h) {
		q := s.prof(v)
		switch {
		case !v.Placed || q.Type == tSupply:
		case q.army() || q.Type == tHQ:
			armies++
		default:
			others++
		}
	}
	big := p.army() || p.Type == tHQ
	if armies > 0 || (big && others > 0) || others >= 3 {
		return fmt.Sprintf("%s has had its placements this phase: one HQ or army, or three other units [9.6]", h)
	}
	return ""
}

// placeKind says why h is not a placement hex for u's kind (9.4), "" if
// it is: a friendly-controlled city of the unit's own country, or such a
// map-edge hex with a rail line off the map; Romanian and Bulgarian units
// only in their cities (23.1); supply units in either kind in any of the
// side's own countries, or in a captured Strategic Objective; a fortress
// in its own city (ruling KW-9.9-FORT); the Turks and Mackensen on
// Bulgaria's south edge (23.2).
func (s *State) placeKind(u *unit, h hex.Hex) string {
	if why, ok := s.optionPlace(u, h); ok { // optunits.go
		return why
	}
	p := s.prof(u)
	t := s.d.towns[h]
	city := t != nil && t.City
	if s.controller(h) != p.Side {
		return fmt.Sprintf("%s is not controlled by %s [9.4]", h, s.d.g.SideNames[p.Side])
	}
	switch {
	case u.Edge:
		if !s.southEdge(h) {
			return fmt.Sprintf("%s is placed on the south map edge of Bulgaria, and %s is not there [23.2]", u.ID, h)
		}
	case p.Type == tFortress:
		if t == nil || !strings.EqualFold(t.Name, p.Name) {
			return fmt.Sprintf("the fortress %s stands only in %s [9.9, 20.0]", u.ID, p.Name)
		}
	case p.Type == tSupply:
		home := (city || s.d.exits[h]) && s.d.origin(h) == p.Side
		captured := s.d.objective(h) && s.d.origin(h) != p.Side
		if !home && !captured {
			return fmt.Sprintf("%s is neither a city nor a rail exit of %s countries, nor a captured Strategic Objective [9.4]", h, s.whose(p.Side))
		}
	default:
		c := nationCountry(p.Nation)
		if s.d.country[h] != c {
			return fmt.Sprintf("%s is not in %s, %s's country [9.4]", h, c, u.ID)
		}
		if c == Romania || c == Bulgaria {
			if !city {
				return fmt.Sprintf("%s's reinforcements go only to its cities [23.1]", c)
			}
		} else if !city && !s.d.exits[h] {
			return fmt.Sprintf("%s is neither a city nor a map-edge hex with a rail line off the map [9.4]", h)
		}
	}
	return ""
}

// candidates are the hexes where u might be placed, in hex order: towns
// and rail exits, or Bulgaria's south edge.
func (s *State) candidates(u *unit) []hex.Hex {
	if hs := s.optionCandidates(u); hs != nil { // optunits.go
		return hs
	}
	set := map[hex.Hex]bool{}
	if u.Edge {
		for h, c := range s.d.country {
			if c == Bulgaria && s.southEdge(h) {
				set[h] = true
			}
		}
	} else {
		for h := range s.d.towns {
			set[h] = true
		}
		for h := range s.d.exits {
			set[h] = true
		}
	}
	return sortedHexes(set)
}

// placeRest places, at the end of the phase, the units its side left
// waiting: each in the first legal hex in hex order that keeps the
// stacking limits, else the first legal one, so that a silent side loses
// nothing (ruling KW-9.7-DEFAULT); a unit with no legal hex waits (9.7).
func (s *State) placeRest(side scenario.Side, ev *[]engine.Event) {
	ez := s.ezoc(side)
	for _, u := range s.Units {
		if u.Loc == locMap {
			u.Edge = false // Mackensen's chance to move to Bulgaria lasts one phase (23.2)
		}
		if u.Loc != locPending || s.prof(u).Side != side {
			continue
		}
		var first, fits *hex.Hex
		for _, h := range s.candidates(u) {
			if s.placeProblem(u, h, ez) != "" {
				continue
			}
			h := h
			if first == nil {
				first = &h
			}
			if s.stackProblem(u, h) == "" {
				fits = &h
				break
			}
		}
		switch {
		case fits != nil:
			s.putDown(u, *fits, " (not placed by its side: the first legal hex)", ev)
		case first != nil:
			s.putDown(u, *first, " (not placed by its side: the first legal hex)", ev)
		default:
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s has no legal placement hex: it waits", u.ID), Case: "9.7"})
		}
	}
}

// demob is `demob UNIT...` (9.11): units that trace General Supply go to
// the pool, with no VP either way, and may not be bought back this turn.
// An army goes to the Available box, the only place it returns from
// (ruling KW-9.11-ARMY); an HQ leaves the game, for HQs never return
// (9.10).
func (s *State) demob(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	ws, _ := o.Clause("")
	for _, w := range ws {
		u, prob := s.own(side, w.Text)
		switch {
		case prob != "":
		case u.Loc != locMap:
			prob = fmt.Sprintf("%s is not on the map", u.ID)
		case s.inert(u):
			prob = fmt.Sprintf("%s belongs to a neutral country [23.0]", u.ID)
		case !s.generalSupply(side)[u.ID]:
			prob = fmt.Sprintf("%s is not in General Supply [9.11, 17.5]", u.ID)
		}
		if prob != "" {
			reject(ev, side, o, prob, "9.11")
			continue
		}
		where := s.offMap(u, locPool, "the pool")
		u.NoBuy = s.Turn
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is demobilized from %s %s, with no VP", u.ID, u.Hex, where), Case: "9.11"})
	}
}

// buy is `buy TYPE|UNIT [nation N] [at HEX]` (9.3, 9.5, 9.9): a counter
// out of play is bought at the Mobilization Chart's cost; with a delay it
// goes on the turn track, else it is placed at HEX now or, without one,
// waits to be placed in this phase.
func (s *State) buy(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	u, cost, prob := s.bindBuy(side, o)
	if prob != "" {
		reject(ev, side, o, prob, "9.3")
		return
	}
	p := s.prof(u)
	row, _ := s.buyRow(u) // optunits.go
	var at hex.Hex
	if w, ok := o.Clause("at"); ok && row.Delay == 0 {
		h, err := s.d.grid.Parse(w[0].Text)
		if err == nil {
			at = h
			was := u.Loc
			u.Loc = locPending // as it will be, for the checks
			prob = s.placeProblem(u, h, s.ezoc(side))
			u.Loc = was
		} else {
			prob = err.Error()
		}
		if prob != "" {
			reject(ev, side, o, prob, "9.4")
			return
		}
	}
	if row.Limit > 0 {
		s.Bought[p.Type+"/"+nationCountry(p.Nation)]++
	}
	if u.Loc == locDead {
		u.Loc = locPool
	}
	s.addVP(side, -cost, "bought "+u.ID, "9.3", ev)
	switch {
	case row.Delay > 0:
		u.Loc, u.Due = locDue, s.Turn+row.Delay
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s bought for %d VP: it arrives on turn %d (%s)", u.ID, cost, u.Due, s.d.turn(u.Due).Label), Case: "9.5"})
	case at.Row != 0:
		u.Loc = locPending
		s.putDown(u, at, fmt.Sprintf(", bought for %d VP", cost), ev)
	default:
		u.Loc = locPending
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s bought for %d VP, to be placed", u.ID, cost), Case: "9.3"})
	}
}

// bindBuy finds the counter a buy order takes and its cost, or says why
// it may not be bought.
func (s *State) bindBuy(side scenario.Side, o engine.Order) (*unit, int, string) {
	w, _ := o.Clause("")
	if len(w) != 1 {
		return nil, 0, "want: buy TYPE|UNIT [nation N] [at HEX]"
	}
	if why := s.buyBan(side); why != "" { // optunits.go
		return nil, 0, why
	}
	word := w[0].Text
	typ := strings.ToLower(word)
	if typ == "supply-unit" {
		// "supply" is a clause keyword of other orders, so the order
		// language names the type so (9.3)
		typ = tSupply
	}
	var u *unit
	if _, ok := s.d.tables.buy[typ]; ok {
		nation := sideNations[side][0]
		if n, ok := o.Clause("nation"); ok {
			nation = strings.ToUpper(n[0].Text)
		}
		if prob := s.nationProblem(side, nation); prob != "" {
			return nil, 0, prob
		}
		if u = s.outOfPlay(side, typ, nation); u == nil {
			return nil, 0, fmt.Sprintf("no %s %s counter is out of play: the counter mix is exhausted [9.5]", nation, typ)
		}
	} else {
		var prob string
		if u, prob = s.own(side, word); prob != "" {
			return nil, 0, fmt.Sprintf("%s is neither a type on the Mobilization Chart nor a counter of %s", word, s.d.g.SideNames[side])
		}
		if prob = s.buyable(u); prob != "" {
			return nil, 0, prob
		}
		if prob = s.nationProblem(side, s.prof(u).Nation); prob != "" {
			return nil, 0, prob
		}
	}
	return s.price(u)
}

// nationProblem says why side may not mobilize units of nation now.
func (s *State) nationProblem(side scenario.Side, nation string) string {
	for _, n := range s.d.g.Vocab.Nations {
		if n.ID != nation {
			continue
		}
		if n.Side != side {
			return fmt.Sprintf("%s is not a nation of %s", nation, s.d.g.SideNames[side])
		}
		if c := nationCountry(nation); (c == Romania || c == Bulgaria) && !s.Belligerent[c] {
			return fmt.Sprintf("%s is still neutral [23.0]", c)
		}
		return ""
	}
	return fmt.Sprintf("no nation %s", nation)
}

// price is what counter u costs now (Mobilization Chart, 5.5): the
// chart's cost for its type, three times the defence for a fortress,
// doubled under [Opt: Morale] while the buyer's VP are 25 or less; the
// chart's first year and per-country limit apply, and the purchase may
// not leave the buyer with 0 VP or less.
func (s *State) price(u *unit) (*unit, int, string) {
	p := s.prof(u)
	row, ok := s.buyRow(u) // optunits.go
	cost := row.Cost
	switch {
	case p.Type == tFortress:
		cost, ok = 3*p.Front.Defense, true
	case !ok:
		return nil, 0, fmt.Sprintf("%s is a %s, which the Mobilization Chart does not sell", u.ID, p.Type)
	}
	t := s.d.turn(s.Turn)
	if row.From > 0 && t.Year < row.From {
		return nil, 0, fmt.Sprintf("%s units may be bought only from %d [9.5]", p.Type, row.From)
	}
	if row.Limit > 0 && s.Bought[p.Type+"/"+nationCountry(p.Nation)] >= row.Limit {
		return nil, 0, fmt.Sprintf("%s may buy only %d %s a turn [9.5]", nationCountry(p.Nation), row.Limit, p.Type)
	}
	cost *= s.moraleFactor(p.Side)
	if s.VP[p.Side]-cost <= 0 {
		return nil, 0, fmt.Sprintf("%s costs %d VP and %s has %d: a purchase may not leave 0 VP or less [5.5]", u.ID, cost, s.d.g.SideNames[p.Side], s.VP[p.Side])
	}
	return u, cost, ""
}

// moraleFactor is 2 while [Opt: Morale] doubles side's costs (VP at or
// below the threshold, 25 unless the data's param morale-threshold says),
// else 1.
func (s *State) moraleFactor(side scenario.Side) int {
	if s.lowMorale(side) {
		return 2
	}
	return 1
}

// lowMorale reports whether [Opt: Morale] is in force against side now.
func (s *State) lowMorale(side scenario.Side) bool {
	if !s.opt["morale"] {
		return false
	}
	limit, ok := s.d.g.Param("morale-threshold")
	if !ok {
		limit = 25
	}
	return s.VP[side] <= limit
}
