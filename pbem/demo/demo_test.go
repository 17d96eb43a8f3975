package demo

import (
	"bytes"
	"context"
	"io"
	"net/smtp"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"

	"pbem/pbem/config"
	"pbem/pbem/daemon"
	"pbem/pbem/mailin"
	"pbem/pbem/memmail"
	"pbem/pbem/store"
)

// A two-turn demo, as `make run` plays it, plays every window of its
// game-turns over the in-process mail servers, tells of each window and
// combat, writes the mails with their reports and maps for both sides and
// the moderator, and its archive audits "ok". Each demo draws its own
// dice, and the robots attack only where the VP expected favour them, so
// the opening may pass without a battle: the demo is run again (into the
// same directory, as a user would) until one has been fought and the
// German's markers have moved and been revealed.
func TestDemo(t *testing.T) {
	out := t.TempDir()
	// An earlier, longer demo's mail is not left among this one's.
	if err := os.MkdirAll(filepath.Join(out, "anna"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "anna", "999.eml"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var (
		log strings.Builder
		res *Result
		err error
	)
	// What the dice decide: a battle, and the German's Gruppen marching
	// and being revealed.
	eventful := func() bool {
		for _, want := range []string{"  combat: attack 1 on ", "  hidden movement [T 18]: ", "  reveal [T 18]: "} {
			if !strings.Contains(log.String(), want) {
				return false
			}
		}
		return true
	}
	for try := 0; try < 12 && !eventful(); try++ {
		log.Reset()
		if res, err = Run(context.Background(), Options{Turns: 2, Out: out, Log: &log}); err != nil {
			t.Fatalf("%v\n%s", err, log.String())
		}
	}
	if res.Verdict != "ok" || res.Windows < 4 || res.MailIn < 4 || res.MailOut < 3*4 {
		t.Errorf("%+v\n%s", res, log.String())
	}
	for _, want := range []string{"GT1 DE-SETUP resolved; now open: GT1 RU-MOVE (mails so far: ", "GT1 DE-COMBAT resolved; now open: GT2 RU-MOVE (mails so far: ", "GT2 DE-COMBAT resolved; now open: GT3 RU-MOVE (mails so far: ", "  combat: attack 1 on ", "  hidden movement [T 18]: ", "  reveal [T 18]: ", "pbem audit " + res.Archive + ": ok"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("no %q in the progress:\n%s", want, log.String())
		}
	}
	for _, pattern := range []string{"anna/*-map-GT1-*.png", "ben/*-map-GT1-*.png", "mo/*-map-GT1-*.png", "anna/*-orders-GT1-*.txt", "anna/*.eml", "keys/anna.asc", "keys/ben.pub.asc", "demo.tar", "audit.txt", "daemon.log"} {
		if m, _ := filepath.Glob(filepath.Join(out, pattern)); len(m) == 0 {
			t.Errorf("nothing matches %s", pattern)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "anna", "999.eml")); err == nil {
		t.Error("an earlier demo's mail is still in anna/")
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
	// The rulebook's fog: the Russian never learns what a Gruppe holds
	// before it is revealed (pbem demo -fog open shows it, TestDemoFog).
	for _, r := range reports {
		if b, _ := os.ReadFile(r); strings.Contains(string(b), "(in Gruppe") {
			t.Errorf("%s shows the Russian what a Gruppe holds:\n%s", r, b)
		}
	}
	checkReadme(t, out, "Open first: mo/", "demo.tar", "audit.txt", "pbem.toml")
}

// pathRe is a file or directory named in README.txt.
var pathRe = regexp.MustCompile(`[\w./-]+\.(txt|eml|png|asc|tar|log|db|toml)\b|\b(mo|anna|ben|keys)/`)

// checkReadme checks that out/README.txt says what to open first, holds
// each of want, and that every file and directory it names is there.
func checkReadme(t *testing.T, out string, want ...string) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(out, "README.txt"))
	if err != nil {
		t.Fatalf("the demo wrote no README.txt: %v", err)
	}
	for _, w := range want {
		if !strings.Contains(string(text), w) {
			t.Errorf("README.txt has no %q:\n%s", w, text)
		}
	}
	named := pathRe.FindAllString(string(text), -1)
	if len(named) < 15 {
		t.Errorf("README.txt names only %q:\n%s", named, text)
	}
	for _, name := range named {
		if strings.Contains(name, "NNN") {
			continue // the pattern of a name, not a file
		}
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("README.txt names %s, which the demo did not write:\n%s", name, text)
		}
	}
}

