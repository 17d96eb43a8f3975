package gwite

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// Preview implements engine.State. It plays side's orders on a sandbox
// built from side's View alone (Sandbox), so that nothing it says can
// depend on what the side may not see: in a Movement Phase it carries out
// the land and rail moves, entrainments and the Gruppe orders in file
// order and gives the path each move given by destination would take; in
// a Combat Phase it declares each attack in turn and gives its odds. Orders that would
// fail as things stand, and attacks below 1-2, are warnings. Nothing is
// rolled: the units of an order that calls for a die are left out of the
// preview from that order on.
func (g *Game) Preview(side engine.Side, orders []engine.Order) []engine.Remark {
	return g.View(side).(*View).preview(orders)
}

func (v *View) preview(orders []engine.Order) []engine.Remark {
	w := v.Win
	if w.Done || !v.setupDone || w.Phasing != v.For {
		return nil
	}
	sb := v.Sandbox()
	refused := map[int]bool{} // lines Validate already refuses
	for _, p := range sb.Validate(v.For, orders) {
		refused[p.Line] = true
	}
	var todo []engine.Order
	for _, o := range orders {
		if !refused[o.Line] {
			todo = append(todo, o)
		}
	}
	p := &previewer{g: sb, v: v, side: v.For, l: &log{dice: &noDice{}},
		pending: map[string]int{}, commandRoll: map[string]string{}}
	sb.evlog = p.l
	switch sb.phase().kind {
	case kindMove:
		p.moves(todo)
	case kindCombat:
		p.attacks(todo)
	}
	return p.out
}

// noDice counts the rolls a preview would need instead of making them up.
type noDice struct{ asked int }

func (d *noDice) D6() int { d.asked++; return 1 }

// previewer is one preview under way.
type previewer struct {
	g    *Game // the sandbox
	v    *View
	side engine.Side
	l    *log
	out  []engine.Remark
	// pending is the words (unit ids) of orders whose outcome hangs on a
	// die, with the line of that order.
	pending map[string]int
	// commandRoll is the units that roll for command control (std 10.3),
	// with the case; the preview assumes they pass, and says so.
	commandRoll map[string]string
}

func (p *previewer) say(o engine.Order, warning bool, rule, format string, args ...any) {
	p.out = append(p.out, engine.Remark{Line: o.Line, Order: o.String(), Text: fmt.Sprintf(format, args...), Case: rule, Warning: warning})
}

// rolled reports whether the sandbox asked for a die for order o. Its
// outcome is then unknown, so the units it names are left out of the
// preview from here on (pending).
func (p *previewer) rolled(o engine.Order) bool {
	d := p.l.dice.(*noDice)
	if d.asked == 0 {
		return false
	}
	d.asked = 0
	p.say(o, false, "", "its outcome hangs on a die roll at resolution")
	for _, c := range o.Clauses {
		for _, w := range c.Words {
			p.pending[w.Text] = o.Line
		}
	}
	return true
}

// waits reports whether o names a unit whose fate hangs on an earlier
// order's die roll, and says so.
func (p *previewer) waits(o engine.Order) bool {
	for _, c := range o.Clauses {
		for _, w := range c.Words {
			if line, ok := p.pending[w.Text]; ok {
				p.say(o, false, "", "%s depends on the die roll for line %d; this order is read at resolution", w.Text, line)
				return true
			}
		}
	}
	return false
}

// command runs the Command Control Segment in the sandbox (std 10.3-10.4)
// with the cc lines of orders. Units an HQ takes into command, or that are
// out of command without a roll, are settled; each unit that must roll is
// assumed to pass, and the orders naming it say so (commandNote).
func (p *previewer) command(orders []engine.Order, combat bool) {
	from := len(p.l.events)
	p.g.commandSegment(p.side, orders, combat, p.l)
	p.l.dice.(*noDice).asked = 0
	for _, e := range p.l.events[from:] {
		r, ok := e.(*engine.Roll)
		if !ok {
			continue
		}
		id := r.Purpose[strings.LastIndex(r.Purpose, " ")+1:]
		if u := p.g.units[id]; u != nil {
			u.OCCMove, u.OCCCombat = false, false
			p.commandRoll[id] = r.Case
		}
	}
}

