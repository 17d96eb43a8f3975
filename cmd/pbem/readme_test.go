package main

import (
	"archive/tar"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"pbem/engine/rulesets/rulesetstest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	"golang.org/x/crypto/ssh"

	"pbem/orders/sig"
	"pbem/pbem/memmail"
)

// Every command the README shows is run by a row of readmeRows, so that a
// newcomer's first commands work as written; a command added to the
// README without a row fails here.
func TestReadmeCommands(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeCommands(string(text))
	// A parser that lost the code spans would pass with no rows at all.
	if len(cmds) < 30 {
		t.Fatalf("only %d commands found in README.md: %q", len(cmds), cmds)
	}
	rows := readmeRows()
	for _, c := range cmds {
		if !slices.ContainsFunc(rows, func(r readmeRow) bool { return r.covers(c) }) {
			t.Errorf("README.md shows %q, and no row of readmeRows runs it: add one", c)
		}
	}
	for _, r := range rows {
		for _, c := range r.readme {
			if !slices.ContainsFunc(cmds, func(rc string) bool { return rc == c || r.prefix && strings.HasPrefix(rc, c) }) {
				t.Errorf("row %q: README.md no longer shows it", c)
			}
		}
	}
	x := newReadmeSite(t, root, string(text), cmds)
	for _, r := range rows {
		name := slices.MinFunc(r.readme, func(a, b string) int { return len(a) - len(b) })
		t.Run(name, func(t *testing.T) { r.run(t, x, r.readme[0]) })
	}
}

// readmeCommands returns the commands README.md shows: each line of a
// fenced block that starts with "make " or "pbem " (continuation lines
// joined, comments dropped) and each code span that does, with every
// a|b|c alternative expanded into a command of its own.
func readmeCommands(text string) []string {
	var found []string
	var prose strings.Builder
	fenced, cont := false, ""
	for _, line := range strings.Split(text, "\n") {
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "```") {
			fenced = !fenced
			prose.WriteString("\n")
			continue
		}
		if !fenced {
			prose.WriteString(line + "\n")
			continue
		}
		if strings.HasPrefix(trim, "#") {
			trim = ""
		} else if i := strings.Index(trim, " #"); i >= 0 {
			trim = strings.TrimSpace(trim[:i])
		}
		if s, ok := strings.CutSuffix(trim, "\\"); ok {
			cont += s + " "
			continue
		}
		found = append(found, cont+trim)
		cont = ""
	}
	// Fenced blocks are blank lines in prose, so backticks pair up; a
	// span may run over a line break.
	spans := strings.Split(prose.String(), "`")
	for i := 1; i < len(spans); i += 2 {
		found = append(found, spans[i])
	}
	var cmds []string
	for _, f := range found {
		f = strings.Join(strings.Fields(f), " ")
		f = strings.TrimPrefix(f, "bin/") // the binary make build writes
		if !strings.HasPrefix(f, "pbem ") && !strings.HasPrefix(f, "make ") {
			continue
		}
		for _, c := range expandAlternatives(f) {
			if !slices.Contains(cmds, c) {
				cmds = append(cmds, c)
			}
		}
	}
	return cmds
}

// expandAlternatives turns "pbem key add|list|remove" into the three
// commands.
func expandAlternatives(cmd string) []string {
	out := []string{""}
	for _, f := range strings.Fields(cmd) {
		alts := []string{f}
		if strings.Contains(f, "|") && !strings.HasPrefix(f, "|") && !strings.HasSuffix(f, "|") {
			alts = strings.Split(f, "|")
		}
		var next []string
		for _, o := range out {
			for _, a := range alts {
				next = append(next, strings.TrimSpace(o+" "+a))
			}
		}
		out = next
	}
	return out
}

// readmeRow runs the README commands it lists (placeholders and all, as
// written there); with prefix, the first covers every command it starts.
type readmeRow struct {
	readme []string
	prefix bool
	run    func(t *testing.T, x *readmeSite, cmd string)
}

func (r readmeRow) covers(cmd string) bool {
	return slices.Contains(r.readme, cmd) || r.prefix && strings.HasPrefix(cmd, r.readme[0])
}

// readmeSite is the club of the README's "Running the referee": its
// directory (the working directory of the rows), a mail system, the
// configuration made from config.example.toml and the players' keys.
type readmeSite struct {
	root, dir string
	readme    string   // README.md's text
	cmds      []string // its commands
	bin       string
	mail      *memmail.System
	config    string // pbem.toml's text
	anna, mo  *openpgp.Entity
	ben       ssh.Signer
	benKey    ed25519.PrivateKey
	created   bool
}

const (
	readmeDB   = "pbem.db"
	readmeSock = "pbem.sock"
)

