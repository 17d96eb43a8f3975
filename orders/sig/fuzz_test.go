package sig

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	"golang.org/x/crypto/ssh"
)

// fuzzPGPKey is a throwaway OpenPGP key (ed25519, made 2024-01-01 with
// openpgp.NewEntity) for the fuzz keyring; fuzzSSHSeed makes its SSH key.
// Both are fixed so that the signatures in testdata/fuzz stay valid.
const fuzzPGPKey = `
-----BEGIN PGP PRIVATE KEY BLOCK-----

xVgEZZIAgBYJKwYBBAHaRw8BAQdAJF3i0/G2bAzPUXbUKYF6k0W9eTEPv4jN2KP5
q3s/DLEAAQDhQ7XNg0xZDmP7f3cZVB+RR+1s4bym9CxnuFiJAyCjnw+2zR5GdXp6
IFBsYXllciA8ZnV6ekBleGFtcGxlLm9yZz7CvQQTFggAbwWCZZIAgAILBwkQodpu
jgUegs01FAAAAAAAHAAQc2FsdEBub3RhdGlvbnMub3BlbnBncGpzLm9yZ/D6wLmF
pUCcbEesKBBRBjICFQgCFgACGQECmwMCHgEWIQRBp/QLwyQfJcVjzoKh2m6OBR6C
zQAAGBQBAMe5/nm61QEmpZZ0iYLnLJ+Kchj+0g2rSLAXMiktwA8OAP4g7MEnr/kA
HMzrRKf4PDJJJ5l7H5VMiJcizhczwmuQAsddBGWSAIASCisGAQQBl1UBBQEBB0Cf
qJeEj2l2B43VBIMej7YWCWhhman6nuICbjq85KvYDAMBCgkAAP9pCxVHXgR0mcp5
UmkaoAL/VDyNRDzXFD/E4MQuCMWAqA5Jwq4EGBYIAGAFgmWSAIAJEKHabo4FHoLN
NRQAAAAAABwAEHNhbHRAbm90YXRpb25zLm9wZW5wZ3Bqcy5vcmdrIjXAnetV+gGl
y/jhRF6aApsMFiEEQaf0C8MkHyXFY86CodpujgUegs0AAMZcAQDNPHIiBdxtKadh
exH95k6b/YaO591EWVuEZP1EZBAIDQEAsNYdMxS57tcWmUPP0M0SXhyKDHrDvX3F
rHwcQXYsmwE=
=1k6y
-----END PGP PRIVATE KEY BLOCK-----
`

var fuzzSSHSeed = bytes.Repeat([]byte{7}, ed25519.SeedSize)

// fuzzNow judges expiry in fuzzing, so that the corpus never ages.
var fuzzNow = time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)

const fuzzText = "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 3f9a2c51e0\n\nmove RU-XV 2817 2818\n"

// fuzzKeys returns the fuzz keyring (the OpenPGP key for RU, the SSH key
// for DE) and the private keys.
func fuzzKeys(tb testing.TB) (*Keyring, *openpgp.Entity, ssh.Signer) {
	tb.Helper()
	ents, err := openpgp.ReadArmoredKeyRing(strings.NewReader(fuzzPGPKey))
	if err != nil {
		tb.Fatal(err)
	}
	var pub bytes.Buffer
	w, _ := armor.Encode(&pub, openpgp.PublicKeyType, nil)
	if err := ents[0].Serialize(w); err != nil {
		tb.Fatal(err)
	}
	w.Close()
	signer, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(fuzzSSHSeed))
	if err != nil {
		tb.Fatal(err)
	}
	kr, err := LoadKeyringAt([]KeyEntry{
		{Side: "RU", Player: "Anna", Armored: pub.Bytes()},
		{Side: "DE", Player: "Bruno", SSH: string(ssh.MarshalAuthorizedKey(signer.PublicKey()))},
	}, fuzzNow)
	if err != nil {
		tb.Fatal(err)
	}
	return kr, ents[0], signer
}

