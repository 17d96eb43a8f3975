package sig

// The fixture: real keys and real signatures, made at test time by gpg,
// ssh-keygen and mutt in a temporary GNUPGHOME and HOME. The tools are not
// optional: when one is missing the tests fail and say to run `make deps`.

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// orders is the order file signed everywhere: a line with trailing blanks,
// a line starting with a dash (dash-escaped when clearsigned) and one
// starting with "From " (quoted by mutt).
const orders = "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 3f9a2c51e0\n\n" +
	"move RU-XV to 2918   \n- not an order, a dash line\nFrom here on: rail\n# end\n"

// The expired key lived one day in 2020.
var (
	oldBorn   = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	oldSigned = oldBorn.Add(12 * time.Hour)
)

type fixture struct {
	dir, gnupghome string
	armored        map[string][]byte // by user: alice (ed25519), bob (rsa2048), eve (not registered), rev, old
	fpr            map[string]string
	revocation     []byte // rev's revocation certificate
	revokedKey     []byte // rev's public key with its revocation
	files          map[string][]byte
	sshPub         map[string]string // alice, eve
}

var (
	fixOnce sync.Once
	fix     *fixture
	fixErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if fix != nil {
		cmd := exec.Command("gpgconf", "--kill", "all")
		cmd.Env = append(os.Environ(), "GNUPGHOME="+fix.gnupghome)
		_ = cmd.Run()
		os.RemoveAll(fix.dir)
	}
	os.Exit(code)
}

// getFixture builds the fixture once, or fails the test.
func getFixture(t *testing.T) *fixture {
	t.Helper()
	for _, tool := range []string{"gpg", "gpgconf", "ssh-keygen", "mutt", "script"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: the signature tests drive gpg, ssh-keygen and mutt; run `make deps` (as root) to install them", tool)
		}
	}
	fixOnce.Do(func() { fix, fixErr = newFixture() })
	if fixErr != nil {
		t.Fatal(fixErr)
	}
	return fix
}

