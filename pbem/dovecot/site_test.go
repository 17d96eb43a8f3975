package dovecot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"flag"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders/sig"
	"pbem/pbem/daemon"
	"pbem/pbem/memmail"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// The one Dovecot of the test run, its users, and the pbem binary.
var (
	dove    *Server
	bin     string
	players = []string{"Anna", "Ben", "Mo", "Stranger"}
	slots   = 10 // one set of mailboxes per test that runs a daemon
	users   []string
)

func address(name string, slot int) string {
	return fmt.Sprintf("%s%d@club.example", strings.ToLower(name), slot)
}

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		// The race run (make race) is -short: these tests run the daemon
		// as its own process, where the race detector sees nothing.
		fmt.Println("pbem/dovecot: skipped in -short mode; `make unit` runs them")
		os.Exit(0)
	}
	dir, err := os.MkdirTemp("", "pbem-dovecot-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i := range slots {
		users = append(users, address("referee", i))
		for _, p := range players {
			users = append(users, address(p, i))
		}
	}
	dove, err = Start(filepath.Join(dir, "dovecot"), users, "secret")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "pbem")
	if out, err := exec.Command("go", "build", "-o", bin, "pbem/cmd/pbem").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		dove.Stop()
		os.Exit(1)
	}
	code := m.Run()
	if err := dove.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// site is one club's installation against the shared Dovecot: its own
// referee mailbox, players, database and daemon process.
type site struct {
	t      *testing.T
	slot   int
	dir    string
	cfg    string
	relay  *Relay
	keys   map[string]ssh.Signer
	daemon *exec.Cmd
	logs   *syncBuffer
	msgs   int // Message-IDs handed out
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newSite makes a club installation in mailbox slot; extra is more lines
// of its [referee] table.
func newSite(t *testing.T, slot int, extra string) *site {
	t.Helper()
	s := &site{t: t, slot: slot, dir: t.TempDir(), keys: map[string]ssh.Signer{}, logs: &syncBuffer{}}
	r, err := dove.NewRelay()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	s.relay = r
	for i, name := range players {
		signer, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{byte(10*slot + i + 1)}, 32)))
		if err != nil {
			t.Fatal(err)
		}
		s.keys[name] = signer
		if err := os.WriteFile(filepath.Join(s.dir, name+".pub"), ssh.MarshalAuthorizedKey(signer.PublicKey()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(s.dir, "imap.password"), []byte(dove.Password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.cfg = filepath.Join(s.dir, "pbem.toml")
	text := fmt.Sprintf(`[referee]
address = %q
database = %q
tick = "1s"
%s
[imap]
server = %q
tls = "implicit"
ca_file = %q
username = %q
password_file = %q
processed = "Done"
poll = "30s"
timeout = "10s"
[smtp]
server = %q
tls = "none"
retry = "1s"
[log]
level = "debug"
`, s.referee(), filepath.Join(s.dir, "pbem.db"), extra, dove.IMAPS, filepath.Join(dove.Dir, "tls", "cert.pem"), s.referee(),
		filepath.Join(s.dir, "imap.password"), r.Addr)
	if err := os.WriteFile(s.cfg, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s.daemon != nil && s.daemon.ProcessState == nil {
			s.daemon.Process.Kill()
			s.daemon.Wait()
		}
		if t.Failed() {
			t.Logf("daemon log:\n%s", s.logs)
		}
	})
	return s
}

func (s *site) referee() string      { return address("referee", s.slot) }
func (s *site) addr(n string) string { return address(n, s.slot) }

// pbem runs the pbem binary with the site's configuration: -c goes
// after the command's words ("game new", "backup").
func (s *site) pbem(args ...string) (string, error) {
	n := 1
	if args[0] == "game" || args[0] == "key" {
		n = 2
	}
	full := append(append(append([]string(nil), args[:n]...), "-c", s.cfg), args[n:]...)
	out, err := exec.Command(bin, full...).CombinedOutput()
	return string(out), err
}

func (s *site) start(env ...string) {
	s.t.Helper()
	s.daemon = exec.Command(bin, "serve", "-c", s.cfg)
	s.daemon.Env = append(os.Environ(), env...)
	s.daemon.Stdout, s.daemon.Stderr = s.logs, s.logs
	if err := s.daemon.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.eventually("the control socket", func() bool {
		_, ok, _ := daemon.Call(filepath.Join(s.dir, "pbem.db.sock"), daemon.Request{Cmd: "games"})
		return ok
	})
}

// kill ends the daemon with SIGKILL, as a crash would.
func (s *site) kill() {
	s.daemon.Process.Signal(syscall.SIGKILL)
	s.daemon.Wait()
}

// died waits for the daemon to end by itself (a crash point) and says
// whether it did in time.
func (s *site) died(within time.Duration) bool {
	done := make(chan struct{})
	go func() { s.daemon.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(within):
		return false
	}
}

func (s *site) stop() {
	s.t.Helper()
	s.daemon.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- s.daemon.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			s.t.Errorf("daemon: %v", err)
		}
	case <-time.After(20 * time.Second):
		s.t.Fatal("the daemon did not stop on SIGTERM")
	}
}

