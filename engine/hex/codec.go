package hex

import (
	"fmt"
	"strconv"
	"strings"
)

// Scheme is the order and punctuation of a printed hex id.
type Scheme uint8

const (
	// RRCC is row then column, each a fixed number of digits: "0613"
	// (Tannenberg, digest 002 Appendix B).
	RRCC Scheme = iota
	// XXYY is column then row, each a fixed number of digits: "2622"
	// (Kaiser's War, digest 004 3.2, whose axes the text leaves open).
	XXYY
	// ColDotRow is column, a dot, then row, each at least two digits:
	// "66.18", "40.114" (Twilight in the East, digest 001 1.2; the
	// Cossacks, digest 003 §1).
	ColDotRow
)

var schemeNames = [...]string{RRCC: "RRCC", XXYY: "XXYY", ColDotRow: "cc.rr"}

func (s Scheme) String() string {
	if int(s) < len(schemeNames) {
		return schemeNames[s]
	}
	return fmt.Sprintf("Scheme(%d)", int(s))
}

// ParseScheme reads a scheme's name: RRCC, XXYY or cc.rr.
func ParseScheme(s string) (Scheme, error) {
	for i, n := range schemeNames {
		if n == s {
			return Scheme(i), nil
		}
	}
	return 0, fmt.Errorf("numbering %q: want RRCC, XXYY or cc.rr", s)
}

// Codec reads and prints the hex ids of one game. Every Hex carries the
// Codec it was made with, so it prints itself in its game's numbering with
// no global setting, and hexes of one game compare equal as values. The
// zero Codec is RRCC with two digits each, Tannenberg's numbering, so that
// a Hex{Row: r, Col: c} literal is a Tannenberg hex.
type Codec struct {
	scheme Scheme
	wide   bool // three digits per part instead of two (RRCC and XXYY)
}

// NewCodec returns the codec of scheme with digits digits per part. RRCC
// and XXYY take 2 or 3; cc.rr takes 2 (its parts grow past two digits as
// they must, as in "40.114").
func NewCodec(scheme Scheme, digits int) (Codec, error) {
	switch {
	case scheme > ColDotRow:
		return Codec{}, fmt.Errorf("numbering %s is not known", scheme)
	case scheme == ColDotRow && digits != 2:
		return Codec{}, fmt.Errorf("numbering cc.rr: digits=%d, want 2", digits)
	case digits != 2 && digits != 3:
		return Codec{}, fmt.Errorf("numbering %s: digits=%d, want 2 or 3", scheme, digits)
	}
	return Codec{scheme: scheme, wide: digits == 3}, nil
}

// Scheme is the codec's numbering scheme.
func (c Codec) Scheme() Scheme { return c.scheme }

// Digits is how many digits each part of an id has (at least, for cc.rr).
func (c Codec) Digits() int {
	if c.wide {
		return 3
	}
	return 2
}

// Max is the largest row or column number an id can hold.
func (c Codec) Max() int {
	if c.scheme == ColDotRow {
		return 999
	}
	if c.wide {
		return 999
	}
	return 99
}

// Hex is the hex of row and column in this codec's numbering. Hexes of a
// game not numbered RRCC must be made here, by Parse, or by the game's
// Grid, never as a Hex literal, which is an RRCC hex.
func (c Codec) Hex(row, col int) Hex { return Hex{Row: row, Col: col, codec: c} }

// Pattern names the shape of an id, as rulebooks write it: "RRCC",
// "XXXYYY", "cc.rr".
func (c Codec) Pattern() string {
	d := c.Digits()
	switch c.scheme {
	case XXYY:
		return strings.Repeat("X", d) + strings.Repeat("Y", d)
	case ColDotRow:
		return "cc.rr"
	}
	return strings.Repeat("R", d) + strings.Repeat("C", d)
}

// Example is an id in this numbering that a rulebook prints: Warsaw in
// Tannenberg (T 20.0), Lemberg in Kaiser's War (28.4), Pillau in the
// Cossacks (L258).
func (c Codec) Example() string {
	switch c.scheme {
	case XXYY:
		return c.Hex(22, 26).String()
	case ColDotRow:
		return c.Hex(18, 66).String()
	}
	return c.Hex(29, 18).String()
}

// Shape says in words what an id looks like, for help texts and errors:
// "four digits, row then column" (Example gives one).
func (c Codec) Shape() string {
	n := "four"
	if c.wide {
		n = "six"
	}
	switch c.scheme {
	case XXYY:
		return n + " digits, column then row"
	case ColDotRow:
		return "column, a dot, then row (cc.rr)"
	}
	return n + " digits, row then column"
}

// Parse reads a printed id. It accepts only what String prints, so each
// hex has one spelling.
func (c Codec) Parse(s string) (Hex, error) {
	if c == (Codec{}) {
		return Parse(s)
	}
	h, ok := c.parse(s)
	if !ok {
		return Hex{}, fmt.Errorf("hex %q: want %s, as %s", s, c.Pattern(), c.Example())
	}
	return h, nil
}

func (c Codec) parse(s string) (Hex, bool) {
	var a, b string
	if c.scheme == ColDotRow {
		var ok bool
		if a, b, ok = strings.Cut(s, "."); !ok {
			return Hex{}, false
		}
	} else {
		d := c.Digits()
		if len(s) != 2*d {
			return Hex{}, false
		}
		a, b = s[:d], s[d:]
	}
	x, ok1 := number(a)
	y, ok2 := number(b)
	if !ok1 || !ok2 {
		return Hex{}, false
	}
	h := c.Hex(x, y)
	if c.scheme != RRCC {
		h = c.Hex(y, x)
	}
	if h.String() != s { // "5.18" for "05.18", or "066.18"
		return Hex{}, false
	}
	return h, true
}

// number reads one to three decimal digits.
func number(s string) (int, bool) {
	if s == "" || len(s) > 3 {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, _ := strconv.Atoi(s)
	return n, true
}

// format prints h in c's numbering, or "(row,col)" for a hex the
// numbering cannot print (a negative number, or too many digits).
func (c Codec) format(h Hex) string {
	if h.Row < 0 || h.Col < 0 || h.Row > c.Max() || h.Col > c.Max() {
		return fmt.Sprintf("(%d,%d)", h.Row, h.Col)
	}
	switch c.scheme {
	case XXYY:
		return fmt.Sprintf("%0*d%0*d", c.Digits(), h.Col, c.Digits(), h.Row)
	case ColDotRow:
		return fmt.Sprintf("%02d.%02d", h.Col, h.Row)
	}
	return fmt.Sprintf("%0*d%0*d", c.Digits(), h.Row, c.Digits(), h.Col)
}

// xyPrefix marks XXYY ids in stored text, where "2622" alone would read
// back as the RRCC hex 2622 (MarshalText).
const xyPrefix = "xy"

// unmarshal reads the stored text of a hex of any codec: RRCC ids are
// four or six digits, XXYY ids carry xyPrefix, cc.rr ids a dot.
func unmarshal(s string) (Hex, error) {
	var c Codec
	switch {
	case strings.HasPrefix(s, xyPrefix):
		s = s[len(xyPrefix):]
		c = Codec{scheme: XXYY, wide: len(s) == 6}
	case strings.Contains(s, "."):
		c = Codec{scheme: ColDotRow}
	case len(s) == 6:
		c = Codec{wide: true}
	}
	return c.Parse(s)
}
