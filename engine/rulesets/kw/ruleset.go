// Package kw is the rules system of Kaiser's War in the East (S&T 301,
// 2016): the whole Eastern Front, 1914-1917, a month or two a turn, armies
// and corps of six nations (digest 004). Cases are cited by the
// rulebook's numbers; [Opt: X] is an optional rule.
package kw

import (
	"pbem/engine"
	"pbem/engine/scenario"
)

// Ruleset is the Kaiser's War in the East system.
type Ruleset struct{}

// Name implements engine.Ruleset.
func (Ruleset) Name() string { return "kw" }

// Version implements engine.Ruleset.
func (Ruleset) Version() int { return 1 }

// The kinds of window (Window.Kind) and the verb table's words for them.
const (
	kSetup  = "SETUP"
	kMob    = "MOB"
	kReorg  = "REORG"
	kMove   = "MOVE"
	kCombat = "COMBAT"

	wSetup  = "setup"
	wMob    = "mob"
	wReorg  = "reorg"
	wMove   = "move"
	wCombat = "combat"
	wAny    = "any" // standing orders: any window, either side
)

// Kinds implements engine.Ruleset: a window per phase in which the
// phasing player decides (6.2).
func (Ruleset) Kinds() []engine.Kind {
	return []engine.Kind{
		{Kind: kSetup, Name: "deployment", Hours: 96},
		{Kind: kMob, Name: "mobilization phase", Hours: 48},
		{Kind: kReorg, Name: "reorganization phase", Hours: 48},
		{Kind: kMove, Name: "movement phase", Hours: 72},
		{Kind: kCombat, Name: "combat phase", Hours: 48},
	}
}

func one(kind engine.ArgKind, help string) engine.ClauseSpec {
	return engine.ClauseSpec{Kind: kind, Min: 1, Max: 1, Required: true, Help: help}
}

func some(kind engine.ArgKind, help string) engine.ClauseSpec {
	return engine.ClauseSpec{Kind: kind, Min: 1, Required: true, Help: help}
}

func opt(keyword string, kind engine.ArgKind, max int, help string) engine.ClauseSpec {
	return engine.ClauseSpec{Keyword: keyword, Kind: kind, Min: 1, Max: max, Help: help}
}

func must(keyword string, kind engine.ArgKind, max int, help string) engine.ClauseSpec {
	return engine.ClauseSpec{Keyword: keyword, Kind: kind, Min: 1, Max: max, Required: true, Help: help}
}

