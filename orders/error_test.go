package orders

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pbem/engine"
)

func TestErrorString(t *testing.T) {
	for _, c := range []struct {
		e    Error
		want string
	}{
		{Error{File: "orders-RU.txt", Line: 12, Col: 7, Msg: "bad hex"}, "orders-RU.txt:12:7: bad hex"},
		{Error{File: "f", Line: 3, Msg: "(and 2 more errors)"}, "f:3: (and 2 more errors)"},
		{Error{Line: 1, Col: 1, Msg: "x"}, "1:1: x"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	if ErrorList(nil).Err() != nil {
		t.Error("empty list: Err() != nil")
	}
	l := ErrorList{{File: "f", Line: 2, Col: 1, Msg: "b"}, {File: "f", Line: 1, Col: 5, Msg: "a"}, {File: "f", Line: 2, Col: 3, Msg: "c"}}
	l.RemoveMultiples()
	if got := l.Error(); got != "f:1:5: a\nf:2:1: b" {
		t.Errorf("RemoveMultiples: %q", got)
	}
	if got := l.truncate(1).Error(); got != "f:1:5: a\nf:2: (and 1 more error)" {
		t.Errorf("truncate: %q", got)
	}
}

// Parse keeps one error per line, in line order, at most MaxErrors and a
// last entry for the rest; the good orders between stay.
func TestErrorCap(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, "move RU-XV to %d via x\n", i) // two errors on the line
		b.WriteString("entrain RU-XV\n")
	}
	f, err := Parse("f", []byte(b.String()), testVerbs)
	errs, ok := err.(ErrorList)
	if !ok {
		t.Fatalf("error %T", err)
	}
	if len(errs) != MaxErrors+1 {
		t.Fatalf("%d errors, want %d:\n%v", len(errs), MaxErrors+1, err)
	}
	for i, e := range errs[:MaxErrors] {
		if e.Line != 2*i+1 || e.Col != 15 || !strings.HasPrefix(e.Msg, "bad hex") {
			t.Errorf("error %d: %v", i, e)
		}
	}
	if last := errs[MaxErrors].Error(); last != "f:41: (and 10 more errors)" {
		t.Errorf("last entry %q", last)
	}
	if len(f.Orders) != 30 {
		t.Errorf("%d good orders, want 30", len(f.Orders))
	}
}

func TestHostileInput(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      string // the first error
		orders    int
	}{
		{"too big", strings.Repeat("move RU-XV\n", MaxFileSize/11+1), "f:1:1: file is 262152 bytes, more than the limit of 262144", 0},
		{"long line", "move RU-XV\n" + "move " + strings.Repeat("x", MaxLineSize) + "\nmove RU-XV\n", "f:2:1: line is 1005 bytes, more than the limit of 1000", 2},
		{"longest line", "move RU-XV" + strings.Repeat(" ", MaxLineSize-10) + "\r\n", "", 1},
		{"invalid UTF-8", "move RU-XV\nmove R\xffU to 2918\n", "f:2:7: invalid UTF-8 byte 0xff: order files are UTF-8 text", 1},
		{"invalid UTF-8 in comment", "move RU-XV # \xc3\n", "f:1:14: invalid UTF-8 byte 0xc3", 0},
		{"NUL", "move RU-XV\x00\n", "f:1:11: control character U+0000 not allowed", 0},
		{"escape", "move \x1b[31mRU-XV\n", "f:1:6: control character U+001B not allowed", 0},
		{"bidi override", "move RU-XV # \u202eevil\n", "f:1:14: control character U+202E not allowed", 0},
		{"lone CR", "move RU-XV\rentrain RU-XV\n", "f:1:11: control character U+000D not allowed", 0},
		{"CRLF", "Game: t1\r\n\r\nmove RU-XV\r\n", "", 1},
		{"BOM inside", "move RU-XV\n\uFEFFmove RU-XV\n", "f:2:1: control character U+FEFF not allowed", 1},
		{"columns count characters", "# Königsberg\nmove Königsberg\n", "f:2:6: bad unit id \"Königsberg\"", 0},
		{"tab is one column", "\tmove\tRU-XV\tto\t29\n", "f:1:16: bad hex \"29\"", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := Parse("f", []byte(c.src), testVerbs)
			got := ""
			if err != nil {
				got = err.(ErrorList)[0].Error()
			}
			if !strings.HasPrefix(got, c.want) || (c.want == "") != (got == "") {
				t.Errorf("error %q, want %q", got, c.want)
			}
			if len(f.Orders) != c.orders {
				t.Errorf("%d orders, want %d", len(f.Orders), c.orders)
			}
		})
	}
}

