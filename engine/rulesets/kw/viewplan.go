package kw

import (
	"slices"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// Plan is what a side could work out from the board for the window it has
// open, the arithmetic a player does with the rules at hand: where each of
// its units may go, what is in supply, which HQ reaches where. The robot
// reads it; a person may ignore it. It is computed from what the side may
// see: unit positions, its own units, the map and the charts. Under [Opt:
// Fog of War] a face-down enemy counter shows its hex, and the zones of
// control drawn from it are the ones every player can infer, since HQs
// and supply units (the only counters without a zone of control) are
// never face-down.
type Plan struct {
	// EZOC is the set of hexes in the enemy's zones of control (13.0-13.2).
	EZOC map[hex.Hex]bool
	// Supplied are the side's units on the map in General Supply (17.5);
	// SupplyNet the hexes where a unit of the side would be.
	Supplied  map[string]bool
	SupplyNet map[hex.Hex]bool
	// Moves (own Movement Phase) are, for each unit that may move, the
	// hexes it may reach by land with its own movement and the path
	// (11.1-11.7, 13.4, 13.5); Rails the hexes it may reach by one rail
	// move (18.1-18.5), Cost there counting thirds of an Army Equivalent
	// of rail capacity (18.2, 18.3), of which RailLeft remain.
	Moves    map[string][]Dest
	Rails    map[string][]Dest
	RailLeft int
	// Reach (own combat phases) is, for each HQ, the hexes within its
	// support radius (19.1) and, for each supply unit that may still be
	// declared, those within its offensive radius (17.9, 22.1).
	Reach map[string]map[hex.Hex]bool
	// Doubled are the hexes whose terrain or city doubles the defence
	// (14.11(1)); RiverDoubles whether a river or lake hexside doubles it
	// now (14.11(2), 22.1(3)).
	Doubled      map[hex.Hex]bool
	RiverDoubles bool
	// Combines (own Reorganization Phase) are armies the side may build
	// now, each with the corps and the supply units that could pay for it
	// (10.2-10.5); Converts the HQs it may convert with the supply units
	// that reach them (10.7).
	Combines []Combine
	Converts map[string][]string
	// Pool (own Mobilization Phase) counts the counters of each kind
	// ("inf/RU") that may still be bought (9.5, 9.9).
	Pool map[string]int
	// Hideable (set-up and Reorganization Phase, under [Opt: Fog of War])
	// are the side's face-up units it may turn face-down.
	Hideable []string
	// CRT are the combat results tables by name ("standard", "shock"),
	// a row per die roll, a column per percentage band (14.13).
	CRT map[string]*[6][9]string
}

// Dest is a hex a unit may reach, what it costs (half-MP for a land move;
// rail capacity for a rail move) and the hexes entered on the way.
type Dest struct {
	Hex  hex.Hex
	Cost int
	Path []hex.Hex
}

// Combine is an army that may be built from corps in one hex.
type Combine struct {
	Army   string
	Hex    hex.Hex
	Corps  []string
	Supply []string
}

// plan works out the Plan of side for the window open.
func (s *State) plan(side scenario.Side, w engine.Window) *Plan {
	ez := s.seenZOC(side) // only what the side's view shows (zoc.go)
	p := &Plan{EZOC: ez, Supplied: s.generalSupply(side), SupplyNet: s.supplyNet(side, ez), CRT: map[string]*[6][9]string{},
		Doubled: map[hex.Hex]bool{}, RiverDoubles: s.weatherOf() != "winter" && s.d.tables.river.Defense >= 2}
	tec := s.d.tables.tec
	for h := range s.d.country {
		if t := s.d.towns[h]; tec[s.d.terrain(h)].Defense >= 2 || t != nil && t.City && tec["city"].Defense >= 2 {
			p.Doubled[h] = true
		}
	}
	for name, t := range s.d.tables.crt {
		c := *t // a copy: the view never shares the referee's tables
		p.CRT[name] = &c
	}
	if side != w.Phasing {
		return p
	}
	if s.fog() && (s.Phase == phSetup || s.Phase == phReorg) {
		for _, u := range s.Units {
			if s.prof(u).Side == side && (u.Loc == locMap || u.Loc == locDeploy) && !u.Hidden && s.hideable(u) {
				p.Hideable = append(p.Hideable, u.ID)
			}
		}
	}
	switch s.Phase {
	case phMove:
		p.Moves, p.Rails = map[string][]Dest{}, map[string][]Dest{}
		p.RailLeft = railLimit - s.Rail
		m := s.openMove(side)
		for _, u := range s.Units {
			if u.Loc != locMap || s.prof(u).Side != side || s.inert(u) || s.faceOf(u).Move == 0 {
				continue
			}
			p.Moves[u.ID] = s.landDests(m, u)
			if why, _ := s.railStart(m, u); why == "" {
				p.Rails[u.ID] = s.railDests(m, u)
			}
		}
	case phCombat1, phCombat2:
		p.Reach = map[string]map[hex.Hex]bool{}
		for _, u := range s.Units {
			if u.Loc != locMap {
				continue
			}
			pr := s.prof(u)
			switch {
			case pr.Side != side:
			case pr.Type == tHQ:
				p.Reach[u.ID] = s.reach(side, u.Hex, s.faceOf(u).Radius, ez)
			case pr.Type == tSupply && !u.Moved && !u.Entrenched:
				p.Reach[u.ID] = s.reach(side, u.Hex, s.offensiveRadius(u), ez)
			}
		}
	case phMob:
		p.Pool = map[string]int{}
		for _, u := range s.Units {
			if pr := s.prof(u); pr.Side == side && s.buyable(u) == "" {
				p.Pool[pr.Type+"/"+pr.Nation]++
			}
		}
	case phReorg:
		reach := s.offensiveReach(side, ez)
		p.Combines, p.Converts = s.combineOptions(side, reach), s.convertOptions(side, reach)
	}
	return p
}

// supplyNet is every hex where a unit of side would be in General Supply
// (17.5), as generalSupply finds it for the units there.
func (s *State) supplyNet(side scenario.Side, ez map[hex.Hex]bool) map[hex.Hex]bool {
	out := map[hex.Hex]bool{}
	var sources []hex.Hex
	for _, u := range s.Units {
		p := s.prof(u)
		if u.Loc != locMap || p.Side != side {
			continue
		}
		switch p.Type {
		case tSupply:
			sources = append(sources, u.Hex)
			for h := range s.reach(side, u.Hex, s.faceOf(u).Radius, ez) {
				out[h] = true
			}
		case tFortress:
			out[u.Hex] = true
		}
	}
	for h := range s.railChain(side, sources, ez) {
		out[h] = true
		for _, n := range s.d.grid.Neighbours(h) {
			if s.d.land(n) && s.d.side(h, n) != "sea" {
				out[n] = true
			}
		}
	}
	return out
}

// landDests are the hexes u may reach by land this phase, as cheapest and
// walk allow them: stopping on entering an enemy ZOC, disengaging at the
// start for 1 MP more, and the minimum move of one hex (11.6, 13.4, 13.5).
func (s *State) landDests(m *movePhase, u *unit) []Dest {
	from, left := u.Hex, s.mpLeft(m, u)
	sr := s.landSearch(m, u, left)
	r := sr.Run(from)
	var out []Dest
	seen := map[hex.Hex]bool{from: true}
	for _, h := range r.Reached(hex.Hex.Less) {
		if h == from {
			continue
		}
		c, _ := r.Cost(h)
		out = append(out, Dest{Hex: h, Cost: c, Path: r.Path(h)[1:]})
		seen[h] = true
	}
	for _, n := range s.d.grid.Neighbours(from) {
		if seen[n] || m.ez[from] && m.ez[n] {
			continue
		}
		if _, why, _ := s.stepCost(m, u, from, n); why == "" {
			out = append(out, Dest{Hex: n, Cost: left, Path: []hex.Hex{n}}) // 11.6
		}
	}
	return out
}

// railDests are the hexes u may reach by one rail move from where it
// stands, as railPath and railWalk allow them, with the capacity each
// takes.
func (s *State) railDests(m *movePhase, u *unit) []Dest {
	start := u.Hex
	sr := s.railSearch(m, u)
	r := sr.Run(start)
	left := s.mpLeft(m, u)
	var out []Dest
	for _, h := range r.Reached(hex.Hex.Less) {
		if h == start || m.ez[start] && left < 4 {
			continue
		}
		path := r.Path(h)
		out = append(out, Dest{Hex: h, Cost: s.railCost(u, path), Path: path[1:]})
	}
	return out
}

// combineOptions are the armies side may build now (10.2-10.5): an army
// counter it may combine, corps enough of the right type and nations in
// one hex, and the supply units that could pay.
func (s *State) combineOptions(side scenario.Side, reach map[string]map[hex.Hex]bool) []Combine {
	var out []Combine
	byHex := map[hex.Hex][]*unit{}
	for _, u := range s.Units {
		if u.Loc == locMap && s.prof(u).Side == side && s.prof(u).Size == zCorps && !s.inert(u) {
			byHex[u.Hex] = append(byHex[u.Hex], u)
		}
	}
	for _, a := range s.Units {
		p := s.prof(a)
		r, ok := s.d.tables.reorg[p.Reorg]
		if p.Side != side || a.Loc != locAvailable || !p.army() || !ok || p.Nation == "RO" ||
			!a.Entered && p.Size != zAA && !s.startsAvailable(a.ID) ||
			s.lowMorale(side) && slices.Contains([]string{"AH", "BG", "RU"}, p.Nation) {
			continue
		}
		for _, h := range sortedHexes(byHex) {
			corps := s.pickCorps(p, r, byHex[h])
			if corps == nil {
				continue
			}
			c := Combine{Army: a.ID, Hex: h}
			for _, u := range corps {
				c.Corps = append(c.Corps, u.ID)
			}
			for _, su := range s.Units {
				if reach[su.ID][h] {
					c.Supply = append(c.Supply, su.ID)
				}
			}
			if len(c.Supply) > 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// offensiveReach is, for each of side's supply units that may give
// Offensive Supply now, the hexes within its offensive radius, as
// offensiveSupply finds them (17.9(3), 17.10, 22.1(1)).
func (s *State) offensiveReach(side scenario.Side, ez map[hex.Hex]bool) map[string]map[hex.Hex]bool {
	out := map[string]map[hex.Hex]bool{}
	for _, u := range s.Units {
		if s.prof(u).Side == side && s.prof(u).Type == tSupply && u.Loc == locMap && !u.Moved && !u.Entrenched {
			out[u.ID] = s.reach(side, u.Hex, s.offensiveRadius(u), ez)
		}
	}
	return out
}

// pickCorps chooses corps of us that form an army of profile p by chart
// line r, nil if none do.
func (s *State) pickCorps(p *profile, r reorg, us []*unit) []*unit {
	want := r.Nations
	if len(want) != r.Count {
		want = slices.Repeat([]string{p.Nation}, r.Count)
	}
	var got []*unit
	for _, n := range want {
		for _, u := range us {
			q := s.prof(u)
			if q.Type == r.Type && q.Nation == n && !slices.Contains(got, u) {
				got = append(got, u)
				break
			}
		}
	}
	if len(got) != r.Count || s.corpsProblem(p, r, got) != "" {
		return nil
	}
	return got
}

// convertOptions are side's HQs that may be converted now, each with the
// supply units that could pay (10.7).
func (s *State) convertOptions(side scenario.Side, reach map[string]map[hex.Hex]bool) map[string][]string {
	out := map[string][]string{}
	for _, hq := range s.Units {
		if s.prof(hq).Side != side || s.prof(hq).Type != tHQ || hq.Loc != locMap {
			continue
		}
		for _, su := range s.Units {
			if !reach[su.ID][hq.Hex] {
				continue
			}
			o := engine.Order{Verb: "convert", Clauses: []engine.Clause{{Words: []engine.Word{{Text: hq.ID}}}, {Keyword: "supply", Words: []engine.Word{{Text: su.ID}}}}}
			if _, _, _, prob := s.bindConvert(side, o); prob == "" {
				out[hq.ID] = append(out[hq.ID], su.ID)
			}
		}
	}
	return out
}