func (f *fixture) run(env []string, stdin []byte, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = f.dir
	cmd.Env = append(os.Environ(), append([]string{"GNUPGHOME=" + f.gnupghome, "HOME=" + f.dir, "LC_ALL=C"}, env...)...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes(), nil
}

func (f *fixture) gpg(args ...string) ([]byte, error) {
	return f.run(nil, nil, "gpg", append([]string{"--batch", "--yes", "--pinentry-mode", "loopback", "--passphrase", ""}, args...)...)
}

func (f *fixture) path(name string) string { return filepath.Join(f.dir, name) }

func (f *fixture) write(name string, b []byte) error { return os.WriteFile(f.path(name), b, 0o600) }

func (f *fixture) read(name string) ([]byte, error) { return os.ReadFile(f.path(name)) }

func gpgTime(t time.Time) string { return t.UTC().Format("20060102T150405") }

func newFixture() (*fixture, error) {
	dir, err := os.MkdirTemp("", "pbem-sig-")
	if err != nil {
		return nil, err
	}
	f := &fixture{dir: dir, gnupghome: filepath.Join(dir, "g"), armored: map[string][]byte{}, fpr: map[string]string{},
		files: map[string][]byte{}, sshPub: map[string]string{}}
	if err := os.Mkdir(f.gnupghome, 0o700); err != nil {
		return nil, err
	}
	keys := []struct{ user, algo, expire, at string }{
		{"alice", "ed25519", "0", ""},
		{"bob", "rsa2048", "0", ""},
		{"eve", "ed25519", "0", ""},
		{"rev", "ed25519", "0", ""},
		{"old", "ed25519", "1d", gpgTime(oldBorn)},
	}
	for _, k := range keys {
		args := []string{"--quick-gen-key", k.user + " <" + k.user + "@example.org>", k.algo, "sign", k.expire}
		if k.at != "" {
			args = append([]string{"--faked-system-time", k.at}, args...)
		}
		if _, err := f.gpg(args...); err != nil {
			return nil, err
		}
		colons, err := f.gpg("--with-colons", "--list-keys", k.user+"@example.org")
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(colons), "\n") {
			if fs := strings.Split(line, ":"); fs[0] == "fpr" && len(fs) > 9 {
				f.fpr[k.user] = fs[9]
				break
			}
		}
		if f.armored[k.user], err = f.gpg("--armor", "--export", k.user+"@example.org"); err != nil {
			return nil, err
		}
	}
	if err := f.write("orders.txt", []byte(orders)); err != nil {
		return nil, err
	}
	if err := f.write("orders-crlf.txt", bytes.ReplaceAll([]byte(orders), []byte("\n"), []byte("\r\n"))); err != nil {
		return nil, err
	}
	sign := []struct {
		out  string
		args []string
	}{
		{"alice.asc", []string{"-u", "alice@example.org", "--clearsign", "-o", "alice.asc", "orders.txt"}},
		{"bob.asc", []string{"-u", "bob@example.org", "--clearsign", "-o", "bob.asc", "orders.txt"}},
		{"eve.asc", []string{"-u", "eve@example.org", "--clearsign", "-o", "eve.asc", "orders.txt"}},
		{"rev.asc", []string{"-u", "rev@example.org", "--clearsign", "-o", "rev.asc", "orders.txt"}},
		{"old.asc", []string{"--faked-system-time", gpgTime(oldSigned), "-u", "old@example.org", "--clearsign", "-o", "old.asc", "orders.txt"}},
		{"alice.txt.asc", []string{"-u", "alice@example.org", "--armor", "--detach-sign", "--textmode", "-o", "alice.txt.asc", "orders.txt"}},
		{"alice.txt.sig", []string{"-u", "alice@example.org", "--detach-sign", "--textmode", "-o", "alice.txt.sig", "orders.txt"}},
		{"bob.txt.asc", []string{"-u", "bob@example.org", "--armor", "--detach-sign", "--textmode", "-o", "bob.txt.asc", "orders.txt"}},
		{"alice-crlf.asc", []string{"-u", "alice@example.org", "--clearsign", "-o", "alice-crlf.asc", "orders-crlf.txt"}},
	}
	for _, s := range sign {
		if _, err := f.gpg(s.args...); err != nil {
			return nil, err
		}
	}
	// Revoke rev with the certificate gpg made at key generation (what
	// gpg --gen-revoke makes), disarmed by dropping its leading colon.
	cert, err := f.read(filepath.Join("g", "openpgp-revocs.d", f.fpr["rev"]+".rev"))
	if err != nil {
		return nil, err
	}
	f.revocation = bytes.Replace(cert, []byte("\n:-----BEGIN PGP PUBLIC KEY BLOCK-----"), []byte("\n-----BEGIN PGP PUBLIC KEY BLOCK-----"), 1)
	if err := f.write("rev.rev", f.revocation); err != nil {
		return nil, err
	}
	if _, err := f.gpg("--import", "rev.rev"); err != nil {
		return nil, err
	}
	if f.revokedKey, err = f.gpg("--armor", "--export", "rev@example.org"); err != nil {
		return nil, err
	}
	// SSH: alice (ed25519), carol (RSA) and dave (ECDSA P-256) registered,
	// eve not; signatures in the pbem and git namespaces.
	for _, k := range []struct{ user, kind, bits string }{{"alice", "ed25519", ""}, {"carol", "rsa", "2048"}, {"dave", "ecdsa", "256"}, {"eve", "ed25519", ""}} {
		u := k.user
		args := []string{"-q", "-t", k.kind, "-N", "", "-C", u + "@example.org", "-f", "id_" + u}
		if k.bits != "" {
			args = append(args, "-b", k.bits)
		}
		if _, err := f.run(nil, nil, "ssh-keygen", args...); err != nil {
			return nil, err
		}
		pub, err := f.read("id_" + u + ".pub")
		if err != nil {
			return nil, err
		}
		f.sshPub[u] = strings.TrimSpace(string(pub))
	}
	for _, s := range []struct{ user, ns, file string }{{"alice", "pbem", "ssh-alice.txt"}, {"carol", "pbem", "ssh-carol.txt"}, {"dave", "pbem", "ssh-dave.txt"}, {"eve", "pbem", "ssh-eve.txt"}, {"alice", "git", "ssh-git.txt"}} {
		if err := f.write(s.file, []byte(orders)); err != nil {
			return nil, err
		}
		if _, err := f.run(nil, nil, "ssh-keygen", "-Y", "sign", "-f", "id_"+s.user, "-n", s.ns, s.file); err != nil {
			return nil, err
		}
	}
	if err := f.mutt(); err != nil {
		return nil, err
	}
	if err := f.thunderbird(); err != nil {
		return nil, err
	}
	if err := f.muttAttach(); err != nil {
		return nil, err
	}
	return f, nil
}

