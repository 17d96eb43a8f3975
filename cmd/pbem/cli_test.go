package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A group's name alone lists its subcommands, each with its summary.
func TestGroupListsSubcommands(t *testing.T) {
	for _, c := range []struct{ group, sub, summary string }{
		{"scenario", "scenario check", scenarioCheck.summary},
		{"game", "game pause", gamePause.summary},
		{"key", "key add", keyAdd.summary},
		{"mail", "mail retry", mailRetry.summary},
	} {
		code, out, errs := runPbem(t, c.group)
		if code != 2 || out != "" || !strings.Contains(errs, c.sub) || !strings.Contains(errs, c.summary) || strings.Contains(errs, "unknown") {
			t.Errorf("pbem %s: exit %d\n%s%s", c.group, code, out, errs)
		}
		if code, _, errs := runPbem(t, c.group, "frob"); code != 2 || !strings.Contains(errs, `unknown subcommand "frob"`) || !strings.Contains(errs, c.sub) {
			t.Errorf("pbem %s frob: exit %d\n%s", c.group, code, errs)
		}
		if code, out, _ := runPbem(t, "help", c.group); code != 0 || !strings.Contains(out, c.sub) {
			t.Errorf("pbem help %s: exit %d\n%s", c.group, code, out)
		}
	}
}

// A flag after the arguments is refused, naming it, not ignored.
func TestFlagAfterArgumentsRefused(t *testing.T) {
	for _, args := range [][]string{
		{"export", "t1", "-o", "x.tar"},
		{"game", "pause", "t1", "-as", "Mo"},
		{"mail", "retry", "3", "-given-up"},
		{"scenario", "hex", "mini-a", "0303", "-scenarios", "x"},
	} {
		code, _, errs := runPbem(t, args...)
		flag := ""
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				flag = a
			}
		}
		if code != 2 || !strings.Contains(errs, flag+" comes after") || !strings.Contains(errs, "flags go before the arguments") {
			t.Errorf("%v: exit %d\n%s", args, code, errs)
		}
	}
}

// A bad flag value names the flag and says what it takes.
func TestBadFlagValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"demo", "-turns", "-1"}, []string{"-turns -1", "0 or more"}},
		{[]string{"demo", "-turns", "0"}, []string{"-turns 0 plays nothing"}},
		{[]string{"demo", "-listen", "-hand", "FR"}, []string{"-hand FR", "RU and DE"}},
		{[]string{"demo", "-fog", "thick"}, []string{`pbem demo:`, `-fog "thick": give rulebook, limited or open`}},
		{[]string{"game", "extend", "-by", "0s", "t1"}, []string{"-by 0 moves nothing"}},
		{[]string{"selfplay", "-scenario", "tannenberg-1914", "-turns", "-3"}, []string{"-turns -3"}},
		{[]string{"render", "-scenario", "tannenberg-1914", "-hex", "0", "-o", "x.png"}, []string{"-hex 0", "8 to 400"}},
		{[]string{"game", "new", "-c", "none.toml", "-id", "g", "-scenario", "tannenberg-1914", "-early", "-1h", "-grace", "-90m", "-nmr", "sometimes", "-tz", "Mars/Olympus", "-deadline", "MOVE=-24h", "-fog", "thick"},
			[]string{"-early -1h:", "-grace -1h30m:", `-nmr "sometimes": give standing, wait or robot`, `-tz "Mars/Olympus"`, `-deadline "MOVE=-24h"`, `-fog "thick"`}},
	} {
		code, out, errs := runPbem(t, c.args...)
		if code == 0 {
			t.Errorf("%v: exit 0\n%s", c.args, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: exit %d, stderr lacks %q:\n%s", c.args, code, w, errs)
			}
		}
	}
}

// An archive that is not there is said to be missing, not taken for a
// game's name.
func TestAuditMissingArchive(t *testing.T) {
	for _, name := range []string{"/nonexistent.tar", "club-7.tar", "x/y"} {
		code, _, errs := runPbem(t, "audit", "-c", "none.toml", name)
		if code != 1 || !strings.Contains(errs, "the archive "+name+" does not exist") {
			t.Errorf("%s: exit %d\n%s", name, code, errs)
		}
	}
}

