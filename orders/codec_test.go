package orders

import (
	"strings"
	"testing"

	"pbem/engine/hex"
)

// A game numbered cc.rr takes its own ids in orders and refuses RRCC ones
// with a message that shows its numbering; its help says the same.
func TestHexWordsInGameNumbering(t *testing.T) {
	cr, err := hex.NewCodec(hex.ColDotRow, 2)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseWith("f", []byte("move RU-XV to 66.18 via 65.18 40.114\n"), testVerbs, cr)
	if err != nil {
		t.Fatalf("cc.rr orders refused: %v", err)
	}
	if len(f.Orders) != 1 {
		t.Fatalf("parsed %+v", f.Orders)
	}
	if to, _ := f.Orders[0].Clause("to"); len(to) != 1 || to[0].Text != "66.18" {
		t.Errorf("to clause %+v", to)
	}
	for _, c := range []struct {
		codec hex.Codec
		src   string
		want  string
	}{
		{cr, "move RU-XV to 6618\n", `f:1:15: bad hex "6618": want cc.rr, as 66.18`},
		{cr, "move RU-XV to 6.18\n", `bad hex "6.18": want cc.rr, as 66.18`},
		{hex.Codec{}, "move RU-XV to 66.18\n", `f:1:15: bad hex "66.18": a hex is four digits, like 2918`},
	} {
		_, err := ParseWith("f", []byte(c.src), testVerbs, c.codec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %s", c.src, err, c.want)
		}
	}
	h := HelpWith(testVerbs, cr)
	if !strings.Contains(h, "- HEX: a hex: column, a dot, then row (cc.rr), like 66.18.") {
		t.Errorf("help does not show cc.rr ids:\n%s", h)
	}
	if Help(testVerbs) != HelpWith(testVerbs, hex.Codec{}) || !strings.Contains(Help(testVerbs), "a hex: four digits, row then column, like 2918.") {
		t.Error("Help is not RRCC's")
	}
}
