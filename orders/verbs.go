package orders

import (
	"errors"
	"fmt"

	"pbem/engine"
)

// CheckVerbs reports what in a verb table the parser cannot serve: names
// and keywords must be lower-case words (letters, digits and '-', starting
// with a letter), verb names unique, keywords unique within their verb and
// different from every verb name, the clause without keyword first, word
// counts sensible, and choices plain lower-case words. A ruleset's tests
// call it on its table.
func CheckVerbs(verbs []engine.Verb) error {
	var errs []error
	bad := func(v engine.Verb, format string, args ...any) {
		errs = append(errs, fmt.Errorf("verb %q: %s", v.Name, fmt.Sprintf(format, args...)))
	}
	names := map[string]bool{}
	for _, v := range verbs {
		if !isName(v.Name) {
			bad(v, "name is not a lower-case word")
		}
		if names[v.Name] {
			bad(v, "defined twice")
		}
		names[v.Name] = true
		if len(v.Windows) == 0 {
			bad(v, "no window accepts it")
		}
	}
	for _, v := range verbs {
		keys := map[string]bool{}
		for i, c := range v.Clauses {
			switch {
			case c.Keyword == "" && i > 0:
				bad(v, "the clause without keyword must come first")
			case c.Keyword != "" && !isName(c.Keyword):
				bad(v, "keyword %q is not a lower-case word", c.Keyword)
			case names[c.Keyword]:
				bad(v, "keyword %q is also a verb", c.Keyword)
			case keys[c.Keyword]:
				bad(v, "keyword %q used twice", c.Keyword)
			}
			keys[c.Keyword] = true
			if c.Min < 0 || c.Max < 0 || (c.Max > 0 && c.Min > c.Max) {
				bad(v, "clause %q takes %d to %d words", c.Keyword, c.Min, c.Max)
			}
			if c.Kind == engine.Choice && len(c.Choices) == 0 {
				bad(v, "clause %q is a choice without choices", c.Keyword)
			}
			for _, ch := range c.Choices {
				if !isChoice(ch) {
					bad(v, "choice %q is not a plain lower-case word", ch)
				}
			}
		}
	}
	return errors.Join(errs...)
}

// isName reports whether s is a lower-case word: a letter, then letters,
// digits and '-'.
func isName(s string) bool {
	return s != "" && 'a' <= s[0] && s[0] <= 'z' && isChoice(s)
}

// isChoice reports whether s is lower-case letters, digits and '-'.
func isChoice(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z') && !isDigit(c) && c != '-' {
			return false
		}
	}
	return true
}
