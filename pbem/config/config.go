// Package config reads the daemon's configuration file (TOML,
// config.example.toml documents every key). Decoding is strict: an unknown
// key is an error, a duration must be a string such as "90s" (a bare
// number would silently mean nanoseconds), and every problem is reported
// at once, each with its key. Passwords never sit in the file: they come
// from a file or an environment variable, and print as "[redacted]".
package config

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Config is the whole file.
type Config struct {
	Referee Referee
	IMAP    IMAP `toml:"imap"`
	SMTP    SMTP `toml:"smtp"`
	Data    Data
	Log     Log
}

// Referee is the [referee] table.
type Referee struct {
	Address  string   // the referee's mail address
	Domain   string   // for Message-IDs; default: the address's domain
	Database string   // the bbolt file
	Control  string   // the control socket; default: the database path + ".sock"
	MaxMail  int      `toml:"max_mail"` // largest mail taken in, bytes
	Tick     Duration // how often deadlines are looked at
	Replies  int      // replies to unsigned mail per sender per day
	// RepliesPerHour caps the replies to unsigned mail, all senders together.
	RepliesPerHour int    `toml:"replies_per_hour"`
	Backups        string // a directory for each game's copy before each of its resolutions, and for the full backups; "" for none
	Keep           int    // how many copies of each game to keep
	// BackupEvery is how often the whole database is backed up into
	// Backups; 0 for never.
	BackupEvery Duration `toml:"backup_every"`
	BackupKeep  int      `toml:"backup_keep"` // how many of those full backups to keep
}

// IMAP is the [imap] table: the mailbox orders arrive in.
type IMAP struct {
	Server       string // host:port
	TLS          string `toml:"tls"` // "implicit", "starttls" or "none" (loopback only)
	Username     string
	PasswordFile string `toml:"password_file"`
	PasswordEnv  string `toml:"password_env"`
	Mailbox      string
	CAFile       string   `toml:"ca_file"` // PEM certificates to trust besides the system's
	Processed    string   // folder processed mail is moved to; "" flags it instead
	Quarantine   string   // folder mail that cannot be taken in is moved to
	Idle         bool     // use IDLE when the server has it
	Poll         Duration // how often to look for mail without IDLE
	Timeout      Duration // for every command
	Password     Secret   `toml:"-"`
}

// SMTP is the [smtp] table: how the referee sends mail.
type SMTP struct {
	Server       string
	TLS          string `toml:"tls"`
	Username     string
	PasswordFile string   `toml:"password_file"`
	PasswordEnv  string   `toml:"password_env"`
	CAFile       string   `toml:"ca_file"`
	Timeout      Duration // for every command
	Retry        Duration // the first wait after a failed send; doubled each time
	MaxAttempts  int      `toml:"max_attempts"`
	Password     Secret   `toml:"-"`
}

// Data is the [data] table.
type Data struct {
	Scenarios string // a directory replacing the built-in game data
}

// Log is the [log] table.
type Log struct {
	Level  string // "debug", "info", "warn" or "error"
	Format string // "text" or "json"
}

// Duration is a time.Duration written as a string ("90s", "72h").
type Duration time.Duration

// UnmarshalTOML refuses anything but a string.
func (d *Duration) UnmarshalTOML(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("a duration is a string with its unit, such as \"90s\" or \"2m\", not %s", tomlValue(v))
	}
	x, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q is not a duration: give a number and its unit (s, m or h), such as \"90s\", \"2m\" or \"1h30m\"", s)
	}
	*d = Duration(x)
	return nil
}

