package referee

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/pbem/audit"
	"pbem/pbem/outbox"
	"pbem/pbem/store"
)

// BenchmarkGames measures what one game's work costs beside N finished
// games, a club's year (issue 20): each operation at games=N is set
// beside the same at games=1 by scripts/benchtable, and should stay
// within 1.5x of it. Every store holds one running game, t1 (played to a
// movement window, its files on file), and N finished games g0001...,
// each a clone of one whole game of tannenberg-1914 played through the
// referee (gamesFixture). Each store is built once per process: the
// first benchmark plays the two games (a minute or two), and each size
// clones the games it lacks (the log lines say how long).
//
//	make bench-games                # all of it
//	make bench-games GAMESOP=audit  # one operation
func BenchmarkGames(b *testing.B) {
	fx := &gamesFixture{dir: b.TempDir(), built: map[string]string{}}
	ops := []struct {
		name string
		run  func(*testing.B, *gamesFixture, int)
	}{
		{"resolve", benchResolve},
		{"audit", benchAudit},
		{"export", benchExport},
		{"tick", benchTick},
		{"drain", benchDrain},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			for _, n := range gamesSizes {
				b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) { op.run(b, fx, n) })
			}
		})
	}
}

// benchResolve: one window of the running game resolved, with the
// safety copy the referee makes before it (Config.Backups set, as a club
// runs it). Each resolution is of the same window, in a fresh copy of
// the store made with the timer stopped.
func benchResolve(b *testing.B, fx *gamesFixture, n int) {
	path := fx.store(b, n)
	work := b.TempDir()
	var backups int64
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		db, r, dir := fx.open(b, path, work)
		before := windowOf(b, db, "t1")
		b.StartTimer()
		if err := r.ProcessNow("t1", "Mo", "the benchmark", fx.now.Add(time.Minute)); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if after := windowOf(b, db, "t1"); after == before {
			b.Fatalf("window %s was not resolved", before)
		}
		backups = dirBytes(b, dir)
		fx.close(b, db, work)
		b.StartTimer()
	}
	b.ReportMetric(mb(fileBytes(b, path)), "db-MB")
	b.ReportMetric(mb(backups), "backup-MB")
}

// benchAudit: pbem audit of one finished game.
func benchAudit(b *testing.B, fx *gamesFixture, n int) {
	path := fx.store(b, n)
	work := b.TempDir()
	db, r, _ := fx.open(b, path, work)
	defer fx.close(b, db, work)
	b.ReportAllocs()
	for b.Loop() {
		text, err := r.Audit("g0001", audit.Options{})
		if err != nil || !strings.Contains(text, "ok: every signature") {
			b.Fatalf("%v\n%s", err, text)
		}
	}
	b.ReportMetric(mb(fileBytes(b, path)), "db-MB")
}

// benchExport: pbem export of one finished game's full archive to a file.
func benchExport(b *testing.B, fx *gamesFixture, n int) {
	path := fx.store(b, n)
	work := b.TempDir()
	db, r, _ := fx.open(b, path, work)
	defer fx.close(b, db, work)
	out := filepath.Join(b.TempDir(), "g0001.tar")
	b.ReportAllocs()
	for b.Loop() {
		if size, err := r.Export("g0001", out, fx.now); err != nil || size == 0 {
			b.Fatalf("%d bytes: %v", size, err)
		}
	}
	b.ReportMetric(mb(fileBytes(b, path)), "db-MB")
	b.ReportMetric(mb(fileBytes(b, out)), "archive-MB")
	// What a safety copy of a game at its end weighs (docs/operations.md's
	// year estimate): the same game, copied as before a resolution.
	size, err := db.CopyGame("g0001", "the end", filepath.Join(b.TempDir(), "g0001.db"), fx.now)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(mb(size), "copy-MB")
}

// benchTick: one tick with nothing due, by a referee that has ticked
// before (its games loaded, as the daemon's are after its first tick).
func benchTick(b *testing.B, fx *gamesFixture, n int) {
	path := fx.store(b, n)
	work := b.TempDir()
	db, r, _ := fx.open(b, path, work)
	defer fx.close(b, db, work)
	now := fx.now.Add(time.Minute)
	before := windowOf(b, db, "t1")
	if err := r.Tick(now); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Tick(now); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if err := db.View(func(tx *store.Tx) error {
		if n := tx.Outbox(); n != 0 {
			return fmt.Errorf("the tick queued %d mails: something was due", n)
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	if after := windowOf(b, db, "t1"); after != before {
		b.Fatalf("the tick resolved %s: it was due", before)
	}
	b.ReportMetric(mb(fileBytes(b, path)), "db-MB")
}

// benchDrain: one drain of the outbox after an SMTP outage left
// outageMails mails in it, each tried once, with its pictures; the mail
// server now takes everything. Each drain is of a fresh copy of the
// store made with the timer stopped.
func benchDrain(b *testing.B, fx *gamesFixture, n int) {
	path := fx.outage(b, n)
	work := b.TempDir()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		db, _, _ := fx.open(b, path, work)
		s := &outbox.Sender{DB: db, Mailer: acceptAll{}, From: "referee@club.example", Timeout: time.Minute,
			Retry: time.Minute, MaxAttempts: 8, Log: log}
		b.StartTimer()
		sent, failed, err := s.Drain(context.Background(), func() time.Time { return fx.now.Add(2 * time.Hour) })
		b.StopTimer()
		if err != nil || sent != outageMails || failed != 0 {
			b.Fatalf("%d sent, %d failed of %d: %v", sent, failed, outageMails, err)
		}
		fx.close(b, db, work)
		b.StartTimer()
	}
	b.ReportMetric(mb(fileBytes(b, path)), "db-MB")
}

// acceptAll is a mail server that takes every mail.
type acceptAll struct{}

func (acceptAll) Send(context.Context, string, *store.Mail) error { return nil }

// windowOf is the open window of game id.
func windowOf(b *testing.B, db *store.DB, id string) string {
	b.Helper()
	var w store.Window
	if err := db.View(func(tx *store.Tx) error {
		var err error
		w, err = tx.Window(id)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	return w.ID
}

// fileBytes is the size of the file at path.
func fileBytes(b *testing.B, path string) int64 {
	b.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return fi.Size()
}

// dirBytes is the size of the files under dir, however deep.
func dirBytes(b *testing.B, dir string) int64 {
	b.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err == nil {
			n += fi.Size()
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }
