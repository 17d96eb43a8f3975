package referee

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/pbem/audit"
	"pbem/pbem/store"
)

// After a bad resolution the game is put back from the safety copy taken
// before it: the window open again with the files on file, the state as
// it was, the reports of the resolution withdrawn from the outbox, the
// game paused, its chain still auditing clean; the other game untouched.
// Resumed, the window resolves again.
func TestRestoreAfterBadResolution(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	dir := t.TempDir()
	h.ref.cfg.Backups, h.ref.cfg.Keep = dir, 5
	if err := h.ref.NewGame(Spec{ID: "t2", Scenario: "tannenberg-1914", Policy: DefaultPolicy(),
		Players: []Member{h.players["RU"].member(), h.players["DE"].member()}, Moderators: []Member{h.players["mo"].member()}}, t0); err != nil {
		t.Fatal(err)
	}
	now := playThroughReferee(t, h, 2)
	st, w := h.state()
	for _, side := range st.Window().Submit {
		file := h.robotFile(string(side), "restore-"+string(side), false)
		if v := h.receive(h.players[string(side)].mail(t, "r"+string(side), file), now); v.Outcome != Accepted {
			t.Fatalf("%s: %+v", side, v)
		}
	}
	h.outbox(now)
	before := snapshots(t, h)
	now = now.Add(time.Hour)
	if err := h.ref.ProcessNow("t1", "Mo", "test", now); err != nil {
		t.Fatal(err)
	}
	if _, w2 := h.state(); w2.ID == w.ID {
		t.Fatalf("the window %s was not resolved", w.ID)
	}
	var queued int
	_ = h.db.View(func(tx *store.Tx) error { queued = tx.Outbox(); return nil })
	if queued == 0 {
		t.Fatal("the resolution queued no mail")
	}
	copies, _ := filepath.Glob(filepath.Join(CopyDir(dir, "t1"), "*.db"))
	if len(copies) == 0 {
		t.Fatal("no safety copy")
	}
	last := copies[len(copies)-1]
	text, err := h.ref.RestoreGame(last, "", now.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	sent := fmt.Sprintf("%d file", len(st.Window().Submit))
	for _, want := range []string{"game t1 put back", "window " + w.ID + " is open again with " + sent, "withdrawn", "pbem game resume t1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the operator is not told %q:\n%s", want, text)
		}
	}
	after := snapshots(t, h)
	if !bytes.Equal(after["t1"], before["t1"]) || !bytes.Equal(after["t2"], before["t2"]) {
		t.Error("the state is not the one before the resolution, or the other game changed")
	}
	_, w3 := h.state()
	g := h.game()
	var pend map[string]*store.Pending
	_ = h.db.View(func(tx *store.Tx) error { pend, _ = tx.Pending("t1"); return nil })
	if w3.ID != w.ID || len(pend) != len(st.Window().Submit) || !g.Paused {
		t.Errorf("after the restore: window %s, %d files on file, paused %v", w3.ID, len(pend), g.Paused)
	}
	// The notice of the process-now, queued before the copy, and the
	// restore's own notice are left to send; no report of the window.
	mails := h.outbox(now)
	if len(mails) != 2 || !strings.Contains(mails[1].Subject, "put back") || len(mails[1].To) != 3 {
		t.Errorf("the outbox after the restore: %d mails", len(mails))
	}
	for _, m := range mails {
		if strings.Contains(m.Subject, "("+w.ID) || len(m.Attachments) > 0 {
			t.Errorf("a report of the undone resolution is still to go: %s", m.Subject)
		}
	}
	if text, err := h.ref.Audit("t1", audit.Options{}); err != nil {
		t.Errorf("the restored game does not audit: %v\n%s", err, text)
	}
	// A copy of another game's is refused.
	if err := os.WriteFile(filepath.Join(dir, "junk.db"), []byte("not bbolt"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := h.ref.RestoreGame(filepath.Join(dir, "junk.db"), "", now); err == nil || !strings.Contains(err.Error(), "not a game's safety copy") {
		t.Errorf("a junk file: %v", err)
	}
	// Resumed, the window is resolved again, and the game still audits.
	now = now.Add(2 * time.Hour)
	if err := h.ref.Resume("t1", "Mo", "fixed", now); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.ProcessNow("t1", "Mo", "again", now); err != nil {
		t.Fatal(err)
	}
	if _, w4 := h.state(); w4.ID == w.ID {
		t.Error("the window was not resolved again")
	}
	if text, err := h.ref.Audit("t1", audit.Options{}); err != nil {
		t.Errorf("resolved again, the game does not audit: %v\n%s", err, text)
	}
}

func snapshots(t *testing.T, h *harness) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	_ = h.db.View(func(tx *store.Tx) error {
		for _, id := range []string{"t1", "t2"} {
			s, err := tx.State(id)
			if err != nil {
				t.Fatal(err)
			}
			out[id] = s
		}
		return nil
	})
	return out
}

// The full backup is made when due, at the first tick and every
// BackupEvery after, the newest BackupKeep kept; a daemon started again
// goes by the newest in the directory; other files there stay.
func TestScheduledFullBackup(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	dir := t.TempDir()
	old := filepath.Join(dir, "pbem-20250101T000000Z-t1-GT1-RU-MOVE.db") // a copy made by an earlier pbem
	if err := os.WriteFile(old, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	h.ref.cfg.Backups, h.ref.cfg.BackupEvery, h.ref.cfg.BackupKeep = dir, 24*time.Hour, 2
	full := func() []string {
		all, _ := filepath.Glob(filepath.Join(dir, "pbem-*Z.db"))
		return all
	}
	steps := []struct {
		at   time.Duration
		want int
	}{{0, 1}, {time.Hour, 1}, {24 * time.Hour, 2}, {48 * time.Hour, 2}}
	for _, s := range steps {
		if err := h.ref.Tick(t0.Add(s.at)); err != nil {
			t.Fatal(err)
		}
		if got := full(); len(got) != s.want {
			t.Fatalf("at +%s: %d full backups: %v", s.at, len(got), got)
		}
	}
	for _, f := range full() {
		if err := store.Check(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	h.ref = New(h.db, h.ref.cfg, h.ref.log) // restarted
	_ = h.ref.Tick(t0.Add(50 * time.Hour))
	if got := full(); filepath.Base(got[1]) != t0.Add(48*time.Hour).Format(fullBackupLayout) {
		t.Errorf("a backup before it was due, after a restart: %v", got)
	}
	_ = h.ref.Tick(t0.Add(72 * time.Hour))
	if got := full(); filepath.Base(got[1]) != t0.Add(72*time.Hour).Format(fullBackupLayout) {
		t.Errorf("no backup when due, after a restart: %v", got)
	}
	if _, err := os.Stat(old); err != nil {
		t.Errorf("the earlier pbem's copy: %v", err)
	}
}

// A game marked over is neither read nor resolved by the tick.
func TestTickLeavesFinishedGames(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	_, w := h.state()
	if err := h.db.Update(func(tx *store.Tx) error { return tx.MarkOver("t1", t0) }); err != nil {
		t.Fatal(err)
	}
	h.ref.forgetAll()
	if err := h.ref.Tick(w.Deadline.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, ok := h.ref.games["t1"]; ok {
		t.Error("the tick loaded a game that is over")
	}
	if _, w2 := h.state(); w2.ID != w.ID {
		t.Error("the tick resolved a game that is over")
	}
}
