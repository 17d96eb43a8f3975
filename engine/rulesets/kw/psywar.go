package kw

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/scenario"
)

// [Opt: PSYWAR]: once a player turn, before anything else, the phasing
// player may pay 5 VP and roll on the PSYWAR Table. The text lacks the
// table (digest 2.3): the data's table `psywar` is a placeholder, marked
// by param psywar-table-placeholder 1, and while it is the referee makes
// no PSYWAR attack. A club that owns the table types it in with the
// results this referee knows: `none`, or `vp-N` (the enemy loses N VP).

const optPsywar = "psywar"

// psywarOrders carries out the phasing side's `psywar` order, first of
// its Mobilization Phase's orders (its first window of the player turn,
// ruling KW-Opt-PSYWAR), and returns the other orders. Without dice (an
// order file being checked) it is checked but not rolled.
func (s *State) psywarOrders(side scenario.Side, os []engine.Order, dice engine.Dice, ev *[]engine.Event) []engine.Order {
	var rest []engine.Order
	done := false
	for _, o := range os {
		if o.Verb != "psywar" {
			rest = append(rest, o)
			continue
		}
		cost, prob := s.psywarCost(side)
		if done {
			prob = "one PSYWAR attack a player turn"
		}
		if prob != "" {
			reject(ev, side, o, prob, "Opt: PSYWAR")
			continue
		}
		done = true
		if _, checking := dice.(noDice); checking {
			continue
		}
		s.psywar(side, cost, dice, ev)
	}
	return rest
}

// psywarCost is what a PSYWAR attack costs side now, or why it may not
// make one: 5 VP (param psywar-cost), which may not take it to 0 or less
// (5.5); free for the Allies once the Second Revolution has brought The
// International (ruling KW-Opt-INTERNATIONAL).
func (s *State) psywarCost(side scenario.Side) (int, string) {
	if !s.opt[optPsywar] {
		return 0, "PSYWAR is not in use in this game"
	}
	if n, ok := s.d.g.Param("psywar-table-placeholder"); ok && n != 0 || s.d.g.Table("psywar") == nil {
		return 0, "the data's PSYWAR table is a placeholder, not the printed table (param psywar-table-placeholder): PSYWAR is off"
	}
	if side == AL && s.revolution() == 2 {
		return 0, ""
	}
	cost, ok := s.d.g.Param("psywar-cost")
	if !ok {
		cost = 5
	}
	if s.VP[side]-cost <= 0 {
		return 0, fmt.Sprintf("a PSYWAR attack costs %d VP and %s has %d: a spend may not leave 0 VP or less [5.5]", cost, s.d.g.SideNames[side], s.VP[side])
	}
	return cost, ""
}

// psywar pays for and rolls one PSYWAR attack.
func (s *State) psywar(side scenario.Side, cost int, dice engine.Dice, ev *[]engine.Event) {
	const rule = "Opt: PSYWAR"
	if cost > 0 {
		s.addVP(side, -cost, "PSYWAR attack", rule, ev)
	} else {
		*ev = append(*ev, &engine.Note{Text: "The International: the Allies' PSYWAR attack costs nothing", Case: rule})
	}
	if s.Over {
		return
	}
	roll := dice.D6()
	result := "none"
	if t := s.d.g.Table("psywar"); t != nil {
		if c, ok := t.Cell(strconv.Itoa(roll), "result"); ok {
			result = c.Value
		}
	}
	*ev = append(*ev, &engine.Roll{Purpose: "PSYWAR Table", Case: rule, Value: roll, Result: result})
	switch {
	case result == "none":
	case strings.HasPrefix(result, "vp-"):
		n, err := strconv.Atoi(strings.TrimPrefix(result, "vp-"))
		if err == nil {
			s.addVP(Other(side), -n, "PSYWAR", rule, ev)
			return
		}
		fallthrough
	default:
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("PSYWAR result %q is not one this referee applies (none, vp-N): nothing happens", result), Case: rule})
	}
}
