package sig

// Issue 15: a signed order file is found and verified however large the
// rest of the mail, without copies of it: ReadMail reads the mail once,
// Mail.Verify checks it against each keyring.

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	pgperrors "github.com/ProtonMail/go-crypto/openpgp/errors"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
)

// The binary attachments of the large mails: 1.5 MB, and 60 MB (an
// 81 MB mail once in base64).
const (
	noiseSmall = 1_500_000
	noiseLarge = 60_000_000
)

// writeNoise writes n pseudo-random bytes (the same for the same n) as
// base64 in lines of 76 (RFC 2045 6.8) with CRLF, as a mail client sends
// a binary file, without holding the bytes or their encoding whole.
func writeNoise(b *bytes.Buffer, n int) {
	rnd := rand.NewChaCha8([32]byte{15})
	raw := make([]byte, 57*1024) // 57 bytes make one line of 76
	line := make([]byte, 0, 80)
	for n > 0 {
		k := min(n, len(raw))
		rnd.Read(raw[:k])
		for i := 0; i < k; i += 57 {
			line = base64.StdEncoding.AppendEncode(line[:0], raw[i:min(i+57, k)])
			b.Write(append(line, '\r', '\n'))
		}
		n -= k
	}
}

// base64Size is how long writeNoise's text of n bytes is.
func base64Size(n int) int {
	lines := (n + 56) / 57
	return (n+2)/3*4 + 2*lines
}

// largeSigner makes the signatures of the large mails.
type largeSigner struct {
	clear        []byte                   // a clearsigned text
	text, detSig []byte                   // a text and its armored detached signature
	mime         func(part []byte) []byte // the armored detached SHA-256 signature of a PGP/MIME part
}

// largeKinds are the three ways a large mail carries its signed file.
var largeKinds = []string{"clearsigned", "clearsigned-file", "detached", "pgp-mime"}

// largeMail builds a mail of kind with a binary attachment of noise
// bytes, CRLF throughout:
//   - clearsigned: a clearsigned body, then the attachment;
//   - clearsigned-file: a note, the attachment, then the clearsigned file
//     orders.txt.asc (typed application/pgp-keys, as mutt types it);
//   - detached: a note, the attachment, then orders.txt (base64) and its
//     signature orders.txt.asc, which the reader must find past it;
//   - pgp-mime: multipart/signed whose signed part holds the text and the
//     attachment, as Thunderbird signs a mail with attachments, so that
//     the whole attachment is hashed.
func largeMail(tb testing.TB, kind string, noise int, s largeSigner) []byte {
	tb.Helper()
	switch kind {
	case "clearsigned":
		return mixedNoise(1, noise, part{"", "text/plain; charset=utf-8", "7bit", s.clear}, part{"", "text/plain", "7bit", []byte("-- \nalice\n")})
	case "clearsigned-file":
		return mixedNoise(1, noise, part{"", "text/plain", "7bit", []byte("My orders are attached.\n")},
			part{"orders.txt.asc", "application/pgp-keys", "7bit", s.clear})
	case "detached":
		return mixedNoise(1, noise, part{"", "text/plain", "7bit", []byte("My orders are attached.\n")},
			part{"orders.txt", "text/plain; charset=utf-8", "base64", s.text},
			part{"orders.txt.asc", "application/pgp-signature", "7bit", s.detSig})
	case "pgp-mime":
		var signed bytes.Buffer
		signed.Grow(base64Size(noise) + 4096)
		signed.WriteString("Content-Type: multipart/mixed; boundary=\"mx\"\r\n\r\n" +
			"--mx\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n")
		signed.Write(lf2crlf(s.text))
		signed.WriteString("\r\n--mx\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n" +
			"Content-Disposition: attachment; filename=\"photo.jpg\"\r\n\r\n")
		writeNoise(&signed, noise)
		signed.WriteString("--mx--\r\n")
		sig := lf2crlf(s.mime(signed.Bytes()))
		var b bytes.Buffer
		b.Grow(signed.Len() + len(sig) + 4096)
		b.WriteString("From: alice <alice@example.org>\r\nTo: referee@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n" +
			"Content-Type: multipart/signed; micalg=pgp-sha256; protocol=\"application/pgp-signature\"; boundary=\"sig\"\r\n\r\n" +
			"This is an OpenPGP/MIME signed message (RFC 4880 and 3156)\r\n--sig\r\n")
		b.Write(signed.Bytes())
		b.WriteString("\r\n--sig\r\nContent-Type: application/pgp-signature; name=\"signature.asc\"\r\n\r\n")
		b.Write(sig)
		b.WriteString("\r\n--sig--\r\n")
		return b.Bytes()
	}
	tb.Fatalf("no large mail of kind %q", kind)
	return nil
}

