package sig

import (
	"bufio"
	"bytes"
	"crypto"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/textproto"
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
// Its errors are those no key
// decides: they wrap ErrNoSignature, ErrMalformed, or for an SSH
// signature ErrWrongNamespace. The size limit is the caller's.
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

// crlf canonicalises line ends: every bare LF becomes CRLF. A mail with
// none, as RFC 5322 (2.1) writes it and IMAP hands it over, is returned
// as it is; any other is copied once, into a slice of the exact size.
func crlf(b []byte) []byte {
	bare := 0
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			break
		}
		if i+j == 0 || b[i+j-1] != '\r' {
			bare++
		}
		i += j + 1
	}
	if bare == 0 {
		return b
	}
	out := make([]byte, 0, len(b)+bare)
	prev := byte(0)
	for {
		j := bytes.IndexByte(b, '\n')
		if j < 0 {
			return append(out, b...)
		}
		out = append(out, b[:j]...)
		if j > 0 {
			prev = b[j-1]
		}
		if prev != '\r' {
			out = append(out, '\r')
		}
		out = append(out, '\n')
		prev = '\n'
		b = b[j+1:]
	}
}

// entity is a MIME header and its raw (still transfer-encoded) body.
type entity struct {
	header textproto.MIMEHeader
	body   []byte
}

// splitEntity splits CRLF bytes into header and body; the body is a
// slice of b, never a copy.
func splitEntity(b []byte) (entity, error) {
	var head []byte
	switch i := bytes.Index(b, []byte("\r\n\r\n")); {
	case bytes.HasPrefix(b, []byte("\r\n")):
		head, b = nil, b[2:]
	case i < 0:
		return entity{}, fmt.Errorf("%w: no blank line after the header", ErrMalformed)
	default:
		head, b = b[:i+2], b[i+4:]
	}
	h := textproto.MIMEHeader{}
	if len(head) > 0 {
		var err error
		h, err = textproto.NewReader(bufio.NewReader(io.MultiReader(bytes.NewReader(head), strings.NewReader("\r\n")))).ReadMIMEHeader()
		if err != nil {
			return entity{}, fmt.Errorf("%w: header: %v", ErrMalformed, err)
		}
	}
	return entity{h, b}, nil
}

// contentType is the media type of e, text/plain by default.
func (e entity) contentType() (string, map[string]string, error) {
	ct := e.header.Get("Content-Type")
	if ct == "" {
		return "text/plain", map[string]string{}, nil
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", nil, fmt.Errorf("%w: Content-Type %q: %v", ErrMalformed, ct, err)
	}
	return mt, params, nil
}

// reader streams e's body with its transfer encoding undone (never its
// charset); enc names the encoding for errors, "" for none.
func (e entity) reader() (r io.Reader, enc string, err error) {
	switch cte := strings.ToLower(strings.TrimSpace(e.header.Get("Content-Transfer-Encoding"))); cte {
	case "", "7bit", "8bit", "binary":
		return bytes.NewReader(e.body), "", nil
	case "quoted-printable":
		return quotedprintable.NewReader(bytes.NewReader(e.body)), cte, nil
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, newlineStripper{bytes.NewReader(e.body)}), cte, nil
	default:
		return nil, "", fmt.Errorf("%w: Content-Transfer-Encoding %q", ErrMalformed, cte)
	}
}

// decoded is e's body with its transfer encoding undone: the body itself
// when it has none, else one slice of the body's length, which neither
// decoding can exceed.
func (e entity) decoded() ([]byte, error) {
	r, enc, err := e.reader()
	if err != nil || enc == "" {
		return e.body, err
	}
	out := make([]byte, len(e.body))
	n, err := io.ReadFull(r, out)
	switch err {
	case io.EOF, io.ErrUnexpectedEOF:
		return out[:n], nil
	case nil:
		// Full: right only if nothing is left.
		if _, err = io.ReadFull(r, make([]byte, 1)); err == io.EOF {
			return out, nil
		}
		if err == nil {
			err = fmt.Errorf("decodes to more than its %d bytes", len(e.body))
		}
	}
	return nil, fmt.Errorf("%w: %s: %v", ErrMalformed, enc, err)
}

