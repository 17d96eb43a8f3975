// Package templates holds the mails the referee sends, as embedded
// text/template files, and the data each is drawn from. A report is drawn
// from a Report, which the daemon builds from one side's View (never from
// the whole game), so a report can tell a side nothing its View does not.
package templates

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"pbem/engine"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"
)

// ReportVersion numbers the layout of Report, which the JSON twin of a
// report carries (docs/report-schema.md). A change that renames or drops a
// field, or changes what one means, takes a new number.
const ReportVersion = 1

// Report is what one side's report (or the moderator's) says after a
// window is resolved, or when the game begins.
type Report struct {
	Version  int
	Game     string
	Scenario string
	Side     string // "" for the moderator's
	SideName string
	Resolved string   // the window just resolved, with its name; "" at the start
	Notes    []string // what the referee adds: no orders received, and the like
	Notices  []string // the moderators' actions since the last window
	Story    []string // the window's events this side may know, in order
	// Told is Story as the text tells it, runs of like events summed up
	// (pbem/report); the JSON twin keeps every event in Story.
	Told     []string `json:"-"`
	Turn     int
	LastTurn int
	VP       int // net victory points, from NetFor's point of view
	// NetFor names the side a single net total counts for ("Russian");
	// "" when each side keeps its own total (Scores).
	NetFor string  `json:",omitempty"`
	Scores []Score `json:",omitempty"`
	Level  string
	Bands  []Band `json:",omitempty"` // the levels of victory, highest first
	// BandsCase is the rule case of the levels.
	BandsCase string `json:",omitempty"`
	Own       []Unit
	Enemy     []Unit
	Markers   []string // Gruppe markers seen: "M3 in 0713"
	// MarkerName is what the rules call a marker hiding pieces
	// ("Gruppe markers"); Key is how to read a unit line, with the rule
	// cases of its values. Both are the rules system's.
	MarkerName string   `json:",omitempty"`
	Key        string   `json:",omitempty"`
	Ghosts     []string // enemies seen before and not now: "DE-1ID last seen in 0613 in GT1 DE-MOVE"
	Standing   []string // the side's standing orders in force
	Next       Window
	Address    string // where orders go
	Template   string // the order template of the next window
	Dice       Dice   `json:",omitzero"`
	// Chain is the hash of the newest link of the game's audit chain as
	// the report was made (docs/audit.md).
	Chain string `json:",omitempty"`
}

// Dice is what a report says of the dice (docs/dice.md): the commitment
// to the seed of the window now open, and the seed of the window just
// resolved, revealed, with what went into its rolls.
type Dice struct {
	Window     string  `json:",omitempty"` // the window now open
	Commitment string  `json:",omitempty"` // hex SHA-256 of its seed
	Last       *Reveal `json:",omitempty"`
}

// Reveal is a resolved window's seed and what went into its rolls.
type Reveal struct {
	Window     string
	Seed       string   // hex
	Commitment string   // as the report that opened the window gave it
	Nonces     []string // "SIDE NONCE", a line each, in the game's side order; "SIDE " for a side that sent none
	Rolls      int      // attempts of the public stream (docs/dice.md)
}

// Score is one side's victory points, when each side keeps its own.
type Score struct {
	Side string
	Name string // the side's name in the game data
	VP   int
}

// Band is one level of victory (T 21.3): it holds from Min net victory
// points up to one below the Min of the band above it.
type Band struct {
	Level string
	Min   int
}

// Unit is one unit as the report lists it.
type Unit struct {
	ID     string
	Hex    string
	Steps  string // "2/3"
	Values string // "4-6-5", "HQ 2-7-1 (3)"
	Name   string
	Notes  string // "entrained", "Gruppe 3", "arrives GT4 at B"
	// The markers on the counter: out of supply at its side's last supply
	// determination, out of command for this phase.
	OutOfSupply  bool `json:",omitempty"`
	OutOfCommand bool `json:",omitempty"`
}

// Window is the window now open.
type Window struct {
	ID       string
	Name     string
	Deadline string
	Due      bool // this side's orders are due
	Over     bool // the game is over
}

//go:embed report.tmpl
var reportText string

var report = template.Must(template.New("report").Funcs(template.FuncMap{"fill": fill, "units": unitLines,
	"join": func(s []string) string { return strings.Join(s, ", ") }, "nonce": nonceLine, "score": score,
	"count": count}).Parse(reportText))

// count is n nouns in words: "1 roll", "2 rolls".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Text is the report as a plain-text mail, at most 72 columns where the
// words allow.
func Text(r *Report) (string, error) {
	var b strings.Builder
	err := report.Execute(&b, r)
	return b.String(), err
}

// nonceLine shows "SIDE NONCE" with the nonce quoted, or that the side
// sent no file.
func nonceLine(s string) string {
	side, n, _ := strings.Cut(s, " ")
	if n == "" {
		return side + " sent no file: its nonce is empty"
	}
	return side + " " + strconv.Quote(n)
}

