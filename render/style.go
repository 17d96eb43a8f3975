package render

import (
	"image/color"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"

	"pbem/engine/scenario"
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// The palette. Every colour is opaque, so overlapping pieces of a shape
// never blend twice.
var (
	paper      = rgb(0xff, 0xff, 0xff)
	ink        = rgb(0x1a, 0x1a, 0x1a)
	gridInk    = rgb(0x9a, 0x8f, 0x78)
	hexNumInk  = rgb(0x6e, 0x64, 0x50)
	clearFill  = rgb(0xf6, 0xef, 0xd6)
	forestFill = rgb(0xa9, 0xcc, 0x8c)
	forestInk  = rgb(0x5f, 0x93, 0x4c)
	brokenFill = rgb(0xdf, 0xc7, 0x98)
	brokenInk  = rgb(0x8c, 0x6a, 0x3a)
	swampFill  = rgb(0xb9, 0xd8, 0xc8)
	swampInk   = rgb(0x3f, 0x7f, 0x73)
	lakeFill   = rgb(0x9c, 0xc8, 0xea)
	seaFill    = rgb(0x6f, 0xa3, 0xd3)
	waveInk    = rgb(0x4d, 0x82, 0xb8)
	riverInk   = rgb(0x2b, 0x6c, 0xc4)
	blockedInk = rgb(0x4a, 0x4a, 0x4a)
	borderInk  = rgb(0xa3, 0x1c, 0x22)
	borderBand = rgb(0xea, 0xb7, 0xae)
	frontInk   = rgb(0x5a, 0x1e, 0x82)
	deRailInk  = rgb(0x14, 0x14, 0x14)
	ruRailInk  = rgb(0x6e, 0x3f, 0x1c)
	trenchInk  = rgb(0x6b, 0x45, 0x23)
	cityInk    = rgb(0x7a, 0x14, 0x14)
	fortInk    = rgb(0x23, 0x23, 0x23)
	entryRim   = rgb(0x23, 0x23, 0x23)
	deFill     = rgb(0xb4, 0xb8, 0xb0) // feldgrau, lightened to carry print
	ruFill     = rgb(0xbf, 0xcc, 0x8a) // light olive green
	otherFill  = rgb(0xd8, 0xd8, 0xd8)
	counterRim = rgb(0x20, 0x20, 0x20)
	reducedBar = rgb(0xc8, 0x28, 0x28)
	markerFill = rgb(0x3a, 0x3a, 0x3a)
	markerInk  = rgb(0xf4, 0xf4, 0xf4)
	// fogShade is a 45% grey veil, premultiplied as color.RGBA is.
	fogShade  = color.RGBA{0x50 * 0x73 / 0xff, 0x50 * 0x73 / 0xff, 0x50 * 0x73 / 0xff, 0x73}
	badgeFill = rgb(0x20, 0x20, 0x20)
	clashInk  = rgb(0xc0, 0x1c, 0x1c)
	oosInk    = rgb(0xb0, 0x6a, 0x00)
	occInk    = rgb(0x5a, 0x2d, 0x8c)
	shadowInk = color.RGBA{0, 0, 0, 0x50} // premultiplied, translucent
)

// Style is the look of one game's maps, read from its data's vocabulary
// (engine/scenario looks.go): the fills of its terrains, the colours and
// markings of its nations' counters, its unit types' symbols, the colours
// of its sides' moves and rails. Nothing is keyed by a side's id: data
// that declares no look has the default look, which draws Tannenberg as
// maps were drawn before data could say.
type Style struct {
	v        *scenario.Vocabulary
	sides    map[scenario.Side]*scenario.SideDef
	nations  map[string]*scenario.Nation
	terrains map[scenario.Terrain]*scenario.TerrainDef
	types    map[scenario.UnitType]*scenario.UnitTypeDef
}

// NewStyle is the look v declares.
func NewStyle(v *scenario.Vocabulary) *Style {
	st := &Style{v: v, sides: map[scenario.Side]*scenario.SideDef{}, nations: map[string]*scenario.Nation{},
		terrains: map[scenario.Terrain]*scenario.TerrainDef{}, types: map[scenario.UnitType]*scenario.UnitTypeDef{}}
	for _, d := range v.Sides {
		st.sides[d.ID] = d
	}
	for _, n := range v.Nations {
		st.nations[n.ID] = n
	}
	for _, d := range v.Terrains {
		st.terrains[d.Letter] = d
	}
	for _, d := range v.UnitTypes {
		st.types[d.ID] = d
	}
	return st
}

func colour(c scenario.Colour) color.RGBA { return rgb(c.R, c.G, c.B) }

// nation is whose counter cu is: its Nation, or else the first nation of
// its side (Piece.Nation is "" when the side has one); nil if the data
// knows neither.
func (st *Style) nation(cu Counter) *scenario.Nation {
	if n := st.nations[cu.Nation]; n != nil {
		return n
	}
	for _, n := range st.v.Nations {
		if cu.Side != "" && n.Side == cu.Side {
			return n
		}
	}
	return nil
}

// fill is the colour of cu's counter, grey for a nation the data does not
// know (the legend's sample counters).
func (st *Style) fill(cu Counter) color.RGBA {
	if n := st.nation(cu); n != nil {
		return colour(n.Fill)
	}
	return otherFill
}

// ink is the colour of the text and symbol on cu's counter.
func (st *Style) ink(cu Counter) color.RGBA {
	if n := st.nation(cu); n != nil {
		return colour(n.Ink)
	}
	return ink
}

// sideColour is the fill of side s's (first nation's) counters: the
// colour of its fortresses and entry hexes.
// inks are the opaque colours the data declares: its sides' rails, its
// nations' counters and inks, its terrains' fills.
func (st *Style) inks() []color.RGBA {
	var out []color.RGBA
	for _, d := range st.v.Sides {
		out = append(out, st.railInk(d.ID))
	}
	for _, n := range st.v.Nations {
		c := Counter{Side: n.Side, Nation: n.ID}
		out = append(out, st.fill(c), st.ink(c))
	}
	for _, d := range st.v.Terrains {
		out = append(out, st.terrainColour(d.Letter))
	}
	return out
}

func (st *Style) sideColour(s scenario.Side) color.RGBA { return st.fill(Counter{Side: s}) }

// arrowInk is the colour of a side's moves: translucent, premultiplied.
func (st *Style) arrowInk(s scenario.Side) color.RGBA {
	c := rgb(0x30, 0x30, 0x30)
	if d := st.sides[s]; d != nil {
		c = colour(d.Arrow)
	}
	const a = 0xd8
	return color.RGBA{uint8(uint32(c.R) * a / 0xff), uint8(uint32(c.G) * a / 0xff), uint8(uint32(c.B) * a / 0xff), a}
}

// railInk is the colour of a side's rail lines.
func (st *Style) railInk(s scenario.Side) color.RGBA {
	if d := st.sides[s]; d != nil {
		return colour(d.Rail)
	}
	return deRailInk
}

// terrainColour is the fill of terrain t.
func (st *Style) terrainColour(t scenario.Terrain) color.RGBA {
	if d := st.terrains[t]; d != nil {
		return colour(d.Fill)
	}
	return clearFill
}

// pattern is the name of terrain t's marks (scenario.Patterns), or "".
func (st *Style) pattern(t scenario.Terrain) string {
	if d := st.terrains[t]; d != nil {
		return d.Pattern
	}
	return ""
}

// sizeMark is what a counter of size z prints: the data's mark, or the
// size's id (XX, XXX) when it gives none.
func (st *Style) sizeMark(z scenario.Size) string {
	if d := st.v.UnitSize(z); d != nil && d.Mark != "" {
		if d.Mark == "-" {
			return ""
		}
		return d.Mark
	}
	return string(z)
}

// symbol is the name of unit type t's symbol (scenario.Symbols): the plain
// box for a type the data does not declare.
func (st *Style) symbol(t scenario.UnitType) string {
	if d := st.types[t]; d != nil && d.Symbol != "" {
		return d.Symbol
	}
	return "box"
}

// lighten mixes c with white: k = 0 keeps c, 1 gives white.
func lighten(c color.RGBA, k float64) color.RGBA {
	f := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*k + 0.5) }
	return rgb(f(c.R), f(c.G), f(c.B))
}