// A command on a database that is not there says so and creates none;
// game new creates it.
func TestMissingDatabaseNotCreated(t *testing.T) {
	s := newSite(t)
	db := filepath.Join(s.dir, "pbem.db")
	for _, args := range [][]string{{"game list"}, {"report", "t1"}, {"key list", "t1"}, {"mail list"}} {
		code, _, errs := s.pbem(args...)
		if code != 1 || !strings.Contains(errs, "the database "+db+" does not exist") {
			t.Errorf("%v: exit %d\n%s", args, code, errs)
		}
		if _, err := os.Stat(db); err == nil {
			t.Fatalf("%v created the database", args)
		}
	}
	s.newGame()
	if code, out, errs := s.pbem("game list"); code != 0 || !strings.Contains(out, "t1") {
		t.Errorf("game list after game new: exit %d\n%s%s", code, out, errs)
	}
}

// The commands on the database need no mail password: only serve reads it.
func TestNoMailPasswordOffline(t *testing.T) {
	s := newSite(t)
	s.newGame()
	if err := os.Remove(filepath.Join(s.dir, "imap.password")); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := s.pbem("report", "-side", "RU", "t1"); code != 0 || out == "" {
		t.Errorf("report: exit %d\n%s", code, errs)
	}
	png := filepath.Join(s.dir, "t1.png")
	if code, _, errs := s.pbem("render", "-game", "t1", "-o", png); code != 0 {
		t.Errorf("render -game: exit %d\n%s", code, errs)
	}
	if code, _, errs := s.pbem("serve"); code != 1 || !strings.Contains(errs, "imap.password_file") {
		t.Errorf("serve without its password: exit %d\n%s", code, errs)
	}
}

// A directory gives its .case files; its other files are not cases.
func TestAdjudicateDir(t *testing.T) {
	src := filepath.Join("..", "..", "engine", "rulesets", "gwite", "testdata", "cases")
	dir := t.TempDir()
	for _, name := range []string{"units.txt", "5.34-russian-rail-no-attack.case", "10.41-occ-may-not-move.case"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "NOTES.md"), []byte("not a case\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPbem(t, "adjudicate", dir)
	if code != 0 || !strings.Contains(out, "PASS "+filepath.Join(dir, "5.34-russian-rail-no-attack.case")) || !strings.Contains(out, "2 cases, 0 failed") || strings.Contains(out, "NOTES") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	empty := t.TempDir()
	if code, _, errs := runPbem(t, "adjudicate", empty); code != 1 || !strings.Contains(errs, "holds no .case file") {
		t.Errorf("an empty directory: exit %d\n%s", code, errs)
	}
}

// game new reports its flags' problems and the game's together.
func TestGameNewEveryProblemAtOnce(t *testing.T) {
	s := newSite(t)
	code, _, errs := s.pbem("game new", "-id", "t 1", "-scenario", "tannenberg-1914", "-fog", "thick", "-at", "25:99",
		"-player", "RU=Anna,"+s.addr["Anna"]+","+filepath.Join(s.dir, "Anna.pub"),
		"-moderator", "Mo,"+s.addr["Mo"]+","+filepath.Join(s.dir, "Mo.pub"))
	for _, want := range []string{`-fog "thick"`, `game id "t 1"`, `deadline time of day "25:99"`, "side DE has no player"} {
		if !strings.Contains(errs, want) {
			t.Errorf("no %q in:\n%s", want, errs)
		}
	}
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(s.dir, "pbem.db")); err == nil {
		t.Error("a refused game new created the database")
	}
	// A key file that cannot be read is said once, not again as a
	// missing key.
	_, _, errs = s.pbem("game new", "-id", "t1", "-scenario", "tannenberg-1914", "-fog", "thick",
		"-player", "RU=Anna,"+s.addr["Anna"]+","+filepath.Join(s.dir, "nope.pub"),
		"-player", "DE=Ben,"+s.addr["Ben"]+","+filepath.Join(s.dir, "Ben.pub"),
		"-moderator", "Mo,"+s.addr["Mo"]+","+filepath.Join(s.dir, "Mo.pub"))
	if !strings.Contains(errs, "nope.pub") || strings.Contains(errs, "keys:") {
		t.Errorf("a missing key file:\n%s", errs)
	}
}
