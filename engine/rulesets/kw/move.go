package kw

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Movement points are counted in halves throughout: a road hex costs ½
// MP (11.5), everything else whole MP.

// movePhase is one Movement Phase as it is resolved: what the rules fix
// when the phase opens (the rail net, 18.4; the enemy's zones of control,
// which no enemy unit moves to change) and each unit's move so far. The
// whole phase is resolved in one call, so control as the orders are read
// is control as the phase opened.
type movePhase struct {
	side    scenario.Side
	net     map[hex.Hex]bool   // rail hexes side controlled as the phase opened (18.4)
	ez      map[hex.Hex]bool   // hexes in the enemy's ZOC (13.0-13.2)
	began   map[string]hex.Hex // where each unit stood as the phase opened (18.4)
	left    map[string]int     // half-MP left of each unit that has begun to move
	stopped map[string]bool    // units that entered an enemy ZOC: no more movement (13.4)
	last    *unit              // the unit now moving (11.2)
	naval   string             // the amphibious move or Naval Transfer made this phase ([Opt: Amphibious Operations])
}

// openMove takes the marks of the phase's opening.
func (s *State) openMove(side scenario.Side) *movePhase {
	m := &movePhase{side: side, net: map[hex.Hex]bool{}, ez: s.ezoc(side), began: map[string]hex.Hex{},
		left: map[string]int{}, stopped: map[string]bool{}}
	for h := range s.d.rail {
		m.net[h] = s.controller(h) == side
	}
	for _, t := range s.d.transit {
		for _, h := range t {
			m.net[h] = s.controller(h) == side
		}
	}
	for _, u := range s.Units {
		if u.Loc == locMap && s.prof(u).Side == side {
			m.began[u.ID] = u.Hex
		}
	}
	return m
}

// movement is the Movement Phase of side (11.0): forced marches first,
// whatever their place in the file (17.9(1), 17.11), then every move in
// the order written.
func (s *State) movement(side scenario.Side, os []engine.Order, dice engine.Dice, ev *[]engine.Event) {
	m := s.openMove(side)
	if _, checking := dice.(noDice); checking {
		m.ez = s.sureZOC(side) // an acknowledgement refuses only for what the side can see (zoc.go)
	}
	var marches []engine.Order
	for _, o := range os {
		if o.Verb == "march" {
			marches = append(marches, o)
		}
	}
	s.march(m, marches, ev)
	for _, o := range os {
		switch o.Verb {
		case "move":
			s.landMove(m, o, ev)
		case "rail":
			s.railMove(m, o, ev)
		case "sea":
			s.seaMove(m, o, ev)
		case "land", "assault", "ship":
			s.amphibious(m, o, dice, ev) // [Opt: Amphibious Operations], [Opt: Naval Transfer]
		}
	}
}

// march spends supply units for Forced March (11.9, 17.9(1), 17.10,
// 17.12): every friendly unit within a spent unit's offensive radius as
// the phase opens moves double this phase, and may then move out of
// supply. A supply unit that moved this player turn cannot be spent; one
// supply unit is itself doubled only by a second one. A spent supply unit
// goes back to the counter mix (ruling KW-17.9-POOL).
func (s *State) march(m *movePhase, os []engine.Order, ev *[]engine.Event) {
	var spend []*unit
	seen := map[string]bool{}
	for _, o := range os {
		w, _ := o.Clause("")
		for _, word := range w {
			u, prob := s.own(m.side, word.Text)
			switch {
			case prob != "":
			case s.prof(u).Type != tSupply:
				prob = fmt.Sprintf("%s is not a supply unit", u.ID)
			case u.Loc != locMap:
				prob = fmt.Sprintf("%s is not on the map", u.ID)
			case u.Moved:
				prob = fmt.Sprintf("%s moved this player turn and cannot give Offensive Supply [17.10(2)]", u.ID)
			case u.Entrenched:
				prob = fmt.Sprintf("%s is entrenched: it only backs a defence [Opt: Entrenching]", u.ID)
			case seen[u.ID]:
				prob = fmt.Sprintf("%s is spent already", u.ID)
			}
			if prob != "" {
				reject(ev, m.side, o, prob, "17.9(1)")
				continue
			}
			seen[u.ID] = true
			spend = append(spend, u)
		}
	}
	// Every radius is traced before any unit is spent: they are all fixed
	// as the phase opens (17.11).
	reached := make([]map[hex.Hex]bool, len(spend))
	for i, su := range spend {
		reached[i] = s.reach(m.side, su.Hex, s.offensiveRadius(su), m.ez)
	}
	for i, su := range spend {
		var ids []string
		for _, u := range s.Units {
			if u != su && u.Loc == locMap && s.prof(u).Side == m.side && reached[i][u.Hex] && !seen[u.ID] {
				u.Marched = true
				if s.faceOf(u).Move > 0 {
					ids = append(ids, u.ID)
				}
			}
		}
		su.Loc, su.Back, su.Moved = locPool, false, false
		text := fmt.Sprintf("%s is spent for Forced March from %s (radius %d)", su.ID, su.Hex, s.offensiveRadius(su))
		if len(ids) > 0 {
			text += ": " + strings.Join(ids, ", ") + " move double this phase"
		} else {
			text += ": no unit within its radius"
		}
		*ev = append(*ev, &engine.Note{Text: text, Case: "11.9, 17.9(1)"})
	}
}

