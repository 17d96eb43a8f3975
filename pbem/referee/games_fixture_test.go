package referee

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/orders/sig"
	"pbem/pbem/ack"
	"pbem/pbem/audit"
	"pbem/pbem/chain"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// The stores BenchmarkGames measures: one game played through the
// referee, then cloned at the store level into as many finished games as
// a club's year leaves. Playing 300 games would take hours; a clone costs
// what writing its records costs.

// playGame plays game t1 of h as playThroughReferee does (robot files,
// signed and mailed; a moderator's command in the third window) until it
// ends or stop says so of the open window after k windows, and returns
// the time it reached and every mail the referee queued, attachments
// whole, as the sender took them.
func playGame(tb testing.TB, h *harness, stop func(k int, open engine.Window) bool) (time.Time, []*store.Mail) {
	tb.Helper()
	now := t0
	mails := h.outbox(now)
	for k := 0; ; k++ {
		st, _ := h.state()
		if st.Window().Done || stop(k, st.Window()) {
			break
		}
		sendFiles(tb, h, fmt.Sprintf("games-%02d", k), now)
		if k == 2 {
			cmd := "Game: t1\nCommand: extend 24h\nNonce: mo-games-0001\nWhy: a holiday\n"
			if v := h.receive(h.players["mo"].mail(tb, "g-mo", cmd), now); v.Outcome != Accepted {
				tb.Fatalf("extend: %+v", v)
			}
		}
		mails = append(mails, h.outbox(now)...)
		now = now.Add(time.Hour)
		if err := h.ref.ProcessNow("t1", "Mo", "test", now); err != nil {
			tb.Fatal(err)
		}
	}
	return now, append(mails, h.outbox(now)...)
}

// sendFiles mails the robot's file of every side the open window of t1
// waits for, signed by its player; each is accepted.
func sendFiles(tb testing.TB, h *harness, nonce string, now time.Time) {
	tb.Helper()
	st, _ := h.state()
	for _, side := range st.Window().Submit {
		file := h.robotFile(string(side), strings.ToLower(string(side))+"-"+nonce, false)
		if v := h.receive(h.players[string(side)].mail(tb, nonce+string(side), file), now); v.Outcome != Accepted {
			tb.Fatalf("%s, %s: %+v", st.Window().ID, side, v)
		}
	}
}

// gameSource is everything the store holds of one game, read back, with
// the mails the referee queued for it: what a clone is made of.
type gameSource struct {
	game     *store.Game
	keys     []sig.KeyEntry
	state    []byte
	window   store.Window
	records  []*store.Record
	receipts []ack.Receipt
	files    map[string][]byte
	links    []*chain.Link
	mails    map[string]*store.Mail // by Message-ID
}

