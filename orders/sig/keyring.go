// Package sig verifies signed order files: OpenPGP clearsigned text,
// detached OpenPGP signatures (--textmode), PGP/MIME mail (RFC 3156) and
// SSH signatures (ssh-keygen -Y sign -n pbem). A player's identity is the
// key that signed, never a mail header; verification runs over the raw
// bytes received, before any charset decoding, and only signed bytes are
// ever returned as orders.
package sig

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	pgperrors "github.com/ProtonMail/go-crypto/openpgp/errors"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	"golang.org/x/crypto/ssh"
)

// ModeratorRole is what a moderator's key is registered for in a keyring, in
// the place of a side. (The moderators' view of a game is engine.Moderator.)
const ModeratorRole = "moderator"

// KeyEntry is one registered public key: exactly one of Armored (an
// armored OpenPGP public key) and SSH (an authorized_keys line).
type KeyEntry struct {
	Side    string // a side of the game, or ModeratorRole
	Player  string
	Armored []byte
	SSH     string
}

// name is how errors name the entry.
func (e KeyEntry) name(i int) string {
	return fmt.Sprintf("key %d (side %q, player %q)", i+1, e.Side, e.Player)
}

// owner is who a registered key belongs to.
type owner struct {
	side, player, fingerprint string
}

// Keyring holds the registered public keys of the players of one game and
// of its moderators. Several players may share a side; a key belongs to
// one player only. A Keyring is safe for concurrent Verify calls, but not
// concurrently with AddRevocation.
type Keyring struct {
	pgp    openpgp.EntityList
	pgpOf  map[string]owner // by upper-case hex fingerprint of the primary key
	sshKey []ssh.PublicKey
	sshOf  []owner
}

// LoadKeyring checks the entries and builds a Keyring. It rejects, naming
// the entry: an entry with no key or two, a malformed key, an armored
// private key, an OpenPGP key that is expired (ErrExpiredKey), revoked
// (ErrRevokedKey) or cannot sign, an SSH certificate or options, and a key
// registered twice.
func LoadKeyring(entries []KeyEntry) (*Keyring, error) {
	return LoadKeyringAt(entries, time.Now())
}

// LoadKeyringAt is LoadKeyring with expiry and revocation judged at now.
func LoadKeyringAt(entries []KeyEntry, now time.Time) (*Keyring, error) {
	kr := &Keyring{pgpOf: map[string]owner{}}
	seenSSH := map[string]string{}
	for i, e := range entries {
		name := e.name(i)
		if strings.TrimSpace(e.Side) == "" || strings.TrimSpace(e.Player) == "" {
			return nil, fmt.Errorf("%w: %s: side and player are required", ErrMalformed, name)
		}
		switch {
		case len(e.Armored) > 0 && e.SSH != "":
			return nil, fmt.Errorf("%w: %s: both an OpenPGP and an SSH key; register them as two entries", ErrMalformed, name)
		case len(e.Armored) > 0:
			ent, err := readPublicKey(e.Armored, now)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			fp := fingerprint(ent)
			if o, dup := kr.pgpOf[fp]; dup {
				return nil, fmt.Errorf("%w: %s: OpenPGP key %s is already registered for side %q, player %q", ErrMalformed, name, fp, o.side, o.player)
			}
			kr.pgp = append(kr.pgp, ent)
			kr.pgpOf[fp] = owner{e.Side, e.Player, fp}
		case e.SSH != "":
			pub, err := readSSHKey(e.SSH)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			fp := ssh.FingerprintSHA256(pub)
			if other, dup := seenSSH[fp]; dup {
				return nil, fmt.Errorf("%w: %s: SSH key %s is already registered as %s", ErrMalformed, name, fp, other)
			}
			seenSSH[fp] = name
			kr.sshKey = append(kr.sshKey, pub)
			kr.sshOf = append(kr.sshOf, owner{e.Side, e.Player, fp})
		default:
			return nil, fmt.Errorf("%w: %s: no key", ErrMalformed, name)
		}
	}
	return kr, nil
}

// KeyInfo describes one registered key.
type KeyInfo struct {
	Side, Player, Fingerprint string
	Scheme                    string // "openpgp" or "ssh"
}

// Keys lists the registered keys: the OpenPGP keys in the order they were
// given, then the SSH keys.
func (kr *Keyring) Keys() []KeyInfo {
	var out []KeyInfo
	for _, e := range kr.pgp {
		o := kr.pgpOf[fingerprint(e)]
		out = append(out, KeyInfo{o.side, o.player, o.fingerprint, "openpgp"})
	}
	for _, o := range kr.sshOf {
		out = append(out, KeyInfo{o.side, o.player, o.fingerprint, "ssh"})
	}
	return out
}

