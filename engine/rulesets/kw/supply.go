package kw

import (
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// reach is where a radius traced from a hex gets to (17.2-17.4): counted
// in hexes, the starting hex not counted and the last one counted (ruling
// KW-17.2-COUNT). The trace never enters a hex with enemy units, an all-sea
// hexside, marsh (into, out of or through), or a neutral country; it stops
// at the first hex in the enemy's ZOC, which is still reached, and it
// never leaves a hex in the enemy's ZOC, so that a source in one reaches
// only its own hex (17.4).
func (s *State) reach(side scenario.Side, from hex.Hex, radius int, ez map[hex.Hex]bool) map[hex.Hex]bool {
	out := map[hex.Hex]bool{from: true}
	if ez[from] || s.d.terrain(from) == "marsh" {
		return out
	}
	frontier := []hex.Hex{from}
	for step := 0; step < radius && len(frontier) > 0; step++ {
		var next []hex.Hex
		for _, h := range frontier {
			for _, n := range s.d.grid.Neighbours(h) {
				if out[n] || !s.traceStep(side, h, n) {
					continue
				}
				out[n] = true
				if !ez[n] {
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return out
}

// traceStep reports whether a supply or support trace of side may go from
// h into the adjacent n (17.3, 23.0(1)).
func (s *State) traceStep(side scenario.Side, h, n hex.Hex) bool {
	if !s.d.land(n) || s.d.side(h, n) == "sea" || s.neutral(n) || s.d.terrain(n) == "marsh" {
		return false
	}
	if o := s.sideAt(n); o != "" && o != side {
		return false
	}
	return true
}

// weatherOf is the weather of the turn now.
func (s *State) weatherOf() string { return s.d.turn(s.Turn).Weather }

// offensiveRadius is how far a supply unit in h gives Offensive Supply
// (17.9, 22.1(1), 22.2): 1 in Winter, and in Thaw when it stands in Russia.
func (s *State) offensiveRadius(u *unit) int {
	r := s.faceOf(u).Radius
	switch w := s.weatherOf(); {
	case w == "winter", w == "thaw" && s.d.country[u.Hex] == Russia:
		return min(r, 1)
	}
	return r
}

// generalSupply lists side's units on the map that are in General Supply
// (17.5, 17.7): within the printed radius of a friendly supply unit; in a
// hex with a friendly fortress; on or next to a rail hex joined by rail
// hexes free of enemy units and enemy ZOC to a hex with a friendly supply
// unit (ruling KW-17.5-RAIL: control of the line is not needed, marsh
// breaks it); and supply units and fortresses themselves.
func (s *State) generalSupply(side scenario.Side) map[string]bool {
	ez := s.ezoc(side)
	covered := map[hex.Hex]bool{}
	var sources []hex.Hex
	for _, u := range s.Units {
		p := s.prof(u)
		if u.Loc != locMap || p.Side != side {
			continue
		}
		switch {
		case p.Type == tSupply && u.Entrenched:
			// entrenched, it serves only a defence [Opt: Entrenching]
		case p.Type == tSupply:
			sources = append(sources, u.Hex)
			for h := range s.reach(side, u.Hex, s.faceOf(u).Radius, ez) {
				covered[h] = true
			}
		case p.Type == tFortress:
			covered[u.Hex] = true
		}
	}
	railOK := s.railChain(side, sources, ez)
	out := map[string]bool{}
	for _, u := range s.Units {
		p := s.prof(u)
		if u.Loc != locMap || p.Side != side {
			continue
		}
		in := covered[u.Hex] || p.Type == tSupply || p.Type == tFortress || (p.Nation == "BOL")
		if !in && railOK[u.Hex] {
			in = true
		}
		for _, n := range s.d.grid.Neighbours(u.Hex) {
			in = in || (railOK[n] && s.d.land(n) && s.d.side(u.Hex, n) != "sea")
		}
		if in {
			out[u.ID] = true
		}
	}
	return out
}

// railChain is the set of rail hexes joined by rail to a hex with one of
// side's supply units through rail hexes none of which holds an enemy unit,
// lies in the enemy's ZOC or is marsh (17.5(3)).
func (s *State) railChain(side scenario.Side, sources []hex.Hex, ez map[hex.Hex]bool) map[hex.Hex]bool {
	ok := func(h hex.Hex) bool {
		o := s.sideAt(h)
		return len(s.d.rail[h]) > 0 && !ez[h] && (o == "" || o == side) && s.d.terrain(h) != "marsh" && !s.neutral(h)
	}
	out := map[hex.Hex]bool{}
	var queue []hex.Hex
	for _, h := range sources {
		if ok(h) && !out[h] {
			out[h] = true
			queue = append(queue, h)
		}
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range s.d.rail[h] {
			if !out[n] && ok(n) {
				out[n] = true
				queue = append(queue, n)
			}
		}
	}
	return out
}