// verbs is the order language of this system.
var verbs = []engine.Verb{
	{Name: "place", Summary: "put a unit on the map: at set-up in its zone, or an arrival in a placement hex",
		Case: "3.2, 9.4", Windows: []string{wSetup, wMob},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "UNIT"), must("at", engine.HexID, 1, "HEX")}},
	{Name: "buy", Summary: "spend VP on a unit of a type (inf, cav, supply-unit, armtrain, alpine, marine, shock, airbase) or on an eliminated counter; placed now at a hex, or later if the chart delays it",
		Case: "9.3, 9.5, 9.9", Windows: []string{wMob},
		Clauses: []engine.ClauseSpec{one(engine.AnyWord, "TYPE|UNIT"), opt("nation", engine.AnyWord, 1, "NATION"), opt("at", engine.HexID, 1, "HEX")}},
	{Name: "demob", Summary: "take units in General Supply off the map into the pool",
		Case: "9.11", Windows: []string{wMob}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "UNIT...")}},
	{Name: "breakdown", Summary: "break an army down into its corps in its hex",
		Case: "10.1", Windows: []string{wReorg}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "ARMY...")}},
	{Name: "combine", Summary: "build an army from corps in one hex, spending a supply unit in radius",
		Case: "10.2", Windows: []string{wReorg},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "ARMY"), must("from", engine.UnitID, 0, "CORPS..."), must("supply", engine.UnitID, 1, "SUPPLY")}},
	{Name: "convert", Summary: "turn an HQ to its stronger face for 5 VP and a supply unit (from 1916)",
		Case: "10.7", Windows: []string{wReorg},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "HQ"), must("supply", engine.UnitID, 1, "SUPPLY")}},
	{Name: "march", Summary: "spend supply units at the start of the phase: units in their radius move double",
		Case: "11.9, 17.9(1)", Windows: []string{wMove}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "SUPPLY...")}},
	{Name: "move", Summary: "move a unit by land: to a hex by the cheapest path, along the hexes given (via), or along them and on to the hex",
		Case: "11.1", Windows: []string{wMove},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "UNIT"), opt("to", engine.HexID, 1, "HEX"), opt("via", engine.HexID, 0, "HEX...")}},
	{Name: "rail", Summary: "move a unit in General Supply by rail within its rail net (once a phase)",
		Case: "18.1", Windows: []string{wMove},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "UNIT"), opt("to", engine.HexID, 1, "HEX"), opt("via", engine.HexID, 0, "HEX...")}},
	{Name: "sea", Summary: "move a marine corps from a friendly port to another port of the same sea",
		Case: "21.6", Windows: []string{wMove},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "UNIT"), must("to", engine.HexID, 1, "HEX")}},
	{Name: "supply", Summary: "declare the supply units to spend on Maximum Attack Supply this combat phase",
		Case: "17.11", Windows: []string{wCombat}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "SUPPLY...")}},
	{Name: "attack", Summary: "attack an enemy hex with adjacent units, one HQ, declared supply units, a table, and who pursues",
		Case: "14.0", Windows: []string{wCombat},
		Clauses: []engine.ClauseSpec{
			one(engine.HexID, "HEX"),
			must("with", engine.UnitID, 0, "UNIT..."),
			opt("hq", engine.UnitID, 1, "HQ"),
			opt("air", engine.UnitID, 1, "AIRBASE"),
			opt("supply", engine.UnitID, 0, "SUPPLY..."),
			{Keyword: "table", Kind: engine.Choice, Min: 1, Max: 1, Choices: []string{"standard", "shock"}, Help: "standard|shock"},
			opt("pursue", engine.UnitID, 0, "UNIT..."),
			opt("to", engine.HexID, 1, "HEX"),
			opt("if", engine.Condition, 0, "pct>=N..."),
		}},
	// [Opt: Entrenching], [Opt: Amphibious Operations], [Opt: Naval Transfer].
	{Name: "entrench", Summary: "turn supply units to their entrenched face: they stay put, defend with 1 and may back one defence",
		Case: "Opt: Entrenching", Windows: []string{wReorg}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "SUPPLY...")}},
	{Name: "unentrench", Summary: "turn entrenched supply units back to their front face",
		Case: "Opt: Entrenching", Windows: []string{wReorg}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "SUPPLY...")}},
	{Name: "land", Summary: "amphibious move of a marine unit: port to coast or port of its sea, or coast to a friendly port, spending a supply unit there; Landing Table",
		Case: "Opt: Amphibious Operations", Windows: []string{wMove},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "MARINE"), must("to", engine.HexID, 1, "HEX"), opt("supply", engine.UnitID, 1, "SUPPLY")}},
	{Name: "assault", Summary: "a marine unit in a port puts to sea next to an enemy-held coast it must attack in the First Combat Phase; Landing Table",
		Case: "Opt: Amphibious Operations", Windows: []string{wMove},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "MARINE"), must("to", engine.HexID, 1, "SEA-HEX"), opt("supply", engine.UnitID, 1, "SUPPLY")}},
	{Name: "ship", Summary: "Naval Transfer of a corps or supply unit between two friendly ports of the side's list, spending a supply unit in one of them",
		Case: "Opt: Naval Transfer", Windows: []string{wMove},
		Clauses: []engine.ClauseSpec{one(engine.UnitID, "UNIT"), must("to", engine.HexID, 1, "PORT"), opt("supply", engine.UnitID, 1, "SUPPLY")}},
	// [Opt: Fog of War].
	{Name: "hide", Summary: "turn units face-down (only counters whose back is a flag)", Case: "Opt: Fog of War",
		Windows: []string{wSetup, wReorg}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "UNIT...")}},
	{Name: "show", Summary: "turn face-down units face-up", Case: "Opt: Fog of War",
		Windows: []string{wSetup, wReorg}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "UNIT...")}},
	{Name: "top", Summary: "put a unit on top of its stack, where the enemy sees its flag", Case: "Opt: Fog of War",
		Windows: []string{wSetup, wReorg}, Clauses: []engine.ClauseSpec{one(engine.UnitID, "UNIT")}},
	{Name: "staff", Summary: "an HQ's staff tries to look at an enemy stack in its radius (d6 at or under its support)", Case: "Opt: Fog of War",
		Windows: []string{wMove}, Clauses: []engine.ClauseSpec{one(engine.UnitID, "HQ"), must("at", engine.HexID, 1, "HEX")}},
	{Name: "recon", Summary: "an airbase looks at an enemy stack in its range", Case: "Opt: Fog of War",
		Windows: []string{wMove}, Clauses: []engine.ClauseSpec{one(engine.UnitID, "AIRBASE"), must("at", engine.HexID, 1, "HEX")}},
	{Name: "concede", Summary: "concede the game", Case: "3.0", Windows: []string{wSetup, wMob, wReorg, wMove, wCombat}},
	// Standing orders: the defender's decisions inside the other side's
	// turn (digest 3.3, I-1 to I-8).
	{Name: "retreat", Summary: "standing: the hex a unit (or all) retreats towards",
		Case: "15.0", Windows: []string{wAny},
		Clauses: []engine.ClauseSpec{one(engine.AnyWord, "UNIT|all"), must("toward", engine.HexID, 1, "HEX")}},
	{Name: "losses", Summary: "standing: which units go first when the side chooses a loss (ST), best first",
		Case: "14.15", Windows: []string{wAny}, Clauses: []engine.ClauseSpec{some(engine.UnitID, "UNIT...")}},
	{Name: "pursuit", Summary: "standing: whether the side pursues after Attacker Annihilated",
		Case: "16.1", Windows: []string{wAny},
		Clauses: []engine.ClauseSpec{{Kind: engine.Choice, Min: 1, Max: 1, Required: true, Choices: []string{"never", "objective", "always"}, Help: "never|objective|always"}}},
	{Name: "enhance", Summary: "standing: when entrenched supply units (all, or those named) back a defence: always, key (army, fortress or Strategic Objective in the hex) or never",
		Case: "Opt: Entrenching", Windows: []string{wAny},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.Choice, Min: 1, Max: 1, Required: true, Choices: []string{"always", "key", "never"}, Help: "always|key|never"},
			opt("supply", engine.UnitID, 0, "SUPPLY..."),
		}},
}

