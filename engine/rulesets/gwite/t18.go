package gwite

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Tannenberg hidden movement (T 18): the German's Gruppe markers and the
// Hidden Unit Display, and the fog of war they bring (digest 002 section 7).
//
// Every unit keeps its real position. A unit inside a Gruppe stands on the
// map in the marker's hex like any other unit, so movement costs, zones of
// control (T 18.62: dummies and HQ-only Gruppen project none, by
// construction), supply, command radii and stacking (AMB-29) all use the
// truth, as the referee of a face-to-face game would (digest 7.3). What
// changes is what the Russian is told:
//
//   - his View shows one MarkerView per marker on the map, with an opaque
//     token, and leaves out the units inside Gruppen (digest 7.2);
//   - every event that names a hidden unit goes to the German only; where
//     the rules make the fact public anyway (victory points, step losses)
//     the Russian gets a copy with the unit's name blanked (fogEvent);
//   - a marker's move is told to the German with its number and contents,
//     to the Russian with its token only.
//
// Markers exist when the game's param gruppe-markers (default 21, T 18.11)
// is above 0; the German side is DE.

// hiddenSide is the side that has Gruppe markers (T 18.0: German only).
const hiddenSide = DE

// dummyMA is a dummy Gruppe's movement allowance (T 18.63).
const dummyMA = 8

// Gruppe is one Gruppe marker and its box of the Hidden Unit Display.
type Gruppe struct {
	N     int     // the number on the back (T 18.11)
	OnMap bool    // on the map; else available or waiting (T 18.5)
	Hex   hex.Hex // while on the map
	// Units are the ids in the box, sorted; empty: a dummy (T 18.0).
	// Members eliminated while hidden stay listed until the phase ends, so
	// that the events of their loss stay hidden too.
	Units []string `json:",omitempty"`
	// Token is what the Russian sees: new whenever the marker comes onto
	// the map, stable while it stays (digest 7.2).
	Token string `json:",omitempty"`
	// Removed is the phase stamp (phaseStamp) of the last time the marker
	// was taken off the map: it may come back only in a later German
	// Movement Phase (T 18.5).
	Removed int `json:",omitempty"`
	// MPSpent is what the marker itself has spent this Movement Phase, for
	// a dummy (T 18.63); MPStamp is the phase it was spent in.
	MPSpent int `json:",omitempty"`
	MPStamp int `json:",omitempty"`
	// Unknown is a marker in a sandbox built from the Russian's View
	// (Sandbox): its box is empty because what it holds is hidden, not
	// because it is a dummy, so it is never removed as one.
	Unknown bool `json:"-"`
}

// Hidden is the changing state of T 18 (the Game field Hidden).
type Hidden struct {
	// Gruppen lists every marker used so far, by number.
	Gruppen []*Gruppe `json:",omitempty"`
	// Seq numbers the tokens handed out.
	Seq int `json:",omitempty"`
}

func (h Hidden) clone() Hidden {
	c := Hidden{Seq: h.Seq}
	for _, gr := range h.Gruppen {
		cg := *gr
		cg.Units = append([]string(nil), gr.Units...)
		c.Gruppen = append(c.Gruppen, &cg)
	}
	return c
}

// gruppeMarkers is how many markers the German has (T 18.11).
func (g *Game) gruppeMarkers() int { return g.param("gruppe-markers", 21) }

// phaseStamp numbers the phases of the game in order (0 means never).
func (g *Game) phaseStamp() int { return g.Turn*len(sequence) + g.Step + 1 }

// gruppe returns marker n, or nil if it has never been used.
func (g *Game) gruppe(n int) *Gruppe {
	for _, gr := range g.Hidden.Gruppen {
		if gr.N == n {
			return gr
		}
	}
	return nil
}

// onMapGruppen lists the markers on the map, by hex and then token: never
// by number, so that nothing the Russian sees depends on the numbers.
func (g *Game) onMapGruppen() []*Gruppe {
	var out []*Gruppe
	for _, gr := range g.Hidden.Gruppen {
		if gr.OnMap {
			out = append(out, gr)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Hex != out[j].Hex {
			return out[i].Hex.Less(out[j].Hex)
		}
		return tokenLess(out[i].Token, out[j].Token)
	})
	return out
}

func tokenLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// gruppeOf returns the marker on the map whose box holds u, or nil.
func (g *Game) gruppeOf(u *Unit) *Gruppe {
	if u.Side() != hiddenSide {
		return nil
	}
	for _, gr := range g.Hidden.Gruppen {
		if !gr.OnMap {
			continue
		}
		for _, id := range gr.Units {
			if id == u.ID {
				return gr
			}
		}
	}
	return nil
}

