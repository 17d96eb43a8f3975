package orders

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// File is a parsed order file: its header and its well-formed orders, each
// with its clauses in the order of the verb table. Comments are not kept.
type File struct {
	Name   string
	Header Header
	Orders []engine.Order
}

// Header is the "Key: value" lines at the top of an order file, in file
// order. Keys are unique and in canonical case ("Game", "Side", "Window",
// "Nonce"); values have their words separated by single blanks.
type Header []HeaderField

// HeaderField is one header line.
type HeaderField struct {
	Key, Value string
	Line, Col  int // where the key starts
}

// Get returns the value of the header field key (in any case) and whether
// the header has it.
func (h Header) Get(key string) (string, bool) {
	for _, f := range h {
		if strings.EqualFold(f.Key, key) {
			return f.Value, true
		}
	}
	return "", false
}

// Parse reads the order file src, named name in errors, against the verb
// table of a ruleset.
//
// Parse always returns a File holding the header and every well-formed
// order; a line with a problem is left out of it. The error is nil or an
// ErrorList, in line order, with one error per bad line and at most
// MaxErrors errors before a final "(and N more errors)". A file larger than
// MaxFileSize gives one error and no orders.
//
// Hex words are checked as RRCC ids (Tannenberg's); ParseWith checks
// them in a game's own numbering.
func Parse(name string, src []byte, verbs []engine.Verb) (*File, error) {
	return ParseWith(name, src, verbs, hex.Codec{})
}

// ParseWith is Parse for a game whose hex ids hexes reads (the Codec of
// the game's map grid): a hex word must be an id of that numbering.
func ParseWith(name string, src []byte, verbs []engine.Verb, hexes hex.Codec) (*File, error) {
	f, errs := parse(name, src, verbs, hexes)
	errs.RemoveMultiples()
	return f, errs.truncate(MaxErrors).Err()
}

// parse is ParseWith with the whole list of errors, for tests.
func parse(name string, src []byte, verbs []engine.Verb, hexes hex.Codec) (*File, ErrorList) {
	// The verb table is searched, not indexed: it is a few dozen entries,
	// and building maps costs more than the lookups of one file.
	p := &parser{name: name, file: &File{Name: name}, verbs: verbs, hexes: hexes, keys: map[string]int{}}
	if len(src) > MaxFileSize {
		p.line = 1
		p.add(1, "file is %d bytes, more than the limit of %d", len(src), MaxFileSize)
		return p.file, p.errs
	}
	src = bytes.TrimPrefix(src, []byte("\uFEFF")) // byte order mark some editors write
	const (
		start  = iota // before the first header line or order
		header        // in the header, until a blank line
		body          // in the orders
	)
	state := start
	// One conversion for the whole file: lines and words are substrings.
	text := string(src)
	for len(text) > 0 {
		p.line++
		var line string
		line, text, _ = strings.Cut(text, "\n")
		line = strings.TrimSuffix(line, "\r")
		if len(line) > MaxLineSize {
			p.add(1, "line is %d bytes, more than the limit of %d", len(line), MaxLineSize)
			continue
		}
		p.do(func() {
			toks, col, msg := p.lex.lexLine(line)
			if msg != "" {
				p.errorf(col, "%s", msg)
			}
			if len(toks) == 0 {
				if state == header && !strings.Contains(line, "#") {
					state = body // the blank line that ends the header
				}
				return // blank or comment
			}
			key, isHeader := headerKey(toks[0].text)
			switch {
			case isHeader && state != body:
				state = header
				p.headerLine(key, toks)
			case isHeader:
				p.errorf(toks[0].col, "header line %s: the header goes at the top of the file, ended by a blank line", key)
			case state == header:
				state = body
				p.errorf(toks[0].col, "missing blank line between the header and the orders")
			default:
				state = body
				p.file.Orders = append(p.file.Orders, p.order(toks))
			}
		})
	}
	return p.file, p.errs
}

// parser holds the state of one Parse.
type parser struct {
	name  string
	file  *File
	verbs []engine.Verb
	hexes hex.Codec      // the game's hex numbering
	keys  map[string]int // header keys seen, with their lines
	line  int
	errs  ErrorList

	// Scratch storage reused from line to line.
	lex    lexer
	placed []placedWord
	at     []int
}

// placedWord is an order's word and the index of the clause it is in.
type placedWord struct {
	clause int
	word   engine.Word
}

// bailout is the panic errorf raises to abandon a line; do recovers it.
type bailout struct{ err *Error }

// errorf abandons the current line with an error at column col.
func (p *parser) errorf(col int, format string, args ...any) {
	panic(bailout{&Error{File: p.name, Line: p.line, Col: col, Msg: fmt.Sprintf(format, args...)}})
}

