package kw

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// battle is one `attack` order bound to the game (14.3).
type battle struct {
	o         engine.Order
	side      scenario.Side // the attacker (14.2)
	hex       hex.Hex       // the defended hex
	attackers []*unit
	from      map[string]hex.Hex // where each attacker attacked from
	hq        *unit              // supporting HQ (19.1), or nil
	air       *unit              // supporting airbase ([Opt: Air Units]), or nil
	enhance   *unit              // the defender's entrenched supply unit ([Opt: Entrenching]), or nil
	supply    []*unit            // declared supply units backing the battle (17.9(2))
	table     string             // "standard" or "shock" (14.12)
	pursuers  []*unit            // who pursues, if the result grants it (16.1)
	to        *hex.Hex           // the second pursuit hex of a BT (16.2)
	code      string             // the result, once rolled
	guards    []guard
}

// guard is one `if` condition: the battle is fought only if it holds.
type guard struct {
	text string
	op   string
	n    int
}

// combat is a Combat Phase of side (14.0): the supply declarations first,
// whatever their place in the file (17.11), then the battles in the order
// written (14.4), each resolved with its retreats and pursuit before the
// next (16.0).
func (s *State) combat(side scenario.Side, os []engine.Order, dice engine.Dice, ev *[]engine.Event) {
	s.declareSupply(side, os, ev)
	for _, o := range os {
		if s.Over {
			return
		}
		switch o.Verb {
		case "supply":
		case "attack":
			s.fight(side, o, dice, ev)
		default:
			reject(ev, side, o, o.Verb+" is not an order of a combat phase", "14.0")
		}
	}
	if s.Phase == phCombat1 && !s.Over {
		s.strandAfloat(side, ev) // [Opt: Amphibious Operations]
	}
}

// validateCombat checks each attack as resolution will meet it, before any
// die (walkAttacks): up to the first battle that may be fought the game
// is as things stand; after it, only what no battle's result can undo is
// refused (the preview warns of the rest).
func (s *State) validateCombat(side scenario.Side, os []engine.Order) []engine.Event {
	var ev []engine.Event
	s.declareSupply(side, os, &ev)
	for _, o := range os {
		if o.Verb != "supply" && o.Verb != "attack" {
			reject(&ev, side, o, o.Verb+" is not an order of a combat phase", "14.0")
		}
	}
	s.walkAttacks(side, os, func(a attackSeen) {
		if a.why != "" && a.certain {
			reject(&ev, side, a.o, a.why, a.rule)
		}
	})
	return ev
}

// declareSupply marks the supply units side will spend on Maximum Attack
// Supply this phase (17.11). A unit that moved this player turn cannot be
// declared (17.10(2)); an order naming one bad unit declares none.
func (s *State) declareSupply(side scenario.Side, os []engine.Order, ev *[]engine.Event) {
	for _, o := range os {
		if o.Verb != "supply" {
			continue
		}
		w, _ := o.Clause("")
		var us []*unit
		why, rule := "", "17.11"
		for _, word := range w {
			u, prob := s.own(side, word.Text)
			switch {
			case prob != "":
				why = prob
			case s.prof(u).Type != tSupply:
				why = u.ID + " is not a supply unit"
			case u.Loc != locMap:
				why = u.ID + " is not on the map"
			case u.Moved:
				why, rule = u.ID+" moved this player turn and gives no Offensive Supply", "17.10(2)"
			case u.Entrenched:
				why, rule = u.ID+" is entrenched: it only backs a defence", "Opt: Entrenching"
			case u.Declared:
				why = u.ID + " is already declared this phase"
			}
			if why != "" {
				break
			}
			us = append(us, u)
		}
		if why != "" {
			reject(ev, side, o, why, rule)
			continue
		}
		for _, u := range us {
			u.Declared = true
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is declared for Maximum Attack Supply this phase; it is spent at the end of the phase", u.ID), Case: "17.11"})
		}
	}
}

// spendDeclared spends the supply units declared for the phase, whether a
// battle used them or not (ruling KW-17.11-SPENT): back to the counter mix.
// Nothing declared carries into the next phase (17.10(4)).
func (s *State) spendDeclared(side scenario.Side, ev *[]engine.Event) {
	for _, u := range s.Units {
		if !u.Declared || s.prof(u).Side != side {
			continue
		}
		u.Declared = false
		if u.Loc != locMap {
			continue
		}
		u.Loc, u.Back, u.Moved, u.Used = locPool, false, false, false
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is spent (declared for Maximum Attack Supply)", u.ID), Case: "17.11"})
	}
}

