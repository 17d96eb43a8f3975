package kw

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// The sides (2.2).
const (
	CP scenario.Side = "CP"
	AL scenario.Side = "AL"
)

// whose is a side's name in the possessive: "the Allies'", "the
// Central Powers'".
func (s *State) whose(side scenario.Side) string {
	n := s.d.g.SideNames[side]
	if strings.HasSuffix(n, "s") {
		return "the " + n + "'"
	}
	return n + "'s"
}

// Other is the side facing s.
func Other(s scenario.Side) scenario.Side {
	if s == CP {
		return AL
	}
	return CP
}

// Countries of 1914 (7.1, 23.0): the regions of kind=country.
const (
	Germany  = "DE"
	Austria  = "AH"
	Russia   = "RU"
	Romania  = "RO"
	Bulgaria = "BG"
)

// Unit types and sizes as the data declares them (docs/kaisers-war.md).
const (
	tInf      = "inf"
	tCav      = "cav"
	tShock    = "shock"
	tAlpine   = "alpine"
	tMarine   = "marine"
	tFortress = "fortress"
	tArmTrain = "armtrain"
	tTank     = "tank"
	tHQ       = "hq"
	tSupply   = "supply"
	tAirbase  = "airbase"
	tPartisan = "partisan"
	tArmCar   = "armcar"

	zArmyGroup = "armygroup"
	zArmy      = "army"
	zAA        = "aa"
	zCorps     = "corps"
)

// face is one side of a counter: its printed values.
type face struct {
	Attack, Defense, Move int
	Support, Radius       int // bracketed support factor; HQ, supply or airbase radius
	Name                  string
}

// profile is a counter's static data.
type profile struct {
	ID, Name, Nation string
	Side             scenario.Side
	Type, Size       string
	Front            face
	Back             *face  // HQ enhanced face (10.7); nil if none
	Reorg            string // row of the reorganization chart (10.1)
	Optional         bool   // 2.3 errata, 21.7
	Generic          bool   // a counter of the generic pool (26.6)
	unit             *scenario.Unit
}

// army reports whether the counter carries the XXXX or [XXXX] symbol, the
// line between army and "non-army" units of the results (14.15).
func (p *profile) army() bool { return p.Size == zArmy || p.Size == zAA }

// turnInfo is one box of the turn track (22.0, digest 5.13).
type turnInfo struct {
	N       int
	Label   string                // "Aug-1914"
	Weather string                // summer, winter, thaw
	Effort  string                // the year's CP Main Effort: east or west (8.0)
	Supply  map[scenario.Side]int // free supply units that turn (9.2)
	Year    int
	Month   int // the first month of the turn
}

// janFeb reports whether the turn is a year's Jan-Feb turn, that of the
// Grand Strategy Segment (6.2(1)).
func (t turnInfo) janFeb() bool { return t.Month == 1 }

// Display is the turn as people write it: "Aug 1914", "Nov-Dec 1914".
func (t turnInfo) Display() string {
	if i := strings.LastIndex(t.Label, "-"); i > 0 && t.Year > 0 && t.Label[i+1:] == fmt.Sprint(t.Year) {
		return t.Label[:i] + " " + t.Label[i+1:]
	}
	return t.Label
}

// data is what the rules read from a game's data, built once per game.
type data struct {
	g    *scenario.Game
	s    *scenario.Scenario
	grid hex.Grid
	m    *scenario.Map

	units   []*profile // by id
	byID    map[string]*profile
	country map[hex.Hex]string // 1914 country of each land hex in play
	start   map[hex.Hex]scenario.Side
	towns   map[hex.Hex]*scenario.Town
	byName  map[string]hex.Hex // towns by name
	rail    map[hex.Hex][]hex.Hex
	exits   map[hex.Hex]bool
	transit [][2]hex.Hex // Serbian Transit links (18.6)
	turns   []turnInfo
	tables  *charts
}

func newData(g *scenario.Game, s *scenario.Scenario) (*data, error) {
	d := &data{g: g.ForScenario(s), s: s, grid: g.Map.Grid, m: g.Map,
		byID: map[string]*profile{}, country: map[hex.Hex]string{}, start: map[hex.Hex]scenario.Side{},
		towns: map[hex.Hex]*scenario.Town{}, byName: map[string]hex.Hex{},
		rail: map[hex.Hex][]hex.Hex{}, exits: map[hex.Hex]bool{}}
	for _, u := range g.Units {
		p, err := readProfile(u)
		if err != nil {
			return nil, err
		}
		d.units = append(d.units, p)
		d.byID[p.ID] = p
	}
	sort.Slice(d.units, func(i, j int) bool { return d.units[i].ID < d.units[j].ID })
	for _, r := range g.Map.Regions {
		if r.Kind == "country" {
			for _, h := range r.Hexes {
				d.country[h] = r.ID
			}
		}
	}
	for _, t := range g.Map.Towns {
		d.towns[t.Hex] = t
		d.byName[strings.ToLower(t.Name)] = t.Hex
	}
	for _, l := range g.Map.Rails {
		for i := 1; i < len(l.Hexes); i++ {
			a, b := l.Hexes[i-1], l.Hexes[i]
			d.rail[a] = appendNew(d.rail[a], b)
			d.rail[b] = appendNew(d.rail[b], a)
		}
	}
	for h := range g.Map.Exits {
		d.exits[h] = true
	}
	if l := g.Map.Layer("link"); l != nil {
		for _, e := range l.Edges {
			if e.Attrs["kind"] == "serbian-transit" {
				d.transit = append(d.transit, [2]hex.Hex{e.A, e.B})
			}
		}
	}
	var err error
	if d.turns, err = readTurns(d.g.TurnTrack(s)); err != nil {
		return nil, err
	}
	if d.tables, err = readCharts(d.g); err != nil {
		return nil, err
	}
	d.readFront()
	return d, nil
}

