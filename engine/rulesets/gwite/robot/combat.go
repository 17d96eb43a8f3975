package robot

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Combat (std 8.0, 10.2). For each enemy stack the robot gathers adjacent
// units, from as many hexes as touch it, one at a time, and weighs the
// attack each such force could make after the best HQ shifts it may have
// (one corps-level and one army-level HQ, std 10.21-10.22, T 17.4,
// T 17.12): its expected VP over the six die rolls (value.go). Of all the
// stacks it then attacks the one whose best force gains most, takes those
// units out, and weighs again, while some attack gains more than MinGain
// at MinOdds (2-1) or better after shifts. It puts its attackers in
// command so that they are not halved (std 10.42), and asks the rules'
// preview, drawn from its View, whether each attack would go ahead: an
// attack the preview refuses loses its shift, then is dropped, and one
// whose previewed column falls below the least at which it still gains is
// dropped; the order's odds>= condition says the same to the referee.

// MinOdds is the least ratio, after shifts, at which the robot attacks.
const MinOdds = 2

type attack struct {
	target hex.Hex
	with   []gwite.UnitView
	shifts []string
	tcr    int // the CRT heading row: the attackers' highest TCR
	col    int // the final column it is planned at
	least  int // the least column at which it still gains (the guard)
	gain   float64
	line   string
}

func combatOrders(v *gwite.View, w *strings.Builder) {
	b := newBoard(v)
	sand := v.Sandbox()
	c := &combatPlan{v: v, b: b, sand: sand, chart: v.Chart(), used: map[string]bool{}, shiftUsed: map[string]bool{},
		radius: map[string]map[hex.Hex]bool{}}
	c.own, c.enemy = stepValues(v)
	attacks := c.plan()
	if len(attacks) == 0 {
		return
	}
	var want []gwite.UnitView
	for _, a := range attacks {
		want = append(want, a.with...)
	}
	var cc strings.Builder
	allocate(v, sand, want, &cc)
	attacks = c.check(cc.String(), attacks)
	w.WriteString(cc.String())
	for _, a := range attacks {
		fmt.Fprintln(w, a.line)
	}
}

type combatPlan struct {
	v          *gwite.View
	b          *board
	sand       *gwite.Game
	chart      gwite.Chart
	own, enemy float64 // VP of a step lost by each side (stepValues)
	used       map[string]bool
	shiftUsed  map[string]bool
	radius     map[string]map[hex.Hex]bool // own HQ radii, by HQ id
	// enemyRadius is every hex within an enemy HQ's radius (defenderPlus).
	enemyRadius map[hex.Hex]bool
}

// plan picks the attacks: the best of all stacks first, again and again.
func (c *combatPlan) plan() []*attack {
	targets := c.b.enemyHexes()
	done := map[hex.Hex]bool{}
	var out []*attack
	for {
		var best *attack
		for _, h := range targets {
			if done[h] {
				continue
			}
			if a := c.attackOn(h, c.defense(h)); a != nil && (best == nil || a.gain > best.gain) {
				best = a
			}
		}
		if best == nil {
			return out
		}
		done[best.target] = true
		for _, u := range best.with {
			c.used[u.ID] = true
		}
		for _, s := range best.shifts {
			c.shiftUsed[s] = true
		}
		best.line = c.line(best)
		out = append(out, best)
	}
}

// defense is the defending strength of enemy hex h (std 8.3, TEC, 11.11).
func (c *combatPlan) defense(h hex.Hex) int {
	def := 0
	for _, u := range c.b.byHex[h] {
		if u.Side != c.v.For && u.Type != scenario.HQ {
			def += u.Strength.Defense
		}
	}
	mult, fort := c.b.groundAt(h, false)
	return def*mult + fort
}

// attackers are the own units that may attack h, those touching the
// fewest other enemy stacks first, then the strongest.
func (c *combatPlan) attackers(h hex.Hex) []gwite.UnitView {
	var out []gwite.UnitView
	for _, n := range c.b.grid.Neighbours(h) {
		if !c.b.grid.Contains(n) {
			continue
		}
		if s, ok := c.b.grid.SideBetween(n, h); ok && !c.v.Map.Crossable(s) {
			continue // no attack across a blocked or lake hexside
		}
		for _, u := range c.b.byHex[n] {
			if u.Side != c.v.For || !isCombat(u) || u.Entrained || c.used[u.ID] || u.Strength.Attack == 0 {
				continue
			}
			if u.UsedRail && u.TCR > 1 {
				continue // std 5.34
			}
			out = append(out, u)
		}
	}
	fronts := func(u gwite.UnitView) int {
		n := 0
		for _, x := range c.b.grid.Neighbours(u.Hex) {
			if c.b.enemyCombatAt(x) {
				n++
			}
		}
		return n
	}
	sort.SliceStable(out, func(i, j int) bool {
		if fi, fj := fronts(out[i]), fronts(out[j]); fi != fj {
			return fi < fj
		}
		return out[i].Strength.Attack > out[j].Strength.Attack
	})
	return out
}