func TestPositions(t *testing.T) {
	f, err := Parse("f", []byte("Game: t1\n\n  # x\n  move RU-XV  TO 2918 via 2817\n"), testVerbs)
	if err != nil {
		t.Fatal(err)
	}
	if h := f.Header[0]; h.Line != 1 || h.Col != 1 {
		t.Errorf("header at %d:%d", h.Line, h.Col)
	}
	if v, ok := f.Header.Get("GAME"); !ok || v != "t1" {
		t.Errorf("Get: %q %v", v, ok)
	}
	if _, ok := f.Header.Get("Side"); ok {
		t.Error("Get found Side")
	}
	o := f.Orders[0]
	if o.Line != 4 || o.Col != 3 {
		t.Errorf("order at %d:%d", o.Line, o.Col)
	}
	to, _ := o.Clause("to")
	via, _ := o.Clause("via")
	unit, _ := o.Clause("")
	for _, c := range []struct {
		w    engine.Word
		col  int
		text string
	}{{unit[0], 8, "RU-XV"}, {to[0], 18, "2918"}, {via[0], 27, "2817"}} {
		if c.w.Line != 4 || c.w.Col != c.col || c.w.Text != c.text {
			t.Errorf("word %+v, want 4:%d %s", c.w, c.col, c.text)
		}
	}
}

// Word kinds the gwite table does not use, and a verb whose words all
// come after keywords.
func TestKinds(t *testing.T) {
	verbs := []engine.Verb{
		{Name: "hold", Windows: []string{"move"}, Clauses: []engine.ClauseSpec{
			{Keyword: "for", Kind: engine.Number, Min: 1, Max: 1, Required: true, Help: "N"},
			{Keyword: "at", Kind: engine.HexID, Min: 0, Max: 1, Help: "[HEX]"},
		}},
	}
	for _, c := range []struct{ src, want string }{
		{"hold for 3", "hold for 3\n"},
		{"hold for 003 at", "hold for 003 at\n"},
		{"hold for 1234567890", `1:10: bad number "1234567890"`},
		{"hold for -1", `1:10: bad number "-1"`},
		{"hold 3 for 3", `1:6: unexpected "3" before a keyword (usage: hold for N [at [HEX]])`},
		{"hold", `1:1: missing "for" clause`},
	} {
		f, err := Parse("", []byte(c.src), verbs)
		got := string(Format(f))
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
}

// A real bug inside the parser is not turned into a syntax error.
func TestRuntimeErrorsRepanic(t *testing.T) {
	defer func() {
		if _, ok := recover().(runtime.Error); !ok {
			t.Error("no runtime error")
		}
	}()
	p := &parser{}
	p.do(func() {
		i := len(p.name) + 1
		_ = make([]int, 1)[i] // index out of range
	})
}

func TestSuggest(t *testing.T) {
	names := []string{"move", "rail", "cc", "attack", "withdraw", "withdrawal", "retreat"}
	for _, c := range []struct {
		word string
		want string
	}{
		{"mvoe", "move"}, {"mov", "move"}, {"moves", "move"}, {"rial", "rail"}, {"ccc", "cc"},
		{"atack", "attack"}, {"attakc", "attack"}, {"withdrwa", "withdraw"}, {"withdrawl", "withdraw withdrawal"},
		{"retrait", "retreat"}, {"xx", ""}, {"go", ""}, {"fight", ""}, {strings.Repeat("a", 1000), ""},
	} {
		if got := strings.Join(suggest(c.word, names), " "); got != c.want {
			t.Errorf("suggest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestCheckVerbs(t *testing.T) {
	if err := CheckVerbs(testVerbs); err != nil {
		t.Error(err)
	}
	bad := []engine.Verb{
		{Name: "Move", Windows: []string{"move"}},
		{Name: "rail", Windows: []string{"move"}, Clauses: []engine.ClauseSpec{
			{Keyword: "to", Kind: engine.HexID, Min: 2, Max: 1},
			{Kind: engine.UnitID},
			{Keyword: "to", Kind: engine.Choice},
			{Keyword: "rail"},
		}},
		{Name: "rail"},
	}
	err := CheckVerbs(bad)
	for _, want := range []string{
		`verb "Move": name is not a lower-case word`,
		`verb "rail": clause "to" takes 2 to 1 words`,
		`verb "rail": the clause without keyword must come first`,
		`verb "rail": keyword "to" used twice`,
		`verb "rail": clause "to" is a choice without choices`,
		`verb "rail": keyword "rail" is also a verb`,
		`verb "rail": defined twice`,
		`verb "rail": no window accepts it`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckVerbs lacks %q:\n%v", want, err)
		}
	}
}