func (s *site) eventually(what string, ok func() bool) {
	s.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			s.t.Fatalf("waited in vain for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *site) newGame(extra ...string) {
	s.t.Helper()
	args := []string{"game", "new", "-id", "t1", "-scenario", "tannenberg-1914", "-early", "1s",
		"-player", "RU=Anna," + s.addr("Anna") + "," + filepath.Join(s.dir, "Anna.pub"),
		"-player", "DE=Ben," + s.addr("Ben") + "," + filepath.Join(s.dir, "Ben.pub"),
		"-moderator", "Mo," + s.addr("Mo") + "," + filepath.Join(s.dir, "Mo.pub")}
	out, err := s.pbem(append(args, extra...)...)
	if err != nil || !strings.Contains(out, "game t1 created") {
		s.t.Fatalf("game new: %v\n%s", err, out)
	}
}

// state reads the game's state from a hot backup: the test is the
// omniscient harness; each robot still sees only its side's View.
func (s *site) state() engine.State {
	s.t.Helper()
	path := filepath.Join(s.dir, fmt.Sprintf("backup-%d.db", time.Now().UnixNano()))
	if out, err := s.pbem("backup", "-o", path); err != nil {
		s.t.Fatalf("backup: %v\n%s", err, out)
	}
	db, err := store.Open(path)
	if err != nil {
		s.t.Fatal(err)
	}
	defer db.Close()
	var st engine.State
	err = db.View(func(tx *store.Tx) error {
		g, err := tx.Game("t1")
		if err != nil {
			return err
		}
		snap, err := tx.State("t1")
		if err != nil {
			return err
		}
		c, err := scenarios.Embedded()
		if c == nil {
			return err
		}
		data, sc, err := c.Find(g.Scenario)
		if err != nil {
			return err
		}
		rs, err := rulesets.Lookup(data.System)
		if err != nil {
			return err
		}
		opt := engine.Options{}
		for _, o := range g.Options {
			opt[o] = true
		}
		st, err = rs.Restore(data, sc, opt, snap)
		return err
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return st
}

// orders is the robot's signed order file for side in the open window.
func (s *site) orders(st engine.State, side engine.Side, nonce string, final bool) string {
	w := st.Window()
	text := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: %s\n", side, w.ID, nonce)
	if final {
		text += "Final: yes\n"
	}
	return text + "\n" + rulesetstest.Robot(st, side)
}

// send mails text signed by player over LMTP into the referee's mailbox.
func (s *site) send(player, text string) string {
	s.t.Helper()
	armored, err := sig.SignSSH(s.keys[player], []byte(text))
	if err != nil {
		s.t.Fatal(err)
	}
	s.msgs++
	id := fmt.Sprintf("%s-%d-%d@club.example", strings.ToLower(player), s.slot, s.msgs)
	raw := memmail.OrderMail(player+" <"+s.addr(player)+">", s.referee(), id, []byte(text), armored, ".sig")
	if err := dove.Deliver(s.addr(player), []string{s.referee()}, raw); err != nil {
		s.t.Fatal(err)
	}
	return id
}

// inbox reads a player's mailbox in Dovecot.
func (s *site) inbox(player string) []string {
	s.t.Helper()
	msgs, err := dove.Mail(s.addr(player), "INBOX")
	if err != nil {
		s.t.Fatal(err)
	}
	var out []string
	for _, m := range msgs {
		out = append(out, string(m))
	}
	return out
}

func (s *site) games() string {
	resp, ok, err := daemon.Call(filepath.Join(s.dir, "pbem.db.sock"), daemon.Request{Cmd: "games"})
	if !ok || err != nil {
		return ""
	}
	return resp.Text
}

// count is how many of mails say sub, in their headers or their decoded
// text (go-mail sends quoted-printable, which breaks long lines).
func count(mails []string, sub string) int {
	n := 0
	for _, m := range mails {
		if strings.Contains(m, sub) || strings.Contains(text(m), sub) {
			n++
		}
	}
	return n
}

// text is the decoded text of a mail: its body, or the text parts of a
// multipart mail, each undone from quoted-printable or base64.
func text(raw string) string {
	m, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		return ""
	}
	return partText(textproto.MIMEHeader(m.Header), m.Body)
}

func partText(h textproto.MIMEHeader, body io.Reader) string {
	media, params, _ := mime.ParseMediaType(h.Get("Content-Type"))
	if strings.HasPrefix(media, "multipart/") {
		var out strings.Builder
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextRawPart()
			if err != nil {
				return out.String()
			}
			out.WriteString(partText(p.Header, p))
		}
	}
	if media != "" && !strings.HasPrefix(media, "text/") {
		return ""
	}
	switch strings.ToLower(h.Get("Content-Transfer-Encoding")) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, _ := io.ReadAll(body)
	return string(b)
}
