package sig

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"
)

// keyring registers alice (RU, OpenPGP and SSH), bob (DE), carol and dave
// (DE, SSH RSA and ECDSA) and rev (RU, before its revocation); eve is
// nobody's.
func keyring(t *testing.T, f *fixture) *Keyring {
	t.Helper()
	kr, err := LoadKeyring([]KeyEntry{
		{Side: "RU", Player: "alice", Armored: f.armored["alice"]},
		{Side: "RU", Player: "alice", SSH: f.sshPub["alice"]},
		{Side: "DE", Player: "bob", Armored: f.armored["bob"]},
		{Side: "DE", Player: "carol", SSH: f.sshPub["carol"]},
		{Side: "DE", Player: "dave", SSH: f.sshPub["dave"]},
		{Side: "RU", Player: "rev", Armored: f.armored["rev"]},
	})
	if err != nil {
		t.Fatal(err)
	}
	return kr
}

func mustRead(t *testing.T, f *fixture, name string) []byte {
	t.Helper()
	b, err := f.read(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tamper changes one byte of the order text in b.
func tamper(t *testing.T, b []byte) []byte {
	t.Helper()
	i := bytes.Index(b, []byte("2918"))
	if i < 0 {
		t.Fatal("no 2918 to tamper with")
	}
	c := bytes.Clone(b)
	c[i+3] = '9'
	return c
}

// part is one attachment of a test mail: name ("" for the body), type,
// transfer encoding (7bit or base64) and content.
type part struct {
	name, typ, enc string
	body           []byte
}

// mixed builds a multipart/mixed mail from parts, as a mail client sends
// files: CRLF line ends, 7bit text as it is, base64 in lines of 76.
func mixed(tb testing.TB, parts ...part) []byte {
	tb.Helper()
	return mixedNoise(-1, 0, parts...)
}

// mixedNoise is mixed with, before parts[at], a binary attachment
// photo.jpg of noise pseudo-random bytes (writeNoise).
func mixedNoise(at, noise int, parts ...part) []byte {
	var b bytes.Buffer
	size := 4096 + base64Size(noise)
	for _, p := range parts {
		size += 256 + len(p.body)*2
	}
	b.Grow(size)
	b.WriteString("From: alice <alice@example.org>\r\nTo: referee@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/mixed; boundary=\"b0undary\"\r\n\r\n")
	for i, p := range parts {
		if i == at {
			b.WriteString("--b0undary\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n" +
				"Content-Disposition: attachment; filename=\"photo.jpg\"\r\n\r\n")
			writeNoise(&b, noise)
		}
		b.WriteString("--b0undary\r\nContent-Type: " + p.typ + "\r\nContent-Transfer-Encoding: " + p.enc + "\r\n")
		if p.name != "" {
			b.WriteString("Content-Disposition: attachment; filename=\"" + p.name + "\"\r\n")
		}
		b.WriteString("\r\n")
		switch p.enc {
		case "base64":
			enc := base64.StdEncoding.EncodeToString(p.body)
			for len(enc) > 76 {
				b.WriteString(enc[:76] + "\r\n")
				enc = enc[76:]
			}
			b.WriteString(enc + "\r\n")
		default:
			b.Write(lf2crlf(p.body))
			b.WriteString("\r\n") // the line end before a delimiter belongs to the delimiter (RFC 2046 5.1.1)
		}
	}
	b.WriteString("--b0undary--\r\n")
	return b.Bytes()
}

func lf2crlf(b []byte) []byte {
	return bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
}

// clearText is orders as a clearsigned block carries it: trailing blanks
// are not signed, nor is the line end before the signature.
var clearText = strings.TrimSuffix(strings.Replace(orders, "2918   \n", "2918\n", 1), "\n")

func TestVerifyGood(t *testing.T) {
	f := getFixture(t)
	kr := keyring(t, f)
	mail := mustRead(t, f, "mutt.eml")
	if !bytes.Contains(mail, []byte("multipart/signed")) || !bytes.Contains(mail, []byte("application/pgp-signature")) {
		t.Fatalf("mutt did not write a PGP/MIME message:\n%s", mail)
	}
	if attached := mustRead(t, f, "mutt-attach.eml"); !bytes.Contains(attached, []byte("Content-Type: application/pgp-keys")) {
		t.Fatalf("mutt did not type orders.txt.asc application/pgp-keys:\n%s", attached)
	}
	for _, tc := range []struct {
		name           string
		msg            Message
		scheme         Scheme
		side, player   string
		fpr            string
		text           string
		wantEntityPart bool
	}{
		{"clearsigned ed25519", Message{Raw: mustRead(t, f, "alice.asc")}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"clearsigned rsa2048", Message{Raw: mustRead(t, f, "bob.asc")}, Clearsigned, "DE", "bob", f.fpr["bob"], clearText, false},
		{"clearsigned, CRLF in transit", Message{Raw: lf2crlf(mustRead(t, f, "alice.asc"))}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"clearsigned from a CRLF file", Message{Raw: mustRead(t, f, "alice-crlf.asc")}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"clearsigned inside other text", Message{Raw: append(append([]byte("Hello referee,\n\n"), mustRead(t, f, "alice.asc")...), "\n-- \nalice\n"...)}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"detached armored textmode", Message{Text: []byte(orders), Sig: mustRead(t, f, "alice.txt.asc")}, Detached, "RU", "alice", f.fpr["alice"], orders, false},
		{"detached binary textmode", Message{Text: []byte(orders), Sig: mustRead(t, f, "alice.txt.sig")}, Detached, "RU", "alice", f.fpr["alice"], orders, false},
		{"detached textmode, text CRLF in transit", Message{Text: lf2crlf([]byte(orders)), Sig: mustRead(t, f, "alice.txt.asc")}, Detached, "RU", "alice", f.fpr["alice"], string(lf2crlf([]byte(orders))), false},
		{"detached rsa2048", Message{Text: []byte(orders), Sig: mustRead(t, f, "bob.txt.asc")}, Detached, "DE", "bob", f.fpr["bob"], orders, false},
		{"PGP/MIME by mutt, LF", Message{Mail: mail}, PGPMIME, "RU", "alice", f.fpr["alice"], orders, true},
		{"PGP/MIME by mutt, CRLF", Message{Mail: lf2crlf(mail)}, PGPMIME, "RU", "alice", f.fpr["alice"], orders, true},
		{"PGP/MIME shaped as Thunderbird, flowed body", Message{Mail: mustRead(t, f, "tb-body.eml")}, PGPMIME, "RU", "alice", f.fpr["alice"], tbOrders, true},
		{"PGP/MIME shaped as Thunderbird, attachment", Message{Mail: mustRead(t, f, "tb-attach.eml")}, PGPMIME, "RU", "alice", f.fpr["alice"], orders, true},
		{"clearsigned file attached by mutt, typed application/pgp-keys", Message{Mail: mustRead(t, f, "mutt-attach.eml")}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"clearsigned file attached alone, as application/pgp-signature", Message{Mail: mixed(t, part{"", "text/plain", "7bit", []byte("My orders.\n")}, part{"orders.txt.asc", "application/pgp-signature", "7bit", mustRead(t, f, "alice.asc")})}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"clearsigned file attached alone, base64 application/octet-stream", Message{Mail: mixed(t, part{"orders.txt.asc", "application/octet-stream", "base64", mustRead(t, f, "alice.asc")})}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"mail with orders.txt and orders.txt.asc attached", Message{Mail: mixed(t, part{"orders.txt", "text/plain", "base64", []byte(orders)}, part{"orders.txt.asc", "application/pgp-signature", "7bit", mustRead(t, f, "alice.txt.asc")})}, Detached, "RU", "alice", f.fpr["alice"], orders, false},
		{"mail with a 7bit orders.txt and a binary orders.txt.sig", Message{Mail: mixed(t, part{"orders.txt", "text/plain", "7bit", []byte(orders)}, part{"orders.txt.sig", "application/octet-stream", "base64", mustRead(t, f, "alice.txt.sig")})}, Detached, "RU", "alice", f.fpr["alice"], string(lf2crlf([]byte(orders))), false},
		{"mail with orders.txt and its SSH signature attached", Message{Mail: mixed(t, part{"note", "text/plain", "7bit", []byte("Hello referee.\n")}, part{"ssh-alice.txt", "text/plain", "base64", []byte(orders)}, part{"ssh-alice.txt.sig", "application/octet-stream", "7bit", mustRead(t, f, "ssh-alice.txt.sig")})}, SSH, "RU", "alice", "SHA256:", orders, false},
		{"mail with a clearsigned body", Message{Mail: append([]byte("From: alice@example.org\nSubject: orders\nContent-Type: text/plain; charset=utf-8\n\n"), mustRead(t, f, "alice.asc")...)}, Clearsigned, "RU", "alice", f.fpr["alice"], clearText, false},
		{"SSH", Message{Text: []byte(orders), SSHSig: mustRead(t, f, "ssh-alice.txt.sig")}, SSH, "RU", "alice", "SHA256:", orders, false},
		{"SSH RSA (rsa-sha2-512)", Message{Text: []byte(orders), SSHSig: mustRead(t, f, "ssh-carol.txt.sig")}, SSH, "DE", "carol", "SHA256:", orders, false},
		{"SSH ECDSA P-256", Message{Text: []byte(orders), SSHSig: mustRead(t, f, "ssh-dave.txt.sig")}, SSH, "DE", "dave", "SHA256:", orders, false},
		{"SSH, text CRLF in transit", Message{Text: lf2crlf([]byte(orders)), SSHSig: mustRead(t, f, "ssh-alice.txt.sig")}, SSH, "RU", "alice", "SHA256:", orders, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Verify(kr, tc.msg)
			if err != nil {
				t.Fatal(err)
			}
			if s.Scheme != tc.scheme || s.Side != tc.side || s.Player != tc.player || !strings.HasPrefix(s.Fingerprint, tc.fpr) {
				t.Errorf("got %s %s %s %s, want %s %s %s %s", s.Scheme, s.Side, s.Player, s.Fingerprint, tc.scheme, tc.side, tc.player, tc.fpr)
			}
			if string(s.Text) != tc.text {
				t.Errorf("text:\n%q\nwant\n%q", s.Text, tc.text)
			}
			if tc.wantEntityPart != (len(s.Entity) > 0) {
				t.Errorf("entity %q", s.Entity)
			}
			if tc.scheme != SSH && s.When.IsZero() {
				t.Error("no signature time")
			}
			if err := s.CheckSide(tc.side); err != nil {
				t.Error(err)
			}
			other := map[string]string{"RU": "DE", "DE": "RU"}[tc.side]
			if err := s.CheckSide(other); !errors.Is(err, ErrWrongSide) {
				t.Errorf("CheckSide(%s) = %v, want ErrWrongSide", other, err)
			}
		})
	}
}

func TestVerifyRejects(t *testing.T) {
	f := getFixture(t)
	kr := keyring(t, f)
	krRevoked := keyring(t, f)
	if err := krRevoked.AddRevocation(f.revocation); err != nil {
		t.Fatal(err)
	}
	krOld, err := LoadKeyringAt([]KeyEntry{{Side: "RU", Player: "old", Armored: f.armored["old"]}}, oldSigned)
	if err != nil {
		t.Fatal(err)
	}
	mail := mustRead(t, f, "mutt.eml")
	plain := []byte(orders)
	for _, tc := range []struct {
		name string
		kr   *Keyring
		msg  Message
		want error
	}{
		{"clearsigned, one byte changed", kr, Message{Raw: tamper(t, mustRead(t, f, "alice.asc"))}, ErrBadSignature},
		{"clearsigned rsa, one byte changed", kr, Message{Raw: tamper(t, mustRead(t, f, "bob.asc"))}, ErrBadSignature},
		{"detached, one byte changed", kr, Message{Text: tamper(t, plain), Sig: mustRead(t, f, "alice.txt.asc")}, ErrBadSignature},
		{"detached binary, one byte changed", kr, Message{Text: tamper(t, plain), Sig: mustRead(t, f, "alice.txt.sig")}, ErrBadSignature},
		{"PGP/MIME, one byte changed", kr, Message{Mail: tamper(t, mail)}, ErrBadSignature},
		{"attached file, one byte changed", kr, Message{Mail: mixed(t, part{"orders.txt", "text/plain", "base64", tamper(t, plain)}, part{"orders.txt.asc", "application/pgp-signature", "7bit", mustRead(t, f, "alice.txt.asc")})}, ErrBadSignature},
		{"attached file with no signature beside it", kr, Message{Mail: mixed(t, part{"orders.txt", "text/plain", "base64", plain}, part{"other.txt.asc", "application/pgp-signature", "7bit", mustRead(t, f, "alice.txt.asc")})}, ErrNoSignature},
		{"PGP/MIME CRLF, one byte changed", kr, Message{Mail: tamper(t, lf2crlf(mail))}, ErrBadSignature},
		{"Thunderbird flowed body, one byte changed", kr, Message{Mail: bytes.Replace(mustRead(t, f, "tb-body.eml"), []byte("attack 0510"), []byte("attack 0511"), 1)}, ErrBadSignature},
		{"Thunderbird, the note beside the attachment changed", kr, Message{Mail: bytes.Replace(mustRead(t, f, "tb-attach.eml"), []byte("are attached"), []byte("are attachef"), 1)}, ErrBadSignature},
		{"SSH, one byte changed", kr, Message{Text: tamper(t, plain), SSHSig: mustRead(t, f, "ssh-alice.txt.sig")}, ErrBadSignature},
		{"SSH RSA, one byte changed", kr, Message{Text: tamper(t, plain), SSHSig: mustRead(t, f, "ssh-carol.txt.sig")}, ErrBadSignature},
		{"SSH ECDSA, one byte changed", kr, Message{Text: tamper(t, plain), SSHSig: mustRead(t, f, "ssh-dave.txt.sig")}, ErrBadSignature},
		{"clearsigned by an unknown key", kr, Message{Raw: mustRead(t, f, "eve.asc")}, ErrUnknownKey},
		{"SSH by an unknown key", kr, Message{Text: plain, SSHSig: mustRead(t, f, "ssh-eve.txt.sig")}, ErrUnknownKey},
		{"clearsigned by a revoked key", krRevoked, Message{Raw: mustRead(t, f, "rev.asc")}, ErrRevokedKey},
		{"clearsigned by a key expired since", krOld, Message{Raw: mustRead(t, f, "old.asc")}, ErrExpiredKey},
		{"SSH for the git namespace", kr, Message{Text: plain, SSHSig: mustRead(t, f, "ssh-git.txt.sig")}, ErrWrongNamespace},
		{"plain text", kr, Message{Raw: plain}, ErrNoSignature},
		{"text without its signature", kr, Message{Text: plain}, ErrNoSignature},
		{"plain mail", kr, Message{Mail: append([]byte("From: alice@example.org\nSubject: orders\n\n"), plain...)}, ErrNoSignature},
		{"S/MIME", kr, Message{Mail: []byte("Content-Type: multipart/signed; protocol=\"application/pkcs7-signature\"; micalg=sha-256; boundary=b\n\n--b\n\nx\n--b--\n")}, ErrNoSignature},
		{"clearsigned block cut short", kr, Message{Raw: mustRead(t, f, "alice.asc")[:200]}, ErrMalformed},
		{"SSH signature garbage", kr, Message{Text: plain, SSHSig: []byte("-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n")}, ErrMalformed},
		{"detached signature garbage", kr, Message{Text: plain, Sig: []byte("-----BEGIN PGP SIGNATURE-----\n\nnot base64\n-----END PGP SIGNATURE-----\n")}, ErrMalformed},
		{"PGP/MIME without its closing boundary", kr, Message{Mail: mail[:bytes.LastIndex(mail, []byte("-----END PGP SIGNATURE-----"))]}, ErrMalformed},
		{"two forms at once", kr, Message{Raw: plain, Mail: plain}, ErrMalformed},
		{"over 1 MiB: no size limit here, only no signature", kr, Message{Raw: make([]byte, 1<<20+1)}, ErrNoSignature},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Verify(tc.kr, tc.msg)
			if s != nil {
				t.Fatalf("returned %q signed by %s", s.Text, s.Player)
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			t.Log(err)
		})
	}
	// The expired key verified while it was valid, and the revoked one before its revocation.
	if _, err := VerifyAt(krOld, Message{Raw: mustRead(t, f, "old.asc")}, oldSigned.Add(time.Hour)); err != nil {
		t.Errorf("old key before expiry: %v", err)
	}
	if _, err := Verify(kr, Message{Raw: mustRead(t, f, "rev.asc")}); err != nil {
		t.Errorf("rev key before revocation: %v", err)
	}
}

