package gwite

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// This file is the Combat Phase (std 8.0-8.9) with the HQ rules that act
// in it (std 10.2-10.24, 10.43, 10.53-10.54), fortresses (std 11.1-11.2)
// and the cavalry attack rule (std 12.21). The declaration, resolution and
// Option Table steps follow the algorithm of digest 002, std 8.4. Retreats
// are in retreat.go.

// combatPhase resolves side's Combat Phase: the occupation of hexes enemy
// cavalry vacated (std 12.16, digest 002 P6), the combat Command Control
// Segment (std 10.36, 10.42), then each `attack` order in file order
// (std 8.0 procedure: each attack is resolved before the next). A bad
// attack is rejected and the others still go ahead.
func (g *Game) combatPhase(side engine.Side, orders []engine.Order, l *log) {
	g.occupyVacated(side, orders, l)
	g.commandSegment(side, orders, true, l)
	g.resolveAttacks(side, orders, l)
}

// resolveAttacks carries out the `attack` orders in file order, the
// Combat Resolution Segment (std 4.0 3b).
func (g *Game) resolveAttacks(side engine.Side, orders []engine.Order, l *log) {
	ph := newCombatPhase()
	n := 0
	for _, o := range orders {
		if o.Verb != "attack" {
			continue
		}
		n++
		l.start(o)
		g.orderAttack(side, o, n, ph, l)
	}
	l.start(engine.Order{})
}

// combatPhaseState is what one Combat Phase remembers between attacks
// beyond the units' own flags.
type combatPhaseState struct {
	shiftUsed map[string]int   // HQ id -> attack that used its shift (std 10.11)
	heroicIn  map[string]int   // Heroic HQ id -> attack it added strength to (std 10.24)
	forts     map[hex.Hex]bool // enemy fortresses attacked this phase (std 8.14)
}

func newCombatPhase() *combatPhaseState {
	return &combatPhaseState{shiftUsed: map[string]int{}, heroicIn: map[string]int{}, forts: map[hex.Hex]bool{}}
}

// combat is one declared attack.
type combat struct {
	n         int
	o         engine.Order
	side      engine.Side // attacker
	def       engine.Side
	targets   []hex.Hex
	attackers []*Unit // combat units attacking (std 8.1)
	heroes    []*Unit // Heroic HQs named among the attackers (std 10.23)
	shifts    []*Unit // HQs lending their attack shift (std 10.21)
	advance   []*Unit // units to advance if a target hex is vacated (std 8.71)
	guards    []guard
	tcr       int // heading row of the CRT: the highest TCR among the attackers

	// The defending force, by target hex (std 8.21).
	defenders map[hex.Hex][]*Unit // units that defend and count
	hangers   map[hex.Hex][]*Unit // std 8.66, 12.17: share the fate only
	hqs       map[hex.Hex][]*Unit // defending HQs (std 10.53)
	forts     map[hex.Hex]*Fort   // undestroyed enemy fortresses (std 11.11)

	oos map[string]bool // attackers out of supply at the instant of combat
}

// guard is one `if` condition of an attack (digest 002 P4).
type guard struct {
	text string
	kind string // "odds", "raw", "empty", "occupied"
	op   string // ">=", "<=", "=", "<", ">"
	a, d int
	hex  hex.Hex
}

func (c *combat) label() string {
	var hs []string
	for _, h := range c.targets {
		hs = append(hs, h.String())
	}
	return fmt.Sprintf("attack %d on %s", c.n, strings.Join(hs, "+"))
}

// allDefenders lists every defending unit that counts, in target order.
func (c *combat) allDefenders() []*Unit {
	var out []*Unit
	for _, h := range c.targets {
		out = append(out, c.defenders[h]...)
	}
	return out
}

// orderAttack declares, checks and resolves one `attack` order.
func (g *Game) orderAttack(side engine.Side, o engine.Order, n int, ph *combatPhaseState, l *log) {
	c, ok := g.declareAttack(side, o, n, ph, l)
	if !ok {
		return
	}
	// Guards are read before anything is rolled: a declared attack is not
	// withdrawn (digest 002 P4).
	pre := g.combatOdds(c)
	if l.declared != nil {
		l.declared(c, pre)
	}
	for _, gd := range c.guards {
		if pass, why := g.guardHolds(c, gd, pre); !pass {
			l.notef("std 8.4", "%s skipped: condition %q does not hold (%s)", c.label(), gd.text, why)
			return
		}
	}
	if pre.total == 0 {
		l.reject(side, o, "std 8.12", "the attack totals 0 strength (AMB-65)")
		return
	}
	if pre.raw < 1 {
		l.reject(side, o, "std 8.8", "odds %d:%d are below %s, the lowest column of the TCR %d row (AMB-07)",
			pre.total, pre.def, g.tables().columnName(1, c.tcr), c.tcr)
		return
	}
	g.resolveAttack(c, ph, l)
}

