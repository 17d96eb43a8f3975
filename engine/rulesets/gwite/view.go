package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// View is what one side may know of a game of this system. Under the
// standard rules every unit on the map is in plain sight; what a side
// may not see (its opponent's standing orders, pending reinforcements)
// is left out. Reports and maps are drawn from it.
type View struct {
	For     engine.Side
	Win     engine.Window
	Turn    int
	VP      int
	Level   string
	Map     *scenario.Map `json:"-"` // the game data's, public
	Units   []UnitView    // on the map, both sides; own units also off it
	Forts   []FortView
	Own     *Standing // the viewing side's standing orders
	RailCap int       // the viewing side's rail capacity this turn
	// T 18 (t18.go): the Russian sees the Gruppe markers on the map, not
	// the units inside them; the German sees his Gruppen whole.
	Markers []MarkerView `json:",omitempty"`
	Gruppen []GruppeView `json:",omitempty"`
	// Ghosts, under limited fog: the enemy units and markers the side saw
	// and sees no more, where and when it last saw them (fog.go).
	Ghosts []GhostView `json:",omitempty"`
	// Vacated is the hexes in sight that the enemy cavalry withdrew from
	// in the phase just before, which the side may occupy (std 12.16).
	Vacated []hex.Hex `json:",omitempty"`
	// WestFront is, for the side the West Front reinforcements belong
	// to, where its own request stands (T 19.14, 19.21, 19.22): so that
	// the acknowledgement foresees HL-8 replacing von Prittwitz as the
	// Movement Phase opens. Nil for the other side.
	WestFront *Exclusive `json:",omitempty"`
	// Held is the hexes each side was the last to stand in or pass
	// through (std 5.33, 9.15, T 21.12), as far as the viewer knows them:
	// all of its own; the enemy's in sight, unless the enemy moves under
	// Gruppe markers (T 18), whose dummies leave no mark.
	Held []HeldView `json:",omitempty"`

	// The public game data the view is drawn on, and where the game
	// stands in its sequence of play, for Sandbox.
	data      *scenario.Game
	scen      *scenario.Scenario
	opt       engine.Options
	step      int
	setupDone bool
	over      bool
	steps     *stepTable
	sight     map[hex.Hex]bool // nil: everything in sight
}

// UnitView is a unit as a side sees it.
type UnitView struct {
	ID        string
	Side      engine.Side
	Type      scenario.UnitType
	Size      scenario.Size
	Name      string
	Parent    string
	Loc       LocKind
	Hex       hex.Hex
	Steps     int
	MaxSteps  int
	Strength  scenario.Strength
	HQ        scenario.HQValues
	Heroic    bool `json:",omitempty"` // an HQ whose combat strength also attacks (std 10.12)
	Entrained bool
	SP        int
	TCR       int
	Arrive    int    // own reinforcements: due turn
	Entry     string // own reinforcements: entry letter
	Gruppe    int    // own units: the Gruppe it is in, 0 if none (T 18)
	// Own units: moved by rail this player-turn, so that only TCR 1 may
	// attack (std 5.34).
	UsedRail bool `json:",omitempty"`
	// The markers a player sees on a counter, his own or the enemy's
	// (digest 7.2): out of supply at its side's last determination
	// (std 9.11), out of command for this phase's movement or combat
	// (std 10.41, 10.42).
	OutOfSupply  bool `json:",omitempty"`
	OutOfCommand bool `json:",omitempty"`
}

// HeldView is a hex and the side last in it.
type HeldView struct {
	Hex  hex.Hex
	Side engine.Side
}

// FortView is a fortress as both sides see it.
type FortView struct {
	Hex       hex.Hex
	Name      string
	Owner     engine.Side
	StepsLeft int
	Defense   int
}

// Sees reports whether the viewing side sees hex h (always, but under
// limited fog).
func (v *View) Sees(h hex.Hex) bool { return v.sight == nil || v.sight[h] }

// Side implements engine.View.
func (v *View) Side() engine.Side { return v.For }

// Window implements engine.View.
func (v *View) Window() engine.Window { return v.Win }

