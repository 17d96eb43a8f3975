package gwite

import (
	"fmt"
	"sort"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Ruleset is the SPI Great War in the East system.
type Ruleset struct{}

// Name implements engine.Ruleset.
func (Ruleset) Name() string { return "gwite" }

// Version implements engine.Ruleset. 1: as of the audit chain. 2: `move`
// and `rail` take `to` and `via` together; a refusal says what stops a
// move and names the options of a result in words. 3: issue 19's rule
// fixes (lone HQs displace whenever the enemy is adjacent, HQs pay to
// entrain, rail capacity is never exceeded, Heroic HQs halved by rivers,
// cavalry fractions dropped, T 17.11 counted in hexes, the players'
// choices of entry hexes); a refused order always reaches its writer
// whatever the fog, and resolution refuses what Validate does, for its
// reasons.
func (Ruleset) Version() int { return 3 }

// Window kinds for the verb table.
const (
	kindMove   = "move"
	kindCombat = "combat"
	kindCavWd  = "cavwd"
	kindAny    = "any" // standing orders: any window, either side
)

func unitsClause(help string) engine.ClauseSpec {
	return engine.ClauseSpec{Kind: engine.UnitID, Min: 1, Required: true, Help: help}
}

// verbs is the order language of this system.
var verbs = []engine.Verb{
	{Name: "move", Summary: "move a unit by land: to a hex by the cheapest path, along the hexes given (via), or along them and on to the hex",
		Case: "std 5.0", Windows: []string{kindMove},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "to", Kind: engine.HexID, Min: 1, Max: 1, Help: "HEX"},
			{Keyword: "via", Kind: engine.HexID, Min: 1, Help: "HEX..."},
		}},
	{Name: "entrain", Summary: "put a unit on the train (pays its TCR in MP)", Case: "std 5.32",
		Windows: []string{kindMove}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "rail", Summary: "move an entrained unit along friendly rail: to a hex, along the hexes given (via), or along them and on to the hex",
		Case: "std 5.33", Windows: []string{kindMove},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "to", Kind: engine.HexID, Min: 1, Max: 1, Help: "HEX"},
			{Keyword: "via", Kind: engine.HexID, Min: 1, Help: "HEX..."},
		}},
	{Name: "offmap", Summary: "send an entrained unit at a rail exit off the map to a linked exit",
		Case: "std 5.37", Windows: []string{kindMove},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "to", Kind: engine.HexID, Min: 1, Max: 1, Required: true, Help: "HEX"},
		}},
	{Name: "detrain", Summary: "take a unit off the train (free)", Case: "std 5.34",
		Windows: []string{kindMove}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "withhold", Summary: "keep due reinforcements off the map this turn", Case: "std 14.24",
		Windows: []string{kindMove}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "enter", Summary: "choose the hex a reinforcement enters at where the rules give a choice: a blocked entry (the first free edge rail hex either way), HL-8 away from von Prittwitz (a hex with a German unit or fortress), a West Front unit (a west-edge rail hex); none given, the referee picks as before",
		Case: "std 14.22, T 19.21, T 19.22", Windows: []string{kindMove},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "at", Kind: engine.HexID, Min: 1, Max: 1, Required: true, Help: "HEX"},
		}},
	{Name: "cc", Summary: "put units in command control with an HQ's command strength", Case: "std 10.31",
		Windows: []string{kindMove, kindCombat},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "HQ"},
			{Keyword: "with", Kind: engine.UnitID, Min: 1, Required: true, Help: "UNIT..."},
		}},
	{Name: "occupy", Summary: "move a unit into a hex the enemy cavalry withdrew from", Case: "std 12.16",
		Windows: []string{kindCombat},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "to", Kind: engine.HexID, Min: 1, Max: 1, Required: true, Help: "HEX"},
		}},
	{Name: "attack", Summary: "attack enemy hexes with adjacent units, HQ shifts, a guard and an advance",
		Case: "std 8.0", Windows: []string{kindCombat},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.HexID, Min: 1, Required: true, Help: "HEX..."},
			{Keyword: "with", Kind: engine.UnitID, Min: 1, Required: true, Help: "UNIT..."},
			{Keyword: "shift", Kind: engine.UnitID, Min: 1, Max: 2, Help: "HQ..."},
			{Keyword: "if", Kind: engine.Condition, Min: 1, Help: "odds>=A-B|raw>=A-B|empty=HEX|occupied=HEX..."},
			{Keyword: "advance", Kind: engine.UnitID, Min: 1, Help: "UNIT..."},
		}},
	{Name: "withdraw", Summary: "try to withdraw a cavalry unit exactly two hexes before enemy combat",
		Case: "std 12.1", Windows: []string{kindCavWd},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "via", Kind: engine.HexID, Min: 2, Max: 2, Help: "HEX HEX"},
		}},
	{Name: "replace", Summary: "try to restore reduced infantry divisions in the Replacement Phase",
		Case: "std 13.0", Windows: []string{kindMove}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	// Tannenberg exclusive rules.
	{Name: "westfront", Summary: "ask for the West Front reinforcements now, without waiting for the trigger",
		Case: "T 19.14", Windows: []string{kindMove}, Only: DE, Clauses: nil},
	{Name: "gruppe", Summary: "put Gruppe marker N on a hex and units of that hex into it (none: a dummy)",
		Case: "T 18.2", Windows: []string{kindMove}, Only: DE,
		Clauses: []engine.ClauseSpec{
			{Kind: engine.Number, Min: 1, Max: 1, Required: true, Help: "N"},
			{Keyword: "at", Kind: engine.HexID, Min: 1, Max: 1, Help: "HEX"},
			{Keyword: "with", Kind: engine.UnitID, Min: 1, Help: "UNIT..."},
		}},
	{Name: "leave", Summary: "take units out of their Gruppe, to stand openly in its hex",
		Case: "T 18.32", Windows: []string{kindMove}, Only: DE, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "remove", Summary: "take Gruppe marker N off the map; its units stand openly",
		Case: "T 18.34", Windows: []string{kindMove}, Only: DE,
		Clauses: []engine.ClauseSpec{{Kind: engine.Number, Min: 1, Max: 1, Required: true, Help: "N"}}},
	// Standing orders: kept on file and used whenever a decision falls to
	// the side inside the other side's window (digest 002 3.3).
	{Name: "options", Summary: "standing: preferred Option Table choices for a defender result, best first",
		Case: "std 8.9", Windows: []string{kindAny},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.Choice, Min: 2, Required: true, Choices: []string{"1", "2", "3", "half", "retreat", "retreat2", "half-retreat", "half-retreat2", "eliminate"}, Help: "RESULT OPTION..."},
		}},
	{Name: "withdrawal", Summary: "standing: when a cavalry unit (or all) tries to withdraw before enemy combat",
		Case: "std 12.11", Windows: []string{kindAny},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.AnyWord, Min: 2, Max: 3, Required: true, Help: "UNIT|all never|always|sp N"},
		}},
	{Name: "retreat", Summary: "standing: the hex a unit (or all) prefers to retreat towards",
		Case: "std 8.63", Windows: []string{kindAny},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.AnyWord, Min: 1, Max: 1, Required: true, Help: "UNIT|all"},
			{Keyword: "toward", Kind: engine.HexID, Min: 1, Max: 1, Required: true, Help: "HEX"},
		}},
	{Name: "overstack", Summary: "standing: which units go first when a hex is overstacked at phase end",
		Case: "std 6.14", Windows: []string{kindAny}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "losses", Summary: "standing: which units take step losses first",
		Case: "std 8.9", Windows: []string{kindAny}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "plan", Summary: "standing: command allocation used when a window's orders give none",
		Case: "std 10.31", Windows: []string{kindAny},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "HQ"},
			{Keyword: "with", Kind: engine.UnitID, Min: 1, Required: true, Help: "UNIT..."},
		}},
}

