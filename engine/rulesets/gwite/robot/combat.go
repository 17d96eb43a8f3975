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

// Combat (std 8.0, 10.2). For each enemy stack, the weakest first, the
// robot gathers adjacent units, from as many hexes as touch it, until the
// odds after the best HQ shifts it may have (one corps-level and one
// army-level HQ, std 10.21-10.22, T 17.4, T 17.12) reach 3-1 or the units
// run out; it attacks only at 2-1 or better after shifts (MinOdds), puts
// its attackers in command so that they are not halved (std 10.42), and
// asks the rules' preview, drawn from its View, whether each attack would
// go ahead: an attack the preview refuses loses its shift, then is
// dropped, and one whose previewed odds fall short is dropped.

// MinOdds is the least ratio, after shifts, at which the robot attacks.
const MinOdds = 2

// columns are the CRT's column ratios per attacker TCR row (std 8.8).
func columns(tcr int) [][2]int {
	switch {
	case tcr <= 1:
		return [][2]int{{1, 4}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}}
	case tcr <= 3:
		return [][2]int{{1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}}
	}
	return [][2]int{{1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}}
}

// column is the raw CRT column (1-8) of att against def, 0 if below the
// table.
func column(tcr int, att, def float64) int {
	col := 0
	for i, r := range columns(tcr) {
		if att*float64(r[1]) >= def*float64(r[0]) {
			col = i + 1
		}
	}
	if def <= 0 {
		col = 8
	}
	return col
}

// columnAt is the first column of the row at ratio n-1 or better.
func columnAt(tcr, n int) int {
	for i, r := range columns(tcr) {
		if r[1] == 1 && r[0] >= n {
			return i + 1
		}
	}
	return 8
}

type attack struct {
	target hex.Hex
	with   []gwite.UnitView
	shifts []string
	line   string
}

func combatOrders(v *gwite.View, w *strings.Builder) {
	b := newBoard(v)
	sand := v.Sandbox()
	c := &combatPlan{v: v, b: b, sand: sand, used: map[string]bool{}, shiftUsed: map[string]bool{}}
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
	v         *gwite.View
	b         *board
	sand      *gwite.Game
	used      map[string]bool
	shiftUsed map[string]bool
}

// plan picks the attacks.
func (c *combatPlan) plan() []*attack {
	type target struct {
		h   hex.Hex
		def float64
	}
	var targets []target
	for _, h := range c.b.enemyHexes() {
		targets = append(targets, target{h, c.defense(h)})
	}
	sort.SliceStable(targets, func(i, j int) bool { return targets[i].def < targets[j].def })
	var out []*attack
	for _, t := range targets {
		if a := c.attackOn(t.h, t.def); a != nil {
			out = append(out, a)
		}
	}
	return out
}

// defense is the defending strength of enemy hex h (std 8.3, TEC, 11.11).
func (c *combatPlan) defense(h hex.Hex) float64 {
	def := 0
	for _, u := range c.b.byHex[h] {
		if u.Side != c.v.For && u.Type != scenario.HQ {
			def += u.Strength.Defense
		}
	}
	mult, fort := c.b.groundAt(h, false)
	return float64(def*mult + fort)
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
	if s, ok := c.b.grid.SideBetween(u.Hex, h); ok {
		if side := c.v.Map.Hexside(s); side != nil && (side.Class == scenario.MinorRiver || side.Class == scenario.MajorRiver) {
			a /= 2
		}
	}
	if u.Type == scenario.Cavalry && nonCav {
		a /= 4
	}
	return a
}

func (c *combatPlan) attackOn(h hex.Hex, def float64) *attack {
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
	tcr := cands[0].TCR
	low, goal := columnAt(tcr, MinOdds), columnAt(tcr, MinOdds+1)
	var with []gwite.UnitView
	att, cav := 0.0, 0.0
	var shifts []string
	final := 0
	for _, u := range cands {
		with = append(with, u)
		if u.Type == scenario.Cavalry && nonCav {
			cav += c.strength(u, h, false)
		} else {
			att += c.strength(u, h, nonCav)
		}
		total := att + float64(int(cav/4)) // std 12.21: fractions dropped
		raw := column(tcr, total, def)
		if raw == 0 {
			continue
		}
		var sh int
		shifts, sh = c.shifts(with)
		final = min(8, raw+sh)
		if final >= goal {
			break
		}
	}
	if final < low {
		return nil
	}
	a := &attack{target: h, with: with, shifts: shifts}
	for _, u := range with {
		c.used[u.ID] = true
	}
	for _, s := range shifts {
		c.shiftUsed[s] = true
	}
	a.line = c.line(a)
	return a
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
	return s + fmt.Sprintf(" if odds>=%d-1 advance %s", MinOdds, ids[0])
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
		radius := c.sand.RadiusHexes(hq.ID)
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
// ahead at MinOdds or better; an attack refused with a shift is tried
// again without (one retry: each preview plays the window twice).
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
		for _, r := range c.v.Preview(orders) {
			i := r.Line - first
			if i < 0 || i >= len(attacks) {
				continue
			}
			if r.Refused {
				bad[i] = true
			} else if col, ok := finalOdds(r.Text); ok && col < MinOdds {
				bad[i] = true
			}
		}
		if len(bad) == 0 {
			return attacks
		}
		var keep []*attack
		for i, a := range attacks {
			if !bad[i] {
				keep = append(keep, a)
			} else if len(a.shifts) > 0 {
				a.shifts = nil
				a.line = c.line(a)
				keep = append(keep, a)
			}
		}
		attacks = keep
	}
	return attacks
}

// finalOdds reads the ratio a preview remark gives an attack ("odds as
// things stand 9:4, 2-1 on the TCR 3 row, shifted to 4-1"): its first
// number when the second is 1, else 0.
func finalOdds(text string) (int, bool) {
	if !strings.HasPrefix(text, "odds as things stand") {
		return 0, false
	}
	name := ""
	if i := strings.Index(text, "shifted to "); i >= 0 {
		name = strings.Fields(text[i+len("shifted to "):])[0]
	} else if f := strings.Split(text, ", "); len(f) > 1 {
		name = strings.Fields(f[1])[0]
	}
	name = strings.TrimRight(name, ",")
	parts := strings.Split(name, "-")
	if len(parts) != 2 {
		return 0, false
	}
	a, err1 := strconv.Atoi(parts[0])
	d, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || d == 0 {
		return 0, false
	}
	if d != 1 {
		return 0, true
	}
	return a, true
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
