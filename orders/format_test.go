package orders

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"pbem/engine"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"# only a comment\n\n", ""},
		{"move RU-XV to 2918", "move RU-XV to 2918\n"},
		{"  MOVE   RU-XV\tVIA 2817  2818 TO 2918  # comment\r\n", "move RU-XV to 2918 via 2817 2818\n"},
		{"attack 2817 if ODDS>=2-1 advance RU-XV with RU-XV shift RU-R-1\n",
			"attack 2817 with RU-XV shift RU-R-1 if odds>=2-1 advance RU-XV\n"},
		{"Options 1 HALF Retreat\n", "options 1 half retreat\n"},
		{"game:t1\nSIDE:  RU\nwindow: GT1\t RU-MOVE # x\nx-client:\n\nmove RU-XV\n",
			"Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nX-Client:\n\nmove RU-XV\n"},
		{"Game: t1\n", "Game: t1\n\n"},
		{"\uFEFFmove RU-XV\n", "move RU-XV\n"},
		// bad lines are left out
		{"move RU-XV to 2918\nmvoe RU-XIII\nentrain RU-XIII\n", "move RU-XV to 2918\nentrain RU-XIII\n"},
	} {
		f, _ := Parse("t", []byte(c.in), testVerbs)
		if got := string(Format(f)); got != c.want {
			t.Errorf("Format(Parse(%q)):\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// TestRoundTrip checks on every testdata file that the canonical form
// parses without error to the same orders and header, and that formatting
// is idempotent.
func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.orders"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkRoundTrip(t, name, src)
	}
}

func checkRoundTrip(t *testing.T, name string, src []byte) {
	t.Helper()
	f, _ := Parse(name, src, testVerbs)
	out := Format(f)
	g, err := Parse(name, out, testVerbs)
	if err != nil {
		t.Fatalf("%s: the canonical form does not parse: %v\n%s", name, err, out)
	}
	if !sameFile(f, g) {
		t.Fatalf("%s: round trip changes the file:\n%s\nthen:\n%s", name, out, Format(g))
	}
	if again := Format(g); !bytes.Equal(again, out) {
		t.Fatalf("%s: Format is not idempotent:\n%s\nthen:\n%s", name, out, again)
	}
}

// sameFile compares the header and orders of two files without their
// positions.
func sameFile(a, b *File) bool {
	return reflect.DeepEqual(stripHeader(a.Header), stripHeader(b.Header)) &&
		reflect.DeepEqual(stripOrders(a.Orders), stripOrders(b.Orders))
}

func stripHeader(h Header) Header {
	out := Header{}
	for _, f := range h {
		out = append(out, HeaderField{Key: f.Key, Value: f.Value})
	}
	return out
}

func stripOrders(os []engine.Order) []engine.Order {
	out := []engine.Order{}
	for _, o := range os {
		s := engine.Order{Verb: o.Verb}
		for _, c := range o.Clauses {
			sc := engine.Clause{Keyword: c.Keyword}
			for _, w := range c.Words {
				sc.Words = append(sc.Words, engine.Word{Text: w.Text})
			}
			s.Clauses = append(s.Clauses, sc)
		}
		out = append(out, s)
	}
	return out
}

// FuzzParse checks that Parse never panics, that every error has a
// position, and that the file it returns (even with errors) formats to
// text that parses without error to the same file.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.orders"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("f", src, testVerbs)
		if file == nil {
			t.Fatal("nil file")
		}
		if err != nil {
			errs, ok := err.(ErrorList)
			if !ok || len(errs) == 0 || len(errs) > MaxErrors+1 {
				t.Fatalf("error %T %v", err, err)
			}
			for i, e := range errs {
				if e.Line < 1 || (i > 0 && e.Line <= errs[i-1].Line) {
					t.Fatalf("error %d at line %d: %v", i, e.Line, errs)
				}
			}
		}
		checkRoundTrip(t, "f", src)
	})
}

// Large hostile files parse in time linear in their size.
func BenchmarkParseWorstCase(b *testing.B) {
	var header, orders bytes.Buffer
	for i := 0; header.Len() < MaxFileSize-20; i++ {
		fmt.Fprintf(&header, "K%d: v\n", i)
	}
	for orders.Len() < MaxFileSize-200 {
		orders.WriteString("attack 2817 2818 2819 2820 2821 with RU-XV RU-XIII shift RU-R-1 if odds>=2-1 mvoe\n")
	}
	for _, src := range [][]byte{header.Bytes(), orders.Bytes(), bytes.Repeat([]byte("A: b\n"), MaxFileSize/5)} {
		for range b.N {
			Parse("f", src, testVerbs)
		}
	}
}