// gpgSigner signs as alice with gpg, as the other tests do.
func gpgSigner(t *testing.T, f *fixture) largeSigner {
	return largeSigner{
		clear:  mustRead(t, f, "alice.asc"),
		text:   []byte(orders),
		detSig: mustRead(t, f, "alice.txt.asc"),
		mime: func(p []byte) []byte {
			name := "large.part"
			if err := f.write(name, p); err != nil {
				t.Fatal(err)
			}
			defer os.Remove(f.path(name))
			sig, err := f.gpg("-u", "alice@example.org", "--armor", "--detach-sign", "--digest-algo", "SHA256", "-o", "-", name)
			if err != nil {
				t.Fatal(err)
			}
			return sig
		},
	}
}

// allocated is how many bytes fn allocates on the heap.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// allocBound is the most ReadMail and Verify may allocate for a CRLF
// mail, whatever its size: they copy none of it, and allocate only for
// the headers, the order text, the signature and a few buffers for the
// parts they scan (32 KiB at most each). An LF mail is copied once to
// CRLF, so it may allocate its size more.
const allocBound = 1 << 20

// TestLargeMail: a signed file is found and verified in a mail with a
// 1.5 MB or a 60 MB binary attachment, for each way a mail carries it,
// within allocBound; with LF line ends, within one copy more; and the
// same Mail is refused by a keyring without the key, at little cost.
func TestLargeMail(t *testing.T) {
	f := getFixture(t)
	kr := keyring(t, f)
	krOther, err := LoadKeyring([]KeyEntry{{Side: "DE", Player: "bob", Armored: f.armored["bob"]}})
	if err != nil {
		t.Fatal(err)
	}
	signer := gpgSigner(t, f)
	want := map[string]struct {
		scheme Scheme
		text   string
	}{"clearsigned": {Clearsigned, clearText}, "clearsigned-file": {Clearsigned, clearText}, "detached": {Detached, orders}, "pgp-mime": {PGPMIME, orders}}
	for _, noise := range []int{noiseSmall, noiseLarge} {
		for _, kind := range largeKinds {
			mail := largeMail(t, kind, noise, signer)
			t.Run(kind+"/"+sizeName(noise), func(t *testing.T) {
				check := func(t *testing.T, mail []byte, bound uint64) {
					var m *Mail
					var s *Signed
					var rerr, verr error
					n := allocated(func() {
						if m, rerr = ReadMail(mail); rerr == nil {
							s, verr = m.Verify(kr, time.Now())
						}
					})
					if rerr != nil || verr != nil {
						t.Fatalf("ReadMail: %v; Verify: %v", rerr, verr)
					}
					if s.Scheme != want[kind].scheme || s.Player != "alice" || string(s.Text) != want[kind].text {
						t.Errorf("%s signed by %s: %q", s.Scheme, s.Player, s.Text)
					}
					t.Logf("%d bytes of mail, %d allocated reading and verifying it", len(mail), n)
					if n > bound {
						t.Errorf("ReadMail and Verify allocated %d bytes for a mail of %d, more than the bound of %d", n, len(mail), bound)
					}
					// Another game's keyring: refused, and at once (the
					// issuer is looked up before anything is hashed).
					var oerr error
					n = allocated(func() { _, oerr = m.Verify(krOther, time.Now()) })
					if !errors.Is(oerr, ErrUnknownKey) {
						t.Errorf("Verify with a keyring without the key: %v, want ErrUnknownKey", oerr)
					}
					if n > 64<<10 {
						t.Errorf("Verify with a keyring without the key allocated %d bytes", n)
					}
				}
				check(t, mail, allocBound)
				if kind == "pgp-mime" {
					t.Run("LF", func(t *testing.T) {
						lf := bytes.ReplaceAll(mail, []byte("\r\n"), []byte("\n"))
						check(t, lf, uint64(len(mail))+allocBound)
					})
				}
			})
		}
	}
}

