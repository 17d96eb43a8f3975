package sig

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"hash"

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

// sshSig is an SSH signature read, and the hashes of the text it may
// cover: the bytes as received, then, if they hold CRLF, the text with
// CRLF turned into LF (a mail client may have converted the line ends;
// the text returned is the one that verified).
type sshSig struct {
	pub     ssh.PublicKey
	pubWire []byte
	sig     ssh.Signature
	blob    sshsigBlob
	text    []byte
	hashes  [][]byte
	// hashErr is an unknown hash algorithm, told only for a registered
	// key: an unknown key is the first thing to say.
	hashErr error
}

// readSSH reads an armored SSH signature over text and hashes the text.
func readSSH(text, armored []byte) (*Mail, error) {
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
	s := &sshSig{text: text}
	if err := ssh.Unmarshal(raw[len(sshsigMagic):], &s.blob); err != nil {
		return nil, fmt.Errorf("%w: SSH signature: %v", ErrMalformed, err)
	}
	if s.blob.Version != sshsigFormat {
		return nil, fmt.Errorf("%w: SSH signature version %d, want %d", ErrMalformed, s.blob.Version, sshsigFormat)
	}
	if s.blob.Namespace != Namespace {
		return nil, fmt.Errorf("%w: made for namespace %q, want %q (ssh-keygen -Y sign -n %s)", ErrWrongNamespace, s.blob.Namespace, Namespace, Namespace)
	}
	if s.pub, err = ssh.ParsePublicKey(s.blob.PublicKey); err != nil {
		return nil, fmt.Errorf("%w: SSH signature key: %v", ErrMalformed, err)
	}
	s.pubWire = s.pub.Marshal()
	if err := ssh.Unmarshal(s.blob.Signature, &s.sig); err != nil {
		return nil, fmt.Errorf("%w: SSH signature: %v", ErrMalformed, err)
	}
	if s.sig.Format == "ssh-rsa" { // ssh-rsa: SHA-1
		return nil, fmt.Errorf("%w: SSH signature with SHA-1 (ssh-rsa) is not accepted", ErrMalformed)
	}
	var newHash func() hash.Hash
	switch s.blob.HashAlg {
	case "sha256":
		newHash = sha256.New
	case "sha512":
		newHash = sha512.New
	default:
		s.hashErr = fmt.Errorf("%w: SSH signature hash %q", ErrMalformed, s.blob.HashAlg)
		return &Mail{scheme: SSH, ssh: s}, nil
	}
	h := newHash()
	h.Write(text)
	s.hashes = append(s.hashes, h.Sum(nil))
	if bytes.Contains(text, []byte("\r\n")) {
		// The LF text is hashed line by line rather than copied.
		h.Reset()
		for rest := text; ; {
			i := bytes.Index(rest, []byte("\r\n"))
			if i < 0 {
				h.Write(rest)
				break
			}
			h.Write(rest[:i])
			h.Write([]byte("\n"))
			rest = rest[i+2:]
		}
		s.hashes = append(s.hashes, h.Sum(nil))
	}
	return &Mail{scheme: SSH, ssh: s}, nil
}

// verifySSH checks s against the SSH keys of kr.
func (kr *Keyring) verifySSH(s *sshSig) (*Signed, error) {
	who := -1
	for i, k := range kr.sshKey {
		if bytes.Equal(k.Marshal(), s.pubWire) {
			who = i
			break
		}
	}
	if who < 0 {
		return nil, fmt.Errorf("%w: the SSH key %s is not registered for this game", ErrUnknownKey, ssh.FingerprintSHA256(s.pub))
	}
	if s.hashErr != nil {
		return nil, s.hashErr
	}
	for i, h := range s.hashes {
		signed := sshsigSignedData(sshsigSigned{s.blob.Namespace, s.blob.Reserved, s.blob.HashAlg, h})
		if err := s.pub.Verify(signed, &s.sig); err == nil {
			text := bytes.Clone(s.text)
			if i > 0 {
				text = bytes.ReplaceAll(s.text, []byte("\r\n"), []byte("\n"))
			}
			o := kr.sshOf[who]
			return &Signed{Scheme: SSH, Side: o.side, Player: o.player, Fingerprint: o.fingerprint, Text: text}, nil
		}
	}
	return nil, fmt.Errorf("%w: SSH signature by %s", ErrBadSignature, ssh.FingerprintSHA256(s.pub))
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
