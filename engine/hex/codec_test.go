package hex

import (
	"encoding/json"
	"strings"
	"testing"
)

func mustCodec(t *testing.T, s Scheme, digits int) Codec {
	t.Helper()
	c, err := NewCodec(s, digits)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCodecRoundTrip(t *testing.T) {
	for _, c := range []struct {
		scheme   Scheme
		digits   int
		id       string
		row, col int
	}{
		{RRCC, 2, "0613", 6, 13},
		{RRCC, 3, "006013", 6, 13},
		{XXYY, 2, "2622", 22, 26}, // Lemberg (digest 004 28.4): XX is the column
		{XXYY, 3, "026022", 22, 26},
		{ColDotRow, 2, "66.18", 18, 66}, // Pillau (digest 003 L258)
		{ColDotRow, 2, "01.96", 96, 1},  // Gorodok (digest 001 §1)
		{ColDotRow, 2, "40.114", 114, 40},
	} {
		codec := mustCodec(t, c.scheme, c.digits)
		h, err := codec.Parse(c.id)
		if err != nil {
			t.Fatalf("%s Parse(%q): %v", codec.Pattern(), c.id, err)
		}
		if h.Row != c.row || h.Col != c.col || h.Codec() != codec {
			t.Errorf("%s Parse(%q) = row %d col %d (%s)", codec.Pattern(), c.id, h.Row, h.Col, h.Codec().Pattern())
		}
		if h != codec.Hex(c.row, c.col) {
			t.Errorf("%s Parse(%q) differs from Codec.Hex", codec.Pattern(), c.id)
		}
		if h.String() != c.id {
			t.Errorf("%s: %q prints as %q", codec.Pattern(), c.id, h.String())
		}
	}
}

func TestCodecRejects(t *testing.T) {
	for _, c := range []struct {
		scheme Scheme
		digits int
		ids    []string
	}{
		{RRCC, 2, []string{"", "613", "06a3", "06133", "06.13", "-613"}},
		{RRCC, 3, []string{"0613", "0060130", "00601x"}},
		{XXYY, 2, []string{"262", "26.22", "xy2622"}},
		// One spelling per hex: two digits at least, no extra zeros.
		{ColDotRow, 2, []string{"6618", "5.18", "66.8", "066.18", "66.018", "66.", ".18", "66.18.1", "66,18", "1000.05"}},
	} {
		codec := mustCodec(t, c.scheme, c.digits)
		for _, id := range c.ids {
			if h, err := codec.Parse(id); err == nil {
				t.Errorf("%s accepted %q as %s", codec.Pattern(), id, h)
			}
		}
	}
}

// A hex error says what the game's ids look like; Tannenberg's keeps its
// old words.
func TestCodecErrors(t *testing.T) {
	for _, c := range []struct {
		codec Codec
		id    string
		want  string
	}{
		{Codec{}, "61", `hex "61": want four digits RRCC`},
		{mustCodec(t, ColDotRow, 2), "6618", `hex "6618": want cc.rr, as 66.18`},
		{mustCodec(t, XXYY, 2), "26", `hex "26": want XXYY, as 2622`},
		{mustCodec(t, RRCC, 3), "2918", `hex "2918": want RRRCCC, as 029018`},
	} {
		_, err := c.codec.Parse(c.id)
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) error %v, want %s", c.id, err, c.want)
		}
	}
	if s := (Codec{}).Shape(); s != "four digits, row then column" {
		t.Errorf("RRCC shape %q", s)
	}
	if s := mustCodec(t, ColDotRow, 2).Shape(); s != "column, a dot, then row (cc.rr)" {
		t.Errorf("cc.rr shape %q", s)
	}
	for _, bad := range [][2]int{{int(ColDotRow), 3}, {int(RRCC), 4}, {int(XXYY), 1}, {7, 2}} {
		if _, err := NewCodec(Scheme(bad[0]), bad[1]); err == nil {
			t.Errorf("NewCodec(%d, %d) accepted", bad[0], bad[1])
		}
	}
}

// Stored states keep hexes as text: every codec's hexes come back equal,
// as map keys and as values, and old RRCC text still loads.
func TestCodecMarshal(t *testing.T) {
	type state struct {
		At    Hex
		Occ   map[Hex]string
		Route []Hex
	}
	for _, codec := range []Codec{{}, mustCodec(t, RRCC, 3), mustCodec(t, XXYY, 2), mustCodec(t, XXYY, 3), mustCodec(t, ColDotRow, 2)} {
		a, b := codec.Hex(22, 26), codec.Hex(114, 5)
		if codec.Max() < 114 {
			b = codec.Hex(9, 5)
		}
		in := state{At: a, Occ: map[Hex]string{a: "x", b: "y"}, Route: []Hex{b, a}}
		js, err := json.Marshal(in)
		if err != nil {
			t.Fatalf("%s: %v", codec.Pattern(), err)
		}
		var out state
		if err := json.Unmarshal(js, &out); err != nil {
			t.Fatalf("%s: %s: %v", codec.Pattern(), js, err)
		}
		if out.At != a || out.Occ[a] != "x" || out.Occ[b] != "y" || len(out.Route) != 2 || out.Route[0] != b {
			t.Errorf("%s: %s read back as %+v", codec.Pattern(), js, out)
		}
		if codec.Scheme() == XXYY && !strings.Contains(string(js), `"xy`) {
			t.Errorf("XXYY stored without its prefix: %s", js)
		}
	}
	// Text stored before codecs existed.
	var old state
	if err := json.Unmarshal([]byte(`{"At":"0613","Occ":{"2918":"W"}}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.At != (Hex{Row: 6, Col: 13}) || old.Occ[Hex{Row: 29, Col: 18}] != "W" {
		t.Errorf("old state read as %+v", old)
	}
	if _, err := (Hex{Row: -1, Col: 3}).MarshalText(); err == nil {
		t.Error("a hex with no id marshalled")
	}
}

// Hexes of different codecs are different values, so that a hex made
// without its game's codec is not silently taken for one of the game's.
func TestCodecEquality(t *testing.T) {
	cr := mustCodec(t, ColDotRow, 2)
	if cr.Hex(18, 66) == (Hex{Row: 18, Col: 66}) {
		t.Error("a cc.rr hex equals the RRCC hex of the same numbers")
	}
	g := Grid{Rows: 20, Cols: 70, Orientation: Flat, Codec: cr}
	if g.Contains(Hex{Row: 18, Col: 66}) || !g.Contains(cr.Hex(18, 66)) {
		t.Error("Contains ignores the codec")
	}
	if !(Hex{Row: 1, Col: 1}).Less(cr.Hex(1, 1)) || cr.Hex(1, 1).Less(Hex{Row: 1, Col: 1}) {
		t.Error("Less is not total across codecs")
	}
}