// Hidden reports whether u is inside a Gruppe: out of the Russian's sight.
func (g *Game) hidden(u *Unit) bool { return g.gruppeOf(u) != nil }

// members are the units in gr's box that stand on the map.
func (g *Game) members(gr *Gruppe) []*Unit {
	var out []*Unit
	for _, id := range gr.Units {
		if u := g.units[id]; u != nil && u.OnMap() && u.Hex == gr.Hex {
			out = append(out, u)
		}
	}
	return out
}

// boxSP is the stacking points in gr's box (T 18.22).
func (g *Game) boxSP(gr *Gruppe) int {
	n := 0
	for _, u := range g.members(gr) {
		n += u.SP()
	}
	return n
}

func (gr *Gruppe) drop(id string) {
	for i, x := range gr.Units {
		if x == id {
			gr.Units = append(gr.Units[:i:i], gr.Units[i+1:]...)
			return
		}
	}
}

func (gr *Gruppe) add(id string) {
	gr.Units = append(gr.Units, id)
	sort.Strings(gr.Units)
}

// takeOff removes gr from the map; its units stand openly where it was.
func (g *Game) takeOff(gr *Gruppe) {
	gr.OnMap = false
	gr.Units = nil
	gr.Removed = g.phaseStamp()
	g.changed()
}

// russianNear reports whether a Russian unit stands in h or next to it.
func (g *Game) russianNear(h hex.Hex) bool {
	if g.occupiedBy(h, enemy(hiddenSide)) {
		return true
	}
	for _, n := range g.Map().Grid.Neighbours(h) {
		if g.occupiedBy(n, enemy(hiddenSide)) {
			return true
		}
	}
	return false
}

// markersNear lists the markers on the map in h or next to it.
func (g *Game) markersNear(h hex.Hex) []*Gruppe {
	var out []*Gruppe
	for _, gr := range g.onMapGruppen() {
		if gr.Hex == h || g.Map().Grid.Adjacent(gr.Hex, h) {
			out = append(out, gr)
		}
	}
	return out
}

// besideMarkers is the set of hexes next to or under a Gruppe marker on
// the map (see markersNear), nil if there is none.
func (g *Game) besideMarkers() map[hex.Hex]bool {
	var out map[hex.Hex]bool
	for _, gr := range g.onMapGruppen() {
		if out == nil {
			out = map[hex.Hex]bool{}
		}
		out[gr.Hex] = true
		for _, n := range g.Map().Grid.Neighbours(gr.Hex) {
			out[n] = true
		}
	}
	return out
}

// gruppePlaced keeps the Gruppen true to a unit's new position; place
// calls it whenever a unit is put in a hex.
//
//   - A German unit moved on its own (a displacement, a retreat, rail)
//     leaves its Gruppe; a marker left empty next to a Russian unit is
//     removed as a dummy would be (T 18.42).
//   - A Russian unit arriving next to dummies removes them at once, in
//     any phase (T 18.41-18.42).
func (g *Game) gruppePlaced(u *Unit, h hex.Hex) {
	if len(g.Hidden.Gruppen) == 0 {
		return
	}
	if u.Side() == hiddenSide {
		gr := g.gruppeOf(u)
		if gr == nil || gr.Hex == h {
			return
		}
		gr.drop(u.ID)
		if len(g.members(gr)) == 0 && g.russianNear(gr.Hex) {
			g.notef("T 18.42", "the Gruppe marker %s in %s is empty and is removed", gr.Token, gr.Hex)
			g.takeOff(gr)
		}
		return
	}
	for _, gr := range g.markersNear(h) {
		if len(g.members(gr)) == 0 && !gr.Unknown {
			g.notef("T 18.41", "the Gruppe marker %s in %s was a dummy and is removed (a Russian unit came next to it in %s)", gr.Token, gr.Hex, h)
			g.takeOff(gr)
		}
	}
}

// gruppeLifted takes a unit that leaves the map out of its Gruppe. An
// eliminated unit stays listed until the phase ends (see Gruppe.Units).
func (g *Game) gruppeLifted(u *Unit, loc LocKind) {
	if loc == Eliminated || loc == OnMap {
		return
	}
	if gr := g.gruppeOf(u); gr != nil {
		gr.drop(u.ID)
	}
}