// String prints the duration as people write it: "2m", not "2m0s".
func (d Duration) String() string {
	s := time.Duration(d).String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// tomlValue is a TOML value as the file gives it: "the number 90", "an
// array", not Go's [1 2] or map[a:1].
func tomlValue(v any) string {
	switch v := v.(type) {
	case int64, float64:
		return fmt.Sprintf("the number %v", v)
	case bool:
		return fmt.Sprintf("the boolean %t", v)
	case string:
		return strconv.Quote(v)
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

// The TOML decoder's type errors, which name Go's types.
var (
	badType  = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): incompatible types: TOML value has type (\S+); destination has type (.+)$`)
	notTable = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): type mismatch for \S+: expected table but found (\S+)$`)
)

// tomlTypes names the TOML decoder's types as the file writes them.
var tomlTypes = map[string]string{
	"int64": "a number", "float64": "a decimal number", "string": "a string", "bool": "true or false",
	"[]any": "an array", "[]map[string]any": "an array of tables", "map[string]any": "a table",
	"integer": "a whole number", "float": "a number", "boolean": "true or false",
	"slice": "an array", "map": "a table", "primitive (string-like)": "a string",
}

// words is a TOML decoder's type name in words ("a number").
func words(goType string) string {
	if w, ok := tomlTypes[goType]; ok {
		return w
	}
	return "a date or time"
}

// decodeProblem is a TOML decoding error as a problem of the file: its
// line, its key and what is wrong, in the file's terms.
func decodeProblem(err error) string {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		if pe.LastKey != "" {
			return fmt.Sprintf("line %d: %s: %s", pe.Position.Line, pe.LastKey, pe.Message)
		}
		return fmt.Sprintf("line %d: %s", pe.Position.Line, pe.Message)
	}
	if m := badType.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Sprintf("line %s: %s: %s where %s is wanted", m[1], m[2], words(m[3]), words(m[4]))
	}
	if m := notTable.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Sprintf("line %s: %s: %s where a table [%s] is wanted", m[1], m[2], words(m[3]), m[2])
	}
	return strings.TrimPrefix(err.Error(), "toml: ")
}

// Secret is a password: it never prints.
type Secret string

func (Secret) String() string   { return "[redacted]" }
func (Secret) GoString() string { return "[redacted]" }

// Error lists every problem of a configuration file.
type Error struct {
	File     string
	Problems []string
}

func (e *Error) Error() string {
	return e.File + ":\n  " + strings.Join(e.Problems, "\n  ")
}

// Load reads and checks the file at path, with the mail passwords.
// getenv reads the environment (os.Getenv; tests pass their own).
func Load(path string, getenv func(string) string) (*Config, error) {
	return load(path, getenv, true)
}

// LoadWithoutMail reads and checks the file at path as Load does but
// leaves the mail passwords unread: only the daemon logs in to the mail
// servers, so the commands on the database need not be able to read them.
func LoadWithoutMail(path string) (*Config, error) {
	return load(path, nil, false)
}

func load(path string, getenv func(string) string, passwords bool) (*Config, error) {
	c := Defaults()
	md, err := toml.DecodeFile(path, c)
	if err != nil {
		return nil, &Error{File: path, Problems: []string{decodeProblem(err)}}
	}
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for _, k := range md.Undecoded() {
		bad("%s: unknown key", k)
	}
	c.check(bad)
	for _, ca := range []struct{ key, file string }{{"imap.ca_file", c.IMAP.CAFile}, {"smtp.ca_file", c.SMTP.CAFile}} {
		if ca.file == "" {
			continue
		}
		if pem, err := os.ReadFile(ca.file); err != nil {
			bad("%s: %v", ca.key, err)
		} else if !x509.NewCertPool().AppendCertsFromPEM(pem) {
			bad("%s: %s holds no PEM certificate", ca.key, ca.file)
		}
	}
	if passwords {
		c.IMAP.Password = secret("imap", c.IMAP.PasswordFile, c.IMAP.PasswordEnv, getenv, bad)
		c.SMTP.Password = secret("smtp", c.SMTP.PasswordFile, c.SMTP.PasswordEnv, getenv, bad)
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, &Error{File: path, Problems: problems}
	}
	return c, nil
}

// Defaults is the configuration an empty file gives.
func Defaults() *Config {
	return &Config{
		Referee: Referee{Database: "pbem.db", MaxMail: 1 << 20, Tick: Duration(30 * time.Second), Replies: 5, RepliesPerHour: 30, Keep: 30,
			BackupEvery: Duration(24 * time.Hour), BackupKeep: 7},
		IMAP: IMAP{TLS: "implicit", Mailbox: "INBOX", Quarantine: "pbem-quarantine", Idle: true, Poll: Duration(2 * time.Minute), Timeout: Duration(time.Minute)},
		SMTP: SMTP{TLS: "starttls", Timeout: Duration(time.Minute), Retry: Duration(time.Minute), MaxAttempts: 10},
		Log:  Log{Level: "info", Format: "text"},
	}
}

