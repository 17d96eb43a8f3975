package mapgen

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
)

// Map is the generated map, ready to be written.
type Map struct {
	game       *Game
	grid       hex.Grid
	proj       hex.Projection
	terrain    []byte   // by grid.Index
	country    []string // a country, or "" for water and land of no country
	share      map[hex.Hex]shares
	Fixes      []*Fix
	Towns      []*TownOut
	Dropped    []string // towns left out because their hex was taken
	Forts      []*FortOut
	Rivers     []*RiverOut
	Rails      []*RailOut
	Exits      []*ExitOut
	OffMap     []*OffMapOut
	Entries    []*EntryOut
	Notes      []string
	Blocked    []BlockedOut
	Trench     []TrenchOut
	Regions    []*RegionOut
	Fronts     []*FrontOut
	SeaSides   []hex.Side          // hexsides between land hexes across the sea
	ends       map[string]*ExitOut // "R1.start" -> exit
	riverAt    map[hex.Side]string // the river on a hexside
	blockedAt  map[hex.Side]bool   // the blocked hexsides
	geoName    string
	water      []*Shape
	defCountry string // the country of land no polygon covers
	errs       []string
}

// shares are the parts of a hex each kind of shape covers; area and
// country follow the order of Game.Areas and of countryPolygons.
type shares struct {
	sea, lake float64
	area      []float64
	country   []float64
}

// TrenchOut is a trench record: land hexes of one field position.
type TrenchOut struct {
	Hexes  []hex.Hex
	Reason string
}

// BlockedOut is a blocked hexside; Lake is the lake along it, if any.
type BlockedOut struct {
	Side   hex.Side
	Reason string
	Lake   *Shape
}

// TownOut is a town record.
type TownOut struct {
	Hex   hex.Hex
	Place *Place
	City  bool
	VP    int
	HasVP bool
	In    *TownIn
}

// FortOut is a fortress record.
type FortOut struct {
	Hex        hex.Hex
	In         *FortressIn
	Full, Weak int
	Note       string
}

// RiverOut is a river record.
type RiverOut struct {
	In    *Shape
	Sides []hex.Side
}

// RailOut is a rail record.
type RailOut struct {
	ID      string
	In      *RailIn
	Country string
	Hexes   []hex.Hex
	Part    string // "" or a note on which part of the line this is
}

// ExitOut is an exit record.
type ExitOut struct {
	Hex     hex.Hex
	Country string
	Name    string
	Line    string
}

// OffMapOut is an offmap record.
type OffMapOut struct {
	A, B *ExitOut
	MP   int
	Km   float64
	In   *OffMapIn
}

// EntryOut is an entry record.
type EntryOut struct {
	Letter string
	Exit   *ExitOut
	In     *EntryIn
}

// Grid is the map's grid.
func (m *Map) Grid() hex.Grid { return m.grid }

// Projection is the map's projection.
func (m *Map) Projection() hex.Projection { return m.proj }

// Terrain returns the terrain letter of an on-map hex.
func (m *Map) Terrain(h hex.Hex) byte { return m.terrain[m.grid.Index(h)] }

// Country returns the country of an on-map hex, "" for water.
func (m *Map) Country(h hex.Hex) string { return m.country[m.grid.Index(h)] }

// Side is the grid value of a hex: its country, or the side its country
// fights for where the game maps countries to sides (Game.CountrySide).
func (m *Map) Side(h hex.Hex) string {
	c := m.Country(h)
	if s, ok := m.game.CountrySide[c]; ok {
		return s
	}
	return c
}

func (m *Map) setTerrain(h hex.Hex, t byte)   { m.terrain[m.grid.Index(h)] = t }
func (m *Map) setCountry(h hex.Hex, c string) { m.country[m.grid.Index(h)] = c }

// Water reports whether an on-map hex is sea or lake.
func (m *Map) Water(h hex.Hex) bool {
	t := m.Terrain(h)
	return t == m.game.Sea || t == m.game.Lake
}

