package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/kw"
)

// minGain is the expected gain, in VP, below which the robot does not
// attack: a battle has to pay for its risk.
const minGain = 1.5

// minColumn is the lowest CRT column the robot attacks at: below 150%
// the attacker's own defeat is as likely as the defender's (14.13).
const minColumn = 3

// used is what the battles planned so far take for the phase (14.4,
// 17.9(2), 19.1).
type used struct {
	units, hqs, supply map[string]bool
}

// attack plans a Combat Phase (14.0): the best battle first, by its
// expected gain, then the best of the rest with what is left, until no
// battle pays. The supply units the battles use are declared first
// (17.11); each attack carries its percentage as a condition, so that a
// battle whose odds fell (an earlier retreat into the hex, a face-down
// stack shown stronger) is called off rather than fought (14.4).
func (r *reader) attack(b *strings.Builder) {
	u := used{map[string]bool{}, map[string]bool{}, map[string]bool{}}
	var plan []*battle
	for len(plan) < 40 {
		var best *battle
		for _, h := range sortedHexes(r.enemy) {
			if c := r.bestBattle(h, u); c != nil && c.col >= minColumn && (best == nil || c.ev > best.ev) {
				best = c
			}
		}
		if best == nil || best.ev < minGain {
			break
		}
		plan = append(plan, best)
		delete(r.enemy, best.hex) // a hex is attacked once a phase (14.4)
		for _, a := range best.with {
			u.units[a.ID] = true
		}
		if best.hq.ID != "" {
			u.hqs[best.hq.ID] = true
		}
		for _, s := range best.supply {
			u.supply[s] = true
		}
	}
	if len(u.supply) > 0 {
		fmt.Fprintf(b, "supply %s\n", strings.Join(sortedIDs(u.supply), " "))
	}
	for _, c := range plan {
		ids := make([]string, len(c.with))
		for i, a := range c.with {
			ids[i] = a.ID
		}
		fmt.Fprintf(b, "attack %s with %s", c.hex, strings.Join(ids, " "))
		if c.hq.ID != "" {
			fmt.Fprintf(b, " hq %s", c.hq.ID)
		}
		if len(c.supply) > 0 {
			fmt.Fprintf(b, " supply %s", strings.Join(c.supply, " "))
		}
		fmt.Fprintf(b, " table %s", c.table)
		if p := r.pursuers(c); len(p) > 0 {
			fmt.Fprintf(b, " pursue %s", strings.Join(p, " "))
		}
		fmt.Fprintf(b, " if pct>=%d # %d against %d, gain %.1f\n", bands[c.col], c.att, c.def, c.ev)
	}
}

