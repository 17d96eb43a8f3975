package orders

import (
	"strings"
	"testing"
)

func TestReadBinding(t *testing.T) {
	src := "# comment\nGame: t1\nside: RU\nWindow: GT3   RU-MOVE\nNonce: 3f9a2c51e0\nFinal: YES\n\nmove RU-XV to 2918\n"
	f, err := Parse("a", []byte(src), testVerbs)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReadBinding(f.Header)
	if err != nil {
		t.Fatal(err)
	}
	want := Binding{Game: "t1", Side: "RU", Window: "GT3 RU-MOVE", Nonce: "3f9a2c51e0", Final: true}
	if b != want {
		t.Errorf("got %+v, want %+v", b, want)
	}
	if got := string(Format(&File{Header: b.Header()})); got != "Game: t1\nSide: RU\nWindow: GT3 RU-MOVE\nNonce: 3f9a2c51e0\nFinal: yes\n\n" {
		t.Errorf("canonical header:\n%s", got)
	}
	b.Final = false
	if h := b.Header(); len(h) != 4 {
		t.Errorf("Final: no is left out, got %v", h)
	}
}

func TestReadBindingErrors(t *testing.T) {
	for _, c := range []struct {
		header string
		want   []string // each error, in order
	}{
		{"Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 1234567\n", []string{`4:1: Nonce: a nonce has at least 8 characters, this one 7`}},
		{"Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: " + strings.Repeat("x", 65) + "\n", []string{`4:1: Nonce: a nonce has at most 64 characters, this one 65`}},
		{"Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: change-me-12345678\n", []string{`4:1: Nonce: the templates' placeholder, the same in everyone's: put words of your own here, new each window (they are your share of the dice)`}},
		{"Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 12345678\nFinal: maybe\n", []string{`5:1: Final: want yes or no, not "maybe"`}},
		{"Game: t1\nSide:\nWindow: GT1 RU-MOVE\nNonce: 12345678\nX-Client: mutt\n", []string{
			`2:1: Side: no value`,
			`5:1: X-Client: unknown header; an order file's header has only Game, Side, Window, Nonce, Final`,
		}},
		{"Side: RU\n", []string{
			`1: missing header line "Game: ..."`,
			`1: missing header line "Window: ..."`,
			`1: missing header line "Nonce: ..."`,
		}},
		{"", []string{
			`1: missing header line "Game: ..."`,
			`1: missing header line "Side: ..."`,
			`1: missing header line "Window: ..."`,
			`1: missing header line "Nonce: ..."`,
		}},
	} {
		f, err := Parse("", []byte(c.header+"\nlosses RU-XV\n"), testVerbs)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ReadBinding(f.Header)
		var got []string
		if l, ok := err.(ErrorList); ok {
			for _, e := range l {
				got = append(got, e.Error())
			}
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q:\ngot  %q\nwant %q", c.header, got, c.want)
		}
	}
}

// A header built by hand is checked as strictly as a parsed one.
func TestCheckNonce(t *testing.T) {
	for n, want := range map[string]string{
		"change-me-12345678":            "the templates' placeholder, the same in everyone's: put words of your own here, new each window (they are your share of the dice)",
		"Change-Me-12345678":            "the templates' placeholder, the same in everyone's: put words of your own here, new each window (they are your share of the dice)",
		"change-me-12345679":            "",
		"a nonce with blanks":           "",
		"ünïcödé-ok":                    "",
		" leading":                      "a nonce may not start or end with a blank",
		"trailing\u00a0":                "a nonce may not start or end with a blank",
		"bell\a1234":                    "character U+0007 is not printable",
		strings.Repeat("é", MaxNonce):   "",
		strings.Repeat("é", MinNonce-1): "a nonce has at least 8 characters, this one 7",
	} {
		if got := checkNonce(n); got != want {
			t.Errorf("checkNonce(%q) = %q, want %q", n, got, want)
		}
	}
	placeholder := Header{{Key: "Game", Value: "t1", Line: 1}, {Key: "Side", Value: "RU", Line: 2},
		{Key: "Window", Value: "GT1 RU-MOVE", Line: 3}, {Key: "Nonce", Value: PlaceholderNonce, Line: 4}}
	if _, err := ReadBinding(placeholder); err == nil {
		t.Error("ReadBinding takes the placeholder nonce")
	}
	if b, err := ReadAcceptedBinding(placeholder); err != nil || b.Nonce != PlaceholderNonce {
		t.Errorf("ReadAcceptedBinding of a file accepted with the placeholder: %+v %v", b, err)
	}
	h := Header{{Key: "game", Value: "t1", Line: 1}, {Key: "Game", Value: "t2", Line: 2}, {Key: "Side", Value: "RU", Line: 3},
		{Key: "Window", Value: "GT1 RU-MOVE", Line: 4}, {Key: "Nonce", Value: "12345678", Line: 5}}
	if _, err := ReadBinding(h); err == nil || err.Error() != "2: Game: given twice" {
		t.Errorf("duplicate key: %v", err)
	}
}
