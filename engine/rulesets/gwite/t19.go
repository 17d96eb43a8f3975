package gwite

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Tannenberg variable West Front reinforcements and the replacement of
// von Prittwitz (T 19). Everything comes from the game data:
//
//   - the West Front units are the counters flagged wf=yes that the
//     scenario holds (Loc Held) until the rule brings them in;
//   - HL-8 is the held army-level HQ that is not a West Front unit, and
//     the HQ it replaces (vPr-8) is the HQ its formation names;
//   - the delays are the params wf-delay (4 game-turns) and
//     wf-delay-FORMATION for a unit of that formation (wf-delay-3C: von
//     Frommel, 7);
//   - the 19.11 trigger needs param wf-trigger-sp-ARMY for every Russian
//     army named (8 SP of infantry each), wf-trigger-apart-sp (4) and
//     wf-trigger-apart-mp (12); the chart 19.12 is lost and is authored as
//     wf-chart-success (a modified 9 or more) and the modifiers
//     wf-chart-mod-turn and wf-chart-mod-vp (AMB-33).
//
// Without param wf-delay the game has no West Front rule at all.

// Exclusive is the changing state of the Tannenberg exclusive rules T 19
// to T 21 (the Game field Excl).
type Exclusive struct {
	// WFTurn is the game-turn in which the West Front reinforcements were
	// asked for (T 19.14) or compelled (T 19.11); 0 while they are not.
	WFTurn int `json:",omitempty"`
	// RollingStopped: a modified roll high enough on the chart 19.12 has
	// been made, and the German rolls no more (T 19.11).
	RollingStopped bool `json:",omitempty"`
	// HLDone: HL-8 has replaced von Prittwitz (T 19.21).
	HLDone bool `json:",omitempty"`
	// WFScored: the West Front units have entered and their VP are scored
	// (T 19.22).
	WFScored bool `json:",omitempty"`
	// Released lists the garrison hexes a German unit has come near, in
	// hex order (T 20.0, AMB-36: for good).
	Released []hex.Hex `json:",omitempty"`
	// AllReleased: every garrison was released by the VP test of T 20.0.
	AllReleased bool `json:",omitempty"`
	// GarrisonStart is what each garrison city held at the start of the
	// current Russian Movement Phase (T 20.0).
	GarrisonStart []GarrisonCount `json:",omitempty"`
	// Control lists the VP towns under a Russian Control marker after the
	// last Game-Turn Record Interphase, in hex order (T 21.13).
	Control []hex.Hex `json:",omitempty"`
}

// clone copies the state so that a copy of the game never shares a slice.
func (e Exclusive) clone() Exclusive {
	c := e
	c.Released = append([]hex.Hex(nil), e.Released...)
	c.Control = append([]hex.Hex(nil), e.Control...)
	c.GarrisonStart = append([]GarrisonCount(nil), e.GarrisonStart...)
	return c
}

// westFrontOn reports whether the game has the West Front rule.
func (g *Game) westFrontOn() bool {
	_, ok := g.data.Param("wf-delay")
	return ok
}

// heldWestFront lists the West Front units still held, in unit order.
func (g *Game) heldWestFront() []*Unit {
	var out []*Unit
	for _, u := range g.Units {
		if westFront(u.Data) && u.Loc == Held {
			out = append(out, u)
		}
	}
	return out
}

// hindenburg is the held army HQ that is not a West Front unit (HL-8), or
// nil.
func (g *Game) hindenburg() *Unit {
	for _, u := range g.Units {
		if u.Loc == Held && u.IsHQ() && u.Data.HQLevel == "army" && !westFront(u.Data) {
			return u
		}
	}
	return nil
}

// prittwitz is the HQ that HL-8 replaces: the HQ its formation names, or
// failing that another army HQ of the same formation (T 19.21).
func (g *Game) prittwitz(hl *Unit) *Unit {
	if hl == nil {
		return nil
	}
	if f := g.data.Formation(hl.Data.Parent); f != nil && f.HQ != hl.ID {
		if u := g.units[f.HQ]; u != nil {
			return u
		}
	}
	for _, u := range g.Units {
		if u != hl && u.Side() == hl.Side() && u.IsHQ() && u.Data.HQLevel == "army" &&
			u.Data.Parent == hl.Data.Parent && !westFront(u.Data) {
			return u
		}
	}
	return nil
}

