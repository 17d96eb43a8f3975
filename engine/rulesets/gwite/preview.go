package gwite

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// Preview implements engine.State. It carries out side's orders for the
// open window on a sandbox built from side's View alone (Sandbox), by the
// very procedure Resolve follows, so that nothing it says can depend on
// what the side may not see and everything it says is what resolution
// would do if the other side sent nothing. It gives the path each move
// given by destination takes and the odds of each attack. An order the
// sandbox refuses is Refused when nothing the side cannot know could change
// that: nothing hidden (a Gruppe marker, a hex out of sight) stands on or
// next to where it goes, and no earlier order's die touches it, or the
// sandbox refuses it for the same reason with every die a 1 too.
// Otherwise, and for every order whose outcome hangs on a die or on what
// is hidden, the remark is a Warning saying on what. No die is rolled: in
// the world the remarks describe each comes out the way that lets the
// order go ahead.
func (g *Game) Preview(side engine.Side, orders []engine.Order) []engine.Remark {
	return g.View(side).(*View).preview(orders)
}

func (v *View) preview(orders []engine.Order) []engine.Remark {
	w := v.Win
	if w.Done || !submits(w, v.For) {
		return nil
	}
	refused := map[int]bool{} // lines Validate already refuses
	for _, p := range v.Sandbox().Validate(v.For, orders) {
		refused[p.Line] = true
	}
	p := &previewer{v: v, side: v.For, taint: map[string]doubt{}, declared: map[int]*declaration{}}
	// The other world: every die a 1. What the sandbox refuses in both
	// worlds for the same reason does not hang on the dice.
	_, worst := v.play(orders, refused, previewDice(1), nil)
	p.worst = map[int][]string{}
	for _, e := range worst.events {
		if rj, ok := e.(*engine.Rejected); ok && rj.Side == v.For {
			p.worst[rj.Problem.Line] = append(p.worst[rj.Problem.Line], rj.Problem.Reason)
		}
	}
	var l *log
	p.g, l = v.play(orders, refused, previewDice(6), p)
	p.read(l.events)
	return p.out
}

// play carries out orders but those on the refused lines on a sandbox of
// v, as Resolve would, with dice d, and returns the sandbox and its log.
// p, if set, is told where each order starts and of each attack declared.
func (v *View) play(orders []engine.Order, refused map[int]bool, d previewDice, p *previewer) (*Game, *log) {
	sb := v.Sandbox()
	var todo []engine.Order
	for _, o := range orders {
		if !refused[o.Line] && !isStanding(o.Verb) {
			todo = append(todo, o)
		}
	}
	l := &log{dice: d}
	if p != nil {
		l.begin = func(o engine.Order) { p.marks = append(p.marks, mark{o, len(l.events)}) }
		l.declared = func(c *combat, od odds) { p.declare(sb, c, od) }
	}
	sb.evlog = l
	// Standing orders first, as Resolve takes them.
	for _, o := range orders {
		if !refused[o.Line] && isStanding(o.Verb) {
			l.start(o)
			sb.applyStanding(v.For, o, l)
		}
	}
	switch {
	case !sb.SetupDone:
		sb.resolveSetup(map[engine.Side][]engine.Order{v.For: todo}, l)
	case sb.phase().kind == kindMove:
		sb.oosAtStart, sb.railMoved = map[string]bool{}, map[string]bool{}
		sb.movementPhase(v.For, todo, l)
	case sb.phase().kind == kindCavWd:
		sb.cavalryWithdrawalPhase(v.For, todo, l)
	case sb.phase().kind == kindCombat:
		sb.combatPhase(v.For, todo, l)
	}
	l.start(engine.Order{})
	return sb, l
}

// previewDice rolls the same number every time: 6, which lets an order go
// ahead (it passes a command roll, std 10.3, an entrainment, T 16.11, and
// a withdrawal, std 12.12), or 1, which stops it.
type previewDice int

func (d previewDice) D6() int           { return int(d) }
func (d previewDice) choose(string) int { return int(d) }

// mark is where an order's part of the sandbox's log starts.
type mark struct {
	o  engine.Order
	at int
}

// declaration is an attack as declared in the sandbox, before its roll.
type declaration struct {
	c  *combat
	od odds
	// oos is the attackers out of supply as it is declared (std 9.23).
	oos []string
}

