package daemon

import (
	"fmt"
	"strings"
	"time"

	"pbem/pbem/referee"
)

// games lists the games for `pbem game list`: those in the database
// (which ""), the records of those archived ("archived"), or both ("all").
func games(ref *referee.Referee, which string, now time.Time) (string, error) {
	var b strings.Builder
	if which != "archived" {
		gs, err := ref.Games(now)
		if err != nil {
			return "", err
		}
		for _, g := range gs {
			state := "deadline " + g.Deadline.UTC().Format("2006-01-02 15:04 MST")
			switch {
			case g.Over:
				state = "over"
			case g.Paused:
				state = "paused"
			}
			fmt.Fprintf(&b, "%-16s %-20s %-16s %s; on file: %s\n", g.ID, g.Scenario, g.Window, state, orNone(g.Sent))
		}
		if len(gs) == 0 {
			b.WriteString("no games\n")
		}
	}
	if which == "" {
		return b.String(), nil
	}
	arch, err := ref.Archived()
	if err != nil {
		return "", err
	}
	if which == "all" {
		b.WriteString("archived:\n")
	}
	for _, a := range arch {
		fmt.Fprintf(&b, "%-16s %-20s archived %s: %s\n  %s, %d bytes, sha256 %s\n", a.ID, a.Scenario,
			a.At.UTC().Format("2006-01-02 15:04 MST"), a.Result, a.File, a.Size, a.SHA256)
	}
	if len(arch) == 0 {
		b.WriteString("no games archived\n")
	}
	return b.String(), nil
}