// readSource reads game t1 of h and the mails it was sent.
func readSource(tb testing.TB, h *harness, mails []*store.Mail) *gameSource {
	tb.Helper()
	s := &gameSource{mails: map[string]*store.Mail{}}
	for _, m := range mails {
		s.mails[m.ID] = m
	}
	err := h.db.View(func(tx *store.Tx) error {
		var err error
		if s.game, err = tx.Game("t1"); err != nil {
			return err
		}
		if s.keys, err = tx.Keys("t1"); err != nil {
			return err
		}
		if s.receipts, err = tx.Receipts("t1"); err != nil {
			return err
		}
		if s.state, err = tx.State("t1"); err != nil {
			return err
		}
		if s.window, err = tx.Window("t1"); err != nil {
			return err
		}
		if s.records, err = tx.Records("t1"); err != nil {
			return err
		}
		if s.files, err = tx.Files("t1"); err != nil {
			return err
		}
		encoded, err := tx.Chain("t1")
		if err != nil {
			return err
		}
		for _, e := range encoded {
			l, err := chain.Decode(e)
			if err != nil {
				return err
			}
			s.links = append(s.links, l)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// clone stores a copy of the source game as game id, in tx: its set-up,
// keys, state, records, receipts and files as they are, and its chain
// remade link by link (the creation names the new id; each mail is queued
// again where its link was, so that its link names its new Message-ID)
// and hashed afresh, so that the clone audits as the source does. Its
// mails are marked sent, as the sender would; their pictures are left
// out, as a sent mail keeps only their names.
func (s *gameSource) clone(tx *store.Tx, id string) error {
	g := *s.game
	g.ID = id
	if err := tx.CreateGame(&g, s.keys, s.state, s.window); err != nil {
		return err
	}
	for _, r := range s.records {
		c := *r
		if err := tx.AddRecord(id, &c); err != nil {
			return err
		}
	}
	for _, rc := range s.receipts {
		if err := tx.AddReceipt(id, rc); err != nil {
			return err
		}
	}
	for sum, data := range s.files {
		if err := tx.PutFileAs(id, sum, data); err != nil {
			return err
		}
	}
	queued := 0
	for _, l := range s.links {
		if l.Kind == chain.KindMailOut {
			m, ok := s.mails[l.Get("message-id")]
			if !ok {
				return fmt.Errorf("link %d: mail %s was not taken from the outbox", l.Seq, l.Get("message-id"))
			}
			if err := tx.Enqueue(sentCopy(m, id), "club.example", l.At); err != nil {
				return err
			}
			queued++
			continue
		}
		c := &chain.Link{At: l.At, Kind: l.Kind, Fields: slices.Clone(l.Fields)}
		if l.Kind == chain.KindGame {
			for i := range c.Fields {
				if c.Fields[i].Key == "game" {
					c.Fields[i].Value = id
				}
			}
		}
		if _, err := tx.Append(id, c); err != nil {
			return err
		}
	}
	return markAllSent(tx, queued)
}

// markAllSent marks sent the n mails of the outbox, which holds nothing
// else while games are cloned.
func markAllSent(tx *store.Tx, n int) error {
	due, err := tx.Due(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), n+1)
	if err != nil {
		return err
	}
	if len(due) != n {
		return fmt.Errorf("%d mails in the outbox, %d queued", len(due), n)
	}
	for _, q := range due {
		if err := tx.MarkSent(q.Seq, q.Mail.Queued); err != nil {
			return err
		}
	}
	return nil
}

// sentCopy is m for game id with a Message-ID of its own to come; its
// PNGs are left out, which the sent mail would drop anyway (queueing
// 50 MB of pictures per game would make the clones cost minutes).
func sentCopy(m *store.Mail, id string) *store.Mail {
	c := &store.Mail{Game: id, To: m.To, Body: m.Body, Subject: strings.Replace(m.Subject, "[t1]", "["+id+"]", 1)}
	for _, a := range m.Attachments {
		if a.Type == "image/png" {
			a.Data = nil
		}
		c.Attachments = append(c.Attachments, a)
	}
	return c
}

// A clone audits clean as its source does, with as many links, records
// and mails, and leaves nothing in the outbox: the games BenchmarkGames
// holds are games an audit checks whole.
func TestGameClonesAudit(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	_, mails := playGame(t, h, func(k int, _ engine.Window) bool { return k == 4 })
	src := readSource(t, h, mails)
	db, err := store.Open(filepath.Join(t.TempDir(), "clones.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ids := []string{"g0001", "g0002"}
	if err := db.Update(func(tx *store.Tx) error {
		for _, id := range ids {
			if err := src.clone(tx, id); err != nil {
				return fmt.Errorf("clone %s: %w", id, err)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	r := New(db, Config{Address: "referee@club.example", Domain: "club.example", Catalog: h.ref.cfg.Catalog}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	mailOut := 0
	for _, l := range src.links {
		if l.Kind == chain.KindMailOut {
			mailOut++
		}
	}
	if mailOut == 0 || len(src.records) != 4 {
		t.Fatalf("the source: %d mails out, %d records", mailOut, len(src.records))
	}
	for _, id := range ids {
		text, err := r.Audit(id, audit.Options{})
		if err != nil || strings.Count(text, ": ok (") != len(src.records) || !strings.Contains(text, "game "+id+": tannenberg-1914") {
			t.Errorf("the audit of clone %s: %v\n%s", id, err, text)
		}
		ev, err := r.Evidence(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(ev.Chain) != len(src.links) || len(ev.Sent) != mailOut || len(ev.Files) != len(src.files) {
			t.Errorf("clone %s: %d links, %d mails, %d files; the source has %d, %d, %d",
				id, len(ev.Chain), len(ev.Sent), len(ev.Files), len(src.links), mailOut, len(src.files))
		}
	}
	if err := db.View(func(tx *store.Tx) error {
		if n := tx.Outbox(); n != 0 {
			return fmt.Errorf("%d mails left in the outbox", n)
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
}

// gamesSizes are the numbers of finished games BenchmarkGames holds
// beside the running one.
var gamesSizes = []int{1, 100, 300}

// outageMails is how many mails an SMTP outage left in the outbox.
const outageMails = 200

// gamesFixture makes the stores of BenchmarkGames in dir, each once per
// process and when first asked for, and keeps them closed between the
// benchmarks, which work on copies.
type gamesFixture struct {
	dir   string
	src   *gameSource
	shown []*store.Mail // the source's mails with pictures, in the order queued
	cat   *scenarios.Catalog
	// now is when the running game's files for its open window are on
	// file, all sent, and nothing is due.
	now   time.Time
	built map[string]string // path by name
}

// source plays the whole game the finished games are cloned from.
func (fx *gamesFixture) source(b *testing.B) *gameSource {
	if fx.src != nil {
		return fx.src
	}
	start := time.Now()
	h := newHarness(b, DefaultPolicy())
	_, mails := playGame(b, h, func(int, engine.Window) bool { return false })
	if st, _ := h.state(); !st.Window().Done {
		b.Fatal("the game to clone did not end")
	}
	fx.src, fx.cat = readSource(b, h, mails), h.ref.cfg.Catalog
	for _, m := range mails {
		if slices.ContainsFunc(m.Attachments, func(a store.Attachment) bool { return a.Type == "image/png" }) {
			fx.shown = append(fx.shown, m)
		}
	}
	b.Logf("the finished game: %d windows, %d links, %d mails, played in %v", len(fx.src.records), len(fx.src.links), len(mails), time.Since(start).Round(time.Second))
	return fx.src
}

// running is the store with the running game alone: t1 played six
// windows or more, to a movement window, whose files are on file.
func (fx *gamesFixture) running(b *testing.B) string {
	if p, ok := fx.built["running"]; ok {
		return p
	}
	start := time.Now()
	h := newHarness(b, DefaultPolicy())
	// A movement window: its resolution changes every side's map, so
	// that the reports carry their pictures whatever the dice did before.
	now, _ := playGame(b, h, func(k int, w engine.Window) bool { return k >= 6 && strings.Contains(w.ID, "MOVE") })
	st, _ := h.state()
	if st.Window().Done || len(st.Window().Submit) == 0 {
		b.Fatalf("the running game's window %s waits for no file", st.Window().ID)
	}
	sendFiles(b, h, "games-run", now)
	h.outbox(now)
	if err := h.db.Close(); err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(fx.dir, "running.db")
	copyFile(b, p, h.db.Path())
	fx.now, fx.built["running"] = now, p
	b.Logf("the running game: at %s, played in %v", st.Window().ID, time.Since(start).Round(time.Second))
	return p
}

// store is the store with n finished games: the one with the next fewer
// (or the running game alone) and the clones it lacks.
func (fx *gamesFixture) store(b *testing.B, n int) string {
	name := fmt.Sprintf("games=%d", n)
	if p, ok := fx.built[name]; ok {
		return p
	}
	src := fx.source(b)
	from, have := fx.running(b), 0
	for _, m := range gamesSizes {
		if m < n {
			from, have = fx.store(b, m), m
		}
	}
	start := time.Now()
	p := filepath.Join(fx.dir, name+".db")
	copyFile(b, p, from)
	db, err := store.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	db.NoSync(true) // a file for benchmarks, rebuilt by the next run
	for i := have + 1; i <= n; i++ {
		id := fmt.Sprintf("g%04d", i)
		if err := db.Update(func(tx *store.Tx) error { return src.clone(tx, id) }); err != nil {
			db.Close()
			b.Fatalf("clone %s: %v", id, err)
		}
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	fx.built[name] = p
	b.Logf("%s: %d games cloned in %v: %.0f MB", name, n-have, time.Since(start).Round(time.Millisecond), mb(fileBytes(b, p)))
	return p
}

// outage is the store with n finished games and outageMails mails of the
// running game in its outbox, each with the pictures of a report, each
// tried once and failed: as an SMTP outage leaves them.
func (fx *gamesFixture) outage(b *testing.B, n int) string {
	name := fmt.Sprintf("games=%d-outage", n)
	if p, ok := fx.built[name]; ok {
		return p
	}
	from := fx.store(b, n)
	p := filepath.Join(fx.dir, name+".db")
	copyFile(b, p, from)
	db, err := store.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	db.NoSync(true)
	at := fx.now.Add(time.Minute)
	err = db.Update(func(tx *store.Tx) error {
		for i := range outageMails {
			m := *fx.shown[i%len(fx.shown)]
			m.ID, m.Game = "", "t1"
			if err := tx.Enqueue(&m, "club.example", at); err != nil {
				return err
			}
		}
		due, err := tx.Due(at, outageMails+1)
		if err != nil {
			return err
		}
		if len(due) != outageMails {
			return fmt.Errorf("%d mails due, %d queued", len(due), outageMails)
		}
		for _, q := range due {
			if err := tx.MarkFailed(q.Seq, "421 4.3.2 the mail server is down", at, at.Add(10*time.Minute), 8); err != nil {
				return err
			}
		}
		return nil
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		b.Fatal(err)
	}
	fx.built[name] = p
	return p
}

// open copies the store at path into dir and opens it, with a referee
// that makes its safety copies in dir/backups.
func (fx *gamesFixture) open(b *testing.B, path, dir string) (*store.DB, *Referee, string) {
	b.Helper()
	work := filepath.Join(dir, "pbem.db")
	copyFile(b, work, path)
	backups := filepath.Join(dir, "backups")
	if err := os.MkdirAll(backups, 0o755); err != nil {
		b.Fatal(err)
	}
	db, err := store.Open(work)
	if err != nil {
		b.Fatal(err)
	}
	r := New(db, Config{Address: "referee@club.example", Domain: "club.example", Catalog: fx.cat, Backups: backups, Keep: 30},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	return db, r, backups
}

// close closes db, opened by open in dir, and removes what open made.
func (fx *gamesFixture) close(b *testing.B, db *store.DB, dir string) {
	b.Helper()
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"pbem.db", "backups"} {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			b.Fatal(err)
		}
	}
}

// copyFile copies the file src to dst, synced: a copy still being
// written back to the disk would slow the fsyncs the benchmark times.
func copyFile(b *testing.B, dst, src string) {
	b.Helper()
	in, err := os.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		b.Fatalf("copy %s to %s: %v", src, dst, err)
	}
}
