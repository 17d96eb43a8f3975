package outbox

import (
	"context"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"pbem/pbem/memmail"
	"pbem/pbem/store"
)

// sink is an in-process SMTP server that keeps what it receives and
// refuses recipients as told.
type sink struct {
	mu     sync.Mutex
	got    []string       // every message as received
	refuse map[string]int // recipient -> SMTP code
	addr   string
}

type session struct {
	s  *sink
	to []string
}

func (x *session) Reset()                               {}
func (x *session) Logout() error                        { return nil }
func (x *session) Mail(string, *smtp.MailOptions) error { return nil }
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	if code := x.s.refuse[to]; code != 0 {
		return &smtp.SMTPError{Code: code, Message: "refused by the test"}
	}
	x.to = append(x.to, to)
	return nil
}
func (x *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	x.s.mu.Lock()
	x.s.got = append(x.s.got, string(b))
	x.s.mu.Unlock()
	return err
}

func newSink(t *testing.T) *sink {
	t.Helper()
	s := &sink{refuse: map[string]int{}}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 5*time.Second, 5*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.addr = ln.Addr().String()
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return s
}

func (s *sink) messages() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got...)
}

func setup(t *testing.T, mailer Mailer) (*store.DB, *Sender) {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, &Sender{DB: db, Mailer: mailer, From: "referee@club.example", Timeout: 5 * time.Second, Retry: time.Minute, MaxAttempts: 3,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

var t0 = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

func queue(t *testing.T, db *store.DB, ms ...*store.Mail) {
	t.Helper()
	if err := db.Update(func(tx *store.Tx) error {
		for _, m := range ms {
			if err := tx.Enqueue(m, "club.example", t0); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// Mail goes out through a real SMTP exchange with its queued Message-ID
// and the RFC 3834 header; a 4xx refusal is retried later with a doubled
// wait; a 5xx refusal is given up at once.
func TestDrainOverSMTP(t *testing.T) {
	s := newSink(t)
	s.refuse["busy@example.org"] = 451
	s.refuse["gone@example.org"] = 550
	db, snd := setup(t, &SMTP{Server: s.addr, TLS: "none", Timeout: 5 * time.Second})
	queue(t, db,
		&store.Mail{Game: "t1", To: []string{"anna@example.org"}, Subject: "[t1] GT1 RU-MOVE: your orders are accepted", Body: "ACCEPTED: …\n"},
		&store.Mail{Game: "t1", To: []string{"busy@example.org"}, Subject: "busy", Body: "x\n"},
		&store.Mail{Game: "t1", To: []string{"gone@example.org"}, Subject: "gone", Body: "x\n"})
	clock := t0
	now := func() time.Time { return clock }
	sent, failed, err := snd.Drain(context.Background(), now)
	if err != nil || sent != 1 || failed != 2 {
		t.Fatalf("sent %d failed %d: %v", sent, failed, err)
	}
	msgs := s.messages()
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	for _, want := range []string{"Message-ID: <pbem.1.t1@club.example>", "Auto-Submitted: auto-generated", "From: <referee@club.example>", "To: <anna@example.org>", "Subject: [t1] GT1 RU-MOVE: your orders are accepted"} {
		if !strings.Contains(msgs[0], want) {
			t.Errorf("missing %q in\n%s", want, msgs[0])
		}
	}
	check := func(at time.Time, wantDue int) []store.Queued {
		t.Helper()
		var due []store.Queued
		_ = db.View(func(tx *store.Tx) error { due, _ = tx.Due(at, 10); return nil })
		if len(due) != wantDue {
			t.Errorf("at %v: %d due, want %d", at.Sub(t0), len(due), wantDue)
		}
		return due
	}
	check(t0.Add(59*time.Second), 0)
	due := check(t0.Add(time.Minute), 1)
	if len(due) == 1 && (due[0].Mail.To[0] != "busy@example.org" || due[0].Mail.Attempts != 1) {
		t.Errorf("retry: %+v", due[0].Mail)
	}
	clock = t0.Add(time.Minute)
	if _, failed, _ := snd.Drain(context.Background(), now); failed != 1 {
		t.Errorf("second drain: %d failed", failed)
	}
	check(clock.Add(2*time.Minute-time.Second), 0) // the wait doubled
	check(clock.Add(2*time.Minute), 1)
	_ = db.View(func(tx *store.Tx) error {
		sentMail, _ := tx.SentMail()
		if len(sentMail) != 2 || !sentMail[1].Mail.GaveUp || sentMail[1].Mail.Attempts != 1 {
			t.Errorf("sent mail: %+v", sentMail)
		}
		return nil
	})
}

// "starttls" never falls back to clear text: against a server that does
// not offer STARTTLS nothing is sent (gomail.v2 would send, password and
// all, in clear).
func TestSTARTTLSMandatory(t *testing.T) {
	s := newSink(t)
	db, snd := setup(t, &SMTP{Server: s.addr, TLS: "starttls", Username: "referee", Password: "s3cret", Timeout: 5 * time.Second})
	queue(t, db, &store.Mail{To: []string{"anna@example.org"}, Subject: "x", Body: "x\n"})
	sent, failed, err := snd.Drain(context.Background(), func() time.Time { return t0 })
	if err != nil || sent != 0 || failed != 1 || len(s.messages()) != 0 {
		t.Errorf("sent %d failed %d err %v, %d delivered", sent, failed, err, len(s.messages()))
	}
}

// A server that accepts the connection and says nothing does not hang
// the sender: the send times out and is retried later.
func TestSilentServerTimesOut(t *testing.T) {
	addr, stop, err := memmail.Silent()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	db, snd := setup(t, &SMTP{Server: addr, TLS: "none", Timeout: 500 * time.Millisecond})
	snd.Timeout = 500 * time.Millisecond
	queue(t, db, &store.Mail{To: []string{"anna@example.org"}, Subject: "x", Body: "x\n"})
	start := time.Now()
	_, failed, err := snd.Drain(context.Background(), func() time.Time { return t0 })
	if err != nil || failed != 1 {
		t.Errorf("failed %d: %v", failed, err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the send hung for %v", d)
	}
}
