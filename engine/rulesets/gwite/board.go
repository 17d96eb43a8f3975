package gwite

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/scenario"
)

// Board implements engine.View: the view in the terms reports, maps and
// templates share with every ruleset.
func (v *View) Board() *engine.Board {
	b := &engine.Board{Side: v.For, Window: v.Win, Turn: v.Turn, LastTurn: v.scen.Last,
		Scenario: v.scen.Title, Map: v.Map, Sides: v.data.Sides, Names: v.data.SideNames, Standing: v.Own.Lines()}
	b.MarkerName, b.Key = "Gruppe markers", unitKey
	// T 21: one net total, from the Russian side.
	b.Score = engine.Score{Points: []engine.Points{{Side: "RU", VP: v.VP}}, Net: true, Level: v.Level, LevelsCase: "T 21.3"}
	for _, l := range v.data.Victory { // T 21.3
		b.Score.Levels = append(b.Score.Levels, engine.Level{Min: l.Min, Level: l.Level})
	}
	for _, u := range v.Units {
		if u.Loc != Eliminated {
			b.Pieces = append(b.Pieces, boardPiece(u))
		}
	}
	for _, m := range v.Markers {
		b.Pieces = append(b.Pieces, engine.Piece{ID: m.Token, Side: "DE", OnMap: true, Hex: m.Hex, Marker: true})
	}
	for _, g := range v.Ghosts {
		p := engine.Piece{ID: g.ID, Side: g.Side, Type: g.Type, Size: g.Size, OnMap: true, Hex: g.Hex}
		p.Marker = strings.HasPrefix(g.ID, "marker ")
		b.Ghosts = append(b.Ghosts, engine.Ghost{Piece: p, Turn: g.Turn, When: fmt.Sprintf("GT%d", g.Turn), Window: g.Window})
	}
	if v.sight != nil { // limited fog
		for _, h := range v.Map.Grid.All() {
			if !v.sight[h] {
				b.Unseen = append(b.Unseen, h)
			}
		}
	}
	if slices.Contains(v.Win.Submit, v.For) {
		for _, u := range v.Units {
			if u.Side == v.For && acts(v, u) {
				b.Actors = append(b.Actors, u.ID)
			}
		}
	}
	return b
}

// unitKey is what the numbers of a unit line mean (docs/players.md says
// more).
const unitKey = "How to read a unit line: unit, hex (due-A: a reinforcement " +
	"to enter at A; held: it enters when a rule brings it in), steps " +
	"left/steps in all, values, name. A unit's values " +
	"are attack-defense-movement allowance [std 2.3]. An HQ's, HQ S-C-R (D), " +
	"are its attack shift, lent to one attack within its radius each Combat " +
	"Phase; its command strength, the SP of units it can put in command " +
	"control; its command radius, in hexes; and its combat strength, " +
	"marked h for a Heroic HQ, which attacks with it too [std 10.11, 10.12]."

// acts reports whether u may be given orders in the window open in v.
func acts(v *View, u UnitView) bool {
	switch v.Win.Kind {
	case "MOVE": // on the map, off it by rail, or due now (std 14.24)
		return u.Loc == OnMap || u.Loc == OffMap || u.Loc == NotArrived && u.Arrive > 0 && u.Arrive <= v.Turn
	case "COMBAT":
		return u.Loc == OnMap && u.Type != scenario.Depot
	case "CAVWD":
		return u.Loc == OnMap && u.Type == scenario.Cavalry
	}
	return u.Loc == OnMap // set-up: what goes into the Gruppen
}

// boardPiece is a unit as the board shows it.
func boardPiece(u UnitView) engine.Piece {
	p := engine.Piece{ID: u.ID, Name: u.Name, Side: u.Side, Type: u.Type, Size: u.Size, OnMap: u.Loc == OnMap, Hex: u.Hex,
		Steps: u.Steps, MaxSteps: u.MaxSteps, OutOfSupply: u.OutOfSupply, OutOfCommand: u.OutOfCommand,
		Values: u.Strength.String(), Strength: u.Strength.Attack + u.Strength.Defense}
	switch u.Loc {
	case OffMap:
		p.Place = "off-map"
	case NotArrived:
		p.Place = "due-" + u.Entry
	case Held:
		p.Place = "held" // enters when a rule brings it in (T 19)
	}
	p.Listed = p.Values
	if u.Type == scenario.HQ {
		p.Values = fmt.Sprintf("%d-%d-%d", u.HQ.Shift, u.HQ.Command, u.HQ.Radius)
		p.Strength = 0
		p.Listed = "HQ " + u.HQ.String()
		if u.Heroic {
			p.Listed = strings.TrimSuffix(p.Listed, ")") + "h)" // as on the counter (std 10.12)
		}
	}
	if u.Steps < u.MaxSteps {
		p.Notes = append(p.Notes, fmt.Sprintf("%d of %d steps", u.Steps, u.MaxSteps))
	}
	if u.OutOfSupply {
		p.Notes = append(p.Notes, "out of supply [9.2]")
	}
	if u.OutOfCommand {
		p.Notes = append(p.Notes, "out of command [10.4]")
	}
	if u.Entrained {
		p.Notes = append(p.Notes, "entrained")
	}
	if u.Gruppe > 0 {
		p.Group = fmt.Sprintf("G%d", u.Gruppe) // own units only (View)
		p.Notes = append(p.Notes, fmt.Sprintf("in Gruppe %d", u.Gruppe))
	}
	if u.Loc == NotArrived && u.Arrive > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("arrives GT%d", u.Arrive))
	}
	return p
}

// Lines are the standing orders in force, as orders.
func (s *Standing) Lines() []string {
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

// Movement implements engine.Mover.
func (m *Moved) Movement() engine.Movement {
	return engine.Movement{Who: m.Unit, Side: m.Side, Path: m.Path, Rail: m.Rail, Glimpse: m.Glimpse}
}

// Movement implements engine.Mover: the marker moves for the German.
func (m *MarkerMoved) Movement() engine.Movement {
	mv := engine.Movement{Who: "marker " + m.Token, Side: "DE", Path: m.Path, Glimpse: m.Glimpse}
	if m.N > 0 {
		mv.Group = fmt.Sprintf("G%d", m.N)
	}
	return mv
}

// Clash implements engine.Fighter: the fight is marked at the first hex
// attacked, with both results.
func (c *Combat) Clash() (engine.Clash, bool) {
	if len(c.Targets) == 0 {
		return engine.Clash{}, false
	}
	return engine.Clash{Hex: c.Targets[0], Result: fmt.Sprintf("A%s / D%s", c.AttResult, c.DefResult)}, true
}
