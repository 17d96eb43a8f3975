package kw

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Preview implements engine.Previewer: it carries side's orders for the
// open window out on a sandbox, the game as side's View shows it (the
// enemy's standing orders, which no View shows, are left out), by the
// procedures Resolve follows, without a die, and says how each fares.
//
// Only a combat phase rolls dice on the orders of the window (14.13;
// [Opt: Fog of War] staff rolls aside), so everywhere else the sandbox's
// outcome is the resolution's: a move is told with its path and MP, a
// rail move with the capacity it takes (18.2), a sea move with its ports.
// In a combat phase the first battle that may be fought is told with its
// percentage and column as things stand; every attack after it hangs on
// that battle's die (a loss, a retreat or a pursuit changes who stands
// where, 15.0, 16.0) and is warned of, as is an attack whose `if`
// condition may not hold. Under Fog of War the strengths of a face-down
// stack are not in the View: an attack on one is warned of, without
// figures. Orders Validate refuses get no remark.
func (s *State) Preview(side scenario.Side, orders []engine.Order) []engine.Remark {
	if s.Over || side != s.phasing() {
		return nil
	}
	refused := map[int]bool{}
	for _, p := range s.Validate(side, orders) {
		refused[p.Line] = true
	}
	var todo []engine.Order
	for _, o := range orders {
		if v := verbNamed(o.Verb); v != nil && !refused[o.Line] && v.Windows[0] != wAny {
			todo = append(todo, o)
		}
	}
	p := &previewer{s: s.sandbox(side), side: side}
	switch s.Phase {
	case phMove:
		p.movement(todo)
	case phCombat1, phCombat2:
		p.combat(todo)
	}
	return p.out
}

// sandbox is the game as side's View shows it: a copy without the other
// side's standing orders.
func (s *State) sandbox(side scenario.Side) *State {
	c := s.clone()
	delete(c.Standing, Other(side))
	return c
}

// previewer is one preview under way.
type previewer struct {
	s    *State
	side scenario.Side
	out  []engine.Remark
}

func (p *previewer) say(o engine.Order, warning bool, rule, format string, args ...any) {
	p.out = append(p.out, engine.Remark{Line: o.Line, Order: o.String(), Text: fmt.Sprintf(format, args...), Case: rule, Warning: warning})
}

// movement plays the Movement Phase as movement does, order by order, and
// tells each move from its events: the path, the MP it costs and what is
// left, the rail capacity (11.1, 18.2, 21.6).
func (p *previewer) movement(os []engine.Order) {
	s := p.s
	m := s.openMove(p.side)
	m.ez = s.seenZOC(p.side) // what the side sees; resolution has the truth
	var marches []engine.Order
	for _, o := range os {
		if o.Verb == "march" {
			marches = append(marches, o)
		}
	}
	var ev []engine.Event
	s.march(m, marches, &ev)
	for _, e := range ev {
		if n, ok := e.(*engine.Note); ok && len(marches) > 0 {
			p.say(marches[0], false, n.Case, "%s", n.Text)
		}
	}
	for _, o := range os {
		switch o.Verb {
		case "staff":
			// [Opt: Fog of War] 2: the staff looks only on a d6 at or
			// under the HQ's support factor.
			if u, _ := s.own(p.side, firstWord(o)); u != nil {
				sup := s.faceOf(u).Support
				p.say(o, true, "Opt: Fog of War", "%s's staff sees the stack only on a die of %d or less (%d in 6)", u.ID, sup, min(sup, 6))
			}
			continue
		case "move", "rail", "sea":
		default:
			continue
		}
		var ev []engine.Event
		rail := s.Rail
		switch o.Verb {
		case "move":
			s.landMove(m, o, &ev)
		case "rail":
			s.railMove(m, o, &ev)
		case "sea":
			s.seaMove(m, o, &ev)
		}
		for _, e := range ev {
			// A move the acknowledgement let pass but that the ZOC of
			// face-down counters would stop, as the side reckons them
			// (zoc.go seenZOC): a warning, for the counters may be other
			// than they seem.
			if rj, ok := e.(*engine.Rejected); ok && rj.Side == p.side && rj.Problem.Line == o.Line {
				p.say(o, true, rj.Problem.Case, "as things stand: %s (a face-down counter's zone of control; resolution knows what it is)", rj.Problem.Reason)
				continue
			}
			me, ok := e.(*moveEvent)
			if !ok {
				continue
			}
			p.tellMove(o, me, m, rail)
		}
	}
}

// tellMove says where a move goes and what it costs.
func (p *previewer) tellMove(o engine.Order, me *moveEvent, m *movePhase, railBefore int) {
	s := p.s
	u := s.unit(me.Unit)
	hs := make([]string, len(me.Path))
	for i, h := range me.Path {
		hs[i] = h.String()
	}
	path := strings.Join(hs, "-")
	notes := ""
	for _, n := range me.Notes {
		notes += "; " + n
	}
	switch me.Mode {
	case moveSea:
		p.say(o, false, "21.6", "%s sails from %s to %s, its whole move%s", me.Unit, hs[0], hs[len(hs)-1], notes)
	case moveRail:
		used := s.Rail - railBefore
		p.say(o, false, "18.1, 18.2", "%s goes by rail %s (%s MP, %s left); it takes %s of the rail capacity, %s of 3 Army Equivalents used so far%s",
			me.Unit, path, mpText(me.Halves), mpText(s.mpLeft(m, u)), orNothing(thirds(used)), thirds(s.Rail), notes)
	default:
		p.say(o, false, "11.1", "%s moves %s (%s MP, %s left)%s", me.Unit, path, mpText(me.Halves), mpText(s.mpLeft(m, u)), notes)
	}
}

