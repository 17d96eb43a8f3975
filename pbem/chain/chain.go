// Package chain is the audit chain of a game (docs/audit.md): an
// append-only list of links, each the record of one thing the referee
// did (a mail taken in, a file accepted, a window resolved, a moderator's
// action, a mail sent), each naming the SHA-256 of the link before it, so
// that no link can be changed, dropped or put in without every later hash
// changing. A report quotes the hash of the newest link, the head.
//
// A link is stored and hashed as text of a fixed form (Encode): a first
// line "pbem chain 1", then "key: value" lines, seq, prev, at and kind
// first, then the fields of its kind in the order they were added. A
// value that is not plain printable ASCII without blanks at its ends, or
// that starts with a double quote, is written as a Go-quoted string. No
// map is ever iterated to build a link, so the same record gives the same
// bytes on any machine.
package chain

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// magic is the first line of every link.
const magic = "pbem chain 1"

// Kinds of link.
const (
	KindGame       = "game"       // the game is created
	KindMailIn     = "mail-in"    // a mail was taken in, with its verdict
	KindOrders     = "orders"     // a side's file was accepted
	KindResolution = "resolution" // a window was resolved
	KindModerator  = "moderator"  // a moderator acted
	KindMailOut    = "mail-out"   // a mail was queued to be sent
)

// Field is one "key: value" line.
type Field struct{ Key, Value string }

// Link is one record of the chain.
type Link struct {
	Seq    uint64 // 1 for the first link
	Prev   string // hex SHA-256 of the link before; "" for the first
	At     time.Time
	Kind   string
	Fields []Field
}

// Add appends the field key: value, and returns l.
func (l *Link) Add(key string, value any) *Link {
	l.Fields = append(l.Fields, Field{key, fmt.Sprint(value)})
	return l
}

// Get is the first value of key, or "".
func (l *Link) Get(key string) string {
	for _, f := range l.Fields {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}

// All is every value of key, in order.
func (l *Link) All(key string) []string {
	var out []string
	for _, f := range l.Fields {
		if f.Key == key {
			out = append(out, f.Value)
		}
	}
	return out
}

// Encode is the link as stored and hashed.
func (l *Link) Encode() []byte {
	var b bytes.Buffer
	b.WriteString(magic + "\n")
	line := func(k, v string) { b.WriteString(k + ": " + quote(v) + "\n") }
	line("seq", strconv.FormatUint(l.Seq, 10))
	line("prev", l.Prev)
	line("at", l.At.UTC().Format(time.RFC3339Nano))
	line("kind", l.Kind)
	for _, f := range l.Fields {
		line(f.Key, f.Value)
	}
	return b.Bytes()
}

// Hash is the hex SHA-256 of an encoded link.
func Hash(encoded []byte) string {
	sum := sha256.Sum256(encoded)
	return hex.EncodeToString(sum[:])
}

// Sum is the hex SHA-256 of data, as links name files, events and states.
func Sum(data []byte) string { return Hash(data) }

// Decode reads an encoded link back; Encode of the result gives the same
// bytes, or Decode fails.
func Decode(encoded []byte) (*Link, error) {
	text := string(encoded)
	if !strings.HasSuffix(text, "\n") {
		return nil, fmt.Errorf("link: no newline at the end")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if lines[0] != magic {
		return nil, fmt.Errorf("link: first line %q, want %q", lines[0], magic)
	}
	l := &Link{}
	for i, ln := range lines[1:] {
		k, v, ok := strings.Cut(ln, ": ")
		if !ok {
			return nil, fmt.Errorf("link line %d: want KEY: VALUE", i+2)
		}
		if strings.HasPrefix(v, `"`) {
			u, err := strconv.Unquote(v)
			if err != nil {
				return nil, fmt.Errorf("link line %d: %v", i+2, err)
			}
			v = u
		}
		var err error
		switch {
		case i == 0 && k == "seq":
			l.Seq, err = strconv.ParseUint(v, 10, 64)
		case i == 1 && k == "prev":
			l.Prev = v
		case i == 2 && k == "at":
			l.At, err = time.Parse(time.RFC3339Nano, v)
		case i == 3 && k == "kind":
			l.Kind = v
		case i >= 4:
			l.Fields = append(l.Fields, Field{k, v})
		default:
			return nil, fmt.Errorf("link line %d: %q out of place", i+2, k)
		}
		if err != nil {
			return nil, fmt.Errorf("link line %d: %v", i+2, err)
		}
	}
	if !bytes.Equal(l.Encode(), encoded) {
		return nil, fmt.Errorf("link %d: not in the canonical form", l.Seq)
	}
	return l, nil
}

// quote writes v as it is when that reads back unambiguously.
func quote(v string) string {
	if v == "" {
		return v
	}
	plain := v[0] != '"' && v[0] != ' ' && v[len(v)-1] != ' '
	for i := 0; plain && i < len(v); i++ {
		plain = v[i] >= 0x20 && v[i] < 0x7f
	}
	if plain {
		return v
	}
	return strconv.Quote(v)
}

// Problem is a discrepancy Verify found.
type Problem struct {
	Seq    uint64
	Reason string
}

func (p *Problem) Error() string { return fmt.Sprintf("link %d: %s", p.Seq, p.Reason) }

// Verify checks that links, encoded, form a chain: each decodes, counts
// on from 1, and names the hash of the one before. It returns the decoded
// links and the head, or the first problem.
func Verify(encoded [][]byte) ([]*Link, string, error) {
	var out []*Link
	prev := ""
	for i, e := range encoded {
		l, err := Decode(e)
		if err != nil {
			return out, prev, &Problem{uint64(i + 1), err.Error()}
		}
		if l.Seq != uint64(i+1) {
			return out, prev, &Problem{uint64(i + 1), fmt.Sprintf("numbered %d", l.Seq)}
		}
		if l.Prev != prev {
			if l.Seq == 1 {
				return out, prev, &Problem{1, fmt.Sprintf("names %q as a link before the first", l.Prev)}
			}
			return out, prev, &Problem{l.Seq - 1, fmt.Sprintf("this link was changed: it hashes to %s, and link %d names %s as the link before it", prev, l.Seq, l.Prev)}
		}
		out = append(out, l)
		prev = Hash(e)
	}
	return out, prev, nil
}
