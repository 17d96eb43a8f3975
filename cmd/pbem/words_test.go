package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goFormat is what Go's default formatting leaves in a text: a slice of
// sides ([RU DE]), a map, a pointer to a struct, a duration with its zero
// minutes or seconds (24h0m0s, 0s), a pointer's address, a bare boolean,
// a bad verb, a time in RFC 3339.
var goFormat = regexp.MustCompile(`\[[A-Z]{2}( [A-Z]{2})*\]|map\[|&\{|[0-9]+h[0-9]+m[0-9]+s|\b0s\b|0x[0-9a-f]{6,}|\b(true|false)\b|%!|<nil>|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:`)

// maybePlural is a programmer's count: "1 key(s)", "1 files".
var maybePlural = regexp.MustCompile(`[0-9]+ [a-z ]+\(s\)|\b1 (files|rolls|links|stubs|mails|keys|attempts|tries)\b`)

// Every main command, run on a game as a moderator would, prints words,
// not Go's formatting; and every error names the command as typed ("pbem
// game pause: ..."), not the daemon's request ("pbem pause: ...").
func TestNoGoFormattingInOutput(t *testing.T) {
	s := newSite(t)
	s.newGame()
	key := filepath.Join(s.dir, "Anna.pub")
	template := filepath.Join(s.dir, "template.txt")
	type step struct {
		args []string
		fail bool // the command refuses: its error names it
	}
	steps := []step{
		{[]string{"game list"}, false},
		{[]string{"game show", "t1"}, false},
		{[]string{"game show", "t9"}, true},
		{[]string{"game pause", "-as", "Nobody", "t1"}, true},
		{[]string{"game pause", "-as", "Mo", "t1"}, false},
		{[]string{"game pause", "-as", "Mo", "t1"}, true},
		{[]string{"game show", "t1"}, false},
		{[]string{"game extend", "-as", "Mo", "-by", "90m", "t1"}, false},
		{[]string{"game extend", "-as", "Mo", "-by", "-10000h", "t1"}, true},
		{[]string{"game resume", "-as", "Mo", "-why", "all well", "t1"}, false},
		{[]string{"game resume", "-as", "Mo", "t1"}, true},
		{[]string{"game process-now", "-as", "Mo", "t1"}, false},
		{[]string{"game show", "t1"}, false},
		{[]string{"game replace-player", "-as", "Mo", "-old", "Zed", "-player", "RU=Zed,zed@example.org," + key, "t1"}, true},
		{[]string{"game new", "-id", "t1", "-scenario", "tannenberg-1914"}, true},
		{[]string{"key list", "t1"}, false},
		{[]string{"key list", "t9"}, true},
		{[]string{"key add", "-as", "Mo", "-side", "RU", "-name", "Anna", "-key", key, "t1"}, true},
		{[]string{"key add", "-as", "Mo", "-side", "XX", "-name", "Q", "-key", key, "t1"}, true},
		{[]string{"key remove", "-as", "Mo", "-name", "Nobody", "t1"}, true},
		{[]string{"mail list"}, false},
		{[]string{"mail retry", "99"}, true},
		{[]string{"report", "t1"}, false},
		{[]string{"report", "-side", "RU", "t1"}, false},
		{[]string{"report", "-side", "XX", "t1"}, true},
		{[]string{"audit", "t1"}, false},
		{[]string{"export", "-moderator", "-o", filepath.Join(s.dir, "t1.tar"), "t1"}, false},
		{[]string{"export", "-side", "RU", "-o", filepath.Join(s.dir, "ru.tar"), "t1"}, false},
		{[]string{"audit", "t9"}, true},
	}
	for _, st := range steps {
		code, out, errs := s.pbem(st.args...)
		checkWords(t, st.args, code, out, errs, st.fail)
	}
	// The commands without a game.
	for _, st := range []step{
		{[]string{"scenario", "list"}, false},
		{[]string{"scenario", "check", "tannenberg-1914"}, false},
		{[]string{"scenario", "check", "tannenberg"}, true},
		{[]string{"scenario", "hex", "tannenberg-1914", "0909"}, false},
		{[]string{"orders", "template", "-scenario", "tannenberg-1914", "-side", "RU"}, false},
		{[]string{"orders", "template", "-scenario", "tannenberg-1914", "-side", "XX"}, true},
		{[]string{"orders", "check", filepath.Join(s.dir, "nope.txt")}, true},
		{[]string{"audit", filepath.Join(s.dir, "t1.tar"), filepath.Join(s.dir, "ru.tar")}, false},
	} {
		code, out, errs := runPbem(t, st.args...)
		checkWords(t, st.args, code, out, errs, st.fail)
		if strings.Join(st.args[:2], " ") == "orders template" && !st.fail {
			// With a nonce of the player's own: the template's is refused.
			out = strings.Replace(out, "change-me-12345678", "my-own-nonce-1", 1)
			if err := os.WriteFile(template, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	code, out, errs := runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", template)
	checkWords(t, []string{"orders", "check"}, code, out, errs, false)
}

// checkWords fails the test for a line of Go's formatting in a command's
// output, and for an error that does not start with the command as typed.
func checkWords(t *testing.T, args []string, code int, out, errs string, fail bool) {
	t.Helper()
	typed := strings.Fields(strings.Join(args, " "))
	name := "pbem " + typed[0]
	if group(typed[0]) != nil {
		name += " " + typed[1]
	}
	if fail != (code != 0) {
		t.Errorf("%s: exit %d\n%s%s", strings.Join(args, " "), code, out, errs)
	}
	if fail && !strings.HasPrefix(errs, name+": ") && !strings.HasPrefix(errs, name+":\n") {
		t.Errorf("%s: the error does not start with %q:\n%s", strings.Join(args, " "), name+":", errs)
	}
	for _, l := range strings.Split(out+errs, "\n") {
		if m := goFormat.FindString(l); m != "" {
			t.Errorf("%s prints %q, Go's formatting, in:\n%s", strings.Join(args, " "), m, l)
		}
		if m := maybePlural.FindString(l); m != "" {
			t.Errorf("%s prints %q, a programmer's plural, in:\n%s", strings.Join(args, " "), m, l)
		}
	}
}

// An error of several lines, such as every problem of a game's spec,
// has each on an indented line of its own after the command's name; a
// message already indented is left as it is.
func TestComplainLines(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{"game \"t9\": not found", "pbem game show: game \"t9\": not found\n"},
		{"side RU has no player\nside DE has no player", "pbem game show:\n  side RU has no player\n  side DE has no player\n"},
		{"pbem.toml:\n  a\n  b\n", "pbem game show: pbem.toml:\n  a\n  b\n"},
		{"game t1 is running, and:\nfor a player: x\n  y", "pbem game show: game t1 is running, and:\n  for a player: x\n    y\n"},
	} {
		var b bytes.Buffer
		complain(&env{stderr: &b}, &options{cmd: "game show"}, c.msg)
		if b.String() != c.want {
			t.Errorf("complain(%q):\n%s\nwant:\n%s", c.msg, b.String(), c.want)
		}
	}
}

// A flag's value that does not parse is said with the flag and what it
// takes, not the flag package's "parse error"; help gives the defaults
// as a person writes them (24h, not Go's 24h0m0s) and kinds in words.
func TestFlagsInWords(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"game", "extend", "-by", "3x", "t1"}, "pbem game extend: -by 3x: give a duration: a number and its unit (s, m or h), such as 24h, 90m or -12h\n"},
		{[]string{"demo", "-turns", "x"}, "pbem demo: -turns x: give a whole number\n"},
		{[]string{"render", "-hex", "big", "-scenario", "tannenberg-1914", "-o", "x.png"}, "pbem render: -hex big: give a number\n"},
		{[]string{"demo", "-listen=maybe"}, "pbem demo: -listen maybe: give nothing, or =true or =false\n"},
		{[]string{"demo", "-frob"}, "pbem demo: -frob: no such flag\n"},
		{[]string{"game", "extend", "-by"}, "pbem game extend: -by: give its value after it\n"},
	} {
		code, _, errs := runPbem(t, c.args...)
		if code != 2 || !strings.HasPrefix(errs, c.want) || strings.Contains(errs, "parse error") || !strings.Contains(errs, "Run 'pbem help ") {
			t.Errorf("%v: exit %d\n%s\nwant first:\n%s", c.args, code, errs, c.want)
		}
	}
	code, out, _ := runPbem(t, "help", "game", "new")
	for _, want := range []string{"  -remind DURATION\n", "(default 24h)", "(default 10m)", "(default 336h)", "  -id TEXT\n", `(default "standing")`} {
		if !strings.Contains(out, want) {
			t.Errorf("pbem help game new lacks %q:\n%s", want, out)
		}
	}
	if code != 0 || goFormat.MatchString(out) || strings.Contains(out, " string\n") || strings.Contains(out, " duration\n") {
		t.Errorf("pbem help game new: exit %d, Go's words in:\n%s", code, out)
	}
	if _, _, errs := runPbem(t, "game", "extend", "-h"); !strings.Contains(errs, "(default 24h)\n") {
		t.Errorf("pbem game extend -h:\n%s", errs)
	}
}