// declareAttack reads an attack order and checks its declaration
// (digest 002 std 8.4 step 1). It rejects the order and returns false if
// the attack may not be made.
func (g *Game) declareAttack(side engine.Side, o engine.Order, n int, ph *combatPhaseState, l *log) (*combat, bool) {
	c := &combat{n: n, o: o, side: side, def: enemy(side),
		defenders: map[hex.Hex][]*Unit{}, hangers: map[hex.Hex][]*Unit{},
		hqs: map[hex.Hex][]*Unit{}, forts: map[hex.Hex]*Fort{}, oos: map[string]bool{}}
	m := g.Map()
	bad := func(rule, format string, args ...any) (*combat, bool) {
		l.reject(side, o, rule, format, args...)
		return nil, false
	}
	// Targets (std 8.11, 8.13, 8.14, 8.21, 11.11, 12.15).
	seen := map[hex.Hex]bool{}
	for _, w := range wordsOf(o, "") {
		h, err := hex.Parse(w)
		if err != nil {
			return bad("std 8.11", "%v", err)
		}
		if !m.Grid.Contains(h) {
			return bad("std 8.11", "%s is not on the map", h)
		}
		if seen[h] {
			return bad("std 8.11", "%s is named twice", h)
		}
		seen[h] = true
		c.targets = append(c.targets, h)
	}
	for _, h := range c.targets {
		if why, rule := g.classifyTarget(c, h, ph); why != "" {
			return bad(rule, "%s", why)
		}
	}
	// Attackers (std 8.11, 8.12, 8.14, 8.23, 5.34, 5.36).
	named := map[string]bool{}
	for _, id := range wordsOf(o, "with") {
		if named[id] {
			return bad("std 8.24", "%s is named twice", id)
		}
		named[id] = true
		u := g.ownUnit(side, o, id, l)
		if u == nil {
			return nil, false
		}
		switch {
		case !u.OnMap():
			return bad("std 8.11", "%s is not on the map", id)
		case u.IsHQ() && !heroic(u.Data):
			return bad("std 8.12", "%s is an HQ whose combat strength counts only in defense", id)
		case !u.IsHQ() && u.Strength().Attack <= 0:
			return bad("std 8.12", "%s has no attack strength", id)
		case u.Attacked:
			return bad("std 8.14", "%s has already attacked this Combat Phase", id)
		case u.Entrained:
			return bad("std 5.36", "%s is entrained and may not attack", id)
		case u.UsedRail && u.TCR() > 1:
			return bad("std 5.34", "%s moved by rail this turn; only TCR 1 units may attack after a rail move", id)
		}
		for _, h := range c.targets {
			if !m.Grid.Adjacent(u.Hex, h) {
				return bad("std 8.23", "%s in %s is not next to %s: every attacker must be next to every hex attacked", id, u.Hex, h)
			}
			if !g.traceable(u.Hex, h) {
				return bad("std 5.4", "%s may not attack %s across a blocked hexside", id, h)
			}
		}
		if u.IsHQ() {
			if at, ok := ph.shiftUsed[u.ID]; ok && at != n {
				return bad("std 10.24", "%s lent its attack shift to attack %d and may add its strength only to that combat", id, at)
			}
			c.heroes = append(c.heroes, u)
		} else {
			c.attackers = append(c.attackers, u)
		}
		if u.TCR() > c.tcr {
			c.tcr = u.TCR()
		}
	}
	if len(c.attackers) == 0 {
		return bad("std 8.12", "no combat unit attacks")
	}
	for _, hq := range c.heroes {
		if sp := heroicSupport(c, hq); sp < 2 {
			return bad("std 10.23", "%s adds its strength only if at least 2 SP of the units in its hex attack with it (AMB-51); %d SP do", hq.ID, sp)
		}
	}
	// HQ attack shifts (std 10.21, 10.22, 10.24; AMB-49, AMB-50).
	levels := map[string]string{}
	for _, id := range wordsOf(o, "shift") {
		hq := g.ownUnit(side, o, id, l)
		if hq == nil {
			return nil, false
		}
		lvl := hq.Data.HQLevel
		switch {
		case !hq.IsHQ():
			return bad("std 10.21", "%s is not an HQ", id)
		case !hq.OnMap():
			return bad("std 10.21", "%s is not on the map", id)
		case lvl != "corps" && lvl != "army":
			return bad("std 10.22", "%s is a %s HQ and gives no attack shift (AMB-50)", id, lvl)
		case hq.HQ().Shift <= 0:
			return bad("std 10.11", "%s has no attack shift", id)
		case ph.shiftUsed[id] != 0:
			return bad("std 10.11", "%s already lent its shift to attack %d this Combat Phase", id, ph.shiftUsed[id])
		case ph.heroicIn[id] != 0 && ph.heroicIn[id] != n:
			return bad("std 10.24", "%s added its strength to attack %d and may lend its shift only there", id, ph.heroicIn[id])
		}
		if other, dup := levels[lvl]; dup {
			return bad("std 10.22", "%s and %s are both %s-level HQs: one shift per command level", other, id, lvl)
		}
		levels[lvl] = id
		if in, total := g.stepsInRadius(hq, c.attackers); 2*in < total {
			return bad("std 10.21", "only %d of the %d attacking steps are within %s's command radius; at least half must be", in, total, id)
		}
		if why, rule := g.shiftIntegrity(hq, c.attackers); why != "" {
			return bad(rule, "%s", why)
		}
		c.shifts = append(c.shifts, hq)
	}
	// Advance and guards (std 8.71, digest 002 P4).
	for _, id := range wordsOf(o, "advance") {
		var found *Unit
		for _, u := range append(append([]*Unit(nil), c.attackers...), c.heroes...) {
			if u.ID == id {
				found = u
			}
		}
		if found == nil {
			return bad("std 8.71", "%s does not take part in this attack and may not advance after it", id)
		}
		c.advance = append(c.advance, found)
	}
	gs, err := parseGuards(wordsOf(o, "if"))
	if err != nil {
		return bad("std 8.4", "%v", err)
	}
	c.guards = gs
	return c, true
}

// classifyTarget sorts the units of target hex h into the defending
// force, or says why h may not be attacked.
func (g *Game) classifyTarget(c *combat, h hex.Hex, ph *combatPhaseState) (why, rule string) {
	var units []*Unit
	for _, u := range g.at[h] {
		if u.Side() == c.def {
			units = append(units, u)
		}
	}
	if g.occupiedBy(h, c.side) {
		return fmt.Sprintf("%s holds your own units", h), "std 8.11"
	}
	f := g.forts[h]
	if f != nil && (f.Data.Owner != c.def || f.Destroyed()) {
		f = nil
	}
	if len(units) == 0 && f == nil {
		return fmt.Sprintf("%s holds no enemy unit or enemy fortress", h), "std 8.11"
	}
	sheltered := false
	for _, u := range units {
		switch {
		case u.IsHQ():
			c.hqs[h] = append(c.hqs[h], u)
		case u.RetreatedIn || u.WithdrewIn:
			c.hangers[h] = append(c.hangers[h], u) // std 8.66, 12.17
		case u.Withdrew:
			// std 12.15, AMB-69: withdrew and ended outside enemy ZOC; it
			// may not be attacked itself.
			sheltered = true
			c.hangers[h] = append(c.hangers[h], u)
		case u.Defended:
			return fmt.Sprintf("%s in %s has already been attacked this Combat Phase", u.ID, h), "std 8.14"
		default:
			c.defenders[h] = append(c.defenders[h], u)
		}
	}
	if f != nil {
		if ph.forts[h] {
			return fmt.Sprintf("the fortress in %s has already been attacked this Combat Phase", h), "std 8.14"
		}
		c.forts[h] = f
	}
	if len(c.defenders[h]) == 0 && f == nil {
		switch {
		case sheltered:
			return fmt.Sprintf("the cavalry in %s withdrew out of enemy zones of control and may not be attacked this phase", h), "std 12.15"
		case len(c.hangers[h]) > 0:
			return fmt.Sprintf("the units in %s were attacked already or only share the fate of a hex they entered", h), "std 8.14"
		default:
			return fmt.Sprintf("%s holds only HQs, which do not defend alone: they displace", h), "std 10.52"
		}
	}
	return "", ""
}

