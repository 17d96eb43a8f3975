package dovecot

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pbem/pbem/store"
)

// Bad mail, each answered as it deserves or not at all, nothing stored
// twice, the daemon up throughout: a 50 MB mail (never downloaded, a
// short reply from its header), a bomb of 500 unsigned mails from one
// sender who holds no seat (no reply: it would be backscatter), malformed MIME, an unknown
// charset, HTML only, a forged From: over orders that look right, and a
// signed file replayed in a new mail.
func TestBadMail(t *testing.T) {
	s := newSite(t, 8, "")
	s.start()
	s.newGame()
	st := s.state()
	deliver := func(from string, raw string) {
		t.Helper()
		if err := dove.Deliver(s.addr(from), []string{s.referee()}, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	head := func(from, id, extra string) string {
		return fmt.Sprintf("From: %s <%s>\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <%s@club.example>\r\n%s", from, s.addr(from), s.referee(), id, extra)
	}
	// 50 MB.
	big := head("Mo", "big", "Content-Type: text/plain\r\n\r\n") + strings.Repeat(strings.Repeat("x", 998)+"\r\n", 50<<10)
	deliver("Mo", big)
	// The bomb.
	for i := range 500 {
		deliver("Stranger", head("Stranger", fmt.Sprintf("bomb-%d", i), "\r\n")+"buy now\r\n")
	}
	deliver("Anna", head("Anna", "mime", "Content-Type: multipart/mixed; boundary=\"nowhere\"\r\n\r\n--elsewhere\r\nbroken\r\n"))
	deliver("Anna", head("Anna", "charset", "Content-Type: text/plain; charset=x-no-such-charset\r\n\r\n")+"move RU-XV to 2118\r\n")
	deliver("Anna", head("Anna", "html", "Content-Type: text/html; charset=utf-8\r\n\r\n")+"<p>move RU-XV to 2118</p>\r\n")
	file := s.orders(st, "DE", "ben-setup-001", false)
	deliver("Ben", head("Ben", "forged", "Content-Type: text/plain\r\n\r\n")+strings.ReplaceAll(file, "\n", "\r\n"))
	s.send("Ben", file)
	s.send("Ben", file) // the same signed file in a new mail
	s.eventually("every mail handled", func() bool {
		done, err := dove.Mail(s.referee(), "Done")
		return err == nil && len(done) == 500+7
	})
	s.eventually("the replies", func() bool {
		return count(s.inbox("Ben"), "ACCEPTED") == 1 && count(s.inbox("Ben"), "REFUSED") == 1 && len(s.inbox("Mo")) >= 2 && len(s.inbox("Anna")) >= 4
	})
	if n := len(s.relay.Sent(s.addr("Stranger"))); n != 0 {
		t.Errorf("%d replies to a bomb of 500 mails from an address of no game, want none", n)
	}
	for _, want := range []struct{ who, text string }{
		{"Mo", "the referee takes mail of at most"},
		{"Anna", "It holds only HTML; send plain text."},
		{"Anna", "the mail carries no signature"},
		{"Ben", "the same as one already accepted"},
	} {
		if count(s.inbox(want.who), want.text) == 0 {
			t.Errorf("no reply to %s saying %q", want.who, want.text)
		}
	}
	for _, m := range s.relay.Sent(s.addr("Mo")) {
		if len(m) > 1<<20 {
			t.Errorf("a %d-byte reply to the big mail", len(m))
		}
	}
	if !bytes.Contains([]byte(s.logs.String()), []byte("outcome=unsigned")) {
		t.Error("no verdict logged")
	}
	if g := s.games(); !strings.Contains(g, "on file: DE") {
		t.Errorf("the daemon is not up, or lost the file: %q", g)
	}
	s.stop()
	db, err := store.Open(filepath.Join(s.dir, "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_ = db.View(func(tx *store.Tx) error {
		if rs, _ := tx.Receipts("t1"); len(rs) != 1 {
			t.Errorf("%d receipts, want the one signed file", len(rs))
		}
		return nil
	})
}
