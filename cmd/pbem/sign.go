package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"golang.org/x/crypto/ssh"

	"pbem/orders/sig"
)

// The flag of 'pbem sign' that options has no field for; each run
// registers it again, which resets it.
var signFlags struct{ key string }

var signCmd = &command{
	name:    "sign",
	usage:   "-key FILE [-o OUT] ORDERS",
	summary: "sign an order file with an SSH or OpenPGP private key",
	help: `Signs an order file for players without GnuPG (docs/players.md).

With an OpenSSH private key (ed25519, ECDSA or RSA, as ssh-keygen makes
them) it writes an SSH signature in the namespace "pbem", exactly what
'ssh-keygen -Y sign -n pbem -f KEY ORDERS' writes, to OUT or ORDERS.sig:
send both files. With an armored OpenPGP private key (gpg --export-secret-keys
--armor) it writes the order file clearsigned to OUT or ORDERS.asc: send that
file. The key must not be protected by a passphrase: pbem asks for none; use
ssh-keygen or gpg themselves for a protected key.`,
	flags: func(fs *flag.FlagSet, o *options) {
		fs.StringVar(&signFlags.key, "key", "", "the private key `FILE` (OpenSSH or armored OpenPGP)")
		fs.StringVar(&o.out, "o", "", "the `OUT` file (default: ORDERS.sig for SSH, ORDERS.asc for OpenPGP)")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 1 || signFlags.key == "" {
			return usageError
		}
		fail := func(err error) int {
			fmt.Fprintln(e.stderr, "pbem sign:", err)
			return 1
		}
		key, err := os.ReadFile(signFlags.key)
		if err != nil {
			return fail(err)
		}
		text, err := os.ReadFile(args[0])
		if err != nil {
			return fail(err)
		}
		var out []byte
		var ext string
		if bytes.Contains(key, []byte("-----BEGIN PGP ")) {
			out, err = signOpenPGP(key, text, signFlags.key)
			ext = ".asc"
		} else {
			out, err = signSSH(key, text, signFlags.key)
			ext = ".sig"
		}
		if err != nil {
			return fail(err)
		}
		dst := o.out
		if dst == "" {
			dst = args[0] + ext
		}
		if err := os.WriteFile(dst, out, 0o644); err != nil {
			return fail(err)
		}
		fmt.Fprintf(e.stdout, "%s: signed, written to %s\n", args[0], dst)
		return 0
	},
}

// signSSH makes the armored SSH signature (OpenSSH PROTOCOL.sshsig) of
// text in the namespace sig.Namespace with SHA-512, as ssh-keygen -Y sign.
func signSSH(keyPEM, text []byte, name string) ([]byte, error) {
	raw, err := ssh.ParseRawPrivateKey(keyPEM)
	if err != nil {
		var missing *ssh.PassphraseMissingError
		switch {
		case errors.As(err, &missing):
			return nil, fmt.Errorf("%s: the key is protected by a passphrase, and pbem sign asks for none: sign with ssh-keygen -Y sign -n %s -f %s ORDERS", name, sig.Namespace, name)
		case bytes.HasPrefix(bytes.TrimSpace(keyPEM), []byte("ssh-")) || bytes.HasPrefix(bytes.TrimSpace(keyPEM), []byte("ecdsa-")):
			return nil, fmt.Errorf("%s: a public key; give the private key (the file without .pub)", name)
		}
		return nil, fmt.Errorf("%s: neither an OpenSSH private key nor an armored OpenPGP private key: %v", name, err)
	}
	signer, err := ssh.NewSignerFromKey(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	armored, err := sig.SignSSH(signer, text)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return armored, nil
}

// signOpenPGP clearsigns text with the signing key of the first private
// key in the armored key ring.
func signOpenPGP(armored, text []byte, name string) ([]byte, error) {
	if bytes.Contains(armored, []byte("-----BEGIN PGP PUBLIC KEY BLOCK-----")) && !bytes.Contains(armored, []byte("-----BEGIN PGP PRIVATE KEY BLOCK-----")) {
		return nil, fmt.Errorf("%s: a public key; export the private key with gpg --export-secret-keys --armor", name)
	}
	ents, err := openpgp.ReadArmoredKeyRing(bytes.NewReader(armored))
	if err != nil {
		return nil, fmt.Errorf("%s: not an armored OpenPGP private key: %v", name, err)
	}
	now := time.Now()
	for _, ent := range ents {
		if ent.PrivateKey == nil {
			continue
		}
		k, ok := ent.SigningKey(now)
		if !ok || k.PrivateKey == nil {
			continue
		}
		if k.PrivateKey.Encrypted || k.PrivateKey.Dummy() {
			return nil, fmt.Errorf("%s: the key is protected by a passphrase (or kept on a smartcard), and pbem sign asks for none: sign with gpg --clearsign ORDERS", name)
		}
		var buf bytes.Buffer
		w, err := clearsign.Encode(&buf, k.PrivateKey, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if _, err := io.Copy(w, bytes.NewReader(text)); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return buf.Bytes(), nil
	}
	return nil, fmt.Errorf("%s: no private key that can sign now (expired, revoked, or only a public key?)", name)
}
