package kw

import (
	"fmt"
)

// optAir is the game option of [Opt: Air Units].
const optAir = "air-units"

// bindAir reads the `air AIRBASE` clause of an attack ([Opt: Air Units]):
// one airbase of the attacker a battle, on the map, that has supported no
// other battle this phase, with the defended hex within its range: counted
// in hexes, the airbase's own hex not counted and the defender's counted,
// through zones of control, units, any terrain and sea alike. It may join
// an HQ; it needs no attacker of its nation.
func (s *State) bindAir(b *battle) (string, string) {
	ws, ok := b.o.Clause("air")
	if !ok {
		return "", ""
	}
	if !s.opt[optAir] {
		return "this game is played without the Air Units option", "Opt: Air Units"
	}
	if len(ws) != 1 {
		return "at most one airbase supports a battle", "Opt: Air Units"
	}
	u, prob := s.own(b.side, ws[0].Text)
	if prob != "" {
		return prob, "Opt: Air Units"
	}
	r := s.faceOf(u).Radius
	switch d := s.d.grid.Distance(u.Hex, b.hex); {
	case s.prof(u).Type != tAirbase:
		return u.ID + " is not an airbase", "Opt: Air Units"
	case u.Loc != locMap:
		return u.ID + " is not on the map", "Opt: Air Units"
	case u.Used:
		return u.ID + " has already supported a battle this phase", "Opt: Air Units"
	case s.inert(u):
		return u.ID + " belongs to a neutral country", "23.0(2)"
	case d > r:
		return fmt.Sprintf("%s is %d hexes from %s, beyond its range of %d", b.hex, d, u.ID, r), "Opt: Air Units"
	}
	b.air = u
	return "", ""
}

// airDoublings are the reasons an airbase's factor is doubled (digest 5.8):
// Maximum Attack Supply when the airbase stands within the offensive radius
// of a supply unit backing the battle, as an HQ's factor (ruling
// KW-Air-MAS), and a concentric attack; the tally caps them at x3.
func (s *State) airDoublings(supplied, concentric bool) []string {
	var why []string
	if supplied {
		why = append(why, "MAS")
	}
	if concentric {
		why = append(why, "concentric")
	}
	return why
}

// exposeAir puts the supporting airbase among the attackers for the
// result when an enemy airbase is in the defending hex: it then suffers
// as a corps would ([Opt: Air Units]); otherwise no result touches it. It
// is charged no VP if lost, as the VP Chart has no line for it (ruling
// KW-Air-VP, in lossVP). It attacked from no hex of its own: it counts as
// attacking from the first attacker's hex, so that a defender pursuing
// after an Attacker Annihilated finds no new hex by it.
func (s *State) exposeAir(b *battle) {
	if b.air == nil || len(b.attackers) == 0 {
		return
	}
	for _, u := range s.at(b.hex) {
		if s.prof(u).Type == tAirbase {
			b.from[b.air.ID] = b.from[b.attackers[0].ID]
			b.attackers = append(b.attackers, b.air)
			return
		}
	}
}