// strength is u's attack on h: halved out of supply (std 9.21) and across
// a river (TEC), a quarter for cavalry against other arms (std 12.21).
func (c *combatPlan) strength(u gwite.UnitView, h hex.Hex, nonCav bool) float64 {
	a := float64(u.Strength.Attack)
	if u.OutOfSupply {
		a /= 2
	}
	if c.riverClass(u.Hex, h) != scenario.NoSide {
		a /= 2
	}
	if u.Type == scenario.Cavalry && nonCav {
		a /= 4
	}
	return a
}

// riverClass is the river between a and b: MinorRiver, MajorRiver, or
// NoSide for any other hexside.
func (c *combatPlan) riverClass(a, b hex.Hex) scenario.SideClass {
	if s, ok := c.b.grid.SideBetween(a, b); ok {
		if side := c.v.Map.Hexside(s); side != nil && (side.Class == scenario.MinorRiver || side.Class == scenario.MajorRiver) {
			return side.Class
		}
	}
	return scenario.NoSide
}

// attackOn is the best attack on h: of the forces made of the first
// attackers, one more at a time, the one of the greatest expected gain at
// MinOdds or better, if that gain passes MinGain; nil if none does.
func (c *combatPlan) attackOn(h hex.Hex, def int) *attack {
	nonCav := false
	for _, u := range c.b.byHex[h] {
		if u.Side != c.v.For && u.Type != scenario.Cavalry && u.Type != scenario.HQ && u.Type != scenario.Depot {
			nonCav = true
		}
	}
	cands := c.attackers(h)
	if len(cands) == 0 {
		return nil
	}
	f := fight{def: c.defenderSteps(h), retreat: c.retreatRoom(h), defPlus: c.defenderPlus(h),
		own: c.own, enemy: c.enemy, won: c.wonValue(h)}
	var with []gwite.UnitView
	att, cav := 0.0, 0.0
	tcr, across := 0, true
	var best *attack
	for _, u := range cands {
		with = append(with, u)
		tcr = max(tcr, u.TCR)
		f.att += u.Steps
		across = across && c.riverClass(u.Hex, h) == scenario.MajorRiver
		if u.Type == scenario.Cavalry && nonCav {
			cav += c.strength(u, h, false)
		} else {
			att += c.strength(u, h, nonCav)
		}
		total := int(att) + int(cav/4) // std 12.21: fractions dropped
		raw := c.chart.Column(total, def, tcr)
		if raw == 0 {
			continue
		}
		shifts, sh := c.shifts(with)
		f.col = min(8, raw+sh)
		f.mod = 0
		if across {
			f.mod = 2 // all across major rivers (AMB-06)
		}
		low := c.columnAt(tcr, MinOdds)
		if f.col < low {
			continue
		}
		gain := f.value(c.chart)
		if gain <= MinGain || (best != nil && gain <= best.gain) {
			continue
		}
		least := f.col
		for col := low; col < f.col; col++ {
			g := f
			g.col = col
			if g.value(c.chart) > MinGain {
				least = col
				break
			}
		}
		best = &attack{target: h, with: append([]gwite.UnitView(nil), with...), shifts: shifts,
			tcr: tcr, col: f.col, least: least, gain: gain}
	}
	return best
}

// columnAt is the first column of TCR tcr's row at n-1 or better.
func (c *combatPlan) columnAt(tcr, n int) int {
	for col := 1; col <= 8; col++ {
		if a, d := c.chart.Heading(col, tcr); d == 1 && a >= n {
			return col
		}
	}
	return 8
}

func (c *combatPlan) line(a *attack) string {
	ids := make([]string, len(a.with))
	for i, u := range a.with {
		ids[i] = u.ID
	}
	s := fmt.Sprintf("attack %s with %s", a.target, strings.Join(ids, " "))
	if len(a.shifts) > 0 {
		s += " shift " + strings.Join(a.shifts, " ")
	}
	a1, d1 := c.chart.Heading(a.least, a.tcr)
	return s + fmt.Sprintf(" if odds>=%d-%d advance %s", a1, d1, ids[0])
}

