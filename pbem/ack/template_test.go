package ack

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/orders"
	"pbem/pbem/dice"
)

// The template of every window of the first game-turn, for both sides,
// parses, validates and binds as it stands, and its acknowledgement once
// sent matches a golden file. Each side puts standing orders
// on file in the first window so that the templates show them.
func TestTemplateEveryWindow(t *testing.T) {
	st := tannenberg(t)
	standing := map[engine.Side]string{
		"DE": "losses DE-1ID DE-1RD\noptions 1 retreat half\nwithdrawal all sp 4\nretreat all toward 0613\n",
		"RU": "plan RU-R-1 with RU-XX RU-III\noverstack RU-1CD\nwithdrawal RU-1CD never\n",
	}
	var seen []string
	for st.Window().Turn == 1 {
		w := st.Window()
		seen = append(seen, w.ID)
		for _, side := range []engine.Side{"RU", "DE"} {
			text := Template(st, "t1", side)
			name := fmt.Sprintf("template-%s-%s", strings.ReplaceAll(w.ID, " ", "-"), side)
			golden(t, name, text)
			f, err := orders.Parse(name, []byte(text), verbs)
			if err != nil {
				t.Errorf("%s does not parse: %v", name, err)
				continue
			}
			if len(f.Orders) != 0 {
				t.Errorf("%s has orders: %v", name, f.Orders)
			}
			if p := st.Validate(side, f.Orders); len(p) > 0 {
				t.Errorf("%s: %v", name, p)
			}
			// As it stands, the template's placeholder nonce is refused.
			if _, err := Bind(st, "t1", side, f, time.Time{}, nil); err == nil || !strings.Contains(err.Error(), "Nonce: the templates' placeholder") {
				t.Errorf("%s binds with its placeholder nonce: %v", name, err)
			}
			// The acknowledgement of the template as a player sends it: the
			// nonce changed, and in the first window the standing orders.
			sent := strings.Replace(text, "change-me-12345678", "n0nce-"+string(side)+"-"+strings.ReplaceAll(w.ID, " ", "-"), 1) + standing[side]
			f, err = orders.Parse(name, []byte(sent), verbs)
			if err != nil {
				t.Fatalf("%s as sent does not parse: %v", name, err)
			}
			r, err := Bind(st, "t1", side, f, time.Time{}, nil)
			if err != nil {
				t.Fatalf("%s as sent does not bind: %v", name, err)
			}
			golden(t, strings.Replace(name, "template-", "ack-", 1), Acknowledge(Ack{Game: "t1", Side: side, Fingerprint: fingerprint,
				Window: w, Deadline: "Tue 3 Sep 1914 18:00 UTC", File: f, Result: r}))
		}
		byside := map[engine.Side][]engine.Order{}
		for side, text := range standing {
			f, err := orders.Parse("standing", []byte(text), verbs)
			if err != nil {
				t.Fatal(err)
			}
			if p := st.Validate(side, f.Orders); len(p) > 0 {
				t.Fatalf("%s: %v", side, p)
			}
			byside[side] = f.Orders
		}
		standing = nil
		next, _, err := st.Resolve(byside, dice.New([]byte("template"), w.ID))
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
	want := "GT1 DE-SETUP, GT1 RU-MOVE, GT1 DE-CAVWD, GT1 RU-COMBAT, GT1 DE-MOVE, GT1 RU-CAVWD, GT1 DE-COMBAT"
	if got := strings.Join(seen, ", "); got != want {
		t.Errorf("windows of GT1: %s, want %s", got, want)
	}
}