// fight resolves one attack order: bind, strengths, the guard, the die,
// the result (14.3).
func (s *State) fight(side scenario.Side, o engine.Order, dice engine.Dice, ev *[]engine.Event) {
	b, why, rule := s.bindAttack(side, o)
	if why != "" {
		reject(ev, side, o, why, rule)
		return
	}
	t := s.strength(b)
	if len(b.guards) > 0 && s.faceDownIn(b.hex) { // fog.go, ruling KW-Fog-BATTLE
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("attack on %s: face-down counters defend it, so its conditions are not judged and it is fought (once the stacks are shown it cannot be called off)", b.hex), Case: "Opt: Fog of War"})
		b.guards = nil
	}
	for _, g := range b.guards {
		if !g.holds(t.percent, t.defense) {
			*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("attack on %s skipped: condition %s does not hold (%s)", b.hex, g.text, t.ratio()), Case: "14.4"})
			return
		}
	}
	s.commit(b)
	*ev = append(*ev, s.revealBattle(b, b.hq, b.air)...) // fog.go
	if s.declareEnhanced(b, ev) {
		t = s.strength(b)
		*ev = append(*ev, s.revealBattle(nil, b.enhance)...)
	}
	die := dice.D6()
	code := s.d.tables.crt[b.table][die-1][t.col]
	*ev = append(*ev, &engine.Note{Text: t.detail(b), Case: "14.3"})
	*ev = append(*ev, &engine.Roll{Purpose: fmt.Sprintf("%s CRT, attack on %s", tableName(b.table), b.hex), Case: "14.13", Value: die, Result: code})
	*ev = append(*ev, &battleEvent{Side: side, Hex: b.hex, Text: t.ratio(), Table: b.table, Die: die, Result: code})
	s.exposeAir(b)
	s.applyResult(b, code, dice, ev)
	s.spendEnhanced(b, ev)
	s.sinkAssault(b, ev)
}

func tableName(t string) string {
	if t == "shock" {
		return "Shock"
	}
	return "Standard"
}

// commit marks what a battle uses up for the phase (14.4, 17.11, 19.1).
func (s *State) commit(b *battle) {
	if s.Attacked == nil {
		s.Attacked = map[hex.Hex]bool{}
	}
	s.Attacked[b.hex] = true
	for _, u := range b.attackers {
		u.Attacked = true
	}
	if b.hq != nil {
		b.hq.Used = true
	}
	if b.air != nil {
		b.air.Used = true
	}
	for _, u := range b.supply {
		u.Used = true // a declared supply unit backs one battle (ruling KW-17.11-ONE)
	}
}

// bindAttack reads an attack order for side and checks it as things stand;
// the problem and its case, if any.
func (s *State) bindAttack(side scenario.Side, o engine.Order) (*battle, string, string) {
	b := &battle{o: o, side: side, table: "standard", from: map[string]hex.Hex{}}
	w, _ := o.Clause("")
	if len(w) != 1 {
		return nil, "want: attack HEX with UNIT...", "14.0"
	}
	h, err := s.d.grid.Parse(w[0].Text)
	if err != nil || !s.d.grid.Contains(h) {
		return nil, fmt.Sprintf("%s is not a hex of the map", w[0].Text), "14.2"
	}
	b.hex = h
	switch {
	case s.Attacked[h]:
		return nil, fmt.Sprintf("%s has already been attacked this phase", h), "14.4"
	case s.neutral(h):
		return nil, fmt.Sprintf("%s is in a neutral country", h), "23.0(1)"
	case s.sideAt(h) != Other(side):
		return nil, fmt.Sprintf("%s holds no enemy units", h), "14.2"
	}
	if why, rule := s.bindAttackers(b); why != "" {
		return nil, why, rule
	}
	if why, rule := s.bindSupport(b); why != "" {
		return nil, why, rule
	}
	if why, rule := s.bindPursuit(b); why != "" {
		return nil, why, rule
	}
	s.assaultPursues(b) // [Opt: Amphibious Operations]
	if ws, ok := o.Clause("if"); ok {
		for _, word := range ws {
			g, err := parseGuard(word.Text)
			if err != nil {
				return nil, err.Error(), "14.4"
			}
			b.guards = append(b.guards, g)
		}
	}
	return b, "", ""
}

