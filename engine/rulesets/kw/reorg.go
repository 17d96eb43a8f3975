package kw

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// The Reorganization Phase (10.0-10.7, 21.1): voluntary breakdown,
// combining corps into armies, HQ conversion.

// reorganize carries out the phasing side's Reorganization Phase orders,
// in the order given.
func (s *State) reorganize(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	for _, o := range os {
		switch o.Verb {
		case "breakdown":
			s.breakdownOrder(side, o, ev)
		case "combine":
			s.combine(side, o, ev)
		case "convert":
			s.convert(side, o, ev)
		case "entrench", "unentrench":
			s.entrenchOrder(side, o, ev) // [Opt: Entrenching]
		}
	}
}

// breakdownOrder is `breakdown ARMY...` (10.1): each army is replaced by
// its corps in its hex. Romanian armies never break down (10.0, 10.6); a
// breakdown the pool cannot fill with every corps is refused, so that no
// strength is lost by choice (ruling KW-10.1-SHORT).
func (s *State) breakdownOrder(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	ws, _ := o.Clause("")
	for _, w := range ws {
		u, prob := s.own(side, w.Text)
		if prob == "" {
			prob = s.breakdownProblem(u)
		}
		if prob != "" {
			reject(ev, side, o, prob, "10.1")
			continue
		}
		s.breakdown(u, "voluntary", "10.1", ev)
	}
}

func (s *State) breakdownProblem(u *unit) string {
	p := s.prof(u)
	switch {
	case u.Loc != locMap:
		return fmt.Sprintf("%s is not on the map", u.ID)
	case !p.army():
		return fmt.Sprintf("%s is not an army or army abteilung", u.ID)
	case s.inert(u):
		return fmt.Sprintf("%s belongs to a neutral country [23.0]", u.ID)
	case !s.canBreakDown(u):
		return fmt.Sprintf("%s cannot break down [10.0, 10.6]", u.ID)
	}
	r, ok := s.d.tables.reorg[p.Reorg]
	if !ok {
		return fmt.Sprintf("%s has no line on the reorganization chart", u.ID)
	}
	if n := len(s.corpsFor(u)); n < r.Count {
		return fmt.Sprintf("the counters out of play hold %d of the %d corps %s breaks into [9.5]", n, r.Count, u.ID)
	}
	return ""
}

// combine is `combine ARMY from CORPS... supply SUPPLY` (10.2-10.5, 21.1):
// the corps, in one hex within the offensive radius of a supply unit that
// has not moved, are replaced by the army, which must have been in play
// before (10.4; army abteilungen and the Sud Army any turn, 10.5, 21.1);
// the supply unit is spent.
func (s *State) combine(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	army, corps, sup, prob := s.bindCombine(side, o)
	if prob != "" {
		reject(ev, side, o, prob, "10.2")
		return
	}
	h := corps[0].Hex
	var ids []string
	for _, c := range corps {
		c.Loc, c.Back, c.Entrenched = locPool, false, false
		ids = append(ids, c.ID)
	}
	army.Loc, army.Hex, army.Entered = locMap, h, true
	s.spendForReorg(sup, "to build "+army.ID, "10.2", ev)
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is built in %s from %s", army.ID, h, strings.Join(ids, ", ")), Case: "10.2"})
}