// previewer is one preview under way.
type previewer struct {
	g     *Game // the sandbox
	v     *View
	side  engine.Side
	marks []mark
	out   []engine.Remark
	// taint is the words (unit ids and hexes) whose state hangs on a die
	// rolled, or on what was hidden from, an earlier order
	// rolled for an earlier order, with that order's line.
	taint map[string]doubt
	// command is the units that roll for command control (std 10.3,
	// 10.42): the roll's case and the unit's TCR.
	command  map[string]commandRoll
	declared map[int]*declaration // by line
	// worst is the reasons the sandbox refuses each line for when every
	// die is a 1.
	worst map[int][]string
	// byMarker: an earlier order took a unit of the side next to a Gruppe
	// marker, which goes then if it is a dummy (T 18.42).
	byMarker bool
}

type commandRoll struct {
	rule string
	tcr  int
}

func (p *previewer) say(o engine.Order, warning bool, rule, format string, args ...any) {
	p.out = append(p.out, engine.Remark{Line: o.Line, Order: o.String(), Text: fmt.Sprintf(format, args...), Case: rule, Warning: warning})
}

func (p *previewer) refuse(o engine.Order, pr engine.Problem) {
	p.out = append(p.out, engine.Remark{Line: o.Line, Order: o.String(), Text: pr.Reason, Case: pr.Case, Refused: true})
}

func (p *previewer) declare(sb *Game, c *combat, od odds) {
	d := &declaration{c: c, od: od}
	for _, u := range c.attackers {
		if !sb.supplyTraced(u) {
			d.oos = append(d.oos, u.ID)
		}
	}
	p.declared[c.o.Line] = d
}

// read turns the sandbox's log into remarks, order by order.
func (p *previewer) read(evs []engine.Event) {
	rejected := map[int][]engine.Problem{}
	p.command = map[string]commandRoll{}
	for _, e := range evs {
		switch e := e.(type) {
		case *engine.Rejected:
			if e.Side == p.side {
				rejected[e.Problem.Line] = append(rejected[e.Problem.Line], e.Problem)
			}
		case *engine.Roll:
			if id, ok := strings.CutPrefix(e.Purpose, "command control for "); ok {
				id = id[strings.LastIndex(id, " ")+1:]
				if u := p.g.units[id]; u != nil {
					p.command[id] = commandRoll{e.Case, u.TCR()}
				}
			}
		}
	}
	done := map[int]bool{}
	for i, m := range p.marks {
		o := m.o
		if o.Line == 0 || done[o.Line] {
			continue
		}
		done[o.Line] = true
		end := len(evs)
		if i+1 < len(p.marks) {
			end = p.marks[i+1].at
		}
		p.order(o, evs[m.at:end], rejected[o.Line])
		p.byMarker = p.byMarker || p.passesMarker(evs[m.at:end])
	}
}

// heldForMarker reports whether pr refuses a move for the MP held next
// to a Gruppe marker (T 18.41, AMB-30): in the walk, or in the reason a
// destination is out of reach (Game.unreachable).
func heldForMarker(pr engine.Problem) bool {
	return pr.Case == "T 18.41" || pr.Case == "std 5.14" && strings.Contains(pr.Reason, "next to a Gruppe marker")
}

// passesMarker reports whether a move of the side in evs comes next to a
// Gruppe marker the view shows.
func (p *previewer) passesMarker(evs []engine.Event) bool {
	grid := p.g.Map().Grid
	for _, e := range evs {
		mv, ok := e.(*Moved)
		if !ok || mv.Side != p.side {
			continue
		}
		for _, h := range mv.Path {
			for _, m := range p.v.Markers {
				if grid.Distance(h, m.Hex) <= 1 {
					return true
				}
			}
		}
	}
	return false
}