// Verbs implements engine.Ruleset.
func (Ruleset) Verbs() []engine.Verb { return verbs }

// Kinds implements engine.Ruleset. A movement phase is a player's longest
// task; the cavalry withdrawal (std 12.1) is a short answer.
// Options implements engine.Ruleset.
func (Ruleset) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: cavalryWindows, Case: "std 12.1", Summary: "the non-phasing side gets a window to withdraw cavalry before each combat phase"},
		{Name: optFogLimited, Case: "T 18", Summary: "a side sees only the enemy units within sighting range of its own"},
		{Name: optFogOpen, Case: "T 18", Summary: "the game is played face up, Gruppen too (a teaching or solitaire game)"},
		{Name: optRailLimits, Case: "T 16.2", Summary: "each rail line carries only so many stacking points across a hexside a phase"},
		{Name: optImprovedCommand, Case: "T 17.5", Summary: "drops the army-integrity rules T 17.11 and T 17.12"},
		{Name: strictReplacement, Case: "std 13.0 (AMB-45)", Summary: "a unit that attacked or defended this game-turn gets no replacement"},
	}
}

func (Ruleset) Kinds() []engine.Kind {
	return []engine.Kind{
		{Kind: "SETUP", Name: "set-up", Hours: 72},
		{Kind: "MOVE", Name: "movement phase", Hours: 72},
		{Kind: "CAVWD", Name: "cavalry withdrawal", Hours: 24},
		{Kind: "COMBAT", Name: "combat phase", Hours: 48},
	}
}

