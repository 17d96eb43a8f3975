package kw

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// The game options of [Opt: Amphibious Operations] and [Opt: Naval
// Transfer], and the other reading of ruling KW-Naval-LIMITS.
const (
	optAmphib    = "amphibious"
	optNaval     = "naval-transfer"
	optNavalOpen = "naval-transfer-open"
)

// Where an amphibious move or transfer goes: the marine's voyage of 21.6
// is in sea.go; these are the optional ones.
const (
	caseAmphib = "Opt: Amphibious Operations"
	caseNaval  = "Opt: Naval Transfer"
)

// transferPorts are the ports between which each side may make a Naval
// Transfer, by group: a transfer stays within one group ([Opt: Naval
// Transfer] 1, 2).
var transferPorts = map[scenario.Side][][]string{
	CP: {{"Danzig", "Konigsberg", "Riga", "Helsinki"}},
	AL: {{"Petrograd", "Kronstadt", "Riga", "Helsinki"}, {"Odessa", "Sevastopol"}},
}

// seaOf is the sea ("baltic", "black") of an all-sea hex: that of the
// ports beside the all-sea hexes joined to it (ruling KW-Amphib-COAST);
// "" for a hex that is not all-sea or a water no port opens on.
func (d *data) seaOf(h hex.Hex) string {
	if d.terrain(h) != "sea" {
		return ""
	}
	seen := map[hex.Hex]bool{h: true}
	queue := []hex.Hex{h}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range d.grid.Neighbours(x) {
			if p := d.port(n); p != "" {
				return p
			}
			if !seen[n] && d.terrain(n) == "sea" {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return ""
}

// onSea reports whether the land hex h lies on sea: a port of it, or a
// coastal hex next to an all-sea hex of it (ruling KW-Amphib-COAST).
func (d *data) onSea(h hex.Hex, sea string) bool {
	if sea == "" || !d.land(h) {
		return false
	}
	if d.port(h) == sea {
		return true
	}
	for _, n := range d.grid.Neighbours(h) {
		if d.seaOf(n) == sea {
			return true
		}
	}
	return false
}

// voyage is an amphibious move, assault or Naval Transfer as ordered.
type voyage struct {
	u         *unit
	from, to  hex.Hex
	sea       string
	pay       []hex.Hex // where the supply unit it spends may stand
	roll      bool      // the Landing Table is rolled (not for a transfer)
	rule      string
	verbWords string // for the report: "lands", "puts to sea"
}

// amphibious carries out `land`, `assault` or `ship` in the Movement
// Phase: one such move a player turn, by a unit that begins the phase
// where it stands and has not moved; it spends a supply unit, rolls the
// Landing Table unless it is a Naval Transfer, and is the unit's whole
// move (ruling KW-Amphib-WHOLE); a Naval Transfer too, made in this phase
// (ruling KW-Naval-PHASE).
func (s *State) amphibious(m *movePhase, o engine.Order, dice engine.Dice, ev *[]engine.Event) {
	v, why, rule := s.bindVoyage(m, o)
	if why != "" {
		reject(ev, m.side, o, why, rule)
		return
	}
	sup, why := s.payer(m.side, o, v)
	if why != "" {
		reject(ev, m.side, o, why, v.rule)
		return
	}
	m.naval = o.Verb
	if m.last != nil && m.last != v.u {
		m.last.Done = true
	}
	m.last, m.left[v.u.ID], v.u.Done = v.u, 0, true
	sup.Loc, sup.Back, sup.Moved, sup.Declared = locPool, false, false, false
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s in %s is spent for %s's %s", sup.ID, sup.Hex, v.u.ID, o.Verb), Case: v.rule})
	if _, checking := dice.(noDice); v.roll && !checking {
		die := dice.D6()
		res := landingResult(die)
		*ev = append(*ev, &engine.Roll{Purpose: fmt.Sprintf("Landing Table, %s from %s to %s", v.u.ID, v.from, v.to), Case: caseAmphib, Value: die, Result: res})
		switch res {
		case "eliminated":
			s.combatLoss(v.u, "Landing Table", caseAmphib, ev)
			return
		case "fails":
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s stays in %s and moves no more this phase", v.u.ID, v.from), Case: caseAmphib})
			return
		}
	}
	*ev = append(*ev, &combatMove{Unit: v.u.ID, Side: m.side, Path: []hex.Hex{v.from, v.to}, Verb: v.verbWords, Rule: v.rule})
	v.u.Hex = v.to
	if s.prof(v.u).Type == tSupply {
		v.u.Moved, v.u.Back = true, true // 17.1
	}
	if s.d.land(v.to) {
		s.enter(m.side, v.to, ev)
	}
}

// landingResult reads the Landing Table (digest 5.10).
func landingResult(die int) string {
	switch {
	case die == 1:
		return "eliminated"
	case die <= 3:
		return "fails"
	}
	return "lands"
}

// bindVoyage reads a `land`, `assault` or `ship` order and checks it as
// things stand.
func (s *State) bindVoyage(m *movePhase, o engine.Order) (*voyage, string, string) {
	rule := caseAmphib
	opt := optAmphib
	if o.Verb == "ship" {
		rule, opt = caseNaval, optNaval
	}
	if !s.opt[opt] {
		return nil, fmt.Sprintf("this game is played without the %s option", strings.TrimPrefix(rule, "Opt: ")), rule
	}
	u, why, r := s.mover(m, o)
	if why != "" {
		return nil, why, r
	}
	to, _ := o.Clause("to")
	if len(to) != 1 {
		return nil, fmt.Sprintf("want: %s UNIT to HEX [supply SUPPLY]", o.Verb), rule
	}
	dest, err := s.d.grid.Parse(to[0].Text)
	if err != nil || !s.d.grid.Contains(dest) {
		return nil, fmt.Sprintf("%s is not a hex of the map", to[0].Text), rule
	}
	v := &voyage{u: u, from: u.Hex, to: dest, rule: rule, roll: o.Verb != "ship"}
	switch {
	case m.naval != "":
		return nil, fmt.Sprintf("%s's side has made its one amphibious move or Naval Transfer this turn (%s)", u.ID, m.naval), rule
	case !m.fresh(u) || m.began[u.ID] != u.Hex:
		return nil, fmt.Sprintf("%s has moved this phase: it must begin the phase where it sails from", u.ID), rule
	case dest == u.Hex:
		return nil, fmt.Sprintf("%s is in %s already", u.ID, dest), rule
	}
	switch o.Verb {
	case "land":
		why = s.landPlan(m.side, v)
	case "assault":
		why = s.assaultPlan(m.side, v)
	default:
		why = s.transferPlan(m.side, v)
	}
	if why != "" {
		return nil, why, rule
	}
	if why, r := s.seaClosed(m.side, v); why != "" {
		return nil, why, r
	}
	return v, "", ""
}

// landPlan checks an amphibious move of a marine unit: from a port to any
// coastal or port hex of its sea, paid in the port of embarkation; or from
// a coastal hex to a port of the same sea its side controls, paid in the
// port of debarkation. The landing hex holds no enemy unit and keeps the
// stacking limits.
func (s *State) landPlan(side scenario.Side, v *voyage) string {
	if s.prof(v.u).Type != tMarine {
		return v.u.ID + " is not a marine unit: only marines make amphibious moves"
	}
	if why, _ := s.entry(v.u, v.to); why != "" {
		return why
	}
	if why := s.stackProblem(v.u, v.to); why != "" {
		return why
	}
	if sea := s.d.port(v.from); sea != "" && s.d.onSea(v.to, sea) {
		v.sea, v.pay = sea, append(v.pay, v.from)
	}
	if sea := s.d.port(v.to); sea != "" && s.controller(v.to) == side && s.d.onSea(v.from, sea) {
		v.sea, v.pay = sea, append(v.pay, v.to)
	}
	if v.sea == "" {
		return fmt.Sprintf("an amphibious move goes from a port to a coast or port of its sea, or from a coast to a port of the same sea under %s control: %s to %s is neither", s.whose(side), v.from, v.to)
	}
	v.verbWords = "lands by sea (amphibious move)"
	return ""
}

// assaultPlan checks the start of an amphibious assault: a marine unit in
// a port puts to sea, to an all-sea hex of that port's sea next to a
// coastal hex that enemy units hold, paid in the port.
func (s *State) assaultPlan(side scenario.Side, v *voyage) string {
	sea := s.d.port(v.from)
	switch {
	case s.prof(v.u).Type != tMarine:
		return v.u.ID + " is not a marine unit: only marines make amphibious assaults"
	case sea == "":
		return fmt.Sprintf("%s is not in a port: an amphibious assault starts in one", v.u.ID)
	case s.d.seaOf(v.to) != sea:
		return fmt.Sprintf("%s is not an all-sea hex of the sea of %s (%s)", v.to, v.from, sea)
	case len(s.at(v.to)) > 0:
		return fmt.Sprintf("%s holds units already", v.to)
	}
	for _, n := range s.d.grid.Neighbours(v.to) {
		if s.d.land(n) && !s.neutral(n) && s.sideAt(n) == Other(side) {
			v.sea, v.pay, v.verbWords = sea, []hex.Hex{v.from}, "puts to sea for an amphibious assault"
			return ""
		}
	}
	return fmt.Sprintf("no coastal hex next to %s holds enemy units", v.to)
}

// transferPlan checks a Naval Transfer: one corps of any type or one
// supply unit, between two ports of one of its side's lists that its side
// controls; either port may hold the supply unit it spends (ruling
// KW-Naval-SUPPLY).
func (s *State) transferPlan(side scenario.Side, v *voyage) string {
	p := s.prof(v.u)
	if p.Size != zCorps && p.Type != tSupply {
		return v.u.ID + " is neither a corps nor a supply unit"
	}
	var from, to string
	for _, group := range transferPorts[side] {
		from, to = "", ""
		for _, name := range group {
			if h, ok := s.d.town(name); ok && h == v.from {
				from = name
			}
			if h, ok := s.d.town(name); ok && h == v.to {
				to = name
			}
		}
		if from != "" && to != "" {
			break
		}
	}
	switch {
	case from == "" || to == "":
		return fmt.Sprintf("%s and %s are not two ports of one of %s Naval Transfer lists", v.from, v.to, s.whose(side))
	case s.controller(v.from) != side:
		return fmt.Sprintf("%s is not under %s control", from, s.whose(side))
	case s.controller(v.to) != side:
		return fmt.Sprintf("%s is not under %s control", to, s.whose(side))
	}
	if why, _ := s.entry(v.u, v.to); why != "" {
		return why
	}
	if why := s.stackProblem(v.u, v.to); why != "" {
		return why
	}
	v.sea, v.pay, v.verbWords = s.d.port(v.from), []hex.Hex{v.from, v.to}, "is shipped (Naval Transfer)"
	return ""
}

// seaClosed says why side may not sail on v's sea now, "" if it may: no
// amphibious operation in the Baltic in Winter (22.1(4)); none by the
// Allies in the Baltic while the Central Powers control Kronstadt, or in
// the Black Sea while they control Sevastopol. Both bind a Naval Transfer
// too, unless the game takes the other reading (ruling KW-Naval-LIMITS).
func (s *State) seaClosed(side scenario.Side, v *voyage) (string, string) {
	if !v.roll && s.opt[optNavalOpen] {
		return "", ""
	}
	if v.sea == "baltic" && s.weatherOf() == "winter" {
		return "no amphibious operations in the Baltic in Winter", "22.1(4)"
	}
	lock := map[string]string{"baltic": "Kronstadt", "black": "Sevastopol"}[v.sea]
	if h, ok := s.d.town(lock); ok && side == AL && s.controller(h) == CP {
		return fmt.Sprintf("the Central Powers control %s: no Allied operations on the %s sea", lock, v.sea), v.rule
	}
	return "", ""
}

// payer is the supply unit a voyage spends: the one the order's `supply`
// clause names, else the first by id of side's supply units in a hex the
// voyage may pay in; never one entrenched, one declared for a combat
// phase, or the unit shipped.
func (s *State) payer(side scenario.Side, o engine.Order, v *voyage) (*unit, string) {
	ok := func(u *unit) bool {
		return u != v.u && u.Loc == locMap && s.prof(u).Side == side && s.prof(u).Type == tSupply &&
			!u.Entrenched && !u.Declared && slices.Contains(v.pay, u.Hex)
	}
	where := make([]string, len(v.pay))
	for i, h := range v.pay {
		where[i] = h.String()
	}
	if ws, named := o.Clause("supply"); named && len(ws) == 1 {
		u, prob := s.own(side, ws[0].Text)
		switch {
		case prob != "":
			return nil, prob
		case !ok(u):
			return nil, fmt.Sprintf("%s is not a supply unit free to spend in %s", u.ID, strings.Join(where, " or "))
		}
		return u, ""
	}
	for _, u := range s.Units {
		if ok(u) {
			return u, ""
		}
	}
	return nil, fmt.Sprintf("none of %s supply units is in %s to spend", s.whose(side), strings.Join(where, " or "))
}

// afloat reports whether u is a marine unit at sea for an amphibious
// assault: between its Movement Phase and the end of its First Combat
// Phase it stands in an all-sea hex, where it exerts no zone of control
// (ruling KW-Amphib-SEA).
func (s *State) afloat(u *unit) bool {
	return u.Loc == locMap && s.d.grid.Contains(u.Hex) && s.d.terrain(u.Hex) == "sea" && s.prof(u).Type == tMarine
}

// assaultPursues puts a marine attacking from the sea among a battle's
// pursuers, first: a result that lets the attackers pursue lands it in the
// defended hex, which is its only way ashore. It receives no Maximum
// Attack Supply, as no radius reaches an all-sea hex (17.3).
func (s *State) assaultPursues(b *battle) {
	for _, u := range b.attackers {
		if s.afloat(u) && !among(b.pursuers, u) {
			b.pursuers = append([]*unit{u}, b.pursuers...)
		}
	}
}

// sinkAssault eliminates, as a combat loss, every marine still at sea
// after a battle it fought: the result let it not land (ruling
// KW-Amphib-LOST).
func (s *State) sinkAssault(b *battle, ev *[]engine.Event) {
	for _, u := range b.attackers {
		if s.afloat(u) && !s.Over {
			s.combatLoss(u, "the amphibious assault did not win a landing", caseAmphib, ev)
		}
	}
}

// strandAfloat eliminates, as a combat loss, side's marines still at sea
// when the First Combat Phase ends: they had to attack in it, and no unit
// stays at sea (ruling KW-Amphib-LOST).
func (s *State) strandAfloat(side scenario.Side, ev *[]engine.Event) {
	for _, u := range s.Units {
		if s.afloat(u) && s.prof(u).Side == side && !s.Over {
			s.combatLoss(u, "it did not make its amphibious assault", caseAmphib, ev)
		}
	}
}
