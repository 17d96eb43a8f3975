package sig

import (
	"bytes"
	"crypto"
	"fmt"
	"mime"
	"path"
	"strings"
	"time"
	"unicode"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
)

// maxParts caps the MIME parts of one multipart entity.
const maxParts = 64

// maxDepth caps how deep multipart entities nest.
const maxDepth = 4

// micalgs maps RFC 3156 micalg values to hashes.
var micalgs = map[string]crypto.Hash{
	"pgp-sha256": crypto.SHA256,
	"pgp-sha384": crypto.SHA384,
	"pgp-sha512": crypto.SHA512,
	"pgp-sha224": crypto.SHA224,
	"pgp-sha1":   crypto.SHA1,
}

// Mail is the signed material of one received mail: found once by
// ReadMail, whatever the keys, then checked by Verify against each
// keyring it may concern (the referee has one per game). It shares the
// bytes given to ReadMail, which must not change while it is in use; it
// is never changed itself, so Verify may run concurrently.
type Mail struct {
	scheme Scheme
	// OpenPGP: the bytes the signature covers, the signature's packets
	// and, for PGP/MIME, the micalg's hash, the only one accepted.
	signed []byte
	sig    []byte
	hashes []crypto.Hash
	// text is the signed text Verify returns; for PGP/MIME, textErr is
	// why the signed entity holds none, told only once the signature
	// holds, so that a bad signature is reported as bad whatever it covers.
	text    []byte
	textErr error
	entity  []byte // PGP/MIME: the signed entity
	charset string
	name    string // the attachment the text came from; "" for a mail's text
	ssh     *sshSig
}

// ReadMail finds the signed material of a whole RFC 5322 mail (LF or
// CRLF line ends), in the first of these forms it holds: a clearsigned
// file attached inside a PGP/MIME mail (mutt's crypt_autosign signs
// every mail); PGP/MIME multipart/signed (RFC 3156); a clearsigned
// text/plain part (the body or an attachment), or a clearsigned file
// attached whatever its type; a file attached beside its detached
// signature FILE.asc or FILE.sig (OpenPGP, armored or binary, or SSH).
// Its errors are those no key decides: they wrap ErrNoSignature,
// ErrMalformed, or for an SSH signature ErrWrongNamespace. The size
// limit is the caller's.
func ReadMail(raw []byte) (*Mail, error) {
	top, err := splitEntity(crlf(raw))
	if err != nil {
		return nil, err
	}
	mt, params, err := top.contentType()
	if err != nil {
		return nil, err
	}
	if mt != "multipart/signed" {
		return readInline(top)
	}
	if p := strings.ToLower(params["protocol"]); p != "application/pgp-signature" {
		return nil, fmt.Errorf("%w: multipart/signed with protocol %q: only PGP/MIME (application/pgp-signature) is accepted, not S/MIME", ErrNoSignature, params["protocol"])
	}
	hash, ok := micalgs[strings.ToLower(params["micalg"])]
	if !ok {
		return nil, fmt.Errorf("%w: PGP/MIME micalg %q", ErrMalformed, params["micalg"])
	}
	ps, err := parts(top.body, params["boundary"])
	if err != nil {
		return nil, err
	}
	if len(ps) != 2 {
		return nil, fmt.Errorf("%w: multipart/signed with %d parts, want 2", ErrMalformed, len(ps))
	}
	if m, ok, err := clearsignedInside(ps[0]); ok {
		return m, err
	}
	sigPart, err := splitEntity(ps[1])
	if err != nil {
		return nil, err
	}
	if st, _, err := sigPart.contentType(); err != nil || st != "application/pgp-signature" {
		return nil, fmt.Errorf("%w: the second part of a PGP/MIME message is %q, want application/pgp-signature", ErrMalformed, sigPart.header.Get("Content-Type"))
	}
	sigBytes, err := sigPart.decoded()
	if err != nil {
		return nil, err
	}
	packets, err := sigPackets(sigBytes)
	if err != nil {
		return nil, err
	}
	m := &Mail{scheme: PGPMIME, signed: ps[0], sig: packets, hashes: []crypto.Hash{hash}, entity: ps[0]}
	m.text, m.charset, m.name, m.textErr = signedText(ps[0])
	return m, nil
}

// clearsignedInside reads the clearsigned order file inside a PGP/MIME
// signed entity, if it holds one: the player signed the file for the
// referee, and the mail client signed the mail out of habit, maybe with
// another key. ok is false when there is none, or when a clearsigned
// block in the mail's own text does not read (a quoted one): the mail is
// then read as PGP/MIME. An attached file that does not read is its error.
func clearsignedInside(signed []byte) (m *Mail, ok bool, err error) {
	e, err := splitEntity(signed)
	if err != nil {
		return nil, false, nil
	}
	p, found, err := orderText(e, 0, true)
	if err != nil || !found {
		return nil, false, nil
	}
	m, err = clearsignedPart(p)
	if err != nil && fileName(p.e) == "" {
		return nil, false, nil
	}
	return m, true, err
}

