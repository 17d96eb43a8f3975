package referee

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A close-up shows the fighting of the window just resolved: its file is
// named after that window, not after the window the mail opens, which
// names the map. The game's dice seed is drawn afresh each run, so the
// first battle's window varies: the test plays until one is fought.
func TestCloseupNamedAfterTheWindowFought(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := t0
	h.outbox(now)
	seen := false
	for k := 0; k < 30 && !seen; k++ {
		st, _ := h.state()
		fought := st.Window().ID
		for _, side := range st.Window().Submit {
			file := h.robotFile(string(side), fmt.Sprintf("%s-closeup-%02d", strings.ToLower(string(side)), k), false)
			if v := h.receive(h.players[string(side)].mail(t, fmt.Sprintf("c%d%s", k, side), file), now); v.Outcome != Accepted {
				t.Fatalf("window %s, %s: %+v", fought, side, v)
			}
		}
		h.outbox(now)
		now = now.Add(time.Hour)
		if err := h.ref.ProcessNow("t1", "Mo", "test", now); err != nil {
			t.Fatal(err)
		}
		opened, _ := h.state()
		for _, m := range h.outbox(now) {
			for _, a := range m.Attachments {
				switch {
				case strings.HasPrefix(a.Name, "closeup-"):
					seen = true
					if want := "closeup-" + strings.ReplaceAll(fought, " ", "-") + ".png"; a.Name != want {
						t.Errorf("after %s: %s, want %s", fought, a.Name, want)
					}
				case strings.HasPrefix(a.Name, "map-"):
					if want := "map-" + strings.ReplaceAll(opened.Window().ID, " ", "-") + ".png"; a.Name != want {
						t.Errorf("after %s: %s, want %s", fought, a.Name, want)
					}
				}
			}
		}
	}
	if !seen {
		t.Error("no close-up in the first thirty windows")
	}
}
