package sig

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"

	"golang.org/x/crypto/ssh"
)

// SSH signatures (OpenSSH PROTOCOL.sshsig): the armored blob is
// "SSHSIG", version, public key, namespace, reserved, hash algorithm and
// signature; the signed data is "SSHSIG", namespace, reserved, hash
// algorithm and the hash of the message.

const (
	sshsigMagic  = "SSHSIG"
	sshsigBegin  = "-----BEGIN SSH SIGNATURE-----"
	sshsigEnd    = "-----END SSH SIGNATURE-----"
	sshsigFormat = 1
)

type sshsigBlob struct {
	Version   uint32
	PublicKey []byte
	Namespace string
	Reserved  string
	HashAlg   string
	Signature []byte
}

type sshsigSigned struct {
	Namespace string
	Reserved  string
	HashAlg   string
	Hash      []byte
}

// ssh verifies an SSH signature over text: over the bytes as received,
// then, failing that, over the text with CRLF turned into LF (a mail client
// may have converted the line ends; the text returned is the one that
// verified).
func (kr *Keyring) ssh(text, armored []byte) (*Signed, error) {
	t := bytes.TrimSpace(armored)
	if !bytes.HasPrefix(t, []byte(sshsigBegin)) || !bytes.HasSuffix(t, []byte(sshsigEnd)) ||
		len(t) < len(sshsigBegin)+len(sshsigEnd) { // the two lines may not overlap

		if len(t) == 0 {
			return nil, fmt.Errorf("%w: the SSH signature is empty", ErrNoSignature)
		}
		return nil, fmt.Errorf("%w: an SSH signature starts with %s and ends with %s", ErrMalformed, sshsigBegin, sshsigEnd)
	}
	b64 := bytes.Map(func(r rune) rune {
		if r == '\r' || r == '\n' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, t[len(sshsigBegin):len(t)-len(sshsigEnd)])
	raw, err := base64.StdEncoding.DecodeString(string(b64))
	if err != nil {
		return nil, fmt.Errorf("%w: SSH signature: %v", ErrMalformed, err)
	}
	if !bytes.HasPrefix(raw, []byte(sshsigMagic)) {
		return nil, fmt.Errorf("%w: SSH signature without its SSHSIG preamble", ErrMalformed)
	}
	var blob sshsigBlob
	if err := ssh.Unmarshal(raw[len(sshsigMagic):], &blob); err != nil {
		return nil, fmt.Errorf("%w: SSH signature: %v", ErrMalformed, err)
	}
	if blob.Version != sshsigFormat {
		return nil, fmt.Errorf("%w: SSH signature version %d, want %d", ErrMalformed, blob.Version, sshsigFormat)
	}
	if blob.Namespace != Namespace {
		return nil, fmt.Errorf("%w: made for namespace %q, want %q (ssh-keygen -Y sign -n %s)", ErrWrongNamespace, blob.Namespace, Namespace, Namespace)
	}
	pub, err := ssh.ParsePublicKey(blob.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("%w: SSH signature key: %v", ErrMalformed, err)
	}
	var sig ssh.Signature
	if err := ssh.Unmarshal(blob.Signature, &sig); err != nil {
		return nil, fmt.Errorf("%w: SSH signature: %v", ErrMalformed, err)
	}
	if sig.Format == "ssh-rsa" { // ssh-rsa: SHA-1
		return nil, fmt.Errorf("%w: SSH signature with SHA-1 (ssh-rsa) is not accepted", ErrMalformed)
	}
	who := -1
	for i, k := range kr.sshKey {
		if bytes.Equal(k.Marshal(), pub.Marshal()) {
			who = i
			break
		}
	}
	if who < 0 {
		return nil, fmt.Errorf("%w: the SSH key %s is not registered for this game", ErrUnknownKey, ssh.FingerprintSHA256(pub))
	}
	candidates := [][]byte{text}
	if lf := bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n")); !bytes.Equal(lf, text) {
		candidates = append(candidates, lf)
	}
	for _, c := range candidates {
		var h []byte
		switch blob.HashAlg {
		case "sha256":
			s := sha256.Sum256(c)
			h = s[:]
		case "sha512":
			s := sha512.Sum512(c)
			h = s[:]
		default:
			return nil, fmt.Errorf("%w: SSH signature hash %q", ErrMalformed, blob.HashAlg)
		}
		signed := sshsigSignedData(sshsigSigned{blob.Namespace, blob.Reserved, blob.HashAlg, h})
		if err := pub.Verify(signed, &sig); err == nil {
			o := kr.sshOf[who]
			return &Signed{Scheme: SSH, Side: o.side, Player: o.player, Fingerprint: o.fingerprint, Text: bytes.Clone(c)}, nil
		}
	}
	return nil, fmt.Errorf("%w: SSH signature by %s", ErrBadSignature, ssh.FingerprintSHA256(pub))
}

// sshsigSignedData is the bytes an SSHSIG signature covers.
func sshsigSignedData(d sshsigSigned) []byte {
	return append([]byte(sshsigMagic), ssh.Marshal(d)...)
}

// SignSSH makes the armored SSH signature of text in namespace Namespace,
// as ssh-keygen -Y sign -n pbem does: SHA-512 over the text and, for an RSA
// key, an rsa-sha2-512 signature (Verify refuses SHA-1 ssh-rsa ones).
func SignSSH(signer ssh.Signer, text []byte) ([]byte, error) {
	h := sha512.Sum512(text)
	signed := sshsigSignedData(sshsigSigned{Namespace, "", "sha512", h[:]})
	var s *ssh.Signature
	var err error
	if signer.PublicKey().Type() == ssh.KeyAlgoRSA {
		as, ok := signer.(ssh.AlgorithmSigner)
		if !ok {
			return nil, errors.New("this RSA key cannot sign with SHA-512")
		}
		s, err = as.SignWithAlgorithm(rand.Reader, signed, ssh.KeyAlgoRSASHA512)
	} else {
		s, err = signer.Sign(rand.Reader, signed)
	}
	if err != nil {
		return nil, err
	}
	blob := append([]byte(sshsigMagic), ssh.Marshal(sshsigBlob{sshsigFormat, signer.PublicKey().Marshal(), Namespace, "", "sha512", ssh.Marshal(s)})...)
	b64 := base64.StdEncoding.EncodeToString(blob)
	var out bytes.Buffer
	out.WriteString(sshsigBegin + "\n")
	for len(b64) > 70 { // ssh-keygen's line length
		out.WriteString(b64[:70] + "\n")
		b64 = b64[70:]
	}
	out.WriteString(b64 + "\n" + sshsigEnd + "\n")
	return out.Bytes(), nil
}
