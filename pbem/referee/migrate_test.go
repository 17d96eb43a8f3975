package referee

import (
	"bytes"
	"compress/gzip"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/pbem/audit"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// testdata/schema6.db.gz is a store written by pbem at schema 6 (main at
// 68a95cf): game t1 played through the referee for four windows
// (playThroughReferee), the clock at t0+4h, then mail 26 (the referee's
// own) and 27 (of game "ghost", not stored) sent, 28 (t1, with an
// attachment) given up and not yet told, 29 (own) given up and told, 30
// (t1) failed once and due at t0+5h, 31 (t1, with an attachment) queued.
// Then compacted (bbolt.Compact) and gzipped.
func openSchema6(t *testing.T) (*store.DB, *Referee) {
	t.Helper()
	f, err := os.Open("testdata/schema6.db.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "pbem.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	ref := New(db, Config{Address: "referee@club.example", Domain: "club.example", Catalog: c}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return db, ref
}

// A game played at schema 6, its store opened by this pbem: the audit
// passes on the migrated mail, the mail due goes whole, game show and the
// lists of mail given up say what they said.
func TestAuditAfterMigration(t *testing.T) {
	db, ref := openSchema6(t)
	now := t0.Add(4 * time.Hour)
	text, err := ref.Audit("t1", audit.Options{})
	if err != nil || !strings.Contains(text, "ok: every signature") {
		t.Fatalf("the audit after the migration: %v\n%s", err, text)
	}
	ev, err := ref.Evidence("t1")
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Sent) != 28 || ev.Sent["<pbem.31.t1@club.example>"] != "queued body\n" || ev.Sent["<pbem.28.t1@club.example>"] != "given up body\n" {
		t.Errorf("%d texts of t1's mail: 31 %q, 28 %q", len(ev.Sent), ev.Sent["<pbem.31.t1@club.example>"], ev.Sent["<pbem.28.t1@club.example>"])
	}
	_ = db.View(func(tx *store.Tx) error {
		due, err := tx.Due(now, 10)
		if err != nil || len(due) != 1 || due[0].Seq != 31 || !bytes.Equal(due[0].Mail.Attachments[0].Data, []byte("PNGDATA-queued")) {
			t.Errorf("due: %+v %v", due, err)
		}
		if due, _ := tx.Due(now.Add(time.Hour), 10); len(due) != 2 || due[1].Seq != 30 || due[1].Mail.Attempts != 1 {
			t.Errorf("due in an hour: %+v", due)
		}
		if u, err := tx.Untold(); err != nil || len(u) != 1 || u[0].Seq != 28 {
			t.Errorf("untold: %+v %v", u, err)
		}
		own, err := tx.Bodies("")
		if err != nil || len(own) != 3 || own["<pbem.27.ghost@club.example>"] != "no such game\n" {
			t.Errorf("the referee's own mail: %q %v", own, err)
		}
		return nil
	})
	show, err := ref.Show("t1", now)
	if err != nil || !strings.Contains(show, "outbox: 2 mails to send, 1 of them failed before") || !strings.Contains(show, "MAIL GIVEN UP: 28 to ben@example.org") {
		t.Errorf("game show: %v\n%s", err, show)
	}
	queued, givenUp, err := ref.Undelivered()
	if err != nil || len(queued) != 2 || len(givenUp) != 2 || givenUp[1].Seq != 29 {
		t.Errorf("undelivered: %+v %+v %v", queued, givenUp, err)
	}
	if n, err := ref.Requeue(nil, now); err != nil || n != 2 {
		t.Fatalf("requeue: %d %v", n, err)
	}
	// Sent now, the mail given up, and its picture, are audited still.
	h := &harness{t: t, db: db, ref: ref}
	var subjects []string
	for _, m := range h.outbox(now) { // due within the hour, in due order
		subjects = append(subjects, m.Subject)
	}
	if got := strings.Join(subjects, ", "); got != "[t1] given up, own given up, [t1] queued, [t1] failing" {
		t.Errorf("sent after the requeue: %s", got)
	}
	if text, err := ref.Audit("t1", audit.Options{}); err != nil {
		t.Errorf("the audit once all is sent: %v\n%s", err, text)
	}
}
