package kw

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// The counters of the optional rules: the Additional Units (the Allied
// Expeditionary Force, the Czech Legion, the Nationalist Volunteers), the
// Bolsheviks' placement ([Opt: Russian Revolutions]) and Fortress
// Conversion ([Opt: Scenario Options]).

const optAddUnits = "additional-units"

// natCities are the towns where Nationalist Volunteers may be placed
// ([Opt: Additional Units]; "Ravel" in the text is Reval).
var natCities = []string{"Abo", "Helsinki", "Reval", "Riga", "Warsaw", "Kiev", "Kharkov", "Sevastopol"}

// optionalBuy says why the optional counter u may not be bought now, ""
// if it may: the AEF from 1916, the Nationalists in 1917-18 while the
// Allies' VP are 25 or less, both only with the Additional Units option.
func (s *State) optionalBuy(u *unit) string {
	p := s.prof(u)
	t := s.d.turn(s.Turn)
	switch {
	case p.Type == tAirbase && s.opt[optAir]:
		return "" // [Opt: Air Units]: the chart's year and delay apply (air.go)
	case p.Nation != "AEF" && p.Nation != "NAT":
		return fmt.Sprintf("%s is an optional counter [21.7]", u.ID)
	case !s.opt[optAddUnits]:
		return fmt.Sprintf("%s is an optional counter, used with the Additional Units option [21.7]", u.ID)
	case p.Nation == "AEF" && t.Year < 1916:
		return fmt.Sprintf("%s may be bought only from 1916 [Opt: Additional Units]", u.ID)
	case p.Nation == "NAT" && t.Year != 1917 && t.Year != 1918:
		return fmt.Sprintf("%s may be bought only in 1917 and 1918 [Opt: Additional Units]", u.ID)
	case p.Nation == "NAT" && s.VP[AL] > s.moraleLimit():
		return fmt.Sprintf("%s may be bought only while the Allies' VP are %d or less [Opt: Additional Units]", u.ID, s.moraleLimit())
	}
	return ""
}

// moraleLimit is the VP at or under which a side's morale is low (Opt:
// Morale, Opt: Additional Units): the data's param morale-threshold, 25.
func (s *State) moraleLimit() int {
	if n, ok := s.d.g.Param("morale-threshold"); ok {
		return n
	}
	return 25
}

// buyRow is the Mobilization Chart's line for u: its type's, or for the
// Additional Units the cost their rule sets (params cost-*) with no delay,
// first year or limit of their own.
func (s *State) buyRow(u *unit) (purchase, bool) {
	p := s.prof(u)
	param := ""
	switch {
	case p.Nation == "AEF" && p.Type == tArmCar:
		param = "cost-rnas"
	case p.Nation == "AEF":
		param = "cost-aefr"
	case p.Nation == "NAT" && p.Type == tShock:
		param = "cost-nat-shock"
	case p.Nation == "NAT":
		param = "cost-nat-corps"
	default:
		row, ok := s.d.tables.buy[p.Type]
		return row, ok
	}
	cost, ok := s.d.g.Param(param)
	if !ok {
		cost = map[string]int{"cost-rnas": 4, "cost-aefr": 8, "cost-nat-shock": 8, "cost-nat-corps": 4}[param]
	}
	return purchase{Cost: cost}, true
}

// buyBan says why side may buy nothing now, "" if it may: after the
// Second Revolution the Allies mobilize nothing (ruling KW-Opt-SECOND).
func (s *State) buyBan(side scenario.Side) string {
	if side == AL && s.revolution() == 2 {
		return "after the Second Revolution the Allies mobilize nothing [Opt: Russian Revolutions]"
	}
	return ""
}

// optionPlace says where a counter of an optional rule may be placed (ok
// true), or lets 9.4 decide (ok false):
//   - the AEF on an Allied-controlled hex of the north map edge, or with
//     Gallipoli of the Black Sea coast (ruling KW-Opt-EDGE);
//   - the Czech Legion on an Allied-controlled rail hex in Russia;
//   - Nationalists in the towns the rule lists, whoever controls them;
//   - the Bolshevik Partisans in any hex of Russia, the other Bolsheviks and
//     their free supply unit in an Allied-controlled Strategic Objective in
//     Russia, not where 9.4 would put a supply unit.
func (s *State) optionPlace(u *unit, h hex.Hex) (string, bool) {
	p := s.prof(u)
	switch {
	case p.Nation == "AEF":
		if s.controller(h) != AL || !(s.northEdge(h) || s.opt[optGallipoli] && s.blackSeaCoast()[h]) {
			return fmt.Sprintf("%s is not an Allied-controlled hex of the north map edge%s [Opt: Additional Units]", h,
				map[bool]string{true: " or the Black Sea coast", false: ""}[s.opt[optGallipoli]]), true
		}
	case p.Nation == "CZ":
		if s.controller(h) != AL || s.d.country[h] != Russia || len(s.d.rail[h]) == 0 {
			return fmt.Sprintf("%s is not an Allied-controlled rail hex in Russia [Opt: Additional Units]", h), true
		}
	case p.Nation == "NAT":
		if t := s.d.towns[h]; t == nil || !slices.ContainsFunc(natCities, func(n string) bool { return strings.EqualFold(n, t.Name) }) {
			return fmt.Sprintf("Nationalists are placed only in %s [Opt: Additional Units]", strings.Join(natCities, ", ")), true
		}
	case p.Nation == "BOL" && p.Type == tPartisan:
		if s.d.country[h] != Russia {
			return fmt.Sprintf("%s is not in Russia [Opt: Russian Revolutions]", h), true
		}
	case p.Nation == "BOL" || p.Side == AL && p.Type == tSupply && s.revolution() == 2:
		// After the Second Revolution the Allies' only supply unit is the
		// Bolsheviks' free one, placed as their free unit is.
		if s.controller(h) != AL || s.d.country[h] != Russia || !s.d.objective(h) {
			return fmt.Sprintf("%s is not an Allied-controlled Strategic Objective in Russia [Opt: Russian Revolutions]", h), true
		}
	default:
		return "", false
	}
	return "", true
}

