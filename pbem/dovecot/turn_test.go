package dovecot

import (
	"fmt"
	"strings"
	"testing"

	"pbem/engine"
)

// A whole game-turn of Tannenberg (GT1, every window) played by two robot
// players through the real `pbem serve` process and a real Dovecot: each
// robot reads the state its side may see, mails its signed orders into
// the referee's mailbox over LMTP, gets its acknowledgement back through
// SMTP into its own Dovecot mailbox, and each window closes early once
// both files are final.
func TestGameTurnOverDovecot(t *testing.T) {
	s := newSite(t, 0, "")
	s.start()
	s.newGame("-option", "cavalry-windows")
	var windows []string
	acks := map[string]int{}
	for {
		st := s.state()
		w := st.Window()
		if w.Turn > 1 || w.Done {
			break
		}
		windows = append(windows, w.ID)
		for _, side := range w.Submit {
			player := map[engine.Side]string{"RU": "Anna", "DE": "Ben"}[side]
			s.send(player, s.orders(st, side, fmt.Sprintf("%s-%s", strings.ToLower(player), strings.ReplaceAll(w.ID, " ", "-")), true))
			acks[player]++
			s.eventually(fmt.Sprintf("%s's acknowledgement for %s", player, w.ID), func() bool {
				return count(s.inbox(player), "ACCEPTED") == acks[player]
			})
		}
		s.eventually("the end of "+w.ID, func() bool { g := s.games(); return g != "" && !strings.Contains(g, w.ID+" ") })
	}
	want := "GT1 DE-SETUP, GT1 RU-MOVE, GT1 DE-CAVWD, GT1 RU-COMBAT, GT1 DE-MOVE, GT1 RU-CAVWD, GT1 DE-COMBAT"
	if got := strings.Join(windows, ", "); got != want {
		t.Errorf("windows played: %s\nwant %s", got, want)
	}
	// Every player got the opening mail of every window, and the
	// moderator the full story.
	// The last of them may still be in the outbox.
	for _, p := range []string{"Anna", "Ben"} {
		s.eventually(fmt.Sprintf("%s's %d window mails", p, len(windows)+1), func() bool {
			return count(s.inbox(p), "Now open:") >= len(windows)+1
		})
	}
	s.eventually(fmt.Sprintf("the moderator's %d window mails", len(windows)+1), func() bool {
		return count(s.inbox("Mo"), "(moderator)") >= len(windows)+1
	})
	out, err := s.pbem("game", "show", "t1")
	if err != nil || !strings.Contains(out, fmt.Sprintf("windows resolved: %d", len(windows))) {
		t.Errorf("game show: %v\n%s", err, out)
	}
	s.stop()
}