// allowance is u's movement for the phase in half-MP: its printed factor,
// doubled by a Forced March (11.0, 11.9).
func (s *State) allowance(u *unit) int {
	ma := 2 * s.faceOf(u).Move
	if u.Marched {
		ma *= 2
	}
	return ma
}

// mpLeft is what u may still spend this phase, in half-MP.
func (s *State) mpLeft(m *movePhase, u *unit) int {
	if l, ok := m.left[u.ID]; ok {
		return l
	}
	return s.allowance(u)
}

// fresh reports whether u has not yet begun to move this phase: the
// moment of a minimum move (11.6) and of disengagement (13.5).
func (m *movePhase) fresh(u *unit) bool {
	_, ok := m.left[u.ID]
	return !ok
}

// mover finds the unit an order moves and says why it may not move now.
// A unit may be given several orders in a row, each going on from where
// the last stopped with the MP left; once another unit has moved it has
// finished (11.2, ruling KW-11.2-CONT).
func (s *State) mover(m *movePhase, o engine.Order) (*unit, string, string) {
	w, _ := o.Clause("")
	if len(w) != 1 {
		return nil, fmt.Sprintf("want: %s UNIT ...", o.Verb), "11.1"
	}
	u, prob := s.own(m.side, w[0].Text)
	switch {
	case prob != "":
		return nil, prob, s.ownRule(prob, "11.1")
	case u.Loc != locMap:
		return nil, fmt.Sprintf("%s is not on the map", u.ID), "11.1"
	case s.inert(u):
		return nil, fmt.Sprintf("%s belongs to a neutral country and may not move", u.ID), "23.0(2)"
	case s.faceOf(u).Move == 0:
		return nil, fmt.Sprintf("%s has a movement factor of 0 and never moves", u.ID), "11.3"
	case u.Entrenched:
		return nil, fmt.Sprintf("%s is entrenched and cannot move", u.ID), "Opt: Entrenching"
	case u.Done:
		return nil, fmt.Sprintf("%s has finished its move: another unit has moved since", u.ID), "11.2"
	case m.stopped[u.ID]:
		return nil, fmt.Sprintf("%s stopped on entering an enemy zone of control in %s", u.ID, u.Hex), "13.4"
	case s.mpLeft(m, u) <= 0:
		return nil, fmt.Sprintf("%s has no MP left", u.ID), "11.2"
	}
	return u, "", ""
}

// entry says why u may not enter h at all, whatever the cost, "" if it
// may: off the map or terrain no unit enters, enemy units, a neutral
// country, or a country its nation may not enter (11.7, 11.8, 23.0,
// 23.3).
func (s *State) entry(u *unit, h hex.Hex) (string, string) {
	p := s.prof(u)
	switch {
	case !s.d.land(h):
		return fmt.Sprintf("%s is not land a unit may enter", h), "11.7"
	case s.sideAt(h) == Other(p.Side):
		return fmt.Sprintf("%s holds enemy units", h), "11.7"
	case s.neutral(h):
		return fmt.Sprintf("%s is in neutral %s", h, s.d.country[h]), "23.0(1)"
	}
	if lim := nationLimits[p.Nation]; lim != nil && !lim[s.d.country[h]] {
		return fmt.Sprintf("%s units may not enter %s (%s)", p.Nation, h, s.d.country[h]), "23.3"
	}
	if why, rule := s.staysInRussia(u, h); why != "" { // optunits.go
		return why, rule
	}
	return "", ""
}

