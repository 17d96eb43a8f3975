package ack

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"pbem/engine"
	"pbem/orders"
	"pbem/pbem/dice"
)

// Every example file of docs/order-files.md binds to its window of
// tannenberg-1914 without a problem.
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "order-files.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```orders\n(.*?)```").FindAllSubmatch(doc, -1)
	kinds := map[string]bool{}
	for _, m := range blocks {
		f, err := orders.Parse("example", m[1], verbs)
		if err != nil {
			t.Fatalf("%v\n%s", err, m[1])
		}
		b, err := orders.ReadBinding(f.Header)
		if err != nil {
			t.Fatal(err)
		}
		st := tannenberg(t)
		for st.Window().ID != b.Window {
			if st.Window().Turn > 1 {
				t.Fatalf("no window %s in GT1", b.Window)
			}
			st, _, err = st.Resolve(nil, dice.New([]byte("doc"), st.Window().ID))
			if err != nil {
				t.Fatal(err)
			}
		}
		r, err := Bind(st, "club-7-tannenberg", engine.Side(b.Side), f, time.Time{}, nil)
		if err != nil {
			t.Errorf("%s: %v", b.Window, err)
			continue
		}
		if len(r.Problems) > 0 {
			t.Errorf("%s: %v", b.Window, r.Problems)
		}
		kinds[b.Window[len("GT1 DE-"):]] = true
	}
	for _, k := range []string{"SETUP", "MOVE", "COMBAT", "CAVWD"} {
		if !kinds[k] {
			t.Errorf("no example for a %s window", k)
		}
	}
}
