// Package intake reads what the referee needs of a received mail besides
// its signature: who it says it is from, its Message-ID and subject, and
// whether it was sent by a program (an auto-reply, a bounce, a list),
// which must never be answered, or the daemon and a mail robot could
// answer each other for ever. The signature and the orders are
// orders/sig's to find, over the raw bytes; nothing here is trusted.
package intake

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // RFC 2047 words in any charset
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

// ErrTooLarge is returned for a mail over the size limit.
var ErrTooLarge = errors.New("mail too large")

// Mail is the header facts of one received mail.
type Mail struct {
	MessageID string // without angle brackets; "" if it has none
	From      string // the address of the From: field, unverified
	FromName  string
	Subject   string
	Date      time.Time // zero if missing or unreadable
	// Automatic: sent by a program (RFC 3834 Auto-Submitted, a
	// Precedence of bulk, junk or list, a List-Id, a bounce from
	// MAILER-DAEMON or an empty Return-Path). Never answered.
	Automatic bool
	// HTMLOnly: its only text is HTML, which cannot carry orders.
	HTMLOnly bool
	Size     int
}

// Read reads the header of raw, at most max bytes long.
func Read(raw []byte, max int) (*Mail, error) {
	if len(raw) > max {
		return nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(raw), max)
	}
	th, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return nil, fmt.Errorf("mail header: %w", err)
	}
	h := mail.Header{Header: message.Header{Header: th}}
	m := &Mail{Size: len(raw)}
	m.MessageID, _ = h.MessageID()
	if addrs, err := h.AddressList("From"); err == nil && len(addrs) > 0 {
		m.From, m.FromName = addrs[0].Address, addrs[0].Name
	}
	if s, err := h.Subject(); err == nil {
		m.Subject = s
	} else {
		m.Subject = h.Get("Subject")
	}
	if d, err := h.Date(); err == nil {
		m.Date = d.UTC()
	}
	m.Automatic = automatic(h, m.From)
	lower := bytes.ToLower(raw)
	if ct, _, err := h.ContentType(); err == nil && strings.HasPrefix(ct, "text/") {
		m.HTMLOnly = ct == "text/html"
	} else {
		m.HTMLOnly = bytes.Contains(lower, []byte("text/html")) && !bytes.Contains(lower, []byte("text/plain"))
	}
	return m, nil
}

// automatic reports whether the header shows a mail sent by a program.
func automatic(h mail.Header, from string) bool {
	if v := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); v != "" && v != "no" {
		return true
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list":
		return true
	}
	if h.Get("List-Id") != "" || h.Get("X-Autoreply") != "" || h.Get("X-Autorespond") != "" {
		return true
	}
	if rp := strings.TrimSpace(h.Get("Return-Path")); rp == "<>" {
		return true
	}
	local, _, _ := strings.Cut(strings.ToLower(from), "@")
	return from == "" || local == "mailer-daemon" || local == "postmaster"
}
