// Package scenario holds a game's static data: the map, the order of battle,
// the turn track, rule parameters and the scenarios (set-ups and
// reinforcement schedules), parsed from the line-oriented text format of
// docs/scenarios.md, and the checks that make the data trustworthy.
//
// Every value carries its Source: a rulebook case, or a note saying how it
// was authored where the rulebook is silent or illegible. The package is
// pure: Load takes file contents, never paths.
package scenario

import (
	"fmt"
	"sort"

	"pbem/engine/hex"
)

// SourceKind says where a value came from.
type SourceKind int

const (
	// Rulebook values come from the printed rules, charts or counter sheet.
	Rulebook SourceKind = iota + 1
	// Authored values were supplied by us where the rulebook text is lost
	// or silent; the note says from what.
	Authored
)

// Source is where a value came from: "rulebook:T20.0" or
// "authored:fitted to the T 20.0 anchors".
type Source struct {
	Kind SourceKind
	Ref  string // the case number, or the authoring note
	Pos  Pos
}

func (s Source) String() string {
	switch s.Kind {
	case Rulebook:
		return "rulebook:" + s.Ref
	case Authored:
		return "authored:" + s.Ref
	}
	return "unsourced"
}

// Side is a player side, such as RU or DE.
type Side string

// Terrain is the terrain filling a hex (std 5.4).
type Terrain byte

// Terrain types; the letters are the ones the map grid uses.
const (
	Clear  Terrain = '.'
	Forest Terrain = 'F'
	Broken Terrain = 'B'
	Swamp  Terrain = 'S'
	Lake   Terrain = 'L'
	Sea    Terrain = '~'
)

var terrainNames = map[Terrain]string{
	Clear: "clear", Forest: "forest", Broken: "broken", Swamp: "swamp", Lake: "lake", Sea: "sea",
}

func (t Terrain) String() string {
	if n, ok := terrainNames[t]; ok {
		return n
	}
	return fmt.Sprintf("terrain(%q)", byte(t))
}

// Water reports whether no unit may enter or stand in the hex, in the
// default vocabulary (std 5.4: lake and sea). Code that serves any game
// asks the map: Map.Impassable.
func (t Terrain) Water() bool { return t == Lake || t == Sea }

// SideClass is what lies along a hexside: the id of a hexside-type the
// data declares (vocab.go). The constants are the default vocabulary's
// (std 5.4), which Great War in the East reads.
type SideClass string

const (
	NoSide     SideClass = ""
	MinorRiver SideClass = "minor"   // +1 MP to cross; attackers across it halved
	MajorRiver SideClass = "major"   // as a minor river, and +2 to the die if every attacker crosses one
	Blocked    SideClass = "blocked" // no movement or attack across
)

var sideClassNames = map[SideClass]string{NoSide: "none", MinorRiver: "river", MajorRiver: "major river", Blocked: "blocked"}

// String is the default vocabulary's name of the class, or its id; the
// data's own name is Vocabulary.Hexside(c).Name.
func (c SideClass) String() string {
	if n, ok := sideClassNames[c]; ok {
		return n
	}
	return string(c)
}

// Hexside is what the data says about one hexside.
type Hexside struct {
	Side  hex.Side
	Class SideClass
	River string // the river's name, if any
	Src   Source
	Pos   Pos // the record that declared it
}

// Town is a town or city printed on the map (T 21.11, TEC City).
type Town struct {
	Hex  hex.Hex
	Name string
	City bool // City terrain: defender doubled, 1 MP (std 5.4)
	// VP is what the town is worth; who scores it, and when, is the rules
	// system's (gwite: per turn of Russian control, T 21.11). 0 if none.
	VP    int
	Attrs Attrs // declared attributes (attrs.go)
	Src   Source
}

// Fortress is a printed fortress (std 11.0).
type Fortress struct {
	Hex        hex.Hex
	Name       string
	Owner      Side
	Full, Weak int   // defense strengths: full, and after 2 steps lost (std 11.14)
	Steps      int   // std 11.13: 4
	Attrs      Attrs // declared attributes (attrs.go); gwite: vistula (T 21.2)
	Src        Source
}

