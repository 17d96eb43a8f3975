package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"pbem/engine/rulesets/rulesetstest"
)

// The safety net as an operator meets it: a window resolved by the daemon
// leaves the game's safety copy; pbem game restore puts the game back from
// it through the daemon (paused); pbem game archive refuses a running
// game without -force, then archives it, audited, and pbem game list
// -archived shows it; pbem compact refuses a running daemon, then
// compacts the stopped one's file; a copy of the archived game is refused.
func TestRestoreArchiveCompact(t *testing.T) {
	s := newSite(t)
	backups := filepath.Join(s.dir, "backups")
	if err := os.Mkdir(backups, 0o700); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(s.cfg)
	if err != nil {
		t.Fatal(err)
	}
	text = []byte(strings.Replace(string(text), `tick = "1s"`, "tick = \"1s\"\nbackups = \""+backups+"\"\nkeep = 3", 1))
	if err := os.WriteFile(s.cfg, text, 0o600); err != nil {
		t.Fatal(err)
	}
	s.newGame()
	s.start()
	running := true
	defer func() {
		if running {
			s.stop(syscall.SIGTERM)
		}
	}()
	g, _, err := startScenarioForTest()
	if err != nil {
		t.Fatal(err)
	}
	s.send("Ben", "ben-1@example.org", "Game: t1\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: ben-setup-001\n\n"+rulesetstest.Robot(g, "DE"))
	if ack := s.received("Ben", 2); !strings.Contains(ack, "ACCEPTED") {
		t.Fatalf("ack:\n%s", ack)
	}
	if code, _, errs := s.pbem("game process-now", "-as", "Mo", "t1"); code != 0 {
		t.Fatalf("process-now: %s", errs)
	}
	copies, _ := filepath.Glob(filepath.Join(backups, "game-t1", "*-GT1-DE-SETUP.db"))
	if len(copies) != 1 {
		t.Fatalf("safety copies: %v", copies)
	}
	code, out, errs := s.pbem("game restore", "-as", "Mo", copies[0])
	if code != 0 || !strings.Contains(out, "game t1 put back") || !strings.Contains(out, "window GT1 DE-SETUP is open again with 1 file on file") {
		t.Fatalf("game restore: exit %d\n%s%s", code, out, errs)
	}
	if _, out, _ := s.pbem("game show", "t1"); !strings.Contains(out, "PAUSED") || !strings.Contains(out, "open window: GT1 DE-SETUP") {
		t.Errorf("game show after the restore:\n%s", out)
	}
	if code, _, errs := s.pbem("game restore", filepath.Join(s.dir, "none.db")); code != 1 || !strings.Contains(errs, "cannot be read") {
		t.Errorf("a missing copy: exit %d %s", code, errs)
	}
	// A copy an operator kept elsewhere, to try once the game is gone.
	kept := filepath.Join(s.dir, "kept-copy.db")
	data, err := os.ReadFile(copies[0])
	if err == nil {
		err = os.WriteFile(kept, data, 0o600)
	}
	if err != nil {
		t.Fatal(err)
	}
	tar := filepath.Join(s.dir, "t1.tar")
	if code, _, errs := s.pbem("game archive", "-o", tar, "t1"); code != 1 || !strings.Contains(errs, "-force") && !strings.Contains(errs, "outbox") {
		t.Errorf("archive of a running game: exit %d %s", code, errs)
	}
	s.eventually("the archive, once the outbox is empty", func() bool {
		code, out, errs = s.pbem("game archive", "-force", "-as", "Mo", "-o", tar, "t1")
		return code == 0 || !strings.Contains(errs, "outbox")
	})
	if code != 0 || !strings.Contains(out, "game t1 archived to "+tar) || !strings.Contains(out, "audited") {
		t.Fatalf("game archive -force: exit %d\n%s%s", code, out, errs)
	}
	if _, out, _ := s.pbem("game list", "-archived"); !strings.Contains(out, "t1") || !strings.Contains(out, tar) || !strings.Contains(out, "stopped by Mo") {
		t.Errorf("game list -archived:\n%s", out)
	}
	if _, out, _ := s.pbem("game list", "-all"); !strings.Contains(out, "no games\narchived:\nt1") {
		t.Errorf("game list -all:\n%s", out)
	}
	if code, out, errs := runPbem(t, "audit", tar); code != 0 {
		t.Errorf("audit of the archive: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := s.pbem("compact"); code != 1 || !strings.Contains(errs, "stop it first") {
		t.Errorf("compact with the daemon running: exit %d %s", code, errs)
	}
	running = false
	if err := s.stop(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code, out, errs = s.pbem("compact")
	if code != 0 || !strings.Contains(out, "compacted from") {
		t.Fatalf("compact: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(s.dir, "pbem.db.before-compact")); err == nil {
		t.Error("the old file was kept after a compaction that checked")
	}
	if _, err := os.Stat(copies[0]); !os.IsNotExist(err) {
		t.Errorf("an archived game's safety copy is still there: %v", err)
	}
	if code, _, errs := s.pbem("game restore", kept); code != 1 || !strings.Contains(errs, `game "t1": not found in the database`) {
		t.Errorf("restore of an archived game, offline: exit %d %s", code, errs)
	}
	if _, out, _ := s.pbem("game list", "-archived"); !strings.Contains(out, tar) {
		t.Errorf("after compaction, game list -archived:\n%s", out)
	}
}