// bindAttackers reads the `with` units (14.4, 14.5, 21.4, 23.0(2)).
func (s *State) bindAttackers(b *battle) (string, string) {
	ws, _ := b.o.Clause("with")
	seen := map[string]bool{}
	for _, word := range ws {
		u, prob := s.own(b.side, word.Text)
		if prob != "" {
			return prob, s.ownRule(prob, "14.4")
		}
		p := s.prof(u)
		switch {
		case seen[u.ID]:
			return u.ID + " is named twice", "14.6"
		case u.Loc != locMap:
			return u.ID + " is not on the map", "14.4"
		case p.Type == tFortress || p.Type == tSupply:
			return u.ID + " is a fortress or supply unit: it never attacks", "14.4"
		case s.faceOf(u).Attack < 1 || p.Type == tHQ || p.Type == tAirbase:
			return u.ID + " has no printed attack factor of 1 or more: a support unit adds to a battle with hq or air, never attacks", "14.4"
		case u.Attacked:
			return u.ID + " has already attacked this phase", "14.4"
		case s.inert(u):
			return u.ID + " belongs to a neutral country: it does not fight", "23.0(2)"
		case !s.d.grid.Adjacent(u.Hex, b.hex):
			return fmt.Sprintf("%s in %s is not next to %s", u.ID, u.Hex, b.hex), "14.2"
		case s.d.side(u.Hex, b.hex) == "sea":
			// No attack across an all-sea hexside, as no ZOC crosses one
			// (13.1; ruling KW-14.2-SEA).
			return fmt.Sprintf("%s faces %s across an all-sea hexside", u.ID, b.hex), "14.2"
		case p.Type == tArmTrain && !s.d.railStep(u.Hex, b.hex):
			return fmt.Sprintf("%s is an armoured train: it attacks only along a rail line, and none joins %s to %s", u.ID, u.Hex, b.hex), "21.4"
		}
		seen[u.ID] = true
		b.attackers = append(b.attackers, u)
		b.from[u.ID] = u.Hex
	}
	if len(b.attackers) == 0 {
		return "an attack needs at least one attacking unit", "14.4"
	}
	return "", ""
}

// bindSupport reads the HQ, airbase, supply units and table (14.8, 14.10,
// 14.12, 17.9(2), 19.1-19.3).
func (s *State) bindSupport(b *battle) (string, string) {
	if why, rule := s.bindAir(b); why != "" {
		return why, rule
	}
	nations := map[string]bool{}
	for _, u := range b.attackers {
		nations[s.prof(u).Nation] = true
	}
	if ws, ok := b.o.Clause("hq"); ok && len(ws) == 1 {
		u, prob := s.own(b.side, ws[0].Text)
		if prob != "" {
			return prob, "19.1"
		}
		p := s.prof(u)
		switch {
		case p.Type != tHQ:
			return u.ID + " is not an HQ", "19.1"
		case u.Loc != locMap:
			return u.ID + " is not on the map", "19.1"
		case u.Used:
			return u.ID + " has already supported a battle this phase", "19.1"
		case !nations[p.Nation]:
			return fmt.Sprintf("no attacking unit shares %s's nationality (%s)", u.ID, p.Nation), "19.2"
		case !s.hqReaches(b, u):
			return fmt.Sprintf("no attacking unit is within %s's support radius of %d", u.ID, s.faceOf(u).Radius), "19.1"
		}
		b.hq = u
	}
	if len(nations) > 1 && b.hq == nil {
		return "units of different nations attack together only with an HQ's support", "14.10, 19.3"
	}
	ws, _ := b.o.Clause("supply")
	for _, word := range ws {
		u, prob := s.own(b.side, word.Text)
		if prob != "" {
			return prob, "17.9(2)"
		}
		switch {
		case !u.Declared:
			return u.ID + " was not declared for Maximum Attack Supply at the start of the phase", "17.11"
		case u.Used || among(b.supply, u):
			return u.ID + " already backs a battle this phase", "17.9(2)"
		}
		b.supply = append(b.supply, u)
	}
	if ws, ok := b.o.Clause("table"); ok && len(ws) == 1 {
		b.table = strings.ToLower(ws[0].Text)
	}
	if b.table == "shock" && !s.shockCapable(b.attackers) {
		return "the Shock CRT needs a shock unit or tank among the attackers", "14.12"
	}
	return "", ""
}