// fuzzSeeds returns valid signed inputs, as (a, b) pairs for FuzzVerify:
// each verifies as Raw a, as Mail a, or as Text a with Sig or SSHSig b.
func fuzzSeeds(tb testing.TB, ent *openpgp.Entity, signer ssh.Signer) map[string][2][]byte {
	tb.Helper()
	cfg := &packet.Config{Time: func() time.Time { return time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC) }}
	var cs bytes.Buffer
	w, err := clearsign.Encode(&cs, ent.PrivateKey, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	w.Write([]byte(fuzzText))
	w.Close()
	var det bytes.Buffer
	if err := openpgp.ArmoredDetachSignText(&det, ent, strings.NewReader(fuzzText), cfg); err != nil {
		tb.Fatal(err)
	}
	signedPart := "Content-Type: text/plain; charset=us-ascii\r\nContent-Disposition: attachment; filename=ru.orders\r\n\r\n" + strings.ReplaceAll(fuzzText, "\n", "\r\n")
	var mimeSig bytes.Buffer
	if err := openpgp.ArmoredDetachSign(&mimeSig, ent, strings.NewReader(signedPart), cfg); err != nil {
		tb.Fatal(err)
	}
	mail := "From: anna@example.org\r\nTo: referee@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/signed; micalg=pgp-sha256; protocol=\"application/pgp-signature\"; boundary=\"b1\"\r\n\r\n" +
		"--b1\r\n" + signedPart + "\r\n--b1\r\nContent-Type: application/pgp-signature; name=signature.asc\r\n\r\n" +
		strings.ReplaceAll(mimeSig.String(), "\n", "\r\n") + "\r\n--b1--\r\n"
	inline := "From: anna@example.org\nSubject: orders\nContent-Type: text/plain\n\n" + cs.String()
	attached := "From: anna@example.org\r\nSubject: orders\r\nContent-Type: multipart/mixed; boundary=\"b2\"\r\n\r\n" +
		"--b2\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=ru.orders\r\n\r\n" + strings.ReplaceAll(fuzzText, "\n", "\r\n") +
		"\r\n--b2\r\nContent-Type: application/pgp-signature\r\nContent-Disposition: attachment; filename=ru.orders.asc\r\n\r\n" +
		strings.ReplaceAll(det.String(), "\n", "\r\n") + "\r\n--b2--\r\n"
	return map[string][2][]byte{
		"attached":    {[]byte(attached), nil},
		"clearsigned": {cs.Bytes(), nil},
		"pgpmime":     {[]byte(mail), nil},
		"inline":      {[]byte(inline), nil},
		"detached":    {[]byte(fuzzText), det.Bytes()},
		"ssh":         {[]byte(fuzzText), sshsigFor(tb, signer, []byte(fuzzText))},
	}
}

// sshsigFor signs text as ssh-keygen -Y sign -n pbem does.
func sshsigFor(tb testing.TB, signer ssh.Signer, text []byte) []byte {
	armored, err := SignSSH(signer, text)
	if err != nil {
		tb.Fatal(err)
	}
	return armored
}

var fuzzErrs = []error{ErrBadSignature, ErrUnknownKey, ErrExpiredKey, ErrExpiredSignature, ErrRevokedKey, ErrWrongNamespace, ErrNoSignature, ErrMalformed, ErrWrongSide}

// FuzzVerify feeds arbitrary bytes to Verify in each form against a fixed
// keyring: it never panics, fails with one of the Err values, and
// succeeds only with a non-empty text signed by a registered key.
func FuzzVerify(f *testing.F) {
	kr, ent, signer := fuzzKeys(f)
	for name, s := range fuzzSeeds(f, ent, signer) {
		f.Add(s[0], s[1])
		// The seeds are valid: the fuzzer starts from inputs that verify.
		msgs := map[string]Message{"clearsigned": {Raw: s[0]}, "pgpmime": {Mail: s[0]}, "inline": {Mail: s[0]}, "attached": {Mail: s[0]}, "detached": {Text: s[0], Sig: s[1]}, "ssh": {Text: s[0], SSHSig: s[1]}}
		if _, err := VerifyAt(kr, msgs[name], fuzzNow); err != nil {
			f.Fatalf("seed %s: %v", name, err)
		}
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		for _, m := range []Message{{Raw: a}, {Mail: a}, {Text: a, Sig: b}, {Text: a, SSHSig: b}} {
			s, err := VerifyAt(kr, m, fuzzNow)
			if err != nil {
				if s != nil {
					t.Fatalf("%v with a result", err)
				}
				ok := false
				for _, e := range fuzzErrs {
					ok = ok || errors.Is(err, e)
				}
				if !ok {
					t.Fatalf("error wraps no Err value: %v", err)
				}
				continue
			}
			if s == nil || len(s.Text) == 0 {
				t.Fatalf("nil error with %+v", s)
			}
			if s.Player != "Anna" && s.Player != "Bruno" {
				t.Fatalf("signed by %q", s.Player)
			}
		}
	})
}

