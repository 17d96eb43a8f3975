package demo

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A one-turn demo plays every window of game-turn 1 over the in-process
// mail servers, tells of each window and combat, writes the mails with
// their reports and maps for both sides and the moderator, and its
// archive audits "ok".
func TestDemo(t *testing.T) {
	out := t.TempDir()
	var log strings.Builder
	res, err := Run(context.Background(), Options{Turns: 1, Out: out, Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if res.Verdict != "ok" || res.Windows < 4 || res.MailIn < 4 || res.MailOut < 3*4 {
		t.Errorf("%+v\n%s", res, log.String())
	}
	for _, want := range []string{"GT1 DE-SETUP resolved; now open: GT1 RU-MOVE", "GT1 DE-COMBAT resolved; now open: GT2 RU-MOVE", "pbem audit " + res.Archive + ": ok"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("no %q in the progress:\n%s", want, log.String())
		}
	}
	for _, pattern := range []string{"anna/*-map-GT1-*.png", "ben/*-map-GT1-*.png", "mo/*-map-GT1-*.png", "anna/*-orders-GT1-*.txt", "anna/*.eml", "demo.tar", "audit.txt", "daemon.log"} {
		if m, _ := filepath.Glob(filepath.Join(out, pattern)); len(m) == 0 {
			t.Errorf("nothing matches %s", pattern)
		}
	}
	reports, _ := filepath.Glob(filepath.Join(out, "anna", "*.txt"))
	found := false
	for _, r := range reports {
		b, _ := os.ReadFile(r)
		found = found || strings.Contains(string(b), "the report of Russian (RU)") && strings.Contains(string(b), "The head of the game's audit chain")
	}
	if !found {
		t.Error("no report of the Russian's among his mails")
	}
	audit, _ := os.ReadFile(filepath.Join(out, "audit.txt"))
	if !strings.Contains(string(audit), "GT1 DE-COMBAT: ok") {
		t.Errorf("audit.txt:\n%s", audit)
	}
}