func (m *Map) fail(format string, a ...any) { m.errs = append(m.errs, fmt.Sprintf(format, a...)) }

// Build turns the geography into a map. It returns every problem it finds.
func Build(g *Geo, gm *Game) (*Map, []string) {
	m := &Map{game: gm, grid: gm.Grid, proj: gm.Proj, share: map[hex.Hex]shares{}, ends: map[string]*ExitOut{}, geoName: g.Name, defCountry: g.DefaultCountry}
	if g.Grid != nil {
		m.grid = *g.Grid
	}
	if g.Proj != nil {
		m.proj = *g.Proj
	}
	m.proj.Grid = m.grid
	if m.grid.Rows < 1 || m.grid.Cols < 1 {
		return m, []string{fmt.Sprintf("%s: no grid: give a grid record or Game.Grid", g.Name)}
	}
	if err := m.proj.Check(); err != nil {
		return m, []string{fmt.Sprintf("%s: %v: give a projection record or Game.Proj", g.Name, err)}
	}
	m.water = g.Water
	m.rasterise(g)
	m.applyFixes(g)
	m.buildTowns(g)
	m.buildFortresses(g)
	m.buildRivers(g)
	m.buildCorrections(g)
	m.buildRails(g)
	m.buildOffMap(g)
	m.buildSeaSides()
	m.buildRegions(g)
	m.errs = append(m.errs, m.Check()...)
	return m, m.errs
}

// rasterise sets every hex's terrain and country from the shapes covering
// it.
func (m *Map) rasterise(g *Geo) {
	var sea, lake, islands []*polygon
	for _, s := range g.Water {
		switch s.Kind {
		case "sea":
			sea = append(sea, newPolygon(s.Pts))
		case "island":
			islands = append(islands, newPolygon(s.Pts))
		default:
			lake = append(lake, newPolygon(s.Pts))
		}
	}
	areas := make([][]*polygon, len(m.game.Areas))
	for _, s := range g.Areas {
		i := 0
		for i < len(m.game.Areas) && m.game.Areas[i].Kind != s.Kind {
			i++
		}
		if i == len(m.game.Areas) {
			m.fail("%s:%d: area kind %q: the game knows no such kind", g.Name, s.Line, s.Kind)
			continue
		}
		areas[i] = append(areas[i], newPolygon(s.Pts))
	}
	names, countries := countryPolygons(g)
	m.terrain = make([]byte, m.grid.Size())
	m.country = make([]string, m.grid.Size())
	for _, h := range m.grid.All() {
		sh := shares{sea: m.coverSea(h, sea, islands), lake: m.cover(h, lake)}
		for _, a := range areas {
			sh.area = append(sh.area, m.cover(h, a))
		}
		for _, cp := range countries {
			sh.country = append(sh.country, m.cover(h, cp))
		}
		m.share[h] = sh
		m.setTerrain(h, m.classify(sh))
		m.setCountry(h, m.countryOf(names, sh, g.DefaultCountry))
	}
	// A hex holding a town stays land: lake towns stand on their shores
	// and isthmuses (Angerburg, Lötzen, Arys, Osterode), ports on theirs.
	for _, t := range g.Towns {
		if p := g.Places[t.Name]; p != nil {
			h := m.townHex(t, p)
			if !m.grid.Contains(h) {
				continue
			}
			switch t := m.Terrain(h); {
			case t == m.game.Lake:
				m.setTerrain(h, m.game.Clear)
				m.Notes = append(m.Notes, fmt.Sprintf("%s is land: %s stands on the lake shore (lake %.0f%% of the hex)", h, p.Name, 100*m.share[h].lake))
			case t == m.game.Sea && m.game.SeaTowns:
				m.setTerrain(h, m.game.Clear)
				m.Notes = append(m.Notes, fmt.Sprintf("%s is land: %s stands on the coast (sea %.0f%% of the hex)", h, p.Name, 100*m.share[h].sea))
			}
		}
	}
}

