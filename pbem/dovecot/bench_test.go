package dovecot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders/sig"
	"pbem/pbem/config"
	"pbem/pbem/daemon"
	"pbem/pbem/dice"
	"pbem/pbem/mailin"
	"pbem/pbem/memmail"
	"pbem/pbem/outbox"
	"pbem/pbem/referee"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// bench is a referee in this process over the shared Dovecot, with one
// game whose German player's key signs the mails.
type bench struct {
	db     *store.DB
	ref    *referee.Referee
	box    *mailin.Mailbox
	signer ssh.Signer
	keys   map[string]ssh.Signer
	side   engine.Side
	player string
	slot   int
	st     engine.State
}

func newBench(b *testing.B, slot int) *bench {
	b.Helper()
	dir := b.TempDir()
	db, err := store.Open(filepath.Join(dir, "pbem.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	c, err := scenarios.Embedded()
	if c == nil {
		b.Fatal(err)
	}
	ref := referee.New(db, referee.Config{Address: address("referee", slot), Domain: "club.example", Catalog: c}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	keys := map[string]ssh.Signer{}
	var members []referee.Member
	for i, p := range []struct{ side, name string }{{"RU", "Anna"}, {"DE", "Ben"}} {
		s, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{byte(100 + i)}, 32)))
		if err != nil {
			b.Fatal(err)
		}
		keys[p.name] = s
		members = append(members, referee.Member{Side: p.side, Name: p.name, Address: address(p.name, slot), Key: ssh.MarshalAuthorizedKey(s.PublicKey())})
	}
	if err := ref.NewGame(referee.Spec{ID: "t1", Scenario: "tannenberg-1914", Players: members}, time.Now()); err != nil {
		b.Fatal(err)
	}
	tlsc, err := config.TLSConfig("127.0.0.1", filepath.Join(dove.Dir, "tls", "cert.pem"))
	if err != nil {
		b.Fatal(err)
	}
	box := mailin.New(mailin.Config{Server: dove.IMAPS, TLS: "implicit", TLSConfig: tlsc, Username: address("referee", slot), Password: dove.Password,
		Mailbox: "INBOX", Processed: fmt.Sprintf("Done%d", time.Now().UnixNano()), Idle: true, Poll: 30 * time.Second, Timeout: 10 * time.Second})
	b.Cleanup(func() { box.Close() })
	st, err := startState()
	if err != nil {
		b.Fatal(err)
	}
	return &bench{db: db, ref: ref, box: box, signer: keys["Ben"], keys: keys, side: "DE", player: "Ben", slot: slot, st: st}
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
	rs, err := rulesets.Lookup(g.System)
	if err != nil {
		return nil, err
	}
	return rs.New(g, sc, nil)
}

// deliver puts n signed order mails from Ben into the referee's inbox.
func (x *bench) deliver(b *testing.B, n int) {
	b.Helper()
	orders := rulesetstest.Robot(x.st, x.side)
	for i := range n {
		text := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: bench-%d-%d\n\n%s", x.side, x.st.Window().ID, time.Now().UnixNano(), i, orders)
		armored, err := sig.SignSSH(x.signer, []byte(text))
		if err != nil {
			b.Fatal(err)
		}
		raw := memmail.OrderMail(x.player+" <"+address(x.player, x.slot)+">", address("referee", x.slot), fmt.Sprintf("bench-%d-%d@club.example", time.Now().UnixNano(), i), []byte(text), armored, ".sig")
		if err := dove.Deliver(address(x.player, x.slot), []string{address("referee", x.slot)}, raw); err != nil {
			b.Fatal(err)
		}
	}
}

