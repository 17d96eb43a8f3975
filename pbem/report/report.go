// Package report builds what one side's report says (templates.Report)
// from that side's View of the game and the events it may see, never from
// the game itself, and the moderators' report from the whole.
package report

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/templates"
)

// Input is what the report needs besides the game: who and what it is
// for, the window's events, and the mail's particulars.
type Input struct {
	Game     string
	Side     engine.Side // engine.Moderator for the moderators' report
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
	b := st.View(in.Side).Board()
	w := b.Window
	r := &templates.Report{
		Version: templates.ReportVersion, Game: in.Game, Side: string(in.Side), Resolved: in.Resolved,
		Notes: in.Notes, Notices: in.Notices, Turn: b.Turn, LastTurn: b.LastTurn, Level: b.Score.Level,
		Address: in.Address, Template: in.Template, Scenario: b.Scenario, Dice: in.Dice, Chain: in.Chain,
		Next: templates.Window{ID: w.ID, Name: w.Name, Deadline: in.Deadline, Due: slices.Contains(w.Submit, in.Side), Over: w.Done},
	}
	r.SideName, r.MarkerName, r.Key = b.Names[b.Side], b.MarkerName, b.Key
	score(r, b)
	var seen []engine.Event
	for _, e := range in.Events {
		if in.Side == engine.Moderator && glimpse(e) {
			continue // the moderators have the whole move
		}
		if in.Side == engine.Moderator || engine.Visible(e, in.Side) {
			seen = append(seen, sent(e, in.Lines))
			r.Story = append(r.Story, seen[len(seen)-1].String())
		}
	}
	r.Told = told(seen)
	for _, p := range b.Pieces {
		switch {
		case p.Marker:
			r.Markers = append(r.Markers, fmt.Sprintf("%s in %s", p.ID, p.Hex))
		case in.Side == engine.Moderator || p.Side == in.Side:
			r.Own = append(r.Own, Describe(b, p))
		default:
			r.Enemy = append(r.Enemy, Describe(b, p))
		}
	}
	for _, g := range b.Ghosts {
		r.Ghosts = append(r.Ghosts, fmt.Sprintf("%s last seen in %s, %s", g.ID, g.Hex, g.Window))
	}
	r.Standing = b.Standing
	return r
}

// score puts the score on the report: one net total, or one per side.
func score(r *templates.Report, b *engine.Board) {
	s := b.Score
	for _, l := range s.Levels {
		r.Bands = append(r.Bands, templates.Band{Level: l.Level, Min: l.Min})
	}
	r.BandsCase = s.LevelsCase
	if s.Net && len(s.Points) == 1 {
		r.VP = s.Points[0].VP
		r.NetFor = b.Names[s.Points[0].Side]
		return
	}
	for _, p := range s.Points {
		r.Scores = append(r.Scores, templates.Score{Side: string(p.Side), Name: b.Names[p.Side], VP: p.VP})
	}
}

// glimpse reports whether e is the part of a move one side saw.
func glimpse(e engine.Event) bool {
	m, ok := engine.Unwrap(e).(engine.Mover)
	return ok && m.Movement().Glimpse
}

// Describe is a piece of board b as reports and templates list it; on a
// side of several nations, its nation comes first in its notes.
func Describe(b *engine.Board, p engine.Piece) templates.Unit {
	where := p.Place
	if p.OnMap {
		where = p.Hex.String()
	}
	notes := p.Notes
	if n := b.Nations[p.Nation]; n != "" {
		notes = append([]string{n}, notes...)
	}
	return templates.Unit{ID: p.ID, Hex: where, Steps: fmt.Sprintf("%d/%d", p.Steps, p.MaxSteps), Values: p.Listed, Name: p.Name,
		Notes: strings.Join(notes, ", "), OutOfSupply: p.OutOfSupply, OutOfCommand: p.OutOfCommand}
}
