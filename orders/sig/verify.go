package sig

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
)

// The errors Verify and LoadKeyring return wrap one of these; test with
// errors.Is. The messages say more.
var (
	ErrBadSignature     = errors.New("bad signature: the signed bytes were changed or the signature is corrupt")
	ErrUnknownKey       = errors.New("unknown key")
	ErrExpiredKey       = errors.New("expired key")
	ErrExpiredSignature = errors.New("expired signature")
	ErrRevokedKey       = errors.New("revoked key")
	ErrWrongNamespace   = errors.New("SSH signature made for another namespace")
	ErrNoSignature      = errors.New("no signature found")
	ErrMalformed        = errors.New("malformed input")
	ErrWrongSide        = errors.New("signed by another side's key")
)

// Namespace is the SSH signature namespace of order files:
// ssh-keygen -Y sign -n pbem -f KEY FILE.
const Namespace = "pbem"

// Message is the raw material received, in one of four forms:
//   - Raw: a text holding an OpenPGP clearsigned block (gpg --clearsign);
//   - Text and Sig: a text and its detached OpenPGP signature, armored or
//     binary (gpg --detach-sign --textmode, or binary mode over exact bytes);
//   - Mail: a whole RFC 5322 message, PGP/MIME multipart/signed (RFC 3156),
//     or with a clearsigned text in its body; LF or CRLF line ends;
//   - Text and SSHSig: a text and its SSH signature (ssh-keygen -Y sign -n pbem).
//
// No size is refused here: the limit is the caller's, checked before
// (the referee's max_mail).
type Message struct {
	Raw    []byte
	Text   []byte
	Sig    []byte
	SSHSig []byte
	Mail   []byte
}

// Scheme names how a Signed was signed.
type Scheme string

// The schemes.
const (
	Clearsigned Scheme = "openpgp-clearsigned"
	Detached    Scheme = "openpgp-detached"
	PGPMIME     Scheme = "pgp-mime"
	SSH         Scheme = "ssh"
)

// Signed is a verified order text and who signed it.
type Signed struct {
	Scheme      Scheme
	Side        string // the side the key is registered for, or ModeratorRole
	Player      string
	Fingerprint string // OpenPGP: hex of the primary key; SSH: SHA256:...
	// Text is exactly the signed bytes: dash-unescaped for clearsigned
	// text (where, per RFC 4880, trailing blanks are not signed and are
	// dropped); for PGP/MIME, the transfer-decoded (never charset-decoded)
	// body of the order part inside the signed entity, with LF line ends.
	Text []byte
	// Entity is, for PGP/MIME only, the exact signed MIME entity (CRLF):
	// it shares the bytes of the mail, not to be changed.
	Entity []byte
	// When is the signature's creation time (OpenPGP; zero for SSH).
	When time.Time
	// Charset is the charset the mail part holding the text declared, if
	// any: Text is never charset-decoded, since the signature covers the
	// bytes as they are.
	Charset string
	// Name is the file name the text was attached under (orders4.txt.asc
	// for a clearsigned file, orders.txt beside its orders.txt.asc), as
	// the replies call it; "" for the text of the mail itself. No control
	// characters.
	Name string
}

// CheckSide returns nil if the key is registered for side, and an error
// wrapping ErrWrongSide otherwise (a moderator's key is not any side's).
func (s *Signed) CheckSide(side string) error {
	if s.Side == side {
		return nil
	}
	return fmt.Errorf("%w: the key %s is %s's, registered for %s, not for %s", ErrWrongSide, s.Fingerprint, s.Player, sideName(s.Side), sideName(side))
}

// IsModerator reports whether a moderator's key signed.
func (s *Signed) IsModerator() bool { return s.Side == ModeratorRole }

func sideName(s string) string {
	if s == ModeratorRole {
		return "a moderator"
	}
	return "side " + s
}

// Verify checks msg against the keyring now. It returns the signed text
// and its signer, or an error wrapping one of the Err values; it never
// returns unsigned text.
func Verify(kr *Keyring, msg Message) (*Signed, error) {
	return VerifyAt(kr, msg, time.Now())
}

// VerifyAt is Verify with key expiry and revocation judged at now: the
// material is read as ReadMail reads it and checked as Mail.Verify does.
func VerifyAt(kr *Keyring, msg Message, now time.Time) (*Signed, error) {
	if kr == nil {
		return nil, fmt.Errorf("%w: no keyring", ErrUnknownKey)
	}
	m, err := readMessage(msg)
	if err != nil {
		return nil, err
	}
	return m.Verify(kr, now)
}

