package gamefuzz

import (
	"reflect"
	"strings"
	"testing"
)

// A record reads back as it was written: files with blank and comment
// lines, an empty file (sent) beside a side that sent nothing, a window
// where nobody sent anything, a problem of several lines.
func TestRecordRoundTrip(t *testing.T) {
	r := &Record{
		System: "gwite", Scenario: "tannenberg-battle", Options: []string{"cavalry-windows", "fog-limited"}, Seed: 17,
		Failed: "GT3 RU-MOVE", Problem: "Resolve panicked: boom\n\tat move.go:12\nand more",
		Windows: []WindowOrders{
			{ID: "GT3 SETUP", Sent: []Sent{{Side: "RU", Text: "# a comment\nmove RU-1 to 0101\n\nattack 0202 with RU-2"}, {Side: "DE", Text: ""}}},
			{ID: "GT3 RU-MOVE"},
			{ID: "GT3 DE-MOVE", Sent: []Sent{{Side: "DE", Text: "  move DE-1 to 0000  "}}},
		},
	}
	b, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Unmarshal("r.txt", b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r, back) {
		t.Fatalf("read back:\n%+v\nwant:\n%+v\nfile:\n%s", back, r, b)
	}
	if r.Name() != "tannenberg-battle-cavalry-windows+fog-limited-17.txt" {
		t.Errorf("name %q", r.Name())
	}
	for _, line := range []string{"=== GT1 SETUP", "--- RU"} {
		bad := &Record{System: "x", Scenario: "y", Windows: []WindowOrders{{ID: "w", Sent: []Sent{{Side: "RU", Text: "move A to 0101\n" + line}}}}}
		if _, err := bad.Marshal(); err == nil || !strings.Contains(err.Error(), "looks like a mark") {
			t.Errorf("an order line %q: %v", line, err)
		}
	}
}

// A file that is not a record says where and why.
func TestUnmarshalErrors(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"system: gwite\nscenario: s\ncolour: red\n", `r.txt:3: unknown key "colour"`},
		{"system: gwite\nscenario: s\nseed: -1\n", `r.txt:3: seed "-1"`},
		{"system: gwite\nscenario s\n", `r.txt:2: "scenario s": want KEY: VALUE`},
		{"system: gwite\nscenario: s\n--- RU\nmove\n", "r.txt:3: a side's orders before the first window"},
		{"system: gwite\nscenario: s\n=== GT1 SETUP\nmove A to 0101\n", `r.txt:4: "move A to 0101": orders before the side`},
		{"system: gwite\n=== GT1 SETUP\n", "r.txt: no system or no scenario"},
	} {
		_, err := Unmarshal("r.txt", []byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.file, err, c.want)
		}
	}
}