// nationLimits are the countries a nation's units may enter (23.3).
var nationLimits = map[string]map[string]bool{
	"RO": {Romania: true, Austria: true, Bulgaria: true, Russia: true},
	"BG": {Bulgaria: true, Romania: true},
}

// stepCost is what u pays, in half-MP, to move by land from a into the
// adjacent b, or why it may not: ½ along a road, that is from a rail hex
// to the next across the hexside its line crosses, whatever the terrain
// (11.5, ruling KW-11.5-ALONG); else the terrain's cost by the weather and
// any river or lake hexside's (11.4, 22.1, 22.2). An armoured train moves
// by land only along rail lines into hexes of its side's rail net as the
// phase opened (21.4, ruling KW-21.4-NET).
func (s *State) stepCost(m *movePhase, u *unit, a, b hex.Hex) (int, string, string) {
	if why, rule := s.entry(u, b); why != "" {
		return 0, why, rule
	}
	if s.d.side(a, b) == "sea" {
		return 0, fmt.Sprintf("the hexside %s-%s is all-sea", a, b), "11.7"
	}
	road := s.d.railStep(a, b)
	if s.prof(u).Type == tArmTrain && (!road || !m.net[b]) {
		return 0, fmt.Sprintf("an armoured train moves only along its side's rail net, and %s-%s is not on it", a, b), "21.4"
	}
	if road {
		return 1, "", ""
	}
	return 2 * (s.terrainMP(b) + s.hexsideMP(a, b)), "", ""
}

// terrainMP is the cost to enter h (11.4): the TEC's Winter cost in
// Winter, and in Thaw when h is in Russia (22.1(2), 22.2; ruling
// KW-22.2-ENTER: the hex entered decides). A city costs what its terrain
// costs (ruling KW-11.4-CITY).
func (s *State) terrainMP(h hex.Hex) int {
	t, ok := s.d.tables.tec[s.d.terrain(h)]
	if !ok {
		return 1
	}
	switch w := s.weatherOf(); {
	case w == "winter", w == "thaw" && s.d.country[h] == Russia:
		return t.WinterMP
	}
	return t.MP
}

// hexsideMP is the extra cost of crossing a river or lake hexside (11.4),
// nothing in Winter when they freeze (22.1(3)); Thaw does not freeze them.
func (s *State) hexsideMP(a, b hex.Hex) int {
	switch s.d.side(a, b) {
	case "river", "lake":
		if s.weatherOf() == "winter" {
			return s.d.tables.river.WinterMP
		}
		return s.d.tables.river.MP
	}
	return 0
}

// leg is a stretch of one unit's move.
type leg struct {
	path  []hex.Hex // from the hex it starts in
	cost  int       // half-MP
	stop  bool      // ends in an enemy ZOC (13.4)
	notes []string
}

// walk follows hexes from where u stands with left half-MP, or says why it
// may not: each hex next to the last, stopping on entering an enemy ZOC
// (13.4); out of one only at the very start of the move, into a hex free of
// enemy ZOC for 1 MP more (13.5, 11.7); a first hex beyond its MP as a
// minimum move that is the whole move (11.6, ruling KW-13.5-MIN).
func (s *State) walk(m *movePhase, u *unit, hexes []hex.Hex, left int) (leg, string, string) {
	from := u.Hex
	l := leg{path: []hex.Hex{from}}
	for i, b := range hexes {
		a := l.path[len(l.path)-1]
		if l.stop {
			return l, fmt.Sprintf("%s must stop on entering the enemy zone of control in %s", u.ID, a), "13.4"
		}
		if !s.d.grid.Adjacent(a, b) {
			return l, fmt.Sprintf("%s is not next to %s", b, a), "11.1"
		}
		c, why, rule := s.stepCost(m, u, a, b)
		if why != "" {
			return l, why, rule
		}
		if i == 0 && m.ez[a] {
			if m.ez[b] {
				return l, fmt.Sprintf("%s may not move from the enemy zone of control in %s straight into another in %s", u.ID, a, b), "11.7"
			}
			c += 2
			l.notes = append(l.notes, "disengages [13.5]")
		}
		if l.cost+c > left {
			if i > 0 || !m.fresh(u) {
				return l, fmt.Sprintf("%s has %s MP left and %s costs %s more", u.ID, mpText(left-l.cost), b, mpText(c)), "11.1"
			}
			if i < len(hexes)-1 {
				return l, fmt.Sprintf("%s may enter %s only as a minimum move, which is its whole move", u.ID, b), "11.6"
			}
			c = left
			l.notes = append(l.notes, "minimum move [11.6]")
		}
		l.cost += c
		l.path = append(l.path, b)
		l.stop = m.ez[b]
	}
	if l.stop {
		l.notes = append(l.notes, "stops in an enemy zone of control [13.4]")
	}
	return l, "", ""
}