func TestLoadKeyringRejects(t *testing.T) {
	f := getFixture(t)
	for _, tc := range []struct {
		name  string
		entry KeyEntry
		want  error
	}{
		{"revoked OpenPGP key", KeyEntry{Side: "RU", Player: "rev", Armored: f.revokedKey}, ErrRevokedKey},
		{"expired OpenPGP key", KeyEntry{Side: "RU", Player: "old", Armored: f.armored["old"]}, ErrExpiredKey},
		{"malformed OpenPGP key", KeyEntry{Side: "RU", Player: "x", Armored: []byte("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAA\n-----END PGP PUBLIC KEY BLOCK-----\n")}, ErrMalformed},
		{"not armored", KeyEntry{Side: "RU", Player: "x", Armored: []byte("hello")}, ErrMalformed},
		{"a signature, not a key", KeyEntry{Side: "RU", Player: "x", Armored: mustRead(t, f, "alice.txt.asc")}, ErrMalformed},
		{"malformed SSH key", KeyEntry{Side: "RU", Player: "x", SSH: "ssh-ed25519 AAAAnotakey x@example.org"}, ErrMalformed},
		{"SSH key with options", KeyEntry{Side: "RU", Player: "x", SSH: `cert-authority ` + f.sshPub["alice"]}, ErrMalformed},
		{"no key", KeyEntry{Side: "RU", Player: "x"}, ErrMalformed},
		{"no player", KeyEntry{Side: "RU", Armored: f.armored["alice"]}, ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kr, err := LoadKeyring([]KeyEntry{{Side: "DE", Player: "bob", Armored: f.armored["bob"]}, tc.entry})
			if kr != nil || !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), "key 2 (side") {
				t.Errorf("error does not name the entry: %v", err)
			}
			t.Log(err)
		})
	}
	// The same key for two players.
	_, err := LoadKeyring([]KeyEntry{{Side: "RU", Player: "alice", Armored: f.armored["alice"]}, {Side: "DE", Player: "mallory", Armored: f.armored["alice"]}})
	if !errors.Is(err, ErrMalformed) {
		t.Errorf("duplicate key: %v", err)
	}
	// Several players on one side, and a moderator.
	kr, err := LoadKeyring([]KeyEntry{{Side: "RU", Player: "alice", Armored: f.armored["alice"]}, {Side: "RU", Player: "bob", Armored: f.armored["bob"]}, {Side: ModeratorRole, Player: "eve", Armored: f.armored["eve"]}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Verify(kr, Message{Raw: mustRead(t, f, "eve.asc")})
	if err != nil || !s.IsModerator() || s.CheckSide("RU") == nil {
		t.Errorf("moderator: %+v %v", s, err)
	}
	// A revocation for a key not in the keyring.
	if err := kr.AddRevocation(f.revocation); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("foreign revocation: %v", err)
	}
}