// notef logs through the log of the resolution under way, if any: for the
// reveals that happen inside place.
func (g *Game) notef(rule, format string, args ...any) {
	if g.evlog != nil {
		g.evlog.notef(rule, format, args...)
	}
}

// ---- the Russian moving next to markers (T 18.41) ----

// spareMP is what u must hold to enter h, which costs cost MP by the real
// positions: next to a marker, the terrain cost plus one MP in case the
// Gruppe projects a ZOC (T 18.41, AMB-30), whatever it really holds. It
// also returns the cost the Russian may be told (without a hidden ZOC),
// and whether a marker is near.
func (g *Game) spareMP(u *Unit, h hex.Hex, cost int) (need, told int, near bool) {
	if u.Side() == hiddenSide || len(g.markersNear(h)) == 0 {
		return cost, cost, false
	}
	base := cost
	if g.inEZOC(h, u.Side()) {
		base--
	}
	return base + 1, base, true
}

// gruppeZOC reports whether a unit inside a Gruppe projects a ZOC into h.
func (g *Game) gruppeZOC(h hex.Hex) bool {
	for _, gr := range g.markersNear(h) {
		if gr.Hex == h {
			continue
		}
		for _, u := range g.members(gr) {
			if exertsZOC(u) && g.zocInto(gr.Hex, h) {
				return true
			}
		}
	}
	return false
}

// announceZOC tells both players whether some Gruppe's ZOC reached the hex
// u has just entered, and nothing more (T 18.41).
func (g *Game) announceZOC(u *Unit, h hex.Hex, l *log) {
	if g.gruppeZOC(h) {
		l.notef("T 18.41", "%s entering %s entered a German zone of control (+1 MP)", u.ID, h)
	} else {
		l.notef("T 18.41", "%s entering %s: no Gruppe's zone of control reaches it", u.ID, h)
	}
}

// ---- end of phase (T 18.0, 18.42) ----

// revealAtPhaseEnd takes off the map every marker next to a Russian unit:
// a dummy goes, a real Gruppe's units stand openly in its hex. Then the
// members eliminated while hidden are struck from their boxes.
func (g *Game) revealAtPhaseEnd(l *log) {
	for _, gr := range g.onMapGruppen() {
		if !g.russianNear(gr.Hex) {
			continue
		}
		ms := g.members(gr)
		g.takeOff(gr) // first, so that the news is public
		if len(ms) == 0 {
			l.notef("T 18.42", "the Gruppe marker %s in %s was a dummy and is removed at the end of the phase", gr.Token, gr.Hex)
		} else {
			l.notef("T 18.42", "the Gruppe marker %s in %s is revealed at the end of the phase: %s", gr.Token, gr.Hex, unitList(ms))
		}
	}
	for _, gr := range g.Hidden.Gruppen {
		var keep []string
		for _, u := range g.members(gr) {
			keep = append(keep, u.ID)
		}
		gr.Units = keep
	}
}

func unitList(us []*Unit) string {
	ids := make([]string, len(us))
	for i, u := range us {
		ids[i] = u.ID
	}
	return strings.Join(ids, " ")
}

// ---- orders (T 18.2-18.3, 18.5) ----

// gruppeNumber reads a marker number, or rejects the order.
func (g *Game) gruppeNumber(side engine.Side, o engine.Order, text string, l *log) (int, bool) {
	if side != hiddenSide || g.gruppeMarkers() <= 0 {
		l.reject(side, o, "T 18.0", "only the German has Gruppe markers")
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(text), "G"))
	if err != nil || n < 1 || n > g.gruppeMarkers() {
		l.reject(side, o, "T 18.11", "%s is not a Gruppe marker: they are numbered 1 to %d", text, g.gruppeMarkers())
		return 0, false
	}
	return n, true
}

// gruppeRef reports whether text names a Gruppe marker ("G7") of side.
func (g *Game) gruppeRef(side engine.Side, text string) bool {
	if side != hiddenSide || g.gruppeMarkers() <= 0 || len(text) < 2 || (text[0] != 'G' && text[0] != 'g') {
		return false
	}
	n, err := strconv.Atoi(text[1:])
	return err == nil && n >= 1 && n <= g.gruppeMarkers()
}