// RailLine is a railway drawn through hex centres (std 5.3). Consecutive
// hexes are adjacent; the line crosses the hexside between them.
type RailLine struct {
	ID      string
	Name    string
	Country Side // whose rail it is (T[5.42])
	Double  bool // double track (optional T 16.2)
	Hexes   []hex.Hex
	HexPos  []Pos // where each hex was written
	Src     Source
}

// Exit is a map-edge hex where a rail line leaves the map (std 5.37, 9.13).
type Exit struct {
	Hex     hex.Hex
	Name    string // where the line goes off-map
	Country Side
	Src     Source
}

// OffMapLink joins two rail exits off the map at an MP cost (std 5.37-5.38).
type OffMapLink struct {
	From, To hex.Hex
	MP       int
	Src      Source
}

// Entry is a lettered entry hex for reinforcements (std 14.0).
type Entry struct {
	Letter string
	Hex    hex.Hex
	Side   Side
	Src    Source
}

// Map is the static map.
type Map struct {
	Grid       hex.Grid
	Projection hex.Projection
	terrain    []Terrain // row-major, index (row-1)*cols + col-1
	country    []Side
	TerrainSrc Source
	CountrySrc Source
	Overrides  map[hex.Hex]Source // per-hex corrections of the grids
	Towns      map[hex.Hex]*Town
	Fortresses map[hex.Hex]*Fortress
	Trenches   map[hex.Hex]Source
	Hexsides   map[hex.Side]*Hexside
	Rails      []*RailLine
	Exits      map[hex.Hex]*Exit
	OffMap     []*OffMapLink
	Entries    []*Entry
	ProjSrc    Source
	GridSrc    Source
	Regions    []*Region    // named hex sets (layers.go)
	Fronts     []*FrontLine // scenario front lines (layers.go)
	Layers     []*EdgeLayer // roads, railways and links as edges (layers.go)
	Boxes      []*Box       // boxes off the map, drawn in its margin (looks.go)

	vocab *Vocabulary // the game's terrains and hexside classes
}

// Vocab is the vocabulary of the map's game.
func (m *Map) Vocab() *Vocabulary {
	if m.vocab == nil {
		return DefaultVocabulary()
	}
	return m.vocab
}

// TerrainName is the declared name of terrain t.
func (m *Map) TerrainName(t Terrain) string {
	if d := m.Vocab().Terrain(t); d != nil {
		return d.Name
	}
	return t.String()
}

// Impassable reports whether h is on the map and no unit may enter it:
// its terrain is declared enter=no (the default vocabulary's lake and sea).
// Hexes off the map are not impassable by this test: the map edge is the
// caller's business.
func (m *Map) Impassable(h hex.Hex) bool {
	if !m.Grid.Contains(h) || len(m.terrain) == 0 {
		return false
	}
	d := m.Vocab().Terrain(m.Terrain(h))
	return d != nil && !d.Enter
}

// Crossable reports whether units may cross hexside s: nothing lies along
// it, or its class is declared cross=yes.
func (m *Map) Crossable(s hex.Side) bool {
	hs := m.Hexsides[s]
	if hs == nil {
		return true
	}
	d := m.Vocab().Hexside(hs.Class)
	return d == nil || d.Cross
}

func (m *Map) index(h hex.Hex) int { return m.Grid.Index(h) }

// Terrain returns the terrain of an on-map hex.
func (m *Map) Terrain(h hex.Hex) Terrain {
	if !m.Grid.Contains(h) || len(m.terrain) == 0 {
		return 0
	}
	return m.terrain[m.index(h)]
}

// Country returns whose territory an on-map hex is, or "" for water.
func (m *Map) Country(h hex.Hex) Side {
	if !m.Grid.Contains(h) || len(m.country) == 0 {
		return ""
	}
	return m.country[m.index(h)]
}

// Hexside returns the data for a hexside, or nil if nothing lies along it.
func (m *Map) Hexside(s hex.Side) *Hexside { return m.Hexsides[s] }

// RailSides returns, for every hexside some rail line crosses, the lines
// crossing it, with sides in order.
func (m *Map) RailSides() map[hex.Side][]*RailLine {
	out := map[hex.Side][]*RailLine{}
	for _, l := range m.Rails {
		for i := 1; i < len(l.Hexes); i++ {
			s, ok := m.Grid.SideBetween(l.Hexes[i-1], l.Hexes[i])
			if ok {
				out[s] = append(out[s], l)
			}
		}
	}
	return out
}

