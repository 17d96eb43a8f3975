package adjudicate

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/rulesets"
)

type outcome struct {
	before, after engine.State
	events        []engine.Event
	err           error
	dice          *engine.Script
	// previews is each side's orders previewed before resolution
	// (engine.State.Preview).
	previews map[engine.Side][]engine.Remark
}

// check tests every expectation of the case. Expectations, one per line:
//
//	event "TEXT"                 some event's text contains TEXT
//	no-event "TEXT"              no event's text contains TEXT
//	rejected SIDE LINE "CASE"    SIDE's order on LINE was rejected, citing CASE
//	rejections N                 exactly N orders were rejected
//	unit ID at HEX               the unit stands in HEX
//	unit ID eliminated           the unit is out of play
//	unit ID steps N              the unit has N steps left
//	unit ID entrained | detrained | offmap
//	fort HEX lost N              the fortress has lost N steps
//	vp N                         net victory points
//	window ID                    the window now open
//	rolls N                      exactly N dice were rolled
//	error "TEXT"                 resolution failed with TEXT
//	remark SIDE LINE "TEXT"      the preview of SIDE's order on LINE says TEXT
//	warning SIDE LINE "TEXT"     the preview warns of SIDE's order on LINE: TEXT
//	refused SIDE LINE "TEXT"     the preview finds SIDE's order on LINE refused
//	                             whatever the dice and the other side do: TEXT
//	warnings SIDE N              the preview of SIDE's orders has N warnings
func (c *Case) check(o *outcome, r *Result) {
	lines := strings.Split(c.Sections["expect"], "\n")
	if o.err != nil && !strings.Contains(c.Sections["expect"], "error ") {
		r.failf("resolution failed: %v", o.err)
	}
	if err := o.dice.Err(); err != nil && !strings.Contains(c.Sections["expect"], "rolls ") {
		r.failf("%v", err)
	}
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos := fmt.Sprintf("line %d", c.Lines["expect"]+i)
		words, quoted := splitQuoted(line)
		bad := func(format string, args ...any) {
			r.failf("%s: %s: %s", pos, line, fmt.Sprintf(format, args...))
		}
		switch words[0] {
		case "event", "no-event":
			found := false
			for _, e := range o.events {
				found = found || strings.Contains(e.String(), quoted)
			}
			if words[0] == "event" && !found {
				bad("no such event")
			}
			if words[0] == "no-event" && found {
				bad("the event happened")
			}
		case "rejected":
			if len(words) < 3 {
				bad("want: rejected SIDE LINE \"CASE\"")
				continue
			}
			n, _ := strconv.Atoi(words[2])
			found := false
			for _, e := range o.events {
				rj, ok := e.(*engine.Rejected)
				if ok && string(rj.Side) == words[1] && rj.Problem.Line == n && strings.Contains(rj.Problem.Case, quoted) {
					found = true
				}
			}
			if !found {
				bad("no rejection of %s's line %d citing %q", words[1], n, quoted)
			}
		case "remark", "warning", "refused":
			if len(words) < 3 {
				bad("want: %s SIDE LINE \"TEXT\"", words[0])
				continue
			}
			n, _ := strconv.Atoi(words[2])
			found := false
			for _, rm := range o.previews[engine.Side(words[1])] {
				kind := "remark"
				switch {
				case rm.Warning:
					kind = "warning"
				case rm.Refused:
					kind = "refused"
				}
				if rm.Line == n && kind == words[0] && strings.Contains(rm.String(), quoted) {
					found = true
				}
			}
			if !found {
				bad("no such %s; the preview says: %s", words[0], remarks(o.previews[engine.Side(words[1])]))
			}
		case "warnings":
			if len(words) < 3 {
				bad("want: warnings SIDE N")
				continue
			}
			n, _ := strconv.Atoi(words[2])
			got := 0
			for _, rm := range o.previews[engine.Side(words[1])] {
				if rm.Warning {
					got++
				}
			}
			if got != n {
				bad("%d warnings; the preview says: %s", got, remarks(o.previews[engine.Side(words[1])]))
			}
		case "rejections":
			n, _ := strconv.Atoi(words[1])
			got := 0
			for _, e := range o.events {
				if _, ok := e.(*engine.Rejected); ok {
					got++
				}
			}
			if got != n {
				bad("%d rejections", got)
			}
		case "window":
			want := strings.TrimSpace(strings.TrimPrefix(line, "window"))
			if o.after == nil || o.after.Window().ID != want {
				got := ""
				if o.after != nil {
					got = o.after.Window().ID
				}
				bad("window is %q", got)
			}
		case "rolls":
			n, _ := strconv.Atoi(words[1])
			if o.dice.Used() != n {
				bad("%d dice rolled", o.dice.Used())
			}
		case "error":
			if o.err == nil || !strings.Contains(o.err.Error(), quoted) {
				bad("error was %v", o.err)
			}
		default:
			f, ok := rulesets.Fixture(o.after)
			if !ok {
				bad("unknown expectation, or no state after resolution")
				continue
			}
			if quoted != "" {
				words = append(words, quoted) // the quoted text is the last word
			}
			problem, known := f.Expect(words)
			switch {
			case !known:
				bad("unknown expectation")
			case problem != "":
				bad("%s", problem)
			}
		}
	}
}

// splitQuoted returns the words before a quoted part and the quoted text.
func splitQuoted(line string) ([]string, string) {
	i := strings.IndexByte(line, '"')
	if i < 0 {
		return strings.Fields(line), ""
	}
	j := strings.LastIndexByte(line, '"')
	q := ""
	if j > i {
		q = line[i+1 : j]
	}
	return strings.Fields(line[:i]), q
}

// remarks are a preview's remarks in words, one after another.
func remarks(rs []engine.Remark) string {
	if len(rs) == 0 {
		return "nothing"
	}
	var b []string
	for _, r := range rs {
		b = append(b, r.String())
	}
	return strings.Join(b, "; ")
}
