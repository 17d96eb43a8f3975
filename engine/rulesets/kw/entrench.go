package kw

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// optEntrench is the game option of [Opt: Entrenching].
const optEntrench = "entrenching"

// entrenchOrder is `entrench SUPPLY...` or `unentrench SUPPLY...` in one's
// own Reorganization Phase ([Opt: Entrenching]): each supply unit named is
// turned to its entrenched face, or back to its front.
func (s *State) entrenchOrder(side scenario.Side, o engine.Order, ev *[]engine.Event) {
	if !s.opt[optEntrench] {
		reject(ev, side, o, "this game is played without the Entrenching option", "Opt: Entrenching")
		return
	}
	dig := o.Verb == "entrench"
	ws, _ := o.Clause("")
	for _, w := range ws {
		u, prob := s.own(side, w.Text)
		switch {
		case prob != "":
		case s.prof(u).Type != tSupply:
			prob = u.ID + " is not a supply unit"
		case u.Loc != locMap:
			prob = u.ID + " is not on the map"
		case dig && u.Entrenched:
			prob = u.ID + " is entrenched already"
		case !dig && !u.Entrenched:
			prob = u.ID + " is not entrenched"
		}
		if prob != "" {
			reject(ev, side, o, prob, "Opt: Entrenching")
			continue
		}
		u.Entrenched = dig
		text := fmt.Sprintf("%s in %s entrenches: it no longer moves or supplies, defends with 1 and may back one defence", u.ID, u.Hex)
		if !dig {
			text = fmt.Sprintf("%s in %s turns back to its front face", u.ID, u.Hex)
		}
		*ev = append(*ev, &engine.Note{Text: text, Case: "Opt: Entrenching"})
	}
}

// defenseOf is u's defence strength before any doubling: an entrenched
// supply unit defends with 1 ([Opt: Entrenching]).
func (s *State) defenseOf(u *unit) int {
	if u.Entrenched {
		return 1
	}
	return s.faceOf(u).Defense
}

// enhancePolicy is the standing order of side for the entrenched supply
// unit u (I-7): `enhance always|key|never [supply SUPPLY...]`; an order
// naming u wins over one naming none; without any, always.
func (s *State) enhancePolicy(side scenario.Side, u *unit) string {
	policy, named := "always", false
	for _, o := range s.Standing[side] {
		ws, _ := o.Clause("")
		if o.Verb != "enhance" || len(ws) != 1 {
			continue
		}
		sup, has := o.Clause("supply")
		mine := false
		for _, w := range sup {
			mine = mine || strings.EqualFold(w.Text, u.ID)
		}
		switch {
		case mine:
			policy, named = strings.ToLower(ws[0].Text), true
		case !has && !named:
			policy = strings.ToLower(ws[0].Text)
		}
	}
	return policy
}

// keyHex reports whether h holds an army or a fortress of side, or is a
// Strategic Objective: what the standing order `enhance key` defends.
func (s *State) keyHex(h hex.Hex) bool {
	if s.d.objective(h) {
		return true
	}
	for _, u := range s.at(h) {
		if p := s.prof(u); p.army() || p.Type == tFortress {
			return true
		}
	}
	return false
}

// enhanceable reports whether u is a defender Enhanced Defense multiplies:
// infantry and shock units, the two types the option names (ruling
// KW-Entrench-TYPES).
func (s *State) enhanceable(u *unit) bool {
	t := s.prof(u).Type
	return t == tInf || t == tShock
}

// declareEnhanced is the defender's Enhanced Defense in a battle the
// attacker has declared, before the die ([Opt: Entrenching]; its timing by
// ruling KW-Entrench-TIMING): the first of its entrenched supply units, by
// id, whose standing order allows it here and whose full printed radius
// reaches the defended hex (ruling KW-Entrench-RADIUS) backs the defence.
// None is declared where no infantry or shock unit defends, for it would
// add nothing. It reports whether one was.
func (s *State) declareEnhanced(b *battle, ev *[]engine.Event) bool {
	if !s.opt[optEntrench] {
		return false
	}
	def := Other(b.side)
	helps := false
	for _, u := range s.at(b.hex) {
		helps = helps || s.enhanceable(u)
	}
	if !helps {
		return false
	}
	ez := s.ezoc(def)
	for _, u := range s.Units {
		if u.Loc != locMap || !u.Entrenched || s.prof(u).Side != def {
			continue
		}
		switch s.enhancePolicy(def, u) {
		case "never":
			continue
		case "key":
			if !s.keyHex(b.hex) {
				continue
			}
		}
		if !s.reach(def, u.Hex, s.faceOf(u).Radius, ez)[b.hex] {
			continue
		}
		b.enhance = u
		*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("Enhanced Defense in %s by %s %s, entrenched in %s", b.hex, s.whose(def), u.ID, u.Hex), Case: "Opt: Entrenching"})
		return true
	}
	return false
}

// enhancedMult is the multiplier of defender u under Enhanced Defense,
// 0 if it has none: x3 where the hex's terrain (or a city, a line of the
// TEC) already doubles the defence, else x2; a river or lake doubling is
// not terrain (audit A.3 #24, ruling KW-Entrench-TERRAIN).
func (s *State) enhancedMult(b *battle, u *unit) int {
	if b.enhance == nil || !s.enhanceable(u) {
		return 0
	}
	tc := s.d.tables.tec
	if tc[s.d.terrain(b.hex)].Defense >= 2 {
		return 3
	}
	if t := s.d.towns[b.hex]; t != nil && t.City && tc["city"].Defense >= 2 {
		return 3
	}
	return 2
}

// spendEnhanced spends the supply unit that backed a battle's defence,
// once the battle is over ([Opt: Entrenching]); one eliminated in the
// battle gave its help and leaves nothing to spend (ruling
// KW-Entrench-LOST).
func (s *State) spendEnhanced(b *battle, ev *[]engine.Event) {
	u := b.enhance
	if u == nil || u.Loc != locMap {
		return
	}
	u.Loc, u.Back, u.Moved, u.Entrenched, u.Declared = locPool, false, false, false, false
	*ev = append(*ev, &engine.Note{Text: fmt.Sprintf("%s is spent for the Enhanced Defense of %s", u.ID, b.hex), Case: "Opt: Entrenching"})
}
