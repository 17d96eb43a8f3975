package kw

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// View is what one side may know. Under the standard rules nothing on the
// map or in the boxes is hidden, VP are public and every roll is open
// (digest 7.1); only the other side's standing orders are private.
type View struct {
	For   scenario.Side
	Win   engine.Window
	Turn  int
	Label string // the turn as the track names it ("Aug-1914")
	// Weather and the year's CP Main Effort (22.0, 8.0).
	Weather, Effort string
	VP              map[scenario.Side]int
	// Units are the counters in play (on the map, in its boxes, due or
	// waiting), by id.
	Units []UnitView
	// Control is the side controlling each land hex of the belligerents
	// (7.3).
	Control map[hex.Hex]scenario.Side
	// Zones are, for each of the side's units still to deploy, the hexes of
	// its set-up zone (3.2).
	Zones map[string][]hex.Hex
	// Places are, in the side's Mobilization Phase, the hexes where each of
	// its units waiting to be placed may go now (9.4-9.8); Buy, for each
	// kind of unit it may buy ("inf/RU"), the price and the hexes where
	// one bought now could be placed.
	Places map[string][]hex.Hex
	Buy    map[string]Purchase
	// Country is the 1914 country of each land hex (7.1); Rail the rail
	// lines from each rail hex (18.0).
	Country map[hex.Hex]string
	Rail    map[hex.Hex][]hex.Hex
	// Plan is what the side could work out from the board for its window
	// (viewplan.go); nil for the moderators.
	Plan  *Plan
	board *engine.Board
}

// Purchase is what one more unit of a kind costs and where it could go.
type Purchase struct {
	Type, Nation string
	Cost         int
	Delay        int // turns before it arrives (9.5)
	Hexes        []hex.Hex
}

// UnitView is a counter as a side sees it.
type UnitView struct {
	ID, Name, Nation string
	Side             scenario.Side
	Type, Size       string
	Loc              string // map, dead, available, due, pending, held, deploy
	Hex              hex.Hex
	Attack, Defense  int
	Move             int
	Support, Radius  int // bracketed support factor; HQ, supply or airbase radius
	Army             bool
	Back, Moved      bool
	Inert            bool // a neutral country's unit (23.0(2))
	// Hidden: a face-down enemy counter ([Opt: Fog of War]); only its side,
	// its hex and, on top of its stack, its nation are known.
	Hidden bool
}

// Side implements engine.View.
func (v *View) Side() scenario.Side { return v.For }

// Window implements engine.View.
func (v *View) Window() engine.Window { return v.Win }

// Board implements engine.View.
func (v *View) Board() *engine.Board { return v.board }

// View implements engine.State.
func (s *State) View(side scenario.Side) engine.View {
	g := s.d.g
	b := &engine.Board{Side: side, Sides: g.Sides, Names: g.SideNames, Nations: map[string]string{}, Window: s.Window(),
		Turn: s.Turn, LastTurn: s.lastTurn(), Scenario: s.d.s.Title, Map: g.Map, Track: s.track(), Key: unitKey}
	for _, n := range g.Vocab.Nations {
		b.Nations[n.ID] = n.Name
	}
	b.Score = engine.Score{LevelsCase: "4.3"}
	for _, sd := range []scenario.Side{CP, AL} {
		b.Score.Points = append(b.Score.Points, engine.Points{Side: sd, VP: s.VP[sd]})
	}
	b.Score.Level = levelOf(abs(s.VP[CP] - s.VP[AL]))
	if s.Over {
		b.Score.Level = s.Level
	}
	for _, l := range []struct {
		min   int
		level string
	}{{76, "Imperial Victory"}, {51, "Continental Victory"}, {26, "Marginal Victory"}, {0, "Draw"}} {
		b.Score.Levels = append(b.Score.Levels, engine.Level{Min: l.min, Level: l.level})
	}
	for _, u := range s.Units {
		if !s.seenBy(u, side) {
			if pc, ok := s.faceDown(u); ok {
				b.Pieces = append(b.Pieces, pc)
			}
			continue
		}
		if p, ok := s.piece(u); ok {
			b.Pieces = append(b.Pieces, p)
		}
	}
	if side != engine.Moderator {
		for _, o := range s.Standing[side] {
			b.Standing = append(b.Standing, o.String())
		}
	}
	b.Lines = s.frontLines()
	w := b.Window
	if side == w.Phasing || side == engine.Moderator {
		for _, u := range s.Units {
			if s.prof(u).Side == w.Phasing && s.acts(u) {
				b.Actors = append(b.Actors, u.ID)
			}
		}
	}
	t := s.d.turn(s.Turn)
	v := &View{For: side, Win: w, Turn: s.Turn, Label: t.Label, Weather: t.Weather, Effort: s.effort(s.Turn),
		VP: copyMap(s.VP), Control: map[hex.Hex]scenario.Side{}, Zones: map[string][]hex.Hex{},
		Country: s.d.country, Rail: s.d.rail, board: b}
	for _, u := range s.Units {
		if u.Loc == locPool || u.Loc == locRemoved {
			continue
		}
		if !s.seenBy(u, side) {
			if pc, ok := s.faceDown(u); ok {
				v.Units = append(v.Units, UnitView{Nation: pc.Nation, Side: pc.Side, Loc: locMap, Hex: u.Hex, Hidden: true})
			}
			continue
		}
		p, f := s.prof(u), s.faceOf(u)
		v.Units = append(v.Units, UnitView{ID: u.ID, Name: f.Name, Nation: p.Nation, Side: p.Side, Type: p.Type, Size: p.Size,
			Loc: u.Loc, Hex: u.Hex, Attack: f.Attack, Defense: f.Defense, Move: f.Move, Support: f.Support, Radius: f.Radius,
			Army: p.army(), Back: u.Back, Moved: u.Moved, Inert: s.inert(u)})
		if u.Loc == locDeploy && p.Side == side {
			for _, h := range s.d.grid.All() {
				if s.inZone(u, h) == "" {
					v.Zones[u.ID] = append(v.Zones[u.ID], h)
				}
			}
		}
	}
	for h := range s.d.country {
		if c := s.controller(h); c != "" {
			v.Control[h] = c
		}
	}
	if s.Phase == phMob && side == w.Phasing {
		v.Places, v.Buy = s.mobOptions(side)
	}
	if side != engine.Moderator {
		v.Plan = s.plan(side, w)
	}
	return v
}