// order gives the remarks of order o, whose part of the log is evs and
// which the sandbox refused for the reasons probs.
func (p *previewer) order(o engine.Order, evs []engine.Event, probs []engine.Problem) {
	if h, ok := p.markerTarget(o); ok {
		// T 18, digest 7.2: what a marker hides is not in the view.
		p.say(o, true, "T 18.0", "a Gruppe marker stands in %s; what defends there is known only at resolution", h)
		return
	}
	// A failed command roll only takes more from the units that roll
	// (std 10.41, 10.42): what the sandbox refuses when they pass is
	// refused when they fail too, so the roll leaves refusals certain.
	for _, u := range p.named(o) {
		if c, ok := p.command[u.ID]; ok && len(probs) == 0 {
			p.commandWarning(o, u.ID, c)
		}
	}
	var doubts []string
	if h := p.hidden(o, evs, len(probs) > 0); h != "" {
		doubts = append(doubts, h)
	}
	if p.byMarker && slices.ContainsFunc(probs, heldForMarker) {
		// T 18.42: the marker whose MP is held may be a dummy, removed
		// when an earlier move came next to it, and the move then goes
		// ahead.
		doubts = append(doubts, "a Gruppe marker next to its way may be a dummy, removed when an earlier move of yours came next to it [T 18.42]")
	}
	hidden := len(doubts) > 0
	d, word := p.tainted(o, evs)
	if d.line > 0 {
		doubts = append(doubts, fmt.Sprintf("what becomes of %s hangs on %s", word, d))
		hidden = hidden || !d.dice
	}
	shared := false
	for _, pr := range probs {
		// Rail capacity is shared by the side's orders (std 5.31): when
		// earlier units fail their command rolls, capacity is left for
		// this one, so a shortage the world of 1s does not share hangs
		// on the dice.
		if strings.HasPrefix(pr.Reason, "rail capacity used up") && !slices.Contains(p.worst[o.Line], pr.Reason) {
			shared = true
			p.say(o, true, pr.Case, "as things stand: %s (it hangs on the command rolls of the units entrained before it)", pr.Reason)
			continue
		}
		// Refused in the world of 1s as in that of 6s, for the same
		// reason: the die does not save it.
		if !hidden && (d.line == 0 || !d.shared && slices.Contains(p.worst[o.Line], pr.Reason)) {
			p.refuse(o, pr)
			continue
		}
		p.say(o, true, pr.Case, "as things stand: %s (%s)", pr.Reason, strings.Join(doubts, "; "))
	}
	if len(probs) > 0 {
		if hidden || shared {
			p.spread(o, doubt{line: o.Line, dice: shared && !hidden, shared: shared && !hidden}, evs)
		}
		return
	}
	p.path(o, evs)
	if d := p.declared[o.Line]; d != nil {
		p.odds(o, d, evs)
	}
	rolled := false
	for _, e := range evs {
		if r, ok := e.(*engine.Roll); ok && !strings.HasPrefix(r.Purpose, "command control for ") {
			rolled = true
		}
	}
	if len(doubts) > 0 {
		p.say(o, true, "", "decided at resolution: %s", strings.Join(doubts, "; "))
	}
	switch {
	case rolled:
		p.say(o, false, "", "its outcome hangs on a die roll at resolution")
		p.spread(o, doubt{line: o.Line, dice: true}, evs)
	case hidden:
		p.spread(o, doubt{line: o.Line}, evs)
	}
}

// commandWarning says what unit id must roll to be in command control
// (std 10.3: more than its TCR) and what a failure costs.
func (p *previewer) commandWarning(o engine.Order, id string, c commandRoll) {
	need := "a " + strconv.Itoa(c.tcr+1)
	if c.tcr+1 < 6 {
		need += " or more"
	}
	if c.rule == "std 10.42" || p.g.phase().kind == kindCombat {
		p.say(o, true, c.rule, "%s must pass a command roll, %s (%d in 6), to attack at full strength", id, need, 6-c.tcr)
		return
	}
	p.say(o, true, c.rule, "%s must pass a command roll, %s (%d in 6), or it may not move", id, need, 6-c.tcr)
}

// doubt is an earlier order whose outcome the preview cannot know: its
// die, or what it meets where the side cannot see.
type doubt struct {
	line int
	dice bool
	// shared: the rail capacity left for that order hangs on other
	// units' command rolls, so a refusal that follows from it is never
	// certain, whatever the world of 1s says.
	shared bool
}

func (d doubt) String() string {
	if d.shared {
		return fmt.Sprintf("the rail capacity the command rolls leave for line %d", d.line)
	}
	if d.dice {
		return fmt.Sprintf("the die roll for line %d", d.line)
	}
	return fmt.Sprintf("what line %d meets where you cannot see", d.line)
}