func orNothing(t string) string {
	if t == "0" {
		return "nothing"
	}
	return t
}

func firstWord(o engine.Order) string {
	if ws, _ := o.Clause(""); len(ws) > 0 {
		return ws[0].Text
	}
	return ""
}

// attackSeen is one attack order as walkAttacks meets it.
type attackSeen struct {
	o         engine.Order
	b         *battle // nil if it does not bind
	t         tally   // its strengths as things stand, if it binds
	why, rule string  // why it does not bind
	// after is the line of the first battle before it that may be fought,
	// 0 if none: from there on everything hangs on that battle's die.
	after int
	// certain: resolution refuses it too, whatever the dice (it fails
	// before any battle, or for a reason no battle's result undoes).
	certain bool
	fought  bool // its conditions hold as things stand
}

// walkAttacks reads a combat phase's attacks in the order written (14.4),
// as combat fights them after the supply declarations (17.11), binding each
// on s with every earlier battle that may be fought marked (14.4, 17.11,
// 19.1). Up to the first such battle the game is what resolution meets;
// after it a loss, a retreat or a pursuit (15.0, 16.0) may move or remove
// units, so a failure is certain only if it fails as well on the game as
// the first battle left it, for a reason that no result changes.
func (s *State) walkAttacks(side scenario.Side, os []engine.Order, see func(attackSeen)) {
	after := 0
	var base *State // the game with the first battle's marks only
	for _, o := range os {
		if o.Verb != "attack" {
			continue
		}
		a := attackSeen{o: o, after: after, certain: after == 0}
		a.b, a.why, a.rule = s.bindAttack(side, o)
		if a.why != "" {
			if after > 0 {
				_, why, _ := base.bindAttack(side, o)
				a.certain = why != "" && !movable(why)
			}
			see(a)
			continue
		}
		a.t = s.strength(a.b)
		// Conditions are never judged against face-down defenders, and
		// only a battle on the hex could turn them face-up: it is fought
		// whatever comes before it (ruling KW-Fog-BATTLE).
		blind := len(a.b.guards) > 0 && s.faceDownIn(a.b.hex)
		a.fought = true
		for _, g := range a.b.guards {
			a.fought = a.fought && (blind || g.holds(a.t.percent, a.t.defense))
		}
		see(a)
		if a.fought || (after > 0 && len(a.b.guards) > 0) {
			s.commit(a.b)
			if after == 0 {
				after, base = o.Line, s.clone()
			}
		}
	}
}

// movable reports whether an attack's problem is one an earlier battle
// may undo. Only the enemy moves then, its defenders retreating (15.0)
// into a hex that held none, and with it its zones of control, through
// which an HQ's support radius is traced (19.1); the side's own units move
// or die only in battles they fought, after which they may not attack
// again (14.4), and HQs take no result.
func movable(why string) bool {
	return strings.Contains(why, "holds no enemy units") || strings.Contains(why, "support radius")
}

// combat tells each attack of a combat phase: its percentage and column as
// things stand, or why it hangs on an earlier battle or a condition.
func (p *previewer) combat(os []engine.Order) {
	s := p.s
	var ev []engine.Event
	s.declareSupply(p.side, os, &ev)
	s.walkAttacks(p.side, os, func(a attackSeen) {
		o, b, t := a.o, a.b, a.t
		if a.why != "" {
			if !a.certain {
				p.say(o, true, a.rule, "as things stand this attack would be refused (%s); the battle on line %d may change that", a.why, a.after)
			}
			return
		}
		hidden := p.hiddenAt(b.hex)
		if hidden {
			p.say(o, true, "Opt: Fog of War", "face-down counters defend %s: the strengths are known only when the battle reveals the stack", b.hex)
		}
		switch {
		case len(b.guards) > 0 && hidden:
			p.say(o, true, "Opt: Fog of War", "fought whatever the odds: %s is not judged against face-down counters (ruling KW-Fog-BATTLE)", guardText(b))
		case a.after > 0:
			p.say(o, true, "14.4, 16.0", "fought after the battle on line %d, whose result (losses, retreats, pursuit) may change this one or refuse it; as things stand: %s",
				a.after, p.odds(t, hidden))
		case len(b.guards) > 0 && !a.fought:
			p.say(o, true, "14.4", "skipped: %s does not hold as things stand (%s)", guardText(b), t.ratio())
		case !hidden:
			text := t.ratio()
			if len(b.guards) > 0 {
				text += "; " + guardText(b) + " holds"
			}
			p.say(o, false, "14.13", "%s%s", text, tableNote(b))
		}
	})
}

func (p *previewer) odds(t tally, hidden bool) string {
	if hidden {
		return "the defence is face-down"
	}
	return t.ratio()
}

func guardText(b *battle) string {
	var ws []string
	for _, g := range b.guards {
		ws = append(ws, g.text)
	}
	return "the condition " + strings.Join(ws, " and ")
}

func tableNote(b *battle) string {
	if b.table == "shock" {
		return ", on the Shock CRT"
	}
	return ""
}

// hiddenAt reports whether a face-down enemy counter stands in h ([Opt:
// Fog of War]): what it is, the side does not see.
func (p *previewer) hiddenAt(h hex.Hex) bool {
	for _, u := range p.s.at(h) {
		if !p.s.seenBy(u, p.side) {
			return true
		}
	}
	return false
}