// bindCombine reads a combine order and says why it may not be carried
// out, "" if it may.
func (s *State) bindCombine(side scenario.Side, o engine.Order) (*unit, []*unit, *unit, string) {
	w, _ := o.Clause("")
	from, _ := o.Clause("from")
	sw, _ := o.Clause("supply")
	if len(w) != 1 || len(from) == 0 || len(sw) != 1 {
		return nil, nil, nil, "want: combine ARMY from CORPS... supply SUPPLY"
	}
	army, prob := s.own(side, w[0].Text)
	if prob != "" {
		return nil, nil, nil, prob
	}
	p := s.prof(army)
	r, ok := s.d.tables.reorg[p.Reorg]
	switch {
	case !p.army() || !ok:
		return nil, nil, nil, fmt.Sprintf("%s is not an army built from corps [10.1]", army.ID)
	case p.Nation == "RO":
		return nil, nil, nil, "Romanian armies are never reorganized [10.0]"
	case army.Loc != locAvailable:
		return nil, nil, nil, fmt.Sprintf("%s is not in the Available box (it is %s) [9.10]", army.ID, army.Loc)
	case !army.Entered && p.Size != zAA && !s.startsAvailable(army.ID):
		return nil, nil, nil, fmt.Sprintf("%s has never been in play: it may not be built by combining yet [10.4]", army.ID)
	case s.lowMorale(side) && slices.Contains([]string{"AH", "BG", "RU"}, p.Nation):
		return nil, nil, nil, fmt.Sprintf("%s corps may not combine while %s VP are 25 or less [Opt: Morale]", p.Nation, s.whose(side))
	}
	var corps []*unit
	for _, c := range from {
		u, prob := s.own(side, c.Text)
		if prob != "" {
			return nil, nil, nil, prob
		}
		if slices.Contains(corps, u) {
			return nil, nil, nil, fmt.Sprintf("%s is named twice", u.ID)
		}
		corps = append(corps, u)
	}
	if prob := s.corpsProblem(p, r, corps); prob != "" {
		return nil, nil, nil, prob
	}
	sup, prob := s.offensiveSupply(side, sw[0].Text, corps[0].Hex)
	if prob != "" {
		return nil, nil, nil, prob
	}
	return army, corps, sup, ""
}

// startsAvailable reports whether the scenario puts army id in the
// Available box at its start (26.6, 27.6, 28.6): an army listed there as
// available for rebuilding has been in play (ruling KW-10.4-AVAILABLE).
func (s *State) startsAvailable(id string) bool {
	for _, pl := range s.d.s.Available {
		if pl.Unit == id {
			return true
		}
	}
	return false
}

// corpsProblem says why corps may not form an army of profile p by chart
// line r (10.2-10.3, 21.1), "" if they may: on the map in one hex, the
// chart's number of corps of its type, each of the army's nationality (the
// Sud Army: one German and one Austro-Hungarian).
func (s *State) corpsProblem(p *profile, r reorg, corps []*unit) string {
	if len(corps) != r.Count {
		return fmt.Sprintf("%s is built from %d %s corps, not %d [10.1]", p.ID, r.Count, r.Type, len(corps))
	}
	want := r.Nations
	if len(want) != r.Count {
		want = slices.Repeat([]string{p.Nation}, r.Count)
	}
	var got []string
	for _, c := range corps {
		q := s.prof(c)
		switch {
		case c.Loc != locMap:
			return fmt.Sprintf("%s is not on the map", c.ID)
		case c.Hex != corps[0].Hex:
			return fmt.Sprintf("%s is not in %s with %s [10.2]", c.ID, corps[0].Hex, corps[0].ID)
		case q.Size != zCorps || q.Type != r.Type:
			return fmt.Sprintf("%s is not an %s corps [10.3]", c.ID, r.Type)
		case s.inert(c):
			return fmt.Sprintf("%s belongs to a neutral country [23.0]", c.ID)
		}
		got = append(got, q.Nation)
	}
	slices.Sort(got)
	want = slices.Clone(want)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Sprintf("%s is built from %s corps, not %s [10.3, 21.1]", p.ID, strings.Join(want, "+"), strings.Join(got, "+"))
	}
	return ""
}

// offensiveSupply finds side's supply unit named id and says why it may
// not give Offensive Supply to target now (17.9(3), 17.10, 22.1(1),
// 22.2), "" if it may: on the map, not moved this player turn, not
// entrenched, with target inside its offensive radius.
func (s *State) offensiveSupply(side scenario.Side, id string, target hex.Hex) (*unit, string) {
	sup, prob := s.own(side, id)
	switch {
	case prob != "":
		return nil, prob
	case s.prof(sup).Type != tSupply:
		return nil, fmt.Sprintf("%s is not a supply unit", sup.ID)
	case sup.Loc != locMap:
		return nil, fmt.Sprintf("%s is not on the map", sup.ID)
	case sup.Moved:
		return nil, fmt.Sprintf("%s has moved this player turn [17.10]", sup.ID)
	case sup.Entrenched:
		return nil, fmt.Sprintf("%s is entrenched [Opt: Entrenching]", sup.ID)
	}
	r := s.offensiveRadius(sup)
	if !s.reach(side, sup.Hex, r, s.ezoc(side))[target] {
		return nil, fmt.Sprintf("%s is not within the offensive radius (%d) of %s in %s [17.2-17.4, 22.1]", target, r, sup.ID, sup.Hex)
	}
	return sup, ""
}

