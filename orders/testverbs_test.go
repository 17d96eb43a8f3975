package orders

import "pbem/engine"

// testVerbs is a copy of the verb table of the gwite ruleset, which this
// package may not import. cmd/pbem's tests run the testdata files against
// the real table, so a drift between the two shows up there.
var testVerbs = []engine.Verb{
	{Name: "move", Summary: "move a unit by land, along the given hexes or by the cheapest path to a hex",
		Case: "std 5.0", Windows: []string{"move"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "to", Kind: engine.HexID, Min: 1, Max: 1, Help: "HEX"},
			{Keyword: "via", Kind: engine.HexID, Min: 1, Help: "HEX..."},
		}},
	{Name: "entrain", Summary: "put a unit on the train (pays its TCR in MP)", Case: "std 5.32",
		Windows: []string{"move"}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "rail", Summary: "move an entrained unit along friendly rail, to a hex or along the given hexes",
		Case: "std 5.33", Windows: []string{"move"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "to", Kind: engine.HexID, Min: 1, Max: 1, Help: "HEX"},
			{Keyword: "via", Kind: engine.HexID, Min: 1, Help: "HEX..."},
		}},
	{Name: "detrain", Summary: "take a unit off the train (free)", Case: "std 5.34",
		Windows: []string{"move"}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "withhold", Summary: "keep due reinforcements off the map this turn", Case: "std 14.24",
		Windows: []string{"move"}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "cc", Summary: "put units in command control with an HQ's command strength", Case: "std 10.31",
		Windows: []string{"move", "combat"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "HQ"},
			{Keyword: "with", Kind: engine.UnitID, Min: 1, Required: true, Help: "UNIT..."},
		}},
	{Name: "occupy", Summary: "move a unit into a hex the enemy cavalry withdrew from", Case: "std 12.16",
		Windows: []string{"combat"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "to", Kind: engine.HexID, Min: 1, Max: 1, Required: true, Help: "HEX"},
		}},
	{Name: "attack", Summary: "attack enemy hexes with adjacent units, HQ shifts, a guard and an advance",
		Case: "std 8.0", Windows: []string{"combat"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.HexID, Min: 1, Required: true, Help: "HEX..."},
			{Keyword: "with", Kind: engine.UnitID, Min: 1, Required: true, Help: "UNIT..."},
			{Keyword: "shift", Kind: engine.UnitID, Min: 1, Max: 2, Help: "HQ..."},
			{Keyword: "if", Kind: engine.Condition, Min: 1, Help: "odds>=2-1"},
			{Keyword: "advance", Kind: engine.UnitID, Min: 1, Help: "UNIT..."},
		}},
	{Name: "withdraw", Summary: "try to withdraw a cavalry unit exactly two hexes before enemy combat",
		Case: "std 12.1", Windows: []string{"cavwd"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "UNIT"},
			{Keyword: "via", Kind: engine.HexID, Min: 2, Max: 2, Help: "HEX HEX"},
		}},
	{Name: "replace", Summary: "try to restore reduced infantry divisions in the Replacement Phase",
		Case: "std 13.0", Windows: []string{"move"}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	// Standing orders: kept on file and used whenever a decision falls to
	// the side inside the other side's window (digest 002 3.3).
	{Name: "options", Summary: "standing: preferred Option Table choices for a defender result, best first",
		Case: "std 8.9", Windows: []string{"any"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.Choice, Min: 2, Required: true, Choices: []string{"1", "2", "3", "half", "retreat", "retreat2", "half-retreat", "half-retreat2", "eliminate"}, Help: "RESULT OPTION..."},
		}},
	{Name: "withdrawal", Summary: "standing: when a cavalry unit (or all) tries to withdraw before enemy combat",
		Case: "std 12.11", Windows: []string{"any"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.AnyWord, Min: 2, Max: 3, Required: true, Help: "UNIT|all never|always|sp N"},
		}},
	{Name: "retreat", Summary: "standing: the hex a unit (or all) prefers to retreat towards",
		Case: "std 8.63", Windows: []string{"any"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.AnyWord, Min: 1, Max: 1, Required: true, Help: "UNIT|all"},
			{Keyword: "toward", Kind: engine.HexID, Min: 1, Max: 1, Required: true, Help: "HEX"},
		}},
	{Name: "overstack", Summary: "standing: which units go first when a hex is overstacked at phase end",
		Case: "std 6.14", Windows: []string{"any"}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "losses", Summary: "standing: which units take step losses first",
		Case: "std 8.9", Windows: []string{"any"}, Clauses: []engine.ClauseSpec{unitsClause("UNIT...")}},
	{Name: "plan", Summary: "standing: command allocation used when a window's orders give none",
		Case: "std 10.31", Windows: []string{"any"},
		Clauses: []engine.ClauseSpec{
			{Kind: engine.UnitID, Min: 1, Max: 1, Required: true, Help: "HQ"},
			{Keyword: "with", Kind: engine.UnitID, Min: 1, Required: true, Help: "UNIT..."},
		}},
}

func unitsClause(help string) engine.ClauseSpec {
	return engine.ClauseSpec{Kind: engine.UnitID, Min: 1, Required: true, Help: help}
}
