// Package rulesets lists every rules system pbem knows, by the name a
// game's data gives in its `system=` field, with what only some systems
// have (engine/optional.go): a computer player, rulings, checks of their
// data, adjudication-case fixtures, a preview. It is the one package
// outside a ruleset's own that imports it.
package rulesets

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/rulesets/gwite/robot"
	"pbem/engine/rulesets/gwite/robot/baseline"
	"pbem/engine/rulesets/kw"
	kwrobot "pbem/engine/rulesets/kw/robot"
	"pbem/engine/scenario"
)

// system is one rules system and its optional parts.
type system struct {
	engine.Ruleset
	// robot writes orders for the window open in a view, as a person
	// would mail them; nil if the system has no computer player.
	robot func(engine.View) (string, error)
	// others are the system's other computer players by name, kept to
	// measure the robot against (pbem selfplay -pair NAME).
	others map[string]func(engine.View) (string, error)
	// rulings is the text of the system's rulings on its rulebook's
	// ambiguities; "" if none.
	rulings func() string
}

// all is every rules system; adding one is adding it here.
var all = []system{
	{Ruleset: gwite.Ruleset{}, robot: robot.Play, rulings: gwite.RulingsText,
		others: map[string]func(engine.View) (string, error){"baseline": baseline.Play}},
	{Ruleset: kw.Ruleset{}, robot: kwrobot.Play, rulings: kw.RulingsText},
}

// All is every rules system.
func All() []engine.Ruleset {
	var out []engine.Ruleset
	for _, s := range all {
		out = append(out, s.Ruleset)
	}
	return out
}

func lookup(name string) (system, error) {
	var names []string
	for _, s := range all {
		if s.Name() == name {
			return s, nil
		}
		names = append(names, s.Name())
	}
	sort.Strings(names)
	return system{}, fmt.Errorf("no rules system %q (have: %s)", name, strings.Join(names, ", "))
}

// Lookup returns the rules system with the given name.
func Lookup(name string) (engine.Ruleset, error) {
	s, err := lookup(name)
	if err != nil {
		return nil, err
	}
	return s.Ruleset, nil
}

// Of is the rules system st is played under.
func Of(st engine.State) (engine.Ruleset, error) { return Lookup(st.System()) }

// New starts scenario s of game g with the rules system the game names.
func New(g *scenario.Game, s *scenario.Scenario, opt engine.Options) (engine.State, error) {
	r, err := Lookup(g.System)
	if err != nil {
		return nil, err
	}
	return r.New(g, s, opt)
}

// CheckData is every problem of g's data under the rules of the system it
// names (engine.DataChecker), in file and line order; nothing if the
// system checks nothing of its own or is not one pbem knows (the data can
// still be loaded, listed and drawn).
func CheckData(g *scenario.Game) scenario.ErrorList {
	s, err := lookup(g.System)
	if err != nil {
		return nil
	}
	c, ok := s.Ruleset.(engine.DataChecker)
	if !ok {
		return nil
	}
	return c.CheckData(g)
}

// Robot writes the computer player's orders for side in the window open
// in st, from side's View alone, as order-language text.
func Robot(st engine.State, side engine.Side) (string, error) {
	return RobotNamed(st, side, "")
}

// RobotNamed is Robot with the computer player named: "" for the
// system's own, or one of Robots.
func RobotNamed(st engine.State, side engine.Side, name string) (string, error) {
	s, err := lookup(st.System())
	if err != nil {
		return "", err
	}
	play := s.robot
	if name != "" {
		play = s.others[name]
		if play == nil {
			return "", fmt.Errorf("the rules system %s has no computer player %q (have: %s)", s.Name(), name, strings.Join(Robots(s.Name()), ", "))
		}
	}
	if play == nil {
		return "", fmt.Errorf("the rules system %s has no computer player", s.Name())
	}
	return play(st.View(side))
}

// Robots lists the names of the system's other computer players, sorted.
func Robots(system string) []string {
	s, err := lookup(system)
	if err != nil {
		return nil
	}
	var names []string
	for n := range s.others {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// HasRobot reports whether the rules system named has a computer player.
func HasRobot(name string) bool {
	s, err := lookup(name)
	return err == nil && s.robot != nil
}

// Rulings is the text of the named system's rulings; "" if it has none.
func Rulings(name string) (string, error) {
	s, err := lookup(name)
	if err != nil || s.rulings == nil {
		return "", err
	}
	return s.rulings(), nil
}

// Fixture is st as adjudication cases set it up and question it, if its
// rules system has cases.
func Fixture(st engine.State) (engine.Fixture, bool) {
	f, ok := st.(engine.Fixture)
	return f, ok
}

// Preview is what st's rules system says of side's orders before the
// window is resolved (engine.Previewer), and false if it gives no preview.
func Preview(st engine.State, side engine.Side, orders []engine.Order) ([]engine.Remark, bool) {
	p, ok := st.(engine.Previewer)
	if !ok {
		return nil, false
	}
	return p.Preview(side, orders), true
}

// Census counts side's position in st for self-play statistics; ok is
// false for a ruleset that does not count.
func Census(st engine.State, side engine.Side) ([]engine.Tally, bool) {
	c, ok := st.(engine.Censor)
	if !ok {
		return nil, false
	}
	return c.Census(side), true
}
