package intake

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, head string
		want       Mail
	}{
		{"plain", "From: Anna Petrova <anna@example.org>\r\nMessage-ID: <a1@example.org>\r\nSubject: =?utf-8?q?Befehle_f=C3=BCr_GT1?=\r\nDate: Sun, 22 Nov 2026 18:00:00 +0000\r\n",
			Mail{MessageID: "a1@example.org", From: "anna@example.org", FromName: "Anna Petrova", Subject: "Befehle für GT1", Date: time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)}},
		{"latin-1 name", "From: =?iso-8859-1?q?J=FCrgen?= <j@example.org>\r\n", Mail{From: "j@example.org", FromName: "Jürgen"}},
		{"vacation reply (RFC 3834)", "From: anna@example.org\r\nAuto-Submitted: auto-replied\r\n", Mail{From: "anna@example.org", Automatic: true}},
		{"auto-submitted no", "From: anna@example.org\r\nAuto-Submitted: no\r\n", Mail{From: "anna@example.org"}},
		{"list", "From: club@example.org\r\nList-Id: <club.example.org>\r\n", Mail{From: "club@example.org", Automatic: true}},
		{"bulk", "From: news@example.org\r\nPrecedence: bulk\r\n", Mail{From: "news@example.org", Automatic: true}},
		{"bounce", "From: MAILER-DAEMON@example.org\r\n", Mail{From: "MAILER-DAEMON@example.org", Automatic: true}},
		{"null return path", "Return-Path: <>\r\nFrom: anna@example.org\r\n", Mail{From: "anna@example.org", Automatic: true}},
		{"no From", "Subject: hi\r\n", Mail{Subject: "hi", Automatic: true}},
		{"HTML only", "From: anna@example.org\r\nContent-Type: text/html; charset=utf-8\r\n", Mail{From: "anna@example.org", HTMLOnly: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.head + "\r\nbody\r\n")
			got, err := Read(raw, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			tc.want.Size = len(raw)
			if *got != tc.want {
				t.Errorf("got  %+v\nwant %+v", *got, tc.want)
			}
		})
	}
}

func TestReadLimits(t *testing.T) {
	if _, err := Read([]byte(strings.Repeat("x", 101)), 100); !errors.Is(err, ErrTooLarge) {
		t.Errorf("too large: %v", err)
	}
	if _, err := Read([]byte("no header at all, no colon\r\n"), 100); err == nil {
		t.Error("read a mail with no header")
	}
	m, err := Read([]byte("From: a@x\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>move</p>\r\n--b--\r\n"), 1000)
	if err != nil || !m.HTMLOnly {
		t.Errorf("HTML alternative: %+v %v", m, err)
	}
}

// FuzzRead: any bytes give a Mail or an error, never a panic.
func FuzzRead(f *testing.F) {
	f.Add([]byte("From: Anna <anna@example.org>\r\nMessage-ID: <a@b>\r\nSubject: =?utf-8?b?w7w=?=\r\n\r\nbody"))
	f.Add([]byte("Return-Path: <>\r\nAuto-Submitted: auto-replied\r\nContent-Type: text/html\r\n\r\n"))
	f.Add([]byte("From: <" + strings.Repeat("a", 300) + "@b>\r\nMessage-ID: <" + strings.Repeat("c", 1200) + "@d>\r\nContent-Type: multipart/mixed\r\n\r\nText/HTML"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := Read(raw, 1<<16)
		if (m == nil) == (err == nil) {
			t.Fatalf("%v %v", m, err)
		}
		if m == nil {
			return
		}
		if len(m.MessageID) > MaxMessageID || len(m.From) > MaxAddress || len(m.FromName) > MaxText || len(m.Subject) > MaxText {
			t.Fatalf("over its bound: %+v", m)
		}
		if m.BadFrom && (m.From != "" || m.FromName != "") {
			t.Fatalf("BadFrom with From %q, name %q", m.From, m.FromName)
		}
		// The guess without a copy is the guess on the lower-case copy
		// (once text/plain is found, text/html no longer matters).
		lower := bytes.ToLower(raw)
		html, plain := textTypes(raw)
		if plain != bytes.Contains(lower, []byte("text/plain")) || !plain && html != bytes.Contains(lower, []byte("text/html")) {
			t.Fatalf("textTypes = %v, %v", html, plain)
		}
	})
}