func sizeName(noise int) string {
	if noise == noiseSmall {
		return "1.5MB"
	}
	return "60MB"
}

// TestOneMailManyKeyrings: one Mail checked against several keyrings, as
// the referee checks a mail against each game's: each gets its own
// answer, and the texts returned share nothing.
func TestOneMailManyKeyrings(t *testing.T) {
	f := getFixture(t)
	kr := keyring(t, f)
	krBob, err := LoadKeyring([]KeyEntry{{Side: "DE", Player: "bob", Armored: f.armored["bob"]}})
	if err != nil {
		t.Fatal(err)
	}
	krAlice, err := LoadKeyring([]KeyEntry{{Side: "DE", Player: "alice-in-game-2", Armored: f.armored["alice"]}})
	if err != nil {
		t.Fatal(err)
	}
	for name, raw := range map[string][]byte{
		"PGP/MIME":             mustRead(t, f, "mutt.eml"),
		"clearsigned attached": mustRead(t, f, "mutt-attach.eml"),
		"detached": mixed(t, part{"orders.txt", "text/plain", "base64", []byte(orders)},
			part{"orders.txt.asc", "application/pgp-signature", "7bit", mustRead(t, f, "alice.txt.asc")}),
	} {
		t.Run(name, func(t *testing.T) {
			m, err := ReadMail(raw)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.Verify(krBob, time.Now()); !errors.Is(err, ErrUnknownKey) {
				t.Errorf("bob's keyring: %v, want ErrUnknownKey", err)
			}
			s1, err := m.Verify(kr, time.Now())
			if err != nil || s1.Player != "alice" || s1.Side != "RU" {
				t.Fatalf("first keyring: %+v %v", s1, err)
			}
			s2, err := m.Verify(krAlice, time.Now())
			if err != nil || s2.Player != "alice-in-game-2" || s2.Side != "DE" {
				t.Fatalf("second keyring: %+v %v", s2, err)
			}
			want := string(s2.Text)
			for i := range s1.Text {
				s1.Text[i] = 'x'
			}
			if string(s2.Text) != want {
				t.Error("two results share their text")
			}
			if s3, err := m.Verify(kr, time.Now()); err != nil || string(s3.Text) != want {
				t.Errorf("again: %v, text %q", err, s3.Text)
			}
			if _, err := m.Verify(nil, time.Now()); !errors.Is(err, ErrUnknownKey) {
				t.Errorf("no keyring: %v", err)
			}
		})
	}
	// ReadMail's errors are the keyring-independent ones.
	for _, tc := range []struct {
		name string
		raw  []byte
		want error
	}{
		{"plain mail", []byte("From: alice@example.org\r\n\r\nmove RU-XV to 2918\r\n"), ErrNoSignature},
		{"no header end", []byte("From: alice@example.org"), ErrMalformed},
		{"PGP/MIME cut short", mustRead(t, f, "mutt.eml")[:600], ErrMalformed},
	} {
		if m, err := ReadMail(tc.raw); m != nil || !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// notRead fails the test if anything reads it.
type notRead struct{ t *testing.T }

func (r notRead) Read([]byte) (int, error) {
	r.t.Error("the signed bytes were read")
	return 0, io.EOF
}

// TestUnknownIssuerHashesNothing pins what Mail.Verify relies on to keep
// a keyring without the key cheap: go-crypto's VerifyDetachedSignature
// (and its AndHash twin) returns ErrUnknownIssuer without reading the
// signed bytes when no key of the keyring made the signature.
func TestUnknownIssuerHashesNothing(t *testing.T) {
	_, ent, _ := fuzzKeys(t)
	other, err := openpgp.NewEntity("other", "", "other@example.org", &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA})
	if err != nil {
		t.Fatal(err)
	}
	var sig bytes.Buffer
	if err := openpgp.DetachSign(&sig, ent, strings.NewReader(fuzzText), nil); err != nil {
		t.Fatal(err)
	}
	for _, kr := range []openpgp.EntityList{nil, {other}} {
		if _, _, err := openpgp.VerifyDetachedSignature(kr, notRead{t}, bytes.NewReader(sig.Bytes()), nil); !errors.Is(err, pgperrors.ErrUnknownIssuer) {
			t.Errorf("VerifyDetachedSignature: %v, want ErrUnknownIssuer", err)
		}
		if _, _, err := openpgp.VerifyDetachedSignatureAndHash(kr, notRead{t}, bytes.NewReader(sig.Bytes()), []crypto.Hash{crypto.SHA256}, nil); !errors.Is(err, pgperrors.ErrUnknownIssuer) {
			t.Errorf("VerifyDetachedSignatureAndHash: %v, want ErrUnknownIssuer", err)
		}
	}
	// The key that made it does read them.
	if _, _, err := openpgp.VerifyDetachedSignature(openpgp.EntityList{ent}, strings.NewReader(fuzzText), bytes.NewReader(sig.Bytes()), nil); err != nil {
		t.Errorf("the signer's key: %v", err)
	}
}

// The benchmark of issue 15: reading and verifying a mail with a 60 MB
// attachment (81 MB) beside hashing its bytes with SHA-256 once, the
// least a PGP/MIME mail costs, in the same run:
//
//	go test -run XXX -bench Large -benchmem ./orders/sig/
//
// The keys are the fuzz keys, so the benchmark needs no external tool.

var (
	benchLargeOnce sync.Once
	benchLarge     map[string][]byte
	benchLargeKr   *Keyring
)

func benchLargeMails(b *testing.B) (*Keyring, map[string][]byte) {
	benchLargeOnce.Do(func() {
		kr, ent, _ := fuzzKeys(b)
		cfg := &packet.Config{Time: func() time.Time { return time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC) }}
		var cs, det bytes.Buffer
		w, err := clearsign.Encode(&cs, ent.PrivateKey, cfg)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := w.Write([]byte(fuzzText)); err != nil {
			b.Fatal(err)
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
		if err := openpgp.ArmoredDetachSignText(&det, ent, strings.NewReader(fuzzText), cfg); err != nil {
			b.Fatal(err)
		}
		s := largeSigner{clear: cs.Bytes(), text: []byte(fuzzText), detSig: det.Bytes(), mime: func(p []byte) []byte {
			var sig bytes.Buffer
			if err := openpgp.ArmoredDetachSign(&sig, ent, bytes.NewReader(p), cfg); err != nil {
				b.Fatal(err)
			}
			return sig.Bytes()
		}}
		mails := map[string][]byte{}
		for _, kind := range largeKinds {
			mails[kind] = largeMail(b, kind, noiseLarge, s)
		}
		benchLargeKr, benchLarge = kr, mails
	})
	if benchLarge == nil {
		b.Fatal("benchmark setup failed")
	}
	return benchLargeKr, benchLarge
}

func BenchmarkReadMailLarge(b *testing.B) {
	kr, mails := benchLargeMails(b)
	for _, kind := range largeKinds {
		b.Run(kind, func(b *testing.B) {
			mail := mails[kind]
			b.SetBytes(int64(len(mail)))
			b.ReportAllocs()
			for b.Loop() {
				m, err := ReadMail(mail)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := m.Verify(kr, fuzzNow); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFloorSHA256Large hashes the large PGP/MIME mail once: its
// signature covers nearly all of it, so no reader can verify it faster.
func BenchmarkFloorSHA256Large(b *testing.B) {
	_, mails := benchLargeMails(b)
	mail := mails["pgp-mime"]
	b.SetBytes(int64(len(mail)))
	b.ReportAllocs()
	for b.Loop() {
		sha256.Sum256(mail)
	}
}