// commandNote says which units named in o must roll for command control.
// A Gruppe named in o stands for the units in it (T 18.31).
func (p *previewer) commandNote(o engine.Order) {
	for _, u := range p.named([]engine.Order{o}) {
		id := u.ID
		rule, ok := p.commandRoll[id]
		switch {
		case !ok:
		case rule == "std 10.42":
			p.say(o, false, rule, "%s must pass a command roll to attack at full strength", id)
		default:
			p.say(o, false, rule, "%s must pass a command roll to move", id)
		}
	}
}

// moves previews a Movement Phase (std 5.0, 5.3, T 18.3).
func (p *previewer) moves(orders []engine.Order) {
	g, side := p.g, p.side
	// std 9.21: units out of supply as the phase begins move at half MA.
	// Only the units the orders name are traced.
	g.oosAtStart, g.railMoved = map[string]bool{}, map[string]bool{}
	for _, u := range p.named(orders) {
		if u.Side() == side && u.OnMap() && !u.IsHQ() && !g.supplied(u) {
			g.oosAtStart[u.ID] = true
		}
	}
	p.command(orders, false)
	for _, o := range orders {
		if p.waits(o) {
			continue
		}
		if o.Verb != "cc" {
			p.commandNote(o)
		}
		if id := wordsOf(o, ""); (o.Verb == "move" || o.Verb == "rail") && len(id) == 1 && !g.gruppeRef(side, id[0]) {
			if u := g.units[id[0]]; u != nil && !u.OnMap() {
				p.say(o, false, "std 14.0", "%s is not on the map now; if it arrives this phase, its move is read at resolution", u.ID)
				continue
			}
		}
		from := len(p.l.events)
		switch o.Verb {
		case "move":
			g.orderMove(side, o, p.l)
		case "rail":
			g.orderRail(side, o, p.l)
		case "entrain":
			for _, id := range wordsOf(o, "") {
				g.orderEntrain(side, o, id, p.l)
			}
		case "detrain":
			for _, id := range wordsOf(o, "") {
				g.orderDetrain(side, o, id, p.l)
			}
		case "gruppe":
			g.orderGruppe(side, o, p.l)
		case "leave":
			g.orderLeave(side, o, p.l)
		case "remove":
			g.orderRemove(side, o, p.l)
		default:
			continue
		}
		p.events(o, p.l.events[from:])
		p.rolled(o)
	}
}

// named lists the side's units the orders name, those of a named Gruppe
// included (T 18.31), each once.
func (p *previewer) named(orders []engine.Order) []*Unit {
	seen := map[string]bool{}
	var out []*Unit
	add := func(u *Unit) {
		if u != nil && !seen[u.ID] {
			seen[u.ID] = true
			out = append(out, u)
		}
	}
	for _, o := range orders {
		for _, c := range o.Clauses {
			for _, w := range c.Words {
				if p.g.gruppeRef(p.side, w.Text) {
					n, _ := strconv.Atoi(w.Text[1:])
					if gr := p.g.gruppe(n); gr != nil {
						for _, u := range p.g.members(gr) {
							add(u)
						}
					}
					continue
				}
				add(p.g.units[w.Text])
			}
		}
	}
	return out
}

// events turns what the sandbox logged for order o into remarks: the path
// of a move given by destination, and any refusal as a warning.
func (p *previewer) events(o engine.Order, evs []engine.Event) {
	_, toDest := o.Clause("to")
	var path []hex.Hex
	mp, rail := 0, false
	join := func(ps []hex.Hex) {
		if len(path) > 0 && len(ps) > 0 && path[len(path)-1] == ps[0] {
			ps = ps[1:]
		}
		path = append(path, ps...)
	}
	for _, e := range evs {
		switch e := e.(type) {
		case *Moved:
			join(e.Path)
			mp, rail = e.MP, e.Rail
		case *MarkerMoved:
			if e.For == p.side {
				join(e.Path)
				mp += e.MP
			}
		case *engine.Rejected:
			if e.Side == p.side {
				p.say(o, true, e.Problem.Case, "as things stand: %s", e.Problem.Reason)
			}
		}
	}
	if !toDest || len(path) < 2 {
		return
	}
	hs := make([]string, len(path))
	for i, h := range path {
		hs[i] = h.String()
	}
	switch {
	case rail:
		p.say(o, false, "std 5.33", "by rail through %s (%d hexes)", strings.Join(hs, " "), len(path)-1)
	default:
		p.say(o, false, "std 5.12", "path %s (%d MP)", strings.Join(hs, " "), mp)
	}
}