// heroicSupport is how many SP of the units in a Heroic HQ's hex take
// part in the attack (AMB-51).
func heroicSupport(c *combat, hq *Unit) int {
	sp := 0
	for _, u := range c.attackers {
		if u.OnMap() && u.Hex == hq.Hex {
			sp += u.SP()
		}
	}
	return sp
}

// stepsInRadius counts the attacking steps within hq's command radius and
// the attacking steps in all, neither counting HQs or depots (std 10.21).
func (g *Game) stepsInRadius(hq *Unit, attackers []*Unit) (in, total int) {
	for _, u := range attackers {
		if !u.OnMap() || u.IsHQ() || u.Data.Type == scenario.Depot {
			continue
		}
		total += u.Steps()
		if g.inRadius(hq, u.Hex) {
			in += u.Steps()
		}
	}
	return in, total
}

// parseGuards reads the words of an `if` clause (digest 002 P4). Each is
// a name, a comparison (>=, <=, =, <, >) and a value, without blanks, as
// the order parser accepts them:
//
//	odds>=A-B     the final odds, after HQ shifts, compared with A-B
//	raw>=A-B      the odds before HQ shifts (a plain N means N-1)
//	empty=HEX     HEX holds no unit now
//	occupied=HEX  HEX holds some unit now
//
// All must hold for the attack to go ahead.
func parseGuards(words []string) ([]guard, error) {
	var out []guard
	for _, w := range words {
		m := guardWord.FindStringSubmatch(strings.ToLower(w))
		if m == nil {
			return nil, fmt.Errorf("condition %q not understood: want odds>=A-B, raw>=A-B, empty=HEX or occupied=HEX", w)
		}
		gd := guard{text: w, kind: m[1], op: m[2]}
		switch gd.kind {
		case "odds", "raw":
			a, d, ok := parseRatio(m[3])
			if !ok {
				return nil, fmt.Errorf("condition %q: want a ratio such as 2-1", w)
			}
			gd.a, gd.d = a, d
		case "empty", "occupied":
			h, err := hex.Parse(m[3])
			if err != nil || gd.op != "=" {
				return nil, fmt.Errorf("condition %q: want %s=HEX", w, gd.kind)
			}
			gd.hex = h
		default:
			return nil, fmt.Errorf("condition %q: unknown name %s (odds, raw, empty or occupied)", w, gd.kind)
		}
		out = append(out, gd)
	}
	return out, nil
}

var guardWord = regexp.MustCompile(`^([a-z]+)(>=|<=|=|<|>)([0-9]+(?:-[0-9]+)?)$`)

func parseRatio(s string) (a, d int, ok bool) {
	x, y, found := strings.Cut(s, "-")
	if !found {
		y = "1"
	}
	a, err1 := strconv.Atoi(x)
	d, err2 := strconv.Atoi(y)
	if err1 != nil || err2 != nil || a < 1 || d < 1 {
		return 0, 0, false
	}
	return a, d, true
}

// guardHolds evaluates a guard on the odds as they stand before any roll.
func (g *Game) guardHolds(c *combat, gd guard, o odds) (bool, string) {
	compare := func(col int) bool {
		// Below the first column counts as lower than any ratio.
		cmp := -1
		if col >= 1 {
			r := g.tables().crtRow(c.tcr)[col-1]
			cmp = r[0]*gd.d - gd.a*r[1]
		}
		return engine.Holds(gd.op, cmp)
	}
	switch gd.kind {
	case "odds":
		return compare(o.final), "final odds " + g.tables().columnName(o.final, c.tcr)
	case "raw":
		return compare(o.raw), "odds before shifts " + g.tables().columnName(o.raw, c.tcr)
	case "empty":
		return len(g.at[gd.hex]) == 0, fmt.Sprintf("%s is occupied", gd.hex)
	case "occupied":
		return len(g.at[gd.hex]) > 0, fmt.Sprintf("%s is empty", gd.hex)
	}
	return false, "unknown condition"
}

// odds is the arithmetic of one combat (digest 002 std 8.4 steps 3-6).
type odds struct {
	total, def int // effective attack and defense
	raw, final int // CRT column before and after HQ shifts (0: below c1)
	shift      int
	mod        int // die modifier
	notes      []string
}

