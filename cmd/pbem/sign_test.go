package main

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/pem"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"golang.org/x/crypto/ssh"

	"pbem/orders/sig"
)

const signText = "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 8f3a2c91d4\n\n-- a dash line\nmove RU-XV 2817 2818\n"

func writeFile(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// 'pbem sign' with an OpenSSH key writes what sig.Verify and
// ssh-keygen -Y verify accept, for each key type ssh-keygen makes.
func TestSignSSH(t *testing.T) {
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	ecKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		key  crypto.PrivateKey
	}{{"ed25519", edKey}, {"ecdsa", ecKey}, {"rsa", rsaKey}} {
		t.Run(c.name, func(t *testing.T) {
			block, err := ssh.MarshalPrivateKey(c.key, "player@example.org")
			if err != nil {
				t.Fatal(err)
			}
			keyFile := writeFile(t, "id_"+c.name, pem.EncodeToMemory(block))
			orders := writeFile(t, "ru.orders", []byte(signText))
			code, out, errs := runPbem(t, "sign", "-key", keyFile, orders)
			if code != 0 || errs != "" || out != orders+": signed, written to "+orders+".sig\n" {
				t.Fatalf("exit %d: %s%s", code, out, errs)
			}
			armored, err := os.ReadFile(orders + ".sig")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(armored, []byte("-----BEGIN SSH SIGNATURE-----\n")) {
				t.Fatalf("not armored:\n%s", armored)
			}
			signer, err := ssh.NewSignerFromKey(c.key)
			if err != nil {
				t.Fatal(err)
			}
			authorized := strings.TrimSpace(string(ssh.MarshalAuthorizedKey(signer.PublicKey())))
			kr, err := sig.LoadKeyring([]sig.KeyEntry{{Side: "RU", Player: "Anna", SSH: authorized}})
			if err != nil {
				t.Fatal(err)
			}
			s, err := sig.Verify(kr, sig.Message{Text: []byte(signText), SSHSig: armored})
			if err != nil {
				t.Fatal(err)
			}
			if s.Scheme != sig.SSH || s.Player != "Anna" || string(s.Text) != signText {
				t.Errorf("got %+v", s)
			}
			if _, err := sig.Verify(kr, sig.Message{Text: []byte(signText + "x"), SSHSig: armored}); err == nil {
				t.Error("changed text verified")
			}
			// ssh-keygen accepts it too (make deps installs it).
			allowed := writeFile(t, "allowed_signers", []byte("player@example.org namespaces=\"pbem\" "+authorized+"\n"))
			cmd := exec.Command("ssh-keygen", "-Y", "verify", "-f", allowed, "-I", "player@example.org", "-n", "pbem", "-s", orders+".sig")
			cmd.Stdin = strings.NewReader(signText)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("ssh-keygen -Y verify: %v: %s", err, b)
			}
		})
	}
}

// 'pbem sign' with an armored OpenPGP private key writes a clearsigned
// file that sig.Verify accepts.
func TestSignOpenPGP(t *testing.T) {
	ent, err := openpgp.NewEntity("Anna", "", "anna@example.org", nil)
	if err != nil {
		t.Fatal(err)
	}
	priv := armorKey(t, openpgp.PrivateKeyType, func(w io.Writer) error { return ent.SerializePrivate(w, nil) })
	pub := armorKey(t, openpgp.PublicKeyType, ent.Serialize)
	keyFile := writeFile(t, "anna.asc", priv)
	orders := writeFile(t, "ru.orders", []byte(signText))
	out := filepath.Join(t.TempDir(), "signed.txt")
	code, stdout, errs := runPbem(t, "sign", "-key", keyFile, "-o", out, orders)
	if code != 0 || errs != "" || stdout != orders+": signed, written to "+out+"\n" {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	signed, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	kr, err := sig.LoadKeyring([]sig.KeyEntry{{Side: "RU", Player: "Anna", Armored: pub}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := sig.Verify(kr, sig.Message{Raw: signed})
	if err != nil {
		t.Fatalf("%v:\n%s", err, signed)
	}
	if s.Scheme != sig.Clearsigned || s.Player != "Anna" || string(s.Text) != signText {
		t.Errorf("got %+v", s)
	}
	// Without -o: ORDERS.asc.
	if code, _, errs := runPbem(t, "sign", "-key", keyFile, orders); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(orders + ".asc"); err != nil {
		t.Error(err)
	}
}

// 'pbem sign' refuses passphrase-protected keys, public keys and junk,
// saying what to do.
func TestSignRejects(t *testing.T) {
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	block, err := ssh.MarshalPrivateKeyWithPassphrase(edKey, "", []byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	sshEnc := writeFile(t, "id_enc", pem.EncodeToMemory(block))
	signer, _ := ssh.NewSignerFromKey(edKey)
	sshPub := writeFile(t, "id.pub", ssh.MarshalAuthorizedKey(signer.PublicKey()))

	ent, err := openpgp.NewEntity("Anna", "", "anna@example.org", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ent.EncryptPrivateKeys([]byte("secret"), nil); err != nil {
		t.Fatal(err)
	}
	priv := armorKey(t, openpgp.PrivateKeyType, func(w io.Writer) error { return ent.SerializePrivateWithoutSigning(w, nil) })
	pub := armorKey(t, openpgp.PublicKeyType, ent.Serialize)
	pgpEnc := writeFile(t, "enc.asc", priv)
	pgpPub := writeFile(t, "pub.asc", pub)
	junk := writeFile(t, "junk", []byte("hello\n"))
	orders := writeFile(t, "ru.orders", []byte(signText))

	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{orders}, 2, "usage: pbem sign"},
		{[]string{"-key", junk}, 2, "usage: pbem sign"},
		{[]string{"-key", sshEnc, orders}, 1, "protected by a passphrase"},
		{[]string{"-key", pgpEnc, orders}, 1, "protected by a passphrase"},
		{[]string{"-key", sshPub, orders}, 1, "a public key"},
		{[]string{"-key", pgpPub, orders}, 1, "a public key"},
		{[]string{"-key", junk, orders}, 1, "neither an OpenSSH private key nor an armored OpenPGP private key"},
		{[]string{"-key", junk + "-missing", orders}, 1, "no such file"},
		{[]string{"-key", sshEnc, orders + "-missing"}, 1, "no such file"},
	} {
		code, _, errs := runPbem(t, append([]string{"sign"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.err) {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, c.code, errs)
		}
	}
	if _, err := os.Stat(orders + ".sig"); err == nil {
		t.Error("a refused key wrote a signature")
	}
}

// armorKey armors what write serializes as an OpenPGP block of type typ.
func armorKey(t *testing.T, typ string, write func(io.Writer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := armor.Encode(&b, typ, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := write(w); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
