package orders

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pbem/engine"
	"pbem/engine/hex"
)

// Help is the players' reference of the order language of a verb table,
// in Markdown that reads as plain text: how a file is laid out, what each
// kind of word looks like, then one entry per verb with its usage line,
// summary, rule case and windows. Orders given in a window come first,
// standing orders (Windows "any") after, each group in table order. Hex
// words are described as RRCC ids (Tannenberg's); HelpWith describes a
// game's own.
func Help(verbs []engine.Verb) string { return HelpWith(verbs, hex.Codec{}) }

// HelpWith is Help for a game whose hex ids hexes reads.
func HelpWith(verbs []engine.Verb, hexes hex.Codec) string {
	return HelpFor(verbs, hexes, `    Game: t1
    Side: RU
    Window: GT1 RU-MOVE

    # my orders
    VERB WORD...   # a comment
`)
}

// HelpFor is HelpWith with example, an order file of the system's own
// (already indented or fenced), in place of the generic one.
func HelpFor(verbs []engine.Verb, hexes hex.Codec, example string) string {
	var b strings.Builder
	b.WriteString(`# The order language

An order file is plain UTF-8 text. It starts with a header of "Key: value"
lines that binds it to a game, a side and a window, ended by a blank line;
then comes one order per line:

` + example + `
Words are separated by blanks or tabs, and "#" starts a comment that runs to
the end of the line. A word that is one of the verb's keywords starts that
keyword's clause; clauses may come in any order, each at most once. Verbs,
keywords and choices may be written in any case; unit ids keep theirs. In
the usage lines below, [X] is optional and X... is one or more words.
`)
	if legend := wordLegend(verbs, hexes); legend != "" {
		b.WriteString("\n" + legend)
	}
	var window, standing []engine.Verb
	for _, v := range verbs {
		if isStanding(v) {
			standing = append(standing, v)
		} else {
			window = append(window, v)
		}
	}
	if len(window) > 0 {
		b.WriteString("\n## Window orders\n\nThese are given in the window they are sent for, and only there.\n")
		for _, v := range window {
			entry(&b, v)
		}
	}
	if len(standing) > 0 {
		b.WriteString("\n## Standing orders\n\n" + wrap("These may be sent in any window. They stay on file until replaced by a "+
			"later one for the same thing, and decide what falls to your side during the other side's turn.") + "\n")
		for _, v := range standing {
			entry(&b, v)
		}
	}
	return b.String()
}

// isStanding reports whether v is a standing order: given in any window.
func isStanding(v engine.Verb) bool {
	return slices.Contains(v.Windows, "any")
}

// entry writes the reference of one verb.
func entry(b *strings.Builder, v engine.Verb) {
	fmt.Fprintf(b, "\n### %s\n\n    %s\n", v.Name, v.Usage())
	if v.Summary != "" {
		b.WriteString("\n" + wrap(sentence(v.Summary)) + "\n")
	}
	b.WriteByte('\n')
	for _, c := range v.Clauses {
		if c.Kind == engine.Choice && len(c.Choices) > 0 {
			what := c.Help
			if c.Keyword != "" {
				what = c.Keyword + " " + what
			}
			b.WriteString(wrapIndent(fmt.Sprintf("- choices for %s: %s", what, strings.Join(c.Choices, ", ")), "  ") + "\n")
		}
	}
	if v.Case != "" {
		b.WriteString("- rule case: " + v.Case + "\n")
	}
	switch {
	case isStanding(v):
		b.WriteString("- windows: any window (standing order)\n")
	case len(v.Windows) > 0:
		b.WriteString("- windows: " + strings.Join(v.Windows, ", ") + "\n")
	}
	if v.Only != "" {
		b.WriteString("- given by: " + string(v.Only) + " only\n")
	}
}

// wordLegend explains each kind of word the table uses, under the names
// its usage lines give them.
func wordLegend(verbs []engine.Verb, hexes hex.Codec) string {
	kinds := []struct {
		kind engine.ArgKind
		what string
	}{
		{engine.HexID, "a hex: " + hexes.Shape() + ", like " + hexes.Example() + "."},
		{engine.UnitID, "a unit id as the reports print it, like RU-XV: a letter, then letters, digits, '-', '_' or '.'."},
		{engine.Number, "a whole number."},
		{engine.Condition, "a condition, written without blanks: a name, a comparison (>=, <=, =, <, >) and a number or a ratio."},
	}
	var b strings.Builder
	for _, k := range kinds {
		var names []string
		for _, v := range verbs {
			for _, c := range v.Clauses {
				if c.Kind != k.kind {
					continue
				}
				for _, n := range strings.Fields(c.Help) {
					if n = strings.TrimSuffix(n, "..."); n != "" && !slices.Contains(names, n) {
						names = append(names, n)
					}
				}
			}
		}
		if len(names) > 0 {
			b.WriteString(wrapIndent("- "+strings.Join(names, ", ")+": "+k.what, "  ") + "\n")
		}
	}
	return b.String()
}

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// wrap fills text into lines of at most 76 characters.
func wrap(text string) string { return Fill(text, "", 76) }

// wrapIndent is wrap with the lines after the first indented.
func wrapIndent(text, indent string) string { return Fill(text, indent, 76) }

// Fill breaks text into lines of at most width characters at blanks, the
// lines after the first starting with indent. A word longer than a line
// stands alone on its line.
func Fill(text, indent string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		switch {
		case i == 0:
		case n+1+utf8.RuneCountInString(w) > width:
			b.WriteString("\n" + indent)
			n = len(indent)
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += utf8.RuneCountInString(w)
	}
	return b.String()
}