// combatOdds computes the effective strengths, the column and the die
// modifier of c as things stand now.
func (g *Game) combatOdds(c *combat) odds {
	var o odds
	m := g.Map()
	// Effective attack, in 64ths so that the halvings and the cavalry
	// quarter stay exact until the end (AMB-06).
	allCav := true
	for _, h := range c.targets {
		if c.forts[h] != nil {
			allCav = false // a fortress is none of cavalry, depot or HQ
		}
		for _, u := range c.defenders[h] {
			if t := u.Data.Type; t != scenario.Cavalry && t != scenario.Depot {
				allCav = false
			}
		}
	}
	var inf, cav int
	for _, u := range c.attackers {
		if !u.OnMap() {
			continue
		}
		a := u.Strength().Attack
		var why []string
		if c.oos[u.ID] {
			a = max(1, a/2) // std 9.21
			why = append(why, "out of supply ½ (std 9.21)")
		}
		v := a * 64
		if u.OCCCombat {
			v /= 2
			why = append(why, "out of command ×½ (std 10.42)")
		}
		if g.acrossRiver(u.Hex, c.targets) {
			v /= 2
			why = append(why, "across a river ×½ (TEC)")
		}
		if u.Data.Type == scenario.Cavalry {
			cav += v
		} else {
			inf += v
		}
		if len(why) > 0 {
			o.notes = append(o.notes, fmt.Sprintf("%s %s → %s", u.ID, strings.Join(why, ", "), fraction(v)))
		}
	}
	if cav > 0 && !allCav {
		// std 12.21: the cavalry's quarter is rounded down to whole
		// points on its own; its fraction never joins the others.
		q := cav / 4 / 64 * 64
		o.notes = append(o.notes, fmt.Sprintf("cavalry %s ×¼ against a hex that is not only cavalry, depots or HQs, fractions dropped → %s (std 12.21)", fraction(cav), fraction(q)))
		cav = q
	}
	for _, hq := range c.heroes {
		if hq.OnMap() && heroicSupport(c, hq) >= 2 {
			// std 10.51 spares a Heroic HQ the supply halving only: a
			// river halves it like any attacker (TEC).
			v := hq.HQ().Combat * 64
			if g.acrossRiver(hq.Hex, c.targets) {
				v /= 2
				o.notes = append(o.notes, fmt.Sprintf("%s across a river ×½ (TEC) → %s", hq.ID, fraction(v)))
			}
			inf += v
			o.notes = append(o.notes, fmt.Sprintf("Heroic %s adds %s (std 10.23)", hq.ID, fraction(v)))
		}
	}
	o.total = (inf + cav) / 64
	// Effective defense (step 4).
	for _, h := range c.targets {
		d, sp := 0, 0
		for _, u := range c.defenders[h] {
			v := u.Strength().Defense
			if u.Entrained {
				v /= 2 // std 5.36, AMB-23
				o.notes = append(o.notes, fmt.Sprintf("%s entrained: defense ½ (std 5.36)", u.ID))
			}
			d += v
			sp += u.SP()
		}
		if sp >= 2 {
			for _, hq := range c.hqs[h] {
				d += hq.HQ().Combat // std 10.53
			}
		}
		if t := m.Towns[h]; t != nil && t.City {
			d *= 2
			o.notes = append(o.notes, fmt.Sprintf("%s city ×2 (TEC)", h))
		}
		if _, ok := m.Trenches[h]; ok {
			d *= 2
			o.notes = append(o.notes, fmt.Sprintf("%s trench ×2 (TEC)", h))
		}
		if f := c.forts[h]; f != nil {
			d += f.Defense() // AMB-66: not multiplied
			o.notes = append(o.notes, fmt.Sprintf("fortress %s adds %d (std 11.11)", f.Data.Name, f.Defense()))
		}
		o.def += d
	}
	// Column and shifts (steps 5-6, AMB-07).
	o.raw = g.tables().oddsColumn(o.total, o.def, c.tcr)
	if o.total == 0 {
		o.raw = 0
	}
	for _, hq := range c.shifts {
		if in, total := g.stepsInRadius(hq, c.attackers); 2*in >= total && total > 0 {
			o.shift += hq.HQ().Shift
		}
	}
	o.final = o.raw
	if o.raw >= 1 {
		o.final = min(8, o.raw+o.shift)
	}
	// Die modifier (step 7, AMB-06): +2 if every adjacency crosses a major
	// river.
	all := true
	for _, u := range c.attackers {
		for _, h := range c.targets {
			if g.sideClass(u.Hex, h) != scenario.MajorRiver {
				all = false
			}
		}
	}
	if all && len(c.attackers) > 0 {
		o.mod = 2
	}
	return o
}

// fraction prints a strength kept in 64ths.
func fraction(v int) string {
	if v%64 == 0 {
		return strconv.Itoa(v / 64)
	}
	return strconv.FormatFloat(float64(v)/64, 'f', -1, 64)
}

func (g *Game) sideClass(a, b hex.Hex) scenario.SideClass {
	s, ok := g.Map().Grid.SideBetween(a, b)
	if !ok {
		return scenario.NoSide
	}
	if hs := g.Map().Hexside(s); hs != nil {
		return hs.Class
	}
	return scenario.NoSide
}

// acrossRiver reports whether a unit in h attacks across a river: any
// hexside between it and a hex it attacks is a river or major river
// (AMB-06).
func (g *Game) acrossRiver(h hex.Hex, targets []hex.Hex) bool {
	for _, t := range targets {
		if c := g.sideClass(h, t); c == scenario.MinorRiver || c == scenario.MajorRiver {
			return true
		}
	}
	return false
}

// foughtNow records that u takes part in a combat this game-turn, keeping
// the turn of its previous combat for the replacement rule (std 13.0 #2).
func (g *Game) foughtNow(u *Unit) {
	if u.LastCombatGT != g.Turn {
		u.PrevCombatGT = u.LastCombatGT
	}
	u.LastCombatGT = g.Turn
}

