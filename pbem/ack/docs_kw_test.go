package ack

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/dice"
	"pbem/scenarios"
)

// Every Kaiser's War order file the docs show (a fenced block marked
// `orders kw`) goes through the referee as a player's file would, in the
// first game-turn of kaiserswar-1914: it binds to its window without a
// problem, is acknowledged as accepted, and nothing of it is refused when
// the window is resolved with it, whatever the dice. Between the
// examples' windows every side sends nothing (its units are deployed and
// placed by the defaults of 3.2 and 9.7). The examples cover set-up,
// mobilization, movement and combat.
func TestDocExamplesKW(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	type example struct {
		doc     string
		f       *orders.File
		binding orders.Binding
	}
	byWindow := map[string][]example{}
	for _, doc := range docs {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile("(?s)```orders kw\n(.*?)```").FindAllSubmatch(b, -1) {
			name := filepath.Base(doc)
			f, err := orders.Parse(name, m[1], kwVerbs)
			if err != nil {
				t.Fatalf("%v\n%s", err, m[1])
			}
			bd, err := orders.ReadBinding(f.Header)
			if err != nil {
				t.Fatal(err)
			}
			byWindow[bd.Window] = append(byWindow[bd.Window], example{name, f, bd})
		}
	}
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	g, s, err := c.Find("kaiserswar-1914")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for st.Window().Turn == 1 {
		w := st.Window()
		sent := map[engine.Side][]engine.Order{}
		for _, ex := range byWindow[w.ID] {
			name, side := ex.doc, engine.Side(ex.binding.Side)
			delete(byWindow, w.ID)
			r, err := Bind(st, "club-9-kaiserswar", side, ex.f, time.Time{}, nil)
			if err != nil {
				t.Errorf("%s: %s: %v", name, w.ID, err)
				continue
			}
			for _, p := range r.Problems {
				t.Errorf("%s: %s: %s", name, w.ID, p)
			}
			a := Acknowledge(Ack{Game: "club-9-kaiserswar", Side: side, Fingerprint: fingerprint, Window: w,
				Deadline: "Tue 4 Aug 1914 18:00 UTC", File: ex.f, Result: r})
			if !strings.HasPrefix(a, "ACCEPTED: ") {
				t.Errorf("%s: %s: %s", name, w.ID, a)
			}
			if testing.Verbose() {
				t.Logf("%s", a)
			}
			for _, seed := range []string{"doc", "other dice", "third dice"} {
				_, events, err := st.Resolve(map[engine.Side][]engine.Order{side: ex.f.Orders}, dice.New([]byte(seed), w.ID))
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					if rj, ok := e.(*engine.Rejected); ok {
						t.Errorf("%s: %s: refused at resolution: %s", name, w.ID, rj.Problem)
					}
				}
			}
			sent[side] = append(sent[side], ex.f.Orders...)
			kinds[w.ID[strings.Index(w.ID, "-")+1:]] = true
		}
		st, _, err = st.Resolve(sent, dice.New([]byte("doc"), w.ID))
		if err != nil {
			t.Fatal(err)
		}
	}
	for id, exs := range byWindow {
		t.Errorf("%s: no window %s in the first game-turn", exs[0].doc, id)
	}
	for _, k := range []string{"SETUP", "MOB", "MOVE", "COMBAT1"} {
		if !kinds[k] {
			t.Errorf("no example for a %s window", k)
		}
	}
}