// syncLog is the demo's terminal, read by the test while the demo writes.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitFor waits until cond holds, for at most two minutes.
func waitFor(t *testing.T, what string, log *syncLog, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(2 * time.Minute); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("waited two minutes for %s:\n%s", what, log.String())
		}
	}
}

// Under -listen, after the robots' game-turn the Russian is a person's:
// reading Anna's mailbox over IMAP with the addresses the demo printed,
// filling in the template of the last report, clearsigning it with GnuPG
// and the key the demo wrote, and mailing it over SMTP gets it accepted and the window
// resolved, while the German robot plays on; at the interruption the demo
// writes everything out and the archive audits "ok" with the hand-played
// window in it.
func TestDemoListen(t *testing.T) {
	out := t.TempDir()
	log := &syncLog{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type outcome struct {
		res *Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := Run(ctx, Options{Turns: 1, Out: out, Listen: true, Hand: "RU", Log: log})
		done <- outcome{res, err}
	}()
	var o outcome
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			o = <-done
		}
	}
	t.Cleanup(stop) // before the temporary directory goes
	waitFor(t, "the hand-over", log, func() bool { return strings.Contains(log.String(), "is yours now") })
	m := regexp.MustCompile(`IMAP (\S+) and SMTP (\S+), no TLS; log in as (\S+), password "(\S+)"`).FindStringSubmatch(log.String())
	if m == nil || m[3] != "anna@demo.pbem" {
		t.Fatalf("no mail client settings for Anna in:\n%s", log.String())
	}
	imapAddr, smtpAddr, user, pw := m[1], m[2], m[3], m[4]
	moderate(t, log.String(), out)
	box := mailin.New(mailin.Config{Server: imapAddr, TLS: "none", Username: user, Password: pw, Mailbox: "INBOX", Timeout: 10 * time.Second})
	defer box.Close()

	// The template of the newest report, as a person's client shows it.
	var template []byte
	msgs, _, err := box.Fetch(ctx, store.Watermark{}, 64<<20, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range msgs {
		r, err := mail.CreateReader(bytes.NewReader(msg.Raw))
		if err != nil {
			t.Fatal(err)
		}
		for {
			p, err := r.NextPart()
			if err != nil {
				break
			}
			if h, ok := p.Header.(*mail.AttachmentHeader); ok {
				if name, _ := h.Filename(); strings.HasPrefix(name, "orders-") {
					template, _ = io.ReadAll(p.Body)
				}
			}
		}
	}
	if !bytes.Contains(template, []byte("Window: GT2 RU-MOVE\n")) {
		t.Fatalf("the newest template is not for GT2 RU-MOVE:\n%s", template)
	}
	filled := strings.Replace(string(template), "Nonce: change-me-12345678\n", "Nonce: by-hand-at-midnight\nFinal: yes\n", 1)
	if filled == string(template) {
		t.Fatalf("no nonce to change in the template:\n%s", template)
	}

	// Signed as the README says, with GnuPG and the key the demo wrote.
	gpgHome := t.TempDir()
	gpg := func(args ...string) {
		t.Helper()
		cmd := exec.Command("gpg", append([]string{"--batch", "--yes", "--pinentry-mode", "loopback", "--passphrase", ""}, args...)...)
		cmd.Env = append(os.Environ(), "GNUPGHOME="+gpgHome)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("gpg %v: %v\n%s\n(make deps installs GnuPG)", args, err, b)
		}
	}
	gpg("--import", filepath.Join(out, "keys", "anna.asc"))
	orders := filepath.Join(t.TempDir(), "orders.txt")
	if err := os.WriteFile(orders, []byte(filled), 0o644); err != nil {
		t.Fatal(err)
	}
	gpg("-u", "anna@demo.pbem", "--clearsign", orders)
	signed, err := os.ReadFile(orders + ".asc")
	if err != nil {
		t.Fatal(err)
	}
	raw := memmail.TextMail("Anna <"+user+">", "referee@demo.pbem", "by-hand@demo.pbem", "my orders", signed)
	if err := smtp.SendMail(smtpAddr, nil, user, []string{"referee@demo.pbem"}, raw); err != nil {
		t.Fatal(err)
	}

	// The acknowledgement comes to Anna's mailbox, and the window resolves.
	mark := store.Watermark{UID: msgs[len(msgs)-1].UID, UIDValidity: msgs[len(msgs)-1].Validity}
	acked := false
	waitFor(t, "the acknowledgement", log, func() bool {
		got, _, err := box.Fetch(ctx, mark, 64<<20, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range got {
			text := body(msg.Raw)
			acked = acked || strings.HasPrefix(text, "ACCEPTED: ") && strings.Contains(text, "orders of RU for GT2 RU-MOVE")
		}
		return acked
	})
	waitFor(t, "the window to resolve", log, func() bool { return strings.Contains(log.String(), "GT2 RU-MOVE resolved") })

	stop()
	if o.err != nil || o.res.Verdict != "ok" {
		t.Fatalf("%+v %v\n%s", o.res, o.err, log.String())
	}
	audit, _ := os.ReadFile(filepath.Join(out, "audit.txt"))
	if !strings.Contains(string(audit), "GT2 RU-MOVE: ok") {
		t.Errorf("audit.txt:\n%s", audit)
	}
	checkReadme(t, out, "Open first: mo/", "anna/")
	if n := strings.Count(log.String(), "pbem audit "); n != 2 {
		t.Errorf("%d audits told, want one at the hand-over and one at the end:\n%s", n, log.String())
	}
}