// resolveAttack carries out a declared attack (digest 002 std 8.4 steps
// 2-9).
func (g *Game) resolveAttack(c *combat, ph *combatPhaseState, l *log) {
	// The declaration stands from here on (std 8.14).
	for _, u := range c.attackers {
		u.Attacked = true
		g.foughtNow(u)
	}
	for _, hq := range c.heroes {
		hq.Attacked = true
		g.foughtNow(hq)
		ph.heroicIn[hq.ID] = c.n
	}
	for _, hq := range c.shifts {
		ph.shiftUsed[hq.ID] = c.n
	}
	for _, h := range c.targets {
		if c.forts[h] != nil {
			ph.forts[h] = true
		}
		for _, u := range append(append([]*Unit(nil), c.defenders[h]...), c.hqs[h]...) {
			u.Defended = true
			g.foughtNow(u)
		}
	}
	// Step 2: attrition for attackers out of supply, counting units that
	// feed off a fortress or trench as out of supply once they attack
	// (std 9.23, 11.22).
	for _, u := range c.attackers {
		if !g.supplyTraced(u) || u.FeedingOff {
			c.oos[u.ID] = true
		}
	}
	for _, u := range c.attackers {
		if c.oos[u.ID] {
			g.attrition(u, "attacking out of supply, "+c.label(), l)
		}
	}
	var alive []*Unit
	for _, u := range c.attackers {
		if u.OnMap() {
			alive = append(alive, u)
		}
	}
	c.attackers = alive
	if len(alive) == 0 {
		l.notef("std 9.23", "%s: every attacker was lost to attrition; no combat", c.label())
		return
	}
	o := g.combatOdds(c)
	for _, hq := range c.shifts {
		if in, total := g.stepsInRadius(hq, c.attackers); 2*in < total || total == 0 {
			o.notes = append(o.notes, fmt.Sprintf("%s's shift lost: after attrition only %d of %d attacking steps are within its radius (AMB-49)", hq.ID, in, total))
		}
	}
	if o.total == 0 || o.raw < 1 {
		l.notef("std 8.8", "%s: after attrition the odds %d:%d are below the table; no combat (AMB-07, AMB-65)", c.label(), o.total, o.def)
		return
	}
	// Step 7: the die.
	r := l.roll("std 8.8", "CRT, "+c.label())
	r.Mod = o.mod
	att, def := g.tables().crtResult(r.Value+o.mod, o.final)
	r.Result = fmt.Sprintf("%s → c%d, die %d: %s/%s", g.tables().columnName(o.raw, c.tcr), o.final, r.Value+o.mod, att, def)
	// Step 8: std 10.43 (AMB-08): TCR 3-4 sides.
	var adj []string
	for _, u := range c.attackers {
		if u.TCR() >= 3 && u.OCCCombat {
			if att == 1 {
				att = 2
			}
			adj = append(adj, fmt.Sprintf("attacker %s out of command: attacker result %s (std 10.43)", u.ID, att))
			break
		}
	}
	for _, u := range c.allDefenders() {
		if u.TCR() >= 3 && g.outsideAllRadii(u) {
			if def >= 1 && def <= 3 {
				def++
			}
			adj = append(adj, fmt.Sprintf("defender %s outside every HQ radius: defender result %s (std 10.43)", u.ID, def))
			break
		}
	}
	r.Result += fmt.Sprintf(" (%d:%d", o.total, o.def)
	if o.shift > 0 {
		r.Result += fmt.Sprintf(", shift +%d", o.shift)
	}
	if o.mod > 0 {
		r.Result += ", +2 all across major rivers"
	}
	r.Result += ")"
	if len(adj) > 0 {
		r.Result += fmt.Sprintf("; adjusted %s/%s", att, def)
	}

	// Step 9: the Option Table (std 8.9), defender first (std 8.54).
	supplied := map[string]bool{}
	for _, u := range c.allDefenders() {
		supplied[u.ID] = g.supplied(u)
	}
	attSteps, defSteps := 0, 0
	for _, u := range c.attackers {
		attSteps += u.Steps()
	}
	for _, h := range c.targets {
		for _, u := range c.defenders[h] {
			defSteps += u.Steps()
		}
		if f := c.forts[h]; f != nil {
			defSteps += f.Steps()
		}
	}
	s := min(attSteps, defSteps)
	summary := []string{fmt.Sprintf("%s: %d against %d, %s", c.label(), o.total, o.def, g.tables().columnName(o.raw, c.tcr))}
	if o.shift > 0 {
		summary = append(summary, fmt.Sprintf("HQ shift +%d to c%d (std 10.21)", o.shift, o.final))
	}
	summary = append(summary, o.notes...)
	summary = append(summary, adj...)
	summary = append(summary, fmt.Sprintf("result %s/%s; forces %d and %d steps, %d affected (std 8.9)", att, def, attSteps, defSteps, s))

	noAdvance := map[hex.Hex]bool{}
	if def != 0 {
		d := g.defenseFor(c, def, s, defSteps > attSteps)
		opt, why, skipped := g.chooseOption(d)
		summary = append(summary, fmt.Sprintf("defender takes %s (%s)", opt, why))
		if len(skipped) > 0 {
			// AMB-70: the defender learns why his standing order was not
			// followed to the letter.
			l.privatef(c.def, "std 8.64", "attack %d on %s: your standing order's %s has no legal retreat, so %s is taken instead (AMB-70)",
				c.n, hexList(c.targets), optionList(skipped), opt)
		}
		out := g.applyDefense(d, opt, l)
		// std 8.75: option 1 on result 2 or 3 that wiped out a hex whose
		// defenders were all in supply.
		if opt == OptEliminate && def != ResultE {
			for _, h := range c.targets {
				all, allSup := len(c.defenders[h]) > 0, true
				for _, u := range c.defenders[h] {
					all = all && u.Loc == Eliminated
					allSup = allSup && supplied[u.ID]
				}
				if all && allSup {
					noAdvance[h] = true
					summary = append(summary, fmt.Sprintf("no advance into %s: its defenders held to the last man (std 8.75)", h))
				}
			}
		}
		summary = append(summary, out.notes...)
	}
	if att != 0 {
		summary = append(summary, g.applyAttackerResult(c, att, s, attSteps, defSteps, l)...)
	}
	for _, h := range c.targets {
		for _, u := range c.defenders[h] {
			if u.OnMap() && u.Entrained {
				u.Entrained = false // AMB-23
				g.changed()
				summary = append(summary, fmt.Sprintf("%s detrains (AMB-23)", u.ID))
			}
		}
	}
	summary = append(summary, g.advanceAfterCombat(c, noAdvance, l)...)
	ev := &Combat{N: c.n, Attacker: c.side, Targets: c.targets, Attack: o.total, Defense: o.def,
		Odds: g.tables().columnName(o.raw, c.tcr), Column: o.final, Shift: o.shift, Die: r.Value, Mod: o.mod,
		AttResult: att, DefResult: def, Summary: strings.Join(summary, "; ")}
	for _, u := range c.attackers {
		ev.Attackers = append(ev.Attackers, u.ID)
	}
	for _, u := range c.allDefenders() {
		ev.Defenders = append(ev.Defenders, u.ID)
	}
	l.add(ev)
}

// ---- the defender's result ----

// defense is the defending force's part of one combat result.
type defense struct {
	c        *combat
	result   Result
	s        int              // affected steps (std 8.9)
	affected map[string]bool  // designated units (AMB-10)
	forts    map[hex.Hex]bool // affected fortresses
}

