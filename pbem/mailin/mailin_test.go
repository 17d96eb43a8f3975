package mailin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"

	"pbem/pbem/memmail"
	"pbem/pbem/store"
)

// memServer is an in-process IMAP server with one user, "referee".
type memServer struct {
	addr string
	user *imapmemserver.User
	srv  *imapserver.Server
}

func newMemServer(t *testing.T, caps imap.CapSet) *memServer {
	t.Helper()
	mem := imapmemserver.New()
	user := imapmemserver.NewUser("referee", "pw")
	if err := user.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(user)
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         caps,
		InsecureAuth: true,
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return &memServer{addr: ln.Addr().String(), user: user, srv: srv}
}

type literal struct{ *bytes.Reader }

func (l literal) Size() int64 { return int64(l.Len()) }

func (s *memServer) deliver(t *testing.T, raw string) {
	t.Helper()
	if _, err := s.user.Append("INBOX", literal{bytes.NewReader([]byte(raw))}, &imap.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
}

func mail(i int, body string) string {
	return fmt.Sprintf("From: anna@example.org\r\nMessage-ID: <m%d@example.org>\r\nSubject: orders %d\r\n\r\n%s\r\n", i, i, body)
}

var rev2 = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}

func newBox(addr string, processed string) *Mailbox {
	return New(Config{Server: addr, TLS: "none", Username: "referee", Password: "pw", Mailbox: "INBOX", Processed: processed,
		Idle: true, Poll: 5 * time.Second, Timeout: 2 * time.Second})
}

// New mail is found above the watermark, smallest UID first; a mail over
// the size limit comes without its body; processed mail leaves the
// mailbox for the processed folder; a new UIDVALIDITY rereads everything.
func TestFetchAndDone(t *testing.T) {
	s := newMemServer(t, rev2)
	for i := 1; i <= 3; i++ {
		s.deliver(t, mail(i, "move RU-XV to 2118"))
	}
	s.deliver(t, mail(4, string(bytes.Repeat([]byte("x"), 5000))))
	m := newBox(s.addr, "Processed")
	defer m.Close()
	ctx := context.Background()
	msgs, validity, err := m.Fetch(ctx, store.Watermark{}, 4096, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 4 || msgs[0].UID >= msgs[1].UID || !bytes.Contains(msgs[0].Raw, []byte("Message-ID: <m1@example.org>")) || !msgs[3].HeaderOnly || !bytes.HasPrefix(msgs[3].Raw, []byte("From: anna@example.org")) || bytes.Contains(msgs[3].Raw, []byte("xxxx")) || msgs[3].Size < 5000 {
		t.Fatalf("%d messages: %+v", len(msgs), msgs)
	}
	w := store.Watermark{UIDValidity: validity, UID: msgs[1].UID}
	rest, _, err := m.Fetch(ctx, w, 4096, 10)
	if err != nil || len(rest) != 2 || rest[0].UID != msgs[2].UID {
		t.Fatalf("after the watermark: %+v %v", rest, err)
	}
	// "UID n:*" past the last mail still names the last one: filtered.
	if none, _, err := m.Fetch(ctx, store.Watermark{UIDValidity: validity, UID: msgs[3].UID}, 4096, 10); err != nil || len(none) != 0 {
		t.Errorf("past the last mail: %+v %v", none, err)
	}
	if all, _, err := m.Fetch(ctx, store.Watermark{UIDValidity: validity + 1, UID: msgs[3].UID}, 4096, 10); err != nil || len(all) != 4 {
		t.Errorf("new UIDVALIDITY: %d mails %v", len(all), err)
	}
	if err := m.Done(ctx, msgs[0].UID, msgs[1].UID); err != nil {
		t.Fatal(err)
	}
	left, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10)
	if err != nil || len(left) != 2 {
		t.Errorf("after moving two: %d left, %v", len(left), err)
	}
	st, err := s.user.Status("Processed", &imap.StatusOptions{NumMessages: true})
	if err != nil || *st.NumMessages != 2 {
		t.Errorf("processed folder: %+v %v", st, err)
	}
}

// IDLE returns as soon as mail arrives, long before the poll interval.
func TestWaitIdleWakesOnMail(t *testing.T) {
	s := newMemServer(t, rev2)
	m := newBox(s.addr, "")
	defer m.Close()
	ctx := context.Background()
	if _, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(200 * time.Millisecond)
		s.deliver(t, mail(1, "hello"))
	}()
	start := time.Now()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("IDLE took %v to notice the mail", d)
	}
	msgs, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10)
	if err != nil || len(msgs) != 1 {
		t.Errorf("%d mails, %v", len(msgs), err)
	}
}

// A server that never answers cannot hang the referee: every command
// gives up after the timeout.
func TestSilentServer(t *testing.T) {
	addr, stop, err := memmail.Silent()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	m := newBox(addr, "")
	m.cfg.Timeout = 300 * time.Millisecond
	start := time.Now()
	_, _, err = m.Fetch(context.Background(), store.Watermark{}, 4096, 10)
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("got %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("hung for %v", d)
	}
}

// The connection dropped by the server is made again on the next call.
func TestReconnect(t *testing.T) {
	s := newMemServer(t, rev2)
	m := newBox(s.addr, "")
	defer m.Close()
	ctx := context.Background()
	if _, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10); err != nil {
		t.Fatal(err)
	}
	m.c.Close() // as if the network broke
	s.deliver(t, mail(1, "x"))
	msgs, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10)
	if err != nil {
		// One failure is allowed: the dead connection is found out and
		// dropped; the next call dials again.
		msgs, _, err = m.Fetch(ctx, store.Watermark{}, 4096, 10)
	}
	if err != nil || len(msgs) != 1 {
		t.Errorf("%d mails, %v", len(msgs), err)
	}
}

// Without IDLE (idle = false, or a server that lacks it: the same path)
// the mailbox is polled: Wait returns after the poll interval with a
// NOOP, and the mail that came meanwhile is fetched.
func TestWaitPollsWithoutIdle(t *testing.T) {
	s := newMemServer(t, rev2)
	m := newBox(s.addr, "")
	m.cfg.Poll, m.cfg.Idle = 300*time.Millisecond, false
	defer m.Close()
	ctx := context.Background()
	if _, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10); err != nil {
		t.Fatal(err)
	}
	s.deliver(t, mail(1, "x"))
	start := time.Now()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 250*time.Millisecond {
		t.Errorf("Wait returned after %v, before the poll interval", d)
	}
	if msgs, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10); err != nil || len(msgs) != 1 {
		t.Errorf("%d mails, %v", len(msgs), err)
	}
}

// With no folder for processed mail, Done flags the mail seen and leaves
// it where it is (the watermark keeps it from being taken twice).
func TestDoneFlagsWithoutFolder(t *testing.T) {
	s := newMemServer(t, rev2)
	s.deliver(t, mail(1, "x"))
	m := newBox(s.addr, "")
	defer m.Close()
	ctx := context.Background()
	msgs, _, err := m.Fetch(ctx, store.Watermark{}, 4096, 10)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("%d mails, %v", len(msgs), err)
	}
	if err := m.Done(ctx, msgs[0].UID); err != nil {
		t.Fatal(err)
	}
	st, err := s.user.Status("INBOX", &imap.StatusOptions{NumMessages: true, NumUnseen: true})
	if err != nil || *st.NumMessages != 1 || *st.NumUnseen != 0 {
		t.Errorf("INBOX after Done: %+v %v", st, err)
	}
}
