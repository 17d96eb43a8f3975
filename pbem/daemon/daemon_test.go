package daemon

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders/sig"
	"pbem/pbem/mailin"
	"pbem/pbem/memmail"
	"pbem/pbem/outbox"
	"pbem/pbem/referee"
	"pbem/pbem/store"
	"pbem/scenarios"
)

const refAddr = "referee@club.example"

type seat struct {
	side, name, addr string
	signer           ssh.Signer
}

func newSeat(t *testing.T, side, name string, seed byte) *seat {
	t.Helper()
	s, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, 32)))
	if err != nil {
		t.Fatal(err)
	}
	return &seat{side: side, name: name, addr: strings.ToLower(name) + "@example.org", signer: s}
}

func (s *seat) member() referee.Member {
	return referee.Member{Side: s.side, Name: s.name, Address: s.addr, Key: ssh.MarshalAuthorizedKey(s.signer.PublicKey())}
}

// served is a daemon running over an in-process mail system.
type served struct {
	t      *testing.T
	mail   *memmail.System
	db     *store.DB
	ctl    string
	cancel context.CancelFunc
	done   chan error
}

func serve(t *testing.T, seats ...*seat) *served {
	t.Helper()
	return serveWith(t, nil, seats...)
}

// serveWith is serve with the daemon's options changed by opt first.
func serveWith(t *testing.T, opt func(*Options), seats ...*seat) *served {
	t.Helper()
	pw := map[string]string{refAddr: "pw"}
	for _, s := range seats {
		pw[s.addr] = "pw"
	}
	sys, err := memmail.Start(pw)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sys.Close)
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ref := referee.New(db, referee.Config{Address: refAddr, Domain: "club.example", Catalog: c}, log)
	box := mailin.New(mailin.Config{Server: sys.IMAPAddr, TLS: "none", Username: refAddr, Password: "pw", Mailbox: "INBOX", Processed: "Done",
		Quarantine: "Quarantine", Idle: true, Poll: 2 * time.Second, Timeout: 5 * time.Second})
	snd := &outbox.Sender{DB: db, Mailer: &outbox.SMTP{Server: sys.SMTPAddr, TLS: "none", Timeout: 5 * time.Second}, From: refAddr,
		Timeout: 5 * time.Second, Retry: time.Second, MaxAttempts: 3, Log: log}
	s := &served{t: t, mail: sys, db: db, ctl: filepath.Join(dir, "pbem.sock"), done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	o := Options{DB: db, Referee: ref, Mailbox: box, Sender: snd, Folder: "INBOX", Quarantine: "Quarantine", MaxMail: 1 << 20,
		Tick: 100 * time.Millisecond, Log: log, Control: s.ctl}
	if opt != nil {
		opt(&o)
	}
	go func() { s.done <- Run(ctx, o) }()
	t.Cleanup(s.stop)
	// Wait for the control socket.
	s.eventually("the control socket", func() bool { _, ok, _ := Call(s.ctl, Request{Cmd: "games"}); return ok })
	return s
}

func (s *served) stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		s.t.Error("the daemon did not stop")
	}
	s.cancel = nil
}

func (s *served) eventually(what string, ok func() bool) {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			s.t.Fatalf("waited in vain for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *served) call(req Request) string {
	s.t.Helper()
	resp, ok, err := Call(s.ctl, req)
	if !ok || err != nil || resp.Error != "" {
		s.t.Fatalf("%s: ok %v, %v, %s", req.Cmd, ok, err, resp.Error)
	}
	return resp.Text
}

// received waits for the n-th mail to addr and returns it.
func (s *served) received(addr string, n int) string {
	s.t.Helper()
	s.eventually(fmt.Sprintf("mail %d to %s", n, addr), func() bool { return len(s.mail.Received(addr)) >= n })
	return string(s.mail.Received(addr)[n-1])
}

// The daemon end to end over real IMAP and SMTP exchanges: a game made
// over the control socket, its first mail to every player, a signed file
// fetched, acknowledged to its player and moved out of the inbox, the
// window resolved on the moderator's word, and the next window's mail.
func TestServe(t *testing.T) {
	ru, de, mo := newSeat(t, "RU", "Anna", 1), newSeat(t, "DE", "Ben", 2), newSeat(t, "", "Mo", 3)
	s := serve(t, ru, de, mo)
	out := s.call(Request{Cmd: "new", Spec: &referee.Spec{ID: "t1", Scenario: "tannenberg-1914",
		Players: []referee.Member{ru.member(), de.member()}, Moderators: []referee.Member{mo.member()}}})
	if !strings.Contains(out, "game t1 created") {
		t.Fatal(out)
	}
	first := s.received(de.addr, 1)
	if !strings.Contains(first, "Window: GT1 DE-SETUP") || !strings.Contains(first, "Auto-Submitted: auto-generated") || !strings.Contains(first, `filename="orders-GT1-DE-SETUP.txt"`) {
		t.Fatalf("first mail:\n%s", first)
	}
	// Ben's robot writes the set-up from its own view and mails it signed.
	st, err := startState()
	if err != nil {
		t.Fatal(err)
	}
	text := "Game: t1\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: ben-0001-setup\nFinal: yes\n\n" + rulesetstest.Robot(st, "DE")
	armored, err := sig.SignSSH(de.signer, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.mail.Deliver(refAddr, memmail.OrderMail("Ben <"+de.addr+">", refAddr, "ben-1@example.org", []byte(text), armored, ".sig")); err != nil {
		t.Fatal(err)
	}
	ack := s.received(de.addr, 2)
	if !strings.Contains(ack, "ACCEPTED") || !strings.Contains(ack, "Marked final") {
		t.Fatalf("ack:\n%s", ack)
	}
	s.eventually("the mail moved out of the inbox", func() bool {
		var w store.Watermark
		_ = s.db.View(func(tx *store.Tx) error { w, _ = tx.Watermark("INBOX"); return nil })
		return w.UID == 1
	})
	if show := s.call(Request{Cmd: "show", Game: "t1"}); !strings.Contains(show, "on file: DE from Ben") {
		t.Errorf("show:\n%s", show)
	}
	s.call(Request{Cmd: "process-now", Game: "t1", Who: "Mo", Why: "all in"})
	next := s.received(ru.addr, 3) // the game's start, the moderator's action, the next window
	if !strings.Contains(next, "GT1 DE-SETUP (German hidden set-up) is resolved.") || !strings.Contains(next, "Window: GT1 RU-MOVE") {
		t.Fatalf("next window:\n%s", next)
	}
	if games := s.call(Request{Cmd: "games"}); !strings.Contains(games, "GT1 RU-MOVE") {
		t.Errorf("games: %s", games)
	}
	s.stop()
}

func startState() (engine.State, error) {
	c, err := scenarios.Embedded()
	if c == nil {
		return nil, err
	}
	g, sc, err := c.Find("tannenberg-1914")
	if err != nil {
		return nil, err
	}
	return rulesets.New(g, sc, nil)
}
