package gwite

import (
	"maps"
	"slices"

	"pbem/engine"
	"pbem/engine/hex"
)

// entryChoice is one `enter UNIT at HEX` order: where the player wants a
// reinforcement to come in where the rules leave him the choice (std 14.22,
// T 19.21, T 19.22; AMB-25, AMB-34, AMB-35).
type entryChoice struct {
	o    engine.Order
	at   hex.Hex
	used bool
}

// entryChoices reads side's `enter` orders of this Movement Phase, by unit;
// a unit named twice keeps its first order and the later ones are refused.
func (g *Game) entryChoices(side engine.Side, orders []engine.Order, l *log) map[string]*entryChoice {
	out := map[string]*entryChoice{}
	for _, o := range orders {
		if o.Verb != "enter" {
			continue
		}
		id := wordsOf(o, "")[0]
		if g.ownUnit(side, o, id, l) == nil {
			continue
		}
		if _, dup := out[id]; dup {
			l.reject(side, o, "std 14.22", "%s already has an enter order", id)
			continue
		}
		h, err := hex.Parse(wordsOf(o, "at")[0])
		if err != nil {
			l.reject(side, o, "std 14.22", "%v", err)
			continue
		}
		out[id] = &entryChoice{o: o, at: h}
	}
	return out
}

// chosen returns the hex side's order names for u if it is one of legal,
// else def; an order naming another hex is refused, saying which are
// legal, and def is kept.
func (g *Game) chosen(side engine.Side, choices map[string]*entryChoice, u *Unit, legal []hex.Hex, def hex.Hex, rule string, l *log) hex.Hex {
	c := choices[u.ID]
	if c == nil {
		return def
	}
	c.used = true
	if !slices.Contains(legal, c.at) {
		l.reject(side, c.o, rule, "%s may not enter at %s: it may enter at %s", u.ID, c.at, hexList(legal))
		return def
	}
	return c.at
}

// refuseUnusedEntries refuses the `enter` orders that no rule of this
// phase gave a choice to.
func (g *Game) refuseUnusedEntries(side engine.Side, choices map[string]*entryChoice, l *log) {
	for _, id := range slices.Sorted(maps.Keys(choices)) {
		if c := choices[id]; !c.used {
			l.reject(side, c.o, "std 14.22", "%s has no choice of entry hex this turn: only a reinforcement whose entry hex is blocked (std 14.22), HL-8 replacing von Prittwitz away from his hex (T 19.21) or a West Front unit arriving (T 19.22) has one", id)
		}
	}
}
