package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// The example file of the repository loads (with its password files in
// place) and every value in it arrives.
func TestExampleLoads(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "config.example.toml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	text := string(src)
	for _, name := range []string{"imap.password", "smtp.password"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("s3cret-"+name+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		text = strings.Replace(text, "/etc/pbem/"+name, p, 1)
	}
	text = strings.Replace(text, "/var/lib/pbem/backups", dir, 1)
	path := filepath.Join(dir, "pbem.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Referee.Address != "referee@club.example" || c.Referee.Domain != "club.example" || time.Duration(c.Referee.Tick) != 30*time.Second ||
		c.IMAP.Server != "imap.club.example:993" || c.IMAP.Processed != "pbem-done" || time.Duration(c.IMAP.Poll) != 2*time.Minute ||
		c.SMTP.MaxAttempts != 10 || c.IMAP.Password != "s3cret-imap.password" || c.SMTP.Password != "s3cret-smtp.password" ||
		c.Referee.Backups != dir || c.Referee.Keep != 30 ||
		time.Duration(c.Referee.BackupEvery) != 24*time.Hour || c.Referee.BackupKeep != 7 {
		t.Errorf("%+v", c)
	}
	// A password never prints.
	if s := fmt.Sprintf("%v %+v %#v", c.IMAP.Password, c.SMTP, c.IMAP.Password); strings.Contains(s, "s3cret") {
		t.Errorf("a password printed: %s", s)
	}
}

func write(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "pbem.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

const good = `[referee]
address = "referee@club.example"
database = "/tmp/pbem.db"
[imap]
server = "127.0.0.1:1143"
tls = "none"
username = "referee"
password_env = "IMAP_PW"
[smtp]
server = "localhost:1025"
tls = "none"
`

func TestDefaultsAndEnv(t *testing.T) {
	c, err := Load(write(t, good), env(map[string]string{"IMAP_PW": "pw"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Referee.Domain != "club.example" || c.Referee.Control != "/tmp/pbem.db.sock" || c.IMAP.Mailbox != "INBOX" || c.IMAP.Password != "pw" || c.SMTP.Password != "" {
		t.Errorf("%+v", c)
	}
}

// Every problem at once, each with its key: unknown keys, a bare number
// for a duration, clear text to a remote server, a missing password.
func TestEveryProblemAtOnce(t *testing.T) {
	text := strings.Replace(good, `tls = "none"`+"\n"+`username`, `tls = "none"`+"\npol_interval = \"1m\"\nusername", 1)
	text = strings.Replace(text, `server = "localhost:1025"`, `server = "mail.example.net:25"`, 1)
	text += "tick = 90\n[extra]\nx = 1\n"
	text = strings.Replace(text, "[smtp]", "[smtp]\ntimeout = \"0s\"", 1)
	_, err := Load(write(t, text), env(nil))
	if err == nil {
		t.Fatal("loaded")
	}
	for _, want := range []string{
		"imap.pol_interval: unknown key",
		"extra.x: unknown key",
		`smtp.tls: "none" is allowed only for a server on this machine`,
		"imap.password_env: the environment variable IMAP_PW is empty or unset",
		"smtp.timeout: 0s; at least 1s",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in\n%v", want, err)
		}
	}
	// A bare number where a duration goes is refused, with its line.
	_, err = Load(write(t, strings.Replace(good, "[imap]", "[imap]\npoll = 90", 1)), env(map[string]string{"IMAP_PW": "pw"}))
	if err == nil || !strings.Contains(err.Error(), `a duration is a string with its unit`) {
		t.Errorf("bare duration: %v", err)
	}
}

// The commands on the database read the file without the mail passwords,
// which only the daemon needs; it still needs them.
func TestLoadWithoutMail(t *testing.T) {
	path := write(t, strings.Replace(good, `password_env = "IMAP_PW"`, `password_file = "/nonexistent/imap.password"`, 1))
	c, err := LoadWithoutMail(path)
	if err != nil || c.IMAP.Password != "" || c.Referee.Database != "/tmp/pbem.db" {
		t.Errorf("without the password file: %v %+v", err, c)
	}
	if _, err := Load(path, env(nil)); err == nil || !strings.Contains(err.Error(), "imap.password_file") {
		t.Errorf("the daemon's load without the password file: %v", err)
	}
	if _, err := LoadWithoutMail(write(t, good+"tick = \"0s\"\n")); err == nil {
		t.Error("the rest of the file is not checked")
	}
}

// A duration in a problem reads as it is written, not as Go prints it.
func TestDurationInWords(t *testing.T) {
	_, err := Load(write(t, strings.Replace(good, "[imap]", "tick = \"90m\"\n[imap]\npoll = \"2s\"", 1)), env(map[string]string{"IMAP_PW": "pw"}))
	if err == nil || !strings.Contains(err.Error(), "referee.tick: 1h30m; give 1s to 1h") || !strings.Contains(err.Error(), "imap.poll: 2s; at least 5s") || strings.Contains(err.Error(), "0s;") {
		t.Errorf("%v", err)
	}
}

// A value of the wrong type is said with its line, its key and what the
// file holds and what it should, in TOML's terms: not Go's [1 2],
// map[a:1], int64 or "destination has type integer".
func TestDecodeProblemsInWords(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`tick = [1, 2]`, `line 2: referee.tick: a duration is a string with its unit, such as "90s" or "2m", not an array`},
		{`tick = {a = 1}`, `line 2: referee.tick: a duration is a string with its unit, such as "90s" or "2m", not a table`},
		{`tick = 90`, `line 2: referee.tick: a duration is a string with its unit, such as "90s" or "2m", not the number 90`},
		{`tick = "5x"`, `line 2: referee.tick: "5x" is not a duration: give a number and its unit (s, m or h), such as "90s", "2m" or "1h30m"`},
		{`max_mail = "big"`, `line 2: referee.max_mail: a string where a whole number is wanted`},
		{`replies = 1.5`, `line 2: referee.replies: a decimal number where a whole number is wanted`},
		{`domain = 5`, `line 2: referee.domain: a number where a string is wanted`},
	} {
		_, err := Load(write(t, strings.Replace(good, "[referee]\n", "[referee]\n"+c.line+"\n", 1)), env(map[string]string{"IMAP_PW": "pw"}))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %s", c.line, err, c.want)
		}
		var ce *Error
		if errors.As(err, &ce) && regexp.MustCompile(`map\[|\[1 2\]|int64|float64|destination|toml:|time:`).MatchString(strings.Join(ce.Problems, "\n")) {
			t.Errorf("%s: Go's words in %v", c.line, err)
		}
	}
	_, err := Load(write(t, "referee = 5\n"+strings.TrimPrefix(good, "[referee]\n")), env(nil))
	if err == nil || !strings.Contains(err.Error(), "line 1: referee: a number where a table [referee] is wanted") {
		t.Errorf("a number for a table: %v", err)
	}
}

// The safety net's settings: a full backup more often than hourly, or
// none kept, is refused; "0" schedules none.
func TestBackupSettings(t *testing.T) {
	dir := t.TempDir()
	base := strings.Replace(good, "[imap]", fmt.Sprintf("backups = %q\n[imap]", dir), 1)
	ok := map[string]string{"IMAP_PW": "pw"}
	_, err := Load(write(t, strings.Replace(base, "[imap]", "backup_every = \"10m\"\nbackup_keep = 0\n[imap]", 1)), env(ok))
	for _, want := range []string{"referee.backup_every: 10m; give at least 1h", "referee.backup_keep: 0; keep at least 1"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want %q in %v", want, err)
		}
	}
	c, err := Load(write(t, strings.Replace(base, "[imap]", "backup_every = \"0s\"\n[imap]", 1)), env(ok))
	if err != nil || c.Referee.BackupEvery != 0 || c.Referee.BackupKeep != 7 {
		t.Errorf("no scheduled backup: %+v %v", c, err)
	}
}
