// Package mapgen authors a game's map.txt from real geography: it reads a
// geography file (towns, coasts, lakes, forests, rivers, frontiers,
// fortresses, railways, each with its source), projects it onto the game's
// hex grid, rasterises terrain and country, traces rivers along hexsides and
// railways through hexes, and writes the map records of docs/scenarios.md.
//
// What belongs to one game (its terrain letters, thresholds, fortress
// classes, the prose of the written file) comes in a Game; the geography
// file may carry the grid and projection itself. A game's generator is a
// thin main over Main: see scenarios/tannenberg/gen.
package mapgen

import "pbem/engine/hex"

// Area is a kind of area polygon (forest, swamp, mountain...) and the
// terrain letter a hex takes when the area covers enough of it.
type Area struct {
	Kind   string
	Letter byte
}

// CountryLetter is the grid letter written for a country.
type CountryLetter struct {
	Letter, Country string
	Src             string // the record's source note (authored)
}

// Game is what the generator needs to know about one game beyond its
// geography.
type Game struct {
	GeoName string // the geography file's name, for messages

	// Grid and Proj are used unless the geography file has grid and
	// projection records.
	Grid hex.Grid
	Proj hex.Projection

	// Terrain letters: clear, sea and lake are the ones the rasteriser
	// sets; Terrains lists every letter a hand correction may set.
	Clear, Sea, Lake byte
	Terrains         string
	// Prohibited, if set, is the letter of land that no country record
	// covers (neutral and foreign lands no unit may enter); such land is
	// in no country. Unset, that land is an error.
	Prohibited byte
	// DropMisplacedTowns leaves out, with a note, a town whose hex is off
	// the map, water, or of another country than the town's, instead of
	// failing.
	DropMisplacedTowns bool
	// SeaTowns keeps land the hex of a town that the sea covers most of
	// (a port on a bay or an island), as a lake town's always is.
	SeaTowns bool
	// Areas are the area kinds in order of precedence: a hex takes the
	// letter of the kind covering most of it, ties to the earlier kind,
	// when that kind covers more than AreaShare.
	Areas []Area

	SeaShare  float64 // sea: more than this share of the hex
	LakeShare float64 // lake: this share or more (when under a quarter sea)
	AreaShare float64 // an area kind: more than this share

	// Countries are the country grid's letters, written in this order;
	// water is written "-".
	Countries []CountryLetter

	// VPPolity, if set, is the only polity whose towns may carry vp=.
	VPPolity string
	// RulebookTowns maps a town to the source of its hex when the rulebook
	// prints it (the town record then cites it instead of the projection).
	RulebookTowns map[string]string
	// FortressClasses gives full and weakened strengths per fortress class;
	// a fortress of another class is left out.
	FortressClasses map[string][2]int
	// FortressFields returns the game's own fields of a fortress record
	// (with a leading blank), written after weak=.
	FortressFields func(f *FortOut) string

	// CountryRegions are written as regions of kind country, each the
	// hexes of its country.
	CountryRegions []CountryRegion
	// CountrySide, if set, maps a country to the value its hexes take in
	// the country grid and that rail lines and exits are written and split
	// by (the side it fights for); Countries then lists those values.
	CountrySide map[string]string
	// RiverClass maps a river kind of the geography file to the hexside
	// class written; a kind it does not name is written as it is.
	RiverClass map[string]string
	// SeaSide, if set, is the hexside class of a side between two land
	// hexes of a country whose centres the sea mostly separates (straits,
	// bays); SeaSideShare is the share of that segment that must be sea.
	SeaSide      string
	SeaSideShare float64
	// RailsMayEndInland lifts the check that every rail line is joined to
	// an exit of its country (Great War in the East's supply lines, std
	// 5.3, need it; other games' rail nets need not).
	RailsMayEndInland bool
	// Extra, if set, returns records of the game's own, written after the
	// regions and fronts.
	Extra func(m *Map) string

	Text Text
}

// CountryRegion is a country written as a region.
type CountryRegion struct {
	ID, Name, Side, Src string
}

// Text is the prose of the written map.txt: comment blocks (whole lines,
// each starting "#" and ending in a newline) and source notes. Empty
// comment blocks take a short generic default.
type Text struct {
	Header     string // opening comment block
	Terrain    string // comment before the terrain grid
	TerrainSrc string // source note of the terrain grid
	Country    string // comment before the country grid (after a blank line)
	CountrySrc string // source note of the country grid
	Towns      string
	CityNote   string // appended to a city's source note, after "; "
	VPNote     string // appended to a town's source note when it has vp=
	Fortresses string
	// FortressSrc is appended to a fortress's source note, after "; ".
	FortressSrc string
	Rivers      string
	Trenches    string
	Blocked     string // comment before the blocked hexsides
	Rails       string
	Exits       string
	OffMap      string
	Entries     string
	SeaSides    string
	Regions     string
}

func (t Text) or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
