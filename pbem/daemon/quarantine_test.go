package daemon

import (
	"bytes"
	"context"
	"errors"
	"pbem/engine/rulesets/rulesetstest"
	"strings"
	"testing"
	"time"

	"pbem/orders/sig"
	"pbem/pbem/mailin"
	"pbem/pbem/memmail"
	"pbem/pbem/referee"
	"pbem/pbem/store"
)

// Issue 15.1: a mail the referee fails on, every time, is put aside
// after Options.Tries attempts: moved to the quarantine folder, recorded
// (store, chain), told to the moderators of the sender's game; the mail
// after it is taken in. Before, the intake retried it for ever and took
// in nothing else.
func TestQuarantine(t *testing.T) {
	ru, de, mo := newSeat(t, "RU", "Anna", 1), newSeat(t, "DE", "Ben", 2), newSeat(t, "", "Mo", 3)
	tries := 0
	s := serveWith(t, func(o *Options) {
		o.Referee.Fault = func(d referee.Delivery) error {
			switch {
			case bytes.Contains(d.Raw, []byte("X-Fault: panic")):
				tries++
				panic("injected")
			case bytes.Contains(d.Raw, []byte("X-Fault: error")):
				return errors.New("injected")
			}
			return nil
		}
	}, ru, de, mo)
	s.call(Request{Cmd: "new", Spec: &referee.Spec{ID: "t1", Scenario: "tannenberg-1914",
		Players: []referee.Member{ru.member(), de.member()}, Moderators: []referee.Member{mo.member()}}})
	s.received(de.addr, 1)
	for _, fault := range []string{"panic", "error"} {
		bad := "From: Anna <anna@example.org>\r\nMessage-ID: <" + fault + "@example.org>\r\nX-Fault: " + fault + "\r\nSubject: hi\r\n\r\nhello\r\n"
		if err := s.mail.Deliver(refAddr, []byte(bad)); err != nil {
			t.Fatal(err)
		}
	}
	st, err := startState()
	if err != nil {
		t.Fatal(err)
	}
	text := "Game: t1\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: ben-0001-setup\n\n" + rulesetstest.Robot(st, "DE")
	armored, err := sig.SignSSH(de.signer, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.mail.Deliver(refAddr, memmail.OrderMail("Ben <"+de.addr+">", refAddr, "ben-1@example.org", []byte(text), armored, ".sig")); err != nil {
		t.Fatal(err)
	}
	if ack := s.received(de.addr, 2); !strings.Contains(ack, "ACCEPTED") {
		t.Fatalf("ack:\n%s", ack)
	}
	if tries != 3 {
		t.Errorf("the referee tried the mail %d times, want 3", tries)
	}
	// Both told to the moderator (after the game's first mail).
	notices := s.received(mo.addr, 3)
	if !strings.Contains(notices, "a mail from anna@example.org was put aside") || !strings.Contains(notices, "Quarantine") {
		t.Errorf("moderator's notice:\n%s", notices)
	}
	_ = s.db.View(func(tx *store.Tx) error {
		q, err := tx.Quarantined()
		if err != nil || len(q) != 2 || q[0].UID != 1 || q[0].Tries != 3 || !strings.Contains(q[0].Why, "injected") || q[0].From != ru.addr {
			t.Errorf("quarantined: %+v %v", q, err)
		}
		links, _ := tx.Chain("")
		if n := bytes.Count(bytes.Join(links, nil), []byte("verdict: quarantined")); n != 2 {
			t.Errorf("%d quarantine links in the referee's chain", n)
		}
		return nil
	})
	if list := s.call(Request{Cmd: "mail-list"}); !strings.Contains(list, "quarantined: 2 mails") || !strings.Contains(list, `from "anna@example.org"`) {
		t.Errorf("mail list:\n%s", list)
	}
	// The mail itself waits in the quarantine folder, the inbox is empty.
	for folder, want := range map[string]int{"Quarantine": 2, "INBOX": 0} {
		box := mailin.New(mailin.Config{Server: s.mail.IMAPAddr, TLS: "none", Username: refAddr, Password: "pw", Mailbox: folder, Poll: time.Second, Timeout: 5 * time.Second})
		var msgs []mailin.Message
		s.eventually(folder, func() bool {
			msgs, _, err = box.Fetch(context.Background(), store.Watermark{}, 1<<20, 50)
			return err == nil && len(msgs) == want
		})
		box.Close()
		if want > 0 && !bytes.Contains(msgs[0].Raw, []byte("X-Fault: panic")) {
			t.Errorf("%s holds:\n%s", folder, msgs[0].Raw)
		}
	}
}