// SortedHexsides lists the hexside data in hexside order.
func (m *Map) SortedHexsides() []*Hexside {
	out := make([]*Hexside, 0, len(m.Hexsides))
	for _, s := range m.Hexsides {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return sideLess(out[i].Side, out[j].Side) })
	return out
}

func sideLess(a, b hex.Side) bool {
	if a.A != b.A {
		return a.A.Less(b.A)
	}
	return a.B.Less(b.B)
}

// SortedTowns lists the towns in hex order.
func (m *Map) SortedTowns() []*Town {
	out := make([]*Town, 0, len(m.Towns))
	for _, t := range m.Towns {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hex.Less(out[j].Hex) })
	return out
}

// SortedFortresses lists the fortresses in hex order.
func (m *Map) SortedFortresses() []*Fortress {
	out := make([]*Fortress, 0, len(m.Fortresses))
	for _, f := range m.Fortresses {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hex.Less(out[j].Hex) })
	return out
}

// SortedExits lists the rail exits in hex order.
func (m *Map) SortedExits() []*Exit {
	out := make([]*Exit, 0, len(m.Exits))
	for _, e := range m.Exits {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hex.Less(out[j].Hex) })
	return out
}

// UnitType is the branch of a counter (digest 002 4.1).
type UnitType string

const (
	Infantry  UnitType = "inf"
	Cavalry   UnitType = "cav"
	Artillery UnitType = "art"
	Depot     UnitType = "depot"
	HQ        UnitType = "hq"
)

// Size is the unit-size symbol (std 2.32).
type Size string

// Strength is a combat unit's printed values in one step state.
type Strength struct {
	Attack, Defense, MA int
}

func (s Strength) String() string { return fmt.Sprintf("%d-%d-%d", s.Attack, s.Defense, s.MA) }

// HQValues are an HQ's printed values on one side of the counter (std 10.1).
type HQValues struct {
	Shift, Command, Radius int // attack shift, command strength (SP), command radius (hexes)
	Combat                 int // combat strength
}

func (v HQValues) String() string {
	return fmt.Sprintf("%d-%d-%d (%d)", v.Shift, v.Command, v.Radius, v.Combat)
}

// Unit is one counter's static data.
type Unit struct {
	ID      string
	Side    Side
	Nation  string // a declared nation of Side (vocab.go)
	Type    UnitType
	Size    Size
	Name    string
	Parent  string     // formation id (army or corps), "" if none
	SP      int        // stacking points (std 6.11)
	Steps   int        // std 8.51-8.53
	Str     []Strength // per step state, full strength first; len == Steps (not for HQs)
	TCR     int
	HQLevel string            // army, corps or staff (HQs only)
	HQ      []HQValues        // front, then reduced side if it has one
	MA      int               // HQ movement allowance
	Attrs   Attrs             // declared attributes (attrs.go); gwite: wf (T 19.22), winter (T[2.3]), heroic (std 10.23)
	Src     map[string]Source // per field; "" is the record's default
	Pos     Pos
}

// Source returns the source of one field of the unit.
func (u *Unit) Source(field string) Source {
	if s, ok := u.Src[field]; ok {
		return s
	}
	return u.Src[""]
}

// IsHQ reports whether the unit is a headquarters.
func (u *Unit) IsHQ() bool { return u.Type == HQ }

// Formation is an army or corps that units belong to (T 17.12, 17.4).
type Formation struct {
	ID   string
	Side Side
	Kind string // army, corps
	Name string
	HQ   string // unit id of its HQ, if any
	Src  Source
	Pos  Pos
}

// Turn is one box of the turn track.
type Turn struct {
	N     int
	Date  string
	Attrs Attrs // declared attributes (attrs.go); gwite: rusrail (T[5.41])
	Src   Source
	Pos   Pos
}

// Param is a named rule parameter.
type Param struct {
	Name  string
	Value int
	Src   Source
	Pos   Pos
}

// VictoryLevel is one band of the final VP (T 21.3).
type VictoryLevel struct {
	Min   int // lowest net VP of the band
	Level string
	Src   Source
}

