package orders

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Limits on hostile input.
const (
	// MaxFileSize is the largest order file Parse reads, in bytes.
	MaxFileSize = 256 << 10
	// MaxLineSize is the longest line, in bytes, line end excluded.
	MaxLineSize = 1000
)

// token is one word of a line and the column it starts at.
type token struct {
	text string
	col  int
}

// lexer splits one line into words. It is a small state machine over the
// line's characters: between words, in a word, or in the comment that
// runs to the end of the line. Columns count characters from 1.
type lexer struct {
	line  string
	pos   int // byte offset of the next character
	col   int // column of the next character
	start int // byte offset where the current word starts
	scol  int // its column
	words []token
}

// stateFn is one state of the lexer; it returns the next, nil at the end.
type stateFn func(*lexer) stateFn

// lexLine returns the words of line, before any comment, or the position
// and text of its first bad character. The comment is checked too: it is
// echoed in reports, so it may hold no control characters either. The
// words are valid until the next call: the lexer reuses their storage.
func (l *lexer) lexLine(line string) ([]token, int, string) {
	if col, msg := checkChars(line); msg != "" {
		return nil, col, msg
	}
	*l = lexer{line: line, col: 1, words: l.words[:0]}
	for state := lexBlank; state != nil; {
		state = state(l)
	}
	return l.words, 0, ""
}

// next returns the next character and its size, or size 0 at the end.
func (l *lexer) next() (rune, int) {
	if l.pos >= len(l.line) {
		return 0, 0
	}
	r, n := utf8.DecodeRuneInString(l.line[l.pos:])
	l.pos += n
	l.col++
	return r, n
}

// backup steps back over the character next just returned.
func (l *lexer) backup(n int) {
	l.pos -= n
	l.col--
}

// lexBlank skips the blanks between words.
func lexBlank(l *lexer) stateFn {
	for {
		r, n := l.next()
		switch {
		case n == 0:
			return nil
		case r == '#':
			return nil // the comment runs to the end of the line
		case isBlank(r):
		default:
			l.backup(n)
			l.start, l.scol = l.pos, l.col
			return lexWord
		}
	}
}

// lexWord reads one word, up to a blank, a comment or the end.
func lexWord(l *lexer) stateFn {
	for {
		r, n := l.next()
		if n == 0 || r == '#' || isBlank(r) {
			if n > 0 {
				l.backup(n)
			}
			l.words = append(l.words, token{l.line[l.start:l.pos], l.scol})
			return lexBlank
		}
	}
}

// isBlank reports whether r separates words: a blank, a tab, or another
// space character such as the no-break space some mail programs put in.
func isBlank(r rune) bool {
	return r == ' ' || r == '\t' || unicode.Is(unicode.Zs, r)
}

// checkChars finds the first character of line that is not valid UTF-8, a
// control character (other than tab), an invisible format character
// (zero-width space, bidirectional override, byte order mark) or a line
// or paragraph separator.
func checkChars(line string) (int, string) {
	col := 1
	for i := 0; i < len(line); col++ {
		if c := line[i]; c < utf8.RuneSelf {
			// ASCII, nearly every byte of an order file: only the C0
			// controls but tab, and DEL, are refused.
			if (c < 0x20 && c != '\t') || c == 0x7f {
				return col, fmt.Sprintf("control character %U not allowed", rune(c))
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return col, fmt.Sprintf("invalid UTF-8 byte %#02x: order files are UTF-8 text", line[i])
		case r == '\t':
		case unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp):
			return col, fmt.Sprintf("control character %U not allowed", r)
		}
		i += n
	}
	return 0, ""
}