// clearsignedPart reads the clearsigned block of a part orderText found.
func clearsignedPart(p textPart) (*Mail, error) {
	b, err := p.text(true)
	if err != nil {
		return nil, err
	}
	m, err := readClearsigned(b)
	if err != nil {
		return nil, err
	}
	m.charset, m.name = p.params["charset"], toldName(p.e)
	return m, nil
}

// signedText is the order text inside a PGP/MIME signed entity, with LF
// line ends, and the name of the file it came from: only the signed
// bytes are read for it.
func signedText(signed []byte) (text []byte, charset, name string, err error) {
	e, err := splitEntity(signed)
	if err != nil {
		return nil, "", "", err
	}
	p, ok, err := orderText(e, 0, false)
	if err != nil {
		return nil, "", "", err
	}
	if !ok {
		return nil, "", "", fmt.Errorf("%w: the signed part holds no text/plain part", ErrNoSignature)
	}
	b, err := p.text(false)
	if err != nil {
		return nil, "", "", err
	}
	return bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), p.params["charset"], toldName(p.e), nil
}

// Verify checks m against kr, judging key expiry and revocation at now.
// It returns the signed text and its signer, or an error wrapping one of
// the Err values (ErrUnknownKey if kr holds no key that made it); it
// never returns unsigned text. It neither copies nor parses the mail
// again: an OpenPGP signature by a key kr lacks is refused before the
// signed bytes are hashed (go-crypto's VerifyDetachedSignature looks the
// issuer up first, TestUnknownIssuerHashesNothing), an SSH one by its key.
func (m *Mail) Verify(kr *Keyring, now time.Time) (*Signed, error) {
	if kr == nil {
		return nil, fmt.Errorf("%w: no keyring", ErrUnknownKey)
	}
	if m == nil {
		return nil, fmt.Errorf("%w: no mail", ErrMalformed)
	}
	if m.scheme == SSH {
		s, err := kr.verifySSH(m.ssh)
		if s != nil {
			s.Charset, s.Name = m.charset, m.name
		}
		return s, err
	}
	var sig *packet.Signature
	var ent *openpgp.Entity
	var err error
	if m.hashes != nil {
		sig, ent, err = openpgp.VerifyDetachedSignatureAndHash(kr.pgp, bytes.NewReader(m.signed), bytes.NewReader(m.sig), m.hashes, kr.config(now))
	} else {
		sig, ent, err = openpgp.VerifyDetachedSignature(kr.pgp, bytes.NewReader(m.signed), bytes.NewReader(m.sig), kr.config(now))
	}
	if err != nil {
		return nil, pgpErr(err)
	}
	if m.textErr != nil {
		return nil, m.textErr
	}
	s, err := kr.signed(m.scheme, ent, sig, m.text)
	if err != nil {
		return nil, err
	}
	s.Entity, s.Charset, s.Name = m.entity, m.charset, m.name
	return s, nil
}

// readInline reads a mail that is not PGP/MIME: its first clearsigned
// text/plain part (the body or an attachment), or else an attached file
// with its detached signature attached beside it as FILE.asc or FILE.sig
// (OpenPGP, armored or binary, or an SSH signature). Only the parts it
// takes are decoded whole.
func readInline(top entity) (*Mail, error) {
	p, ok, err := orderText(top, 0, true)
	if err != nil {
		return nil, err
	}
	if ok {
		return clearsignedPart(p)
	}
	// The names first, from the headers; then only the pair is decoded.
	files := map[string]textPart{}
	var names []string
	if err := attachments(top, 0, func(name string, p textPart) {
		if _, dup := files[name]; !dup {
			names = append(names, name)
		}
		files[name] = p
	}); err != nil {
		return nil, err
	}
	for _, name := range names {
		for _, ext := range []string{".asc", ".sig"} {
			sigPart, ok := files[name+ext]
			if !ok {
				continue
			}
			file := files[name]
			fb, err := file.e.decoded()
			if err != nil {
				return nil, err
			}
			sb, err := sigPart.e.decoded()
			if err != nil {
				return nil, err
			}
			var m *Mail
			if bytes.Contains(sb, []byte(sshsigBegin)) {
				m, err = readSSH(fb, sb)
			} else {
				m, err = readDetached(fb, sb)
			}
			if err != nil {
				return nil, err
			}
			m.charset, m.name = file.params["charset"], toldName(file.e)
			return m, nil
		}
	}
	return nil, fmt.Errorf("%w: the mail is not PGP/MIME and holds no clearsigned text, nor a file with its signature attached as FILE.asc or FILE.sig", ErrNoSignature)
}

// attachments hands fn every named part of e, depth first, without
// decoding any.
func attachments(e entity, depth int, fn func(name string, p textPart)) error {
	if depth > maxDepth {
		return fmt.Errorf("%w: MIME parts nested too deep", ErrMalformed)
	}
	mt, params, err := e.contentType()
	if err != nil {
		return err
	}
	if strings.HasPrefix(mt, "multipart/") {
		ps, err := parts(e.body, params["boundary"])
		if err != nil {
			return err
		}
		for _, p := range ps {
			pe, err := splitEntity(p)
			if err != nil {
				return err
			}
			if err := attachments(pe, depth+1, fn); err != nil {
				return err
			}
		}
		return nil
	}
	if name := fileName(e); name != "" {
		fn(name, textPart{e, mt, params})
	}
	return nil
}

