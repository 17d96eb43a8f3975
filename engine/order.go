package engine

import "strings"

// Order is one order as written in an order file, parsed but not yet bound
// to a game: a verb and clauses of words. The ruleset that accepts the verb
// gives the words their meaning (unit ids, hexes, numbers).
type Order struct {
	Line, Col int
	Verb      string
	Clauses   []Clause // the first has an empty Keyword: the words after the verb
}

// Clause is a keyword of the verb ("to", "with", "if") and the words that
// follow it up to the next keyword.
type Clause struct {
	Keyword string
	Words   []Word
}

// Word is one word of an order with its place in the file.
type Word struct {
	Text      string
	Line, Col int
}

// String prints the order in canonical form: verb, then each clause's
// keyword and words, separated by single blanks.
func (o Order) String() string {
	var b strings.Builder
	b.WriteString(o.Verb)
	for _, c := range o.Clauses {
		if c.Keyword != "" {
			b.WriteByte(' ')
			b.WriteString(c.Keyword)
		}
		for _, w := range c.Words {
			b.WriteByte(' ')
			b.WriteString(w.Text)
		}
	}
	return b.String()
}

// Clause returns the words of the clause with the given keyword ("" for
// the words right after the verb) and whether the clause is present.
func (o Order) Clause(keyword string) ([]Word, bool) {
	for _, c := range o.Clauses {
		if c.Keyword == keyword {
			return c.Words, true
		}
	}
	return nil, false
}

// ArgKind is what a word of an order must look like.
type ArgKind int

const (
	// AnyWord is any word.
	AnyWord ArgKind = iota
	// UnitID is a unit id as printed in reports ("RU-XV", "DE-1ID").
	UnitID
	// HexID is a hex id in the game's numbering ("2918", "66.18"), checked
	// with the game's hex.Codec (orders.ParseWith).
	HexID
	// Number is a whole number.
	Number
	// Choice is one of the Verb clause's Choices.
	Choice
	// Condition is a guard such as "odds>=2-1".
	Condition
)

// ClauseSpec describes one clause of a verb.
type ClauseSpec struct {
	Keyword  string  // "" for the words right after the verb
	Kind     ArgKind // what each word must be
	Min, Max int     // how many words; Max 0 means no limit
	Choices  []string
	Required bool
	Help     string // e.g. "HEX..."
}

// Verb is one verb of a ruleset's order language: one table drives the
// parser, `pbem help orders` and the order templates of reports.
type Verb struct {
	Name    string
	Clauses []ClauseSpec // in canonical order
	Windows []string     // kinds of window that accept it ("move", "combat", "cavwd", "any")
	Only    Side         // the one side that may give it, if the rules say so
	Summary string
	Case    string // the rule case it implements
}

// Usage is the verb's synopsis: "move UNIT [to HEX] [via HEX...]".
func (v Verb) Usage() string {
	var b strings.Builder
	b.WriteString(v.Name)
	for _, c := range v.Clauses {
		part := c.Help
		if c.Keyword != "" {
			part = c.Keyword + " " + c.Help
		}
		if !c.Required {
			part = "[" + part + "]"
		}
		b.WriteByte(' ')
		b.WriteString(part)
	}
	return b.String()
}

// Holds reports whether a comparison op (">=", "<=", "=", "<", ">") of a
// condition holds, given the sign of the difference of its two sides.
func Holds(op string, cmp int) bool {
	switch op {
	case ">=":
		return cmp >= 0
	case "<=":
		return cmp <= 0
	case "=":
		return cmp == 0
	case "<":
		return cmp < 0
	}
	return cmp > 0
}