// View implements engine.State.
func (g *Game) View(side engine.Side) engine.View {
	v := &View{For: side, Win: g.Window(), Turn: g.Turn, VP: g.VP, Level: g.VictoryLevel(), Map: g.Map(),
		RailCap: g.railCapacity(side), data: g.data, scen: g.scen, opt: g.opt,
		step: g.Step, setupDone: g.SetupDone, over: g.Over, steps: g.steps()}
	sight := g.sight(side)
	v.sight = sight
	visible := map[string]bool{}
	for _, u := range g.Units {
		// The moderator (side "") and an open game see every unit as its
		// owner does.
		own := u.Side() == side || side == engine.Moderator || g.openFog()
		if !own && u.Loc != OnMap {
			continue
		}
		if u.Loc == Eliminated && !own {
			continue
		}
		if !own && g.hidden(u) {
			continue // T 18, digest 7.2: under a Gruppe marker
		}
		if !own && !sees(sight, u.Hex) {
			continue // limited fog: out of sight
		}
		visible[u.ID] = true
		uv := UnitView{ID: u.ID, Side: u.Side(), Type: u.Data.Type, Size: u.Data.Size, Name: u.Data.Name,
			Parent: u.Data.Parent, Loc: u.Loc, Hex: u.Hex, Steps: u.Steps(), MaxSteps: u.Data.Steps,
			Strength: u.Strength(), HQ: u.HQ(), Heroic: u.Data.Attrs.Flag("heroic"), Entrained: u.Entrained, SP: u.SP(), TCR: u.TCR(),
			OutOfSupply: u.OutOfSupply && u.OnMap(), OutOfCommand: (u.OCCMove || u.OCCCombat) && u.OnMap()}
		if own {
			uv.Arrive, uv.Entry, uv.UsedRail = u.ArriveTurn, u.Entry, u.UsedRail
			if gr := g.gruppeOf(u); gr != nil && u.OnMap() {
				uv.Gruppe = gr.N
			}
		}
		v.Units = append(v.Units, uv)
	}
	for _, f := range g.Forts {
		v.Forts = append(v.Forts, FortView{Hex: f.Data.Hex, Name: f.Data.Name, Owner: f.Data.Owner,
			StepsLeft: f.Steps(), Defense: f.Defense()})
	}
	if st := g.Standing[side]; st != nil {
		v.Own = st.clone()
	}
	g.gruppeViews(v) // T 18
	for _, h := range g.Vacated {
		if sees(sight, h) {
			v.Vacated = append(v.Vacated, h)
		}
	}
	if sight != nil {
		markers := v.Markers[:0]
		for _, m := range v.Markers {
			if sees(sight, m.Hex) {
				markers = append(markers, m)
				visible["marker "+m.Token] = true
			}
		}
		v.Markers = markers
		v.Ghosts = g.ghosts(side, visible)
	}
	g.heldViews(v, sight)
	if side == engine.Moderator || side == g.westFrontSide() {
		v.WestFront = &Exclusive{WFTurn: g.Excl.WFTurn, RollingStopped: g.Excl.RollingStopped, HLDone: g.Excl.HLDone, WFScored: g.Excl.WFScored}
	}
	return v
}

// heldViews tells v's side who last held each hex, as far as it knows
// (View.Held).
func (g *Game) heldViews(v *View, sight map[hex.Hex]bool) {
	gruppen := g.gruppeMarkers() > 0
	for _, h := range hex.SortedKeys(g.LastOcc) {
		s := g.LastOcc[h]
		known := s == v.For || v.For == engine.Moderator || g.openFog() ||
			(sees(sight, h) && !(s == hiddenSide && gruppen))
		if known {
			v.Held = append(v.Held, HeldView{Hex: h, Side: s})
		}
	}
}

// westFrontSide is the side the West Front reinforcements belong to, ""
// in a game without them.
func (g *Game) westFrontSide() engine.Side {
	for _, u := range g.Units {
		if westFront(u.Data) {
			return u.Side()
		}
	}
	return ""
}

// Validate implements engine.State: each order's verb must belong to the
// open window (or be a standing order) and name the side's own units and
// hexes on the map, and a standing order must be one the side may give.
// Resolution refuses these orders for these very reasons (Resolve), so
// that what the acknowledgement refuses is refused, and why. Whether a move
// is possible is decided when the window is resolved, against the state of
// that moment.
func (g *Game) Validate(side engine.Side, orders []engine.Order) []engine.Problem {
	var out []engine.Problem
	w := g.Window()
	kind, seq := "", "std 4.0"
	if !g.Over {
		kind = g.phase().kind
	}
	if !g.SetupDone {
		kind, seq = kindSetup, "T 18.23"
	}
	for _, o := range orders {
		bad := func(rule, reason string) {
			out = append(out, engine.Problem{Line: o.Line, Order: o.String(), Reason: reason, Case: rule})
		}
		before := len(out)
		v := verbByName(o.Verb)
		switch {
		case v == nil:
			bad("", "unknown verb "+o.Verb)
			continue
		case isStanding(o.Verb):
		case !submits(w, side):
			bad(seq, string(side)+" gives no orders in the "+w.Name)
			continue
		case kind == kindSetup && (o.Verb == "gruppe" || o.Verb == "leave" || o.Verb == "remove"):
		case !accepts(kind, o.Verb):
			bad(seq, o.Verb+" orders are not given in the "+w.Name)
			continue
		case v.Only != "" && v.Only != side:
			bad(v.Case, "only "+string(v.Only)+" gives "+o.Verb+" orders")
			continue
		}
		for _, c := range o.Clauses {
			var spec *engine.ClauseSpec
			for i := range v.Clauses {
				if v.Clauses[i].Keyword == c.Keyword {
					spec = &v.Clauses[i]
				}
			}
			if spec == nil {
				continue
			}
			for _, wd := range c.Words {
				switch spec.Kind {
				case engine.UnitID:
					if o.Verb == "move" && g.gruppeRef(side, wd.Text) {
						continue // T 18.31: `move GN ...` moves Gruppe N
					}
					if u := g.units[wd.Text]; u == nil || u.Side() != side {
						bad("", wd.Text+" is not one of your units")
					}
				case engine.HexID:
					h, err := hex.Parse(wd.Text)
					if err != nil || !g.Map().Grid.Contains(h) {
						bad("", wd.Text+" is not a hex of the map")
					}
				}
			}
		}
		if len(out) == before && isStanding(o.Verb) {
			out = append(out, g.standingProblems(side, o)...)
		}
	}
	return out
}

// standingProblems is why standing order o of side would be refused when
// it is taken (applyStanding), tried on a copy of the game that keeps
// nothing of it.
func (g *Game) standingProblems(side engine.Side, o engine.Order) []engine.Problem {
	scratch := *g
	scratch.Standing = map[engine.Side]*Standing{}
	l := &log{}
	scratch.applyStanding(side, o, l)
	var out []engine.Problem
	for _, e := range l.events {
		if rj, ok := e.(*engine.Rejected); ok {
			out = append(out, rj.Problem)
		}
	}
	return out
}
