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

func terrainColour(t scenario.Terrain) color.RGBA {
	switch t {
	case scenario.Forest:
		return forestFill
	case scenario.Broken:
		return brokenFill
	case scenario.Swamp:
		return swampFill
	case scenario.Lake:
		return lakeFill
	case scenario.Sea:
		return seaFill
	}
	return clearFill
}

// arrowInk is the colour of a side's moves: translucent, premultiplied.
func arrowInk(s scenario.Side) color.RGBA {
	switch s {
	case "DE":
		return color.RGBA{0x10 * 0xd8 / 0xff, 0x2a * 0xd8 / 0xff, 0x7a * 0xd8 / 0xff, 0xd8}
	case "RU":
		return color.RGBA{0x8a * 0xd8 / 0xff, 0x10 * 0xd8 / 0xff, 0x10 * 0xd8 / 0xff, 0xd8}
	}
	return color.RGBA{0x30 * 0xd8 / 0xff, 0x30 * 0xd8 / 0xff, 0x30 * 0xd8 / 0xff, 0xd8}
}

func sideColour(s scenario.Side) color.RGBA {
	switch s {
	case "DE":
		return deFill
	case "RU":
		return ruFill
	}
	return otherFill
}

func railInk(s scenario.Side) color.RGBA {
	if s == "RU" {
		return ruRailInk
	}
	return deRailInk
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