// readPublicKey reads exactly one armored OpenPGP public key that can sign
// at now.
func readPublicKey(armored []byte, now time.Time) (*openpgp.Entity, error) {
	block, err := armor.Decode(bytes.NewReader(armored))
	if err != nil {
		return nil, fmt.Errorf("%w: not an armored OpenPGP key: %v", ErrMalformed, err)
	}
	if block.Type != openpgp.PublicKeyType {
		return nil, fmt.Errorf("%w: armored %q, want %q (never send a private key)", ErrMalformed, block.Type, openpgp.PublicKeyType)
	}
	el, err := openpgp.ReadKeyRing(block.Body)
	if err != nil {
		return nil, fmt.Errorf("%w: OpenPGP key: %v", ErrMalformed, err)
	}
	if len(el) != 1 {
		return nil, fmt.Errorf("%w: %d OpenPGP keys in one entry, want 1", ErrMalformed, len(el))
	}
	ent := el[0]
	fp := fingerprint(ent)
	if ent.PrivateKey != nil {
		return nil, fmt.Errorf("%w: OpenPGP key %s holds private key material", ErrMalformed, fp)
	}
	if ent.Revoked(now) {
		return nil, fmt.Errorf("%w: OpenPGP key %s", ErrRevokedKey, fp)
	}
	if id := ent.PrimaryIdentity(); id != nil && id.Revoked(now) {
		return nil, fmt.Errorf("%w: OpenPGP key %s (its user ID)", ErrRevokedKey, fp)
	}
	self, _ := ent.PrimarySelfSignature()
	if self == nil {
		return nil, fmt.Errorf("%w: OpenPGP key %s has no valid self-signature", ErrMalformed, fp)
	}
	if ent.PrimaryKey.KeyExpired(self, now) {
		return nil, fmt.Errorf("%w: OpenPGP key %s%s", ErrExpiredKey, fp, expiry(ent.PrimaryKey, self))
	}
	if _, ok := ent.SigningKey(now); !ok {
		return nil, fmt.Errorf("%w: OpenPGP key %s has no valid signing key (expired or revoked subkeys?)", ErrMalformed, fp)
	}
	return ent, nil
}

// expiry says when the key expired, if it did by its lifetime.
func expiry(pk *packet.PublicKey, self *packet.Signature) string {
	if self.KeyLifetimeSecs == nil || *self.KeyLifetimeSecs == 0 {
		return ""
	}
	t := pk.CreationTime.Add(time.Duration(*self.KeyLifetimeSecs) * time.Second)
	return " (expired " + t.UTC().Format(time.RFC3339) + ")"
}

// readSSHKey reads an authorized_keys line holding a plain public key.
func readSSHKey(line string) (ssh.PublicKey, error) {
	pub, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(line))
	if err != nil {
		return nil, fmt.Errorf("%w: SSH key: %v", ErrMalformed, err)
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return nil, fmt.Errorf("%w: SSH key: more than one line", ErrMalformed)
	}
	if len(options) > 0 {
		return nil, fmt.Errorf("%w: SSH key: authorized_keys options (%s) are not accepted", ErrMalformed, strings.Join(options, ","))
	}
	if _, cert := pub.(*ssh.Certificate); cert {
		return nil, fmt.Errorf("%w: SSH key: certificates are not accepted, register the plain key", ErrMalformed)
	}
	if pub.Type() == "ssh-dss" {
		return nil, fmt.Errorf("%w: SSH key: DSA keys are not accepted", ErrMalformed)
	}
	return pub, nil
}

// AddRevocation applies an armored OpenPGP revocation certificate (as made
// by gpg --gen-revoke) or a revoked public key to the registered key it
// revokes; later signatures by that key fail with ErrRevokedKey. The
// revocation must be signed by the key itself.
func (kr *Keyring) AddRevocation(armored []byte) error {
	block, err := armor.Decode(bytes.NewReader(armored))
	if err != nil {
		return fmt.Errorf("%w: not an armored revocation: %v", ErrMalformed, err)
	}
	pr := packet.NewReader(block.Body)
	applied := 0
	for {
		p, err := pr.Next()
		if err != nil {
			if applied > 0 {
				return nil
			}
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("%w: no key revocation signature found", ErrMalformed)
			}
			return fmt.Errorf("%w: revocation: %v", ErrMalformed, err)
		}
		s, ok := p.(*packet.Signature)
		if !ok || s.SigType != packet.SigTypeKeyRevocation {
			continue
		}
		var target *openpgp.Entity
		for _, e := range kr.pgp {
			if s.IssuerKeyId != nil && e.PrimaryKey.KeyId == *s.IssuerKeyId ||
				s.IssuerFingerprint != nil && bytes.Equal(s.IssuerFingerprint, e.PrimaryKey.Fingerprint) {
				target = e
			}
		}
		if target == nil {
			return fmt.Errorf("%w: the revocation is for a key not in the keyring", ErrUnknownKey)
		}
		if err := target.PrimaryKey.VerifyRevocationSignature(s); err != nil {
			return fmt.Errorf("%w: revocation of %s: %v", ErrBadSignature, fingerprint(target), err)
		}
		target.Revocations = append(target.Revocations, s)
		applied++
	}
}

// fingerprint is the upper-case hex fingerprint of an entity's primary key.
func fingerprint(e *openpgp.Entity) string {
	return strings.ToUpper(hex.EncodeToString(e.PrimaryKey.Fingerprint))
}

// pgpErr turns a go-crypto error into one of ours.
func pgpErr(err error) error {
	var se pgperrors.SignatureError
	var st pgperrors.StructuralError
	var un pgperrors.UnsupportedError
	var ia pgperrors.InvalidArgumentError
	var wa pgperrors.WeakAlgorithmError
	switch {
	case errors.Is(err, pgperrors.ErrUnknownIssuer):
		return fmt.Errorf("%w: the signing key is not registered for this game", ErrUnknownKey)
	case errors.Is(err, pgperrors.ErrKeyRevoked):
		return fmt.Errorf("%w: the signing key has been revoked", ErrRevokedKey)
	case errors.Is(err, pgperrors.ErrKeyExpired):
		return fmt.Errorf("%w: the signing key has expired", ErrExpiredKey)
	case errors.Is(err, pgperrors.ErrSignatureExpired):
		return fmt.Errorf("%w: the signature has expired or is dated in the future", ErrExpiredSignature)
	case errors.As(err, &se):
		return fmt.Errorf("%w: %v", ErrBadSignature, err)
	case errors.As(err, &st), errors.As(err, &un), errors.As(err, &ia), errors.As(err, &wa):
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return fmt.Errorf("%w: %v", ErrBadSignature, err)
}
