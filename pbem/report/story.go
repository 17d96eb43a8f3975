package report

import (
	"fmt"
	"strings"

	"pbem/engine"
)

// sent is e with the line of a rejected order as the player's file has
// it, when lines knows it: the resolution reads the canonical text, whose
// lines are not those the acknowledgement quoted.
func sent(e engine.Event, lines map[engine.Side]map[int]int) engine.Event {
	r, ok := engine.Unwrap(e).(*engine.Rejected)
	if !ok {
		return e
	}
	line, ok := lines[r.Side][r.Problem.Line]
	if !ok {
		return e
	}
	c := *r
	c.Problem.Line = line
	return &c
}

// minRun is the shortest run of like events the text sums up: two lines
// read as easily as one.
const minRun = 3

// maxOutcomes is the most outcomes a run may have to be summed up: a
// summary says who had which, which reads well only for a few.
const maxOutcomes = 3

// outcomes is how many different outcomes the events of run had.
func outcomes(run []engine.Event) int {
	seen := map[string]bool{}
	for _, e := range run {
		_, _, o := fold(e)
		seen[o] = true
	}
	return len(seen)
}

// told is the story as the text tells it: each run of at least minRun
// consecutive events of one kind (fold) summed up in one line, the others
// as they are. The JSON twin and the audit keep every event.
func told(events []engine.Event) []string {
	var out []string
	for i := 0; i < len(events); {
		k, _, _ := fold(events[i])
		j := i + 1
		for k != "" && j < len(events) {
			if k2, _, _ := fold(events[j]); k2 != k {
				break
			}
			j++
		}
		if j-i < minRun || outcomes(events[i:j]) > maxOutcomes {
			for _, e := range events[i:j] {
				out = append(out, e.String())
			}
		} else {
			out = append(out, summary(events[i:j]))
		}
		i = j
	}
	return out
}

// fold is what makes events alike, kind, and what sets each apart: its
// subject and its outcome. A roll's kind is its purpose up to the subject
// after the last comma ("command control for movement, DE-9LW") and its
// rule case; a note's, its text after the subject (its first word) and its
// case. Kind "" is an event that is not summed up.
func fold(e engine.Event) (kind, subject, outcome string) {
	switch x := engine.Unwrap(e).(type) {
	case *engine.Roll:
		i := strings.LastIndex(x.Purpose, ", ")
		if i < 0 {
			return "", "", ""
		}
		return "roll|" + x.Purpose[:i] + "|" + x.Case, x.Purpose[i+2:], x.Result
	case *engine.Note:
		subject, rest, ok := strings.Cut(x.Text, " ")
		if !ok || !strings.ContainsAny(subject, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") {
			return "", "", "" // not a unit or a hex ("a Gruppe marker ...")
		}
		return "note|" + rest + "|" + x.Case, subject, ""
	}
	return "", "", ""
}

// summary is one line for a run of like events: for rolls, how many and
// which subjects had each outcome; for notes, the subjects and the text
// they share.
func summary(run []engine.Event) string {
	switch x := engine.Unwrap(run[0]).(type) {
	case *engine.Roll:
		var order []string
		by := map[string][]string{}
		for _, e := range run {
			_, subject, outcome := fold(e)
			if _, ok := by[outcome]; !ok {
				order = append(order, outcome)
			}
			by[outcome] = append(by[outcome], subject)
		}
		var parts []string
		for _, o := range order {
			parts = append(parts, strings.TrimSpace(o+" "+strings.Join(by[o], ", ")))
		}
		purpose := x.Purpose[:strings.LastIndex(x.Purpose, ", ")]
		return engine.Cited(fmt.Sprintf("%d rolls for %s: %s", len(run), purpose, strings.Join(parts, "; ")), x.Case)
	case *engine.Note:
		var subjects []string
		for _, e := range run {
			_, s, _ := fold(e)
			subjects = append(subjects, s)
		}
		_, rest, _ := strings.Cut(x.Text, " ")
		return engine.Cited("each of "+strings.Join(subjects, ", ")+" "+rest, x.Case)
	}
	return run[0].String()
}