// spendForReorg spends a supply unit on Offensive Supply: it returns to
// the counters out of play (17.9).
func (s *State) spendForReorg(sup *unit, why, rule string, ev *[]engine.Event) {
	sup.Loc, sup.Back, sup.Moved, sup.Declared = locPool, false, false, false
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s in %s is spent %s", sup.ID, sup.Hex, why), Case: rule})
}

// convert is `convert HQ supply SUPPLY` (10.7, Mobilization Chart): from
// 1916 (param hq-convert-from), an HQ not in an enemy ZOC and within the
// offensive radius of a supply unit turns to its back face for good; the
// supply unit is spent and 5 VP paid (param hq-convert-cost; doubled
// under [Opt: Morale]; never to 0 VP or less, 5.5); one conversion per
// country per turn.
func (s *State) convert(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	hq, sup, cost, prob := s.bindConvert(side, o)
	if prob != "" {
		reject(ev, side, o, prob, "10.7")
		return
	}
	hq.Back = true
	s.Bought["convert/"+nationCountry(s.prof(hq).Nation)]++
	s.spendForReorg(sup, "to convert "+hq.ID, "10.7", ev)
	s.addVP(side, -cost, "converted "+hq.ID, "10.7", ev)
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s turns to its enhanced face, %s", hq.ID, s.faceOf(hq).Name), Case: "10.7"})
}

func (s *State) bindConvert(side scenario.Side, o engine.Order) (*unit, *unit, int, string) {
	w, _ := o.Clause("")
	sw, _ := o.Clause("supply")
	if len(w) != 1 || len(sw) != 1 {
		return nil, nil, 0, "want: convert HQ supply SUPPLY"
	}
	hq, prob := s.own(side, w[0].Text)
	if prob != "" {
		return nil, nil, 0, prob
	}
	p := s.prof(hq)
	from, ok := s.d.g.Param("hq-convert-from")
	if !ok {
		from = 1916
	}
	cost, ok := s.d.g.Param("hq-convert-cost")
	if !ok {
		cost = 5
	}
	cost *= s.moraleFactor(side)
	country := nationCountry(p.Nation)
	switch {
	case p.Type != tHQ || p.Back == nil:
		return nil, nil, 0, fmt.Sprintf("%s is not an HQ with an enhanced face", hq.ID)
	case hq.Loc != locMap:
		return nil, nil, 0, fmt.Sprintf("%s is not on the map", hq.ID)
	case hq.Back:
		return nil, nil, 0, fmt.Sprintf("%s is already on its enhanced face", hq.ID)
	case s.d.turn(s.Turn).Year < from:
		return nil, nil, 0, fmt.Sprintf("HQs may be converted only from %d", from)
	case s.ezoc(side)[hq.Hex]:
		return nil, nil, 0, fmt.Sprintf("%s is in an enemy zone of control", hq.ID)
	case s.Bought["convert/"+country] > 0:
		return nil, nil, 0, fmt.Sprintf("%s has converted an HQ this turn (one a turn per country)", country)
	case s.VP[side]-cost <= 0:
		return nil, nil, 0, fmt.Sprintf("the conversion costs %d VP and %s has %d: a spend may not leave 0 VP or less [5.5]", cost, s.d.g.SideNames[side], s.VP[side])
	}
	sup, prob := s.offensiveSupply(side, sw[0].Text, hq.Hex)
	if prob != "" {
		return nil, nil, 0, prob
	}
	return hq, sup, cost, ""
}