// landSearch is the search of u's land moves from where it stands within
// left half-MP: a hex in an enemy ZOC ends the move (13.4), and out of one
// a unit goes only into a hex free of it (11.7) for 1 MP more (13.5).
func (s *State) landSearch(m *movePhase, u *unit, left int) engine.Search[hex.Hex] {
	from := u.Hex
	return engine.Search[hex.Hex]{
		Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
			if h != from && m.ez[h] {
				return // 13.4
			}
			for _, n := range s.d.grid.Neighbours(h) {
				c, why, _ := s.stepCost(m, u, h, n)
				if why != "" {
					continue
				}
				if h == from && m.ez[from] {
					if m.ez[n] {
						continue // 11.7
					}
					c += 2 // 13.5
				}
				visit(n, c)
			}
		},
		Less:  hex.Hex.Less,
		Limit: left,
	}
}

// cheapest finds the least-MP land path for u from where it stands to dest
// within left half-MP (11.1), or the minimum move when dest is next to it
// (11.6); nil if there is none.
func (s *State) cheapest(m *movePhase, u *unit, dest hex.Hex, left int) []hex.Hex {
	from := u.Hex
	if left > 0 {
		sr := s.landSearch(m, u, left)
		sr.Goal = func(h hex.Hex) bool { return h == dest }
		if p := sr.Run(from).Path(dest); p != nil {
			return p[1:]
		}
	}
	if m.fresh(u) && s.d.grid.Adjacent(from, dest) {
		return []hex.Hex{dest}
	}
	return nil
}

// route reads the `to HEX` and `via HEX...` of a move or rail order: the
// hexes given one by one, then on to HEX by the best way if they do not
// end there. find gives the best way from where the unit would stand.
func (s *State) route(o engine.Order, find func(from, dest hex.Hex) []hex.Hex, from hex.Hex, how string) ([]hex.Hex, string) {
	to, hasTo := o.Clause("to")
	via, hasVia := o.Clause("via")
	if !hasTo && !hasVia {
		return nil, "give `to HEX`, `via HEX...` or both"
	}
	var path []hex.Hex
	for _, w := range via {
		h, err := s.d.grid.Parse(w.Text)
		if err != nil {
			return nil, err.Error()
		}
		path = append(path, h)
	}
	if !hasTo {
		return path, ""
	}
	dest, err := s.d.grid.Parse(to[0].Text)
	if err != nil {
		return nil, err.Error()
	}
	if len(path) > 0 && path[len(path)-1] == dest {
		return path, ""
	}
	if len(path) > 0 {
		from = path[len(path)-1]
	}
	if from == dest {
		return nil, fmt.Sprintf("the unit is in %s already", dest)
	}
	rest := find(from, dest)
	if rest == nil {
		return nil, fmt.Sprintf("no legal way from %s to %s %s", from, dest, how)
	}
	return append(path, rest...), ""
}

// landMove carries out `move UNIT [to HEX] [via HEX...]` (11.1-11.7,
// 13.4-13.5).
func (s *State) landMove(m *movePhase, o engine.Order, ev *[]engine.Event) {
	u, why, rule := s.mover(m, o)
	if why != "" {
		reject(ev, m.side, o, why, rule)
		return
	}
	left := s.mpLeft(m, u)
	path, why := s.route(o, func(from, dest hex.Hex) []hex.Hex {
		if from == u.Hex {
			return s.cheapest(m, u, dest, left)
		}
		return s.cheapestFrom(m, u, from, dest)
	}, u.Hex, fmt.Sprintf("with the %s MP %s has left", mpText(left), u.ID))
	if why != "" {
		reject(ev, m.side, o, why, "11.1")
		return
	}
	l, why, rule := s.walk(m, u, path, left)
	if why != "" {
		reject(ev, m.side, o, why, rule)
		return
	}
	s.finishLeg(m, u, l, left-l.cost, moveLand, ev)
}