// Placement puts a unit on the map at the start, or schedules its arrival.
type Placement struct {
	Unit  string
	Hex   hex.Hex // set-up hex, if it starts on the map (found from At when given by town)
	At    string  // the town a set-up names with at=, if any
	Turn  int     // arrival turn, if a reinforcement
	Entry string  // entry letter for a reinforcement; "" where the rules place it
	Face  string  // the counter's face at the start: "" (its front), front or back
	// Zone is where a player-chosen set-up may go (deploy records), as the
	// rules system reads its fields, in the order written.
	Zone []Field
	Src  Source
	Pos  Pos
}

// Field is one key=value of a record, kept in the order written: the zone
// of a deploy record, which only the rules system gives a meaning to.
type Field struct {
	Key, Value string
	Pos        Pos
}

// Get returns the value of the first zone field named key and whether
// there is one.
func (pl *Placement) Get(key string) (string, bool) {
	for _, f := range pl.Zone {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

// Scenario is one of the rulebook's scenarios.
type Scenario struct {
	Name     string
	Title    string
	Case     string
	First    int
	Last     int
	StartVP  int          // vp=: the net VP the game starts at (gwite)
	Setup    []*Placement // units on the map at the start, in file order
	Arrivals []*Placement // scheduled reinforcements
	Held     []*Placement // units in play but not scheduled (variable arrivals)
	// Deploy are units their side places at the start within a zone;
	// Available are units in an Available box at the start.
	Deploy, Available []*Placement
	// VPs are the starting victory points per side (vp.SIDE=), for games
	// that score each side apart; DeployFirst the side that sets up first
	// (deploy-first=); Front the region of the scenario's front line
	// (front=). The rules system gives them meaning.
	VPs         map[Side]int
	DeployFirst Side
	Front       string
	Turns       []*Turn  // the scenario's own turn track, if it has one
	Params      []*Param // the scenario's own rule parameters
	Victory     []*VictoryLevel
	Src         Source
	Pos         Pos
	File        string
}

// Game is one game's whole data: a map, counters and its scenarios.
type Game struct {
	ID         string
	Title      string
	Rulebook   string
	System     string
	Sides      []Side
	SideNames  map[Side]string
	Vocab      *Vocabulary // terrains, hexside classes, unit types and sizes, nations
	Tables     []*Table    // tables typed into the data (table.go)
	Map        *Map
	Units      []*Unit
	Formations []*Formation
	Turns      []*Turn
	Params     []*Param
	Victory    []*VictoryLevel
	Scenarios  []*Scenario
	Src        Source

	units      map[string]*Unit
	formations map[string]*Formation
}

// Unit looks up a unit by id.
func (g *Game) Unit(id string) *Unit { return g.units[id] }

// Formation looks up a formation by id.
func (g *Game) Formation(id string) *Formation { return g.formations[id] }

// Param returns a rule parameter and whether it is defined.
func (g *Game) Param(name string) (int, bool) {
	for _, p := range g.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return 0, false
}

// ForScenario returns the game as scenario s plays it: s's own turn track,
// victory levels and parameters take the place of the game's. The copy
// shares everything else with g.
func (g *Game) ForScenario(s *Scenario) *Game {
	if s == nil || (len(s.Turns) == 0 && len(s.Params) == 0 && len(s.Victory) == 0) {
		return g
	}
	c := *g
	if len(s.Turns) > 0 {
		c.Turns = s.Turns
	}
	if len(s.Victory) > 0 {
		c.Victory = s.Victory
	}
	if len(s.Params) > 0 {
		c.Params = nil
		for _, p := range g.Params {
			overridden := false
			for _, q := range s.Params {
				overridden = overridden || q.Name == p.Name
			}
			if !overridden {
				c.Params = append(c.Params, p)
			}
		}
		c.Params = append(c.Params, s.Params...)
	}
	return &c
}

// TurnTrack is the turn track scenario s is played on: its own, or the
// game's.
func (g *Game) TurnTrack(s *Scenario) []*Turn {
	if s != nil && len(s.Turns) > 0 {
		return s.Turns
	}
	return g.Turns
}

// Scenario looks up a scenario by name.
func (g *Game) Scenario(name string) *Scenario {
	for _, s := range g.Scenarios {
		if s.Name == name {
			return s
		}
	}
	return nil
}
