package scenario

import "pbem/engine/hex"

// NewMap returns an empty map on grid g, in the default vocabulary: every
// hex Clear and of no country, with no towns, fortresses, trenches, hexsides, rails, exits or entries.
// The parser fills a Map from text; NewMap is for code and tests that build
// one directly.
func NewMap(g hex.Grid) *Map {
	n := g.Rows * g.Cols
	if n < 0 {
		n = 0
	}
	m := &Map{
		Grid:       g,
		terrain:    make([]Terrain, n),
		country:    make([]Side, n),
		Overrides:  map[hex.Hex]Source{},
		Towns:      map[hex.Hex]*Town{},
		Fortresses: map[hex.Hex]*Fortress{},
		Trenches:   map[hex.Hex]Source{},
		Hexsides:   map[hex.Side]*Hexside{},
		Exits:      map[hex.Hex]*Exit{},
		vocab:      DefaultVocabulary(),
	}
	for i := range m.terrain {
		m.terrain[i] = Clear
	}
	return m
}

// SetTerrain sets the terrain of an on-map hex; hexes off the map are ignored.
func (m *Map) SetTerrain(h hex.Hex, t Terrain) {
	if m.Grid.Contains(h) && m.terrain != nil {
		m.terrain[m.index(h)] = t
	}
}

// SetCountry sets whose territory an on-map hex is; hexes off the map are
// ignored.
func (m *Map) SetCountry(h hex.Hex, s Side) {
	if m.Grid.Contains(h) && m.country != nil {
		m.country[m.index(h)] = s
	}
}