// score is the game-turn, the victory points, their level and what each
// level takes.
func score(r *Report) string {
	s := fmt.Sprintf("Game-turn %d of %d", r.Turn, r.LastTurn)
	switch {
	case r.NetFor != "":
		s += fmt.Sprintf(". Victory points %d (from the %s side)", r.VP, r.NetFor)
	case len(r.Scores) > 0:
		var each []string
		for _, sc := range r.Scores {
			each = append(each, fmt.Sprintf("%s %d", sc.Name, sc.VP))
		}
		s += ". Victory points: " + strings.Join(each, ", ")
	}
	if r.Level != "" {
		s += ": " + r.Level
	}
	s += "."
	if len(r.Bands) == 0 {
		return s
	}
	var ls []string
	for i, b := range r.Bands {
		switch {
		case i == 0:
			ls = append(ls, fmt.Sprintf("%s at %d or more", b.Level, b.Min))
		case i == len(r.Bands)-1:
			ls = append(ls, fmt.Sprintf("%s at %d or less", b.Level, r.Bands[i-1].Min-1))
		default:
			ls = append(ls, fmt.Sprintf("%s at %d to %d", b.Level, b.Min, r.Bands[i-1].Min-1))
		}
	}
	return s + " " + engine.Cited("The levels after the last game-turn", r.BandsCase) + ": " + strings.Join(ls, ", ") + "."
}

// Width is the columns a report's lines fit in.
const Width = 72

// unitColumns is where a unit line's name starts, after its ID, hex,
// steps and values, when they fit their columns; a long name goes on
// under itself.
const unitColumns = 38

// columns are the widths of a report's unit lines: ID, hex (or box),
// steps and values. The least are those every report had before a game
// with longer ids (9, 5, 4, 14); a column is as wide as its longest entry
// in the report's lists, so that a longer id or place ("eliminated")
// never pushes a line out of line. A game whose every unit has one step
// gets no steps column, and its columns no least widths.
type columns struct{ id, hex, steps, values int }

func unitColumnsOf(r *Report) columns {
	c := columns{9, 5, 4, 14}
	single := true
	for _, u := range append(append([]Unit(nil), r.Own...), r.Enemy...) {
		single = single && u.Steps == "1/1"
	}
	if single {
		c = columns{}
	}
	for _, u := range append(append([]Unit(nil), r.Own...), r.Enemy...) {
		c.id = max(c.id, utf8.RuneCountInString(u.ID))
		c.hex = max(c.hex, utf8.RuneCountInString(u.Hex))
		c.values = max(c.values, utf8.RuneCountInString(u.Values))
		if !single {
			c.steps = max(c.steps, utf8.RuneCountInString(u.Steps))
		}
	}
	return c
}

// unitLines is the units us of report r as it lists them, a line each.
func unitLines(r *Report, us []Unit) []string {
	c := unitColumnsOf(r)
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = c.line(u)
	}
	return out
}

// line is a unit as the report lists it: ID, hex, steps, values, then the
// name and notes, wrapped under the name.
func (c columns) line(u Unit) string {
	head := fmt.Sprintf("  %-*s %-*s ", c.id, u.ID, c.hex, u.Hex)
	if c.steps > 0 {
		head += fmt.Sprintf("%-*s ", c.steps, u.Steps)
	}
	head += fmt.Sprintf("%-*s ", c.values, u.Values)
	rest := u.Name
	if u.Notes != "" {
		rest += " (" + u.Notes + ")"
	}
	indent := utf8.RuneCountInString(head)
	if indent > Width-20 {
		indent = unitColumns
	}
	return head + fill(utf8.RuneCountInString(head), indent, rest)
}

// fill fills s into lines of at most Width columns, for text that starts
// at column first; the lines after the first are indented by indent
// blanks.
func fill(first, indent int, s string) string {
	return Fill(s, strings.Repeat(" ", first), strings.Repeat(" ", indent))[first:]
}

// Fill breaks text into lines of at most Width columns, the first line
// starting with the prefix first and the others with rest (blanks, or a
// comment's "# "). A short group in brackets or parentheses ("[std
// 10.41]") is never split, and a word longer than a line (a hash) stands
// alone on its line, whole.
func Fill(text, first, rest string) string {
	var b strings.Builder
	b.WriteString(first)
	n := utf8.RuneCountInString(first)
	for i, w := range words(text) {
		l := utf8.RuneCountInString(w)
		switch {
		case i == 0:
		case n+1+l > Width:
			b.WriteString("\n" + rest)
			n = utf8.RuneCountInString(rest)
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += l
	}
	return b.String()
}

// keep is the longest group in brackets or parentheses that fill keeps
// on one line: "[std 10.41]", "(in Gruppe 6)".
const keep = 24

// words is s's words, a short group in brackets or parentheses as one.
func words(s string) []string {
	var out, group []string
	closing := ""
	for _, w := range strings.Fields(s) {
		if closing == "" {
			switch {
			case strings.HasPrefix(w, "[") && !strings.Contains(w, "]"):
				closing = "]"
			case strings.HasPrefix(w, "(") && !strings.Contains(w, ")"):
				closing = ")"
			default:
				out = append(out, w)
				continue
			}
			group = []string{w}
			continue
		}
		group = append(group, w)
		if strings.Contains(w, closing) {
			if g := strings.Join(group, " "); utf8.RuneCountInString(g) <= keep {
				out = append(out, g)
			} else {
				out = append(out, group...)
			}
			group, closing = nil, ""
		}
	}
	return append(out, group...)
}

// JSON is the report's JSON twin (docs/report-schema.md): the same
// content as Text, for programs.
func JSON(r *Report) ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