// westFrontDelay is how many game-turns after the request a West Front
// unit arrives (T 19.22, AMB-35): its formation's own delay, if the data
// gives one, else the common delay.
func (g *Game) westFrontDelay(u *Unit) int {
	if u.Data.Parent != "" {
		if v, ok := g.data.Param("wf-delay-" + u.Data.Parent); ok {
			return v
		}
	}
	return g.param("wf-delay", 4)
}

// westFront runs the German part of T 19 in side's Reinforcement Segment,
// after the scheduled arrivals: HL-8 comes in if its segment has come
// (T 19.21), the West Front units' VP are scored once they have entered
// (T 19.22), and if nothing has been committed yet, a `westfront` order
// commits it (T 19.14) or the trigger is tested and the chart rolled
// (T 19.11).
func (g *Game) westFront(side engine.Side, orders []engine.Order, l *log) {
	var asks []engine.Order
	for _, o := range orders {
		if o.Verb == "westfront" {
			asks = append(asks, o)
		}
	}
	if !g.westFrontOn() {
		for _, o := range asks {
			l.reject(side, o, "T 19.14", "this game has no West Front reinforcements")
		}
		return
	}
	hl := g.hindenburg()
	held := g.heldWestFront()
	mine := (hl != nil && hl.Side() == side) || (len(held) > 0 && held[0].Side() == side)
	if g.Excl.WFTurn > 0 {
		g.replacePrittwitz(side, l)
	}
	g.scoreWestFront(side, l)
	for i, o := range asks {
		switch {
		case g.Excl.WFTurn > 0:
			l.reject(side, o, "T 19.14", "the West Front reinforcements were already committed in GT%d", g.Excl.WFTurn)
		case !mine:
			l.reject(side, o, "T 19.14", "%s has no West Front reinforcements to ask for", g.data.SideNames[side])
		case i > 0:
			l.reject(side, o, "T 19.14", "the West Front reinforcements are asked for once")
		default:
			l.notef("T 19.14", "the %s asks for the West Front reinforcements and the replacement of %s",
				g.data.SideNames[side], g.prittwitzName(hl))
			g.commitWestFront(l)
		}
	}
	if g.Excl.WFTurn > 0 || !mine || g.Excl.RollingStopped {
		return
	}
	ok, why := g.westFrontTrigger()
	if !ok {
		return
	}
	l.notef("T 19.11", "the West Front trigger holds: %s", why)
	r := l.roll("T 19.12", "German Variable Reinforcement Chart (T 19.11)")
	mod, parts := g.westFrontModifiers()
	total := r.Value + mod
	need := g.param("wf-chart-success", 9)
	if total < need {
		r.Result = fmt.Sprintf("%d%s = %d, below %d: no reinforcements this turn", r.Value, parts, total, need)
		return
	}
	r.Result = fmt.Sprintf("%d%s = %d: the West Front reinforcements are compelled", r.Value, parts, total)
	g.Excl.RollingStopped = true
	g.commitWestFront(l)
}

func (g *Game) prittwitzName(hl *Unit) string {
	if p := g.prittwitz(hl); p != nil {
		return p.ID
	}
	return "the army commander"
}

// westFrontModifiers are the authored additions to the chart roll
// (AMB-33): wf-chart-mod-turn for each game-turn, and wf-chart-mod-vp for
// each 10 net Russian VP.
func (g *Game) westFrontModifiers() (int, string) {
	mod := 0
	var b strings.Builder
	if k := g.param("wf-chart-mod-turn", 0); k != 0 {
		mod += k * g.Turn
		fmt.Fprintf(&b, " %+d (GT%d)", k*g.Turn, g.Turn)
	}
	if k := g.param("wf-chart-mod-vp", 0); k != 0 && g.VP >= 10 {
		mod += k * (g.VP / 10)
		fmt.Fprintf(&b, " %+d (VP %+d)", k*(g.VP/10), g.VP)
	}
	return mod, b.String()
}