// add records an error on the current line.
func (p *parser) add(col int, format string, args ...any) {
	p.errs = append(p.errs, &Error{File: p.name, Line: p.line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// do runs the parsing of one line; an errorf in it is recorded and the
// parser goes on with the next line. Any other panic is a bug and goes up.
func (p *parser) do(f func()) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			p.errs = append(p.errs, b.err)
		}
	}()
	f()
}

// headerKey reports whether word starts a header line ("Game:", or
// "Game:t1") and returns its key in canonical case.
func headerKey(word string) (string, bool) {
	key, _, ok := strings.Cut(word, ":")
	if !ok || key == "" || !isLetter(key[0]) {
		return "", false
	}
	for i := 0; i < len(key); i++ {
		if c := key[i]; !isLetter(c) && !isDigit(c) && c != '-' {
			return "", false
		}
	}
	return canonicalKey(key), true
}

// canonicalKey capitalises the first letter of key and each letter after
// a '-' and lowers the others: "window" and "WINDOW" give "Window".
func canonicalKey(key string) string {
	b := []byte(strings.ToLower(key))
	for i := range b {
		if (i == 0 || b[i-1] == '-') && 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// headerLine adds one "Key: value" line to the header.
func (p *parser) headerLine(key string, toks []token) {
	if line, dup := p.keys[key]; dup {
		p.errorf(toks[0].col, "duplicate header %s (first on line %d)", key, line)
	}
	p.keys[key] = p.line
	var words []string
	if _, rest, _ := strings.Cut(toks[0].text, ":"); rest != "" {
		words = append(words, rest)
	}
	for _, t := range toks[1:] {
		words = append(words, t.text)
	}
	p.file.Header = append(p.file.Header, HeaderField{Key: key, Value: strings.Join(words, " "), Line: p.line, Col: toks[0].col})
}

// order parses the words of one order line.
func (p *parser) order(toks []token) engine.Order {
	vt := toks[0]
	v := p.verb(vt.text)
	if v == nil {
		names := make([]string, len(p.verbs))
		for i, v := range p.verbs {
			names[i] = strings.ToLower(v.Name)
		}
		if s := suggest(strings.ToLower(vt.text), names); len(s) > 0 {
			q := make([]string, len(s))
			for i, n := range s {
				q[i] = strconv.Quote(n)
			}
			p.errorf(vt.col, "unknown verb %q; did you mean %s?", vt.text, strings.Join(q, " or "))
		}
		p.errorf(vt.col, "unknown verb %q", vt.text)
	}
	n := len(v.Clauses)
	// at holds the column of each clause's keyword, 0 if absent; counts
	// the number of its words.
	p.at = append(p.at[:0], make([]int, 2*n)...)
	at, counts := p.at[:n], p.at[n:]
	placed := p.placed[:0]
	cur := -1
	for i, c := range v.Clauses {
		if c.Keyword == "" {
			cur, at[i] = i, vt.col
		}
	}
	for _, t := range toks[1:] {
		if k := keywordIndex(v, t.text); k >= 0 {
			if at[k] != 0 {
				p.errorf(t.col, "%q given twice", v.Clauses[k].Keyword)
			}
			cur, at[k] = k, t.col
			continue
		}
		if p.isKeyword(t.text) {
			p.errorf(t.col, "%q is not a keyword of %s (usage: %s)", t.text, v.Name, v.Usage())
		}
		if cur < 0 {
			p.errorf(t.col, "unexpected %q before a keyword (usage: %s)", t.text, v.Usage())
		}
		c := v.Clauses[cur]
		if c.Kind != engine.Condition && strings.Contains(t.text, "=") {
			p.errorf(t.col, "unknown setting %q", t.text)
		}
		if c.Max > 0 && counts[cur] == c.Max {
			p.errorf(t.col, "too many words after %q: want %s", after(v, c), count(c))
		}
		counts[cur]++
		placed = append(placed, placedWord{cur, engine.Word{Text: p.word(c, t), Line: p.line, Col: t.col}})
		p.placed = placed
	}
	o := engine.Order{Line: p.line, Col: vt.col, Verb: v.Name, Clauses: make([]engine.Clause, 0, n)}
	for i, c := range v.Clauses {
		switch {
		case c.Keyword == "" && counts[i] == 0 && c.Required:
			p.errorf(vt.col, "too few words after %q: want %s (usage: %s)", v.Name, count(c), v.Usage())
		case c.Keyword == "" && counts[i] == 0:
			// absent
		case at[i] == 0 && c.Required:
			p.errorf(vt.col, "missing %q clause (usage: %s)", c.Keyword, v.Usage())
		case at[i] == 0:
			// absent
		case counts[i] < c.Min:
			p.errorf(at[i], "too few words after %q: want %s", after(v, c), count(c))
		}
	}
	// The order's words share one array, clause after clause, so that an
	// order costs a few allocations however many words it has.
	all := make([]engine.Word, 0, len(placed))
	for i, c := range v.Clauses {
		if at[i] == 0 || (c.Keyword == "" && counts[i] == 0) {
			continue
		}
		if counts[i] == 0 {
			o.Clauses = append(o.Clauses, engine.Clause{Keyword: c.Keyword})
			continue
		}
		from := len(all)
		for _, pw := range placed {
			if pw.clause == i {
				all = append(all, pw.word)
			}
		}
		o.Clauses = append(o.Clauses, engine.Clause{Keyword: c.Keyword, Words: all[from:len(all):len(all)]})
	}
	return o
}

// verb returns the verb named word, in any case, or nil.
func (p *parser) verb(word string) *engine.Verb {
	for i := range p.verbs {
		if len(p.verbs[i].Name) == len(word) && strings.EqualFold(p.verbs[i].Name, word) {
			return &p.verbs[i]
		}
	}
	return nil
}

// isKeyword reports whether word, in any case, is a keyword of any verb.
func (p *parser) isKeyword(word string) bool {
	for i := range p.verbs {
		if keywordIndex(&p.verbs[i], word) >= 0 {
			return true
		}
	}
	return false
}

// keywordIndex returns the index of the clause of v whose keyword is word
// (in any case), or -1.
func keywordIndex(v *engine.Verb, word string) int {
	for i, c := range v.Clauses {
		// Equal lengths first: cheap, and it keeps the match to ASCII case
		// (no long s or Kelvin sign for an s or a k).
		if len(c.Keyword) == len(word) && c.Keyword != "" && strings.EqualFold(c.Keyword, word) {
			return i
		}
	}
	return -1
}

// after names what a clause's words follow: its keyword, or the verb.
func after(v *engine.Verb, c engine.ClauseSpec) string {
	if c.Keyword == "" {
		return v.Name
	}
	return c.Keyword
}

// count says how many words a clause takes: "1 (HEX)", "at least 1
// (UNIT...)", "2 to 3 (...)".
func count(c engine.ClauseSpec) string {
	var n string
	switch {
	case c.Max == 0:
		n = fmt.Sprintf("at least %d", c.Min)
	case c.Min == c.Max:
		n = fmt.Sprint(c.Min)
	default:
		n = fmt.Sprintf("%d to %d", c.Min, c.Max)
	}
	if c.Help != "" {
		n += " (" + c.Help + ")"
	}
	return n
}

// hexWant says what a game's hex ids look like. RRCC keeps the words
// Tannenberg's players have always been told.
func hexWant(c hex.Codec) string {
	if c == (hex.Codec{}) {
		return "a hex is four digits, like 2918"
	}
	return "want " + c.Pattern() + ", as " + c.Example()
}

// condition is the shape of a Condition word.
var condition = regexp.MustCompile(`^[a-z]+(>=|<=|=|<|>)[0-9]+(-[0-9]+)?$`)

// word checks that t is a word of the kind clause c takes and returns it
// in canonical form.
func (p *parser) word(c engine.ClauseSpec, t token) string {
	w := t.text
	switch c.Kind {
	case engine.HexID:
		if _, err := p.hexes.Parse(w); err != nil {
			p.errorf(t.col, "bad hex %q: %s", w, hexWant(p.hexes))
		}
	case engine.UnitID:
		if !isUnitID(w) {
			p.errorf(t.col, "bad unit id %q: a unit id is a letter then letters, digits, '-', '_' or '.', like RU-XV", w)
		}
	case engine.Number:
		if w == "" || len(w) > 9 || !allDigits(w) {
			p.errorf(t.col, "bad number %q: want a whole number of at most 9 digits", w)
		}
	case engine.Choice:
		for _, ch := range c.Choices {
			if strings.EqualFold(ch, w) {
				return ch
			}
		}
		p.errorf(t.col, "bad choice %q: want one of %s", w, strings.Join(c.Choices, ", "))
	case engine.Condition:
		w = strings.ToLower(w)
		if !condition.MatchString(w) {
			p.errorf(t.col, "bad condition %q: want a name, a comparison and a number, without blanks, like odds>=2-1", t.text)
		}
	}
	return w
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// isUnitID reports whether s is a letter followed by ASCII letters,
// digits, '-', '_' and '.'. Only ASCII: a Cyrillic letter that looks like
// a Latin one must not make a different unit.
func isUnitID(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !isDigit(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}