func appendNew(hs []hex.Hex, h hex.Hex) []hex.Hex {
	for _, x := range hs {
		if x == h {
			return hs
		}
	}
	return append(hs, h)
}

// readFront gives every hex of the belligerent countries the side it starts
// on: the Central Powers' side of the scenario's front line, the Allied side
// for the rest (7.1, 7.3(3)). Neutral countries start with no side.
func (d *data) readFront() {
	var cp *scenario.Region
	if d.s != nil && d.s.Front != "" {
		cp = d.m.Region(d.s.Front)
	}
	for h, c := range d.country {
		switch {
		case c == Romania || c == Bulgaria:
		case cp != nil && cp.Has(h):
			d.start[h] = CP
		case cp != nil:
			d.start[h] = AL
		case c == Russia:
			d.start[h] = AL
		default:
			d.start[h] = CP
		}
	}
}

func readProfile(u *scenario.Unit) (*profile, error) {
	p := &profile{ID: u.ID, Name: u.Name, Nation: u.Nation, Side: u.Side, Type: string(u.Type), Size: string(u.Size),
		Reorg: u.Attrs["reorg"], Optional: u.Attrs.Flag("optional"), Generic: u.Attrs.Flag("generic"), unit: u}
	if len(u.Str) > 0 {
		p.Front.Attack, p.Front.Defense, p.Front.Move = u.Str[0].Attack, u.Str[0].Defense, u.Str[0].MA
	}
	p.Front.Support, p.Front.Radius, p.Front.Name = u.Attrs.Int("support"), u.Attrs.Int("radius"), u.Name
	if _, ok := u.Attrs["back-support"]; ok || u.Attrs["back-str"] != "" || u.Attrs["back-radius"] != "" {
		b := p.Front
		if s := u.Attrs["back-str"]; s != "" {
			if _, err := fmt.Sscanf(s, "%d-%d-%d", &b.Attack, &b.Defense, &b.Move); err != nil {
				return nil, fmt.Errorf("%s: unit %s: back-str %q: want A-D-M", u.Pos, u.ID, s)
			}
		}
		if _, ok := u.Attrs["back-support"]; ok {
			b.Support = u.Attrs.Int("back-support")
		}
		if _, ok := u.Attrs["back-radius"]; ok {
			b.Radius = u.Attrs.Int("back-radius")
		}
		if n := u.Attrs["back-name"]; n != "" {
			b.Name = n
		}
		p.Back = &b
	}
	return p, nil
}

func readTurns(track []*scenario.Turn) ([]turnInfo, error) {
	var out []turnInfo
	for _, t := range track {
		ti := turnInfo{N: t.N, Label: t.Attrs["label"], Weather: t.Attrs["weather"], Effort: t.Attrs["effort"],
			Supply: map[scenario.Side]int{CP: t.Attrs.Int("supply-cp"), AL: t.Attrs.Int("supply-al")}}
		if ti.Label == "" {
			ti.Label = t.Date
		}
		if ti.Weather == "" {
			ti.Weather = "summer"
		}
		if _, err := fmt.Sscanf(t.Date, "%d-%d", &ti.Year, &ti.Month); err != nil {
			return nil, fmt.Errorf("%s: turn %d: date %q: want YYYY-MM", t.Pos, t.N, t.Date)
		}
		out = append(out, ti)
	}
	return out, nil
}

// turn is the turn track's box for turn n.
func (d *data) turn(n int) turnInfo {
	for _, t := range d.turns {
		if t.N == n {
			return t
		}
	}
	return turnInfo{N: n, Label: fmt.Sprintf("turn %d", n), Weather: "summer", Supply: map[scenario.Side]int{}}
}

// terrain is the declared id of h's terrain ("clear", "marsh").
func (d *data) terrain(h hex.Hex) string {
	if t := d.m.Vocab().Terrain(d.m.Terrain(h)); t != nil {
		return t.ID
	}
	return ""
}

// land reports whether units may stand in h: on the map and not sea,
// lake or prohibited terrain (9.7, 11.7).
func (d *data) land(h hex.Hex) bool { return d.grid.Contains(h) && !d.m.Impassable(h) }

// side is the hexside class between two adjacent hexes ("river", "lake",
// "sea"), "" for none.
func (d *data) side(a, b hex.Hex) string {
	s, ok := d.grid.SideBetween(a, b)
	if !ok {
		return ""
	}
	if hs := d.m.Hexside(s); hs != nil {
		return string(hs.Class)
	}
	return ""
}

// railStep reports whether a rail line runs from a to the adjacent b.
func (d *data) railStep(a, b hex.Hex) bool {
	for _, x := range d.rail[a] {
		if x == b {
			return true
		}
	}
	return false
}

// town finds a town by name, in any case.
func (d *data) town(name string) (hex.Hex, bool) {
	h, ok := d.byName[strings.ToLower(name)]
	return h, ok
}

// nationCountry is the home country of a nation, for placement (9.4) and
// movement limits (23.3); "" for nations with none on the map.
func nationCountry(n string) string {
	switch n {
	case "DE", "AH", "RU", "RO", "BG":
		return n
	case "TR":
		return Bulgaria
	case "BOL", "CZ", "NAT", "AEF":
		return Russia
	}
	return ""
}
