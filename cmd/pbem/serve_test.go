package main

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"pbem/engine"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/engine/scenario"
	"pbem/orders/sig"
	"pbem/pbem/memmail"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// pbemBinary builds the pbem command once for the tests that run it as a
// separate process (signals, a second instance, crashes).
func pbemBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pbem-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "pbem")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// site is a club's installation: a mail system, a configuration and the
// players' keys.
type site struct {
	t      *testing.T
	dir    string
	cfg    string
	mail   *memmail.System
	keys   map[string]ssh.Signer // by player name
	addr   map[string]string
	daemon *exec.Cmd
	logs   *lockedBuffer
}

// lockedBuffer collects a process's output while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

const refereeAddr = "referee@club.example"

func newSite(t *testing.T) *site {
	t.Helper()
	s := &site{t: t, dir: t.TempDir(), keys: map[string]ssh.Signer{}, addr: map[string]string{}}
	pw := map[string]string{refereeAddr: "imap-pw"}
	for i, name := range []string{"Anna", "Ben", "Mo"} {
		signer, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{byte(i + 1)}, 32)))
		if err != nil {
			t.Fatal(err)
		}
		s.keys[name] = signer
		s.addr[name] = strings.ToLower(name) + "@example.org"
		pw[s.addr[name]] = "pw"
		if err := os.WriteFile(filepath.Join(s.dir, name+".pub"), ssh.MarshalAuthorizedKey(signer.PublicKey()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sys, err := memmail.Start(pw)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sys.Close)
	s.mail = sys
	if err := os.WriteFile(filepath.Join(s.dir, "imap.password"), []byte("imap-pw\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.cfg = filepath.Join(s.dir, "pbem.toml")
	s.writeConfig("info")
	return s
}

func (s *site) writeConfig(level string) {
	s.t.Helper()
	text := fmt.Sprintf(`[referee]
address = %q
database = %q
tick = "1s"
[imap]
server = %q
tls = "none"
username = %q
password_file = %q
processed = "Done"
poll = "5s"
timeout = "5s"
[smtp]
server = %q
tls = "none"
retry = "1s"
[log]
level = %q
`, refereeAddr, filepath.Join(s.dir, "pbem.db"), s.mail.IMAPAddr, refereeAddr, filepath.Join(s.dir, "imap.password"), s.mail.SMTPAddr, level)
	if err := os.WriteFile(s.cfg, []byte(text), 0o600); err != nil {
		s.t.Fatal(err)
	}
}

// pbem runs the command line, in this process.
func (s *site) pbem(args ...string) (int, string, string) {
	return runPbem(s.t, append(args[:1:1], append([]string{"-c", s.cfg}, args[1:]...)...)...)
}

func (s *site) start() {
	s.t.Helper()
	s.logs = &lockedBuffer{}
	s.daemon = exec.Command(pbemBinary(s.t), "serve", "-c", s.cfg)
	s.daemon.Stdout, s.daemon.Stderr = s.logs, s.logs
	if err := s.daemon.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.eventually("the control socket", func() bool {
		_, err := os.Stat(filepath.Join(s.dir, "pbem.db.sock"))
		return err == nil
	})
}

// stop sends sig and waits for the daemon to end.
func (s *site) stop(sig syscall.Signal) error {
	s.t.Helper()
	if err := s.daemon.Process.Signal(sig); err != nil {
		s.t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.daemon.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(15 * time.Second):
		s.daemon.Process.Kill()
		s.t.Fatalf("the daemon did not stop on %v; its log:\n%s", sig, s.logs)
		return nil
	}
}

func (s *site) eventually(what string, ok func() bool) {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			s.t.Fatalf("waited in vain for %s; daemon log:\n%s", what, s.logs)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func (s *site) received(who string, n int) string {
	s.t.Helper()
	s.eventually(fmt.Sprintf("mail %d to %s", n, who), func() bool { return len(s.mail.Received(s.addr[who])) >= n })
	return string(s.mail.Received(s.addr[who])[n-1])
}

// send mails an order file signed by who.
func (s *site) send(who, msgID, text string) {
	s.t.Helper()
	armored, err := sig.SignSSH(s.keys[who], []byte(text))
	if err != nil {
		s.t.Fatal(err)
	}
	if err := s.mail.Deliver(refereeAddr, memmail.OrderMail(who+" <"+s.addr[who]+">", refereeAddr, msgID, []byte(text), armored, ".sig")); err != nil {
		s.t.Fatal(err)
	}
}

func (s *site) newGame() {
	s.t.Helper()
	code, out, errs := s.pbem("game new", "-id", "t1", "-scenario", "tannenberg-1914",
		"-player", "RU=Anna,"+s.addr["Anna"]+","+filepath.Join(s.dir, "Anna.pub"),
		"-player", "DE=Ben,"+s.addr["Ben"]+","+filepath.Join(s.dir, "Ben.pub"),
		"-moderator", "Mo,"+s.addr["Mo"]+","+filepath.Join(s.dir, "Mo.pub"))
	if code != 0 || !strings.Contains(out, "game t1 created") {
		s.t.Fatalf("game new: %d %s %s", code, out, errs)
	}
}

// The administration commands work on the file when no daemon runs and
// through the control socket when one does; a second daemon stops at
// once; SIGHUP reloads; SIGTERM stops cleanly; mail queued while the
// daemon was down goes out when it starts.
func TestServeAndAdminister(t *testing.T) {
	s := newSite(t)
	s.newGame() // offline: on the file
	if code, out, _ := s.pbem("game list"); code != 0 || !strings.Contains(out, "t1") || !strings.Contains(out, "GT1 DE-SETUP") {
		t.Fatalf("game list: %d %s", code, out)
	}
	if code, out, _ := s.pbem("key list", "t1"); code != 0 || strings.Count(out, "ssh") != 3 || !strings.Contains(out, "SHA256:") {
		t.Errorf("key list: %d %s", code, out)
	}
	if code, out, errs := s.pbem("report", "-side", "ru", "t1"); code != 0 || !strings.Contains(out, "the report of Russian (RU)") || !strings.Contains(out, "Your units:") || !strings.Contains(out, "Window: GT1 DE-SETUP") {
		t.Errorf("report: %d %s %s", code, out, errs)
	}
	if code, out, _ := s.pbem("report", "--game", "t1", "--side", "de"); code != 0 || !strings.Contains(out, "the report of German (DE)") {
		t.Errorf("report --game t1 --side de: %d %s", code, out)
	}
	if code, out, _ := s.pbem("report", "-json", "t1"); code != 0 || !strings.Contains(out, `"Version": 1`) || !strings.Contains(out, `"Side": ""`) {
		t.Errorf("report -json (the moderators'): %d %s", code, out)
	}
	if code, _, errs := s.pbem("report", "-side", "FR", "t1"); code != 1 || !strings.Contains(errs, `no side "FR"`) {
		t.Errorf("report for a side the game has not: %d %s", code, errs)
	}
	// The maps as the Russian and the moderators see them: the German's
	// hidden set-up is not on the Russian's.
	ruMap, moMap := filepath.Join(s.dir, "ru.png"), filepath.Join(s.dir, "mo.png")
	if code, out, errs := s.pbem("render", "-game", "t1", "-side", "ru", "-o", ruMap); code != 0 || !strings.Contains(out, "map written to "+ruMap) {
		t.Errorf("render -side ru: %d %s %s", code, out, errs)
	}
	if code, _, errs := s.pbem("render", "-game", "t1", "-o", moMap); code != 0 {
		t.Errorf("render (the moderators'): %d %s", code, errs)
	}
	ru, mo := decodePNG(t, ruMap), decodePNG(t, moMap)
	if ru.Bounds() != mo.Bounds() || ru.Bounds().Dx() < 1000 || samePicture(ru, mo) {
		t.Errorf("the Russian's map %v is the moderators' %v", ru.Bounds(), mo.Bounds())
	}
	if code, _, errs := s.pbem("render", "-game", "t1", "-side", "FR", "-o", ruMap); code != 1 || !strings.Contains(errs, `no side "FR"`) {
		t.Errorf("render for a side the game has not: %d %s", code, errs)
	}
	s.start()
	// The first window's mail, queued offline, goes out now.
	if first := s.received("Ben", 1); !strings.Contains(first, "Window: GT1 DE-SETUP") {
		t.Fatalf("first mail:\n%s", first)
	}
	// A second daemon stops at once and says why.
	second := exec.Command(pbemBinary(t), "serve", "-c", s.cfg)
	out, err := second.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "another pbem serve answers on it") && !strings.Contains(string(out), "in use by another pbem process") {
		t.Errorf("second daemon: %v\n%s", err, out)
	}
	// Ben's set-up, signed, through IMAP.
	g, _, err := startScenarioForTest()
	if err != nil {
		t.Fatal(err)
	}
	s.send("Ben", "ben-1@example.org", "Game: t1\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: ben-setup-001\n\n"+rulesetstest.Robot(g, "DE"))
	if ack := s.received("Ben", 2); !strings.Contains(ack, "ACCEPTED") {
		t.Fatalf("ack:\n%s", ack)
	}
	// Administration through the control socket.
	if code, out, errs := s.pbem("game show", "t1"); code != 0 || !strings.Contains(out, "on file: DE from Ben") {
		t.Errorf("game show: %d %s %s", code, out, errs)
	}
	if code, out, errs := s.pbem("render", "-game", "t1", "-side", "de", "-o", filepath.Join(s.dir, "de.png")); code != 0 || !strings.Contains(out, "map written") {
		t.Errorf("render through the daemon: %d %s %s", code, out, errs)
	} else if de := decodePNG(t, filepath.Join(s.dir, "de.png")); samePicture(de, decodePNG(t, moMap)) {
		t.Error("the German's map is the moderators'")
	}
	if code, _, errs := s.pbem("game extend", "-by", "12h", "-as", "Mo", "-why", "a holiday", "t1"); code != 0 {
		t.Errorf("game extend: %s", errs)
	}
	if moved := s.received("Anna", 2); !strings.Contains(moved, "Mo moved the deadline by 12h: a holiday") {
		t.Errorf("notice:\n%s", moved)
	}
	backup := filepath.Join(s.dir, "backup.db")
	if code, out, errs := s.pbem("backup", "-o", backup); code != 0 || !strings.Contains(out, "checked") {
		t.Errorf("backup: %d %s %s", code, out, errs)
	}
	// SIGHUP: the configuration is read again; the daemon goes on.
	s.writeConfig("debug")
	if err := s.daemon.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	s.eventually("the reload", func() bool { return strings.Contains(s.logs.String(), "configuration reloaded") })
	if code, _, errs := s.pbem("game process-now", "-as", "Mo", "t1"); code != 0 {
		t.Errorf("process-now after the reload: %s", errs)
	}
	if next := s.received("Anna", 4); !strings.Contains(next, "Window: GT1 RU-MOVE") {
		t.Errorf("next window:\n%s", next)
	}
	// The audit, through the daemon, and of the exported archive on its
	// own, as on another machine; a byte changed in the archive fails it.
	if code, out, errs := s.pbem("audit", "t1"); code != 0 || !strings.Contains(out, "GT1 DE-SETUP: ok") {
		t.Errorf("audit: %d %s %s", code, out, errs)
	}
	archive := filepath.Join(s.dir, "t1.tar")
	if code, out, errs := s.pbem("export", "-moderator", "-o", archive, "t1"); code != 0 || !strings.Contains(out, "exported to "+archive) {
		t.Errorf("export: %d %s %s", code, out, errs)
	}
	if code, out, errs := runPbem(t, "audit", archive); code != 0 || !strings.Contains(out, "ok: every signature") {
		t.Errorf("audit of the archive: %d %s %s", code, out, errs)
	}
	if data, err := os.ReadFile(archive); err == nil {
		i := bytes.Index(data, []byte("kind: resolution"))
		data[i+3] ^= 0x01
		if err := os.WriteFile(archive, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errs := runPbem(t, "audit", archive); code != 1 || !strings.Contains(errs, "the chain is broken") {
			t.Errorf("audit of a changed archive: %d %s", code, errs)
		}
	}
	if err := s.stop(syscall.SIGTERM); err != nil {
		t.Errorf("SIGTERM: %v\n%s", err, s.logs)
	}
	if !strings.Contains(s.logs.String(), "stopped") {
		t.Errorf("no clean stop in the log:\n%s", s.logs)
	}
	if strings.Contains(s.logs.String(), "imap-pw") {
		t.Errorf("the password is in the log")
	}
}

// startScenarioForTest is the start of tannenberg-1914, as `game new`
// made it.
func startScenarioForTest() (engine.State, *scenario.Game, error) {
	var stderr bytes.Buffer
	st, g, _, ok := startScenario(&env{stdout: io.Discard, stderr: &stderr}, &options{scenario: "tannenberg-1914"}, "test", "t1")
	if !ok {
		return nil, nil, fmt.Errorf("%s", stderr.String())
	}
	return st, g, nil
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func samePicture(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