// attackers are the side's units that may attack h and are not yet used:
// next to it, not across an all-sea hexside, an armoured train only along
// a rail line (14.2, 14.4, 21.4).
func (r *reader) attackers(h hex.Hex, u used) []kw.UnitView {
	var out []kw.UnitView
	for _, n := range r.grid.Neighbours(h) {
		if s, ok := r.grid.SideBetween(n, h); ok && !r.m.Crossable(s) {
			continue
		}
		for _, a := range r.byHex[n] {
			if !r.own(a) || !combat(a) || u.units[a.ID] || a.Type == "armtrain" && !r.railLink(n, h) {
				continue
			}
			out = append(out, a)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func (r *reader) railLink(a, b hex.Hex) bool {
	for _, n := range r.v.Rail[a] {
		if n == b {
			return true
		}
	}
	return false
}

// bestBattle is the best attack on h with what is left, nil if none.
func (r *reader) bestBattle(h hex.Hex, u used) *battle {
	if !r.passable(h) {
		return nil
	}
	all := r.attackers(h, u)
	if len(all) == 0 {
		return nil
	}
	var best *battle
	for _, group := range r.groups(all, h, u) {
		for _, table := range r.tables(group.with) {
			c := &battle{hex: h, with: group.with, hq: group.hq, table: table}
			r.weigh(c)
			r.addSupply(c, u)
			r.trim(c)
			if best == nil || c.ev > best.ev {
				best = c
			}
		}
	}
	return best
}

// group is a set of attackers that may fight together, with its HQ.
type group struct {
	with []kw.UnitView
	hq   kw.UnitView
}

// groups are the ways the attackers may fight: all of them with the best
// HQ that reaches one and shares a nation (19.1-19.3), or each nation on
// its own without one (14.10).
func (r *reader) groups(all []kw.UnitView, h hex.Hex, u used) []group {
	nations := map[string][]kw.UnitView{}
	for _, a := range all {
		nations[a.Nation] = append(nations[a.Nation], a)
	}
	var out []group
	if hq := r.hqFor(all, u); hq.ID != "" {
		out = append(out, group{with: all, hq: hq})
	}
	for _, n := range sortedIDs(nations) {
		if len(nations) > 1 || len(out) == 0 {
			out = append(out, group{with: nations[n]})
		}
	}
	return out
}

// hqFor is the unused HQ with the largest support whose radius reaches an
// attacker and whose nation one of them shares (19.1, 19.2).
func (r *reader) hqFor(att []kw.UnitView, u used) kw.UnitView {
	var best kw.UnitView
	for _, hq := range r.ownOnMap() {
		if hq.Type != "hq" || u.hqs[hq.ID] || hq.Support <= best.Support {
			continue
		}
		reach, share := false, false
		for _, a := range att {
			reach = reach || r.plan.Reach[hq.ID][a.Hex]
			share = share || a.Nation == hq.Nation
		}
		if reach && share {
			best = hq
		}
	}
	return best
}

// tables are the CRTs the attackers may use: the Shock CRT only with a
// shock unit or tank among them (14.12).
func (r *reader) tables(with []kw.UnitView) []string {
	for _, a := range with {
		if a.Type == "shock" || a.Type == "tank" {
			return []string{"standard", "shock"}
		}
	}
	return []string{"standard"}
}

// addSupply backs the battle with supply units, each while it raises the
// expected gain by more than it costs (17.9(2), 17.13).
func (r *reader) addSupply(c *battle, u used) {
	for {
		var pick string
		bestEV := c.ev
		for _, s := range sortedIDs(r.plan.Reach) {
			if r.units[s].Type != "supply" || u.supply[s] || contains(c.supply, s) {
				continue
			}
			c.supply = append(c.supply, s)
			r.weigh(c)
			if c.ev > bestEV+0.5 {
				pick, bestEV = s, c.ev
			}
			c.supply = c.supply[:len(c.supply)-1]
		}
		if pick == "" {
			r.weigh(c)
			return
		}
		c.supply = append(c.supply, pick)
		r.weigh(c)
	}
}

// trim leaves out attackers whose absence costs nothing: weakest corps
// first, while the expected gain does not fall (14.6: a stack may attack
// in part). Fewer units are then exposed to the attacker's results. The
// last shock unit stays while the battle uses the Shock CRT (14.12).
func (r *reader) trim(c *battle) {
	for i := len(c.with) - 1; i >= 0 && len(c.with) > 1; i-- {
		order := append([]kw.UnitView(nil), c.with...)
		sort.SliceStable(order, func(a, b int) bool { return order[a].Attack < order[b].Attack })
		drop := order[0]
		rest := make([]kw.UnitView, 0, len(c.with)-1)
		for _, a := range c.with {
			if a.ID != drop.ID {
				rest = append(rest, a)
			}
		}
		was := *c
		c.with = rest
		r.weigh(c)
		if c.ev < was.ev || c.hq.ID != "" && !r.hqStill(c) || r.mixed(c) || c.table == "shock" && len(r.tables(rest)) == 1 {
			*c = was
			return
		}
	}
}

// hqStill reports whether the battle's HQ still reaches an attacker and
// shares a nation with one (19.1, 19.2).
func (r *reader) hqStill(c *battle) bool {
	reach, share := false, false
	for _, a := range c.with {
		reach = reach || r.plan.Reach[c.hq.ID][a.Hex]
		share = share || a.Nation == c.hq.Nation
	}
	return reach && share
}

// mixed reports whether a battle without an HQ has attackers of two
// nations (14.10).
func (r *reader) mixed(c *battle) bool {
	if c.hq.ID != "" {
		return false
	}
	for _, a := range c.with {
		if a.Nation != c.with[0].Nation {
			return true
		}
	}
	return false
}

// pursuers are the attackers that advance if the result lets them (16.1):
// the strongest; every one that fits when the hex is an objective.
func (r *reader) pursuers(c *battle) []string {
	order := append([]kw.UnitView(nil), c.with...)
	sort.SliceStable(order, func(a, b int) bool { return order[a].Attack > order[b].Attack })
	var out []string
	for _, a := range order {
		if a.Move > 0 && a.Type != "armtrain" {
			out = append(out, a.ID)
		}
	}
	if len(out) > 1 && !r.objective(c.hex) {
		out = out[:1]
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
