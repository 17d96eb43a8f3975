// Package hex holds hex-grid geometry in a game's own printed numbering:
// hex ids, neighbours, hexsides, distances, rings, and the projection from
// latitude and longitude used to author maps from real geography.
//
// The printed id of a hex is its row and column (Tannenberg prints RRCC:
// rows grow southward, columns grow westward, 0101 is the north-east corner;
// digest 002 Appendix B). Hexes are pointy-topped: the hexes of one row touch
// along sides that face east and west, and alternate rows are shifted half a
// hex. Which rows are shifted west is a Grid parameter.
//
// Internally a hex converts to axial coordinates (q grows east, r grows south)
// for distances; callers never see them unless they ask for Cube.
//
// The package is pure: it imports only the standard library.
package hex

import (
	"fmt"
	"slices"
	"strconv"
)

// Hex is a hex in the printed numbering: Row grows southward, Col grows
// westward. Hexes just off the map (row 0, say) are valid values; Grid.Contains
// says whether a hex is on the map.
type Hex struct {
	Row, Col int
}

// String prints the hex as the rulebook does: two digits of row, two of column.
func (h Hex) String() string {
	if h.Row < 0 || h.Col < 0 || h.Row > 99 || h.Col > 99 {
		return fmt.Sprintf("(%d,%d)", h.Row, h.Col)
	}
	return fmt.Sprintf("%02d%02d", h.Row, h.Col)
}

// MarshalText writes the hex as String does, so that hexes are map keys
// and values in stored game states ("0613").
func (h Hex) MarshalText() ([]byte, error) {
	if h.Row < 0 || h.Col < 0 || h.Row > 99 || h.Col > 99 {
		return nil, fmt.Errorf("hex %s has no four-digit id", h)
	}
	return []byte(h.String()), nil
}

// UnmarshalText reads a hex written by MarshalText.
func (h *Hex) UnmarshalText(b []byte) error {
	x, err := Parse(string(b))
	if err != nil {
		return err
	}
	*h = x
	return nil
}

// Less orders hexes by row, then column: the order used whenever a result
// must not depend on map iteration.
func (h Hex) Less(o Hex) bool {
	if h.Row != o.Row {
		return h.Row < o.Row
	}
	return h.Col < o.Col
}

// Parse reads a printed four-digit hex id such as "0613".
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
// also the six hexsides of a pointy-topped hex.
type Dir int

// The six directions, clockwise from east.
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