// hqReaches reports whether an attacker stands within the HQ's support
// radius, traced as a supply radius (19.1); no weather cut (ruling
// KW-19.1-WINTER).
func (s *State) hqReaches(b *battle, hq *unit) bool {
	r := s.reach(b.side, hq.Hex, s.faceOf(hq).Radius, s.ezoc(b.side))
	for _, u := range b.attackers {
		if r[u.Hex] {
			return true
		}
	}
	return false
}

// shockCapable reports whether a shock unit or a tank is among us (14.12).
func (s *State) shockCapable(us []*unit) bool {
	for _, u := range us {
		if t := s.prof(u).Type; t == tShock || t == tTank {
			return true
		}
	}
	return false
}

// bindPursuit reads who pursues and the second hex (16.1-16.3).
func (s *State) bindPursuit(b *battle) (string, string) {
	ws, _ := b.o.Clause("pursue")
	for _, word := range ws {
		u, prob := s.own(b.side, word.Text)
		if prob != "" {
			return prob, "16.3"
		}
		if !among(b.attackers, u) {
			return u.ID + " pursues only if it takes part in the battle", "16.3"
		}
		if why := s.cannotPursue(u); why != "" {
			return why, "16.3"
		}
		if !among(b.pursuers, u) {
			b.pursuers = append(b.pursuers, u)
		}
	}
	if ws, ok := b.o.Clause("to"); ok && len(ws) == 1 {
		h, err := s.d.grid.Parse(ws[0].Text)
		if err != nil || !s.d.grid.Adjacent(h, b.hex) {
			return fmt.Sprintf("the second pursuit hex %s is not next to %s", ws[0].Text, b.hex), "16.1"
		}
		b.to = &h
	}
	return "", ""
}

func among(us []*unit, u *unit) bool {
	for _, x := range us {
		if x == u {
			return true
		}
	}
	return false
}

var guardWord = regexp.MustCompile(`^pct(>=|<=|=|<|>)([0-9]+)%?$`)

// parseGuard reads `pct>=N` (also <=, =, <, >): the battle's percentage
// (14.13) compared with N.
func parseGuard(w string) (guard, error) {
	m := guardWord.FindStringSubmatch(strings.ToLower(w))
	if m == nil {
		return guard{}, fmt.Errorf("condition %q not understood: want pct>=N (or <=, =, <, >)", w)
	}
	n, _ := strconv.Atoi(m[2])
	return guard{text: w, op: m[1], n: n}, nil
}

// holds evaluates the guard on the percentage; a defence of 0 counts as
// above any number (ruling KW-14.13-ZERO).
func (g guard) holds(pct, defense int) bool {
	cmp := pct - g.n
	if defense <= 0 {
		cmp = 1
	}
	return engine.Holds(g.op, cmp)
}

// battleEvent is one battle's outcome: strengths, percentage, column, the
// die and the result (14.13).
type battleEvent struct {
	Side   scenario.Side
	Hex    hex.Hex
	Text   string // "20 against 12 = 166% (150-199%)"
	Table  string
	Die    int
	Result string
}

func (e *battleEvent) String() string {
	tbl := ""
	if e.Table == "shock" {
		tbl = ", Shock CRT"
	}
	return engine.Cited(fmt.Sprintf("attack on %s: %s%s, die %d: %s", e.Hex, e.Text, tbl, e.Die, e.Result), "14.13")
}

// EventCase implements engine.Event.
func (e *battleEvent) EventCase() string { return "14.13" }

// Audience implements engine.Event: battles are public (digest 7.1).
func (e *battleEvent) Audience() []scenario.Side { return nil }

// Clash implements engine.Fighter.
func (e *battleEvent) Clash() (engine.Clash, bool) {
	return engine.Clash{Hex: e.Hex, Result: e.Result}, true
}
