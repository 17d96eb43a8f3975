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

	"github.com/ProtonMail/go-crypto/openpgp"
)

// maxParts caps the MIME parts looked at in one mail.
const maxParts = 64

// micalgs maps RFC 3156 micalg values to hashes.
var micalgs = map[string]crypto.Hash{
	"pgp-sha256": crypto.SHA256,
	"pgp-sha384": crypto.SHA384,
	"pgp-sha512": crypto.SHA512,
	"pgp-sha224": crypto.SHA224,
	"pgp-sha1":   crypto.SHA1,
}

// crlf canonicalises line ends: every bare LF becomes CRLF.
func crlf(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/32)
	for i, c := range b {
		if c == '\n' && (i == 0 || b[i-1] != '\r') {
			out = append(out, '\r')
		}
		out = append(out, c)
	}
	return out
}

// entity is a MIME header and its raw (still transfer-encoded) body.
type entity struct {
	header textproto.MIMEHeader
	body   []byte
}

// splitEntity splits CRLF bytes into header and body.
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

// decoded is e's body with its transfer encoding undone (never its charset).
func (e entity) decoded() ([]byte, error) {
	switch cte := strings.ToLower(strings.TrimSpace(e.header.Get("Content-Transfer-Encoding"))); cte {
	case "", "7bit", "8bit", "binary":
		return e.body, nil
	case "quoted-printable":
		b, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(e.body)))
		if err != nil {
			return nil, fmt.Errorf("%w: quoted-printable: %v", ErrMalformed, err)
		}
		return b, nil
	case "base64":
		b, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, newlineStripper{bytes.NewReader(e.body)}))
		if err != nil {
			return nil, fmt.Errorf("%w: base64: %v", ErrMalformed, err)
		}
		return b, nil
	default:
		return nil, fmt.Errorf("%w: Content-Transfer-Encoding %q", ErrMalformed, cte)
	}
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
func parts(body []byte, boundary string) ([][]byte, error) {
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
			from = j // the boundary string inside a line: not a delimiter
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

// mail verifies a whole message: PGP/MIME, or a clearsigned text part.
func (kr *Keyring) mail(raw []byte, now time.Time) (*Signed, error) {
	m := crlf(raw)
	top, err := splitEntity(m)
	if err != nil {
		return nil, err
	}
	mt, params, err := top.contentType()
	if err != nil {
		return nil, err
	}
	if mt != "multipart/signed" {
		return kr.inline(top, now)
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
	r, err := signatureReader(sigBytes)
	if err != nil {
		return nil, err
	}
	signedBytes := ps[0]
	sig, ent, err := openpgp.VerifyDetachedSignatureAndHash(kr.pgp, bytes.NewReader(signedBytes), r, []crypto.Hash{hash}, kr.config(now))
	if err != nil {
		return nil, pgpErr(err)
	}
	// Only now parse what was signed, and only that.
	signedEntity, err := splitEntity(signedBytes)
	if err != nil {
		return nil, err
	}
	text, err := orderText(signedEntity, 0, false)
	if err != nil {
		return nil, err
	}
	if text.b == nil {
		return nil, fmt.Errorf("%w: the signed part holds no text/plain part", ErrNoSignature)
	}
	s, err := kr.signed(PGPMIME, ent, sig, bytes.ReplaceAll(text.b, []byte("\r\n"), []byte("\n")))
	if err != nil {
		return nil, err
	}
	s.Entity = bytes.Clone(signedBytes)
	s.Charset = text.charset
	return s, nil
}

// inline verifies a mail that is not PGP/MIME: its first clearsigned
// text/plain part (the body or an attachment), or else an attached file
// with its detached signature attached beside it as FILE.asc or FILE.sig
// (OpenPGP, armored or binary, or an SSH signature).
func (kr *Keyring) inline(top entity, now time.Time) (*Signed, error) {
	text, err := orderText(top, 0, true)
	if err != nil {
		return nil, err
	}
	if text.b != nil {
		return withCharset(kr.clearsigned(text.b, now))(text.charset)
	}
	files := map[string]textPart{}
	var names []string
	if err := attachments(top, 0, func(name string, body textPart) {
		if _, dup := files[name]; !dup {
			names = append(names, name)
		}
		files[name] = body
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
			if bytes.Contains(sigPart.b, []byte("-----BEGIN SSH SIGNATURE-----")) {
				return withCharset(kr.ssh(file.b, sigPart.b))(file.charset)
			}
			return withCharset(kr.detached(file.b, sigPart.b, now))(file.charset)
		}
	}
	return nil, fmt.Errorf("%w: the mail is not PGP/MIME and holds no clearsigned text, nor a file with its signature attached as FILE.asc or FILE.sig", ErrNoSignature)
}

// withCharset records the charset of the part a signed text came from.
func withCharset(s *Signed, err error) func(charset string) (*Signed, error) {
	return func(charset string) (*Signed, error) {
		if s != nil {
			s.Charset = charset
		}
		return s, err
	}
}

// attachments hands fn the name, transfer-decoded body and charset of
// every named part of e, depth first.
func attachments(e entity, depth int, fn func(name string, body textPart)) error {
	if depth > 4 {
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
	name := fileName(e)
	if name == "" {
		return nil
	}
	b, err := e.decoded()
	if err != nil {
		return err
	}
	fn(name, textPart{b, params["charset"]})
	return nil
}

// textPart is a text part's transfer-decoded bytes and its charset.
type textPart struct {
	b       []byte
	charset string
}

// orderText finds the order text in e: a text/plain attachment named
// *.orders or *.txt, else the first text/plain part; with clearsigned, the
// first text/plain part holding a clearsigned block. Its bytes are nil if
// there is none.
func orderText(e entity, depth int, clearsigned bool) (textPart, error) {
	if depth > 4 {
		return textPart{}, fmt.Errorf("%w: MIME parts nested too deep", ErrMalformed)
	}
	mt, params, err := e.contentType()
	if err != nil {
		return textPart{}, err
	}
	switch {
	case mt == "text/plain":
		b, err := e.decoded()
		switch {
		case err != nil:
			return textPart{}, err
		case !clearsigned && strings.EqualFold(params["format"], "flowed"):
			// Thunderbird sends its text flowed: a long attack order is
			// folded at a trailing blank and must be joined again.
			return textPart{unflow(b, strings.EqualFold(params["delsp"], "yes")), params["charset"]}, nil
		case !clearsigned || bytes.Contains(b, beginSigned):
			return textPart{b, params["charset"]}, nil
		}
		return textPart{}, nil
	case strings.HasPrefix(mt, "multipart/"):
		ps, err := parts(e.body, params["boundary"])
		if err != nil {
			return textPart{}, err
		}
		var first textPart
		for _, p := range ps {
			pe, err := splitEntity(p)
			if err != nil {
				return textPart{}, err
			}
			t, err := orderText(pe, depth+1, clearsigned)
			if err != nil {
				return textPart{}, err
			}
			if t.b == nil {
				continue
			}
			if isOrderFile(pe) {
				return t, nil
			}
			if first.b == nil {
				first = t
			}
		}
		return first, nil
	case clearsigned:
		// A clearsigned file attached whole (pbem sign's ORDERS.asc):
		// clients label .asc application/pgp-signature, application/pgp-keys
		// or application/octet-stream rather than text/plain.
		b, err := e.decoded()
		if err != nil {
			return textPart{}, err
		}
		if bytes.HasPrefix(bytes.TrimLeft(b, " \t\r\n"), beginSigned) {
			return textPart{b, params["charset"]}, nil
		}
	}
	return textPart{}, nil
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