// intake delivers b.N mails, then takes them in one by one as the daemon
// does, timed.
func (x *bench) intake(b *testing.B) {
	x.deliver(b, b.N)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var w store.Watermark
		_ = x.db.View(func(tx *store.Tx) error { w, _ = tx.Watermark("INBOX"); return nil })
		msgs, _, err := x.box.Fetch(ctx, w, 1<<20, 1)
		if err != nil || len(msgs) != 1 {
			b.Fatalf("%d mails: %v", len(msgs), err)
		}
		m := msgs[0]
		v, err := x.ref.Receive(referee.Delivery{Mailbox: "INBOX", UIDValidity: m.Validity, UID: m.UID, Raw: m.Raw}, time.Now())
		if err != nil || v.Outcome != referee.Accepted {
			b.Fatalf("%+v %v", v, err)
		}
		if err := x.box.Done(ctx, m.UID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIntakeFromDovecot is the daemon's intake of one signed order
// mail from Dovecot: fetch it (size first, then the body), verify, parse,
// bind and acknowledge it in one transaction, and move it out of the
// inbox. BenchmarkFloorBareFetch, in the same run, only fetches and
// moves the same kind of mail: the least any intake can cost.
func BenchmarkIntakeFromDovecot(b *testing.B) {
	x := newBench(b, 9)
	x.intake(b)
}

// BenchmarkIntakeFromDovecotMoveWindow is the same intake for the
// Russian's 33-order file of GT1 RU-MOVE, whose acknowledgement previews
// the path of every move from the Russian view (ack.Bind, Preview).
func BenchmarkIntakeFromDovecotMoveWindow(b *testing.B) {
	x := newBench(b, 9)
	x.toMoveWindow(b)
	x.intake(b)
}

// toMoveWindow resolves the set-up: the Russian then mails his moves.
func (x *bench) toMoveWindow(b *testing.B) {
	if err := x.ref.ProcessNow("t1", "", "to the first move", time.Now()); err != nil {
		b.Fatal(err)
	}
	st, _, err := x.st.Resolve(nil, dice.New([]byte("unused"), "setup"))
	if err != nil {
		b.Fatal(err)
	}
	x.st, x.signer, x.side, x.player = st, x.keys["Anna"], "RU", "Anna"
}

func BenchmarkFloorBareFetch(b *testing.B) {
	newBench(b, 9).bareFetch(b)
}

// BenchmarkFloorBareFetchMoveWindow fetches the same mails as
// BenchmarkIntakeFromDovecotMoveWindow takes in.
func BenchmarkFloorBareFetchMoveWindow(b *testing.B) {
	x := newBench(b, 9)
	x.toMoveWindow(b)
	x.bareFetch(b)
}

// bareFetch delivers b.N mails, then fetches and moves them one by one,
// timed.
func (x *bench) bareFetch(b *testing.B) {
	x.deliver(b, b.N)
	ctx := context.Background()
	var w store.Watermark
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		msgs, validity, err := x.box.Fetch(ctx, w, 1<<20, 1)
		if err != nil || len(msgs) != 1 {
			b.Fatalf("%d mails: %v", len(msgs), err)
		}
		w = store.Watermark{UIDValidity: validity, UID: msgs[0].UID}
		if err := x.box.Done(ctx, msgs[0].UID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLatencyDeliveryToAck is the time from the delivery of a signed
// mail into Dovecot to its acknowledgement in the outbox, with the daemon
// waiting in IDLE (goal: under a second). BenchmarkFloorLMTPDelivery, in
// the same run, is the delivery alone.
func BenchmarkLatencyDeliveryToAck(b *testing.B) {
	x := newBench(b, 9)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	ctl := filepath.Join(b.TempDir(), "ctl.sock")
	go func() {
		done <- daemon.Run(ctx, daemon.Options{DB: x.db, Referee: x.ref, Mailbox: x.box, Folder: "INBOX", MaxMail: 1 << 20, Tick: time.Hour, Log: log, Control: ctl,
			Sender: &outbox.Sender{DB: x.db, Mailer: nullMailer{}, From: address("referee", 9), Timeout: time.Second, Retry: time.Hour, MaxAttempts: 1, Log: log}})
	}()
	defer func() { cancel(); <-done }()
	sent := func() int {
		n := 0
		_ = x.db.View(func(tx *store.Tx) error { m, _ := tx.SentMail(); n = len(m) + tx.Outbox(); return nil })
		return n
	}
	time.Sleep(200 * time.Millisecond) // into IDLE
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := sent()
		x.deliver(b, 1)
		deadline := time.Now().Add(30 * time.Second)
		for sent() == before {
			if time.Now().After(deadline) {
				b.Fatal("no acknowledgement")
			}
			time.Sleep(time.Millisecond)
		}
	}
}

func BenchmarkFloorLMTPDelivery(b *testing.B) {
	x := newBench(b, 9)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.deliver(b, 1)
	}
}

// nullMailer sends nothing: the latency stops at the outbox.
type nullMailer struct{}

func (nullMailer) Send(context.Context, string, *store.Mail) error { return nil }
