// Package dovecot runs the daemon against a real mail server for the
// integration tests: a private Dovecot 2.3 on 127.0.0.1 started by
// scripts/start-dovecot.sh (mail delivered into it over LMTP, as an MTA
// would), and an SMTP relay in the test process that hands the daemon's
// outgoing mail to Dovecot the same way, so every player's mail can be
// read back over IMAP.
package dovecot

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

// Server is a running Dovecot.
type Server struct {
	Dir         string
	IMAP, IMAPS string // host:port
	LMTP        string
	Password    string // every user's
	scripts     string
}

// Start runs a Dovecot under dir with a mailbox for each address, all
// with the same password, on free ports. The tests need the dovecot-imapd
// and dovecot-lmtpd packages: `make deps` installs them.
func Start(dir string, addresses []string, password string) (*Server, error) {
	if _, err := exec.LookPath("dovecot"); err != nil {
		return nil, errors.New("dovecot is not installed: run `make deps` (Debian: dovecot-imapd dovecot-lmtpd)")
	}
	_, file, _, _ := runtime.Caller(0)
	s := &Server{Dir: dir, Password: password, scripts: filepath.Join(filepath.Dir(file), "..", "..", "scripts")}
	ports, err := freePorts(3)
	if err != nil {
		return nil, err
	}
	s.IMAP, s.IMAPS, s.LMTP = "127.0.0.1:"+ports[0], "127.0.0.1:"+ports[1], "127.0.0.1:"+ports[2]
	args := []string{dir, ports[0], ports[1], ports[2]}
	for _, a := range addresses {
		args = append(args, a+":"+password)
	}
	out, err := exec.Command(filepath.Join(s.scripts, "start-dovecot.sh"), args...).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("start-dovecot.sh: %v\n%s", err, out)
	}
	return s, nil
}

// Stop stops the Dovecot and waits until it is gone.
func (s *Server) Stop() error {
	out, err := exec.Command(filepath.Join(s.scripts, "stop-dovecot.sh"), s.Dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("stop-dovecot.sh: %v\n%s", err, out)
	}
	return nil
}

// Restart stops the Dovecot and starts it again on the same ports.
func (s *Server) Restart(addresses []string) error {
	if err := s.Stop(); err != nil {
		return err
	}
	args := []string{s.Dir, port(s.IMAP), port(s.IMAPS), port(s.LMTP)}
	for _, a := range addresses {
		args = append(args, a+":"+s.Password)
	}
	out, err := exec.Command(filepath.Join(s.scripts, "start-dovecot.sh"), args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("start-dovecot.sh: %v\n%s", err, out)
	}
	return nil
}

func port(addr string) string { return addr[strings.LastIndex(addr, ":")+1:] }

func freePorts(n int) ([]string, error) {
	var out []string
	var lns []net.Listener
	defer func() {
		for _, l := range lns {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		lns = append(lns, l)
		out = append(out, port(l.Addr().String()))
	}
	return out, nil
}

// Deliver hands raw to Dovecot over LMTP for each recipient.
func (s *Server) Deliver(from string, to []string, raw []byte) error {
	conn, err := net.DialTimeout("tcp", s.LMTP, 5*time.Second)
	if err != nil {
		return err
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if err := c.Mail(from, nil); err != nil {
		return err
	}
	for _, r := range to {
		if err := c.Rcpt(r, nil); err != nil {
			return fmt.Errorf("LMTP RCPT %s: %w", r, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		return err
	}
	return w.Close()
}

// Mail reads every message of address's folder over IMAP, oldest first.
func (s *Server) Mail(address, folder string) ([][]byte, error) {
	c, err := imapclient.DialInsecure(s.IMAP, nil)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if err := c.Login(address, s.Password).Wait(); err != nil {
		return nil, err
	}
	sel, err := c.Select(folder, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, err
	}
	if sel.NumMessages == 0 {
		return nil, nil
	}
	bs := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.SeqSetNum(seq(sel.NumMessages)...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{bs}}).Collect()
	if err != nil {
		return nil, err
	}
	sort.Slice(msgs, func(i, j int) bool { return msgs[i].UID < msgs[j].UID })
	var out [][]byte
	for _, m := range msgs {
		out = append(out, m.FindBodySection(bs))
	}
	return out, nil
}

func seq(n uint32) []uint32 {
	out := make([]uint32, n)
	for i := range out {
		out[i] = uint32(i + 1)
	}
	return out
}

// Relay is an SMTP server in the test process that delivers what the
// daemon sends into Dovecot over LMTP, and counts it.
type Relay struct {
	Addr string
	srv  *smtp.Server
	mu   sync.Mutex
	sent map[string][][]byte // by recipient
	down bool
}

// NewRelay starts a relay into s.
func (s *Server) NewRelay() (*Relay, error) {
	r := &Relay{sent: map[string][][]byte{}}
	r.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &relaySession{r: r, s: s}, nil }))
	r.srv.Domain = "localhost"
	r.srv.ReadTimeout, r.srv.WriteTimeout = time.Minute, time.Minute
	r.srv.MaxMessageBytes = 64 << 20
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r.Addr = ln.Addr().String()
	go r.srv.Serve(ln)
	return r, nil
}

// Close stops the relay.
func (r *Relay) Close() { r.srv.Close() }

// Sent lists what was relayed to address.
func (r *Relay) Sent(address string) [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([][]byte(nil), r.sent[strings.ToLower(address)]...)
}

// SetDown makes the relay refuse every mail with a 451, as a mail server
// that is down for maintenance.
func (r *Relay) SetDown(down bool) {
	r.mu.Lock()
	r.down = down
	r.mu.Unlock()
}

type relaySession struct {
	r    *Relay
	s    *Server
	from string
	to   []string
}

func (x *relaySession) Reset()        { x.to = nil }
func (x *relaySession) Logout() error { return nil }
func (x *relaySession) Mail(from string, _ *smtp.MailOptions) error {
	x.r.mu.Lock()
	down := x.r.down
	x.r.mu.Unlock()
	if down {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "down for maintenance"}
	}
	x.from = from
	return nil
}
func (x *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}
func (x *relaySession) Data(rd io.Reader) error {
	raw, err := io.ReadAll(rd)
	if err != nil {
		return err
	}
	if err := x.s.Deliver(x.from, x.to, raw); err != nil {
		return &smtp.SMTPError{Code: 451, Message: err.Error()}
	}
	x.r.mu.Lock()
	for _, t := range x.to {
		x.r.sent[strings.ToLower(t)] = append(x.r.sent[strings.ToLower(t)], bytes.Clone(raw))
	}
	x.r.mu.Unlock()
	return nil
}

// Log is Dovecot's log, for a failing test's report.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.Dir, "dovecot.log"))
	return string(b)
}
