package intake

import (
	"errors"
	"strings"
	"testing"
	"time"
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
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := Read(raw, 1<<16)
		if (m == nil) == (err == nil) {
			t.Fatalf("%v %v", m, err)
		}
	})
}