// TestReadBounds: header values over their bounds never come back raw.
func TestReadBounds(t *testing.T) {
	long := func(c string, n int) string { return strings.Repeat(c, n) }
	read := func(t *testing.T, head string) *Mail {
		t.Helper()
		m, err := Read([]byte(head+"\r\nbody\r\n"), 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	t.Run("Message-ID of 40000 characters", func(t *testing.T) {
		id := long("a", 40000) + "@example.org"
		m := read(t, "From: anna@example.org\r\nMessage-ID: <"+id+">\r\n")
		if len(m.MessageID) != MaxMessageID || !strings.HasPrefix(id, m.MessageID[:MaxMessageID-64]) {
			t.Errorf("Message-ID of %d bytes: %.80q...", len(m.MessageID), m.MessageID)
		}
		// Two long IDs that differ only past the cut stay two; the same
		// one read again is the same.
		other := read(t, "From: anna@example.org\r\nMessage-ID: <"+long("a", 40000)+"@example.net>\r\n")
		again := read(t, "From: anna@example.org\r\nMessage-ID: <"+id+">\r\n")
		if other.MessageID == m.MessageID || again.MessageID != m.MessageID {
			t.Errorf("cut IDs: %q, %q, %q", m.MessageID[900:], other.MessageID[900:], again.MessageID[900:])
		}
		if m := read(t, "Message-ID: <"+long("b", MaxMessageID-12)+"@example.org>\r\n"); len(m.MessageID) != MaxMessageID || !strings.Contains(m.MessageID, "b@") {
			t.Errorf("a Message-ID of exactly %d bytes was changed: %q", MaxMessageID, m.MessageID)
		}
	})
	t.Run("From of 40000 characters", func(t *testing.T) {
		m := read(t, "From: Anna <"+long("a", 40000)+"@example.org>\r\nSubject: orders\r\n")
		if m.From != "" || m.FromName != "" || !m.BadFrom || m.Automatic {
			t.Errorf("From %.40q, name %q, BadFrom %v, Automatic %v: want no From, BadFrom, not automatic (a signed mail is still read)", m.From, m.FromName, m.BadFrom, m.Automatic)
		}
		m = read(t, "From: "+long("a", 40000)+"@example.org\r\n")
		if m.From != "" || !m.BadFrom {
			t.Errorf("bare address: From %.40q, BadFrom %v", m.From, m.BadFrom)
		}
		// The longest address RFC 5321 allows passes.
		addr := long("a", 64) + "@" + long("b", MaxAddress-65-4) + ".org"
		if m := read(t, "From: <"+addr+">\r\n"); m.From != addr || m.BadFrom {
			t.Errorf("an address of %d bytes: From %q, BadFrom %v", len(addr), m.From, m.BadFrom)
		}
		if m := read(t, "From: <a"+addr+">\r\n"); m.From != "" || !m.BadFrom {
			t.Errorf("an address of %d bytes: From %q, BadFrom %v", len(addr)+1, m.From, m.BadFrom)
		}
	})
	t.Run("From name of 40000 characters", func(t *testing.T) {
		m := read(t, "From: "+long("ü", 20000)+" <anna@example.org>\r\n")
		if m.From != "anna@example.org" || m.BadFrom || len(m.FromName) > MaxText || !strings.HasSuffix(m.FromName, "ü…") || !utf8.ValidString(m.FromName) {
			t.Errorf("From %q, name of %d bytes ending %q, BadFrom %v", m.From, len(m.FromName), m.FromName[max(0, len(m.FromName)-8):], m.BadFrom)
		}
	})
	t.Run("Subject of 40000 characters", func(t *testing.T) {
		m := read(t, "From: anna@example.org\r\nSubject: "+long("x", 40000)+"\r\n")
		if len(m.Subject) > MaxText || !strings.HasPrefix(m.Subject, long("x", 900)) || !strings.HasSuffix(m.Subject, "…") {
			t.Errorf("Subject of %d bytes", len(m.Subject))
		}
		// Encoded words (RFC 2047) are cut once decoded, on a character.
		m = read(t, "From: anna@example.org\r\nSubject: "+strings.Repeat("=?utf-8?b?w7zDvMO8?= ", 4000)+"\r\n")
		if len(m.Subject) > MaxText || !utf8.ValidString(m.Subject) || !strings.HasPrefix(m.Subject, "üüü") {
			t.Errorf("encoded Subject of %d bytes, valid UTF-8 %v", len(m.Subject), utf8.ValidString(m.Subject))
		}
		if m := read(t, "Subject: "+long("y", MaxText)+"\r\n"); m.Subject != long("y", MaxText) {
			t.Errorf("a Subject of exactly %d bytes was changed", MaxText)
		}
	})
}

// TestReadLarge: a 60 MB mail is read with no copy of it: Read allocates
// no more than largeAllocBound, for the header alone, whatever the body;
// the HTML-only guess still finds a part's type past 60 MB, in any case.
func TestReadLarge(t *testing.T) {
	// largeAllocBound: the header's fields and a 4 KiB read buffer.
	const largeAllocBound = 64 << 10
	head := "From: Anna <anna@example.org>\r\nMessage-ID: <big@example.org>\r\nSubject: map\r\n" +
		"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: TEXT/HTML\r\n\r\n<p>my orders</p>\r\n" +
		"--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n"
	line := "iVBORw0KGgo/AAAANSUhEUgAA+AQAAAAEACAYAAAB/Ar3t0aaBBCDefghijk/lmnopQRSTuvwxyz09\r\n" // 78 bytes, "/" and "+" as base64 has them
	for _, tc := range []struct {
		tail     string
		htmlOnly bool
	}{
		{"--b--\r\n", true},
		{"--b\r\nContent-Type: Text/Plain\r\n\r\nmove RU-XV to 2918\r\n--b--\r\n", false},
	} {
		var b bytes.Buffer
		b.Grow(61 << 20)
		b.WriteString(head)
		for b.Len() < 60_000_000 {
			b.WriteString(line)
		}
		b.WriteString(tc.tail)
		raw := b.Bytes()
		var m *Mail
		var err error
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m, err = Read(raw, 64<<20)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > largeAllocBound {
			t.Errorf("Read allocated %d bytes for a mail of %d, more than %d", n, len(raw), largeAllocBound)
		} else {
			t.Logf("Read allocated %d bytes for a mail of %d", n, len(raw))
		}
		if m.HTMLOnly != tc.htmlOnly || m.From != "anna@example.org" || m.Size != len(raw) {
			t.Errorf("HTMLOnly %v (want %v), From %q, Size %d", m.HTMLOnly, tc.htmlOnly, m.From, m.Size)
		}
	}
}
