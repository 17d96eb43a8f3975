package dovecot

import (
	"fmt"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/pbem/store"
)

// The daemon killed with SIGKILL at each instant that matters, then
// started again: between fetching a mail and recording it, between the
// commit and the IMAP move, between an SMTP send and its record, just
// before and just after the commit of a resolution. Afterwards the file
// is on record once, the window is resolved once, every mail arrives, and
// a mail sent twice carries the same Message-ID both times.
func TestCrashPoints(t *testing.T) {
	// The crash comes at the point's first time, but for mail-sent: the
	// fourth mail is Ben's acknowledgement, after the three that open
	// the game.
	for i, point := range []string{"intake-fetched:1", "intake-committed:1", "mail-sent:4", "resolve-before-commit:1", "resolve-after-commit:1"} {
		t.Run(point[:strings.Index(point, ":")], func(t *testing.T) {
			s := newSite(t, 1+i, "")
			s.start("PBEM_CRASH_AT=" + point)
			s.newGame()
			st := s.state()
			s.send("Ben", s.orders(st, "DE", "ben-setup-001", true))
			if !s.died(30 * time.Second) {
				t.Fatalf("the daemon did not reach %s", point)
			}
			if !strings.Contains(s.logs.String(), "serving") {
				t.Fatal("no daemon log")
			}
			s.start() // no crash this time
			s.eventually("the set-up resolved", func() bool { return strings.Contains(s.games(), "GT1 RU-MOVE") })
			s.eventually("Ben's acknowledgement and the next window", func() bool {
				in := s.inbox("Ben")
				return count(in, "ACCEPTED") >= 1 && count(in, "Window: GT1 RU-MOVE") >= 1
			})
			s.eventually("every player's next window", func() bool {
				return count(s.inbox("Anna"), "Window: GT1 RU-MOVE") >= 1 && count(s.inbox("Mo"), "GT1 RU-MOVE (Russian Movement Phase) (moderator)") >= 1
			})
			s.stop()
			db, err := store.Open(filepath.Join(s.dir, "pbem.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			_ = db.View(func(tx *store.Tx) error {
				recs, _ := tx.Records("t1")
				if len(recs) != 1 || recs[0].Window != "GT1 DE-SETUP" || len(recs[0].Files) != 1 || recs[0].Files[0].Player != "Ben" {
					t.Errorf("records: %+v", recs)
				}
				if rs, _ := tx.Receipts("t1"); len(rs) != 1 {
					t.Errorf("%d receipts for one file", len(rs))
				}
				if n := tx.Outbox(); n != 0 {
					t.Errorf("%d mails still in the outbox", n)
				}
				return nil
			})
			for _, p := range []string{"Anna", "Ben", "Mo"} {
				sameIDSameMail(t, p, s.inbox(p))
			}
			if left, err := dove.Mail(s.referee(), "INBOX"); err != nil || len(left) != 0 {
				t.Errorf("%d mails left in the referee's inbox (%v)", len(left), err)
			}
			if n := distinctIDs(s.inbox("Ben"), "ACCEPTED"); n != 1 {
				t.Errorf("%d distinct acknowledgements of one file", n)
			}
			if n := distinctIDs(s.inbox("Anna"), "Window: GT1 RU-MOVE"); n != 1 {
				t.Errorf("%d distinct mails opening GT1 RU-MOVE", n)
			}
		})
	}
}

func messageID(raw string) string {
	m, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		return ""
	}
	return m.Header.Get("Message-ID")
}

// sameIDSameMail: a Message-ID seen twice in a mailbox is the same mail
// sent twice, never two different mails.
func sameIDSameMail(t *testing.T, who string, mails []string) {
	t.Helper()
	subject := map[string]string{}
	for _, m := range mails {
		id := messageID(m)
		msg, _ := mail.ReadMessage(strings.NewReader(m))
		s := fmt.Sprint(msg.Header.Get("Subject"))
		if old, ok := subject[id]; ok && old != s {
			t.Errorf("%s: Message-ID %s on two different mails: %q and %q", who, id, old, s)
		}
		subject[id] = s
	}
}

func distinctIDs(mails []string, sub string) int {
	ids := map[string]bool{}
	for _, m := range mails {
		if strings.Contains(m, sub) {
			ids[messageID(m)] = true
		}
	}
	return len(ids)
}

// SIGKILL at arbitrary instants while files stream in: eight files, each
// followed by a kill after a few hundred milliseconds at most and a
// restart. Every file is taken exactly once, in order, and the last one
// is the one on file.
func TestRandomKills(t *testing.T) {
	s := newSite(t, 6, "")
	s.start()
	s.newGame()
	st := s.state()
	delays := []time.Duration{0, 350 * time.Millisecond, 40 * time.Millisecond, 900 * time.Millisecond, 120 * time.Millisecond, 10 * time.Millisecond, 600 * time.Millisecond, 250 * time.Millisecond}
	for i, d := range delays {
		s.send("Ben", s.orders(st, "DE", fmt.Sprintf("ben-try-%03d", i), false))
		time.Sleep(d)
		s.kill()
		s.start()
	}
	s.eventually("every file acknowledged", func() bool { return distinctIDs(s.inbox("Ben"), "ACCEPTED") == len(delays) })
	s.stop()
	db, err := store.Open(filepath.Join(s.dir, "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_ = db.View(func(tx *store.Tx) error {
		rs, _ := tx.Receipts("t1")
		pend, _ := tx.Pending("t1")
		if len(rs) != len(delays) {
			t.Errorf("%d receipts for %d files", len(rs), len(delays))
		}
		if p := pend["DE"]; p == nil || !strings.Contains(string(p.Canonical), fmt.Sprintf("ben-try-%03d", len(delays)-1)) {
			t.Errorf("the file on record is not the last one")
		}
		return nil
	})
	sameIDSameMail(t, "Ben", s.inbox("Ben"))
}

// Dovecot restarted while the daemon waits in IDLE: the daemon notices,
// reconnects by itself, and takes the next mail.
func TestDovecotRestart(t *testing.T) {
	s := newSite(t, 7, "")
	s.start()
	s.newGame()
	st := s.state()
	s.eventually("the daemon idling", func() bool { return strings.Contains(s.logs.String(), "serving") })
	time.Sleep(300 * time.Millisecond)
	if err := dove.Restart(users); err != nil {
		t.Fatal(err)
	}
	s.send("Ben", s.orders(st, "DE", "ben-after-restart", false))
	s.eventually("the acknowledgement after the restart", func() bool { return count(s.inbox("Ben"), "ACCEPTED") == 1 })
	if !strings.Contains(s.logs.String(), "msg=mailbox") {
		t.Errorf("the lost connection was not logged")
	}
	s.stop()
}