// mayPlaceMarker says why marker gr may not come onto the map in h now, or
// "" if it may: a marker that has never been used goes where the German
// has a unit, a marker or a fortress; a marker that was taken off comes
// back only in a later German Movement Phase, on a German fortress, a hex
// with a German Gruppe or a hex with a supplied German unit (T 18.5).
func (g *Game) mayPlaceMarker(gr *Gruppe, h hex.Hex) (string, string) {
	if gr != nil && gr.Removed >= g.phaseStamp() {
		return "T 18.5", fmt.Sprintf("Gruppe %d was taken off the map this phase and may come back in the next German Movement Phase", gr.N)
	}
	if !g.Map().Grid.Contains(h) || g.Map().Impassable(h) {
		return "T 18.5", fmt.Sprintf("%s is not a land hex of the map", h)
	}
	if g.occupiedBy(h, enemy(hiddenSide)) {
		return "T 18.5", fmt.Sprintf("%s holds Russian units", h)
	}
	if f := g.forts[h]; f != nil && f.Data.Owner == hiddenSide && !f.Destroyed() {
		return "", ""
	}
	for _, o := range g.onMapGruppen() {
		if o.Hex == h {
			return "", ""
		}
	}
	for _, u := range g.at[h] {
		if u.Side() == hiddenSide && (gr == nil || gr.Removed == 0 || g.supplied(u)) {
			return "", ""
		}
	}
	return "T 18.5", fmt.Sprintf("a Gruppe marker may come onto the map only on a German fortress, a hex with a German Gruppe or a hex with a supplied German unit; %s is none", h)
}

// orderGruppe carries out `gruppe N [at HEX] [with UNIT...]`: marker N comes
// onto the map if it is off it (T 18.5), and the units, standing in its
// hex, go into its box (T 18.13, 18.22-18.23, 18.32).
func (g *Game) orderGruppe(side engine.Side, o engine.Order, l *log) {
	n, ok := g.gruppeNumber(side, o, wordsOf(o, "")[0], l)
	if !ok {
		return
	}
	var ids []string
	if ws, ok := o.Clause("with"); ok {
		for _, w := range ws {
			ids = append(ids, w.Text)
		}
	}
	var us []*Unit
	for _, id := range ids {
		u := g.ownUnit(side, o, id, l)
		if u == nil {
			return
		}
		if !u.OnMap() {
			l.reject(side, o, "T 18.21", "%s is not on the map", u.ID)
			return
		}
		us = append(us, u)
	}
	gr := g.gruppe(n)
	at, hasAt := hex.Hex{}, false
	if ws, ok := o.Clause("at"); ok {
		h, err := hex.Parse(ws[0].Text)
		if err != nil {
			l.reject(side, o, "T 18.5", "%v", err)
			return
		}
		at, hasAt = h, true
	}
	if gr == nil || !gr.OnMap {
		if !hasAt {
			if len(us) == 0 {
				l.reject(side, o, "T 18.5", "Gruppe %d is not on the map: say where it goes with `at HEX`", n)
				return
			}
			at = us[0].Hex
		}
		if rule, why := g.mayPlaceMarker(gr, at); why != "" {
			l.reject(side, o, rule, "%s", why)
			return
		}
		if gr == nil {
			gr = &Gruppe{N: n}
			g.Hidden.Gruppen = append(g.Hidden.Gruppen, gr)
			sort.Slice(g.Hidden.Gruppen, func(i, j int) bool { return g.Hidden.Gruppen[i].N < g.Hidden.Gruppen[j].N })
		}
		g.Hidden.Seq++
		gr.OnMap, gr.Hex, gr.Units, gr.Token = true, at, nil, fmt.Sprintf("M%d", g.Hidden.Seq)
		gr.MPSpent, gr.MPStamp = 0, 0
		l.notef("T 18.5", "a Gruppe marker %s is placed in %s", gr.Token, at)
		l.privatef(hiddenSide, "T 18.5", "marker %s is Gruppe %d", gr.Token, gr.N)
	} else if hasAt && at != gr.Hex {
		l.reject(side, o, "T 18.32", "Gruppe %d is in %s, not %s", n, gr.Hex, at)
		return
	}
	limit := g.stackingLimit()
	for _, u := range us {
		if u.Hex != gr.Hex {
			l.reject(side, o, "T 18.32", "%s is in %s, not with Gruppe %d in %s", u.ID, u.Hex, n, gr.Hex)
			continue
		}
		from := g.gruppeOf(u)
		if from == gr {
			continue
		}
		if sp := g.boxSP(gr); sp+u.SP() > limit {
			l.reject(side, o, "T 18.22", "%s (%d SP) does not fit in box %d, which holds %d of %d SP", u.ID, u.SP(), n, sp, limit)
			continue
		}
		if from != nil {
			from.drop(u.ID)
			l.privatef(hiddenSide, "T 18.32", "%s goes from Gruppe %d to Gruppe %d in %s", u.ID, from.N, n, gr.Hex)
		} else {
			l.notef("T 18.13", "%s in %s goes under a Gruppe marker", u.ID, u.Hex)
			l.privatef(hiddenSide, "T 18.13", "%s joins Gruppe %d in %s", u.ID, n, gr.Hex)
		}
		gr.add(u.ID)
	}
}

