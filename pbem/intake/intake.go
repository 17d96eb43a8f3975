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
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // RFC 2047 words in any charset
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

// ErrTooLarge is returned for a mail over the size limit.
var ErrTooLarge = errors.New("mail too large")

// The longest header values Read returns as they are. A header line is
// at most 998 characters (RFC 5322 2.1.1), and a mail address at most
// 254, what fits a path of 256 with its angle brackets (RFC 5321
// 4.5.3.1.3); a mail that breaks them comes from no honest client.
const (
	MaxMessageID = 998
	MaxAddress   = 254
	MaxText      = 998 // a Subject or a From name, decoded
)

// Mail is the header facts of one received mail. Nothing in it is longer
// than its bound above, whatever the mail says.
type Mail struct {
	// MessageID is without angle brackets; "" if it has none. One over
	// MaxMessageID bytes is cut to that length, its last 64 bytes the
	// hex SHA-256 of the whole, so that two such IDs stay two and the
	// same one sent twice is still seen twice.
	MessageID string
	// From is the address of the From: field, unverified; FromName its
	// display name. An address over MaxAddress bytes is no address: From
	// and FromName are then "" and BadFrom is set, so that nothing is
	// ever sent to it (the signature, not the From:, says who sent it).
	From     string
	FromName string
	BadFrom  bool
	// Subject is decoded (RFC 2047); it and FromName are cut to MaxText
	// bytes, ending in "…".
	Subject string
	Date    time.Time // zero if missing or unreadable
	// Automatic: sent by a program (RFC 3834 Auto-Submitted, a
	// Precedence of bulk, junk or list, a List-Id, a bounce from
	// MAILER-DAEMON or an empty Return-Path). Never answered.
	Automatic bool
	// HTMLOnly: its only text is HTML, which cannot carry orders.
	HTMLOnly bool
	Size     int
}

// Read reads the header of raw, at most max bytes long. It copies none
// of the body, however large.
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
	if id, _ := h.MessageID(); len(id) > MaxMessageID {
		sum := sha256.Sum256([]byte(id))
		m.MessageID = cut(id, MaxMessageID-64) + hex.EncodeToString(sum[:])
	} else {
		m.MessageID = id
	}
	from := ""
	if addrs, err := h.AddressList("From"); err == nil && len(addrs) > 0 {
		from = addrs[0].Address
		if len(from) > MaxAddress {
			m.BadFrom = true
		} else {
			m.From, m.FromName = from, ellipsis(addrs[0].Name)
		}
	}
	if s, err := h.Subject(); err == nil {
		m.Subject = ellipsis(s)
	} else {
		m.Subject = ellipsis(h.Get("Subject"))
	}
	if d, err := h.Date(); err == nil {
		m.Date = d.UTC()
	}
	m.Automatic = automatic(h, from)
	if ct, _, err := h.ContentType(); err == nil && strings.HasPrefix(ct, "text/") {
		m.HTMLOnly = ct == "text/html"
	} else {
		html, plain := textTypes(raw)
		m.HTMLOnly = html && !plain
	}
	return m, nil
}

// cut is s cut to at most n bytes, at the start of a UTF-8 sequence.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// ellipsis is s if it is at most MaxText bytes long, else s cut to that
// length with "…" as its end.
func ellipsis(s string) string {
	if len(s) <= MaxText {
		return s
	}
	return cut(s, MaxText-len("…")) + "…"
}

var (
	textSlash = []byte("text/")
	html      = []byte("html")
	plain     = []byte("plain")
)

// textTypes reports whether raw names text/html and text/plain anywhere,
// in any case: a guess at a multipart mail's parts that needs no parse.
// It looks at each "/" and compares around it, rather than search a
// lower-case copy of the whole mail.
func textTypes(raw []byte) (hasHTML, hasPlain bool) {
	for i := 0; i < len(raw); i++ {
		j := bytes.IndexByte(raw[i:], '/')
		if j < 0 {
			break
		}
		i += j
		if i < len(textSlash)-1 || !bytes.EqualFold(raw[i-len(textSlash)+1:i+1], textSlash) {
			continue
		}
		rest := raw[i+1:]
		hasHTML = hasHTML || len(rest) >= len(html) && bytes.EqualFold(rest[:len(html)], html)
		hasPlain = hasPlain || len(rest) >= len(plain) && bytes.EqualFold(rest[:len(plain)], plain)
		if hasPlain {
			break // HTML or not, not HTML only
		}
	}
	return hasHTML, hasPlain
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
