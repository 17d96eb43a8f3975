package gwite

import (
	"maps"
	"slices"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Fog of war beyond the rulebook's. The rulebook's own hidden information
// (T 18's Gruppen) is always kept from the other side. The game option
// fog-limited also hides every enemy unit and Gruppe marker farther than a
// side's units can see: the sighting range of the game data ("sight",
// default 2 hexes; "sight-cavalry" for a cavalry unit, default 3). What is
// in sight is shown as a face-to-face player would see it. Each side keeps
// where and when it last saw each enemy unit and marker it no longer
// sees: the ghosts of its View.
const optFogLimited = "fog-limited"

// optFogOpen plays the game face up: nothing is hidden from anyone, not
// even what the rulebook hides (a teaching or solitaire game).
const optFogOpen = "fog-open"

// openFog reports whether the game is played face up.
func (g *Game) openFog() bool { return g.opt[optFogOpen] }

// Sighting is where and when a side last saw an enemy unit or marker.
type Sighting struct {
	Hex    hex.Hex
	Turn   int
	Window string // the window that was open when it was seen
	Steps  int    `json:",omitempty"` // a unit's steps as seen
	// What the counter showed: the unit's side, type and size.
	Side engine.Side       `json:",omitempty"`
	Type scenario.UnitType `json:",omitempty"`
	Size scenario.Size     `json:",omitempty"`
}

// GhostView is an enemy unit or Gruppe marker a side saw and no longer
// sees, where and when it last saw it.
type GhostView struct {
	ID     string // a unit id, or "marker TOKEN"
	Hex    hex.Hex
	Turn   int
	Window string
	Steps  int               `json:",omitempty"`
	Side   engine.Side       `json:",omitempty"`
	Type   scenario.UnitType `json:",omitempty"`
	Size   scenario.Size     `json:",omitempty"`
}

// limitedFog reports whether the game hides what a side's units cannot
// see.
func (g *Game) limitedFog() bool { return g.opt[optFogLimited] }

// sight is what side's units can see now: every hex within the sighting
// range of one of its units on the map. Nil means everything (no
// limited fog).
func (g *Game) sight(side engine.Side) map[hex.Hex]bool {
	if !g.limitedFog() || side == engine.Moderator || g.openFog() {
		return nil
	}
	grid := g.Map().Grid
	near, cav := g.param("sight", 2), g.param("sight-cavalry", 3)
	out := map[hex.Hex]bool{}
	for _, u := range g.Units {
		if u.Side() != side || !u.OnMap() {
			continue
		}
		r := near
		if u.Data.Type == scenario.Cavalry {
			r = cav
		}
		for d := 0; d <= r; d++ {
			for _, h := range grid.Ring(u.Hex, d) {
				if grid.Contains(h) {
					out[h] = true
				}
			}
		}
	}
	return out
}

// sees reports whether side, with sight as computed by sight, sees h.
func sees(sight map[hex.Hex]bool, h hex.Hex) bool { return sight == nil || sight[h] }

// recordSightings notes, for each side, every enemy unit and marker it
// sees now, and forgets the units it saw eliminated: called after every
// resolution, so the ghosts of the next Views are up to date.
func (g *Game) recordSightings(events []engine.Event) {
	if !g.limitedFog() {
		return
	}
	if g.Seen == nil {
		g.Seen = map[engine.Side]map[string]Sighting{}
	}
	w := g.Window().ID
	for _, side := range g.sortedSides() {
		seen := g.Seen[side]
		if seen == nil {
			seen = map[string]Sighting{}
			g.Seen[side] = seen
		}
		for _, e := range events {
			inner := e
			if s, ok := e.(*screened); ok {
				inner = s.Event
			}
			if s, ok := inner.(*StepLoss); ok && s.Eliminated && engine.Visible(e, side) {
				delete(seen, s.Unit)
			}
		}
		sight := g.sight(side)
		for _, u := range g.Units {
			if u.Side() == side || !u.OnMap() || g.hidden(u) || !sees(sight, u.Hex) {
				continue
			}
			seen[u.ID] = Sighting{Hex: u.Hex, Turn: g.Turn, Window: w, Steps: u.Steps(), Side: u.Side(), Type: u.Data.Type, Size: u.Data.Size}
		}
		if side != hiddenSide {
			for _, gr := range g.onMapGruppen() {
				if sees(sight, gr.Hex) {
					seen["marker "+gr.Token] = Sighting{Hex: gr.Hex, Turn: g.Turn, Window: w, Side: hiddenSide}
				}
			}
		}
	}
}

// ghosts lists side's sightings of what it does not see now, by id.
func (g *Game) ghosts(side engine.Side, visible map[string]bool) []GhostView {
	var out []GhostView
	seen := g.Seen[side]
	for _, id := range slices.Sorted(maps.Keys(seen)) {
		if visible[id] {
			continue
		}
		s := seen[id]
		out = append(out, GhostView{ID: id, Hex: s.Hex, Turn: s.Turn, Window: s.Window, Steps: s.Steps, Side: s.Side, Type: s.Type, Size: s.Size})
	}
	return out
}

// fog filters every event as it is logged: the rulebook's (fogEvent, T 18),
// then limited fog's (screen). A refused order is its writer's alone and
// always reaches it (ownRejection).
func (g *Game) fog(e engine.Event) []engine.Event {
	if rj, ok := e.(*engine.Rejected); ok {
		return []engine.Event{g.ownRejection(rj)}
	}
	var out []engine.Event
	for _, x := range g.fogEvent(e) {
		out = append(out, g.screen(x)...)
	}
	return out
}

// screened is an event some side may not see under limited fog: it names
// a unit of the other side that the side cannot see at that instant.
type screened struct {
	engine.Event
	seen []engine.Side
}

// Audience implements engine.Event.
func (s *screened) Audience() []engine.Side { return s.seen }

// Unwrap gives the event screened.
func (s *screened) Unwrap() engine.Event { return s.Event }

// screen is limited fog applied to an event as it is logged (after the
// T 18 fog): a side that may see the event, but not a unit of the other
// side it names, loses it. A unit's move is seen if any hex of its path
// is in sight; a combat always is, its units being next to each other.
func (g *Game) screen(e engine.Event) []engine.Event {
	if !g.limitedFog() {
		return []engine.Event{e}
	}
	if _, ok := e.(*Combat); ok {
		return []engine.Event{e}
	}
	seen := []engine.Side{} // never nil: a nil audience is everyone
	var glimpses []engine.Event
	blind := false
	for _, side := range g.sortedSides() {
		if !engine.Visible(e, side) {
			continue
		}
		if part := g.glimpse(e, side); part != nil {
			blind = true
			glimpses = append(glimpses, &screened{part, []engine.Side{side}})
			continue
		}
		if g.blindTo(e, side) {
			blind = true
			continue
		}
		seen = append(seen, side)
	}
	if !blind {
		return []engine.Event{e}
	}
	if len(glimpses) > 0 {
		return append([]engine.Event{&screened{e, seen}}, glimpses...)
	}
	switch x := e.(type) {
	case *engine.Roll:
		// A roll kept from a side comes from the private dice of the
		// side that sees it (log.roll), so that the public rolls after it
		// do not shift and tell of it (as T 18.35 does for Gruppen).
		x.Seen = seen
		return []engine.Event{x}
	case *engine.Note:
		x.Seen = seen
		return []engine.Event{x}
	}
	return []engine.Event{&screened{e, seen}}
}

// blindTo reports whether event e names a unit of side's enemy that side
// cannot see now.
func (g *Game) blindTo(e engine.Event, side engine.Side) bool {
	sight := g.sight(side)
	if m, ok := e.(*Moved); ok {
		u := g.units[m.Unit]
		if u == nil || u.Side() == side {
			return false
		}
		for _, h := range m.Path {
			if sight[h] {
				return false
			}
		}
		return true
	}
	if m, ok := e.(*MarkerMoved); ok {
		if m.For != side {
			return false
		}
		for _, h := range m.Path {
			if sight[h] {
				return false
			}
		}
		return side != hiddenSide
	}
	text := e.String()
	for _, u := range g.Units {
		if u.Side() == side || !mentions(text, u.ID) {
			continue
		}
		if !u.OnMap() || !sight[u.Hex] {
			return true
		}
	}
	if side != hiddenSide {
		// A Gruppe marker is named by its token: one placed, moved or
		// taken off out of sight is not seen either.
		for _, gr := range g.Hidden.Gruppen {
			if gr.Token != "" && mentions(text, gr.Token) && !sight[gr.Hex] {
				return true
			}
		}
	}
	return false
}

// glimpse is the part of an enemy move (of a unit, or of a Gruppe marker
// as the Russian sees it) that side sees when it sees only part of it: the
// path from the first hex in its sight to the last, without the MP spent
// or the notes, which would tell of the rest. It is nil when e is no such
// move, or side sees all of it or none of it.
func (g *Game) glimpse(e engine.Event, side engine.Side) engine.Event {
	var path []hex.Hex
	switch m := e.(type) {
	case *Moved:
		if u := g.units[m.Unit]; u == nil || u.Side() == side {
			return nil
		}
		path = m.Path
	case *MarkerMoved:
		if m.For != side || side == hiddenSide {
			return nil
		}
		path = m.Path
	default:
		return nil
	}
	sight := g.sight(side)
	first, last := -1, -1
	for i, h := range path {
		if sight[h] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 || (first == 0 && last == len(path)-1) {
		return nil
	}
	part := append([]hex.Hex(nil), path[first:last+1]...)
	if m, ok := e.(*Moved); ok {
		return &Moved{Unit: m.Unit, Side: m.Side, Path: part, Rail: m.Rail, Rule: m.Rule, Glimpse: true}
	}
	m := e.(*MarkerMoved)
	return &MarkerMoved{For: m.For, Token: m.Token, Path: part, Glimpse: true}
}

// ownRejection is a refused order as its writer gets it. Only the writer
// sees it (engine.Rejected), and the order is the writer's own words, so
// neither the fog of T 18 nor limited fog may take it away: the player
// must learn that the order was refused, and why, as the acknowledgement
// told it. Only the reason is screened: an enemy unit the order does not
// name and the writer may not know of (in a Gruppe box, T 18.1; out of
// sight under limited fog) is not named.
func (g *Game) ownRejection(rj *engine.Rejected) *engine.Rejected {
	reason := rj.Problem.Reason
	hidden := map[string]bool{}
	if rj.Side != hiddenSide && !g.openFog() {
		for _, id := range g.hiddenIDs() {
			hidden[id] = true
		}
	}
	sight := g.sight(rj.Side)
	for _, u := range g.Units {
		if u.Side() == rj.Side || !mentions(reason, u.ID) || mentions(rj.Problem.Order, u.ID) {
			continue
		}
		switch {
		case hidden[u.ID]:
			reason = replaceWord(reason, u.ID, "a hidden German unit")
		case sight != nil && (!u.OnMap() || !sight[u.Hex]):
			reason = replaceWord(reason, u.ID, "an enemy unit out of sight")
		}
	}
	if reason == rj.Problem.Reason {
		return rj
	}
	c := *rj
	c.Problem.Reason = reason
	return &c
}
