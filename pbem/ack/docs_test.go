package ack

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/orders"
	"pbem/pbem/dice"
)

// Every order file the docs show (a fenced `orders` block of any file
// under docs/) goes through the referee as a player's file would: it binds
// to its window of tannenberg-1914 (with the cavalry windows) without a
// problem or a warning, is acknowledged as accepted, and when the window
// is resolved with it, nothing of it is refused. Between the examples'
// windows every side sends nothing and its standing orders decide.
func TestDocExamples(t *testing.T) {
	playDocExamples(t, docExamples{fence: "orders", verbs: verbs, st: tannenberg(t), game: "club-7-tannenberg",
		deadline: "Tue 3 Sep 1914 18:00 UTC", kinds: []string{"SETUP", "MOVE", "COMBAT", "CAVWD"}})
}

// docExamples are the order files of one system the docs show, and the
// game of the first game-turn they are played in.
type docExamples struct {
	fence    string // the fenced block's info string: "orders", "orders kw"
	verbs    []engine.Verb
	st       engine.State
	game     string
	deadline string
	kinds    []string // the kinds of window (the end of their ids) the examples must cover
	// merge: a side's several files for one window are all sent when the
	// window is resolved; otherwise the first.
	merge bool
}

// playDocExamples binds, acknowledges and resolves every example of x in
// its window of the first game-turn: no problem, "ACCEPTED", nothing
// refused whatever the dice; between them every side sends nothing.
func playDocExamples(t *testing.T, x docExamples) {
	t.Helper()
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
	fence := regexp.MustCompile("(?s)```" + regexp.QuoteMeta(x.fence) + "\n(.*?)```")
	for _, doc := range docs {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range fence.FindAllSubmatch(b, -1) {
			name := filepath.Base(doc)
			f, err := orders.Parse(name, m[1], x.verbs)
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
	kinds := map[string]bool{}
	st := x.st
	for st.Window().Turn == 1 {
		w := st.Window()
		sent := map[engine.Side][]engine.Order{}
		for _, ex := range byWindow[w.ID] {
			name, side := ex.doc, engine.Side(ex.binding.Side)
			delete(byWindow, w.ID)
			r, err := Bind(st, x.game, side, ex.f, time.Time{}, nil)
			if err != nil {
				t.Errorf("%s: %s: %v", name, w.ID, err)
				continue
			}
			for _, p := range r.Problems {
				t.Errorf("%s: %s: %s", name, w.ID, p)
			}
			a := Acknowledge(Ack{Game: x.game, Side: side, Fingerprint: fingerprint, Window: w,
				Deadline: x.deadline, File: ex.f, Result: r})
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
			if x.merge || sent[side] == nil {
				sent[side] = append(sent[side], ex.f.Orders...)
			}
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
	for _, k := range x.kinds {
		if !kinds[k] {
			t.Errorf("no example for a %s window", k)
		}
	}
}