// townHex is the hex of a town: its at= hex, or its place's.
func (m *Map) townHex(t *TownIn, p *Place) hex.Hex {
	if t.At != "" {
		if h, err := m.grid.Parse(t.At); err == nil {
			return h
		}
	}
	return m.proj.HexAt(p.At.Lat, p.At.Lon)
}

// applyFixes applies the hand corrections, then takes water out of every
// country and checks that all land has one.
func (m *Map) applyFixes(g *Geo) {
	for _, f := range g.Fixes {
		h, err := m.grid.Parse(f.Hex)
		if err != nil || !m.grid.Contains(h) {
			m.fail("%s:%d: fix %s: not a map hex", g.Name, f.Line, f.Hex)
			continue
		}
		if f.Terrain != "" {
			if !strings.Contains(m.game.Terrains, f.Terrain) || len(f.Terrain) != 1 {
				m.fail("%s:%d: fix %s: terrain %q", g.Name, f.Line, f.Hex, f.Terrain)
			}
			m.setTerrain(h, f.Terrain[0])
		}
		if f.Country != "" {
			m.setCountry(h, f.Country)
		}
		m.Fixes = append(m.Fixes, f)
	}
	for _, h := range m.grid.All() {
		switch {
		case m.Water(h):
			m.setCountry(h, "")
		case m.Country(h) == "" && m.game.Prohibited != 0:
			// Land of no country the game knows: no unit may enter it.
			m.setTerrain(h, m.game.Prohibited)
		case m.Country(h) == "":
			m.fail("%s is land in no country: add a country record or a default", h)
		}
	}
}

func (m *Map) place(g *Geo, name string, line int) *Place {
	p := g.Places[name]
	if p == nil {
		m.fail("%s:%d: no place %q", g.Name, line, name)
	}
	return p
}

// buildTowns places the towns, one per hex: a later town falling in a
// taken hex is left out and listed.
func (m *Map) buildTowns(g *Geo) {
	taken := map[hex.Hex]*TownOut{}
	for _, t := range g.Towns {
		p := m.place(g, t.Name, t.Line)
		if p == nil {
			continue
		}
		if _, err := m.grid.Parse(t.At); t.At != "" && err != nil {
			m.fail("%s:%d: town %s: at=%s: %v", g.Name, t.Line, p.Name, t.At, err)
		}
		h := m.townHex(t, p)
		why := ""
		switch {
		case !m.grid.Contains(h):
			why = fmt.Sprintf("town %s: %s is off the map", p.Name, h)
		case m.Water(h):
			why = fmt.Sprintf("town %s: %s is water", p.Name, h)
		case m.Country(h) != p.Polity:
			why = fmt.Sprintf("town %s: %s is %s land, the town was %s", p.Name, h, m.Country(h), p.Polity)
		}
		if why != "" && m.game.DropMisplacedTowns {
			m.Dropped = append(m.Dropped, why)
			continue
		} else if why != "" {
			m.fail("%s", why)
			if !m.grid.Contains(h) {
				continue
			}
		}
		if o := taken[h]; o != nil {
			m.Dropped = append(m.Dropped, fmt.Sprintf("%s falls in %s with %s", p.Name, h, o.Place.Name))
			continue
		}
		if t.HasVP && m.game.VPPolity != "" && p.Polity != m.game.VPPolity {
			m.fail("town %s: vp for a town of %s, only %s towns have one", p.Name, p.Polity, m.game.VPPolity)
		}
		o := &TownOut{Hex: h, Place: p, City: p.Size == "city", VP: t.VP, HasVP: t.HasVP, In: t}
		taken[h] = o
		m.Towns = append(m.Towns, o)
	}
	sort.SliceStable(m.Towns, func(i, j int) bool { return m.Towns[i].Hex.Less(m.Towns[j].Hex) })
}
