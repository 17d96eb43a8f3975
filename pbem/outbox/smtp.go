package outbox

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"pbem/pbem/store"
)

// SMTP sends mail through an SMTP server with go-mail. TLS is never
// optional: "starttls" refuses a server that does not offer STARTTLS
// (rather than sending the password in clear, as gomail.v2 does),
// "implicit" speaks TLS from the start, and "none" is for a server on this
// machine only (the configuration checks that).
type SMTP struct {
	Server    string // host:port
	TLS       string // "starttls", "implicit" or "none"
	Username  string
	Password  string
	Timeout   time.Duration
	TLSConfig *tls.Config // nil: the system's roots, the server's host name
}

// Send implements Mailer.
func (s *SMTP) Send(ctx context.Context, from string, m *store.Mail) error {
	msg, err := message(from, m)
	if err != nil {
		return &Permanent{err}
	}
	host, port, err := net.SplitHostPort(s.Server)
	if err != nil {
		return &Permanent{err}
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		return &Permanent{fmt.Errorf("port %q", port)}
	}
	opts := []gomail.Option{gomail.WithPort(p), gomail.WithTimeout(s.Timeout)}
	if s.TLSConfig != nil {
		opts = append(opts, gomail.WithTLSConfig(s.TLSConfig))
	}
	switch s.TLS {
	case "starttls":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case "implicit":
		opts = append(opts, gomail.WithSSL())
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return &Permanent{fmt.Errorf("TLS mode %q", s.TLS)}
	}
	if s.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(s.Username), gomail.WithPassword(s.Password))
	}
	c, err := gomail.NewClient(host, opts...)
	if err != nil {
		return &Permanent{err}
	}
	err = c.DialAndSendWithContext(ctx, msg)
	var se *gomail.SendError
	if errors.As(err, &se) && !se.IsTemp() && se.ErrorCode() >= 500 && se.ErrorCode() < 600 {
		return &Permanent{err}
	}
	return err
}

// message builds the mail: plain UTF-8 text, the queued Message-ID, and
// Auto-Submitted (RFC 3834) so that vacation responders do not answer it.
func message(from string, m *store.Mail) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.From(from); err != nil {
		return nil, err
	}
	if err := msg.To(m.To...); err != nil {
		return nil, err
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(strings.Trim(m.ID, "<>"))
	msg.SetDateWithValue(m.Queued)
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Body)
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.Type))); err != nil {
			return nil, err
		}
	}
	return msg, nil
}
