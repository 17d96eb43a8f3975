package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/engine/rulesets/rulesetstest"
	"pbem/pbem/audit"
	"pbem/pbem/store"
)

// A running game is archived only with force, and not while mail of it
// is queued; the archive written audits, the game and its mail leave the
// store, its record stays, and the other game is untouched.
func TestArchiveGame(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	if err := h.ref.NewGame(Spec{ID: "t2", Scenario: "tannenberg-1914", Policy: DefaultPolicy(),
		Players: []Member{h.players["RU"].member(), h.players["DE"].member()}, Moderators: []Member{h.players["mo"].member()}}, t0); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "t1.tar")
	now := t0.Add(time.Hour)
	if _, err := h.ref.ArchiveGame("t1", path, true, "", now); err == nil || !strings.Contains(err.Error(), "still in the outbox") {
		t.Errorf("with mail queued: %v", err)
	}
	h.outbox(now)
	if _, err := h.ref.ArchiveGame("t1", path, false, "", now); err == nil || !strings.Contains(err.Error(), "-force") {
		t.Errorf("running, not forced: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("a refused archive left its file")
	}
	text, err := h.ref.ArchiveGame("t1", path, true, "Mo", now)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "game t1 archived to "+path) || !strings.Contains(text, "stopped by Mo at GT1 DE-SETUP") {
		t.Errorf("the operator is told:\n%s", text)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev, cat, err := audit.Import(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := audit.Run(ev, cat, audit.Options{}); err != nil || len(ev.Sent) != 3 {
		t.Errorf("the archive: %d mails, audit %v", len(ev.Sent), err)
	}
	recs, err := h.ref.Archived()
	fi, _ := os.Stat(path)
	if err != nil || len(recs) != 1 || recs[0].ID != "t1" || recs[0].File != path || recs[0].Size != fi.Size() || len(recs[0].SHA256) != 64 {
		t.Errorf("the record: %+v %v", recs, err)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		if ids := tx.GameIDs(); len(ids) != 1 || ids[0] != "t2" {
			t.Errorf("games left: %v", ids)
		}
		sent, _ := tx.SentMail()
		for _, q := range sent {
			if q.Mail.Game == "t1" {
				t.Errorf("mail of t1 left: %s", q.Mail.Subject)
			}
		}
		if len(sent) != 3 {
			t.Errorf("t2's mail: %d", len(sent))
		}
		return nil
	})
	if _, err := h.ref.ArchiveGame("t2", path, true, "", now); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("over an existing file: %v", err)
	}
	if text, err := h.ref.Audit("t2", audit.Options{}); err != nil {
		t.Errorf("the other game: %v\n%s", err, text)
	}
}

// The path a club takes once a game ends by itself: played to its last
// window through the referee, the tick leaves it (it is no longer among
// the running games), and it is archived without -force.
func TestArchiveAGameThatEnded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole scenario through the referee")
	}
	h := newHarness(t, DefaultPolicy())
	if err := h.ref.NewGame(Spec{ID: "b1", Scenario: "tannenberg-battle", Policy: DefaultPolicy(),
		Players: []Member{h.players["RU"].member(), h.players["DE"].member()}, Moderators: []Member{h.players["mo"].member()}}, t0); err != nil {
		t.Fatal(err)
	}
	h.ref.cfg.Backups, h.ref.cfg.Keep = t.TempDir(), 3
	now := t0
	for k := 0; ; k++ {
		var g *loaded
		if err := h.db.View(func(tx *store.Tx) error {
			var err error
			g, err = h.ref.load(tx, "b1", now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		w := g.state.Window()
		if w.Done {
			break
		}
		if k > 100 {
			t.Fatalf("tannenberg-battle still at %s after %d windows", w.ID, k)
		}
		for _, side := range w.Submit {
			file := fmt.Sprintf("Game: b1\nSide: %s\nWindow: %s\nNonce: b1-%s-%03d\n\n%s", side, w.ID, side, k, rulesetstest.Robot(g.state, side))
			if v := h.receive(h.players[string(side)].mail(t, fmt.Sprintf("b1-%d%s", k, side), file), now); v.Outcome != Accepted {
				t.Fatalf("%s, %s: %+v", w.ID, side, v)
			}
		}
		h.outbox(now)
		now = now.Add(time.Hour)
		if err := h.ref.ProcessNow("b1", "Mo", "test", now); err != nil {
			t.Fatal(err)
		}
	}
	h.outbox(now)
	if err := h.ref.Tick(now); err != nil {
		t.Fatal(err)
	}
	var running []string
	if err := h.db.View(func(tx *store.Tx) error { running = tx.RunningGameIDs(); return nil }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(running, []string{"t1"}) {
		t.Fatalf("running after the tick: %v, want [t1]", running)
	}
	h.outbox(now)
	if copies, _ := filepath.Glob(filepath.Join(CopyDir(h.ref.cfg.Backups, "b1"), "*.db")); len(copies) != 3 {
		t.Fatalf("b1's safety copies before the archive: %v, want the 3 kept", copies)
	}
	path := filepath.Join(t.TempDir(), "b1.tar")
	text, err := h.ref.ArchiveGame("b1", path, false, "", now)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "game b1 archived to "+path) || !strings.Contains(text, "over, ") {
		t.Errorf("the archive says:\n%s", text)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	// Its safety copies went with it: they restore a game in the
	// database only.
	if _, err := os.Stat(CopyDir(h.ref.cfg.Backups, "b1")); !os.IsNotExist(err) || !strings.Contains(text, "safety copies are removed") {
		t.Errorf("b1's safety copies: %v; the archive says:\n%s", err, text)
	}
}