// orderLeave takes units out of their Gruppen: they stand openly in the
// marker's hex (T 18.13, 18.32). The marker stays, perhaps as a dummy.
func (g *Game) orderLeave(side engine.Side, o engine.Order, l *log) {
	for _, id := range wordsOf(o, "") {
		u := g.ownUnit(side, o, id, l)
		if u == nil {
			continue
		}
		gr := g.gruppeOf(u)
		if gr == nil || !u.OnMap() {
			l.reject(side, o, "T 18.32", "%s is not in a Gruppe", u.ID)
			continue
		}
		gr.drop(u.ID)
		l.privatef(hiddenSide, "T 18.32", "%s leaves Gruppe %d", u.ID, gr.N)
		l.notef("T 18.13", "%s comes out from under a Gruppe marker and stands openly in %s", u.ID, u.Hex)
	}
}

// gruppeOnMap reads the Gruppe number an order names first and returns
// that Gruppe, refusing the order under rule if it is not on the map.
func (g *Game) gruppeOnMap(side engine.Side, o engine.Order, rule string, l *log) (*Gruppe, bool) {
	n, ok := g.gruppeNumber(side, o, wordsOf(o, "")[0], l)
	if !ok {
		return nil, false
	}
	gr := g.gruppe(n)
	if gr == nil || !gr.OnMap {
		l.reject(side, o, rule, "Gruppe %d is not on the map", n)
		return nil, false
	}
	return gr, true
}

// orderRemove takes marker N off the map; its units stand openly in its
// hex (T 18.34). It may come back from the next German Movement Phase.
func (g *Game) orderRemove(side engine.Side, o engine.Order, l *log) {
	gr, ok := g.gruppeOnMap(side, o, "T 18.34", l)
	if !ok {
		return
	}
	ms := g.members(gr)
	g.takeOff(gr) // first, so that the news is public
	if len(ms) == 0 {
		l.notef("T 18.34", "the Gruppe marker %s in %s is taken off the map", gr.Token, gr.Hex)
	} else {
		l.notef("T 18.34", "the Gruppe marker %s in %s is taken off the map; %s stand openly there", gr.Token, gr.Hex, unitList(ms))
	}
}

// ---- moving a Gruppe (T 18.31-18.33, 18.63) ----

// dummyUnit stands in for a dummy marker when movement costs are asked:
// a German non-combat piece of the German TCR, which cannot enter enemy
// units' hexes nor displace HQs.
func dummyUnit() *Unit {
	return &Unit{ID: "dummy", Loc: OnMap, Data: &scenario.Unit{ID: "dummy", Side: hiddenSide, Type: scenario.HQ, MA: dummyMA}}
}

// gruppeStep is the cost for gr (with members ms) to move from a into b:
// the highest of its units' costs, for no unit may spend more than it has
// (T 18.31-18.32).
func (g *Game) gruppeStep(ms []*Unit, a, b hex.Hex) step {
	if len(ms) == 0 {
		return g.enterCost(dummyUnit(), a, b)
	}
	out := step{ok: true}
	for _, u := range ms {
		st := g.enterCost(u, a, b)
		if !st.ok {
			return st
		}
		if why, rule := g.moveIntegrity(u, a, b); why != "" {
			return step{reason: why, rule: rule}
		}
		out.cost = max(out.cost, st.cost)
	}
	return out
}

// gruppeLeft is the MP gr may still spend: the least any of its units has
// left (T 18.33), or what a dummy has left of 8 (T 18.63).
func (g *Game) gruppeLeft(gr *Gruppe, ms []*Unit) int {
	if gr.MPStamp != g.phaseStamp() {
		gr.MPSpent, gr.MPStamp = 0, g.phaseStamp()
	}
	if len(ms) == 0 {
		return dummyMA - gr.MPSpent
	}
	left := 1 << 20
	for _, u := range ms {
		left = min(left, g.movementAllowance(u)-u.MPSpent)
	}
	return left
}

// freshGruppe reports whether neither gr nor any unit in it has spent MP
// this phase: it may always move one hex (std 5.17).
func (g *Game) freshGruppe(gr *Gruppe, ms []*Unit) bool {
	if len(ms) == 0 {
		return gr.MPSpent == 0
	}
	for _, u := range ms {
		if u.MPSpent > 0 {
			return false
		}
	}
	return true
}

