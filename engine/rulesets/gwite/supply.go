package gwite

import (
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Supply (std 9.0) with the values of the exclusive rules (T[5.42], T[9.0],
// T[9.1], T[10.2]).
//
// A supply line is counted in hexes, whatever the terrain costs (AMB-20):
// the unit's own hex is not counted, the source hex is. It never enters a
// hex holding enemy units other than HQs alone (std 9.14, 9.17), a lake or
// sea hex, or crosses a blocked hexside. A TCR 1 unit may pass through at
// most two hexes of enemy ZOC, any other unit through none; a hex holding a
// friendly unit or undestroyed friendly fortress does not count as enemy
// ZOC for this (std 7.24).
//
// Sources (std 9.13): a rail hex of the side's own country that passes
// std 9.15, a friendly map-edge rail exit (T[9.0]), and a supplied depot
// (std 9.16). All of one side's sources are worked out together in a
// supplyNet, which answers every question about that side's supply at one
// instant: build one per instant and ask it about every unit; build a new
// one whenever units may have moved.
//
// Each question is a least-cost search out of the unit's hex that stops at
// the first source it takes off the queue. Sources lie thick on the
// ground (rail hexes), so these searches are small: on the Tannenberg
// set-up, answering all 110 units this way costs about a fifth of one
// search run backwards from every source out to the longest range.

// ezocAllowance is how many enemy-controlled hexes a supply line of a unit
// of this TCR may pass through (std 9.14).
func ezocAllowance(tcr int) int {
	if tcr == 1 {
		return 2
	}
	return 0
}

// supplyRange is how many hexes u's supply line may be (std 9.12, T[9.1]):
// the side's fixed range where the game sets one (Tannenberg: Russian 3),
// otherwise the unit's printed movement allowance, never the halved one
// (AMB-19).
func (g *Game) supplyRange(u *Unit) int {
	if v, ok := g.data.Param("supply-range." + string(u.Side())); ok {
		return v
	}
	return u.MA()
}

// northEdgeSupply reports whether side may draw supply from rail exits on
// the north map edge (row 1). T[9.0] denies it to the German; a game may
// say otherwise with the parameter north-edge-supply.SIDE (0 or 1).
func (g *Game) northEdgeSupply(side engine.Side) bool {
	def := 1
	if side == DE {
		def = 0
	}
	return g.param("north-edge-supply."+string(side), def) != 0
}

// trenchFeeding reports whether side's units may feed off trench hexes as
// off a friendly fortress (T[10.2], AMB-54: the German only). Parameter
// trench-feeding.SIDE (0 or 1) overrides.
func (g *Game) trenchFeeding(side engine.Side) bool {
	def := 0
	if side == DE {
		def = 1
	}
	return g.param("trench-feeding."+string(side), def) != 0
}

// friendlyExits lists the map-edge rail exits that are friendly to side
// (T[9.0], AMB-21), in hex order.
func (g *Game) friendlyExits(side engine.Side) []hex.Hex {
	var out []hex.Hex
	north := g.northEdgeSupply(side)
	for _, e := range g.Map().SortedExits() {
		if e.Country != side || !g.Map().Grid.Contains(e.Hex) {
			continue
		}
		if e.Hex.Row == 1 && !north {
			continue
		}
		out = append(out, e.Hex)
	}
	return out
}

// Per-hex facts a supply net looks up many times, kept in a dense slice.
const (
	cellKnown   = 1 << iota
	cellBlocked // water, or enemy units other than HQs alone (std 9.14, 9.17)
	cellEZOC    // enemy ZOC not cancelled by a friendly unit or fortress (std 7.24)
	cellSeen    // reached by the rail run from the exits
	cellRail    // a rail source if not last occupied by the enemy (std 9.15)
	cellSource  // an exit (T[9.0]) or a supplied depot's hex (std 9.16)
)

// supplyNet is one side's supply sources at one instant. Whether a rail
// source was last occupied by the enemy is read when it is asked, so a
// net stays right until a unit moves, whatever else is recorded.
type supplyNet struct {
	g     *Game
	side  engine.Side
	zoc   map[hex.Hex]bool // the enemy's zone of control
	cells []uint8
	// depots holds the ids of the side's depots that are supplied.
	depots map[string]bool
}

// newSupplyNet works out side's valid supply sources now.
func (g *Game) newSupplyNet(side engine.Side) *supplyNet {
	m := g.Map()
	s := &supplyNet{
		g: g, side: side,
		zoc:    g.zoc(enemy(side)),
		cells:  make([]uint8, m.Grid.Rows*m.Grid.Cols),
		depots: map[string]bool{},
	}
	exits := g.friendlyExits(side)
	s.railSources(exits)
	for _, h := range exits {
		if !s.blocked(h) {
			s.set(h, cellSource)
		}
	}
	s.depotSources()
	return s
}

func (s *supplyNet) index(h hex.Hex) int {
	return (h.Row-1)*s.g.Map().Grid.Cols + h.Col - 1
}

func (s *supplyNet) set(h hex.Hex, bit uint8) { s.cells[s.index(h)] |= bit }

// cell returns the facts about h, working them out on first need: the
// same tests as blockedByEnemy and inEZOCForTrace, with one look at the
// hex's units.
func (s *supplyNet) cell(h hex.Hex) uint8 {
	g := s.g
	m := g.Map()
	if !m.Grid.Contains(h) {
		return cellKnown | cellBlocked
	}
	i := s.index(h)
	c := s.cells[i]
	if c&cellKnown != 0 {
		return c
	}
	c |= cellKnown
	friendly := false
	for _, u := range g.at[h] {
		if u.Side() == s.side {
			friendly = true
		} else if !u.IsHQ() {
			c |= cellBlocked
		}
	}
	if m.Impassable(h) {
		c |= cellBlocked
	}
	if s.zoc[h] && !friendly {
		if f := g.forts[h]; f == nil || f.Data.Owner != s.side || f.Destroyed() {
			c |= cellEZOC
		}
	}
	s.cells[i] = c
	return c
}

// blocked reports whether no supply line may enter h.
func (s *supplyNet) blocked(h hex.Hex) bool { return s.cell(h)&cellBlocked != 0 }

// ezoc reports whether h counts as enemy-controlled for a supply line.
func (s *supplyNet) ezoc(h hex.Hex) bool { return s.cell(h)&cellEZOC != 0 }

// source reports whether h is a valid supply source now.
func (s *supplyNet) source(h hex.Hex) bool {
	c := s.cell(h)
	return c&cellSource != 0 || (c&cellRail != 0 && s.g.LastOcc[h] != enemy(s.side))
}

// sources lists the valid sources, in hex order.
func (s *supplyNet) sources() []hex.Hex {
	var out []hex.Hex
	for _, h := range s.g.Map().Grid.All() {
		if s.source(h) {
			out = append(out, h)
		}
	}
	return out
}

// step reports whether a line may go from h into the adjacent n.
func (s *supplyNet) step(h, n hex.Hex) bool {
	return !s.blocked(n) && s.g.traceable(h, n)
}

// railSources marks the side's rail hexes that are valid sources
// (std 9.15, T[5.42]): joined along the side's own rail lines, through
// its own country's rail hexes none of which holds enemy units (HQs alone
// excepted) or lies in uncancelled enemy ZOC, to a friendly rail exit.
// That the hex was not last occupied by an enemy unit is checked when the
// source is used (source).
func (s *supplyNet) railSources(exits []hex.Hex) {
	m, side := s.g.Map(), s.side
	net := s.g.railNet(side)
	open := func(h hex.Hex) bool {
		_, rail := net[h]
		return rail && m.Country(h) == side && s.cell(h)&(cellBlocked|cellEZOC|cellSeen) == 0
	}
	var queue []hex.Hex
	for _, h := range exits {
		if open(h) {
			s.set(h, cellSeen)
			queue = append(queue, h)
		}
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		s.set(h, cellRail)
		for _, n := range net[h] {
			if open(n) {
				s.set(n, cellSeen)
				queue = append(queue, n)
			}
		}
	}
}

// depotSources adds the depots that are supplied (std 9.16): within the
// depot's own supply range of a valid rail source or exit, or of another
// supplied depot, by a line that enters no enemy-controlled hex at all
// (std 7.24 cancellation applies). Chains are followed until no more
// depots join; depots are tried in unit order.
func (s *supplyNet) depotSources() {
	var depots []*Unit
	for _, u := range s.g.Units {
		if u.Side() == s.side && u.OnMap() && u.Data.Type == scenario.Depot {
			depots = append(depots, u)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, d := range depots {
			if s.depots[d.ID] {
				continue
			}
			if _, ok := s.distance(d.Hex, 0, s.g.supplyRange(d)); ok {
				s.depots[d.ID] = true
				s.set(d.Hex, cellSource)
				changed = true
			}
		}
	}
}

// distance is the length of the shortest legal supply line from h to a
// source, for a unit whose line may pass through allow enemy-controlled
// hexes, at most limit hexes (0: no limit).
func (s *supplyNet) distance(h hex.Hex, allow, limit int) (int, bool) {
	return engine.Trace{
		Grid: s.g.Map().Grid, Goal: s.source, Step: s.step, Costs: s.ezoc,
		Allow: allow, Limit: limit,
	}.Nearest(h)
}

// traced reports whether u traces a supply line of its own (std 9.12-9.17),
// leaving feeding off fortresses aside. A depot is supplied only by the
// chain of std 9.16.
func (s *supplyNet) traced(u *Unit) bool {
	if u.Data.Type == scenario.Depot {
		return s.depots[u.ID]
	}
	_, ok := s.distance(u.Hex, ezocAllowance(u.TCR()), s.g.supplyRange(u))
	return ok
}

// feeder returns the one unit of the side that feeds off the fortress or
// trench in h (std 11.22, T[10.2]), or nil: the unit marked FeedingOff
// (the lowest id if several are), otherwise, among the units that do not
// trace supply themselves, the one with the most steps, ties to the lowest
// id (AMB-55: the owner's choice, by default the largest unit; a unit
// already in supply has no need of the fortress).
func (s *supplyNet) feeder(h hex.Hex) *Unit {
	g := s.g
	f := g.forts[h]
	_, trench := g.Map().Trenches[h]
	fort := f != nil && f.Data.Owner == s.side && !f.Destroyed()
	if !fort && !(trench && g.trenchFeeding(s.side)) {
		return nil
	}
	var best *Unit
	for _, u := range g.at[h] {
		if u.Side() != s.side || u.IsHQ() {
			continue
		}
		if u.FeedingOff {
			return u // g.at is in unit order
		}
	}
	for _, u := range g.at[h] {
		if u.Side() != s.side || u.IsHQ() || s.traced(u) {
			continue
		}
		if best == nil || u.Steps() > best.Steps() {
			best = u
		}
	}
	return best
}

// supplied reports whether u is in supply, by its own line or by feeding
// off a fortress or trench.
func (s *supplyNet) supplied(u *Unit) bool {
	if u.IsHQ() || !u.OnMap() {
		return true
	}
	return s.traced(u) || s.feeder(u.Hex) == u
}

// supplyFor returns side's supply net for this instant. Every question
// about supply goes through it, so that keeping the nets between questions
// (until g.changed) needs only this function to change.
func (g *Game) supplyFor(side engine.Side) *supplyNet {
	if n, ok := g.supplyNets[side]; ok {
		return n
	}
	n := g.newSupplyNet(side)
	if g.supplyNets == nil {
		g.supplyNets = map[engine.Side]*supplyNet{}
	}
	g.supplyNets[side] = n
	return n
}

// lineLength is the length of the shortest legal supply line for a unit of
// this TCR from h to a source of the net, with no range limit.
func (s *supplyNet) lineLength(h hex.Hex, tcr int) (int, bool) {
	return s.distance(h, ezocAllowance(tcr), 0)
}

// supplied reports whether u is in supply now (std 9.1). HQs are always
// treated as supplied, since supply never affects them (std 10.35); units
// not on the map are too. To check many units of one side at the same
// instant, take one net from supplyFor and ask it.
func (g *Game) supplied(u *Unit) bool {
	if u.IsHQ() || !u.OnMap() {
		return true
	}
	return g.supplyFor(u.Side()).supplied(u)
}

// supplyTraced reports whether u, HQs included, traces a supply line of its
// own now, not counting feeding off a fortress or trench: for rules that
// ask about an HQ's supply (T 19.21) and for a feeding unit that attacks
// (std 11.22).
func (g *Game) supplyTraced(u *Unit) bool {
	return u.OnMap() && g.supplyFor(u.Side()).traced(u)
}

// feedsOff reports whether u is in supply now only by feeding off a
// fortress or trench (std 11.22, T[10.2]); such a unit rolls attrition if
// it attacks.
func (g *Game) feedsOff(u *Unit) bool {
	if u.IsHQ() || !u.OnMap() {
		return false
	}
	s := g.supplyFor(u.Side())
	return !s.traced(u) && s.feeder(u.Hex) == u
}

// supplyDistance is the length in hexes of the shortest legal supply line
// for a unit of side with this TCR from h to a valid friendly source, with
// no range limit: 0 if h is itself a source, false if no line exists
// (std 8.63 and AMB-48 retreats, AMB-43 cavalry withdrawal; with a range
// check, AMB-37 town supply).
func (g *Game) supplyDistance(h hex.Hex, side engine.Side, tcr int) (int, bool) {
	return g.supplyFor(side).lineLength(h, tcr)
}

// attrition rolls for u being out of supply (std 9.22, 9.23): on 1-3 it
// loses half its remaining steps, rounded up, and is eliminated when none
// are left (W16). HQs never roll (std 9.24).
func (g *Game) attrition(u *Unit, why string, l *log) {
	if u.IsHQ() || !u.OnMap() {
		return
	}
	r := l.roll("std 9.22", fmt.Sprintf("attrition, %s (%s)", u.ID, why))
	if r.Value > 3 {
		r.Result = "no effect"
		return
	}
	steps := u.Steps()
	lose := (steps + 1) / 2
	if lose >= steps {
		r.Result = "eliminated"
		g.eliminate(u, "attrition: "+why, "std 9.22", l)
		return
	}
	r.Result = fmt.Sprintf("loses %d step(s)", lose)
	u.StepsLost += lose
	l.add(&StepLoss{Unit: u.ID, Side: u.Side(), Lost: lose, Why: "attrition: " + why, Rule: "std 9.22"})
	g.scoreLoss(u, lose, l)
}

// attritionSegment is std 9.22 (AMB-05: the units that ARE out of supply):
// supply is determined for all of side's units on the map first, then
// every unit out of supply, HQs excepted (std 9.24), rolls in unit order.
func (g *Game) attritionSegment(side engine.Side, l *log) {
	s := g.supplyFor(side)
	var oos []*Unit
	for _, u := range g.Units {
		if u.Side() != side {
			continue
		}
		if u.OutOfSupply = u.OnMap() && !u.IsHQ() && !s.supplied(u); u.OutOfSupply {
			oos = append(oos, u)
		}
	}
	for _, u := range oos {
		if u.OnMap() {
			g.attrition(u, "out of supply in the Attrition Segment", l)
		}
	}
}