// FuzzReadMail feeds arbitrary mail to ReadMail, and each Mail it finds
// to Verify against the fuzz keyring and an empty one: nothing panics;
// ReadMail fails only with the errors no key decides (ErrNoSignature,
// ErrMalformed, ErrWrongNamespace), as VerifyAt does; Verify answers the same twice and as VerifyAt does, succeeds
// only with a text signed by a registered key, never with an empty
// keyring, and neither changes the mail it shares.
func FuzzReadMail(f *testing.F) {
	kr, ent, signer := fuzzKeys(f)
	empty, err := LoadKeyring(nil)
	if err != nil {
		f.Fatal(err)
	}
	seeds := fuzzSeeds(f, ent, signer)
	for _, name := range []string{"pgpmime", "inline", "attached"} {
		f.Add(seeds[name][0])
	}
	sshMail := "From: bruno@example.org\r\nSubject: orders\r\nContent-Type: multipart/mixed; boundary=\"b3\"\r\n\r\n" +
		"--b3\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=de.orders\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		base64.StdEncoding.EncodeToString([]byte(fuzzText)) + "\r\n--b3\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=de.orders.sig\r\n\r\n" +
		strings.ReplaceAll(string(seeds["ssh"][1]), "\n", "\r\n") + "\r\n--b3--\r\n"
	f.Add([]byte(sshMail))
	for _, name := range []string{"pgpmime", "inline", "attached"} {
		if _, err := VerifyAt(kr, Message{Mail: seeds[name][0]}, fuzzNow); err != nil {
			f.Fatalf("seed %s: %v", name, err)
		}
	}
	if s, err := VerifyAt(kr, Message{Mail: []byte(sshMail)}, fuzzNow); err != nil || s.Player != "Bruno" {
		f.Fatalf("seed ssh mail: %v", err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		orig := bytes.Clone(raw)
		m, err := ReadMail(raw)
		_, verr := VerifyAt(kr, Message{Mail: raw}, fuzzNow)
		if err != nil {
			if m != nil {
				t.Fatalf("%v with a Mail", err)
			}
			if !errors.Is(err, ErrNoSignature) && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrWrongNamespace) {
				t.Fatalf("ReadMail: %v, an error a key decides", err)
			}
			if verr == nil || verr.Error() != err.Error() {
				t.Fatalf("ReadMail: %v; VerifyAt: %v", err, verr)
			}
			return
		}
		s1, err1 := m.Verify(kr, fuzzNow)
		s2, err2 := m.Verify(kr, fuzzNow)
		if fmt.Sprint(err1) != fmt.Sprint(err2) || fmt.Sprint(err1) != fmt.Sprint(verr) {
			t.Fatalf("Verify: %v, then %v; VerifyAt: %v", err1, err2, verr)
		}
		if err1 != nil {
			ok := false
			for _, e := range fuzzErrs {
				ok = ok || errors.Is(err1, e)
			}
			if s1 != nil || !ok {
				t.Fatalf("Verify: %v with %+v", err1, s1)
			}
		} else {
			if len(s1.Text) == 0 || (s1.Player != "Anna" && s1.Player != "Bruno") {
				t.Fatalf("verified %+v", s1)
			}
			if !bytes.Equal(s1.Text, s2.Text) || s1.Player != s2.Player || s1.Scheme != s2.Scheme {
				t.Fatalf("Verify twice: %+v, then %+v", s1, s2)
			}
		}
		if s, err := m.Verify(empty, fuzzNow); err == nil {
			t.Fatalf("verified with an empty keyring: %+v", s)
		}
		if !bytes.Equal(raw, orig) {
			t.Fatal("the mail was changed")
		}
	})
}

// partsCopying is parts as it was before issue 15, prepending CRLF to a
// copy of the body: FuzzParts holds the new one to its results.
func partsCopying(body []byte, boundary string) ([][]byte, error) {
	if boundary == "" {
		return nil, fmt.Errorf("%w: multipart without a boundary", ErrMalformed)
	}
	b := append([]byte("\r\n"), body...)
	delim := []byte("\r\n--" + boundary)
	var out [][]byte
	start := -1
	for from := 0; ; {
		i := bytes.Index(b[from:], delim)
		if i < 0 {
			return nil, fmt.Errorf("%w: multipart without its closing boundary", ErrMalformed)
		}
		i += from
		j := i + len(delim)
		final := bytes.HasPrefix(b[j:], []byte("--"))
		if final {
			j += 2
		}
		k := j
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		if !final && !bytes.HasPrefix(b[k:], []byte("\r\n")) {
			from = j
			continue
		}
		if start >= 0 {
			out = append(out, b[start:i])
			if len(out) > maxParts {
				return nil, fmt.Errorf("%w: more than %d MIME parts", ErrMalformed, maxParts)
			}
		}
		if final {
			return out, nil
		}
		start = k + 2
		from = start
	}
}

// FuzzParts: parts, which slices the body, splits any body as the copying
// version did, and crlf makes what a byte-by-byte canonicalisation makes.
func FuzzParts(f *testing.F) {
	f.Add([]byte("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b\r\n\r\ny\r\n--b--\r\n"), "b")
	f.Add([]byte("preamble\r\n--b \t\r\n\r\n--b\r\n--b--"), "b")
	f.Add([]byte("--bb\r\n--b\r\n\r\n--b--x"), "b")
	f.Add([]byte("a\n--b\nb\r\n--b--\n"), "b")
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		got, err := parts(body, boundary)
		want, werr := partsCopying(body, boundary)
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("parts: %v, was %v", err, werr)
		}
		if len(got) != len(want) {
			t.Fatalf("%d parts, was %d", len(got), len(want))
		}
		for i := range got {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("part %d: %q, was %q", i, got[i], want[i])
			}
		}
		var canon []byte
		for i, c := range body {
			if c == '\n' && (i == 0 || body[i-1] != '\r') {
				canon = append(canon, '\r')
			}
			canon = append(canon, c)
		}
		if c := crlf(body); !bytes.Equal(c, canon) {
			t.Fatalf("crlf(%q) = %q, want %q", body, c, canon)
		}
	})
}