func newReadmeSite(t *testing.T, root, readme string, cmds []string) *readmeSite {
	t.Helper()
	x := &readmeSite{root: root, readme: readme, cmds: cmds, bin: pbemBinary(t), dir: t.TempDir()}
	x.anna = readmeOpenPGP(t, "Anna", "anna@example.org")
	x.mo = readmeOpenPGP(t, "Mo", "mo@example.org")
	var err error
	if _, x.benKey, err = ed25519.GenerateKey(rand.Reader); err != nil {
		t.Fatal(err)
	}
	if x.ben, err = ssh.NewSignerFromKey(x.benKey); err != nil {
		t.Fatal(err)
	}
	x.write(t, "anna.asc", armorKey(t, openpgp.PublicKeyType, x.anna.Serialize))
	x.write(t, "mo.asc", armorKey(t, openpgp.PublicKeyType, x.mo.Serialize))
	x.write(t, "ben.pub", ssh.MarshalAuthorizedKey(x.ben.PublicKey()))

	pw := map[string]string{refereeAddr: "imap-pw"}
	for _, a := range []string{"anna@example.org", "ben@example.org", "mo@example.org", "cleo@example.org"} {
		pw[a] = "pw"
	}
	if x.mail, err = memmail.Start(pw); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(x.mail.Close)
	x.write(t, "imap.password", []byte("imap-pw\n"))
	if err := os.Mkdir(filepath.Join(x.dir, "backups"), 0o755); err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile(filepath.Join(root, "config.example.toml"))
	if err != nil {
		t.Fatal(err)
	}
	x.config = editConfig(t, string(example), map[string]string{
		"referee.address":    refereeAddr,
		"referee.database":   filepath.Join(x.dir, readmeDB),
		"referee.control":    filepath.Join(x.dir, readmeSock),
		"referee.backups":    filepath.Join(x.dir, "backups"),
		"referee.tick":       "1s",
		"imap.server":        x.mail.IMAPAddr,
		"imap.tls":           "none",
		"imap.username":      refereeAddr,
		"imap.password_file": filepath.Join(x.dir, "imap.password"),
		"imap.poll":          "5s",
		"imap.timeout":       "5s",
		"smtp.server":        x.mail.SMTPAddr,
		"smtp.tls":           "none",
		"smtp.retry":         "1s",
	}, "smtp.username", "smtp.password_file") // the test mail system sends without a login
	x.write(t, "pbem.toml", []byte(x.config))
	// The README's commands name pbem.toml and the key files as a club's
	// operator would, in the directory that holds them.
	t.Chdir(x.dir)
	return x
}

// editConfig sets the "table.key" values of set in a TOML file written
// as config.example.toml is, and drops the keys of drop. Each key must be
// there, so that a renamed setting fails here rather than being ignored.
func editConfig(t *testing.T, text string, set map[string]string, drop ...string) string {
	t.Helper()
	seen := map[string]bool{}
	table := ""
	var out []string
	for _, line := range strings.Split(text, "\n") {
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "[") && strings.HasSuffix(trim, "]") {
			table = strings.Trim(trim, "[]")
		}
		key, _, ok := strings.Cut(trim, "=")
		key = strings.TrimSpace(key)
		name := table + "." + key
		v, listed := set[name]
		switch {
		case !ok || strings.HasPrefix(trim, "#"):
			out = append(out, line)
		case slices.Contains(drop, name):
			seen[name] = true
		case listed:
			seen[name] = true
			out = append(out, fmt.Sprintf("%s = %q", key, v))
		default:
			out = append(out, line)
		}
	}
	for _, name := range append(slices.Collect(maps.Keys(set)), drop...) {
		if !seen[name] {
			t.Errorf("config.example.toml has no %s", name)
		}
	}
	return strings.Join(out, "\n")
}