// muttAttach sends the clearsigned file gpg wrote, as orders.txt.asc, as
// an attachment with mutt in batch mode (no signing of its own), the way
// players.md tells a player to send `pbem sign`'s output. mutt types the
// attachment from ~/.mime.types, here Debian's entry for .asc
// (application/pgp-keys). The "sendmail" writes the message to
// mutt-attach.eml.
func (f *fixture) muttAttach() error {
	out := f.path("mutt-attach.eml")
	if err := os.WriteFile(f.path("sendmail-attach.sh"), []byte("#!/bin/sh\ncat > '"+out+"'\n"), 0o700); err != nil {
		return err
	}
	if err := f.write(".mime.types", []byte("application/pgp-keys\t\t\t\tasc key\n")); err != nil {
		return err
	}
	rc := fmt.Sprintf("set sendmail=\"%s\"\nset from=\"alice@example.org\"\nset use_from=yes\nset record=\"\"\nset folder=\"%s\"\nset spoolfile=\"%s\"\n",
		f.path("sendmail-attach.sh"), f.path("Mail"), f.path("Mail/inbox"))
	if err := f.write("muttrc-attach", []byte(rc)); err != nil {
		return err
	}
	clear, err := f.read("alice.asc")
	if err != nil {
		return err
	}
	if err := f.write("orders.txt.asc", clear); err != nil {
		return err
	}
	_, err = f.run(nil, []byte("My orders are attached.\n"), "mutt", "-n", "-F", "muttrc-attach", "-s", "orders", "-a", "orders.txt.asc", "--", "referee@example.org")
	return err
}

// flowedOrders is an order file as Thunderbird sends it in a flowed body
// (RFC 3676): the long attack order folded after a blank, the "From " line
// space-stuffed. tbOrders is what the player wrote.
const (
	flowedOrders = "Game: t1\r\nSide: RU\r\nWindow: GT1 RU-MOVE\r\nNonce: 3f9a2c51e0\r\n\r\n" +
		"attack 0510 with RU-IV RU-XX RU-1GCD RU-2CD RU-2GCD RU-3CD shift \r\nRU-R-1 if odds>=2-1\r\n" +
		" From here on: rail\r\n"
	tbOrders = "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 3f9a2c51e0\n\n" +
		"attack 0510 with RU-IV RU-XX RU-1GCD RU-2CD RU-2GCD RU-3CD shift RU-R-1 if odds>=2-1\n" +
		"From here on: rail\n"
)

// thunderbird writes two PGP/MIME mails in the shape Thunderbird (78 and
// later) gives them, signed by gpg over the canonical first part as
// Thunderbird signs it (RFC 3156): tb-body.eml carries the orders in a
// flowed body under protected headers; tb-attach.eml carries a short note
// and the orders as a base64 attachment orders.txt. Thunderbird itself has
// no batch mode to drive here.
func (f *fixture) thunderbird() error {
	const ph = "Content-Type: multipart/mixed; boundary=\"------------ph0\";\r\n protected-headers=\"v1\"\r\n" +
		"From: alice <alice@example.org>\r\nTo: referee@example.org\r\nMessage-ID: <tb-1@example.org>\r\nSubject: GT1 RU-MOVE\r\n\r\n"
	body := ph + "--------------ph0\r\nContent-Type: text/plain; charset=UTF-8; format=flowed\r\nContent-Transfer-Encoding: 7bit\r\n\r\n" +
		flowedOrders + "\r\n--------------ph0--\r\n"
	b64 := base64.StdEncoding.EncodeToString([]byte(orders))
	attach := ph + "--------------ph0\r\nContent-Type: multipart/mixed; boundary=\"------------mx1\"\r\n\r\n" +
		"--------------mx1\r\nContent-Type: text/plain; charset=UTF-8; format=flowed\r\nContent-Transfer-Encoding: 7bit\r\n\r\nMy orders are attached.\r\n\r\n" +
		"--------------mx1\r\nContent-Type: text/plain; charset=UTF-8; name=\"orders.txt\"\r\nContent-Disposition: attachment; filename=\"orders.txt\"\r\n" +
		"Content-Transfer-Encoding: base64\r\n\r\n" + b64[:60] + "\r\n" + b64[60:] + "\r\n\r\n--------------mx1--\r\n\r\n--------------ph0--\r\n"
	for name, signed := range map[string]string{"tb-body.eml": body, "tb-attach.eml": attach} {
		if err := f.write(name+".part", []byte(signed)); err != nil {
			return err
		}
		sig, err := f.gpg("-u", "alice@example.org", "--armor", "--detach-sign", "--digest-algo", "SHA256", "-o", "-", name+".part")
		if err != nil {
			return err
		}
		mail := "From: alice <alice@example.org>\r\nTo: referee@example.org\r\nSubject: GT1 RU-MOVE\r\nMessage-ID: <tb-1@example.org>\r\n" +
			"MIME-Version: 1.0\r\nUser-Agent: Mozilla Thunderbird\r\n" +
			"Content-Type: multipart/signed; micalg=pgp-sha256;\r\n protocol=\"application/pgp-signature\";\r\n boundary=\"------------sig2\"\r\n\r\n" +
			"This is an OpenPGP/MIME signed message (RFC 4880 and 3156)\r\n--------------sig2\r\n" + signed +
			"\r\n--------------sig2\r\nContent-Type: application/pgp-signature; name=\"OpenPGP_signature.asc\"\r\n" +
			"Content-Description: OpenPGP digital signature\r\nContent-Disposition: attachment; filename=\"OpenPGP_signature.asc\"\r\n\r\n" +
			strings.ReplaceAll(string(sig), "\n", "\r\n") + "\r\n--------------sig2--\r\n"
		if err := f.write(name, []byte(mail)); err != nil {
			return err
		}
	}
	return nil
}

