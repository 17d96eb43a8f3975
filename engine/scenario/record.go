package scenario

import (
	"fmt"
	"strings"
)

// Pos is where a record or value was written.
type Pos struct {
	File string
	Line int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// Error is a problem found in scenario data, printed as file:line: message.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList collects every problem, in file and line order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l *ErrorList) add(p Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// Add appends a problem at p: for the checks a rules system makes of its
// own data (engine.DataChecker).
func (l *ErrorList) Add(p Pos, format string, args ...any) { l.add(p, format, args...) }

// Sort puts the problems in file and line order; those of one line keep
// their order.
func (l ErrorList) Sort() { sortErrors(l) }

// token is one word of a record: a bare word, a quoted string, or key=value.
type token struct {
	Key   string // empty for a positional word
	Value string
	Pos   Pos
}

// record is one logical line: a keyword, positional words and key=value
// fields. Lines that start with white space continue the record above.
type record struct {
	Pos     Pos
	Keyword string
	Args    []token
	Fields  []token
}

// field returns the value of key and whether it was given.
func (r *record) field(key string) (token, bool) {
	for _, f := range r.Fields {
		if f.Key == key {
			return f, true
		}
	}
	return token{}, false
}

// lex splits a file into records. Comments run from # to the end of the
// line (outside quotes).
func lex(name string, data []byte, errs *ErrorList) []*record {
	var out []*record
	lines := strings.Split(string(data), "\n")
	for i, raw := range lines {
		pos := Pos{File: name, Line: i + 1}
		line := strings.TrimRight(raw, "\r")
		continued := len(line) > 0 && (line[0] == ' ' || line[0] == '\t')
		toks, err := splitWords(line, pos)
		if err != nil {
			errs.add(pos, "%v", err)
			continue
		}
		if len(toks) == 0 {
			continue
		}
		// Grid rows may be indented to look like the hex map; they always
		// start a record of their own.
		if w := toks[0]; w.Key == "" && (w.Value == "row" || w.Value == "end") {
			continued = false
		}
		if continued {
			if len(out) == 0 {
				errs.add(pos, "indented line continues no record")
				continue
			}
			r := out[len(out)-1]
			for _, t := range toks {
				if t.Key != "" {
					r.Fields = append(r.Fields, t)
				} else {
					r.Args = append(r.Args, t)
				}
			}
			continue
		}
		if toks[0].Key != "" {
			errs.add(pos, "record starts with %s=%s: want a keyword first", toks[0].Key, toks[0].Value)
			continue
		}
		r := &record{Pos: pos, Keyword: toks[0].Value}
		for _, t := range toks[1:] {
			if t.Key != "" {
				r.Fields = append(r.Fields, t)
			} else {
				r.Args = append(r.Args, t)
			}
		}
		out = append(out, r)
	}
	return out
}

// splitWords splits one line into tokens: words and key=value fields.
// Double quotes group blanks into a value and are dropped: name="1st Army"
// and src=authored:"a note" are single fields.
func splitWords(line string, pos Pos) ([]token, error) {
	var out []token
	i := 0
	for i < len(line) {
		if c := line[i]; c == ' ' || c == '\t' {
			i++
			continue
		}
		if line[i] == '#' {
			break
		}
		var b strings.Builder
		key, hasKey, inQuote := "", false, false
		for ; i < len(line); i++ {
			c := line[i]
			if !inQuote && (c == ' ' || c == '\t') {
				break
			}
			switch {
			case c == '"':
				inQuote = !inQuote
			case c == '=' && !inQuote && !hasKey:
				key, hasKey = b.String(), true
				b.Reset()
			default:
				b.WriteByte(c)
			}
		}
		if inQuote {
			return nil, fmt.Errorf("unterminated quoted string")
		}
		if hasKey && key == "" {
			return nil, fmt.Errorf("'=' with no key before it")
		}
		if hasKey && b.Len() == 0 {
			return nil, fmt.Errorf("%s= has no value", key)
		}
		out = append(out, token{Key: key, Value: b.String(), Pos: pos})
	}
	return out, nil
}