// commitWestFront schedules the West Front units for GT t+delay at a west
// edge rail hex (T 19.22, AMB-35) and makes HL-8 due in the next German
// Reinforcement Segment (T 19.21, AMB-34).
func (g *Game) commitWestFront(l *log) {
	t := g.Turn
	g.Excl.WFTurn = t
	if hl := g.hindenburg(); hl != nil {
		l.notef("T 19.21", "%s will replace %s in the German Reinforcement Segment of GT%d", hl.ID, g.prittwitzName(hl), t+1)
	}
	held := g.heldWestFront()
	if len(held) == 0 {
		return
	}
	entry, letter, ok := g.westFrontEntry(held[0].Side())
	for _, u := range held {
		u.Loc = NotArrived
		u.ArriveTurn = t + g.westFrontDelay(u)
		if ok {
			u.Entry, u.EntryHex = letter, entry
		}
		where := "a west-edge rail hex"
		if ok {
			where = entry.String()
		}
		l.notef("T 19.22", "%s will arrive on GT%d at %s", u.ID, u.ArriveTurn, where)
	}
}

// westFrontEntry picks the west-edge rail hex of side where the West Front
// units come in (T 19.22): the one nearest side's army HQ on the map, then
// the lowest hex id. It also gives the entry letter of that hex, if any.
func (g *Game) westFrontEntry(side engine.Side) (hex.Hex, string, bool) {
	hexes := g.westEdgeRail(side)
	if len(hexes) == 0 {
		return hex.Hex{}, "", false
	}
	grid := g.Map().Grid
	var ref *Unit
	for _, u := range g.Units {
		if u.Side() == side && u.OnMap() && u.IsHQ() && u.Data.HQLevel == "army" {
			ref = u
			break
		}
	}
	best := hexes[0]
	if ref != nil {
		for _, h := range hexes[1:] {
			if grid.Distance(h, ref.Hex) < grid.Distance(best, ref.Hex) {
				best = h
			}
		}
	}
	letter := ""
	for _, e := range g.Map().Entries {
		if e.Hex == best && e.Side == side {
			letter = e.Letter
		}
	}
	return best, letter, true
}

