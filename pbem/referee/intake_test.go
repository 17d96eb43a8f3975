package referee

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/orders/sig"
	"pbem/pbem/intake"
	"pbem/pbem/memmail"
	"pbem/pbem/store"
)

// The replies mailed so far, drained.
func (h *harness) replies(now time.Time) []*store.Mail { return h.outbox(now) }

// A mail with a 40,000-character Message-ID, one with a 40,000-character
// From, and one whose header is all of 60,000 bytes are each taken in
// with a verdict; the order file after them is accepted. Before, bbolt
// refused the long Message-ID and From as keys and the intake stalled.
func TestHeadersOfAnyLength(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := t0.Add(time.Hour)
	h.outbox(now)
	long := strings.Repeat("x", 40000)
	for name, raw := range map[string]string{
		"Message-ID": "From: anna@example.org\r\nMessage-ID: <" + long + "@example.org>\r\nSubject: hi\r\n\r\nhello\r\n",
		"From":       "From: " + long + "@example.org\r\nMessage-ID: <a@example.org>\r\nSubject: hi\r\n\r\nhello\r\n",
		"Subject":    "From: anna@example.org\r\nMessage-ID: <b@example.org>\r\nSubject: " + long + "\r\n\r\nhello\r\n",
		"X-Junk":     "From: anna@example.org\r\nMessage-ID: <c@example.org>\r\nX-Junk: " + strings.Repeat("y", 60000) + "\r\n\r\nhello\r\n",
	} {
		v, err := h.ref.Receive(Delivery{Mailbox: "INBOX", UIDValidity: 9, UID: h.uid + 1, Raw: []byte(raw)}, now)
		h.uid++
		if err != nil || v.Outcome != Unsigned || len(v.Why) > maxWhy+30 {
			t.Errorf("%s of 40,000 characters: %+v %v", name, v, err)
		}
	}
	for _, m := range h.replies(now) {
		if len(m.Subject) > 300 || len(m.To[0]) > intake.MaxAddress {
			t.Errorf("a reply with a subject of %d bytes to an address of %d", len(m.Subject), len(m.To[0]))
		}
	}
	ben := h.players["DE"]
	if v := h.receive(ben.mail(t, "m1", h.robotFile("DE", "ben-setup-0001", false)), now); v.Outcome != Accepted || !v.Replied {
		t.Fatalf("the order file after them: %+v", v)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		links, err := tx.Chain("")
		if err != nil || bytes.Count(bytes.Join(links, nil), []byte("kind: mail-in")) != 4 {
			t.Fatalf("the referee's chain: %d links, %v", len(links), err)
		}
		for _, l := range links {
			if len(l) > 4000 {
				t.Errorf("a link of %d bytes:\n%.300s", len(l), l)
			}
		}
		return nil
	})
}

// Issue 15.3: a Message-ID taken first by another mail does not make a
// player's signed file a duplicate. A duplicate is the same mail.
func TestMessageIDDoesNotShadow(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := t0.Add(time.Hour)
	h.outbox(now)
	ben := h.players["DE"]
	shadow := []byte("From: mallory@evil.example\r\nMessage-ID: <m1@example.org>\r\nSubject: hi\r\n\r\nhello\r\n")
	if v := h.receive(shadow, now); v.Outcome != Unsigned {
		t.Fatalf("the shadowing mail: %+v", v)
	}
	raw := ben.mail(t, "m1", h.robotFile("DE", "ben-setup-0001", false)) // Message-ID <m1@example.org>
	if v := h.receive(raw, now); v.Outcome != Accepted || !v.Replied {
		t.Fatalf("the signed file with the same Message-ID: %+v", v)
	}
	if m := h.replies(now); len(m) != 1 || m[0].To[0] != ben.address || !strings.HasPrefix(m[0].Body, "ACCEPTED") {
		t.Errorf("replies: %+v", m)
	}
	// The very same mail again (a server that renumbered its mailbox):
	// nothing is done and nobody is told twice.
	if v := h.receive(raw, now); v.Outcome != Duplicate || v.Replied {
		t.Errorf("the same bytes again: %+v", v)
	}
	// The same signed file in another mail: answered, never dropped.
	again := bytes.Replace(raw, []byte("Message-ID: <m1@example.org>"), []byte("Message-ID: <m1-resent@example.org>"), 1)
	if v := h.receive(again, now); v.Outcome != Refused || !v.Replied || !strings.Contains(v.Why, "already accepted") {
		t.Errorf("the same signed content in another mail: %+v", v)
	}
}

