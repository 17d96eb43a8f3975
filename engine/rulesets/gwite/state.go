// Package gwite is the SPI Great War in the East standard rules (1978),
// with the values each game's exclusive rules set (Tannenberg: T 15.0). It
// registers as the "gwite" rules system.
//
// Case numbers in comments are standard-rules cases ("std 8.63") or
// Tannenberg cases ("T 16.11", "T[5.41]" for an entry of the T 15.0 list);
// AMB-nn are the rulings of the Tannenberg digest, collected in rulings.go
// and docs/rulings.md.
package gwite

import (
	"maps"
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Side constants of the two-player games of this system.
const (
	RU engine.Side = "RU"
	DE engine.Side = "DE"
)

// LocKind says where a unit is.
type LocKind int

const (
	NotArrived LocKind = iota // a reinforcement not yet due or held (std 14.24)
	OnMap
	OffMap     // moving by off-map rail (std 5.37-5.38)
	Eliminated // removed from play
	Held       // in play but entering by a rule, not on a fixed turn (T 19)
)

// Unit is one counter's changing state. Static values come from Data.
type Unit struct {
	ID        string
	Data      *scenario.Unit `json:"-"`
	Loc       LocKind
	Hex       hex.Hex
	StepsLost int // 0..Steps-1; corps markers are steps (std 8.53)
	Entrained bool
	// OffMap progress (std 5.38, AMB-24).
	OffMapTo       hex.Hex
	OffMapProgress int
	// Arrival schedule (std 14.0); EntryHex replaces the lettered hex
	// after a blocked entry (std 14.22).
	ArriveTurn int
	Entry      string
	EntryHex   hex.Hex

	// Per-phase flags, cleared when their phase ends.
	OCCMove      bool // out of command for movement (std 10.41)
	OCCCombat    bool // out of command for combat (std 10.42)
	MPSpent      int  // std 5.14
	Moved        bool // spent MP or moved this Movement Phase (std 13.0 #3)
	UsedRail     bool // moved by rail this phase (std 5.34)
	RailHexes    int  // rail hexes used of the rate this phase (std 5.31)
	EntrainFail  bool // failed its entrainment roll: its move has ended (T 16.11)
	OffMapCost   int  // the off-map link's cost, while travelling (std 5.37)
	Attacked     bool // has attacked this Combat Phase (std 8.14)
	Defended     bool // has been attacked this Combat Phase (std 8.14)
	RetreatedIn  bool // retreated into a friendly-occupied hex this phase (std 8.66)
	WithdrewIn   bool // cavalry that withdrew into a friendly-occupied hex (std 12.17)
	Withdrew     bool // withdrew successfully and ended outside EZOC (std 12.15, AMB-69)
	FeedingOff   bool // draws supply from the fortress or trench it stands in (std 11.22)
	AllocatedTo  string
	LastCombatGT int // last game-turn it attacked or defended (std 13.0 #2)
	PrevCombatGT int // the game-turn of its combat before LastCombatGT
	// OutOfSupply is the marker of its side's last supply determination
	// (std 9.11: the Initial Supply Determination and the Attrition
	// Segment), shown until the next one as a counter on the table would be.
	OutOfSupply bool `json:",omitempty"`
}

// Steps is how many steps the unit has left.
func (u *Unit) Steps() int { return u.Data.Steps - u.StepsLost }

// Strength is the unit's printed values in its current step state.
func (u *Unit) Strength() scenario.Strength {
	if len(u.Data.Str) == 0 {
		return scenario.Strength{}
	}
	i := u.StepsLost
	if i >= len(u.Data.Str) {
		i = len(u.Data.Str) - 1
	}
	return u.Data.Str[i]
}

// HQ returns the HQ's values on its current side (std 10.54).
func (u *Unit) HQ() scenario.HQValues {
	if len(u.Data.HQ) == 0 {
		return scenario.HQValues{}
	}
	i := u.StepsLost
	if i >= len(u.Data.HQ) {
		i = len(u.Data.HQ) - 1
	}
	return u.Data.HQ[i]
}

// IsHQ reports whether the unit is an HQ.
func (u *Unit) IsHQ() bool { return u.Data.Type == scenario.HQ }

// Side is the unit's side.
func (u *Unit) Side() engine.Side { return u.Data.Side }

// TCR is the unit's Tactical Competence Rating (std 2.4, T[3.4]).
func (u *Unit) TCR() int {
	if u.Data.TCR > 0 {
		return u.Data.TCR
	}
	return sideTCR(u.Side())
}

// MA is the printed movement allowance in the current step state.
func (u *Unit) MA() int {
	if u.IsHQ() {
		return u.Data.MA
	}
	return u.Strength().MA
}

// SP is the unit's stacking points (std 6.11, 6.16).
func (u *Unit) SP() int { return u.Data.SP }

// OnMap reports whether the unit stands on the map.
func (u *Unit) OnMap() bool { return u.Loc == OnMap }

// IsCombat reports whether the unit is a combat unit: not an HQ.
func (u *Unit) IsCombat() bool { return !u.IsHQ() }

// Fort is a fortress's changing state (std 11.0).
type Fort struct {
	Data      *scenario.Fortress `json:"-"`
	StepsLost int                // 4 = destroyed (std 11.14)
}

// Destroyed reports whether the fortress has lost all its steps.
func (f *Fort) Destroyed() bool { return f.StepsLost >= f.Data.Steps }

// Steps is the fortress steps left (std 11.13).
func (f *Fort) Steps() int { return f.Data.Steps - f.StepsLost }

// Defense is the fortress's current strength (std 11.14).
func (f *Fort) Defense() int {
	if f.Destroyed() {
		return 0
	}
	if f.StepsLost >= 2 {
		return f.Data.Weak
	}
	return f.Data.Full
}

// Game is the state of one game of this system. It is a value: Resolve
// works on a copy.
type Game struct {
	data *scenario.Game
	scen *scenario.Scenario
	opt  engine.Options

	Turn      int
	Step      int  // index into the window sequence of a game-turn
	SetupDone bool // the hidden set-up is over, or the game has none (T 18.23)
	Over      bool
	VP        int // net, from the Russian point of view (T 21)
	Units     []*Unit
	Forts     []*Fort
	LastOcc   map[hex.Hex]engine.Side // std 5.33, 9.15, AMB-68
	// RailUsed is the stacking points moved by rail this Movement Phase
	// (std 5.31).
	RailUsed int
	Standing map[engine.Side]*Standing
	// Vacated lists the hexes enemy cavalry withdrew from in the Cavalry
	// Withdrawal Phase just before this Combat Phase (std 12.16); cleared
	// when the Combat Phase ends.
	Vacated []hex.Hex
	// Replace lists the units side named with `replace` in its Movement
	// Phase, tried in its Replacement Phase (std 13.0, digest 002 P7).
	Replace map[engine.Side][]string
	// Hidden is the German Gruppe markers and their boxes (T 18, t18.go).
	Hidden Hidden
	// Excl is the state of the Tannenberg exclusive rules T 19-21.
	Excl Exclusive
	// Seen is, under limited fog, where and when each side last saw each
	// enemy unit and Gruppe marker (fog.go).
	Seen map[engine.Side]map[string]Sighting `json:",omitempty"`

	units map[string]*Unit
	forts map[hex.Hex]*Fort
	at    map[hex.Hex][]*Unit // units on the map by hex, in unit order
	// zocCache holds each side's zone of control, dropped whenever a unit
	// moves or changes what it projects.
	zocCache map[engine.Side]map[hex.Hex]bool
	// supplyNets holds each side's supply sources for the current unit
	// positions, dropped with zocCache.
	supplyNets map[engine.Side]*supplyNet
	// net is each country's rail adjacency, built once from the static map
	// and shared by every copy of the state.
	net map[engine.Side]map[hex.Hex][]hex.Hex
	// Within one phase only: who was out of supply when the Movement Phase
	// began (std 9.21), and who has been counted against rail capacity.
	oosAtStart map[string]bool
	railMoved  map[string]bool
	railHeld   map[string]bool         // entrained units yet to count (railcap.go)
	entries    map[string]*entryChoice // the phase's `enter` orders (entry.go)
	railLoad   map[lineSide]int        // SP carried per line and hexside (T 16.2)
	// stepTab is the map's part of every move's cost (steps.go), built
	// once and shared by every copy of the state.
	stepTab *stepTable
	// tabs is the charts the game plays with (charts.go), read once from
	// the static data and shared by every copy of the state.
	tabs *ruleTables
	// evlog is the log of the resolution under way, for the T 18 reveals
	// that happen inside place (t18.go); nil between resolutions.
	evlog *log
}

// Data returns the static game data.
func (g *Game) Data() *scenario.Game { return g.data }

// Scenario returns the scenario the game was started from.
func (g *Game) Scenario() *scenario.Scenario { return g.scen }

// Options returns the options the game was started with.
func (g *Game) Options() engine.Options { return g.opt }

// Map returns the static map.
func (g *Game) Map() *scenario.Map { return g.data.Map }

// Unit returns a unit by id, or nil.
func (g *Game) Unit(id string) *Unit { return g.units[id] }

// Fort returns the fortress at h, or nil.
func (g *Game) Fort(h hex.Hex) *Fort { return g.forts[h] }

// clone copies the whole changing state; the static data is shared.
func (g *Game) clone() *Game {
	c := *g
	c.Units = make([]*Unit, len(g.Units))
	c.units = make(map[string]*Unit, len(g.Units))
	for i, u := range g.Units {
		cu := *u
		c.Units[i] = &cu
		c.units[cu.ID] = &cu
	}
	c.Forts = make([]*Fort, len(g.Forts))
	c.forts = make(map[hex.Hex]*Fort, len(g.Forts))
	for i, f := range g.Forts {
		cf := *f
		c.Forts[i] = &cf
		c.forts[cf.Data.Hex] = &cf
	}
	c.LastOcc = make(map[hex.Hex]engine.Side, len(g.LastOcc))
	for h, s := range g.LastOcc {
		c.LastOcc[h] = s
	}
	c.Vacated = append([]hex.Hex(nil), g.Vacated...)
	c.Replace = make(map[engine.Side][]string, len(g.Replace))
	for s, ids := range g.Replace {
		c.Replace[s] = append([]string(nil), ids...)
	}
	c.Excl = g.Excl.clone()
	c.Hidden = g.Hidden.clone() // T 18
	if g.Seen != nil {
		c.Seen = make(map[engine.Side]map[string]Sighting, len(g.Seen))
		for side, m := range g.Seen {
			c.Seen[side] = maps.Clone(m)
		}
	}
	c.evlog = nil
	c.Standing = make(map[engine.Side]*Standing, len(g.Standing))
	for s, st := range g.Standing {
		c.Standing[s] = st.clone()
	}
	c.reindex()
	c.zocCache, c.supplyNets = nil, nil
	c.oosAtStart, c.railMoved, c.railHeld, c.railLoad, c.entries = nil, nil, nil, nil, nil
	return &c
}

// reindex rebuilds the by-hex index from the units.
func (g *Game) reindex() {
	g.at = map[hex.Hex][]*Unit{}
	for _, u := range g.Units {
		if u.Loc == OnMap {
			g.at[u.Hex] = append(g.at[u.Hex], u)
		}
	}
}

// place puts u on the map at h (it may already be on the map elsewhere).
func (g *Game) place(u *Unit, h hex.Hex) {
	g.lift(u)
	u.Loc, u.Hex = OnMap, h
	g.moved(u)
	list := append(g.at[h], u)
	sortUnits(list)
	g.at[h] = list
	g.gruppePlaced(u, h) // T 18.41-18.42: Gruppen follow the move (t18.go)
}

// lift takes u off the by-hex index (its Loc is left to the caller).
func (g *Game) lift(u *Unit) {
	if u.Loc != OnMap {
		return
	}
	g.moved(u)
	list := g.at[u.Hex]
	for i, x := range list {
		if x == u {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(g.at, u.Hex)
	} else {
		g.at[u.Hex] = list
	}
}

// setLoc moves u off the map to loc (eliminated, off-map, held...).
func (g *Game) setLoc(u *Unit, loc LocKind) {
	g.lift(u)
	u.Loc = loc
	g.gruppeLifted(u, loc) // T 18: off the map, out of its Gruppe (t18.go)
}

// UnitsAt lists the units on the map in h, in unit order. The slice is
// the index's own: callers must not change it.
func (g *Game) UnitsAt(h hex.Hex) []*Unit { return g.at[h] }

// OnlyHQs reports whether h holds units of side and all of them are HQs
// (std 10.52: such a hex does not stop enemy movement, supply or
// retreat).
func (g *Game) OnlyHQs(h hex.Hex, side engine.Side) bool {
	any := false
	for _, u := range g.at[h] {
		if u.Side() == side {
			if !u.IsHQ() {
				return false
			}
			any = true
		}
	}
	return any
}

// blockedByEnemy reports whether h holds enemy units other than HQs alone
// (std 5.13, 9.14, 10.52).
func (g *Game) blockedByEnemy(h hex.Hex, side engine.Side) bool {
	e := enemy(side)
	return g.occupiedBy(h, e) && !g.OnlyHQs(h, e)
}

func (g *Game) occupiedBy(h hex.Hex, side engine.Side) bool {
	for _, u := range g.at[h] {
		if u.Side() == side {
			return true
		}
	}
	return false
}

// enemy returns the other side.
// Enemy is the side s fights.
func Enemy(s engine.Side) engine.Side { return enemy(s) }

func enemy(s engine.Side) engine.Side {
	if s == RU {
		return DE
	}
	return RU
}

// sortUnits orders units by id: the order in which anything done to
// several units happens unless a rule says otherwise.
func sortUnits(us []*Unit) {
	sort.Slice(us, func(i, j int) bool { return us[i].ID < us[j].ID })
}