// Verbs implements engine.Ruleset.
func (Ruleset) Verbs() []engine.Verb { return verbs }

// verbsFor lists the verbs accepted in windows of the given kind.
func verbsFor(kind string) []string {
	w := map[string]string{kSetup: wSetup, kMob: wMob, kReorg: wReorg, kMove: wMove, kCombat: wCombat}[kind]
	var out []string
	for _, v := range verbs {
		for _, k := range v.Windows {
			if k == w || k == wAny {
				out = append(out, v.Name)
				break
			}
		}
	}
	return out
}

// New implements engine.Ruleset.
func (Ruleset) New(g *scenario.Game, s *scenario.Scenario, opt engine.Options) (engine.State, error) {
	st, err := newState(g, s, opt)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// Restore implements engine.Ruleset.
func (Ruleset) Restore(g *scenario.Game, s *scenario.Scenario, opt engine.Options, snapshot []byte) (engine.State, error) {
	return restore(g, s, opt, snapshot)
}

// options are the optional rules of this system and its agreed game
// lengths (3.1).
var options = []engine.OptionSpec{
	{Name: optFog, Case: "Opt: Fog of War", Summary: "counters may be face-down; stacks are shown at battles and to HQ staff and air recon"},
	{Name: "moltke-east", Case: "Opt: Scenario Options / Moltke Plan East", Summary: "1914: the Main Effort is East in 1914 and West after"},
	{Name: "faster-russian-mobilization", Case: "Opt: Scenario Options / Faster Russian Mobilization", Summary: "1914: the Allies start with 10 VP less"},
	{Name: optVariableEntry, Case: "Opt: Variable Romanian Entry", Summary: "Romania enters on a die roll from May 1916, at the latest in October"},
	{Name: "morale", Case: "Opt: Morale", Summary: "a side at 25 VP or less pays double to mobilize, and its A-H, Bulgarian and Russian corps cannot combine"},
	{Name: "modernize-artillery", Case: "Opt: Scenario Options / Russians Modernize Field Artillery", Summary: "Russian fortresses no longer keep out zones of control"},
	{Name: optEntrench, Case: "Opt: Entrenching", Summary: "supply units may entrench in the Reorganization Phase and back one defence each: infantry and shock defenders x2, x3 in terrain that doubles"},
	{Name: optAmphib, Case: "Opt: Amphibious Operations", Summary: "marine units make one amphibious move or assault a turn along their sea, spending a supply unit and rolling the Landing Table"},
	{Name: optNaval, Case: "Opt: Naval Transfer", Summary: "a corps or supply unit a turn is shipped between the side's listed friendly ports for a supply unit, instead of an amphibious move"},
	{Name: optNavalOpen, Case: "Opt: Naval Transfer", Summary: "with Naval Transfer: the Winter Baltic ban and the Kronstadt and Sevastopol locks do not bind transfers (ruling KW-Naval-LIMITS)"},
	{Name: optAir, Case: "Opt: Air Units", Summary: "airbases (10 VP from 1916) add their factor to one battle a combat phase within range, doubled by supply; they suffer only against an enemy airbase"},
	{Name: "last-1915", Case: "3.1", Summary: "the game ends with the Nov-Dec 1915 turn"},
	{Name: "last-1916", Case: "3.1", Summary: "the game ends with the Nov-Dec 1916 turn"},
	{Name: "last-1917", Case: "3.1", Summary: "the game ends with the Nov-Dec 1917 turn"},
}

// Options implements engine.Ruleset.
func (Ruleset) Options() []engine.OptionSpec { return options }