// contains reports whether e's decoded body holds pat, decoding it a
// chunk at a time rather than whole.
func (e entity) contains(pat []byte) (bool, error) {
	r, enc, err := e.reader()
	if err != nil || enc == "" {
		return err == nil && bytes.Contains(e.body, pat), err
	}
	buf := make([]byte, 32<<10)
	keep := 0 // the tail of the chunk before, for a pat across chunks
	for {
		n, err := io.ReadFull(r, buf[keep:])
		n += keep
		if bytes.Contains(buf[:n], pat) {
			return true, nil
		}
		switch err {
		case nil:
		case io.EOF, io.ErrUnexpectedEOF:
			return false, nil
		default:
			return false, fmt.Errorf("%w: %s: %v", ErrMalformed, enc, err)
		}
		keep = min(len(pat)-1, n)
		copy(buf, buf[n-keep:n])
	}
}

// startsWith reports whether e's decoded body starts with pat after any
// blank lines and blanks, decoding only as much as that takes.
func (e entity) startsWith(pat []byte) (bool, error) {
	r, enc, err := e.reader()
	if err != nil || enc == "" {
		return err == nil && bytes.HasPrefix(bytes.TrimLeft(e.body, " \t\r\n"), pat), err
	}
	buf := make([]byte, 512)
	var got []byte // the decoded bytes after the leading blanks
	for len(got) < len(pat) {
		n, err := r.Read(buf)
		chunk := buf[:n]
		if len(got) == 0 {
			chunk = bytes.TrimLeft(chunk, " \t\r\n")
		}
		got = append(got, chunk...)
		if err == io.EOF {
			break
		}
		if err != nil {
			return false, fmt.Errorf("%w: %s: %v", ErrMalformed, enc, err)
		}
	}
	return bytes.HasPrefix(got, pat), nil
}

// newlineStripper drops CR, LF, blanks and tabs from base64 text.
type newlineStripper struct{ r io.Reader }

func (s newlineStripper) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	j := 0
	for _, c := range p[:n] {
		if c != '\r' && c != '\n' && c != ' ' && c != '\t' {
			p[j] = c
			j++
		}
	}
	return j, err
}

// parts splits a CRLF multipart body by its boundary (RFC 2046 5.1.1):
// each part runs from after its delimiter line up to, not including, the
// CRLF before the next delimiter. The preamble and epilogue are dropped.
// The parts are slices of body. A delimiter is "\r\n--boundary", or
// "--boundary" at the very start of the body: positions below count in
// "\r\n"+body, so that b(i) is body[i-2:], without making that copy.
func parts(body []byte, boundary string) ([][]byte, error) {
	if boundary == "" {
		return nil, fmt.Errorf("%w: multipart without a boundary", ErrMalformed)
	}
	dash := []byte("--" + boundary)
	delimLen := 2 + len(dash)
	b := func(i int) []byte { return body[i-2:] } // i >= 2: every delimiter is 4 bytes or more
	// index is where the first delimiter from from on starts. It looks
	// for "--boundary", then for the CRLF before it: CR starts every line
	// of a mail, "-" few (base64 has none), so the search runs at the
	// speed of memory. The delimiter at i has its "--" at body[i].
	index := func(from int) int {
		for s := from; s <= len(body); {
			i := bytes.Index(body[s:], dash)
			if i < 0 {
				return -1
			}
			p := s + i
			if p == 0 || p >= 2 && body[p-2] == '\r' && body[p-1] == '\n' {
				return p
			}
			s = p + 1
		}
		return -1
	}
	var out [][]byte
	start := -1
	for from := 0; ; {
		i := index(from)
		if i < 0 {
			return nil, fmt.Errorf("%w: multipart without its closing boundary", ErrMalformed)
		}
		j := i + delimLen
		final := bytes.HasPrefix(b(j), []byte("--"))
		if final {
			j += 2
		}
		k := j
		for k < len(body)+2 && (b(k)[0] == ' ' || b(k)[0] == '\t') {
			k++
		}
		if !final && !bytes.HasPrefix(b(k), []byte("\r\n")) {
			from = j // the boundary string inside a line: not a delimiter
			continue
		}
		if start >= 0 {
			out = append(out, body[start-2:i-2])
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
