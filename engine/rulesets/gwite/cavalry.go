package gwite

import (
	"fmt"
	"math"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// defaultWithdrawal is the policy of a cavalry unit for which neither the
// window's orders nor the side's standing orders say anything (digest 002
// N1 leaves the default open): try when the enemy units next to it total
// at least 6 stacking points, i.e. when a real attack is likely.
var defaultWithdrawal = Withdrawal{Mode: "sp", SP: 6}

// cavalryWithdrawalPhase is side's Cavalry Withdrawal Before Combat Phase
// (std 12.1-12.15, 12.17), side being the player who is not phasing. Units
// named in a `withdraw` order try first, in the order given, along the
// path given or the default one; then every other eligible cavalry unit
// whose standing policy says so tries, in unit order (digest 002 N1).
func (g *Game) cavalryWithdrawalPhase(side engine.Side, orders []engine.Order, l *log) {
	l.notef("std 12.1", "GT%d: %s Cavalry Withdrawal Before Combat Phase", g.Turn, g.data.SideNames[side])
	tried := map[string]bool{}
	for _, o := range orders {
		if o.Verb != "withdraw" {
			continue
		}
		l.start(o)
		u := g.ownUnit(side, o, wordsOf(o, "")[0], l)
		if u == nil {
			continue
		}
		if tried[u.ID] {
			l.reject(side, o, "std 12.11", "%s has already tried to withdraw this phase", u.ID)
			continue
		}
		if why, rule := g.mayWithdraw(u); why != "" {
			l.reject(side, o, rule, "%s", why)
			continue
		}
		tried[u.ID] = true
		var path []hex.Hex
		if via, ok := o.Clause("via"); ok {
			for _, w := range via {
				h, err := hex.Parse(w.Text)
				if err != nil {
					l.reject(side, o, "std 12.13", "%v", err)
					break
				}
				path = append(path, h)
			}
			if len(path) != len(via) {
				continue
			}
			if why, rule := g.withdrawalPathProblem(u, path); why != "" {
				l.reject(side, o, rule, "%s stays in %s: %s", u.ID, u.Hex, why)
				continue
			}
		} else if path = g.defaultWithdrawalPath(u); path == nil {
			l.reject(side, o, "std 12.13", "%s stays in %s: it has no legal path of exactly two hexes", u.ID, u.Hex)
			continue
		}
		g.tryWithdrawal(u, path, "ordered", l)
	}
	l.start(engine.Order{})
	for _, u := range g.Units {
		if u.Side() != side || tried[u.ID] {
			continue
		}
		if why, _ := g.mayWithdraw(u); why != "" {
			continue
		}
		w, from := g.withdrawalPolicy(u)
		sp := g.adjacentEnemySP(u)
		switch {
		case w.Mode == "never":
			continue
		case w.Mode == "sp" && sp < w.SP:
			continue
		}
		why := fmt.Sprintf("%s `%s`", from, w)
		if w.Mode == "sp" {
			why += fmt.Sprintf(": %d enemy SP adjacent", sp)
		}
		path := g.defaultWithdrawalPath(u)
		if path == nil {
			l.notef("std 12.13", "%s stays in %s (%s): it has no legal path of exactly two hexes", u.ID, u.Hex, why)
			continue
		}
		g.tryWithdrawal(u, path, why, l)
	}
}

func (w Withdrawal) String() string {
	if w.Mode == "sp" {
		return fmt.Sprintf("sp %d", w.SP)
	}
	return w.Mode
}

// mayWithdraw says why u may not try to withdraw now, with the case, or ""
// if it may: it must be cavalry on the map next to an enemy unit
// (std 12.11; HQs and depots are units too). A unit on the train may not:
// it could only leave the train in its own Movement Phase (std 5.34) [P].
func (g *Game) mayWithdraw(u *Unit) (string, string) {
	switch {
	case u.Data.Type != scenario.Cavalry:
		return fmt.Sprintf("%s is not cavalry", u.ID), "std 12.11"
	case !u.OnMap():
		return fmt.Sprintf("%s is not on the map", u.ID), "std 12.11"
	case u.Entrained:
		return fmt.Sprintf("%s is entrained and may only leave the train in its own Movement Phase", u.ID), "std 5.34"
	case !g.nextToEnemy(u):
		return fmt.Sprintf("%s is not next to an enemy unit", u.ID), "std 12.11"
	}
	return "", ""
}

// nextToEnemy reports whether an enemy unit stands next to u.
func (g *Game) nextToEnemy(u *Unit) bool {
	for _, n := range g.Map().Grid.Neighbours(u.Hex) {
		if g.occupiedBy(n, enemy(u.Side())) {
			return true
		}
	}
	return false
}

// adjacentEnemySP is the stacking points of the enemy units next to u.
func (g *Game) adjacentEnemySP(u *Unit) int {
	sp := 0
	for _, n := range g.Map().Grid.Neighbours(u.Hex) {
		for _, x := range g.at[n] {
			if x.Side() != u.Side() {
				sp += x.SP()
			}
		}
	}
	return sp
}

// withdrawalPolicy is u's standing withdrawal policy: its own, else the
// side's "all" policy, else the default; and where it came from.
func (g *Game) withdrawalPolicy(u *Unit) (Withdrawal, string) {
	if st := g.Standing[u.Side()]; st != nil {
		if w, ok := st.Withdraw[u.ID]; ok {
			return w, "standing order"
		}
		if w, ok := st.Withdraw["all"]; ok {
			return w, "standing order for all"
		}
	}
	return defaultWithdrawal, "default policy"
}

// withdrawalStep says why u may not withdraw from a into the adjacent b,
// with the case, or "" if it may: the limits of movement that apply to
// any move (map edge, lake and sea, blocked hexsides, enemy units other
// than HQs alone, undestroyed enemy fortresses: std 5.13, 10.52; digest
// 002 12.13 "as for retreats"), and no enemy zone of control for units of
// TCR 2-4 (std 12.13). The 7.24 cancellation by a friendly unit is for
// tracing, not for this move: the rule names every enemy-controlled hex.
func (g *Game) withdrawalStep(u *Unit, a, b hex.Hex) (string, string) {
	if st := g.enterCost(u, a, b); !st.ok {
		return st.reason, st.rule
	}
	if u.TCR() > 1 && g.inEZOC(b, u.Side()) {
		return fmt.Sprintf("%s is in an enemy zone of control and only TCR 1 cavalry may withdraw into or through one", b), "std 12.13"
	}
	return "", ""
}

// withdrawalPathProblem says why path is not a legal withdrawal for u, or
// "": two hexes, each next to the one before, ending two hexes from where
// it started (std 12.13, AMB-43), every step legal.
func (g *Game) withdrawalPathProblem(u *Unit, path []hex.Hex) (string, string) {
	if len(path) != 2 {
		return "a withdrawal is exactly two hexes", "std 12.11"
	}
	grid := g.Map().Grid
	if !grid.Adjacent(u.Hex, path[0]) {
		return fmt.Sprintf("%s is not next to %s", path[0], u.Hex), "std 12.13"
	}
	if !grid.Adjacent(path[0], path[1]) {
		return fmt.Sprintf("%s is not next to %s", path[1], path[0]), "std 12.13"
	}
	if d := grid.Distance(u.Hex, path[1]); d != 2 {
		return fmt.Sprintf("%s is %d hex from %s: the withdrawal must end two hexes away", path[1], d, u.Hex), "AMB-43"
	}
	from := u.Hex
	for _, h := range path {
		if why, rule := g.withdrawalStep(u, from, h); why != "" {
			return why, rule
		}
		from = h
	}
	return "", ""
}

// defaultWithdrawalPath chooses u's path when none is given (std 12.13,
// AMB-43, digest 002 N1): among the legal paths, one that does not end
// over the stacking limit (which would cost units at the end of the phase,
// std 6.14) [P], then the one whose final hex is nearest a friendly supply source (the length of the supply line a
// unit of its TCR could trace from there), then the one through fewer enemy
// zones of control, then the final hex nearest the unit's standing
// `retreat ... toward` hex if it has one, then the lowest final hex and
// middle hex. nil if there is no legal path.
func (g *Game) defaultWithdrawalPath(u *Unit) []hex.Hex {
	type cand struct {
		path               []hex.Hex
		over               bool
		supply, ezoc, pref int
	}
	var best *cand
	better := func(a, b *cand) bool {
		switch {
		case a.over != b.over:
			return !a.over
		case a.supply != b.supply:
			return a.supply < b.supply
		case a.ezoc != b.ezoc:
			return a.ezoc < b.ezoc
		case a.pref != b.pref:
			return a.pref < b.pref
		case a.path[1] != b.path[1]:
			return a.path[1].Less(b.path[1])
		}
		return a.path[0].Less(b.path[0])
	}
	toward, hasToward := g.towardHex(u)
	grid := g.Map().Grid
	supply := map[hex.Hex]int{} // final hex -> supply distance
	for _, a := range grid.Neighbours(u.Hex) {
		for _, b := range grid.Neighbours(a) {
			p := []hex.Hex{a, b}
			if why, _ := g.withdrawalPathProblem(u, p); why != "" {
				continue
			}
			d, ok := supply[b]
			if !ok {
				// A hex with no supply line at all comes last.
				d = math.MaxInt
				if n, traced := g.supplyDistance(b, u.Side(), u.TCR()); traced {
					d = n
				}
				supply[b] = d
			}
			load := u.SP()
			for _, x := range g.at[b] {
				load += x.SP()
			}
			c := &cand{path: p, over: load > g.stackingLimit(), supply: d}
			for _, h := range p {
				if g.inEZOC(h, u.Side()) {
					c.ezoc++
				}
			}
			if hasToward {
				c.pref = grid.Distance(b, toward)
			}
			if best == nil || better(c, best) {
				best = c
			}
		}
	}
	if best == nil {
		return nil
	}
	return best.path
}

// towardHex is the hex u's standing `retreat` order prefers, if any
// (digest 002 N1: ties broken by a preferred hex).
func (g *Game) towardHex(u *Unit) (hex.Hex, bool) {
	st := g.Standing[u.Side()]
	if st == nil {
		return hex.Hex{}, false
	}
	if h, ok := st.Toward[u.ID]; ok {
		return h, true
	}
	h, ok := st.Toward["all"]
	return h, ok
}

// tryWithdrawal rolls for u (std 12.12: success above its TCR) and on a
// success moves it along path at no MP cost (std 12.13-12.14), recording
// the vacated hex for the enemy (std 12.16) and whether it may still be
// attacked (std 12.15, 12.17, AMB-69).
func (g *Game) tryWithdrawal(u *Unit, path []hex.Hex, why string, l *log) {
	side := u.Side()
	from := u.Hex
	r := l.roll("std 12.12", fmt.Sprintf("withdrawal of %s from %s (%s; succeeds above TCR %d)", u.ID, from, why, u.TCR()))
	if r.Value <= u.TCR() {
		r.Result = "fails, it stays"
		return
	}
	r.Result = "succeeds"
	done := []hex.Hex{from}
	for _, h := range path {
		if problem, rule := g.withdrawalStep(u, u.Hex, h); problem != "" {
			// Cannot happen: nothing but displaced HQs moves between the
			// check and the move, and HQs never block it.
			l.notef(rule, "%s stops in %s: %s", u.ID, u.Hex, problem)
			break
		}
		g.place(u, h)
		g.occupy(side, h)
		done = append(done, h)
		if hqs := g.enemyHQsIn(h, side); len(hqs) > 0 {
			g.displace(hqs, l)
		}
		g.displaceLoneHQsNear(h, side, l)
	}
	if len(done) == 1 {
		return
	}
	var notes []string
	if !g.inEZOC(u.Hex, side) {
		u.Withdrew = true
		notes = append(notes, "outside every enemy zone of control: it may not be attacked this Combat Phase [std 12.15, AMB-69]")
	} else {
		notes = append(notes, "in an enemy zone of control: it may be attacked [std 12.15]")
	}
	for _, x := range g.at[u.Hex] {
		if x != u && x.Side() == side {
			u.WithdrewIn = true
			notes = append(notes, "adds nothing to the defense of its new hex but shares its results [std 12.17]")
			break
		}
	}
	l.add(&Moved{Unit: u.ID, Side: side, Path: done, Rule: "std 12.13", Notes: notes})
	for _, h := range g.Vacated {
		if h == from {
			return
		}
	}
	g.Vacated = append(g.Vacated, from)
}

// occupyVacated carries out the phasing side's `occupy UNIT to HEX` orders
// (std 12.16, AMB-44): a unit next to a hex the enemy cavalry withdrew from
// in the phase just before may move into it, one hex, at no MP cost and
// ignoring zones of control, if the hex holds no enemy unit and the move
// keeps it within the stacking limit. A unit occupies at most once. The
// Combat Phase calls this before anything else.
func (g *Game) occupyVacated(side engine.Side, orders []engine.Order, l *log) {
	done := map[string]bool{}
	for _, o := range orders {
		if o.Verb != "occupy" {
			continue
		}
		l.start(o)
		u := g.ownUnit(side, o, wordsOf(o, "")[0], l)
		if u == nil {
			continue
		}
		to, err := hex.Parse(wordsOf(o, "to")[0])
		if err != nil {
			l.reject(side, o, "std 12.16", "%v", err)
			continue
		}
		vacated := false
		for _, h := range g.Vacated {
			vacated = vacated || h == to
		}
		load := 0
		for _, x := range g.at[to] {
			load += x.SP()
		}
		switch {
		case !u.OnMap():
			l.reject(side, o, "std 12.16", "%s is not on the map", u.ID)
			continue
		case done[u.ID]:
			l.reject(side, o, "AMB-44", "%s has already occupied a vacated hex: it moves one hex only", u.ID)
			continue
		case !vacated:
			l.reject(side, o, "std 12.16", "no enemy cavalry withdrew from %s in the phase just before", to)
			continue
		case !g.Map().Grid.Adjacent(u.Hex, to):
			l.reject(side, o, "std 12.16", "%s in %s is not next to %s", u.ID, u.Hex, to)
			continue
		case g.occupiedBy(to, enemy(side)):
			l.reject(side, o, "std 12.16", "%s holds enemy units again", to)
			continue
		case u.Entrained:
			l.reject(side, o, "std 5.34", "%s is entrained", u.ID)
			continue
		case load+u.SP() > g.stackingLimit():
			l.reject(side, o, "std 12.16", "%s would hold %d SP, over the stacking limit of %d", to, load+u.SP(), g.stackingLimit())
			continue
		}
		if st := g.enterCost(u, u.Hex, to); !st.ok {
			l.reject(side, o, st.rule, "%s", st.reason)
			continue
		}
		from := u.Hex
		g.place(u, to)
		g.occupy(side, to)
		done[u.ID] = true
		l.add(&Moved{Unit: u.ID, Side: side, Path: []hex.Hex{from, to}, Rule: "std 12.16",
			Notes: []string{"into a hex vacated by withdrawing cavalry"}})
		g.displaceLoneHQsNear(to, side, l)
	}
}