// optionCandidates are the hexes a counter placed by optionPlace may go
// to, when they are not towns or rail exits; nil for the others.
func (s *State) optionCandidates(u *unit) []hex.Hex {
	p := s.prof(u)
	set := map[hex.Hex]bool{}
	for _, h := range s.d.grid.All() {
		switch {
		case !s.d.land(h):
		case p.Nation == "AEF" && (s.northEdge(h) || s.opt[optGallipoli] && s.blackSeaCoast()[h]):
			set[h] = true
		case p.Nation == "CZ" && len(s.d.rail[h]) > 0 && s.d.country[h] == Russia:
			set[h] = true
		case p.Nation == "BOL" && p.Type == tPartisan && s.d.country[h] == Russia:
			set[h] = true
		}
	}
	if len(set) == 0 {
		return nil
	}
	return sortedHexes(set)
}

// northEdge reports whether h is a land hex of the map's first row (ruling
// KW-Opt-EDGE).
func (s *State) northEdge(h hex.Hex) bool {
	return s.d.land(h) && h.Row == 1
}

// blackSeaCoast is the set of land hexes next to the Black Sea: the
// all-sea hexes joined to one next to a port the data marks port=black
// (ruling KW-Opt-EDGE).
func (s *State) blackSeaCoast() map[hex.Hex]bool {
	isSea := func(h hex.Hex) bool { return s.d.grid.Contains(h) && s.d.terrain(h) == "sea" }
	seen := map[hex.Hex]bool{}
	var queue []hex.Hex
	for h, t := range s.d.towns {
		if t.Attrs["port"] != "black" {
			continue
		}
		for _, n := range s.d.grid.Neighbours(h) {
			if isSea(n) && !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	coast := map[hex.Hex]bool{}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range s.d.grid.Neighbours(h) {
			switch {
			case isSea(n) && !seen[n]:
				seen[n] = true
				queue = append(queue, n)
			case s.d.land(n):
				coast[n] = true
			}
		}
	}
	return coast
}

// staysInRussia says why u may not enter h, and the rule, "" if it may:
// Nationalists (Opt: Additional Units) and the Bolshevik Partisans (Opt:
// Russian Revolutions) never leave Russia, by any kind of move.
func (s *State) staysInRussia(u *unit, h hex.Hex) (string, string) {
	if s.d.country[h] == Russia {
		return "", ""
	}
	switch p := s.prof(u); {
	case p.Nation == "NAT":
		return fmt.Sprintf("%s never leaves Russia", u.ID), "Opt: Additional Units"
	case p.Type == tPartisan:
		return fmt.Sprintf("%s never leaves Russia", u.ID), "Opt: Russian Revolutions"
	}
	return "", ""
}

// dismantleOrders carries out `dismantle FORTRESS...` (Fortress
// Conversion): in its side's Reorganization Phase with the option, or in
// the Russians' 1914 set-up with Russians Modernize Field Artillery
// (ruling KW-Opt-CONVERSION), each fortress leaves the game for good and
// an infantry corps of its nation from the pool takes its place, at no
// cost. The other orders are returned.
func (s *State) dismantleOrders(side scenario.Side, os []engine.Order, ev *[]engine.Event) []engine.Order {
	var rest []engine.Order
	for _, o := range os {
		if o.Verb != "dismantle" {
			rest = append(rest, o)
			continue
		}
		ws, _ := o.Clause("")
		for _, w := range ws {
			if prob := s.dismantle(side, w.Text, ev); prob != "" {
				reject(ev, side, o, prob, "Opt: Fortress Conversion")
			}
		}
	}
	return rest
}

func (s *State) dismantle(side scenario.Side, id string, ev *[]engine.Event) string {
	setup := s.Phase == phSetup
	switch {
	case setup && !(s.opt[optModernize] && side == AL && s.startYear() == 1914):
		return "fortresses are converted at the set-up only by the Russians in 1914, with Russians Modernize Field Artillery"
	case !setup && !s.opt[optFortConv]:
		return "Fortress Conversion is not in use in this game"
	}
	f, prob := s.own(side, id)
	if prob != "" {
		return prob
	}
	p := s.prof(f)
	switch {
	case p.Type != tFortress:
		return fmt.Sprintf("%s is not a fortress", f.ID)
	case f.Loc != locMap:
		return fmt.Sprintf("%s is not on the map", f.ID)
	case setup && p.Nation != "RU":
		return fmt.Sprintf("%s is not Russian", f.ID)
	}
	c := s.outOfPlay(side, tInf, p.Nation)
	if c == nil {
		return fmt.Sprintf("no %s infantry corps is out of play to take %s's place", p.Nation, f.ID)
	}
	h := f.Hex
	f.Loc = locRemoved
	if why := s.stackProblem(c, h); why != "" {
		f.Loc = locMap
		return why
	}
	c.Loc, c.Hex, c.Entered = locMap, h, true
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("the fortress %s is converted: it leaves the game for good and %s takes its place in %s", f.ID, c.ID, h), Case: "Opt: Fortress Conversion"})
	return ""
}