// attacks previews a Combat Phase: each attack is declared in file order
// and its odds computed as things stand (std 8.4), without rolling.
func (p *previewer) attacks(orders []engine.Order) {
	g, side := p.g, p.side
	ph := newCombatPhase()
	p.command(orders, true)
	n := 0
	for _, o := range orders {
		if o.Verb != "attack" {
			continue
		}
		n++
		p.commandNote(o)
		if h, ok := p.markerTarget(o); ok {
			// T 18, digest 7.2: what a marker hides is not in the view.
			p.say(o, false, "T 18.0", "a Gruppe marker stands in %s; what defends there is known only at resolution", h)
			continue
		}
		from := len(p.l.events)
		c, ok := g.declareAttack(side, o, n, ph, p.l)
		if !ok {
			p.events(o, p.l.events[from:])
			continue
		}
		for _, u := range c.attackers {
			if !g.supplyTraced(u) {
				c.oos[u.ID] = true
				p.say(o, true, "std 9.23", "%s attacks out of supply: it rolls for attrition first and attacks at half strength", u.ID)
			}
		}
		od := g.combatOdds(c)
		for _, gd := range c.guards {
			if pass, why := g.guardHolds(c, gd, od); !pass {
				p.say(o, true, "std 8.4", "as things stand the condition %q does not hold (%s): the attack would be skipped", gd.text, why)
			}
		}
		switch {
		case od.total == 0:
			p.say(o, true, "std 8.12", "as things stand the attack totals 0 strength")
		case od.raw < 1:
			p.say(o, true, "std 8.8", "as things stand the odds %d:%d are below %s, the lowest column of the TCR %d row: the attack would be refused",
				od.total, od.def, columnName(1, c.tcr), c.tcr)
		default:
			p.say(o, false, "std 8.4", "%s", oddsText(c, od))
			if r := crtRow(c.tcr)[od.final-1]; 2*r[0] < r[1] {
				p.say(o, true, "std 8.8", "as things stand the attack is at %s, below 1-2", columnName(od.final, c.tcr))
			}
		}
		// The declaration stands for the attacks after it (std 8.14,
		// 10.11, 10.24).
		for _, u := range c.attackers {
			u.Attacked = true
		}
		for _, hq := range c.heroes {
			hq.Attacked = true
			ph.heroicIn[hq.ID] = n
		}
		for _, hq := range c.shifts {
			ph.shiftUsed[hq.ID] = n
		}
		for _, h := range c.targets {
			if c.forts[h] != nil {
				ph.forts[h] = true
			}
			for _, u := range c.defenders[h] {
				u.Defended = true
			}
		}
	}
}

// markerTarget returns a target hex of attack order o that holds a Gruppe
// marker the viewing side cannot look under.
func (p *previewer) markerTarget(o engine.Order) (hex.Hex, bool) {
	for _, w := range wordsOf(o, "") {
		h, err := hex.Parse(w)
		if err != nil {
			continue
		}
		for _, m := range p.v.Markers {
			if m.Hex == h {
				return h, true
			}
		}
	}
	return hex.Hex{}, false
}

// oddsText is the odds of a declared attack as the player reads them.
func oddsText(c *combat, od odds) string {
	s := fmt.Sprintf("odds as things stand %d:%d, %s on the TCR %d row", od.total, od.def, columnName(od.raw, c.tcr), c.tcr)
	if od.final != od.raw {
		s += fmt.Sprintf(", shifted to %s", columnName(od.final, c.tcr))
	}
	if od.mod != 0 {
		s += fmt.Sprintf(", die %+d", od.mod)
	}
	return s
}