// textPart is a leaf part, with its media type and parameters.
type textPart struct {
	e      entity
	mt     string
	params map[string]string
}

// text is p's body, transfer-decoded (never charset-decoded); a flowed
// text/plain part is unflowed unless it is read for a clearsigned block,
// whose signature covers its lines as they are.
func (p textPart) text(clearsigned bool) ([]byte, error) {
	b, err := p.e.decoded()
	if err != nil {
		return nil, err
	}
	if p.mt == "text/plain" && !clearsigned && strings.EqualFold(p.params["format"], "flowed") {
		// Thunderbird sends its text flowed: a long attack order is
		// folded at a trailing blank and must be joined again.
		return unflow(b, strings.EqualFold(p.params["delsp"], "yes")), nil
	}
	return b, nil
}

// orderText finds the part of e holding the order text: a text/plain
// attachment named *.orders or *.txt, else the first text/plain part;
// with clearsigned, only a text/plain part holding a clearsigned block,
// or a part of another type whose content is one. It reports false if
// there is none. It decodes no part whole: a text/plain part is searched
// a chunk at a time, another only its start is read.
func orderText(e entity, depth int, clearsigned bool) (textPart, bool, error) {
	if depth > maxDepth {
		return textPart{}, false, fmt.Errorf("%w: MIME parts nested too deep", ErrMalformed)
	}
	mt, params, err := e.contentType()
	if err != nil {
		return textPart{}, false, err
	}
	p := textPart{e, mt, params}
	switch {
	case mt == "text/plain":
		if !clearsigned {
			return p, true, nil
		}
		ok, err := e.contains(beginSigned)
		return p, ok, err
	case strings.HasPrefix(mt, "multipart/"):
		ps, err := parts(e.body, params["boundary"])
		if err != nil {
			return textPart{}, false, err
		}
		var first textPart
		found := false
		for _, b := range ps {
			pe, err := splitEntity(b)
			if err != nil {
				return textPart{}, false, err
			}
			named := isOrderFile(pe)
			if found && !named {
				continue // it could only come second
			}
			t, ok, err := orderText(pe, depth+1, clearsigned)
			if err != nil {
				return textPart{}, false, err
			}
			if !ok {
				continue
			}
			if named {
				return t, true, nil
			}
			first, found = t, true
		}
		return first, found, nil
	case clearsigned:
		// A clearsigned file attached whole (pbem sign's ORDERS.asc):
		// clients label .asc application/pgp-signature, application/pgp-keys
		// or application/octet-stream rather than text/plain.
		ok, err := e.startsWith(beginSigned)
		return p, ok, err
	}
	return textPart{}, false, nil
}

// unflow undoes the format=flowed of RFC 3676 on CRLF text: a line
// ending in a blank runs on into the next (losing that blank with delsp),
// and the blank a sender stuffed before a line starting with a blank, ">"
// or "From " is dropped. The signature separator "-- " ends a paragraph,
// and quoted lines (">") are left as they are.
func unflow(b []byte, delsp bool) []byte {
	crlf := []byte("\r\n")
	ended := bytes.HasSuffix(b, crlf)
	lines := bytes.Split(bytes.TrimSuffix(b, crlf), crlf)
	var out []byte
	for i, l := range lines {
		if len(l) > 0 && l[0] == ' ' {
			l = l[1:] // space-stuffed (RFC 3676 4.4)
		}
		last := i == len(lines)-1
		flowed := !last && len(l) > 0 && l[len(l)-1] == ' ' && string(l) != "-- " && l[0] != '>'
		if flowed && delsp {
			l = l[:len(l)-1]
		}
		out = append(out, l...)
		if !flowed && (!last || ended) {
			out = append(out, crlf...)
		}
	}
	return out
}

// isOrderFile reports whether a part is an attachment named like an order file.
func isOrderFile(e entity) bool {
	ext := strings.ToLower(path.Ext(fileName(e)))
	return ext == ".orders" || ext == ".txt"
}

// fileName is the base name a part gives its file (Content-Disposition
// filename, else Content-Type name), or "".
func fileName(e entity) string {
	name := ""
	if _, p, err := mime.ParseMediaType(e.header.Get("Content-Disposition")); err == nil {
		name = p["filename"]
	}
	if name == "" {
		if _, p, err := mime.ParseMediaType(e.header.Get("Content-Type")); err == nil {
			name = p["name"]
		}
	}
	if name == "" {
		return ""
	}
	return path.Base(strings.ReplaceAll(name, "\\", "/"))
}

// toldName is the name of e's file as the referee's replies tell it: no
// control characters, and no longer than a name a person gives.
func toldName(e entity) string {
	name := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, fileName(e))
	if r := []rune(name); len(r) > maxNameLen {
		name = string(r[:maxNameLen]) + "..."
	}
	return name
}

// maxNameLen caps the runes of a file name told back to the player.
const maxNameLen = 80
