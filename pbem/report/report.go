// Package report builds what one side's report says (templates.Report)
// from that side's View of the game and the events it may see, never from
// the game itself, and the moderators' report from the whole.
package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/engine/scenario"
	"pbem/templates"
)

// Input is what the report needs besides the game: who and what it is
// for, the window's events, and the mail's particulars.
type Input struct {
	Game     string
	Side     engine.Side // gwite.Moderator for the moderators' report
	Resolved string      // "GT1 DE-SETUP (German hidden set-up)"; "" at the start
	Events   []engine.Event
	Notes    []string
	Notices  []string
	Deadline string
	Address  string
	Template string
	Dice     templates.Dice
	Chain    string // the head of the game's audit chain
	// Lines maps, for each side, the line of an order in the text the
	// resolution read to its line in the file the player sent.
	Lines map[engine.Side]map[int]int
}

// Build is the report of in.Side after the events, with st the game as it
// now stands.
func Build(st engine.State, in Input) *templates.Report {
	v := st.View(in.Side).(*gwite.View)
	w := v.Win
	r := &templates.Report{
		Version: templates.ReportVersion, Game: in.Game, Side: string(in.Side), Resolved: in.Resolved,
		Notes: in.Notes, Notices: in.Notices, Turn: v.Turn, LastTurn: v.LastTurn(), VP: v.VP, Level: v.Level,
		Address: in.Address, Template: in.Template, Scenario: v.ScenarioTitle(), Dice: in.Dice, Chain: in.Chain,
		Next: templates.Window{ID: w.ID, Name: w.Name, Deadline: in.Deadline, Due: slices.Contains(w.Submit, in.Side), Over: w.Done},
	}
	r.SideName = v.SideName()
	for _, l := range v.VictoryLevels() {
		r.Bands = append(r.Bands, templates.Band{Level: l.Level, Min: l.Min})
	}
	var seen []engine.Event
	for _, e := range in.Events {
		if in.Side == gwite.Moderator && glimpse(e) {
			continue // the moderators have the whole move
		}
		if in.Side == gwite.Moderator || engine.Visible(e, in.Side) {
			seen = append(seen, sent(e, in.Lines))
			r.Story = append(r.Story, seen[len(seen)-1].String())
		}
	}
	r.Told = told(seen)
	for _, u := range v.Units {
		if u.Loc == gwite.Eliminated {
			continue
		}
		if in.Side == gwite.Moderator || u.Side == in.Side {
			r.Own = append(r.Own, Describe(u))
		} else {
			r.Enemy = append(r.Enemy, Describe(u))
		}
	}
	for _, m := range v.Markers {
		r.Markers = append(r.Markers, fmt.Sprintf("%s in %s", m.Token, m.Hex))
	}
	for _, g := range v.Ghosts {
		r.Ghosts = append(r.Ghosts, fmt.Sprintf("%s last seen in %s, %s", g.ID, g.Hex, g.Window))
	}
	r.Standing = Standing(v.Own)
	return r
}

// unwrap is the event e holds, when a fog screen wraps it.
func unwrap(e engine.Event) engine.Event {
	for {
		w, ok := e.(interface{ Unwrap() engine.Event })
		if !ok {
			return e
		}
		e = w.Unwrap()
	}
}

// glimpse reports whether e is the part of a move one side saw.
func glimpse(e engine.Event) bool {
	switch m := unwrap(e).(type) {
	case *gwite.Moved:
		return m.Glimpse
	case *gwite.MarkerMoved:
		return m.Glimpse
	}
	return false
}

// Describe is a unit as reports and templates list it.
func Describe(u gwite.UnitView) templates.Unit {
	where := u.Hex.String()
	switch u.Loc {
	case gwite.OffMap:
		where = "off-map"
	case gwite.NotArrived:
		where = "due-" + u.Entry
	case gwite.Held:
		where = "held" // enters when a rule brings it in (T 19)
	}
	values := u.Strength.String()
	if u.Type == scenario.HQ {
		values = "HQ " + u.HQ.String()
		if u.Heroic {
			values = strings.TrimSuffix(values, ")") + "h)" // as on the counter (std 10.12)
		}
	}
	var notes []string
	if u.Steps < u.MaxSteps {
		notes = append(notes, fmt.Sprintf("%d of %d steps", u.Steps, u.MaxSteps))
	}
	if u.OutOfSupply {
		notes = append(notes, "out of supply [9.2]")
	}
	if u.OutOfCommand {
		notes = append(notes, "out of command [10.4]")
	}
	if u.Entrained {
		notes = append(notes, "entrained")
	}
	if u.Gruppe > 0 {
		notes = append(notes, fmt.Sprintf("in Gruppe %d", u.Gruppe))
	}
	if u.Loc == gwite.NotArrived && u.Arrive > 0 {
		notes = append(notes, fmt.Sprintf("arrives GT%d", u.Arrive))
	}
	return templates.Unit{ID: u.ID, Hex: where, Steps: fmt.Sprintf("%d/%d", u.Steps, u.MaxSteps), Values: values, Name: u.Name, Notes: strings.Join(notes, ", "),
		OutOfSupply: u.OutOfSupply, OutOfCommand: u.OutOfCommand}
}

// Standing lists a side's standing orders in force, as orders.
func Standing(s *gwite.Standing) []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, r := range slices.Sorted(maps.Keys(s.Options)) {
		words := []string{"options", r.String()}
		for _, o := range s.Options[r] {
			words = append(words, string(o))
		}
		out = append(out, strings.Join(words, " "))
	}
	for _, id := range slices.Sorted(maps.Keys(s.Withdraw)) {
		w := s.Withdraw[id]
		o := "withdrawal " + id + " " + w.Mode
		if w.Mode == "sp" {
			o += fmt.Sprintf(" %d", w.SP)
		}
		out = append(out, o)
	}
	for _, id := range slices.Sorted(maps.Keys(s.Toward)) {
		out = append(out, "retreat "+id+" toward "+s.Toward[id].String())
	}
	if len(s.Overstack) > 0 {
		out = append(out, "overstack "+strings.Join(s.Overstack, " "))
	}
	if len(s.Losses) > 0 {
		out = append(out, "losses "+strings.Join(s.Losses, " "))
	}
	for _, hq := range slices.Sorted(maps.Keys(s.Plan)) {
		out = append(out, "plan "+hq+" with "+strings.Join(s.Plan[hq], " "))
	}
	return out
}