func (c *Config) check(bad func(string, ...any)) {
	r := &c.Referee
	if a, err := mail.ParseAddress(r.Address); err != nil || a.Name != "" {
		bad("referee.address: %q is not a plain mail address", r.Address)
	} else if r.Domain == "" {
		r.Domain = r.Address[strings.LastIndex(r.Address, "@")+1:]
	}
	if r.Database == "" {
		bad("referee.database: the database file is needed")
	}
	if r.Control == "" {
		r.Control = r.Database + ".sock"
	}
	if r.MaxMail < 4096 || r.MaxMail > 64<<20 {
		bad("referee.max_mail: %d bytes; give 4096 to 67108864", r.MaxMail)
	}
	if r.Tick < Duration(time.Second) || r.Tick > Duration(time.Hour) {
		bad("referee.tick: %s; give 1s to 1h", r.Tick)
	}
	if r.Replies < 0 {
		bad("referee.replies: %d is negative", r.Replies)
	}
	if r.RepliesPerHour < 0 {
		bad("referee.replies_per_hour: %d is negative", r.RepliesPerHour)
	}
	if r.Backups != "" {
		if fi, err := os.Stat(r.Backups); err != nil || !fi.IsDir() {
			bad("referee.backups: %q is not a directory", r.Backups)
		}
		if r.Keep < 1 {
			bad("referee.keep: %d; keep at least 1 copy of each game", r.Keep)
		}
		if r.BackupEvery != 0 && r.BackupEvery < Duration(time.Hour) {
			bad("referee.backup_every: %s; give at least 1h, or 0 for no scheduled full backup", r.BackupEvery)
		}
		if r.BackupKeep < 1 {
			bad("referee.backup_keep: %d; keep at least 1 full backup", r.BackupKeep)
		}
	}
	server("imap", c.IMAP.Server, c.IMAP.TLS, bad)
	server("smtp", c.SMTP.Server, c.SMTP.TLS, bad)
	if c.IMAP.Username == "" {
		bad("imap.username: needed")
	}
	if c.IMAP.Mailbox == "" {
		bad("imap.mailbox: needed")
	}
	if c.IMAP.Poll < Duration(5*time.Second) {
		bad("imap.poll: %s; at least 5s", c.IMAP.Poll)
	}
	for _, d := range []struct {
		key string
		v   Duration
	}{{"imap.timeout", c.IMAP.Timeout}, {"smtp.timeout", c.SMTP.Timeout}, {"smtp.retry", c.SMTP.Retry}} {
		if d.v < Duration(time.Second) {
			bad("%s: %s; at least 1s", d.key, d.v)
		}
	}
	if c.SMTP.MaxAttempts < 1 {
		bad("smtp.max_attempts: %d; at least 1", c.SMTP.MaxAttempts)
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		bad("log.level: %q; give debug, info, warn or error", c.Log.Level)
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		bad("log.format: %q; give text or json", c.Log.Format)
	}
}

// server checks a host:port and its TLS mode: without TLS only a
// loopback server is allowed, so a password never crosses a network in
// clear.
func server(table, addr, mode string, bad func(string, ...any)) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		bad("%s.server: %q: want host:port", table, addr)
		return
	}
	switch mode {
	case "implicit", "starttls":
	case "none":
		if !Loopback(host) {
			bad("%s.tls: \"none\" is allowed only for a server on this machine (127.0.0.1, ::1, localhost), not %s", table, host)
		}
	default:
		bad("%s.tls: %q; give implicit, starttls or none", table, mode)
	}
}

// Loopback reports whether host is this machine.
func Loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// secret reads a password from its file or environment variable.
func secret(table, file, env string, getenv func(string) string, bad func(string, ...any)) Secret {
	switch {
	case file != "" && env != "":
		bad("%s: give password_file or password_env, not both", table)
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			bad("%s.password_file: %v", table, err)
			return ""
		}
		return Secret(strings.TrimRight(string(b), "\r\n"))
	case env != "":
		v := getenv(env)
		if v == "" {
			bad("%s.password_env: the environment variable %s is empty or unset", table, env)
		}
		return Secret(v)
	}
	return ""
}

// TLSConfig is the TLS set-up for a server whose certificates are checked
// against the system's roots and the PEM file caFile, if given.
func TLSConfig(host, caFile string) (*tls.Config, error) {
	c := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if caFile == "" {
		return c, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, err
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("%s holds no PEM certificate", caFile)
	}
	c.RootCAs = pool
	return c, nil
}