// tainted returns the earlier order whose outcome decides something o
// names or goes through (evs), and the word or hex.
func (p *previewer) tainted(o engine.Order, evs []engine.Event) (doubt, string) {
	for _, w := range wordsOfAll(o) {
		if d, ok := p.taint[w]; ok {
			return d, w
		}
	}
	for _, u := range p.named(o) {
		if d, ok := p.taint[u.Hex.String()]; ok && u.OnMap() {
			return d, u.ID
		}
	}
	for _, h := range p.moves(evs) {
		if d, ok := p.taint[h.String()]; ok {
			return d, h.String()
		}
	}
	return doubt{}, ""
}

// moves is the hexes the side's units go through in evs.
func (p *previewer) moves(evs []engine.Event) []hex.Hex {
	var out []hex.Hex
	for _, e := range evs {
		switch m := e.(type) {
		case *Moved:
			if m.Side == p.side {
				out = append(out, m.Path...)
			}
		case *MarkerMoved:
			if m.For == p.side {
				out = append(out, m.Path...)
			}
		}
	}
	return out
}

// spread marks what the doubtful outcome of order o may change: the
// units and hexes it names and the hexes next to where it went (a zone of
// control, a marker revealed or not) and, for an attack, every hex within
// two of its targets (retreats and advances, std 8.6, 8.7) with the units
// in them.
func (p *previewer) spread(o engine.Order, d doubt, evs []engine.Event) {
	mark := func(w string) {
		if _, ok := p.taint[w]; !ok {
			p.taint[w] = d
		}
	}
	grid := p.g.Map().Grid
	var around []hex.Hex
	for _, w := range wordsOfAll(o) {
		h, err := hex.Parse(w)
		switch {
		case err == nil:
			around = append(around, h)
		case p.g.units[w] != nil || p.g.gruppeRef(p.side, w):
			mark(w)
		}
	}
	around = append(around, p.moves(evs)...)
	reach := 1
	if c := p.declared[o.Line]; c != nil {
		around, reach = append(around, c.c.targets...), 2
	}
	for _, c := range around {
		for _, h := range grid.Within(c, reach) {
			mark(h.String())
			for _, u := range p.g.at[h] {
				mark(u.ID)
			}
		}
	}
}

// hidden says what the side cannot see that could change what becomes of
// order o: a Gruppe marker (T 18) or, under limited fog, a hex out of sight
// on or next to the hexes the order goes through or names or its units
// stand in (for an HQ's command, within its radius).
func (p *previewer) hidden(o engine.Order, evs []engine.Event, refused bool) string {
	// The sandbox holds no enemy the side cannot see, and an enemy only
	// bars: it stops a move, shuts a rail line, cuts a command radius or a
	// supply line. So what the sandbox refuses stays refused, but for a
	// withdrawal, which an enemy next to the unit allows (std 12.11).
	if refused && o.Verb != "withdraw" {
		return ""
	}
	grid := p.g.Map().Grid
	markers := map[hex.Hex]bool{}
	for _, m := range p.v.Markers {
		markers[m.Hex] = true
	}
	// A land move next to a marker holds the MP a zone of control under
	// it would cost (T 18.41, AMB-30), so that only the marker's own hex
	// leaves its way in doubt.
	held := o.Verb == "move"
	unseen := func(h hex.Hex, next bool) string {
		switch {
		case markers[h] && !(held && next):
			return "the Gruppe marker in " + h.String() + " may hide units that stop or bar it [T 18.41]"
		case grid.Contains(h) && !p.v.Sees(h):
			return h.String() + " is out of your sight: an enemy there would stop or bar it"
		}
		return ""
	}
	hexes := p.moves(evs)
	for _, w := range wordsOfAll(o) {
		if h, err := hex.Parse(w); err == nil {
			hexes = append(hexes, h)
		}
	}
	// A zone of control bars a move and an HQ's command radius
	// (std 7.21, 10.32): what is hidden within reach may change either.
	reach := 1
	for _, u := range p.named(o) {
		if u.OnMap() {
			hexes = append(hexes, u.Hex)
		}
		if o.Verb == "cc" && u.IsHQ() {
			reach = max(reach, p.g.commandRadius(u)+1)
		}
	}
	for _, h := range hexes {
		for _, x := range grid.Within(h, reach) {
			if why := unseen(x, x != h); why != "" {
				return why
			}
		}
	}
	return ""
}