// moderate runs moderators' commands on the running demo as the demo
// told (log) through the pbem.toml it wrote under out, as pbem game show
// -c out/pbem.toml demo does: the configuration names the control socket
// the demo's referee answers on.
func moderate(t *testing.T, log, out string) {
	t.Helper()
	m := regexp.MustCompile(`pbem game show -c (\S+) demo\n`).FindStringSubmatch(log)
	if m == nil || m[1] != filepath.Join(out, "pbem.toml") {
		t.Fatalf("the demo does not say how to run pbem game show on it:\n%s", log)
	}
	cfg, err := config.LoadWithoutMail(m[1])
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		req  daemon.Request
		want string
	}{
		{daemon.Request{Cmd: "show", Game: "demo"}, "open window: GT2 RU-MOVE"},
		{daemon.Request{Cmd: "pause", Game: "demo", Who: "Mo", Why: "a break"}, "game demo: paused"},
		{daemon.Request{Cmd: "show", Game: "demo"}, "PAUSED"},
		{daemon.Request{Cmd: "resume", Game: "demo", Who: "Mo", Why: "back"}, "game demo: resumed"},
		{daemon.Request{Cmd: "extend", Game: "demo", Who: "Mo", Duration: 24 * time.Hour}, "game demo: deadline moved by 24h"},
	} {
		resp, ok, err := daemon.Call(cfg.Referee.Control, c.req)
		if !ok || err != nil || resp.Error != "" || !strings.Contains(resp.Text, c.want) {
			t.Errorf("%s through %s: answered %v, %v: %+v; want %q", c.req.Cmd, cfg.Referee.Control, ok, err, resp, c.want)
		}
	}
}

// Under -listen, an output directory too deep for the control socket's
// path is refused before the game starts, naming -o and why; the
// pbem.toml written for a usual one is what the moderators' commands read.
func TestWriteConfig(t *testing.T) {
	deep := filepath.Join(t.TempDir(), strings.Repeat("d", 120))
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := writeConfig(deep, "127.0.0.1:1143", "127.0.0.1:1025", true); err == nil || !strings.Contains(err.Error(), "-o "+deep) || !strings.Contains(err.Error(), "longer than a Unix socket path may be") {
		t.Errorf("a socket path too long: %v", err)
	}
	if _, err := writeConfig(deep, "127.0.0.1:1143", "127.0.0.1:1025", false); err != nil {
		t.Errorf("without -listen the socket is not made: %v", err)
	}
	dir := t.TempDir()
	sock, err := writeConfig(dir, "0.0.0.0:1143", "[::]:1025", true)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.LoadWithoutMail(filepath.Join(dir, "pbem.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Referee.Control != sock || cfg.Referee.Database != filepath.Join(dir, "pbem.db") || cfg.IMAP.Server != "127.0.0.1:1143" || cfg.SMTP.Server != "127.0.0.1:1025" {
		t.Errorf("pbem.toml read as %+v, %+v, %+v", cfg.Referee, cfg.IMAP.Server, cfg.SMTP.Server)
	}
}