func readmeOpenPGP(t *testing.T, name, addr string) *openpgp.Entity {
	t.Helper()
	e, err := openpgp.NewEntity(name, "", addr, &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (x *readmeSite) write(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(x.dir, name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// literal runs a README command exactly as written, in this process.
func (x *readmeSite) literal(t *testing.T, cmd string) (int, string, string) {
	t.Helper()
	return runPbem(t, strings.Fields(cmd)[1:]...)
}

// subst runs a README command with its placeholders (whole words) given
// real values; a placeholder the command lacks fails the row, which has
// then fallen behind the README.
func (x *readmeSite) subst(t *testing.T, cmd string, values map[string]string) (int, string, string) {
	t.Helper()
	fields := strings.Fields(cmd)[1:]
	for word, v := range values {
		i := slices.Index(fields, word)
		if i < 0 {
			t.Fatalf("%q has no %s", cmd, word)
		}
		fields = slices.Replace(fields, i, i+1, strings.Fields(v)...)
	}
	return runPbem(t, fields...)
}

// printsDoc runs cmd and requires it to print docs/NAME whole, the
// document the README points to beside it.
func (x *readmeSite) printsDoc(t *testing.T, cmd, name string) {
	t.Helper()
	code, out, errs := x.literal(t, cmd)
	must(t, cmd, code, out, errs)
	doc, err := os.ReadFile(filepath.Join(x.root, "docs", name))
	if err != nil {
		t.Fatal(err)
	}
	if len(doc) < 1000 || out != string(doc) {
		t.Errorf("%s does not print docs/%s", cmd, name)
	}
}

// must fails the row unless the command exited 0 with every want in its
// output.
func must(t *testing.T, what string, code int, out, errs string, want ...string) string {
	t.Helper()
	if code != 0 {
		t.Fatalf("%s: exit %d\n%s%s", what, code, out, errs)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("%s: no %q in its output:\n%s%s", what, w, out, errs)
		}
	}
	return out
}

// game creates club-7 with the README's own command, once.
func (x *readmeSite) game(t *testing.T) {
	t.Helper()
	if x.created {
		return
	}
	i := slices.IndexFunc(x.cmds, func(c string) bool { return strings.HasPrefix(c, "pbem game new -c ") })
	if i < 0 {
		t.Fatal("README.md shows no pbem game new -c ... to create club-7 with")
	}
	code, out, errs := x.literal(t, x.cmds[i])
	must(t, x.cmds[i], code, out, errs, "game club-7 created")
	x.created = true
}

// show is `pbem game show club-7`.
func (x *readmeSite) show(t *testing.T) string {
	t.Helper()
	code, out, errs := runPbem(t, "game", "show", "club-7")
	return must(t, "game show club-7", code, out, errs, "game club-7:")
}

// resolved is the number of windows club-7 has resolved.
func (x *readmeSite) resolved(t *testing.T) int {
	t.Helper()
	m := regexp.MustCompile(`windows resolved: (\d+)`).FindStringSubmatch(x.show(t))
	if m == nil {
		t.Fatal("game show tells no number of windows resolved")
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// processNow resolves club-7's open window, so that the audit has a
// window to replay.
func (x *readmeSite) processNow(t *testing.T) {
	t.Helper()
	code, out, errs := runPbem(t, "game", "process-now", "-as", "Mo", "club-7")
	must(t, "game process-now", code, out, errs, "window resolved")
}

// keyList is `pbem key list club-7`.
func (x *readmeSite) keyList(t *testing.T) string {
	t.Helper()
	code, out, errs := runPbem(t, "key", "list", "club-7")
	return must(t, "key list club-7", code, out, errs)
}

// readmeDaemon is `pbem serve` running as its own process.
type readmeDaemon struct {
	cmd     *exec.Cmd
	logs    *lockedBuffer
	exited  chan error
	stopped bool
}

// serve starts the README's serve command in the club's directory and
// waits for its control socket.
func (x *readmeSite) serve(t *testing.T) *readmeDaemon {
	t.Helper()
	d := &readmeDaemon{logs: &lockedBuffer{}, exited: make(chan error, 1)}
	d.cmd = exec.Command(x.bin, "serve", "-c", "pbem.toml")
	d.cmd.Dir, d.cmd.Stdout, d.cmd.Stderr = x.dir, d.logs, d.logs
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { d.exited <- d.cmd.Wait() }()
	t.Cleanup(func() {
		if !d.stopped {
			d.cmd.Process.Kill()
			<-d.exited
		}
	})
	waitFor(t, "the control socket", d.logs, func() bool {
		_, err := os.Stat(filepath.Join(x.dir, readmeSock))
		return err == nil
	})
	return d
}

// stop ends the daemon with SIGTERM, as systemd does, and requires a
// clean exit.
func (d *readmeDaemon) stop(t *testing.T) {
	t.Helper()
	if err := d.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-d.exited:
		d.stopped = true
		if err != nil {
			t.Errorf("pbem serve after SIGTERM: %v\n%s", err, d.logs)
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("pbem serve did not stop on SIGTERM:\n%s", d.logs)
	}
}

func waitFor(t *testing.T, what string, logs *lockedBuffer, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s; the daemon's log:\n%s", what, logs)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func (x *readmeSite) mailTo(addr, want string) bool {
	for _, m := range x.mail.Received(addr) {
		if bytes.Contains(m, []byte(want)) {
			return true
		}
	}
	return false
}

// export writes club-7's full archive as the README's audit section
// does, for the moderators (club-7 is still running).
func (x *readmeSite) export(t *testing.T) string {
	t.Helper()
	x.game(t)
	if x.resolved(t) == 0 {
		x.processNow(t)
	}
	code, out, errs := runPbem(t, "export", "-moderator", "-o", "club-7.tar", "club-7")
	must(t, "export", code, out, errs, "game club-7 exported to "+filepath.Join(x.dir, "club-7.tar"))
	return filepath.Join(x.dir, "club-7.tar")
}

// sideExport writes the Russian's archive of club-7 as the README's
// audit section does.
func (x *readmeSite) sideExport(t *testing.T) string {
	t.Helper()
	x.game(t)
	if x.resolved(t) == 0 {
		x.processNow(t)
	}
	code, out, errs := runPbem(t, "export", "-side", "RU", "-o", "club-7-RU.tar", "club-7")
	must(t, "export -side RU", code, out, errs, "game club-7: the archive of side RU written to "+filepath.Join(x.dir, "club-7-RU.tar"))
	return filepath.Join(x.dir, "club-7-RU.tar")
}

// make runs make in the repository's root.
func (x *readmeSite) make(t *testing.T, args ...string) string {
	t.Helper()
	if testing.Short() {
		// make test's race run: the race detector sees nothing of another
		// process, and its unit run has run this row already.
		t.Skip("make runs in a process of its own")
	}
	cmd := exec.Command("make", args...)
	cmd.Dir = x.root
	// Under make test, the outer make's flags and variables would reach
	// this one through the environment.
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); name != "MAKEFLAGS" && name != "MFLAGS" && name != "MAKELEVEL" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// robotSetup is an order file of the German's hidden set-up in
// tannenberg-1914, as the robot writes it.
func robotSetup(t *testing.T) string {
	t.Helper()
	st, _, err := startScenarioForTest()
	if err != nil {
		t.Fatal(err)
	}
	return "Game: tannenberg-1914\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: readme-0001\n\n" + rulesetstest.Robot(st, "DE")
}

// readmeRows says how each command of README.md is run, and what it must
// do. Rows on club-7 run in this order, but each makes what it needs.
func readmeRows() []readmeRow {
	return []readmeRow{
		// Try it.
		// The second is the line the README says make run ends with, the
		// archive's audit verdict.
		// The third is how Try it tells a person to sign the template of
		// Anna's last report with the key the demo wrote.
		{readme: []string{"make run", "pbem audit demo-out/demo.tar: ok", "pbem sign -key demo-out/keys/anna.asc orders.txt"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			demo := filepath.Join(t.TempDir(), "demo-out")
			out := strings.TrimSpace(x.make(t, "run", "TURNS=1", "DEMO="+demo))
			if want := "\npbem audit " + filepath.Join(demo, "demo.tar") + ": ok"; !strings.HasSuffix(out, want) {
				t.Errorf("make run does not end with %q:\n%s", want, out)
			}
			templates, _ := filepath.Glob(filepath.Join(demo, "anna", "*-orders-*.txt"))
			if len(templates) == 0 {
				t.Fatal("no order template among Anna's mails")
			}
			text, err := os.ReadFile(templates[len(templates)-1])
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(filepath.Dir(demo))
			if err := os.WriteFile("orders.txt", text, 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := x.literal(t, "pbem sign -key demo-out/keys/anna.asc orders.txt")
			must(t, "pbem sign with the demo's key", code, out, errs, "orders.txt.asc")
			pub, _ := os.ReadFile(filepath.Join(demo, "keys", "anna.pub.asc"))
			kr, err := sig.LoadKeyring([]sig.KeyEntry{{Side: "RU", Player: "Anna", Armored: pub}})
			if err != nil {
				t.Fatal(err)
			}
			signed, _ := os.ReadFile("orders.txt.asc")
			if s, err := sig.Verify(kr, sig.Message{Raw: signed}); err != nil || s.Player != "Anna" {
				t.Errorf("the signed template: %v %+v", err, s)
			}
		}},
		{readme: []string{"make test"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			// make test runs this test; CI runs make test (.ci/run), so
			// here it is only checked that CI does.
			ci, err := os.ReadFile(filepath.Join(x.root, ".ci", "run"))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(strings.Split(string(ci), "\n"), "make test") {
				t.Errorf(".ci/run does not run make test:\n%s", ci)
			}
		}},
		{readme: []string{"pbem demo"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			// make run is this with -turns 2; pbem/demo's TestDemo checks
			// what it writes.
			if testing.Short() {
				t.Skip("make test's race run: pbem/demo's tests run the demo under the race detector")
			}
			dir := t.TempDir()
			code, out, errs := runPbem(t, "demo", "-turns", "1", "-o", dir)
			must(t, "pbem demo -turns 1", code, out, errs, "GT1 DE-COMBAT resolved", "pbem audit "+filepath.Join(dir, "demo.tar")+": ok")
		}},
		{readme: []string{"pbem demo -listen -hand RU", "pbem game show -c demo-out/pbem.toml demo"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			// As a person runs it: the side handed over, the servers up
			// until interrupted, the moderators' commands run on the game
			// through the demo's pbem.toml, then everything written and
			// audited. TestDemoListen plays the Russian's window by hand.
			logs := &lockedBuffer{}
			dir := t.TempDir()
			t.Chdir(dir)
			demo := exec.Command(x.bin, append(strings.Fields(cmd)[1:], "-turns", "0")...)
			demo.Dir = dir
			demo.Stdout, demo.Stderr = logs, logs
			if err := demo.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- demo.Wait() }()
			waitFor(t, "the hand-over", logs, func() bool { return strings.Contains(logs.String(), "Anna (RU) is yours now") })
			waitFor(t, "the German robot's set-up", logs, func() bool { return strings.Contains(logs.String(), "GT1 DE-SETUP resolved") })
			show := "pbem game show -c demo-out/pbem.toml demo"
			if !strings.Contains(logs.String(), "\n    "+show+"\n") {
				t.Errorf("the demo does not print %q:\n%s", show, logs)
			}
			code, out, errs := x.literal(t, show)
			must(t, show, code, out, errs, "game demo: tannenberg-1914", "open window: GT1 RU-MOVE", "moderator: Mo")
			code, out, errs = runPbem(t, "game", "extend", "-c", "demo-out/pbem.toml", "-as", "Mo", "-by", "24h", "demo")
			must(t, "game extend on the demo", code, out, errs, "game demo: deadline moved by 24h")
			code, out, errs = runPbem(t, "game", "pause", "-c", "demo-out/pbem.toml", "-as", "Mo", "-why", "a break", "demo")
			must(t, "game pause on the demo", code, out, errs, "game demo: paused")
			if code, _, errs := runPbem(t, "game", "resume", "-c", "demo-out/pbem.toml", "-as", "Nobody", "demo"); code == 0 {
				t.Errorf("game resume -as Nobody on the demo: exit 0\n%s", errs)
			}
			if err := demo.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-exited:
				if err != nil || !strings.HasSuffix(strings.TrimSpace(logs.String()), ": ok") {
					t.Errorf("pbem demo -listen after SIGINT: %v\n%s", err, logs)
				}
				// Once the demo is over, the commands read its database.
				code, out, errs := x.literal(t, show)
				must(t, show+" after the demo", code, out, errs, "game demo: tannenberg-1914", "PAUSED")
				if b, err := os.ReadFile(filepath.Join(dir, "demo-out", "README.txt")); err != nil || !bytes.Contains(b, []byte("Open first: mo/")) {
					t.Errorf("demo-out/README.txt: %v\n%s", err, b)
				}
			case <-time.After(30 * time.Second):
				demo.Process.Kill()
				t.Fatalf("pbem demo -listen did not stop on SIGINT:\n%s", logs)
			}
		}},
		{readme: []string{"pbem orders"}, run: func(t *testing.T, x *readmeSite, cmd string) { x.printsDoc(t, cmd, "orders.md") }},
		{readme: []string{"pbem orders -system kw"}, run: func(t *testing.T, x *readmeSite, cmd string) { x.printsDoc(t, cmd, "orders-kw.md") }},
		{readme: []string{"pbem orders check [-scenario NAME] FILE..."}, run: func(t *testing.T, x *readmeSite, cmd string) {
			good := x.write(t, "setup.orders", []byte(robotSetup(t)))
			bad := x.write(t, "bad.orders", []byte("Game: tannenberg-1914\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: readme-0002\n\nmove DE-XX to 0101\n"))
			okLine := regexp.MustCompile(`setup\.orders: ([1-9]\d*) orders ok`)
			code, out, errs := runPbem(t, "orders", "check", good)
			if code != 0 || !okLine.MatchString(out) {
				t.Errorf("orders check FILE: exit %d\n%s%s", code, out, errs)
			}
			code, out, errs = runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", good, bad)
			if code != 1 || !okLine.MatchString(out) || !strings.Contains(out, "bad.orders:6: move DE-XX to 0101: move orders are not given in the German hidden set-up") {
				t.Errorf("orders check -scenario: exit %d, want 1 with the robot's set-up ok and the move refused:\n%s%s", code, out, errs)
			}
		}},
		{readme: []string{"pbem adjudicate FILE...", "pbem adjudicate DIR"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			dir := filepath.Join(x.root, "engine", "rulesets", "gwite", "testdata", "cases")
			cases, err := filepath.Glob(filepath.Join(dir, "*.case"))
			if err != nil || len(cases) < 100 {
				t.Fatalf("%d cases: %v", len(cases), err)
			}
			// The files, then the directory, whose units.txt and pending/
			// are not cases.
			for _, args := range [][]string{cases, {dir}} {
				code, out, errs := runPbem(t, append([]string{"adjudicate"}, args...)...)
				must(t, "adjudicate", code, out, errs, fmt.Sprintf("%d cases, 0 failed", len(cases)))
				if n := strings.Count(out, "PASS "); n != len(cases) {
					t.Errorf("%d PASS lines for %d cases", n, len(cases))
				}
			}
		}},
		{readme: []string{"pbem selfplay -scenario NAME -seed S"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			values := map[string]string{"NAME": "tannenberg-battle", "S": "7"}
			code, out, errs := x.subst(t, cmd, values)
			must(t, cmd, code, out, errs, "GT3: ", "GT6: ", "\nfinal: VP ")
			// The same seed plays the same game.
			if _, again, _ := x.subst(t, cmd, values); again != out {
				t.Errorf("seed 7 played two games:\n%s\n%s", out, again)
			}
		}},
		{readme: []string{"pbem scenario list"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "rulebook: SPI Great War in the East Standard Rules with the Tannenberg Exclusive Rules", "RU (Russian) DE (German)")
			names := regexp.MustCompile(`(?m)^  ([a-z0-9-]+) +\S`).FindAllStringSubmatch(out, -1)
			if len(names) < 3 {
				t.Fatalf("%d scenarios:\n%s", len(names), out)
			}
			// The README's section on the scenarios names every one.
			for _, m := range names {
				if !strings.Contains(x.readme, "`"+m[1]+"`") {
					t.Errorf("README.md does not name the scenario %s", m[1])
				}
			}
		}},
		{readme: []string{"pbem scenario check NAME"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := x.subst(t, cmd, map[string]string{"NAME": "tannenberg-winter"})
			must(t, cmd, code, out, errs, "tannenberg-winter (tannenberg): ok: 22.4, turns 1-7")
		}},
		{readme: []string{"pbem scenario check DIR"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := x.subst(t, cmd, map[string]string{"DIR": filepath.Join(x.root, "scenarios", "tannenberg")})
			must(t, cmd, code, out, errs, "tannenberg: ok: 3 scenarios")
			// A club's copy with a mistake: the check names file and line.
			dir := t.TempDir()
			files, _ := filepath.Glob(filepath.Join(x.root, "scenarios", "tannenberg", "*.txt"))
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if filepath.Base(f) == "scenario-22.3.txt" {
					data = append(data, "arrive DE-77ID turn=4 entry=A src=authored:\"x\"\n"...)
				}
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, out, _ = x.subst(t, cmd, map[string]string{"DIR": dir})
			if want := fmt.Sprintf("scenario-22.3.txt:%d: tannenberg-battle: unknown unit id \"DE-77ID\"", lines(t, filepath.Join(dir, "scenario-22.3.txt"))); code != 1 || !strings.Contains(out, want) {
				t.Errorf("a copy with a mistake: exit %d, want 1 and %q:\n%s", code, want, out)
			}
		}},
		{readme: []string{"pbem scenario hex NAME RRCC"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := x.subst(t, cmd, map[string]string{"NAME": "tannenberg-1914", "RRCC": "2918"})
			must(t, cmd, code, out, errs, "city:     Warsaw  [rulebook:T20.0]", "set up:   RU-FRW1", "[authored:")
		}},
		{readme: []string{"pbem render -scenario NAME -o FILE.png"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := x.subst(t, cmd, map[string]string{"NAME": "tannenberg-1914", "FILE.png": "map.png"})
			must(t, cmd, code, out, errs)
			if b := decodePNG(t, filepath.Join(x.dir, "map.png")).Bounds(); b.Dx() < 1000 || b.Dy() < 1000 {
				t.Errorf("the map is %v", b)
			}
		}},
		{readme: []string{"pbem rulings"}, run: func(t *testing.T, x *readmeSite, cmd string) { x.printsDoc(t, cmd, "rulings.md") }},
		{readme: []string{"pbem options"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "gwite:\n  cavalry-windows\n", "kw:\n  fog-of-war\n", "[Opt: Russian Revolutions]")
		}},
		{readme: []string{"pbem help"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs)
			for _, c := range commands {
				if !strings.Contains(out, "  "+c.name+" ") {
					t.Errorf("pbem help does not list %s", c.name)
				}
			}
		}},
		{readme: []string{"pbem orders template"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			code, out, errs := runPbem(t, "orders", "template", "-scenario", "tannenberg-1914", "-side", "ru", "-game", "club-7")
			must(t, "orders template", code, out, errs, "Game: club-7\nSide: RU\nWindow: GT1 RU-MOVE\n")
			file := x.write(t, "ru.orders", []byte(strings.Replace(out, "change-me-12345678", "my-own-nonce", 1)))
			code, out, errs = runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", "-game", "club-7", file)
			must(t, "orders check of the template", code, out, errs, "ru.orders: 0 orders ok")
		}},
		{readme: []string{"pbem sign"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			// Anna signs with her OpenPGP key, Ben with his SSH key; each
			// signature verifies with the public key the game registers.
			text := []byte("Game: club-7\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: readme-0003\n\nmove RU-XV to 2817\n")
			orders := x.write(t, "sign.orders", text)
			annaKey := x.write(t, "anna-secret.asc", armorKey(t, openpgp.PrivateKeyType, func(w io.Writer) error { return x.anna.SerializePrivate(w, nil) }))
			block, err := ssh.MarshalPrivateKey(x.benKey, "ben@example.org")
			if err != nil {
				t.Fatal(err)
			}
			benKey := x.write(t, "ben-secret", pem.EncodeToMemory(block))
			code, out, errs := runPbem(t, "sign", "-key", annaKey, orders)
			must(t, "sign with OpenPGP", code, out, errs, "signed, written to "+orders+".asc")
			code, out, errs = runPbem(t, "sign", "-key", benKey, orders)
			must(t, "sign with SSH", code, out, errs, "signed, written to "+orders+".sig")
			annaPub, _ := os.ReadFile("anna.asc")
			benPub, _ := os.ReadFile("ben.pub")
			kr, err := sig.LoadKeyring([]sig.KeyEntry{{Side: "RU", Player: "Anna", Armored: annaPub}, {Side: "DE", Player: "Ben", SSH: strings.TrimSpace(string(benPub))}})
			if err != nil {
				t.Fatal(err)
			}
			clear, _ := os.ReadFile(orders + ".asc")
			if s, err := sig.Verify(kr, sig.Message{Raw: clear}); err != nil || s.Player != "Anna" {
				t.Errorf("Anna's signature: %v %+v", err, s)
			}
			sshSig, _ := os.ReadFile(orders + ".sig")
			if s, err := sig.Verify(kr, sig.Message{Text: text, SSHSig: sshSig}); err != nil || s.Player != "Ben" {
				t.Errorf("Ben's signature: %v %+v", err, s)
			}
		}},

		// Set-up on a fresh machine.
		{readme: []string{"make build"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			bin := filepath.Join(t.TempDir(), "pbem")
			x.make(t, "build", "BIN="+bin)
			// make build stamps the version git describes ("dev" without git).
			version := "dev"
			if v, err := exec.Command("git", "-C", x.root, "describe", "--tags", "--always", "--dirty").Output(); err == nil {
				version = strings.TrimSpace(string(v))
			}
			out, err := exec.Command(bin, "version").CombinedOutput()
			if err != nil || !strings.HasPrefix(string(out), "pbem "+version+"\ncommit ") || !strings.Contains(string(out), "rules engine gwite ") {
				t.Errorf("%s version, want pbem %s: %v\n%s", bin, version, err, out)
			}
		}},
		{readme: []string{"make gamefuzz GAMES=1000"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			for _, c := range []struct{ arg, want string }{
				{"GAMES=1000", "-run '^TestGames$' -v -timeout 0 -games 1000"},
				{"GAMEFUZZTIME=30m", "-run '^TestGames$' -v -timeout 0 -duration 30m"},
			} {
				if dry := x.make(t, "-n", "gamefuzz", c.arg); !strings.Contains(dry, c.want) {
					t.Errorf("make -n gamefuzz %s:\n%s", c.arg, dry)
				}
			}
			if out := x.make(t, "gamefuzz", "GAMES=2"); !regexp.MustCompile(`\b2 games, \d+ windows, .* 0 failures`).MatchString(out) {
				t.Errorf("make gamefuzz GAMES=2 plays no two games:\n%s", out)
			}
		}},
		{readme: []string{"make bench"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			// Without variables, every benchmark for 1s each, as ever.
			if dry := x.make(t, "-n", "bench"); !strings.Contains(dry, "-bench '.' -benchmem -benchtime 1s ./...") {
				t.Errorf("make -n bench:\n%s", dry)
			}
			dir := t.TempDir()
			out := x.make(t, "bench", "BENCH=^BenchmarkFloorAbsSum$", "BENCHTIME=1x", "OUT="+dir)
			if !regexp.MustCompile(`package +benchmark +time/op +floor +floor/op +ratio\n.*engine/hex +FloorAbsSum `).MatchString(out) {
				t.Errorf("no table with the benchmark:\n%s", out)
			}
			raw, err := os.ReadFile(filepath.Join(dir, "bench.txt"))
			if err != nil || bytes.Contains(raw, []byte("FAIL")) {
				t.Errorf("bench.txt: %v\n%s", err, raw)
			}
		}},

		// Running the referee, on club-7.
		{readme: []string{"pbem game new -c pbem.toml -id club-7 -scenario tannenberg-1914 -player RU=Anna,anna@example.org,anna.asc -player DE=Ben,ben@example.org,ben.pub -moderator Mo,mo@example.org,mo.asc -tz Europe/Berlin -at 20:00", "pbem game new"},
			run: func(t *testing.T, x *readmeSite, cmd string) {
				x.game(t)
				show := x.show(t)
				for _, w := range []string{"game club-7: tannenberg-1914 (The Campaign Game", "time zone Europe/Berlin, at 20:00", "player RU: Anna <anna@example.org>", "player DE: Ben <ben@example.org>", "moderator: Mo <mo@example.org>"} {
					if !strings.Contains(show, w) {
						t.Errorf("no %q in game show:\n%s", w, show)
					}
				}
				if !regexp.MustCompile(`deadline \w+ \d+ \w+ \d+ 20:00 CES?T`).MatchString(show) {
					t.Errorf("the deadline is not at 20:00 Berlin time:\n%s", show)
				}
				keys := x.keyList(t)
				for _, w := range []string{`RU +Anna +openpgp `, `DE +Ben +ssh `, `moderator +Mo +openpgp `} {
					if !regexp.MustCompile(`(?m)^` + w).MatchString(keys) {
						t.Errorf("no %s in key list:\n%s", w, keys)
					}
				}
			}},
		{readme: []string{"pbem game list"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "club-7", "tannenberg-1914", "deadline ")
		}},
		{readme: []string{"pbem game show club-7", "pbem game show"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "game club-7: tannenberg-1914", "open window: GT", "windows resolved: ")
		}},
		{readme: []string{"pbem serve -c pbem.toml"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			d := x.serve(t)
			// The first window's mail, queued when the game was made.
			for _, who := range []string{"anna@example.org", "ben@example.org"} {
				waitFor(t, "the first window's mail to "+who, d.logs, func() bool { return x.mailTo(who, "Window: GT1 DE-SETUP") })
			}
			// The commands go through the control socket while it runs.
			code, out, errs := runPbem(t, "game", "list")
			must(t, "game list through the daemon", code, out, errs, "club-7")
			d.stop(t)
			if !strings.Contains(d.logs.String(), "stopped") {
				t.Errorf("no clean stop in the log:\n%s", d.logs)
			}
		}},
		{readme: []string{"pbem backup -o FILE", "pbem backup"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			d := x.serve(t)
			code, out, errs := x.subst(t, cmd, map[string]string{"FILE": "club-7.bak"})
			d.stop(t)
			must(t, cmd, code, out, errs, "backup written to "+filepath.Join(x.dir, "club-7.bak"), "checked")
			// The copy is a database that holds the game.
			cfg := strings.ReplaceAll(x.config, filepath.Join(x.dir, readmeDB), filepath.Join(x.dir, "club-7.bak"))
			cfg = strings.ReplaceAll(cfg, filepath.Join(x.dir, readmeSock), filepath.Join(x.dir, "bak.sock"))
			x.write(t, "bak.toml", []byte(cfg))
			code, out, errs = runPbem(t, "game", "show", "-c", "bak.toml", "club-7")
			must(t, "game show on the backup", code, out, errs, "game club-7: tannenberg-1914")
		}},
		{readme: []string{"pbem mail list"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			code, out, errs := x.literal(t, cmd)
			if code != 0 || !regexp.MustCompile(`(?m)^outbox: (1 mail|\d+ mails)\n(?s:.*)^given up: (1 mail|\d+ mails)$`).MatchString(out) {
				t.Errorf("%s: exit %d\n%s%s", cmd, code, out, errs)
			}
		}},
		{readme: []string{"pbem mail retry"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			// TestMailGivenUpAndRetried sends a mail given up again; here,
			// with none given up, nothing moves and a mail sent stays sent.
			x.game(t)
			x.serve(t).stop(t) // the first window's mails go out
			code, out, errs := runPbem(t, "mail", "retry", "-given-up")
			must(t, "mail retry -given-up", code, out, errs, "0 mails back in the outbox")
			if code, _, errs := runPbem(t, "mail", "retry", "1"); code != 1 || !strings.Contains(errs, "mail 1 was sent ") {
				t.Errorf("mail retry 1, a mail sent: exit %d %s", code, errs)
			}
		}},
		{readme: []string{"pbem game pause"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			code, out, errs := runPbem(t, "game", "pause", "-as", "Mo", "-why", "the club's summer break", "club-7")
			must(t, "game pause", code, out, errs, "game club-7: paused")
			if show := x.show(t); !strings.Contains(show, "PAUSED since") || !strings.Contains(show, "the club's summer break") {
				t.Errorf("game show:\n%s", show)
			}
			code, out, errs = runPbem(t, "game", "resume", "-as", "Mo", "club-7")
			must(t, "game resume", code, out, errs)
		}},
		{readme: []string{"pbem game resume"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			code, out, errs := runPbem(t, "game", "pause", "-as", "Mo", "club-7")
			must(t, "game pause", code, out, errs)
			code, out, errs = runPbem(t, "game", "resume", "-as", "Mo", "club-7")
			must(t, "game resume", code, out, errs, "game club-7: resumed")
			if show := x.show(t); strings.Contains(show, "PAUSED") {
				t.Errorf("still paused:\n%s", show)
			}
		}},
		{readme: []string{"pbem game extend"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			before := x.show(t)
			code, out, errs := runPbem(t, "game", "extend", "-as", "Mo", "-by", "48h", "-why", "a holiday", "club-7")
			must(t, "game extend", code, out, errs, "game club-7: deadline moved by 48h")
			deadline := regexp.MustCompile(`open window: .*`)
			if a, b := deadline.FindString(before), deadline.FindString(x.show(t)); a == b {
				t.Errorf("the deadline did not move: %s", a)
			}
		}},
		{readme: []string{"pbem game process-now"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			n := x.resolved(t)
			x.processNow(t)
			if got := x.resolved(t); got != n+1 {
				t.Errorf("windows resolved: %d, then %d", n, got)
			}
		}},
		{readme: []string{"pbem game replace-player"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			_, k, _ := ed25519.GenerateKey(rand.Reader)
			cleo, err := ssh.NewSignerFromKey(k)
			if err != nil {
				t.Fatal(err)
			}
			x.write(t, "cleo.pub", ssh.MarshalAuthorizedKey(cleo.PublicKey()))
			code, out, errs := runPbem(t, "game", "replace-player", "-as", "Mo", "-why", "Anna moved abroad", "-old", "Anna", "-player", "RU=Cleo,cleo@example.org,cleo.pub", "club-7")
			must(t, "game replace-player", code, out, errs, "game club-7: Anna's seat on RU given to Cleo")
			if keys := x.keyList(t); !regexp.MustCompile(`(?m)^RU +Cleo +ssh `).MatchString(keys) || strings.Contains(keys, "Anna") {
				t.Errorf("key list after the replacement:\n%s", keys)
			}
		}},
		{readme: []string{"pbem key add"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			second := readmeOpenPGP(t, "Ben", "ben@example.org")
			x.write(t, "ben2.asc", armorKey(t, openpgp.PublicKeyType, second.Serialize))
			code, out, errs := runPbem(t, "key", "add", "-as", "Mo", "-side", "DE", "-name", "Ben", "-key", "ben2.asc", "club-7")
			must(t, "key add", code, out, errs, "game club-7: key added for Ben")
			if keys := x.keyList(t); !regexp.MustCompile(`(?m)^DE +Ben +openpgp `).MatchString(keys) {
				t.Errorf("Ben's second key is not listed:\n%s", keys)
			}
		}},
		{readme: []string{"pbem key list"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			keys := x.keyList(t)
			if !regexp.MustCompile(`(?m)^DE +Ben +ssh +SHA256:`).MatchString(keys) || !regexp.MustCompile(`(?m)^moderator +Mo +openpgp +[0-9A-F]{40}`).MatchString(keys) {
				t.Errorf("key list:\n%s", keys)
			}
		}},
		{readme: []string{"pbem key remove"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			zoe := readmeOpenPGP(t, "Zoe", "zoe@example.org")
			x.write(t, "zoe.asc", armorKey(t, openpgp.PublicKeyType, zoe.Serialize))
			code, out, errs := runPbem(t, "key", "add", "-as", "Mo", "-side", "moderator", "-name", "Zoe", "-address", "zoe@example.org", "-key", "zoe.asc", "club-7")
			must(t, "key add", code, out, errs)
			if keys := x.keyList(t); !strings.Contains(keys, "Zoe") {
				t.Fatalf("Zoe's key is not listed:\n%s", keys)
			}
			code, out, errs = runPbem(t, "key", "remove", "-as", "Mo", "-name", "Zoe", "club-7")
			must(t, "key remove", code, out, errs, "game club-7: keys of Zoe removed")
			if keys := x.keyList(t); strings.Contains(keys, "Zoe") {
				t.Errorf("Zoe's key is still listed:\n%s", keys)
			}
		}},
		{readme: []string{"pbem report"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			code, out, errs := runPbem(t, "report", "-side", "ru", "club-7")
			must(t, "report -side ru", code, out, errs, "the report of Russian (RU)", "will be rolled with the seed committed to as", "The head of the game's audit chain")
		}},
		{readme: []string{"pbem render -game"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			code, out, errs := runPbem(t, "render", "-game", "club-7", "-side", "de", "-o", "de.png")
			must(t, "render -game", code, out, errs, "map written to "+filepath.Join(x.dir, "de.png"))
			if b := decodePNG(t, filepath.Join(x.dir, "de.png")).Bounds(); b.Dx() < 1000 {
				t.Errorf("the map is %v", b)
			}
		}},

		// Auditing a game.
		{readme: []string{"pbem audit club-7", "pbem audit GAME"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			if x.resolved(t) == 0 {
				x.processNow(t)
			}
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "game club-7: tannenberg-1914, gwite ", "GT1 DE-SETUP: ok", "ok: every signature, commitment and window checks")
		}},
		{readme: []string{"pbem export -side RU -o club-7-RU.tar club-7"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			if x.resolved(t) == 0 {
				x.processNow(t)
			}
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "game club-7: the archive of side RU written to "+filepath.Join(x.dir, "club-7-RU.tar"))
			raw, err := os.ReadFile("club-7-RU.tar")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(raw, []byte("\nside: RU\n")) || !bytes.Contains(raw, []byte("pbem withheld 1\n")) || bytes.Contains(raw, []byte("(in Gruppe")) {
				t.Error("club-7-RU.tar is not the Russian's archive")
			}
		}},
		{readme: []string{"pbem audit club-7-RU.tar"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.sideExport(t)
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "GT1 DE-SETUP: the seed matches the commitment", "not checked: the other sides' files", "ok (side RU)")
		}},
		{readme: []string{"pbem export -o club-7.tar club-7", "pbem export"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.game(t)
			// Once the game is over; club-7 runs, and the full archive is
			// for its moderators.
			code, out, errs := x.literal(t, cmd)
			if code != 1 || !strings.Contains(errs, "game club-7 is still running") || !strings.Contains(errs, "pbem export -side RU|DE -o FILE club-7") {
				t.Errorf("%s while club-7 runs: exit %d, want 1 and what to do\n%s%s", cmd, code, out, errs)
			}
			code, out, errs = runPbem(t, "export", "-moderator", "-o", "club-7.tar", "club-7")
			must(t, cmd+" -moderator", code, out, errs, "game club-7 exported to "+filepath.Join(x.dir, "club-7.tar"), "for the moderators alone")
			// The head the players' reports quote is the hash of a link
			// of the archive's chain, as the README tells them to check.
			_, report, _ := runPbem(t, "report", "-side", "de", "club-7")
			m := regexp.MustCompile(`The head of the game's audit chain.*\n\s+([0-9a-f]{64})`).FindStringSubmatch(report)
			if m == nil {
				t.Fatalf("no chain head in the report:\n%s", report)
			}
			f, err := os.Open("club-7.tar")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var links []string
			for tr := tar.NewReader(f); ; {
				h, err := tr.Next()
				if err == io.EOF {
					break
				} else if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(h.Name, "chain/") {
					sum := sha256.New()
					io.Copy(sum, tr)
					links = append(links, hex.EncodeToString(sum.Sum(nil)))
				}
			}
			if !slices.Contains(links, m[1]) {
				t.Errorf("the report's head %s is the hash of none of the archive's %d links", m[1], len(links))
			}
		}},
		{readme: []string{"pbem audit club-7.tar club-7-RU.tar", "pbem audit ARCHIVE"}, run: func(t *testing.T, x *readmeSite, cmd string) {
			x.sideExport(t)
			archive := x.export(t)
			code, out, errs := x.literal(t, cmd)
			must(t, cmd, code, out, errs, "GT1 DE-SETUP: ok", "ok: every signature, commitment and window checks", "ok (side RU)",
				"club-7-RU.tar: the archive of side RU is part of club-7.tar")
			// A changed resolution is caught.
			data, err := os.ReadFile(archive)
			if err != nil {
				t.Fatal(err)
			}
			i := bytes.Index(data, []byte("kind: resolution"))
			if i < 0 {
				t.Fatal("no resolution in the archive")
			}
			data[i+3] ^= 1
			x.write(t, "changed.tar", data)
			if code, _, errs := runPbem(t, "audit", "changed.tar"); code != 1 || !strings.Contains(errs, "the chain is broken") {
				t.Errorf("audit of a changed archive: exit %d %s", code, errs)
			}
		}},
	}
}

// lines counts a file's lines.
func lines(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(data, []byte("\n"))
}

// The collector finds commands in fences, across continuation lines and
// in code spans broken over lines (bin/pbem as pbem), and leaves comments
// and prose out.
func TestReadmeCommandsCollector(t *testing.T) {
	text := "Intro `pbem key\n  add|list|remove` and `pbem audit GAME|ARCHIVE`, not `docs/x.md`.\n\n" +
		"   ```\n   make build   # a comment\n   # pbem commented out\n   pbem game new -id g \\\n       -scenario s\n   go test\n   ```\n" +
		"Again `make build`, and `bin/pbem version`.\n"
	want := []string{"make build", "pbem game new -id g -scenario s", "pbem key add", "pbem key list", "pbem key remove", "pbem audit GAME", "pbem audit ARCHIVE", "pbem version"}
	if got := readmeCommands(text); !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