// westEdgeRail lists side's rail hexes on the west edge of the map, in hex
// order (T 19.22).
func (g *Game) westEdgeRail(side engine.Side) []hex.Hex {
	grid := g.Map().Grid
	var out []hex.Hex
	for h := range g.railNet(side) {
		if grid.Contains(h) && !grid.Contains(grid.Neighbour(h, hex.W)) && g.railHex(h, side) {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

// replacePrittwitz puts HL-8 on the map in place of von Prittwitz in the
// first of side's Reinforcement Segments after the request (T 19.21,
// AMB-34): in his hex if he is on the map and traces supply, otherwise in
// the hex holding a German unit or fortress nearest his last hex. The
// Russian scores HL-8's entry.
func (g *Game) replacePrittwitz(side engine.Side, l *log) {
	if g.Excl.HLDone || g.Turn <= g.Excl.WFTurn {
		return
	}
	hl := g.hindenburg()
	if hl == nil || hl.Side() != side {
		g.Excl.HLDone = hl == nil
		return
	}
	pr := g.prittwitz(hl)
	var at hex.Hex
	found := false
	why := ""
	switch {
	case pr == nil:
		why = "no HQ to replace"
	case pr.OnMap() && g.supplyTraced(pr):
		at, found = pr.Hex, true
	case pr.OnMap():
		why = pr.ID + " is out of supply"
	default:
		why = pr.ID + " has been destroyed"
	}
	if pr != nil && pr.OnMap() {
		g.setLoc(pr, Eliminated)
		l.notef("T 19.21", "%s is removed from play", pr.ID)
	}
	if !found {
		var last hex.Hex
		if pr != nil {
			last = pr.Hex
		}
		var legal []hex.Hex
		at, legal, found = g.hlHex(side, last)
		if found {
			at = g.chosen(side, g.entries, hl, legal, at, "T 19.21", l)
		}
		if !found {
			l.notef("T 19.21", "%s cannot enter: %s and no hex holds a German unit or fortress", hl.ID, why)
			return
		}
		l.notef("T 19.21", "%s: %s enters with a German unit or fortress", why, hl.ID)
	}
	g.place(hl, at)
	g.occupy(side, at)
	g.Excl.HLDone = true
	l.notef("T 19.21", "%s enters at %s", hl.ID, at)
	if v := g.param("vp-hl8", 0); v != 0 {
		g.VP += v
		l.add(&VPChange{Delta: v, Total: g.VP, Why: hl.ID + " enters the map", Rule: "T 19.21"})
	}
}

// hlHex is where HL-8 enters when von Prittwitz cannot hand over in his
// own hex (T 19.21): a hex with one of side's units or an undestroyed
// fortress of side's, the nearest to last, then the lowest hex id. legal
// is every such hex, where the player may choose to put it (AMB-34).
func (g *Game) hlHex(side engine.Side, last hex.Hex) (best hex.Hex, legal []hex.Hex, found bool) {
	grid := g.Map().Grid
	cand := map[hex.Hex]bool{}
	for _, u := range g.Units {
		if u.Side() == side && u.OnMap() {
			cand[u.Hex] = true
		}
	}
	for _, f := range g.Forts {
		if f.Data.Owner == side && !f.Destroyed() && !g.occupiedBy(f.Data.Hex, enemy(side)) {
			cand[f.Data.Hex] = true
		}
	}
	legal = hex.SortedKeys(cand)
	for _, h := range legal {
		if !found || grid.Distance(h, last) < grid.Distance(best, last) {
			best, found = h, true
		}
	}
	return best, legal, found
}

// scoreWestFront scores the West Front units' entry once, in the first
// Reinforcement Segment in which one of them has come into play, on the
// map or by off-map rail from its entry hex (T 19.22).
func (g *Game) scoreWestFront(side engine.Side, l *log) {
	if g.Excl.WFScored {
		return
	}
	var in []string
	for _, u := range g.Units {
		if westFront(u.Data) && u.Side() == side && (u.OnMap() || u.Loc == OffMap) && !g.setUp(u) {
			in = append(in, u.ID)
		}
	}
	if len(in) == 0 {
		return
	}
	g.Excl.WFScored = true
	if v := g.param("vp-wf", 0); v != 0 {
		g.VP += v
		l.add(&VPChange{Delta: v, Total: g.VP, Why: "the West Front reinforcements enter (" + strings.Join(in, ", ") + ")", Rule: "T 19.22"})
	}
}

// setUp reports whether u started the scenario on the map.
func (g *Game) setUp(u *Unit) bool {
	for _, p := range g.scen.Setup {
		if p.Unit == u.ID {
			return true
		}
	}
	return false
}

// westFrontTrigger tests T 19.11 (AMB-32): each Russian army named by a
// wf-trigger-sp-ARMY param has that many SP of infantry more than one hex
// inside Germany, and of those units some set of at least
// wf-trigger-apart-sp SP lies more than wf-trigger-apart-mp Russian MP
// from all the rest. It says why when it holds.
func (g *Game) westFrontTrigger() (bool, string) {
	need := map[string]int{}
	for _, p := range g.data.Params {
		if army, ok := strings.CutPrefix(p.Name, "wf-trigger-sp-"); ok {
			need[army] = p.Value
		}
	}
	if len(need) == 0 {
		return false, ""
	}
	var deep []*Unit
	have := map[string]int{}
	for _, u := range g.Units {
		if u.Side() != RU || !u.OnMap() || u.Data.Type != scenario.Infantry {
			continue
		}
		if _, ok := need[u.Data.Parent]; !ok || !g.deepInGermany(u.Hex) {
			continue
		}
		deep = append(deep, u)
		have[u.Data.Parent] += u.SP()
	}
	armies := make([]string, 0, len(need))
	for a := range need {
		armies = append(armies, a)
	}
	sort.Strings(armies)
	var parts []string
	for _, a := range armies {
		if have[a] < need[a] {
			return false, ""
		}
		parts = append(parts, fmt.Sprintf("army %s has %d SP of infantry inside Germany", a, have[a]))
	}
	groups := g.mpGroups(deep, g.param("wf-trigger-apart-mp", 12))
	if len(groups) < 2 {
		return false, ""
	}
	total, smallest := 0, -1
	for _, gr := range groups {
		sp := 0
		for _, u := range gr {
			sp += u.SP()
		}
		total += sp
		if smallest < 0 || sp < smallest {
			smallest = sp
		}
	}
	apart := total - smallest
	if apart < g.param("wf-trigger-apart-sp", 4) {
		return false, ""
	}
	parts = append(parts, fmt.Sprintf("%d groups more than %d MP apart", len(groups), g.param("wf-trigger-apart-mp", 12)))
	return true, strings.Join(parts, "; ")
}

// deepInGermany reports whether h is more than one hex inside the German
// border: a German hex none of whose neighbours is Russian (AMB-32).
func (g *Game) deepInGermany(h hex.Hex) bool {
	m := g.Map()
	if m.Country(h) != DE {
		return false
	}
	for _, n := range m.Grid.Neighbours(h) {
		if m.Country(n) == RU {
			return false
		}
	}
	return true
}

// mpGroups splits units into groups linked by Russian movement costs of at
// most limit MP, counting terrain and hexsides but no units or ZOC
// (AMB-32, single linkage). Groups come in the order of their first unit.
func (g *Game) mpGroups(units []*Unit, limit int) [][]*Unit {
	parent := make([]int, len(units))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	byHex := map[hex.Hex][]int{}
	for i, u := range units {
		byHex[u.Hex] = append(byHex[u.Hex], i)
	}
	for _, h := range hex.SortedKeys(byHex) {
		r := g.terrainSearch(h, limit)
		for _, o := range hex.SortedKeys(byHex) {
			if _, ok := r.Cost(o); ok {
				a, b := find(byHex[h][0]), find(byHex[o][0])
				parent[a] = b
			}
		}
		for _, i := range byHex[h][1:] {
			parent[find(i)] = find(byHex[h][0])
		}
	}
	index := map[int]int{}
	var out [][]*Unit
	for i, u := range units {
		root := find(i)
		k, ok := index[root]
		if !ok {
			k = len(out)
			index[root] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], u)
	}
	return out
}

// terrainSearch finds the hexes a Russian (TCR 3) unit could reach from
// from for limit MP on an empty map (AMB-32).
func (g *Game) terrainSearch(from hex.Hex, limit int) *engine.Result[hex.Hex] {
	m := g.Map()
	s := engine.Search[hex.Hex]{
		Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
			for _, n := range m.Grid.Neighbours(h) {
				if c, ok := g.terrainStep(h, n); ok {
					visit(n, c)
				}
			}
		},
		Less:  hex.Hex.Less,
		Limit: limit,
	}
	return s.Run(from)
}

// terrainStep is what entering b from a costs a Russian unit by the
// Terrain Effects Chart alone (std 5.4): cities and fortresses 1, trenches
// and rivers +1; water and blocked hexsides may not be crossed.
func (g *Game) terrainStep(a, b hex.Hex) (int, bool) {
	m := g.Map()
	if !m.Grid.Contains(b) {
		return 0, false
	}
	t := m.Terrain(b)
	if m.Impassable(b) {
		return 0, false
	}
	s, _ := m.Grid.SideBetween(a, b)
	hs := m.Hexside(s)
	if hs != nil && hs.Class == scenario.Blocked {
		return 0, false
	}
	var cost int
	if town := m.Towns[b]; m.Fortresses[b] != nil || (town != nil && town.City) {
		cost = 1
	} else {
		cost, _ = g.terrainCost(t, sideTCR(RU))
	}
	if _, ok := m.Trenches[b]; ok {
		cost++
	}
	if hs != nil && (hs.Class == scenario.MinorRiver || hs.Class == scenario.MajorRiver) {
		cost++
	}
	return cost, true
}