// Issue 15.4: 500 junk mails from 500 forged senders get no reply and
// are counted.
func TestNoBackscatter(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := t0.Add(time.Hour)
	h.outbox(now)
	for i := range 500 {
		raw := fmt.Sprintf("From: victim%d@example.net\r\nMessage-ID: <j%d@example.net>\r\nSubject: cheap\r\n\r\nbuy\r\n", i, i)
		if v := h.receive([]byte(raw), now); v.Outcome != Unsigned || v.Replied || !strings.Contains(v.Why, "holds no seat") {
			t.Fatalf("junk %d: %+v", i, v)
		}
	}
	if m := h.replies(now); len(m) != 0 {
		t.Errorf("%d replies to junk, the first to %s", len(m), m[0].To)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		if u, err := tx.Unanswered(); err != nil || u.Count != 500 || u.LastFrom != "victim499@example.net" {
			t.Errorf("counted %+v %v", u, err)
		}
		return nil
	})
}

// Issue 15.4: forged unsigned mail from a player's address uses up the
// replies to unsigned mail, never those that tell the player their own
// signature failed, nor the acknowledgement of a signed file.
func TestForgedMailSparesThePlayersReplies(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := t0.Add(time.Hour)
	h.outbox(now)
	ben := h.players["DE"]
	answered := 0
	for i := range 10 {
		forged := fmt.Sprintf("From: Ben <ben@example.org>\r\nMessage-ID: <f%d@evil.example>\r\nSubject: orders\r\n\r\nmove 1 to 2\r\n", i)
		if v := h.receive([]byte(forged), now); v.Replied {
			answered++
		}
	}
	if answered != h.ref.cfg.Replies {
		t.Errorf("%d of 10 forged mails answered, want the day's %d", answered, h.ref.cfg.Replies)
	}
	h.replies(now)
	// Ben's own file, its signature broken on the way (a byte of the
	// signed text changed): he is told.
	file := h.robotFile("DE", "ben-setup-0001", false)
	armored, err := sig.SignSSH(ben.signer, []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(file, "ben-setup-0001", "ben-setup-0002", 1)
	broken := memmail.OrderMail("Ben <ben@example.org>", "referee@club.example", "b1@example.org", []byte(changed), armored, ".sig")
	v := h.receive(broken, now)
	if v.Outcome != Unsigned || !v.Replied || !strings.Contains(v.Why, "bad signature") {
		t.Errorf("Ben's file with a broken signature: %+v", v)
	}
	if m := h.replies(now); len(m) != 1 || m[0].To[0] != ben.address || !strings.Contains(m[0].Body, "bad signature") {
		t.Errorf("the reply to the broken signature: %+v", m)
	}
	if v := h.receive(ben.mail(t, "b2", file), now); v.Outcome != Accepted || !v.Replied {
		t.Errorf("Ben's signed file after the forgeries: %+v", v)
	}
}

// Issue 15.4: every reply to mail no registered key signed counts against
// the referee's hourly cap, whoever the sender.
func TestHourlyCapOfReplies(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.ref.cfg.RepliesPerHour = 3
	now := t0.Add(time.Hour)
	h.outbox(now)
	send := func(at time.Time) (n int) {
		for i, who := range []string{"anna", "ben", "mo", "anna", "ben", "mo"} {
			raw := fmt.Sprintf("From: %s@example.org\r\nMessage-ID: <%d-%d@example.org>\r\n\r\nhello\r\n", who, i, at.Unix())
			if h.receive([]byte(raw), at).Replied {
				n++
			}
		}
		return n
	}
	if n := send(now); n != 3 {
		t.Errorf("%d replies in the hour, want 3", n)
	}
	if n := send(now.Add(59 * time.Minute)); n != 0 {
		t.Errorf("%d replies later in the same hour, want 0", n)
	}
	if n := send(now.Add(61 * time.Minute)); n != 3 {
		t.Errorf("%d replies the next hour, want 3", n)
	}
}
