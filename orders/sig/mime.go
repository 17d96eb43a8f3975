package sig

// The MIME primitives ReadMail reads a mail with: entities split without
// copying, bodies decoded only as far as needed.

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/textproto"
	"strings"
)

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