func verbByName(name string) *engine.Verb {
	for i := range verbs {
		if verbs[i].Name == name {
			return &verbs[i]
		}
	}
	return nil
}

// New implements engine.Ruleset: the scenario's set-up on the map, its
// reinforcements scheduled, its held units waiting for their rules.
func (Ruleset) New(data *scenario.Game, s *scenario.Scenario, opt engine.Options) (engine.State, error) {
	if data.Map == nil || data.Map.Grid.Rows == 0 {
		return nil, fmt.Errorf("game %s has no map", data.ID)
	}
	data = data.ForScenario(s)
	if err := checkAttrs(data); err != nil {
		return nil, err
	}
	tabs, err := tablesFrom(data)
	if err != nil {
		return nil, err
	}
	g := &Game{
		data: data, scen: s, opt: opt, tabs: tabs,
		Turn: s.First, VP: s.StartVP,
		LastOcc:  map[hex.Hex]engine.Side{},
		Standing: map[engine.Side]*Standing{},
		units:    map[string]*Unit{},
		forts:    map[hex.Hex]*Fort{},
	}
	for _, side := range data.Sides {
		g.Standing[side] = &Standing{}
	}
	add := func(p *scenario.Placement, loc LocKind) error {
		d := data.Unit(p.Unit)
		if d == nil {
			return fmt.Errorf("%s: unknown unit %s", p.Pos, p.Unit)
		}
		u := &Unit{ID: d.ID, Data: d, Loc: loc, ArriveTurn: p.Turn, Entry: p.Entry}
		if loc == OnMap {
			u.Hex = p.Hex
			g.LastOcc[p.Hex] = d.Side
		}
		g.Units = append(g.Units, u)
		g.units[u.ID] = u
		return nil
	}
	for _, p := range s.Setup {
		if err := add(p, OnMap); err != nil {
			return nil, err
		}
	}
	for _, p := range s.Arrivals {
		if err := add(p, NotArrived); err != nil {
			return nil, err
		}
	}
	for _, p := range s.Held {
		if err := add(p, Held); err != nil {
			return nil, err
		}
	}
	sortUnits(g.Units)
	for _, f := range data.Map.SortedFortresses() {
		ft := &Fort{Data: f}
		g.Forts = append(g.Forts, ft)
		g.forts[f.Hex] = ft
	}
	g.reindex()
	g.SetupDone = g.param("hidden-setup", 0) == 0 || g.gruppeMarkers() == 0
	return g, nil
}

// sortedSides lists the sides of the game in a fixed order.
func (g *Game) sortedSides() []engine.Side {
	out := append([]engine.Side(nil), g.data.Sides...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// System implements engine.State.
func (g *Game) System() string { return Ruleset{}.Name() }