var (
	fontsOnce         sync.Once
	regular, boldFont *opentype.Font
)

func parseFonts() {
	var err error
	if regular, err = opentype.Parse(goregular.TTF); err != nil {
		panic("render: parsing Go Regular: " + err.Error())
	}
	if boldFont, err = opentype.Parse(gobold.TTF); err != nil {
		panic("render: parsing Go Bold: " + err.Error())
	}
}

// faces are the font faces of one drawing, sized for the hex size. A face
// is not safe for concurrent use, so each Draw call makes its own.
type faces struct {
	hexNum, edge, small, townName, cityName, fortStr, entry, title, legend font.Face
	cSize, cLabel, cLabelSmall, cValues, cValuesSmall, badge               font.Face
}

// valuesPx is the type size of a counter's values at DefaultHexPx: 12 px
// bold reads at 100 %, where the 8 px of a 40 px hex did not.
const valuesPx = 12

func newFaces(s float64) *faces {
	fontsOnce.Do(parseFonts)
	face := func(f *opentype.Font, k float64) font.Face {
		px := max(k*s, 5)
		ff, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic("render: " + err.Error())
		}
		return ff
	}
	return &faces{
		hexNum:       face(regular, 0.17),
		edge:         face(boldFont, 0.19),
		small:        face(regular, 0.2),
		townName:     face(regular, 0.24),
		cityName:     face(boldFont, 0.27),
		fortStr:      face(boldFont, 0.22),
		entry:        face(boldFont, 0.22),
		title:        face(boldFont, 0.45),
		legend:       face(regular, 0.25),
		cSize:        face(boldFont, 0.15),
		cLabel:       face(boldFont, 0.19),
		cLabelSmall:  face(boldFont, 0.16),
		cValues:      face(boldFont, float64(valuesPx)/DefaultHexPx),
		cValuesSmall: face(boldFont, 0.21),
		badge:        face(boldFont, 0.16),
	}
}
