package sig_test

// The signature benchmark of issue 5: the whole intake of 1000 signed order
// files (verify, parse, read the binding) next to the bare cryptographic
// check of the same 1000 signatures, in the same run. The intake should
// cost at most twice the bare check:
//
//	go test -run XXX -bench 1000 -benchtime 3x ./orders/sig/
//
// The keys and signatures are made here in Go (OpenPGP ed25519 and
// RSA-2048 clearsigned with go-crypto, SSH ed25519 in the SSHSIG format
// of ssh-keygen -Y sign -n pbem), so the benchmark needs no external tool.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha512"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	"golang.org/x/crypto/ssh"

	"pbem/engine"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
	"pbem/orders/sig"
)

// benchFiles is how many signed files each benchmark verifies.
const benchFiles = 1000

// benchOrders is a typical order file body: twenty orders of the gwite
// language, a comment and a standing order.
const benchOrders = `
# GT1, the Russian movement
move RU-XX to 0510
move RU-III via 0609 0610
move RU-1GCD to 0410
move RU-IV to 0611
move RU-VI via 0708 0709 0710
move RU-XIII to 0812
move RU-XV to 0913
move RU-XXIII via 1012 1013
move RU-2GCD to 0307
move RU-3GCD to 0308
move RU-4CD to 0409
move RU-6CD to 0508
entrain RU-II
entrain RU-I
rail RU-II to 1114
rail RU-I via 1115 1116
cc RU-R-1 with RU-III RU-IV
cc RU-R-2 with RU-XIII RU-XV RU-XXIII
withhold RU-XVII
retreat all toward 0607     # standing: fall back towards Kovno
`

// benchText is the i-th order file: each has its own nonce, so no two
// signed files are alike.
func benchText(i int) []byte {
	return fmt.Appendf(nil, "Game: club-7-tannenberg\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: bench-nonce-%06d\n%s", i, benchOrders)
}

// A benchKind is one signature kind: its keyring, its messages as the
// referee receives them, and the bare check of message i with the
// underlying library.
type benchKind struct {
	name string
	kr   *sig.Keyring
	msgs []sig.Message
	bare func(i int) error
}

// benchKinds makes n signed files for each kind.
func benchKinds(tb testing.TB, n int) []*benchKind {
	tb.Helper()
	texts := make([][]byte, n)
	for i := range texts {
		texts[i] = benchText(i)
	}
	var kinds []*benchKind
	for _, k := range []struct {
		name string
		cfg  *packet.Config
	}{
		{"OpenPGP-ed25519", &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA}},
		{"OpenPGP-RSA2048", &packet.Config{Algorithm: packet.PubKeyAlgoRSA, RSABits: 2048}},
	} {
		kinds = append(kinds, pgpKind(tb, k.name, k.cfg, texts))
	}
	return append(kinds, sshKind(tb, texts))
}

func pgpKind(tb testing.TB, name string, cfg *packet.Config, texts [][]byte) *benchKind {
	ent, err := openpgp.NewEntity("bench", "", "bench@example.org", cfg)
	if err != nil {
		tb.Fatal(err)
	}
	var pub bytes.Buffer
	w, err := armor.Encode(&pub, openpgp.PublicKeyType, nil)
	if err != nil {
		tb.Fatal(err)
	}
	if err := ent.Serialize(w); err != nil {
		tb.Fatal(err)
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	kr, err := sig.LoadKeyring([]sig.KeyEntry{{Side: "RU", Player: "alice", Armored: pub.Bytes()}})
	if err != nil {
		tb.Fatal(err)
	}
	// The bare check uses the public key as the library reads it.
	el, err := openpgp.ReadArmoredKeyRing(bytes.NewReader(pub.Bytes()))
	if err != nil {
		tb.Fatal(err)
	}
	k := &benchKind{name: name, kr: kr, msgs: make([]sig.Message, len(texts))}
	for i, t := range texts {
		var out bytes.Buffer
		w, err := clearsign.Encode(&out, ent.PrivateKey, nil)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write(t); err != nil {
			tb.Fatal(err)
		}
		if err := w.Close(); err != nil {
			tb.Fatal(err)
		}
		k.msgs[i] = sig.Message{Raw: out.Bytes()}
	}
	k.bare = func(i int) error {
		b, _ := clearsign.Decode(k.msgs[i].Raw)
		if b == nil {
			return fmt.Errorf("file %d: no clearsigned block", i)
		}
		_, err := openpgp.CheckDetachedSignature(el, bytes.NewReader(b.Bytes), b.ArmoredSignature.Body, nil)
		return err
	}
	return k
}

func sshKind(tb testing.TB, texts [][]byte) *benchKind {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		tb.Fatal(err)
	}
	pub := signer.PublicKey()
	kr, err := sig.LoadKeyring([]sig.KeyEntry{{Side: "RU", Player: "alice", SSH: strings.TrimSpace(string(ssh.MarshalAuthorizedKey(pub)))}})
	if err != nil {
		tb.Fatal(err)
	}
	k := &benchKind{name: "SSH-ed25519", kr: kr, msgs: make([]sig.Message, len(texts))}
	for i, t := range texts {
		armored, err := sig.SignSSH(signer, t)
		if err != nil {
			tb.Fatal(err)
		}
		k.msgs[i] = sig.Message{Text: t, SSHSig: armored}
	}
	k.bare = func(i int) error {
		s, err := sshUnarmor(k.msgs[i].SSHSig)
		if err != nil {
			return err
		}
		return pub.Verify(sshSignedData(k.msgs[i].Text), s)
	}
	return k
}