// cheapestFrom is the least-cost land path from a hex u will reach by the
// hexes given, ignoring its MP (walk checks them): it goes on as a unit
// past the start of its move, which never disengages.
func (s *State) cheapestFrom(m *movePhase, u *unit, from, dest hex.Hex) []hex.Hex {
	if m.ez[from] {
		return nil
	}
	sr := engine.Search[hex.Hex]{
		Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
			if h != from && m.ez[h] {
				return
			}
			for _, n := range s.d.grid.Neighbours(h) {
				if c, why, _ := s.stepCost(m, u, h, n); why == "" {
					visit(n, c)
				}
			}
		},
		Less: hex.Hex.Less,
		Goal: func(h hex.Hex) bool { return h == dest },
	}
	if p := sr.Run(from).Path(dest); p != nil {
		return p[1:]
	}
	return nil
}

// Modes of a move.
const (
	moveLand = "land"
	moveRail = "rail"
	moveSea  = "sea"
)

// finishLeg moves u along a leg it may take: control changes in every hex
// it enters (7.3, scoring at once, 5.3); a supply unit that moves is
// marked and flipped (17.1); the unit that moved before it has finished
// (11.2).
func (s *State) finishLeg(m *movePhase, u *unit, l leg, left int, mode string, ev *[]engine.Event) {
	if m.last != nil && m.last != u {
		m.last.Done = true
	}
	m.last = u
	m.left[u.ID] = left
	if l.stop {
		m.stopped[u.ID] = true
	}
	p := s.prof(u)
	if p.Type == tSupply {
		u.Moved, u.Back = true, true
	}
	*ev = append(*ev, &moveEvent{Unit: u.ID, Side: p.Side, Path: l.path, Halves: l.cost, Mode: mode, Notes: l.notes})
	for _, h := range l.path[1:] {
		u.Hex = h
		s.enter(p.Side, h, ev)
	}
}

// moveEvent is one stretch of a unit's move; maps draw it as an arrow.
type moveEvent struct {
	Unit   string
	Side   scenario.Side
	Path   []hex.Hex
	Halves int    // MP spent, in halves
	Mode   string // land, rail or sea
	Notes  []string
}

func (e *moveEvent) String() string {
	hs := make([]string, len(e.Path))
	for i, h := range e.Path {
		hs[i] = h.String()
	}
	var b strings.Builder
	switch e.Mode {
	case moveSea:
		fmt.Fprintf(&b, "%s sails from %s to %s (its whole move)", e.Unit, hs[0], hs[len(hs)-1])
	case moveRail:
		fmt.Fprintf(&b, "%s moves by rail %s (%s MP)", e.Unit, strings.Join(hs, "-"), mpText(e.Halves))
	default:
		fmt.Fprintf(&b, "%s moves %s (%s MP)", e.Unit, strings.Join(hs, "-"), mpText(e.Halves))
	}
	for _, n := range e.Notes {
		b.WriteString("; " + n)
	}
	return engine.Cited(b.String(), e.EventCase())
}

// EventCase implements engine.Event.
func (e *moveEvent) EventCase() string {
	switch e.Mode {
	case moveRail:
		return "18.1"
	case moveSea:
		return "21.6"
	}
	return "11.1"
}

// Audience implements engine.Event: moves are seen by both sides (digest
// 7.1).
func (e *moveEvent) Audience() []scenario.Side { return nil }

// Movement implements engine.Mover.
func (e *moveEvent) Movement() engine.Movement {
	return engine.Movement{Who: e.Unit, Side: e.Side, Path: e.Path, Rail: e.Mode == moveRail}
}

// mpText writes half-MP as MP: 3, ½, 2½.
func mpText(halves int) string {
	switch {
	case halves%2 == 0:
		return fmt.Sprint(halves / 2)
	case halves == 1:
		return "½"
	}
	return fmt.Sprintf("%d½", halves/2)
}