// shifts picks, for the attackers with, the best unused corps-level and
// army-level HQ shifts they may have (std 10.21-10.22, T 17.4, T 17.12).
func (c *combatPlan) shifts(with []gwite.UnitView) ([]string, int) {
	steps := 0
	for _, u := range with {
		steps += u.Steps
	}
	best := map[string]gwite.UnitView{}
	for _, hq := range ownHQs(c.v) {
		lvl := c.sand.HQLevel(hq.ID)
		if hq.HQ.Shift <= 0 || c.shiftUsed[hq.ID] || (lvl != "corps" && lvl != "army") {
			continue
		}
		radius, ok := c.radius[hq.ID]
		if !ok {
			radius = c.sand.RadiusHexes(hq.ID)
			c.radius[hq.ID] = radius
		}
		in, own, cav := 0, 0, 0
		for _, u := range with {
			if radius[u.Hex] {
				in += u.Steps
			}
			if u.Parent == hq.Parent {
				own += u.Steps
			}
			if u.Type == scenario.Cavalry {
				cav++
			}
		}
		if 2*in < steps {
			continue // std 10.21
		}
		if c.v.For == gwite.RU && lvl == "army" && 2*own <= steps {
			continue // T 17.12
		}
		if c.v.For == gwite.DE && lvl == "corps" && own == 0 && cav < 2 {
			continue // T 17.4
		}
		if o, ok := best[lvl]; !ok || hq.HQ.Shift > o.HQ.Shift {
			best[lvl] = hq
		}
	}
	var ids []string
	n := 0
	for _, lvl := range []string{"corps", "army"} {
		if hq, ok := best[lvl]; ok {
			ids = append(ids, hq.ID)
			n += hq.HQ.Shift
		}
	}
	return ids, n
}

// check asks the preview about the attacks and keeps those it lets go
// ahead at their least column or better (the preview says an attack
// whose odds>= condition fails "would be skipped"); an attack refused
// with a shift is tried again without (one retry: each preview plays the
// window twice).
func (c *combatPlan) check(cc string, attacks []*attack) []*attack {
	for round := 0; round < 2 && len(attacks) > 0; round++ {
		var orders []engine.Order
		line := 1
		for _, l := range strings.Split(strings.TrimSpace(cc), "\n") {
			if o, ok := toOrder(l, line); ok {
				orders = append(orders, o)
			}
			line++
		}
		first := line
		for _, a := range attacks {
			o, _ := toOrder(a.line, line)
			orders = append(orders, o)
			line++
		}
		bad := map[int]bool{}
		short := map[int]bool{} // below its least column: no retry helps
		for _, r := range c.v.Preview(orders) {
			i := r.Line - first
			if i < 0 || i >= len(attacks) {
				continue
			}
			switch col, ok := c.previewColumn(r.Text, attacks[i].tcr); {
			case r.Refused:
				bad[i] = true
			case strings.HasPrefix(r.Text, "as things stand the attack would be skipped"), ok && col < attacks[i].least:
				bad[i], short[i] = true, true // its odds>= condition fails
			}
		}
		if len(bad) == 0 {
			return attacks
		}
		var keep []*attack
		for i, a := range attacks {
			if !bad[i] {
				keep = append(keep, a)
			} else if len(a.shifts) > 0 && !short[i] {
				a.shifts = nil
				a.line = c.line(a)
				keep = append(keep, a)
			}
		}
		attacks = keep
	}
	return attacks
}

// previewColumn reads the final column a preview remark gives an attack
// ("odds as things stand 9:4, 2-1 on the TCR 3 row, shifted to 4-1") on
// TCR tcr's heading row: 0 below the table.
func (c *combatPlan) previewColumn(text string, tcr int) (int, bool) {
	if !strings.HasPrefix(text, "odds as things stand") {
		return 0, false
	}
	name := ""
	if i := strings.Index(text, "shifted to "); i >= 0 {
		name = strings.Fields(text[i+len("shifted to "):])[0]
	} else if f := strings.Split(text, ", "); len(f) > 1 {
		name = strings.Fields(f[1])[0]
	}
	if name == "below" {
		return 0, true // below the first column
	}
	x, y, found := strings.Cut(strings.TrimRight(name, ","), "-")
	a, err1 := strconv.Atoi(x)
	d, err2 := strconv.Atoi(y)
	if !found || err1 != nil || err2 != nil {
		return 0, false
	}
	for col := 8; col >= 1; col-- {
		if ha, hd := c.chart.Heading(col, tcr); ha == a && hd == d {
			return col, true
		}
	}
	return 0, true
}

// toOrder turns one order line the robot wrote into an engine.Order for
// the preview, keywords as the verbs it writes use them.
func toOrder(text string, line int) (engine.Order, bool) {
	f := strings.Fields(text)
	if len(f) == 0 || strings.HasPrefix(f[0], "#") {
		return engine.Order{}, false
	}
	o := engine.Order{Line: line, Col: 1, Verb: f[0], Clauses: []engine.Clause{{}}}
	keywords := map[string]bool{"with": true, "shift": true, "if": true, "advance": true, "to": true, "via": true, "at": true}
	for i, word := range f[1:] {
		if keywords[word] {
			o.Clauses = append(o.Clauses, engine.Clause{Keyword: word})
			continue
		}
		cl := &o.Clauses[len(o.Clauses)-1]
		cl.Words = append(cl.Words, engine.Word{Text: word, Line: line, Col: i + 2})
	}
	return o, true
}