// defenseFor works out which defenders the result affects: all of them if
// the defending force is not the larger, else units designated by the
// owner covering s steps (AMB-10).
func (g *Game) defenseFor(c *combat, r Result, s int, larger bool) *defense {
	d := &defense{c: c, result: r, s: s, affected: map[string]bool{}, forts: map[hex.Hex]bool{}}
	var pieces []piece
	for _, h := range c.targets {
		for _, u := range c.defenders[h] {
			pieces = append(pieces, piece{unit: u, steps: u.Steps(), def: u.Strength().Defense})
		}
		if f := c.forts[h]; f != nil {
			pieces = append(pieces, piece{fort: f, steps: f.Steps(), def: f.Defense()})
		}
	}
	if larger {
		pieces = g.designate(c.def, pieces, s)
	}
	for _, p := range pieces {
		if p.unit != nil {
			d.affected[p.unit.ID] = true
		} else {
			d.forts[p.fort.Data.Hex] = true
		}
	}
	return d
}

// piece is a unit or a fortress in a force.
type piece struct {
	unit  *Unit
	fort  *Fort
	steps int
	def   int
}

func (p piece) id() string {
	if p.unit != nil {
		return p.unit.ID
	}
	return "fortress " + p.fort.Data.Name
}

// designate picks the units of the larger force that take a result of s
// affected steps (AMB-10, digest 002 N3, P5): the owner's standing
// `losses` list first, then the fewest steps that still cover s, ties to
// the lowest defense, then to unit order.
func (g *Game) designate(side engine.Side, pieces []piece, s int) []piece {
	var out, rest []piece
	got := 0
	listed := map[string]bool{}
	if st := g.Standing[side]; st != nil {
		for _, id := range st.Losses {
			for _, p := range pieces {
				if p.unit != nil && p.unit.ID == id && !listed[id] && got < s {
					listed[id] = true
					out = append(out, p)
					got += p.steps
				}
			}
		}
	}
	for _, p := range pieces {
		if p.unit == nil || !listed[p.unit.ID] {
			rest = append(rest, p)
		}
	}
	if got >= s {
		return out
	}
	need := s - got
	if len(rest) > 16 {
		// Too many to try every set: the biggest first.
		sort.SliceStable(rest, func(i, j int) bool { return rest[i].steps > rest[j].steps })
		for _, p := range rest {
			if got >= s {
				break
			}
			out = append(out, p)
			got += p.steps
		}
		return out
	}
	best, bestSteps, bestDef := -1, 0, 0
	for mask := 1; mask < 1<<len(rest); mask++ {
		st, df := 0, 0
		for i, p := range rest {
			if mask&(1<<i) != 0 {
				st += p.steps
				df += p.def
			}
		}
		if st < need {
			continue
		}
		if best < 0 || st < bestSteps || (st == bestSteps && df < bestDef) {
			best, bestSteps, bestDef = mask, st, df
		}
	}
	if best < 0 {
		return append(out, rest...)
	}
	for i, p := range rest {
		if best&(1<<i) != 0 {
			out = append(out, p)
		}
	}
	return out
}

// retreatHexes is how far an option retreats.
func retreatHexes(opt Option) int {
	switch opt {
	case OptRetreat, OptHalfRetreat:
		return 1
	case OptRetreat2, OptHalfRetreat2:
		return 2
	}
	return 0
}

// defenseOutcome is what applying an option did.
type defenseOutcome struct {
	lost    int  // defender steps lost, fortress steps counting 2 (std 11.13)
	blocked bool // a stack that had to retreat could not
	notes   []string
}

// chooseOption picks the defender's option: the first of his standing
// preferences for the result that is possible, else the default policy
// (digest 002 N2): the option that really costs the fewest steps, a tie
// going to the option without a retreat. skipped is the preferences passed
// over because their retreat has no legal path (std 8.64, AMB-70).
func (g *Game) chooseOption(d *defense) (opt Option, why string, skipped []Option) {
	if d.result == ResultE {
		return OptEliminate, "E: no choice", nil
	}
	opts := optionsFor(d.result)
	trial := func(opt Option) defenseOutcome {
		sim := g.clone()
		return sim.applyDefense(sim.rebind(d), opt, &log{dice: &engine.Script{}})
	}
	if st := g.Standing[d.c.def]; st != nil {
		for _, pref := range st.Options[d.result] {
			legal := false
			for _, x := range opts {
				legal = legal || x == pref
			}
			if !legal {
				continue
			}
			if retreatHexes(pref) > 0 && trial(pref).blocked {
				skipped = append(skipped, pref)
				continue
			}
			return pref, "standing order", skipped
		}
	}
	best, bestCost := Option(""), 0
	for _, opt := range opts {
		cost := trial(opt).lost
		if best == "" || cost < bestCost || (cost == bestCost && retreatHexes(best) > 0 && retreatHexes(opt) == 0) {
			best, bestCost = opt, cost
		}
	}
	return best, fmt.Sprintf("default: fewest steps lost, %d", bestCost), skipped
}

// optionList is options as a player reads them: "retreat2, half-retreat".
func optionList(os []Option) string {
	s := make([]string, len(os))
	for i, o := range os {
		s[i] = string(o)
	}
	return strings.Join(s, ", ")
}

// rebind returns d with its units and fortresses looked up in g, a copy of
// the game d was made for.
func (g *Game) rebind(d *defense) *defense {
	c := *d.c
	c.defenders, c.hangers, c.hqs, c.forts = map[hex.Hex][]*Unit{}, map[hex.Hex][]*Unit{}, map[hex.Hex][]*Unit{}, map[hex.Hex]*Fort{}
	re := func(us []*Unit) []*Unit {
		out := make([]*Unit, len(us))
		for i, u := range us {
			out[i] = g.units[u.ID]
		}
		return out
	}
	for _, h := range d.c.targets {
		c.defenders[h] = re(d.c.defenders[h])
		c.hangers[h] = re(d.c.hangers[h])
		c.hqs[h] = re(d.c.hqs[h])
		if f := d.c.forts[h]; f != nil {
			c.forts[h] = g.forts[h]
		}
	}
	c.attackers = re(d.c.attackers)
	c.heroes = re(d.c.heroes)
	nd := *d
	nd.c = &c
	return &nd
}