// mutt sends orders.txt as a PGP/MIME signed mail with mutt (mutt.eml),
// and a short note with the clearsigned orders attached as
// orders4.txt.asc, which mutt also signs as PGP/MIME because of
// crypt_autosign (mutt-autosign.eml).
func (f *fixture) mutt() error {
	if err := f.muttSigned("mutt.eml", orders); err != nil {
		return err
	}
	clear, err := f.read("alice.asc")
	if err != nil {
		return err
	}
	if err := f.write("orders4.txt.asc", clear); err != nil {
		return err
	}
	return f.muttSigned("mutt-autosign.eml", "My orders are attached.\n", "orders4.txt.asc")
}

// muttSigned sends body, with the files attach, as a PGP/MIME signed mail
// with mutt, driving its compose screen through a pseudo-terminal
// (script(1)): mutt does not sign in batch mode. The "sendmail" writes
// the message to the file out.
func (f *fixture) muttSigned(out, body string, attach ...string) error {
	sent := f.path(out)
	sendmail := "#!/bin/sh\ncat > '" + sent + "'\n"
	if err := os.WriteFile(f.path("sendmail.sh"), []byte(sendmail), 0o700); err != nil {
		return err
	}
	if err := os.MkdirAll(f.path("Mail"), 0o700); err != nil {
		return err
	}
	muttrc := fmt.Sprintf(`set sendmail="%s"
set from="alice@example.org"
set use_from=yes
set crypt_use_gpgme=yes
set crypt_autosign=yes
set pgp_sign_as="alice@example.org"
set record=""
set postpone=no
set editor="true"
set edit_headers=yes
set folder="%s"
set spoolfile="%s"
set mbox_type=mbox
`, f.path("sendmail.sh"), f.path("Mail"), f.path("Mail/inbox"))
	if err := f.write("muttrc", []byte(muttrc)); err != nil {
		return err
	}
	if err := f.write("Mail/inbox", nil); err != nil {
		return err
	}
	draft := "From: alice@example.org\nTo: referee@example.org\nSubject: orders\n\n" + body
	if err := f.write("draft", []byte(draft)); err != nil {
		return err
	}
	line := "mutt -n -F muttrc -H draft"
	for _, a := range attach {
		line += " -a " + a
	}
	if len(attach) > 0 {
		line += " --"
	}
	cmd := exec.Command("script", "-qec", line, "/dev/null")
	cmd.Dir = f.dir
	cmd.Env = append(os.Environ(), "GNUPGHOME="+f.gnupghome, "HOME="+f.dir, "TERM=vt100", "LC_ALL=C")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	var mu sync.Mutex
	var screen bytes.Buffer
	cmd.Stdout = writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return screen.Write(p)
	})
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// mutt asks for the recipient and the subject (Enter keeps them), then shows the compose
	// screen with "Security: Sign (PGP/MIME)", where y sends.
	step, answeredSubject := 0, false
	deadline := time.After(30 * time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if b, rerr := os.ReadFile(sent); rerr == nil && len(b) > 0 {
				return nil
			}
			mu.Lock()
			defer mu.Unlock()
			return fmt.Errorf("mutt ended (%v) without sending; screen:\n%q", err, screen.String())
		case <-deadline:
			_ = cmd.Process.Kill()
			mu.Lock()
			defer mu.Unlock()
			return fmt.Errorf("mutt timed out at step %d; screen:\n%q", step, screen.String())
		case <-tick.C:
			mu.Lock()
			s := screen.String()
			mu.Unlock()
			switch {
			case step == 0 && strings.Contains(s, "To: "):
				_, _ = stdin.Write([]byte("\r"))
				step = 1
			case step == 1 && !answeredSubject && strings.Contains(s, "Subject:") && !strings.Contains(s, "Mutt: Compose"):
				_, _ = stdin.Write([]byte("\r"))
				answeredSubject = true
			case step == 1 && strings.Contains(s, "Mutt: Compose"):
				if !strings.Contains(s, "Sign (PGP/MIME)") {
					_ = cmd.Process.Kill()
					return fmt.Errorf("mutt compose screen does not say it signs; screen:\n%q", s)
				}
				_, _ = stdin.Write([]byte("y"))
				step = 2
			}
		}
	}
}

type writerFunc func([]byte) (int, error)

func (w writerFunc) Write(p []byte) (int, error) { return w(p) }
