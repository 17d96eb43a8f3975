package ack

import (
	"strings"
	"unicode/utf8"
)

// fill breaks text into lines of at most width columns, the first line
// starting with first and the others with rest. A bracketed group ("[std
// 5.14]", "[shift HQ...]") is never split, and a word longer than a line
// (a hash) stands alone on its line, whole, so that it can be copied.
func fill(text, first, rest string) string {
	var b strings.Builder
	b.WriteString(first)
	n := utf8.RuneCountInString(first)
	fresh := true // nothing written after the prefix yet
	for _, w := range groups(text) {
		wl := utf8.RuneCountInString(w)
		switch {
		case fresh:
		case n+1+wl > width:
			b.WriteString("\n" + rest)
			n = utf8.RuneCountInString(rest)
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += wl
		fresh = false
	}
	return b.String()
}

// groups splits text at blanks, keeping a bracketed group whole.
func groups(text string) []string {
	var out []string
	depth := 0
	for _, w := range strings.Fields(text) {
		if depth > 0 {
			out[len(out)-1] += " " + w
		} else {
			out = append(out, w)
		}
		depth += strings.Count(w, "[") - strings.Count(w, "]")
		depth = max(depth, 0)
	}
	return out
}