// orderMoveGruppe carries out `move GN to HEX` or `move GN via HEX...`: the
// marker moves with every unit in its box, as one unit (T 18.31).
func (g *Game) orderMoveGruppe(side engine.Side, o engine.Order, l *log) {
	gr, ok := g.gruppeOnMap(side, o, "T 18.31", l)
	if !ok {
		return
	}
	n := gr.N
	ms := g.members(gr)
	for _, u := range ms {
		// T 18.33: a unit that may not move (out of command, entrained)
		// holds the whole Gruppe; drop it with `leave` first.
		if !g.mayMove(side, o, u, l) {
			l.reject(side, o, "T 18.33", "Gruppe %d cannot move while %s is in it: `leave %s` first", n, u.ID, u.ID)
			return
		}
	}
	left := g.gruppeLeft(gr, ms)
	path, dest, toDest, ok := moveTarget(side, o, l)
	if !ok {
		return
	}
	if toDest {
		if dest == gr.Hex {
			l.reject(side, o, "std 5.0", "Gruppe %d is already in %s", n, dest)
			return
		}
		s := engine.Search[hex.Hex]{
			Edges: func(h hex.Hex, visit func(hex.Hex, int)) {
				for _, nb := range g.Map().Grid.Neighbours(h) {
					if st := g.gruppeStep(ms, h, nb); st.ok {
						visit(nb, st.cost)
					}
				}
			},
			Less:  hex.Hex.Less,
			Limit: left,
		}
		if p := s.Run(gr.Hex).Path(dest); p != nil {
			path = p[1:]
		} else if g.freshGruppe(gr, ms) && g.Map().Grid.Adjacent(gr.Hex, dest) && g.gruppeStep(ms, gr.Hex, dest).ok {
			path = []hex.Hex{dest}
		} else {
			l.reject(side, o, "std 5.14", "Gruppe %d cannot reach %s this phase", n, dest)
			return
		}
	}
	g.walkGruppe(side, o, gr, ms, path, l)
}

// MarkerMoved is a Gruppe marker's move. The German's copy names the
// Gruppe and its units and the MP; the Russian's only the token and the
// hexes (digest 7.2).
type MarkerMoved struct {
	For   engine.Side
	Token string
	N     int
	Units []string
	Path  []hex.Hex
	MP    int
	Notes []string
	// Glimpse: the part of the move the Russian saw under limited fog.
	Glimpse bool `json:",omitempty"`
}

func (m *MarkerMoved) String() string {
	hs := hexList(m.Path)
	if m.Glimpse {
		return fmt.Sprintf("a Gruppe marker %s is seen moving through %s, the rest of its move out of sight", m.Token, hs)
	}
	if m.For != hiddenSide {
		return fmt.Sprintf("a Gruppe marker %s moves %s", m.Token, hs)
	}
	what := "dummy"
	if len(m.Units) > 0 {
		what = strings.Join(m.Units, " ")
	}
	s := fmt.Sprintf("Gruppe %d (marker %s: %s) moves %s (%d MP)", m.N, m.Token, what, hs, m.MP)
	for _, n := range m.Notes {
		s += "; " + n
	}
	return s
}

// EventCase implements engine.Event.
func (m *MarkerMoved) EventCase() string { return "T 18.31" }

// Audience implements engine.Event.
func (m *MarkerMoved) Audience() []engine.Side { return []engine.Side{m.For} }