// readMessage finds the signed material of msg, in whichever form it comes.
func readMessage(msg Message) (*Mail, error) {
	has := func(b []byte) bool { return b != nil }
	switch {
	case has(msg.Raw) && !has(msg.Text) && !has(msg.Sig) && !has(msg.SSHSig) && !has(msg.Mail):
		return readClearsigned(msg.Raw)
	case has(msg.Text) && has(msg.Sig) && !has(msg.Raw) && !has(msg.SSHSig) && !has(msg.Mail):
		return readDetached(msg.Text, msg.Sig)
	case has(msg.Text) && has(msg.SSHSig) && !has(msg.Raw) && !has(msg.Sig) && !has(msg.Mail):
		return readSSH(msg.Text, msg.SSHSig)
	case has(msg.Mail) && !has(msg.Raw) && !has(msg.Text) && !has(msg.Sig) && !has(msg.SSHSig):
		return ReadMail(msg.Mail)
	case has(msg.Text):
		return nil, fmt.Errorf("%w: a text with no signature next to it", ErrNoSignature)
	}
	return nil, fmt.Errorf("%w: a Message needs Raw, Text with Sig or SSHSig, or Mail", ErrMalformed)
}

var (
	beginSigned = []byte("-----BEGIN PGP SIGNED MESSAGE-----")
	beginPGPMsg = []byte("-----BEGIN PGP MESSAGE-----")
)

func (kr *Keyring) config(now time.Time) *packet.Config {
	return &packet.Config{Time: func() time.Time { return now }}
}

// readClearsigned reads the first clearsigned block in raw; text around
// it is ignored and never returned.
func readClearsigned(raw []byte) (*Mail, error) {
	b, rest := clearsign.Decode(raw)
	if b == nil {
		switch {
		case bytes.Contains(raw, beginSigned):
			return nil, fmt.Errorf("%w: a clearsigned block that cannot be read (cut short, or its lines changed?)", ErrMalformed)
		case bytes.Contains(raw, beginPGPMsg):
			return nil, fmt.Errorf("%w: an OpenPGP message (gpg --sign or --encrypt) is not accepted: use gpg --clearsign", ErrNoSignature)
		}
		return nil, fmt.Errorf("%w: no clearsigned block (-----BEGIN PGP SIGNED MESSAGE-----)", ErrNoSignature)
	}
	if bytes.Contains(rest, beginSigned) {
		return nil, fmt.Errorf("%w: more than one clearsigned block; send one per file", ErrMalformed)
	}
	if b.ArmoredSignature == nil {
		return nil, fmt.Errorf("%w: clearsigned block without its signature", ErrMalformed)
	}
	packets, err := io.ReadAll(b.ArmoredSignature.Body)
	if err != nil {
		return nil, fmt.Errorf("%w: the clearsigned block's signature: %v", ErrMalformed, err)
	}
	return &Mail{scheme: Clearsigned, signed: b.Bytes, sig: packets, text: b.Plaintext}, nil
}

// readDetached reads text and its detached signature, armored or binary.
func readDetached(text, sigBytes []byte) (*Mail, error) {
	packets, err := sigPackets(sigBytes)
	if err != nil {
		return nil, err
	}
	return &Mail{scheme: Detached, signed: text, sig: packets, text: text}, nil
}

// sigPackets is the packets of an armored or binary OpenPGP signature:
// b itself if binary.
func sigPackets(b []byte) ([]byte, error) {
	t := bytes.TrimSpace(b)
	if len(t) == 0 {
		return nil, fmt.Errorf("%w: the signature is empty", ErrNoSignature)
	}
	if !bytes.HasPrefix(t, []byte("-----BEGIN ")) {
		return b, nil
	}
	block, err := armor.Decode(bytes.NewReader(t))
	if err != nil {
		return nil, fmt.Errorf("%w: armored signature: %v", ErrMalformed, err)
	}
	if block.Type != openpgp.SignatureType {
		return nil, fmt.Errorf("%w: armored %q, want %q", ErrMalformed, block.Type, openpgp.SignatureType)
	}
	packets, err := io.ReadAll(block.Body)
	if err != nil {
		return nil, fmt.Errorf("%w: armored signature: %v", ErrMalformed, err)
	}
	return packets, nil
}

// signed builds the result for a good OpenPGP signature by ent.
func (kr *Keyring) signed(s Scheme, ent *openpgp.Entity, sig *packet.Signature, text []byte) (*Signed, error) {
	if ent == nil || sig == nil {
		return nil, fmt.Errorf("%w: no signer", ErrBadSignature)
	}
	o, ok := kr.pgpOf[fingerprint(ent)]
	if !ok { // cannot happen: the keyring holds only registered keys
		return nil, fmt.Errorf("%w: %s", ErrUnknownKey, fingerprint(ent))
	}
	return &Signed{Scheme: s, Side: o.side, Player: o.player, Fingerprint: o.fingerprint, Text: bytes.Clone(text), When: sig.CreationTime}, nil
}