func wordsOfAll(o engine.Order) []string {
	var out []string
	for _, c := range o.Clauses {
		for _, w := range c.Words {
			out = append(out, w.Text)
		}
	}
	return out
}

// named lists the side's units order o names, those of a named Gruppe
// included (T 18.31), each once.
func (p *previewer) named(o engine.Order) []*Unit {
	var out []*Unit
	add := func(u *Unit) {
		if u != nil && u.Side() == p.side && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	for _, w := range wordsOfAll(o) {
		if p.g.gruppeRef(p.side, w) {
			n, _ := strconv.Atoi(w[1:])
			if gr := p.g.gruppe(n); gr != nil {
				for _, u := range p.g.members(gr) {
					add(u)
				}
			}
			continue
		}
		add(p.g.units[w])
	}
	return out
}

// path gives the path of a move given by destination (std 5.12) or of a
// rail move (std 5.33).
func (p *previewer) path(o engine.Order, evs []engine.Event) {
	if _, toDest := o.Clause("to"); !toDest {
		return
	}
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
			if e.Side == p.side {
				join(e.Path)
				mp, rail = e.MP, e.Rail
			}
		case *MarkerMoved:
			if e.For == p.side {
				join(e.Path)
				mp += e.MP
			}
		}
	}
	if len(path) < 2 {
		return
	}
	if rail {
		p.say(o, false, "std 5.33", "by rail through %s (%d hexes)", hexList(path), len(path)-1)
		return
	}
	note := ""
	// T 18.42: a dummy goes when a unit of the side first comes next to
	// it, and a cheaper way may open.
	if p.byMarker && slices.ContainsFunc(p.v.Markers, func(m MarkerView) bool {
		return p.g.Map().Grid.Distance(path[0], m.Hex) <= len(path)
	}) {
		note = "; the way may change if a Gruppe marker near it proves a dummy, removed by an earlier move [T 18.42]"
	}
	p.say(o, false, "std 5.12", "path %s (%d MP)%s", hexList(path), mp, note)
}

// odds gives an attack's odds as declared (std 8.4), whether its guard
// holds, and what would make it fare badly.
func (p *previewer) odds(o engine.Order, d *declaration, evs []engine.Event) {
	c, od := d.c, d.od
	for _, id := range d.oos {
		p.say(o, true, "std 9.23", "%s attacks out of supply: it rolls for attrition first and attacks at half strength", id)
	}
	for _, e := range evs {
		if n, ok := e.(*engine.Note); ok && strings.Contains(n.Text, " skipped: condition ") {
			p.say(o, true, "std 8.4", "as things stand the attack would be skipped: %s", n.Text[strings.Index(n.Text, "condition "):])
			return
		}
	}
	if od.total == 0 || od.raw < 1 {
		return // refused, and said so
	}
	p.say(o, false, "std 8.4", "%s", oddsText(p.g.tables(), c, od))
	if r := p.g.tables().crtRow(c.tcr)[od.final-1]; 2*r[0] < r[1] {
		p.say(o, true, "std 8.8", "as things stand the attack is at %s, below 1-2", p.g.tables().columnName(od.final, c.tcr))
	}
}

// markerTarget returns a target hex of attack order o that holds a Gruppe
// marker the viewing side cannot look under.
func (p *previewer) markerTarget(o engine.Order) (hex.Hex, bool) {
	if o.Verb != "attack" {
		return hex.Hex{}, false
	}
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
func oddsText(t *ruleTables, c *combat, od odds) string {
	s := fmt.Sprintf("odds as things stand %d:%d, %s on the TCR %d row", od.total, od.def, t.columnName(od.raw, c.tcr), c.tcr)
	if od.final != od.raw {
		s += fmt.Sprintf(", shifted to %s", t.columnName(od.final, c.tcr))
	}
	if od.mod != 0 {
		s += fmt.Sprintf(", die %+d", od.mod)
	}
	return s
}