// defenderValue is what the defending side holds in the target hexes and
// wherever its units stand: unit steps plus two per fortress step.
func (g *Game) defenderValue(d *defense) int {
	v := 0
	for _, u := range g.Units {
		if u.Side() == d.c.def && u.Loc != Eliminated {
			v += u.Steps()
		}
	}
	for _, h := range d.c.targets {
		if f := g.forts[h]; f != nil && f.Data.Owner == d.c.def {
			v += 2 * f.Steps()
		}
	}
	return v
}

// applyDefense carries out option opt of the defender's result
// (std 8.9, 8.66, 10.53-10.54, 11.12-11.13, AMB-10, AMB-12).
func (g *Game) applyDefense(d *defense, opt Option, l *log) defenseOutcome {
	var out defenseOutcome
	c := d.c
	before := g.defenderValue(d)
	n := retreatHexes(opt)
	var units []*Unit
	for _, u := range c.allDefenders() {
		if d.affected[u.ID] {
			units = append(units, u)
		}
	}
	unitSteps := 0
	for _, u := range units {
		unitSteps += u.Steps()
	}
	lostIn := map[hex.Hex]bool{}
	var forts []*Fort
	for _, h := range c.targets {
		if f := c.forts[h]; f != nil && d.forts[h] {
			forts = append(forts, f)
		}
	}
	why := fmt.Sprintf("%s, defender result %s, option %s", c.label(), d.result, opt)
	switch {
	case opt == OptEliminate:
		for _, u := range units {
			lostIn[u.Hex] = true
			g.eliminate(u, why, "std 8.9", l)
		}
		for _, f := range forts {
			lostIn[f.Data.Hex] = true
			g.fortLoses(f, f.Steps(), why, l)
		}
	case opt == OptHalf:
		var ps []piece
		for _, u := range units {
			ps = append(ps, piece{unit: u, steps: u.Steps()})
		}
		for _, f := range forts {
			ps = append(ps, piece{fort: f, steps: f.Steps()})
		}
		for h := range g.takeLosses(c.def, ps, (d.s+1)/2, why, l) {
			lostIn[h] = true
		}
	default:
		// A retreat option. The fortress cannot retreat: it pays loss
		// points of result/2 times its steps instead (AMB-12).
		for _, f := range forts {
			pts := int(d.result) * f.Steps() // twice the loss points
			steps := (pts + 3) / 4           // ⌈(pts/2)/2⌉
			lostIn[f.Data.Hex] = true
			g.fortLoses(f, steps, why+" (fortress: retreat converted to losses, AMB-12)", l)
		}
		if opt == OptHalfRetreat || opt == OptHalfRetreat2 {
			var ps []piece
			for _, u := range units {
				ps = append(ps, piece{unit: u, steps: u.Steps()})
			}
			for h := range g.takeLosses(c.def, ps, (min(d.s, unitSteps)+1)/2, why, l) {
				lostIn[h] = true
			}
		}
	}
	// Per target hex: hangers-on (std 8.66, 12.17), HQs (std 10.53-10.54),
	// retreats (std 8.6).
	for _, h := range c.targets {
		hostsGone := len(c.defenders[h]) > 0
		for _, u := range c.defenders[h] {
			hostsGone = hostsGone && u.Loc == Eliminated
		}
		if len(c.defenders[h]) == 0 && c.forts[h] != nil && c.forts[h].Destroyed() {
			hostsGone = true
		}
		retreats := false
		if n > 0 {
			for _, u := range c.defenders[h] {
				retreats = retreats || (d.affected[u.ID] && u.OnMap())
			}
		}
		for _, u := range c.hangers[h] {
			if !u.OnMap() {
				continue
			}
			switch {
			case hostsGone || retreats:
				g.eliminate(u, "it shared the fate of the hex it had entered, "+c.label(), "std 8.66", l)
			case opt == OptHalf && lostIn[h]:
				g.loseSteps(u, (u.Steps()+1)/2, "it shared the losses of the hex it had entered, "+c.label(), "std 8.66", l)
			}
		}
		if hostsGone && len(c.defenders[h]) > 0 {
			for _, hq := range c.hqs[h] {
				if hq.OnMap() && hq.Hex == h {
					g.hqFalls(hq, "every combat unit with it was eliminated, "+c.label(), "std 10.53", l)
				}
			}
		}
		if retreats {
			var stack []*Unit
			for _, u := range g.at[h] {
				if u.Side() == c.def {
					stack = append(stack, u)
				}
			}
			for _, u := range stack {
				if u.Entrained {
					u.Entrained = false // AMB-23
					g.changed()
				}
			}
			if !g.retreatStack(stack, h, n, l) {
				out.blocked = true
			}
		}
	}
	out.lost = before - g.defenderValue(d)
	return out
}

// takeLosses removes points loss points from the pieces (std 8.9, 11.13):
// the owner's standing `losses` list first; then fortress steps, each
// paying 2 points, but not the last one; then a step at a time from the
// unit with the most steps left (digest 002 N4). It returns the hexes
// that lost something.
func (g *Game) takeLosses(side engine.Side, ps []piece, points int, why string, l *log) map[hex.Hex]bool {
	lost := map[hex.Hex]bool{}
	taken := map[string]int{}
	fortTaken := map[hex.Hex]int{}
	left := func(p piece) int {
		if p.unit != nil {
			return p.unit.Steps() - taken[p.unit.ID]
		}
		return p.fort.Steps() - fortTaken[p.fort.Data.Hex]
	}
	take := func(p piece) {
		if p.unit != nil {
			taken[p.unit.ID]++
			points--
		} else {
			fortTaken[p.fort.Data.Hex]++
			points -= 2
		}
	}
	if st := g.Standing[side]; st != nil {
		for _, id := range st.Losses {
			for _, p := range ps {
				if p.unit != nil && p.unit.ID == id {
					for points > 0 && left(p) > 0 {
						take(p)
					}
				}
			}
		}
	}
	for _, p := range ps {
		if p.fort != nil {
			for points >= 2 && left(p) > 1 {
				take(p)
			}
		}
	}
	for points > 0 {
		var best *piece
		for i := range ps {
			p := &ps[i]
			if p.unit == nil || left(*p) == 0 {
				continue
			}
			if best == nil || left(*p) > left(*best) {
				best = p
			}
		}
		if best == nil {
			break
		}
		take(*best)
	}
	for _, p := range ps {
		if p.fort != nil && points > 0 && left(p) > 0 {
			for points > 0 && left(p) > 0 {
				take(p)
			}
		}
	}
	for _, p := range ps {
		switch {
		case p.unit != nil && taken[p.unit.ID] > 0:
			lost[p.unit.Hex] = true
			g.loseSteps(p.unit, taken[p.unit.ID], why, "std 8.9", l)
		case p.fort != nil && fortTaken[p.fort.Data.Hex] > 0:
			lost[p.fort.Data.Hex] = true
			g.fortLoses(p.fort, fortTaken[p.fort.Data.Hex], why+" (each fortress step pays 2, std 11.13)", l)
		}
	}
	return lost
}

