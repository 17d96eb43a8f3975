package demo

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var kwFull = flag.Bool("kw-full", false, "TestDemoKaisersWar1914 plays the whole 31-turn game (about 15 minutes; go test ./pbem/demo -run KaisersWar -kw-full -timeout 60m)")

// Two robots play Kaiser's War's 1914 scenario over the in-process mail
// servers and the real daemon to the end of 1914 (Nov-Dec 1914 is turn 4;
// with -kw-full, the whole game): every window of both sides is answered
// by mail, acknowledged with the preview's remarks and resolved; the
// reports, maps and acknowledgements are written for both sides and the
// moderator; the exported archive audits "ok".
func TestDemoKaisersWar1914(t *testing.T) {
	if testing.Short() {
		t.Skip("make test's race run: the unit run plays the game (about 2 minutes)")
	}
	turns := 4
	if *kwFull {
		turns = 31
	}
	out := t.TempDir()
	var log strings.Builder
	res, err := Run(context.Background(), Options{Scenario: "kaiserswar-1914", Turns: turns, Out: out, Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	// A game-turn has ten windows: both sides' mobilization,
	// reorganization, movement and two combat phases (6.2).
	if res.Verdict != "ok" || res.Windows < 10*turns || res.Combats < turns || res.MailIn < 10*turns {
		t.Errorf("%+v\n%s", res, log.String())
	}
	next := fmt.Sprintf("now open: T%d ", turns+1)
	if *kwFull {
		next = "now open: the end"
	}
	for _, want := range []string{"T1 AL-SETUP resolved; now open: T1 CP-SETUP", "T4 CP-COMBAT2 resolved", next, "pbem audit " + res.Archive + ": ok"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("no %q in the progress:\n%s", want, log.String())
		}
	}
	for _, pattern := range []string{"anna/*-map-T4-*.png", "ben/*-map-T4-*.png", "mo/*-map-T4-*.png", "mo/*-closeup-*.png", "anna/*-orders-T4-CP-MOVE.txt", "ben/*-orders-T4-AL-COMBAT1.txt"} {
		if m, _ := filepath.Glob(filepath.Join(out, pattern)); len(m) == 0 {
			t.Errorf("nothing matches %s", pattern)
		}
	}
	audit, _ := os.ReadFile(filepath.Join(out, "audit.txt"))
	if !strings.Contains(string(audit), "T4 CP-COMBAT2: ok") {
		t.Errorf("audit.txt:\n%s", audit)
	}
	kwMails(t, out)
}

// kwMails checks what the players read: each side's reports, in its own
// name, with both sides' VP and the Nov-Dec 1914 turn; unit lines in
// columns; acknowledgements of moves that give the path and MP.
func kwMails(t *testing.T, out string) {
	t.Helper()
	vp := regexp.MustCompile(`Victory points: Central Powers \d+, Allies \d+`)
	unit := regexp.MustCompile(`^  ([A-Z]+-\S+) +(\d{4}|due|available|eliminated|held|to deploy|to place) +(\S+ r\d+|\S+) +\S`)
	for _, c := range []struct{ dir, side string }{{"anna", "Central Powers (CP)"}, {"ben", "Allies (AL)"}} {
		files, _ := filepath.Glob(filepath.Join(out, c.dir, "*.txt"))
		reports, winter, preview := 0, 0, 0
		for _, f := range files {
			b, _ := os.ReadFile(f)
			text := string(b)
			if strings.Contains(text, "the report of "+c.side) {
				reports++
				if !vp.MatchString(text) {
					t.Errorf("%s: no VP of both sides", f)
				}
				if strings.Contains(text, " of Nov-Dec 1914") {
					winter++
				}
				checkUnitColumns(t, f, text, unit)
			}
			if strings.HasPrefix(text, "ACCEPTED") && regexp.MustCompile(`# \S+ moves \d{4}-\d{4}\S* \(\S+ MP, \S+ left\)`).MatchString(text) {
				preview++
			}
		}
		if reports < 40 || winter == 0 || preview == 0 {
			t.Errorf("%s: %d reports of %s, %d of Nov-Dec 1914, %d acknowledgements with a move's path and MP", c.dir, reports, c.side, winter, preview)
		}
	}
}

// checkUnitColumns checks that the unit lines of a report start their
// columns at the same places.
func checkUnitColumns(t *testing.T, f, text string, unit *regexp.Regexp) {
	t.Helper()
	starts := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		m := unit.FindStringSubmatchIndex(l)
		if m == nil || !strings.Contains(l[m[2]:m[3]], "-") {
			continue
		}
		starts[fmt.Sprint(m[4], m[6])] = true
	}
	if len(starts) > 1 {
		t.Errorf("%s: the unit lines' columns start at %d sets of places", f, len(starts))
	}
}
