// Package rulesets lists every rules system pbem knows, by the name a
// game's data gives in its `system=` field.
package rulesets

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/engine/scenario"
)

// all is every rules system; adding one is adding it here.
var all = []engine.Ruleset{gwite.Ruleset{}}

// All is every rules system.
func All() []engine.Ruleset { return append([]engine.Ruleset(nil), all...) }

// Lookup returns the rules system with the given name.
func Lookup(name string) (engine.Ruleset, error) {
	var names []string
	for _, r := range all {
		if r.Name() == name {
			return r, nil
		}
		names = append(names, r.Name())
	}
	sort.Strings(names)
	return nil, fmt.Errorf("no rules system %q (have: %s)", name, strings.Join(names, ", "))
}

// New starts scenario s of game g with the rules system the game names.
func New(g *scenario.Game, s *scenario.Scenario, opt engine.Options) (engine.State, error) {
	r, err := Lookup(g.System)
	if err != nil {
		return nil, err
	}
	return r.New(g, s, opt)
}
