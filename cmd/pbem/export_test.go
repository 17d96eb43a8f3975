package main

import (
	"bytes"
	"os"
	"path/filepath"
	"pbem/engine/rulesets/rulesetstest"
	"strings"
	"syscall"
	"testing"
)

// pbem export -side, through the running daemon and on the file: the
// Russian's archive of a running game holds none of the German's hidden
// set-up and passes pbem audit, which says what it could not check, and
// fails it with a byte changed; the full archive is refused with what to
// do instead, and written with -moderator, and the Russian's archive is
// part of it; a side the game has not, or a side and -moderator, are
// refused.
func TestExportSide(t *testing.T) {
	s := newSite(t)
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
	setup := rulesetstest.Robot(g, "DE")
	s.send("Ben", "ben-1@example.org", "Game: t1\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: ben-setup-001\n\n"+setup)
	if ack := s.received("Ben", 2); !strings.Contains(ack, "ACCEPTED") {
		t.Fatalf("ack:\n%s", ack)
	}
	if code, _, errs := s.pbem("game process-now", "-as", "Mo", "t1"); code != 0 {
		t.Fatalf("process-now: %s", errs)
	}
	ru := filepath.Join(s.dir, "t1-RU.tar")
	code, out, errs := s.pbem("export", "-side", "ru", "-o", ru, "t1")
	if code != 0 || !strings.Contains(out, "game t1: the archive of side RU written to "+ru) {
		t.Fatalf("export -side ru: exit %d\n%s%s", code, out, errs)
	}
	raw, err := os.ReadFile(ru)
	if err != nil {
		t.Fatal(err)
	}
	var orders []string // the German's, hidden from the Russian
	for _, line := range strings.Split(setup, "\n") {
		if strings.Contains(line, "DE-") && !strings.HasPrefix(line, "#") {
			orders = append(orders, line)
		}
	}
	if len(orders) < 10 {
		t.Fatalf("%d orders in the German's set-up", len(orders))
	}
	for _, line := range orders {
		if bytes.Contains(raw, []byte(line)) {
			t.Errorf("the Russian's archive holds the German's order %q", line)
		}
	}
	if bytes.Contains(raw, []byte("(in Gruppe")) {
		t.Error("the Russian's archive tells what the Gruppen hold")
	}
	code, out, errs = runPbem(t, "audit", ru)
	t.Logf("pbem audit %s:\n%s", ru, out)
	if code != 0 || !strings.Contains(out, "not checked: the other sides' files") || !strings.Contains(out, "ok (side RU)") || !strings.Contains(out, "GT1 DE-SETUP: the seed matches") {
		t.Errorf("audit of the Russian's archive: exit %d\n%s%s", code, out, errs)
	}
	// A byte changed in one of its links fails the audit.
	changed := bytes.Clone(raw)
	i := bytes.Index(changed, []byte("kind: mail-out"))
	changed[i+3] ^= 0x01
	if err := os.WriteFile(filepath.Join(s.dir, "changed.tar"), changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runPbem(t, "audit", filepath.Join(s.dir, "changed.tar")); code != 1 || !strings.Contains(errs, "the chain is broken") {
		t.Errorf("audit of a changed side archive: exit %d %s", code, errs)
	}
	// The full archive: refused, with what to do, then for the
	// moderators.
	full := filepath.Join(s.dir, "t1.tar")
	code, out, errs = s.pbem("export", "-o", full, "t1")
	if code != 1 || !strings.Contains(errs, "game t1 is still running (GT1 RU-MOVE is open)") ||
		!strings.Contains(errs, "pbem export -side RU|DE -o FILE t1") || !strings.Contains(errs, "pbem export -moderator -o FILE t1") {
		t.Errorf("export of a running game: exit %d\n%s%s", code, out, errs)
	}
	t.Logf("the refusal:\n%s", errs)
	if _, err := os.Stat(full); err == nil {
		t.Error("the refused archive was written")
	}
	code, out, errs = s.pbem("export", "-moderator", "-o", full, "t1")
	if code != 0 || !strings.Contains(out, "game t1 exported to "+full) || !strings.Contains(out, "for the moderators alone") {
		t.Errorf("export -moderator: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runPbem(t, "audit", full, ru); code != 0 || !strings.Contains(out, "ok: every signature") || !strings.Contains(out, ru+": the archive of side RU is part of "+full) {
		t.Errorf("audit of the full archive and the Russian's: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runPbem(t, "audit", ru, full); code != 1 || !strings.Contains(errs, "side archives are compared with the game's full archive") {
		t.Errorf("audit of the Russian's archive and the full one: exit %d %s", code, errs)
	}
	if code, _, errs := s.pbem("export", "-side", "FR", "-o", full, "t1"); code != 1 || !strings.Contains(errs, `game t1 has no side "FR"`) {
		t.Errorf("export -side FR: exit %d %s", code, errs)
	}
	if code, _, errs := s.pbem("export", "-side", "RU", "-moderator", "-o", full, "t1"); code != 2 || !strings.Contains(errs, "usage: pbem export") {
		t.Errorf("export -side and -moderator: exit %d %s", code, errs)
	}
	// On the file, with the daemon stopped.
	if err := s.stop(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	running = false
	de := filepath.Join(s.dir, "t1-DE.tar")
	if code, out, errs := s.pbem("export", "-side", "DE", "-o", de, "t1"); code != 0 || !strings.Contains(out, "the archive of side DE") {
		t.Fatalf("export -side DE offline: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runPbem(t, "audit", de); code != 0 || !strings.Contains(out, "ok (side DE)") {
		t.Errorf("audit of the German's archive: exit %d\n%s%s", code, out, errs)
	}
	if raw, _ := os.ReadFile(de); !bytes.Contains(raw, []byte(orders[0])) {
		t.Errorf("the German's archive does not hold his own order %q", orders[0])
	}
}