// walkGruppe moves gr and its units hex by hex along path, every unit
// paying the Gruppe's cost of each hex, and stops at the first hex it may
// not enter (T 18.31-18.33, std 5.12-5.17).
func (g *Game) walkGruppe(side engine.Side, o engine.Order, gr *Gruppe, ms []*Unit, path []hex.Hex, l *log) {
	done := []hex.Hex{gr.Hex}
	spent := 0
	var notes []string
	report := func() {
		if len(done) < 2 {
			return
		}
		l.add(&MarkerMoved{For: hiddenSide, Token: gr.Token, N: gr.N, Units: append([]string(nil), gr.Units...), Path: done, MP: spent, Notes: notes})
		l.add(&MarkerMoved{For: enemy(hiddenSide), Token: gr.Token, Path: done})
		done, notes, spent = []hex.Hex{gr.Hex}, nil, 0
	}
	for i, h := range path {
		st := g.gruppeStep(ms, gr.Hex, h)
		if !st.ok {
			report()
			l.reject(side, o, st.rule, "Gruppe %d stops in %s: %s", gr.N, gr.Hex, st.reason)
			return
		}
		cost := st.cost
		left := g.gruppeLeft(gr, ms)
		minimum := false
		if cost > left {
			if !(i == 0 && g.freshGruppe(gr, ms)) {
				report()
				l.reject(side, o, "std 5.14", "Gruppe %d stops in %s: entering %s costs %d MP and only %d are left", gr.N, gr.Hex, h, cost, left)
				return
			}
			minimum = true
			notes = append(notes, "minimum move of one hex [std 5.17]")
		}
		for _, u := range ms {
			if minimum {
				u.MPSpent = max(u.MPSpent, g.movementAllowance(u))
			} else {
				u.MPSpent += cost
			}
			u.Moved = true
		}
		if minimum {
			gr.MPSpent = dummyMA
		} else {
			gr.MPSpent += cost
		}
		spent += cost
		gr.Hex = h
		for _, u := range ms {
			g.place(u, h)
		}
		if len(ms) > 0 {
			g.occupy(side, h)
		}
		done = append(done, h)
		if len(ms) > 0 && g.loneEnemyHQsNear(h, side) {
			// std 10.52: Russian HQs displace when real units arrive.
			report()
			if hqs := g.enemyHQsIn(h, side); len(hqs) > 0 {
				g.displace(hqs, l)
			}
			g.displaceLoneHQsNear(h, side, l)
		}
	}
	report()
}

// ---- the fog (digest 7.2) ----

// fogEvent is the log's filter while a window is resolved: an event that
// names a unit hidden in a Gruppe goes to the German only; if the rules
// make the fact public (a step loss, the victory points), the Russian
// gets a copy with the unit's name blanked. Die rolls and notes about
// hidden units are the German's alone (T 18.35: the number of rolls would
// tell the size of a box).
func (g *Game) fogEvent(e engine.Event) []engine.Event {
	if g.openFog() || !engine.Visible(e, enemy(hiddenSide)) {
		return []engine.Event{e}
	}
	if _, ok := e.(*MarkerMoved); ok {
		return []engine.Event{e}
	}
	ids := g.hiddenIDs()
	if len(ids) == 0 {
		return []engine.Event{e}
	}
	text := e.String()
	var named []string
	for _, id := range ids {
		if mentions(text, id) {
			named = append(named, id)
		}
	}
	if len(named) == 0 {
		return []engine.Event{e}
	}
	only := []engine.Side{hiddenSide}
	switch x := e.(type) {
	case *engine.Roll:
		x.Seen = only
		return []engine.Event{e}
	case *engine.Note:
		x.Seen = only
		return []engine.Event{e}
	}
	for _, id := range named {
		text = replaceWord(text, id, "a hidden German unit")
	}
	return []engine.Event{&secret{e}, &redacted{Text: text, Rule: e.EventCase()}}
}

// hiddenIDs lists the units in the boxes of the markers on the map,
// including those eliminated this phase.
func (g *Game) hiddenIDs() []string {
	var out []string
	for _, gr := range g.Hidden.Gruppen {
		if gr.OnMap {
			out = append(out, gr.Units...)
		}
	}
	return out
}