// RFC 3676: soft breaks join, delsp drops the blank of the break, stuffed
// blanks go, and quoted lines and the signature separator stay as they are.
func TestUnflow(t *testing.T) {
	for _, tc := range []struct {
		in    string
		delsp bool
		want  string
	}{
		{"move RU-XV \r\nto 2918\r\n", false, "move RU-XV to 2918\r\n"},
		{"move RU-XV \r\nto 2918\r\n", true, "move RU-XVto 2918\r\n"},
		{"move RU-XV  \r\nto 2918\r\n", true, "move RU-XV to 2918\r\n"},
		{"attack 2918 with RU-\r\nXV\r\n", false, "attack 2918 with RU-\r\nXV\r\n"},
		{" From here\r\n  two blanks\r\n", false, "From here\r\n two blanks\r\n"},
		{"> quoted \r\nnext\r\n", false, "> quoted \r\nnext\r\n"},
		{"-- \r\nalice\r\n", false, "-- \r\nalice\r\n"},
		{"last line \r\n", false, "last line \r\n"},
		{"no end", false, "no end"},
	} {
		if got := string(unflow([]byte(tc.in), tc.delsp)); got != tc.want {
			t.Errorf("unflow(%q, %v) = %q, want %q", tc.in, tc.delsp, got, tc.want)
		}
	}
}