// SSHSIG (OpenSSH PROTOCOL.sshsig), as ssh-keygen -Y sign -n pbem writes it.

const sshsigMagic = "SSHSIG"

type sshsigBlob struct {
	Version   uint32
	PublicKey []byte
	Namespace string
	Reserved  string
	HashAlg   string
	Signature []byte
}

// sshSignedData is what an SSH signature over text signs.
func sshSignedData(text []byte) []byte {
	h := sha512.Sum512(text)
	return append([]byte(sshsigMagic), ssh.Marshal(struct {
		Namespace, Reserved, HashAlg string
		Hash                         []byte
	}{sig.Namespace, "", "sha512", h[:]})...)
}

// sshUnarmor reads the signature out of an armored SSHSIG blob.
func sshUnarmor(armored []byte) (*ssh.Signature, error) {
	t := bytes.TrimSpace(armored)
	t = bytes.TrimPrefix(t, []byte("-----BEGIN SSH SIGNATURE-----"))
	t = bytes.TrimSuffix(t, []byte("-----END SSH SIGNATURE-----"))
	raw, err := base64.StdEncoding.DecodeString(string(bytes.ReplaceAll(t, []byte("\n"), nil)))
	if err != nil {
		return nil, err
	}
	var blob sshsigBlob
	if err := ssh.Unmarshal(bytes.TrimPrefix(raw, []byte(sshsigMagic)), &blob); err != nil {
		return nil, err
	}
	var s ssh.Signature
	if err := ssh.Unmarshal(blob.Signature, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// intake is the referee's intake of one received file, storage aside:
// verify, parse against the ruleset's verbs, read the header's binding.
func intake(kr *sig.Keyring, msg sig.Message, verbs []engine.Verb) (orders.Binding, int, error) {
	s, err := sig.Verify(kr, msg)
	if err != nil {
		return orders.Binding{}, 0, err
	}
	f, err := orders.Parse("orders", s.Text, verbs)
	if err != nil {
		return orders.Binding{}, 0, err
	}
	b, err := orders.ReadBinding(f.Header)
	return b, len(f.Orders), err
}

var (
	benchOnce  sync.Once
	benchSet   []*benchKind
	benchVerbs = rulesetstest.Verbs("gwite")
)

func benchSetup(b *testing.B) []*benchKind {
	b.Helper()
	benchOnce.Do(func() { benchSet = benchKinds(b, benchFiles) })
	if benchSet == nil {
		b.Fatal("benchmark setup failed")
	}
	return benchSet
}

func BenchmarkIntake1000(b *testing.B) {
	for _, k := range benchSetup(b) {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i, msg := range k.msgs {
					if _, _, err := intake(k.kr, msg, benchVerbs); err != nil {
						b.Fatalf("file %d: %v", i, err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(k.msgs)), "ns/file")
		})
	}
}

func BenchmarkBareVerify1000(b *testing.B) {
	for _, k := range benchSetup(b) {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := range k.msgs {
					if err := k.bare(i); err != nil {
						b.Fatalf("file %d: %v", i, err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(k.msgs)), "ns/file")
		})
	}
}

// BenchmarkParse1000 is the part of the intake after the signature: parse
// the 1000 order texts and read their bindings, with no signature check
// (one kind is enough: the texts are the same for all).
func BenchmarkParse1000(b *testing.B) {
	k := benchSetup(b)[len(benchSet)-1]
	b.ReportAllocs()
	for b.Loop() {
		for i, msg := range k.msgs {
			f, err := orders.Parse("orders", msg.Text, benchVerbs)
			if err == nil {
				_, err = orders.ReadBinding(f.Header)
			}
			if err != nil {
				b.Fatalf("file %d: %v", i, err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(k.msgs)), "ns/file")
}

// TestBenchFiles checks the benchmark's files on a few of them: every kind
// passes both the intake and the bare check, and the intake reads what
// was signed.
func TestBenchFiles(t *testing.T) {
	for _, k := range benchKinds(t, 2) {
		for i, msg := range k.msgs {
			bind, n, err := intake(k.kr, msg, benchVerbs)
			if err != nil {
				t.Fatalf("%s file %d: intake: %v", k.name, i, err)
			}
			if want := fmt.Sprintf("bench-nonce-%06d", i); bind.Nonce != want || bind.Side != "RU" || bind.Window != "GT1 RU-MOVE" || n != 20 {
				t.Errorf("%s file %d: %+v with %d orders, want nonce %s and 20 orders", k.name, i, bind, n, want)
			}
			if err := k.bare(i); err != nil {
				t.Fatalf("%s file %d: bare check: %v", k.name, i, err)
			}
		}
		// A changed byte fails both.
		bad := k.msgs[0]
		if bad.Raw != nil {
			bad.Raw = bytes.Replace(bad.Raw, []byte("0510"), []byte("0511"), 1)
		} else {
			bad.Text = bytes.Replace(bad.Text, []byte("0510"), []byte("0511"), 1)
		}
		if _, _, err := intake(k.kr, bad, benchVerbs); err == nil {
			t.Errorf("%s: a changed file passed the intake", k.name)
		}
		k.msgs[0] = bad
		if err := k.bare(0); err == nil {
			t.Errorf("%s: a changed file passed the bare check", k.name)
		}
	}
}