func isIDChar(c byte) bool {
	return c == '-' || c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// wordAt reports whether s has id as a whole word at i.
func wordAt(s, id string, i int) bool {
	if !strings.HasPrefix(s[i:], id) {
		return false
	}
	if i > 0 && isIDChar(s[i-1]) {
		return false
	}
	j := i + len(id)
	// A trailing full stop ends a sentence, not an id.
	return j == len(s) || !isIDChar(s[j]) || (s[j] == '.' && (j+1 == len(s) || !isIDChar(s[j+1])))
}

func mentions(s, id string) bool {
	for i := 0; i+len(id) <= len(s); i++ {
		if wordAt(s, id, i) {
			return true
		}
	}
	return false
}

func replaceWord(s, id, with string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if i+len(id) <= len(s) && wordAt(s, id, i) {
			b.WriteString(with)
			i += len(id)
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// secret is an event the German alone may see.
type secret struct{ engine.Event }

// Audience implements engine.Event.
func (s *secret) Audience() []engine.Side { return []engine.Side{hiddenSide} }

// redacted is the Russian's copy of a secret event.
type redacted struct {
	Text string
	Rule string
}

func (r *redacted) String() string { return r.Text }

// EventCase implements engine.Event.
func (r *redacted) EventCase() string { return r.Rule }

// Audience implements engine.Event.
func (r *redacted) Audience() []engine.Side { return []engine.Side{enemy(hiddenSide)} }

// ---- views ----

// MarkerView is a Gruppe marker as the Russian sees it: where it is and
// its token (digest 7.2).
type MarkerView struct {
	Token string
	Hex   hex.Hex
}

// GruppeView is a Gruppe as the German sees it.
type GruppeView struct {
	N     int
	Token string
	OnMap bool
	Hex   hex.Hex
	Units []string
	// Available: off the map and free to come onto it now (T 18.5).
	Available bool
	// Used: it has been on the map, so it may come back only where
	// T 18.5 lets a removed marker return.
	Used bool `json:",omitempty"`
}

// gruppeViews fills the Gruppe part of side's view.
func (g *Game) gruppeViews(v *View) {
	if v.For != hiddenSide && v.For != engine.Moderator && !g.openFog() {
		for _, gr := range g.onMapGruppen() {
			v.Markers = append(v.Markers, MarkerView{Token: gr.Token, Hex: gr.Hex})
		}
		return
	}
	for n := 1; n <= g.gruppeMarkers(); n++ {
		gr := g.gruppe(n)
		if gr == nil {
			v.Gruppen = append(v.Gruppen, GruppeView{N: n, Available: true})
			continue
		}
		gv := GruppeView{N: n, Token: gr.Token, OnMap: gr.OnMap, Hex: gr.Hex, Used: true}
		if gr.OnMap {
			for _, u := range g.members(gr) {
				gv.Units = append(gv.Units, u.ID)
			}
		} else {
			gv.Hex = hex.Hex{}
			gv.Token = ""
			gv.Available = gr.Removed < g.phaseStamp()
		}
		v.Gruppen = append(v.Gruppen, gv)
	}
}

// adjustGruppe is the fixture directives `gruppe N HEX UNIT...` and
// `gruppe-off N now|before` (see Adjust).
func (g *Game) adjustGruppe(f []string) error {
	if len(f) < 3 {
		return fmt.Errorf("%s: want a marker number and more", f[0])
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || n > g.gruppeMarkers() {
		return fmt.Errorf("%s: %q is not a marker number", f[0], f[1])
	}
	if f[0] == "gruppe-merge" {
		return g.mergeGruppe(n, f[2])
	}
	gr := g.gruppe(n)
	if gr == nil {
		gr = &Gruppe{N: n}
		g.Hidden.Gruppen = append(g.Hidden.Gruppen, gr)
		sort.Slice(g.Hidden.Gruppen, func(i, j int) bool { return g.Hidden.Gruppen[i].N < g.Hidden.Gruppen[j].N })
	}
	if f[0] == "gruppe-off" {
		gr.OnMap, gr.Units = false, nil
		switch f[2] {
		case "now":
			gr.Removed = g.phaseStamp()
		case "before":
			gr.Removed = g.phaseStamp() - 1
		default:
			return fmt.Errorf("gruppe-off: want now or before, not %q", f[2])
		}
		return nil
	}
	h, err := hex.Parse(f[2])
	if err != nil {
		return err
	}
	g.Hidden.Seq++
	gr.OnMap, gr.Hex, gr.Units, gr.Token = true, h, nil, fmt.Sprintf("M%d", g.Hidden.Seq)
	for _, id := range f[3:] {
		u := g.units[id]
		if u == nil || u.Side() != hiddenSide || !u.OnMap() || u.Hex != h {
			return fmt.Errorf("gruppe: %s is not a German unit on the map in %s", id, h)
		}
		if o := g.gruppeOf(u); o != nil {
			o.drop(id)
		}
		gr.add(id)
	}
	g.changed()
	return nil
}

// mergeGruppe moves every unit of on-map Gruppe n under on-map Gruppe
// into, leaving n a dummy where it stands: a change of what the markers
// hide that leaves the markers as they are (the leak tests use it).
func (g *Game) mergeGruppe(n int, into string) error {
	m, err := strconv.Atoi(into)
	from, to := g.gruppe(n), g.gruppe(m)
	if err != nil || from == nil || to == nil || !from.OnMap || !to.OnMap || n == m {
		return fmt.Errorf("gruppe-merge: want two different Gruppen on the map, not %d and %q", n, into)
	}
	for _, id := range append([]string(nil), from.Units...) {
		from.drop(id)
		g.place(g.units[id], to.Hex)
		to.add(id)
	}
	g.changed()
	return nil
}
