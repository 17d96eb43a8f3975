package dovecot

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/pbem/config"
	"pbem/pbem/mailin"
	"pbem/pbem/store"
)

// The mailbox over each TLS mode Dovecot offers: STARTTLS on the IMAP
// port and TLS from the start on the IMAPS port, both checked against the
// test certificate; and a certificate nobody vouches for is refused.
func TestMailboxTLS(t *testing.T) {
	ca := filepath.Join(dove.Dir, "tls", "cert.pem")
	good, err := config.TLSConfig("127.0.0.1", ca)
	if err != nil {
		t.Fatal(err)
	}
	unknown, err := config.TLSConfig("127.0.0.1", "")
	if err != nil {
		t.Fatal(err)
	}
	user := address("stranger", 9)
	if err := dove.Deliver("someone@example.org", []string{user}, []byte("From: someone@example.org\r\nSubject: x\r\nMessage-ID: <tls@x>\r\n\r\nhello\r\n")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, mode, addr string
		ok               bool
	}{
		{"starttls", "starttls", dove.IMAP, true},
		{"implicit", "implicit", dove.IMAPS, true},
		{"unknown certificate", "implicit", dove.IMAPS, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := good
			if !tc.ok {
				cfg = unknown
			}
			m := mailin.New(mailin.Config{Server: tc.addr, TLS: tc.mode, TLSConfig: cfg, Username: user, Password: dove.Password, Mailbox: "INBOX",
				Poll: time.Minute, Timeout: 10 * time.Second})
			defer m.Close()
			msgs, _, err := m.Fetch(context.Background(), store.Watermark{}, 1<<20, 10)
			switch {
			case tc.ok && (err != nil || len(msgs) == 0):
				t.Errorf("%d mails, %v", len(msgs), err)
			case !tc.ok && (err == nil || !strings.Contains(err.Error(), "certificate")):
				t.Errorf("an unknown certificate was taken: %v", err)
			}
		})
	}
}