// A player whose mutt signs every mail as PGP/MIME (crypt_autosign) and
// who attaches the file pbem sign or gpg --clearsign wrote sends a mail
// whose signed part is a note and that attachment: the orders are read
// from the attachment, under the name it was sent with, not from the note.
func TestMuttAutosignWithClearsignedAttachment(t *testing.T) {
	f := getFixture(t)
	mail := mustRead(t, f, "mutt-autosign.eml")
	for _, want := range []string{"multipart/signed", "application/pgp-signature", "orders4.txt.asc", "My orders are attached."} {
		if !bytes.Contains(mail, []byte(want)) {
			t.Fatalf("mutt did not write a PGP/MIME mail with the note and orders4.txt.asc attached (no %q):\n%s", want, mail)
		}
	}
	for _, m := range [][]byte{mail, lf2crlf(mail), resignedBy(t, f, mail, "eve")} {
		s, err := Verify(keyring(t, f), Message{Mail: m})
		if err != nil {
			t.Fatal(err)
		}
		if string(s.Text) != clearText || s.Player != "alice" || s.Name != "orders4.txt.asc" {
			t.Errorf("got %s's %q from %q, want alice's orders from orders4.txt.asc", s.Player, s.Text, s.Name)
		}
	}
}

// resignedBy is a PGP/MIME mail signed by user instead, with the key
// mutt would take for every mail (pgp_default_key), one the game may not
// know: eve's is nobody's.
func resignedBy(t *testing.T, f *fixture, mail []byte, user string) []byte {
	t.Helper()
	raw := crlf(mail)
	top, err := splitEntity(raw)
	if err != nil {
		t.Fatal(err)
	}
	_, params, err := top.contentType()
	if err != nil {
		t.Fatal(err)
	}
	ps, err := parts(top.body, params["boundary"])
	if err != nil || len(ps) != 2 {
		t.Fatalf("%d parts, %v", len(ps), err)
	}
	if err := f.write(user+"-resigned.part", ps[0]); err != nil {
		t.Fatal(err)
	}
	signature, err := f.gpg("-u", user+"@example.org", "--armor", "--detach-sign", "--digest-algo", "SHA256", "-o", "-", user+"-resigned.part")
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndex(raw, []byte("-----BEGIN PGP SIGNATURE-----"))
	j := bytes.LastIndex(raw, []byte("-----END PGP SIGNATURE-----"))
	if i < 0 || j < i || i < len(raw)-len(ps[1]) {
		t.Fatal("no signature part to replace")
	}
	out := append(bytes.Clone(raw[:i]), lf2crlf(bytes.TrimSpace(signature))...)
	return append(out, raw[j+len("-----END PGP SIGNATURE-----"):]...)
}

