// Package hex holds hex-grid geometry in a game's own printed numbering:
// hex ids, neighbours, hexsides, distances, rings, and the projection from
// latitude and longitude used to author maps from real geography.
//
// A Hex is its printed row and column: rows grow southward, columns
// westward (or eastward where a game numbers so). A Grid says the map's
// extent and layout: pointy hexes with alternate rows shifted half a hex
// (Tannenberg, digest 002 B.1) or flat hexes with alternate columns shifted
// (Twilight in the East, digest 001 1.2), which rows or columns are
// shifted (Parity), and which edges cut their hexes in half. Internally a
// hex converts to axial coordinates, the same six steps in either
// orientation, for neighbours and distances; callers never see them unless
// they ask for Axial or Cube.
//
// A Codec reads and prints ids: RRCC ("0613", Tannenberg), XXYY ("2622",
// Kaiser's War) or cc.rr ("66.18", Twilight and the Cossacks), with two or
// three digits per part. The game's data chooses it, on its Grid. Every Hex
// carries the codec it was made with (two bytes), so Hex.String prints it
// in its own game's numbering in events, reports and snapshots alike, with
// no global setting; the Grid stamps its codec on every hex it returns, so
// the hexes of one game compare equal as values. The zero Codec is RRCC:
// a Hex{Row: r, Col: c} literal, hex.Parse and the text stored by older
// games are Tannenberg's, unchanged. A game numbered otherwise makes its
// hexes only through its Grid or Codec; a hex of another codec is not on
// its map (Grid.Contains). Rules that speak of rows or columns ("north of
// the 14xx row") read Hex.Row and Hex.Col, never the id's text.
//
// The package is pure: it imports only the standard library.
package hex

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Hex is a hex in its game's printed numbering: Row grows southward, Col
// grows westward (or eastward, Grid.ColsEast). Hexes just off the map (row
// 0, say) are valid values; Grid.Contains says whether a hex is on the map.
// The codec a hex was made with decides how it prints.
type Hex struct {
	Row, Col int
	codec    Codec
}

// String prints the hex as its rulebook does: "0613" in RRCC, "66.18" in
// cc.rr.
func (h Hex) String() string { return h.codec.format(h) }

// Codec is the numbering h was made in.
func (h Hex) Codec() Codec { return h.codec }

// MarshalText writes the hex as String does, so that hexes are map keys
// and values in stored game states ("0613", "66.18"); an XXYY id is
// prefixed "xy" ("xy2622"), which would otherwise read back as RRCC.
func (h Hex) MarshalText() ([]byte, error) {
	s := h.String()
	if strings.HasPrefix(s, "(") {
		return nil, fmt.Errorf("hex %s has no %s id", s, h.codec.Pattern())
	}
	if h.codec.scheme == XXYY {
		s = xyPrefix + s
	}
	return []byte(s), nil
}

// UnmarshalText reads a hex written by MarshalText, in whichever codec.
func (h *Hex) UnmarshalText(b []byte) error {
	x, err := unmarshal(string(b))
	if err != nil {
		return err
	}
	*h = x
	return nil
}

// Less orders hexes by row, then column: the order used whenever a result
// must not depend on map iteration. Hexes of one game share a codec; the
// codec breaks ties only so that the order is total.
func (h Hex) Less(o Hex) bool {
	if h.Row != o.Row {
		return h.Row < o.Row
	}
	if h.Col != o.Col {
		return h.Col < o.Col
	}
	if h.codec.scheme != o.codec.scheme {
		return h.codec.scheme < o.codec.scheme
	}
	return !h.codec.wide && o.codec.wide
}

// Parse reads a printed four-digit RRCC hex id such as "0613". A game
// numbered otherwise reads ids with its Grid's Codec.
func Parse(s string) (Hex, error) {
	if len(s) != 4 {
		return Hex{}, fmt.Errorf("hex %q: want four digits RRCC", s)
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return Hex{}, fmt.Errorf("hex %q: want four digits RRCC", s)
		}
	}
	r, _ := strconv.Atoi(s[:2])
	c, _ := strconv.Atoi(s[2:])
	return Hex{Row: r, Col: c}, nil
}

// Dir is one of the six directions from a hex to a neighbour, which are
// also its six hexsides, numbered 0 to 5 clockwise. The names below are
// those of pointy hexes; a flat hex's are a twelfth of a turn clockwise
// (SE, S, SW, NW, N, NE: Grid.DirName).
type Dir int

// The six directions of pointy hexes, clockwise from east.
const (
	E Dir = iota
	SE
	SW
	W
	NW
	NE
)

// Dirs lists the six directions clockwise from east.
var Dirs = [6]Dir{E, SE, SW, W, NW, NE}

var dirNames = [6]string{"E", "SE", "SW", "W", "NW", "NE"}

func (d Dir) String() string {
	if d < 0 || d > 5 {
		return fmt.Sprintf("Dir(%d)", int(d))
	}
	return dirNames[d]
}

// Opposite is the direction pointing back.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// ParseDir reads a direction name (E, SE, SW, W, NW, NE).
func ParseDir(s string) (Dir, error) {
	for i, n := range dirNames {
		if n == s {
			return Dir(i), nil
		}
	}
	return 0, fmt.Errorf("direction %q: want one of E SE SW W NW NE", s)
}

var flatDirNames = [6]string{"SE", "S", "SW", "NW", "N", "NE"}

// DirName is d's compass name on g: E, SE, SW, W, NW, NE for pointy hexes,
// SE, S, SW, NW, N, NE for flat ones.
func (g Grid) DirName(d Dir) string {
	if g.Orientation == Flat && d >= 0 && d <= 5 {
		return flatDirNames[d]
	}
	return d.String()
}

// ParseDir reads a direction's compass name on g (DirName).
func (g Grid) ParseDir(s string) (Dir, error) {
	if g.Orientation != Flat {
		return ParseDir(s)
	}
	for i, n := range flatDirNames {
		if n == s {
			return Dir(i), nil
		}
	}
	return 0, fmt.Errorf("direction %q: want one of SE S SW NW N NE (flat hexes)", s)
}

// axial steps for each Dir: q grows east, r grows south.
var axialStep = [6][2]int{
	E:  {1, 0},
	SE: {0, 1},
	SW: {-1, 1},
	W:  {-1, 0},
	NW: {0, -1},
	NE: {1, -1},
}

// SortedKeys lists a map's hexes in Less order, so that whatever is built
// from them does not depend on map iteration.
func SortedKeys[V any](m map[Hex]V) []Hex {
	out := make([]Hex, 0, len(m))
	for h := range m {
		out = append(out, h)
	}
	slices.SortFunc(out, func(a, b Hex) int {
		if a.Less(b) {
			return -1
		}
		if b.Less(a) {
			return 1
		}
		return 0
	})
	return out
}
