// Package memmail is a whole mail system in the process: an IMAP server
// (go-imap's imapmemserver) with one mailbox per address, and an SMTP
// server (go-smtp) that delivers into them. The daemon's tests run
// against it, and `pbem demo` plays a game over it. Nothing is kept on
// disk; everything listens on 127.0.0.1 without TLS.
package memmail

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"
)

// System is the running mail system.
type System struct {
	IMAPAddr, SMTPAddr string

	mu    sync.Mutex
	mem   *imapmemserver.Server
	users map[string]*imapmemserver.User // by lower-case address
	got   map[string][][]byte            // every mail delivered, by address
	imap  *imapserver.Server
	smtp  *smtp.Server
}

// Start starts the servers with a mailbox for each address, whose IMAP
// login is the address and password, on free ports of 127.0.0.1.
func Start(passwords map[string]string) (*System, error) {
	return StartAt(passwords, "127.0.0.1:0", "127.0.0.1:0")
}

// StartAt is Start with the servers listening on the addresses given.
func StartAt(passwords map[string]string, imapAddr, smtpAddr string) (*System, error) {
	s := &System{users: map[string]*imapmemserver.User{}, got: map[string][][]byte{}}
	mem := imapmemserver.New()
	s.mem = mem
	for addr, pw := range passwords {
		u := imapmemserver.NewUser(addr, pw)
		if err := u.Create("INBOX", nil); err != nil {
			return nil, err
		}
		mem.AddUser(u)
		s.users[strings.ToLower(addr)] = u
	}
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
	})
	iln, err := net.Listen("tcp", imapAddr)
	if err != nil {
		return nil, err
	}
	s.IMAPAddr = iln.Addr().String()
	go s.imap.Serve(iln)
	s.smtp = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	s.smtp.Domain = "localhost"
	s.smtp.MaxMessageBytes = 64 << 20
	s.smtp.ReadTimeout, s.smtp.WriteTimeout = time.Minute, time.Minute
	sln, err := net.Listen("tcp", smtpAddr)
	if err != nil {
		iln.Close()
		return nil, err
	}
	s.SMTPAddr = sln.Addr().String()
	go s.smtp.Serve(sln)
	return s, nil
}

// AddMailbox makes a mailbox for address, as a player who fixed a wrong
// address would.
func (s *System) AddMailbox(address, password string) error {
	u := imapmemserver.NewUser(address, password)
	if err := u.Create("INBOX", nil); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mem.AddUser(u)
	s.users[strings.ToLower(address)] = u
	return nil
}

// Close stops both servers.
func (s *System) Close() {
	s.smtp.Close()
	s.imap.Close()
}

// Deliver puts raw into the INBOX of address, as a mail server would.
func (s *System) Deliver(address string, raw []byte) error {
	s.mu.Lock()
	u := s.users[strings.ToLower(address)]
	if u != nil {
		s.got[strings.ToLower(address)] = append(s.got[strings.ToLower(address)], bytes.Clone(raw))
	}
	s.mu.Unlock()
	if u == nil {
		return fmt.Errorf("no mailbox %s", address)
	}
	_, err := u.Append("INBOX", literal{bytes.NewReader(raw)}, &imap.AppendOptions{})
	return err
}

// Received lists every mail delivered to address so far, oldest first.
func (s *System) Received(address string) [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.got[strings.ToLower(address)]...)
}

type literal struct{ *bytes.Reader }

func (l literal) Size() int64 { return int64(l.Len()) }

// session is one SMTP conversation: every recipient must have a mailbox.
type session struct {
	s  *System
	to []string
}

func (x *session) Reset()                               { x.to = nil }
func (x *session) Logout() error                        { return nil }
func (x *session) Mail(string, *smtp.MailOptions) error { return nil }
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	_, ok := x.s.users[strings.ToLower(to)]
	x.s.mu.Unlock()
	if !ok {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox"}
	}
	x.to = append(x.to, to)
	return nil
}
func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	for _, to := range x.to {
		if err := x.s.Deliver(to, raw); err != nil {
			return err
		}
	}
	return nil
}

// OrderMail is a mail as a player's client sends an order file with its
// detached signature: the file base64-encoded as orders.txt and the
// signature as orders.txt.sig (SSH) or orders.txt.asc (OpenPGP).
func OrderMail(from, to, messageID string, text, signature []byte, sigExt string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: multipart/mixed; boundary=\"pbem-b0undary\"\r\n\r\n", from, to, messageID, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC).Format(time.RFC1123Z))
	b.WriteString("--pbem-b0undary\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=\"orders.txt\"\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	enc := base64.StdEncoding.EncodeToString(text)
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
	b.WriteString("--pbem-b0undary\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"orders.txt" + sigExt + "\"\r\n\r\n")
	b.WriteString(strings.ReplaceAll(strings.TrimRight(string(signature), "\n"), "\n", "\r\n") + "\r\n--pbem-b0undary--\r\n")
	return b.Bytes()
}

// TextMail is a plain text mail, as a player's client sends orders
// clearsigned in the body of the mail.
func TextMail(from, to, messageID, subject string, body []byte) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n", from, to, subject, messageID, time.Now().UTC().Format(time.RFC1123Z))
	b.WriteString(strings.ReplaceAll(strings.TrimRight(string(body), "\n"), "\n", "\r\n") + "\r\n")
	return b.Bytes()
}

// Silent listens on 127.0.0.1 and accepts connections without ever
// saying a word, as a server behind a broken network does: the tests use
// it to show that no client of the daemon hangs. It returns the address
// and the function that stops it.
func Silent() (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	return ln.Addr().String(), func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	}, nil
}