// loseSteps takes n steps from a combat unit, eliminating it when none
// are left (std 8.5; corps step states are indices into its strengths,
// std 8.53).
func (g *Game) loseSteps(u *Unit, n int, why, rule string, l *log) {
	if n <= 0 {
		return
	}
	if n >= u.Steps() {
		g.eliminate(u, why, rule, l)
		return
	}
	u.StepsLost += n
	l.add(&StepLoss{Unit: u.ID, Side: u.Side(), Lost: n, Why: why, Rule: rule})
	g.scoreLoss(u, n, l)
}

// fortLoses takes n steps from a fortress (std 11.13-11.14); at the last
// one it is destroyed and scores (T 21.2).
func (g *Game) fortLoses(f *Fort, n int, why string, l *log) {
	n = min(n, f.Steps())
	if n <= 0 {
		return
	}
	f.StepsLost += n
	l.add(&StepLoss{Unit: "fortress " + f.Data.Name, Side: f.Data.Owner, Lost: n, Eliminated: f.Destroyed(), Why: why, Rule: "std 11.13"})
	if f.Destroyed() {
		g.changed() // its zone of control is gone
		g.scoreFortress(f, l)
	}
}

// hqFalls removes an HQ eliminated in combat; an army HQ with a reduced
// side not yet used flips to it and displaces instead, the enemy scoring
// as for its loss (std 10.54, AMB-16, digest 002 N7).
func (g *Game) hqFalls(hq *Unit, why, rule string, l *log) {
	if hq.Data.HQLevel == "army" && len(hq.Data.HQ) > 1 && hq.StepsLost == 0 {
		hq.StepsLost = 1
		l.add(&StepLoss{Unit: hq.ID, Side: hq.Side(), Lost: 1, Why: why + "; flips to its reduced side and displaces", Rule: "std 10.54"})
		g.scoreLoss(hq, 1, l)
		g.displace([]*Unit{hq}, l)
		return
	}
	g.eliminate(hq, why, rule, l)
}

// ---- the attacker's result ----

// applyAttackerResult applies the attacker's result (std 8.9): 1 loses
// half the affected steps, 2 all of them; on a 2 an attacking force that
// was the smaller is wholly eliminated.
func (g *Game) applyAttackerResult(c *combat, r Result, s, attSteps, defSteps int, l *log) []string {
	why := fmt.Sprintf("%s, attacker result %s", c.label(), r)
	if r >= 2 && attSteps < defSteps {
		for _, u := range c.attackers {
			if u.OnMap() {
				g.eliminate(u, why+": the smaller force is wholly eliminated", "std 8.9", l)
			}
		}
		for _, hq := range c.heroes {
			if hq.OnMap() {
				g.hqFalls(hq, why, "std 8.9", l)
			}
		}
		return []string{"the attacking force, the smaller, is eliminated (std 8.9)"}
	}
	var ps []piece
	for _, u := range c.attackers {
		if u.OnMap() {
			ps = append(ps, piece{unit: u, steps: u.Steps(), def: u.Strength().Defense})
		}
	}
	if attSteps > defSteps {
		ps = g.designate(c.side, ps, s)
	}
	loss := s
	if r == 1 {
		loss = (s + 1) / 2
	}
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.id())
	}
	g.takeLosses(c.side, ps, loss, why, l)
	return []string{fmt.Sprintf("attacker loses %d step(s) from %s", loss, strings.Join(ids, " "))}
}

// ---- advance after combat ----

// advanceAfterCombat moves the units of the `advance` clause into a
// vacated target hex (std 8.71-8.75, AMB-13): each into the first hex of
// the order that it was next to, that no enemy unit or undestroyed enemy
// fortress holds, that std 8.75 does not close, and that has room.
func (g *Game) advanceAfterCombat(c *combat, closed map[hex.Hex]bool, l *log) []string {
	var notes []string
	limit := g.stackingLimit()
	for _, u := range c.advance {
		if !u.OnMap() {
			continue
		}
		from := u.Hex
		moved := false
		for _, h := range c.targets {
			if closed[h] || !g.Map().Grid.Adjacent(from, h) {
				continue
			}
			if g.blockedByEnemy(h, c.side) {
				continue
			}
			if f := g.forts[h]; f != nil && f.Data.Owner != c.side && !f.Destroyed() {
				continue
			}
			hqs := g.enemyHQsIn(h, c.side)
			if len(hqs) > 0 && (u.IsHQ() || u.Strength().Attack <= 0) {
				continue
			}
			sp := 0
			for _, x := range g.at[h] {
				if x.Side() == c.side {
					sp += x.SP()
				}
			}
			if sp+u.SP() > limit {
				continue
			}
			g.place(u, h)
			g.occupy(c.side, h)
			if len(hqs) > 0 {
				g.displace(hqs, l)
			}
			l.add(&Moved{Unit: u.ID, Side: c.side, Path: []hex.Hex{from, h}, Rule: "std 8.71", Notes: []string{"advance after combat"}})
			notes = append(notes, fmt.Sprintf("%s advances into %s (std 8.71)", u.ID, h))
			moved = true
			break
		}
		if !moved {
			notes = append(notes, fmt.Sprintf("%s cannot advance (std 8.71-8.75)", u.ID))
		}
	}
	return notes
}