// mobOptions are the placements and purchases open to side in its
// Mobilization Phase, as a player could work them out from the map.
func (s *State) mobOptions(side scenario.Side) (map[string][]hex.Hex, map[string]Purchase) {
	ez := s.ezoc(side)
	legal := func(u *unit) []hex.Hex {
		var out []hex.Hex
		for _, h := range s.candidates(u) {
			if s.placeProblem(u, h, ez) == "" {
				out = append(out, h)
			}
		}
		return out
	}
	places := map[string][]hex.Hex{}
	for _, u := range s.Units {
		if u.Loc == locPending && s.prof(u).Side == side {
			places[u.ID] = legal(u)
		}
	}
	buy := map[string]Purchase{}
	for _, typ := range []string{tInf, tCav, tSupply, tShock, tAlpine, tArmTrain, tAirbase} {
		for _, n := range sideNations[side] {
			u := s.outOfPlay(side, typ, n)
			if u == nil || s.nationProblem(side, n) != "" {
				continue
			}
			_, cost, prob := s.price(u)
			if prob != "" {
				continue
			}
			was := u.Loc
			u.Loc = locPending
			hs := legal(u)
			u.Loc = was
			buy[typ+"/"+n] = Purchase{Type: typ, Nation: n, Cost: cost, Delay: s.d.tables.buy[typ].Delay, Hexes: hs}
		}
	}
	return places, buy
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// track is the turn track of the game's turns, from the scenario's first
// to the last the players agreed (3.1).
func (s *State) track() []*scenario.Turn {
	var out []*scenario.Turn
	for _, t := range s.d.g.TurnTrack(s.d.s) {
		if t.N >= s.d.s.First && t.N <= s.lastTurn() {
			out = append(out, t)
		}
	}
	return out
}

// frontLines are the scenario's front line (7.1) while it matters: in the
// set-up and the first turn, when control starts from it (7.3(3)). The
// data draws it as front records named like the front region, and pieces
// of it as NAME-2, NAME-3...
func (s *State) frontLines() []engine.Line {
	if s.Turn != s.d.s.First || s.d.s.Front == "" {
		return nil
	}
	var out []engine.Line
	for _, f := range s.d.m.Fronts {
		if f.ID == s.d.s.Front || strings.HasPrefix(f.ID, s.d.s.Front+"-") && f.ID != s.d.s.Front+"-ro" {
			if len(out) == 0 {
				out = append(out, engine.Line{Name: f.Name})
			}
			out[0].Sides = append(out[0].Sides, f.Sides...)
		}
	}
	return out
}

// unitKey is how to read a unit line of a report.
const unitKey = "How to read a unit line: unit, hex or box, values, name. A unit's values are " +
	"attack-defence-movement [2.4]; an HQ's or airbase's attack is its bracketed support factor, " +
	"which it adds to one battle a combat phase, followed by its radius in hexes [19.1]; a supply " +
	"unit's radius follows its values [17.2]."

// acts reports whether u may be given orders in the open window.
func (s *State) acts(u *unit) bool {
	switch s.Phase {
	case phSetup:
		return u.Loc == locDeploy
	case phMob:
		return u.Loc == locPending || u.Loc == locMap
	case phCombat1, phCombat2:
		return u.Loc == locMap && s.faceOf(u).Attack > 0
	}
	return u.Loc == locMap
}

// zoneText is u's set-up zone in words: "in RU, north of Warsaw
// (inclusive)".
func (s *State) zoneText(u *unit) string {
	var parts []string
	incl := ""
	of := ""
	for _, f := range s.zone(u) {
		switch f.Key {
		case "incl":
			incl = map[string]string{"yes": " (inclusive)", "no": " (exclusive)"}[f.Value]
		case "of":
			of = f.Value
		}
	}
	region := func(id string) string {
		r := s.d.m.Region(id)
		switch {
		case r == nil || r.Name == "":
			return id
		case len(r.Hexes) == 1:
			return r.Name + " (" + r.Hexes[0].String() + ")"
		}
		return r.Name
	}
	for _, f := range s.zone(u) {
		switch f.Key {
		case "in":
			var names []string
			for _, c := range splitComma(f.Value) {
				names = append(names, region(c))
			}
			parts = append(parts, "in "+strings.Join(names, " or "))
		case "at":
			parts = append(parts, "at "+f.Value)
		case "near":
			parts = append(parts, "on or next to "+f.Value)
		case "north-of", "south-of":
			parts = append(parts, strings.Replace(f.Key, "-", " ", 1)+" "+f.Value+incl)
		case "within":
			parts = append(parts, "within "+f.Value+" hexes of "+of)
		case "region":
			parts = append(parts, "in "+region(f.Value))
		case "near-region":
			parts = append(parts, "on or next to "+region(f.Value))
		case "city":
			if f.Value == "yes" {
				parts = append(parts, "in a city")
			}
		case "rail":
			if f.Value == "yes" {
				parts = append(parts, "on a rail hex")
			}
		case "also":
			parts = append(parts, "or in "+strings.ReplaceAll(f.Value, ",", ", "))
		}
	}
	if len(parts) == 0 {
		return "on its side of the front line"
	}
	return strings.Join(parts, ", ") + ", on its side of the front line"
}

// faceDown is a face-down enemy counter as the board shows it under [Opt:
// Fog of War]: its hex, and its nation's flag if it tops its stack; false
// off the map, where the enemy sees nothing.
func (s *State) faceDown(u *unit) (engine.Piece, bool) {
	if u.Loc != locMap {
		return engine.Piece{}, false
	}
	p := s.prof(u)
	pc := engine.Piece{ID: "face-down", Name: "face-down counter", Side: p.Side, OnMap: true, Hex: u.Hex, Steps: 1, MaxSteps: 1}
	if s.topOf(u.Hex) == u {
		pc.Nation = p.Nation
	}
	return pc, true
}

// piece is u as a board shows it; false for counters out of play.
func (s *State) piece(u *unit) (engine.Piece, bool) {
	p := s.prof(u)
	f := s.faceOf(u)
	pc := engine.Piece{ID: u.ID, Name: f.Name, Side: p.Side, Nation: p.Nation, Type: scenario.UnitType(p.Type),
		Size: scenario.Size(p.Size), Steps: 1, MaxSteps: 1, Strength: f.Attack + f.Defense}
	pc.Values = fmt.Sprintf("%d-%d-%d", f.Attack, f.Defense, f.Move)
	if f.Support > 0 {
		pc.Values = fmt.Sprintf("(%d)-%d-%d", f.Support, f.Defense, f.Move)
	}
	pc.Listed = pc.Values
	if f.Radius > 0 {
		pc.Listed += fmt.Sprintf(" r%d", f.Radius)
	}
	switch u.Loc {
	case locMap:
		pc.OnMap, pc.Hex = true, u.Hex
	case locDeploy:
		pc.Place = "to deploy"
		if z := s.zoneText(u); z != "" {
			pc.Notes = append(pc.Notes, "sets up "+z+" [3.2]")
		}
	case locPending:
		pc.Place = "to place"
	case locDue:
		pc.Place = "due"
		pc.Notes = append(pc.Notes, fmt.Sprintf("arrives %s [9.2]", s.d.turn(u.Due).Label))
	case locAvailable:
		pc.Place, pc.Box = "available", "available-"+strings.ToLower(string(p.Side))
	case locDead:
		pc.Place, pc.Box = "eliminated", "dead-"+strings.ToLower(string(p.Side))
	case locHeld:
		pc.Place = "held"
	default:
		return engine.Piece{}, false
	}
	if u.Back && p.Type == tHQ {
		pc.Notes = append(pc.Notes, "converted [10.7]")
	}
	if u.Moved && p.Type == tSupply {
		pc.Notes = append(pc.Notes, "moved this player turn [17.1]")
	}
	if u.Entrenched {
		pc.Notes = append(pc.Notes, "entrenched [Opt: Entrenching]")
	}
	return pc, true
}