// The name a file was sent under is what the referee's replies call it:
// the attachment's, and "" for the text of the mail itself.
func TestVerifyName(t *testing.T) {
	f := getFixture(t)
	kr := keyring(t, f)
	for _, tc := range []struct {
		name, file string
		mail       []byte
	}{
		{"PGP/MIME body", "", mustRead(t, f, "mutt.eml")},
		{"PGP/MIME attachment", "orders.txt", mustRead(t, f, "tb-attach.eml")},
		{"clearsigned body", "", append([]byte("From: alice@example.org\nSubject: orders\n\n"), mustRead(t, f, "alice.asc")...)},
		{"clearsigned attachment", "orders.txt.asc", mustRead(t, f, "mutt-attach.eml")},
		{"detached signature", "my-orders.txt", mixed(t, part{"my-orders.txt", "text/plain", "base64", []byte(orders)}, part{"my-orders.txt.asc", "application/pgp-signature", "7bit", mustRead(t, f, "alice.txt.asc")})},
		{"SSH signature", "ssh-alice.txt", mixed(t, part{"ssh-alice.txt", "text/plain", "base64", []byte(orders)}, part{"ssh-alice.txt.sig", "application/octet-stream", "7bit", mustRead(t, f, "ssh-alice.txt.sig")})},
		{"a name with control characters (RFC 2231)", "evilname.txt.asc", bytes.Replace(mixed(t, part{"x.asc", "application/pgp-signature", "7bit", mustRead(t, f, "alice.asc")}),
			[]byte(`filename="x.asc"`), []byte(`filename*=utf-8''evil%1B%07name.txt.asc`), 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Verify(kr, Message{Mail: tc.mail})
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != tc.file {
				t.Errorf("name %q, want %q", s.Name, tc.file)
			}
		})
	}
}
