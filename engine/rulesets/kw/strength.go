package kw

import (
	"fmt"
	"strings"

	"pbem/engine/hex"
)

// tally is a battle's strengths as things stand (14.3 steps 2-4).
type tally struct {
	attack, defense int
	percent, col    int
	concentric      bool
	attParts        []string // "DE-8A 6x2 (MAS)"
	defParts        []string
	defWhy          string // why the defence is doubled, "" if it is not
	enhanced        string // the supply unit of an Enhanced Defense ([Opt: Entrenching])
}

// strength totals a battle (14.8-14.11, 17.13, 19.4, 21.3): each attacker
// doubled once for Maximum Attack Supply if it stands within the offensive
// radius of a supply unit backing the battle, once for a concentric attack
// and once for an Alpine unit attacking a rough hex, never more than x3
// (14.9, 21.3); the HQ's factor doubled for supply if the HQ is in radius
// and for a concentric attack (14.8(3), 19.4); the defence doubled once at
// most, for the hex's terrain or a river or lake between it and every
// attacker (14.11).
func (s *State) strength(b *battle) tally {
	var t tally
	ez := s.ezoc(b.side)
	var covers []map[hex.Hex]bool
	for _, sup := range b.supply {
		covers = append(covers, s.reach(b.side, sup.Hex, s.offensiveRadius(sup), ez))
	}
	supplied := func(h hex.Hex) bool {
		for _, c := range covers {
			if c[h] {
				return true
			}
		}
		return false
	}
	t.concentric = s.concentric(b)
	rough := s.d.terrain(b.hex) == "rough"
	for _, u := range b.attackers {
		var why []string
		if supplied(u.Hex) {
			why = append(why, "MAS")
		}
		if t.concentric {
			why = append(why, "concentric")
		}
		if s.prof(u).Type == tAlpine && rough {
			why = append(why, "alpine in rough")
		}
		t.add(u.ID, s.faceOf(u).Attack, why)
	}
	if b.hq != nil {
		var why []string
		if supplied(b.hq.Hex) {
			why = append(why, "MAS")
		}
		if t.concentric {
			why = append(why, "concentric")
		}
		t.add("HQ "+b.hq.ID, s.faceOf(b.hq).Support, why)
	}
	if b.air != nil {
		t.add("air "+b.air.ID, s.faceOf(b.air).Support, s.airDoublings(supplied(b.air.Hex), t.concentric))
	}
	mult := 1
	if t.defWhy = s.defenceDoubled(b); t.defWhy != "" {
		mult = 2
	}
	for _, u := range s.at(b.hex) {
		d := s.defenseOf(u) // [Opt: Entrenching]
		part := fmt.Sprintf("%s %d", u.ID, d)
		m := mult
		if b.enhance != nil {
			// each defender shows its own multiplier under Enhanced Defense
			t.enhanced = b.enhance.ID
			if e := s.enhancedMult(b, u); e > 0 {
				m = e
			}
			if m > 1 {
				part += fmt.Sprintf("x%d", m)
			}
		}
		t.defense += d * m
		t.defParts = append(t.defParts, part)
	}
	t.col, t.percent = column(t.attack, t.defense)
	return t
}

// add counts one attacking factor with its doublings, at most x3.
func (t *tally) add(who string, factor int, why []string) {
	m := min(3, 1+len(why))
	t.attack += factor * m
	part := fmt.Sprintf("%s %d", who, factor)
	if m > 1 {
		part += fmt.Sprintf("x%d (%s)", m, strings.Join(why, ", "))
	}
	t.attParts = append(t.attParts, part)
}

// ratio is "20 against 12 = 166% (150-199%)".
func (t tally) ratio() string {
	if t.defense <= 0 {
		return fmt.Sprintf("%d against 0 (%s)", t.attack, bandName(t.col))
	}
	return fmt.Sprintf("%d against %d = %d%% (%s)", t.attack, t.defense, t.percent, bandName(t.col))
}

// detail says how the strengths were found.
func (t tally) detail(b *battle) string {
	def := strings.Join(t.defParts, " + ")
	switch {
	case t.enhanced != "" && t.defWhy != "":
		def += fmt.Sprintf(" (Enhanced Defense by %s; %s doubles)", t.enhanced, t.defWhy)
	case t.enhanced != "":
		def += fmt.Sprintf(" (Enhanced Defense by %s)", t.enhanced)
	case t.defWhy != "":
		def = "(" + def + ")x2 for " + t.defWhy
	}
	text := fmt.Sprintf("attack on %s: %s = %d; defence %s = %d", b.hex, strings.Join(t.attParts, " + "), t.attack, def, t.defense)
	if t.concentric {
		text += "; concentric"
	}
	return text
}

// concentric reports whether every hex around the defended hex holds an
// attacker of this battle, lies in the ZOC of one, or cannot be played:
// off the map, all-sea, lake, prohibited or neutral (14.8(3); off the map
// by ruling KW-14.8-EDGE). Not against a fortress's hex unless an HQ
// supports the attack (20.2, 19.5), or the fortress is Russian under [Opt:
// Russians Modernize Field Artillery].
func (s *State) concentric(b *battle) bool {
	for _, u := range s.at(b.hex) {
		p := s.prof(u)
		if p.Type == tFortress && b.hq == nil && !(p.Nation == "RU" && s.opt["modernize-artillery"]) {
			return false
		}
	}
	held := map[hex.Hex]bool{}
	for _, u := range b.attackers {
		held[u.Hex] = true
	}
	for _, n := range s.d.grid.Neighbours(b.hex) {
		if !s.d.land(n) || s.neutral(n) || held[n] {
			continue
		}
		covered := false
		for _, u := range b.attackers {
			if s.exertsZOC(u) && s.d.grid.Adjacent(u.Hex, n) && s.zocInto(b.side, u.Hex, n) {
				covered = true
				break
			}
		}
		if !covered {
			return false
		}
	}
	return true
}

// defenceDoubled says why the defence of a battle doubles, "" if it does
// not (14.11): the terrain of the defended hex or a city there; else a
// river or lake hexside between it and every attacker, except in Winter
// (22.1(3)).
func (s *State) defenceDoubled(b *battle) string {
	tc := s.d.tables.tec
	if tc[s.d.terrain(b.hex)].Defense >= 2 {
		return s.d.terrain(b.hex)
	}
	if t := s.d.towns[b.hex]; t != nil && t.City && tc["city"].Defense >= 2 {
		return "a city"
	}
	if s.weatherOf() == "winter" || s.d.tables.river.Defense < 2 {
		return ""
	}
	for _, u := range b.attackers {
		if c := s.d.side(u.Hex, b.hex); c != "river" && c != "lake" {
			return ""
		}
	}
	return "a river or lake hexside"
}
