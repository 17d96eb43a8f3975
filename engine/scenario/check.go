package scenario

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
)

// Check validates a parsed game: the map's features against its terrain,
// rail connectivity, the order of battle's references and every scenario's
// set-up. It returns every problem found.
func (g *Game) Check() ErrorList {
	var errs ErrorList
	g.checkGame(&errs)
	g.checkMap(&errs)
	g.checkUnits(&errs)
	for _, s := range g.Scenarios {
		g.checkScenario(s, &errs)
	}
	sortErrors(errs)
	return errs
}

func (g *Game) checkGame(errs *ErrorList) {
	if len(g.Sides) < 2 {
		errs.add(g.Src.Pos, "game %s: %d sides declared, want at least 2", g.ID, len(g.Sides))
	}
	for i, t := range g.Turns {
		if t.N != i+1 {
			errs.add(t.Pos, "turn %d: the turn track must run 1, 2, 3... without gaps or repeats (expected %d)", t.N, i+1)
			break
		}
	}
	if len(g.Victory) > 0 {
		seen := map[int]bool{}
		for _, v := range g.Victory {
			if seen[v.Min] {
				errs.add(v.Src.Pos, "victory: two levels start at %d VP", v.Min)
			}
			seen[v.Min] = true
		}
	}
	if len(g.Scenarios) == 0 {
		errs.add(g.Src.Pos, "game %s has no scenario file", g.ID)
	}
}

func (g *Game) checkMap(errs *ErrorList) {
	m := g.Map
	land := func(h hex.Hex) bool { return m.Grid.Contains(h) && !m.Impassable(h) }
	tn := func(h hex.Hex) string { return m.TerrainName(m.Terrain(h)) }
	for _, h := range m.Grid.All() {
		if t := m.Terrain(h); t != 0 && !m.Impassable(h) && m.Country(h) == "" {
			errs.add(m.CountrySrc.Pos, "country grid: land hex %s (%s) belongs to no side", h, tn(h))
		}
	}
	for _, t := range m.SortedTowns() {
		if !land(t.Hex) {
			errs.add(t.Src.Pos, "town %s: hex %s is %s", t.Name, t.Hex, tn(t.Hex))
		}
		if t.VP < 0 {
			errs.add(t.Src.Pos, "town %s: vp=%d: town VP are not negative (T 21.11)", t.Name, t.VP)
		}
	}
	for _, f := range m.SortedFortresses() {
		if !land(f.Hex) {
			errs.add(f.Src.Pos, "fortress %s: hex %s is %s", f.Name, f.Hex, tn(f.Hex))
		}
		if f.Steps < 1 || f.Steps > 4 {
			errs.add(f.Src.Pos, "fortress %s: steps=%d: want 1-4 (std 11.13)", f.Name, f.Steps)
		}
		if c := m.Country(f.Hex); c != "" && c != f.Owner {
			errs.add(f.Src.Pos, "fortress %s: owner %s but hex %s is in %s", f.Name, f.Owner, f.Hex, c)
		}
	}
	for _, h := range hex.SortedKeys(m.Trenches) {
		if !land(h) {
			errs.add(m.Trenches[h].Pos, "trench: hex %s is %s", h, tn(h))
		}
	}
	for _, s := range m.SortedHexsides() {
		if !m.Crossable(s.Side) {
			continue
		}
		wa := !land(s.Side.A)
		wb := !land(s.Side.B)
		if wa && wb {
			errs.add(s.Src.Pos, "river %s: hexside %s has no land on either side", s.River, s.Side)
		}
	}
	g.checkRails(errs)
	for _, e := range m.Entries {
		if !land(e.Hex) {
			errs.add(e.Src.Pos, "entry %s: hex %s is %s", e.Letter, e.Hex, tn(e.Hex))
		}
	}
}

// checkRails: each line is a chain of adjacent land hexes of its own
// country (T[5.42]) crossing no blocked hexside, and every line is joined,
// through lines of the same country, to a rail exit of that country: a rail
// net that reaches no map edge can carry no supply (std 9.13) and no
// off-map move (std 5.37).
func (g *Game) checkRails(errs *ErrorList) {
	m := g.Map
	parent := map[hex.Hex]hex.Hex{}
	find := func(h hex.Hex) hex.Hex {
		for parent[h] != h {
			parent[h] = parent[parent[h]]
			h = parent[h]
		}
		return h
	}
	union := func(a, b hex.Hex) {
		ra, rb := find(a), find(b)
		if ra != rb {
			if rb.Less(ra) {
				ra, rb = rb, ra
			}
			parent[rb] = ra
		}
	}
	type node struct {
		country Side
		hex     hex.Hex
	}
	hasLines := map[Side]bool{}
	for _, l := range m.Rails {
		if len(l.Hexes) < 2 {
			errs.add(l.Src.Pos, "rail %s: a line needs at least two hexes", l.ID)
			continue
		}
		hasLines[l.Country] = true
		for i, h := range l.Hexes {
			if m.Impassable(h) {
				errs.add(l.HexPos[i], "rail %s: hex %s is %s", l.ID, h, m.TerrainName(m.Terrain(h)))
			}
			if c := m.Country(h); c != "" && c != l.Country {
				errs.add(l.HexPos[i], "rail %s: %s line runs through %s, a %s hex (rail is friendly only in its own country, T[5.42])", l.ID, l.Country, h, c)
			}
			if i == 0 {
				continue
			}
			prev := l.Hexes[i-1]
			s, ok := m.Grid.SideBetween(prev, h)
			if !ok {
				errs.add(l.HexPos[i], "rail %s: %s does not touch %s: the line is broken", l.ID, h, prev)
				continue
			}
			if !m.Crossable(s) {
				errs.add(l.HexPos[i], "rail %s: crosses the blocked hexside %s", l.ID, s)
			}
		}
	}
	countries := make([]Side, 0, len(hasLines))
	for c := range hasLines {
		countries = append(countries, c)
	}
	sort.Slice(countries, func(i, j int) bool { return countries[i] < countries[j] })
	for _, c := range countries {
		clear(parent)
		for _, l := range m.Rails {
			if l.Country != c {
				continue
			}
			for _, h := range l.Hexes {
				if _, ok := parent[h]; !ok {
					parent[h] = h
				}
			}
			for i := 1; i < len(l.Hexes); i++ {
				if m.Grid.Adjacent(l.Hexes[i-1], l.Hexes[i]) {
					union(l.Hexes[i-1], l.Hexes[i])
				}
			}
		}
		exitRoots := map[hex.Hex]bool{}
		for _, e := range m.SortedExits() {
			if e.Country != c {
				continue
			}
			if _, ok := parent[e.Hex]; ok {
				exitRoots[find(e.Hex)] = true
			}
		}
		for _, l := range m.Rails {
			if l.Country != c || len(l.Hexes) == 0 {
				continue
			}
			if !exitRoots[find(l.Hexes[0])] {
				errs.add(l.Src.Pos, "rail %s leads nowhere: no chain of %s lines joins it to a %s rail exit at the map edge (std 9.13)", l.ID, c, c)
			}
		}
	}
	onLine := map[node]bool{}
	for _, l := range m.Rails {
		for _, h := range l.Hexes {
			onLine[node{l.Country, h}] = true
		}
	}
	for _, e := range m.SortedExits() {
		if !m.Grid.Edge(e.Hex) {
			errs.add(e.Src.Pos, "exit %s is not on the map edge", e.Hex)
		}
		if !onLine[node{e.Country, e.Hex}] {
			errs.add(e.Src.Pos, "exit %s: no %s rail line reaches it", e.Hex, e.Country)
		}
	}
	for _, l := range m.OffMap {
		for _, h := range []hex.Hex{l.From, l.To} {
			if m.Exits[h] == nil {
				errs.add(l.Src.Pos, "offmap: %s is not a rail exit", h)
			}
		}
		if l.MP < 1 {
			errs.add(l.Src.Pos, "offmap %s-%s: mp=%d: want at least 1 (std 5.38)", l.From, l.To, l.MP)
		}
	}
	for _, e := range m.Entries {
		if !onLine[node{e.Side, e.Hex}] {
			errs.add(e.Src.Pos, "entry %s: hex %s is on no %s rail line, yet reinforcements arrive entrained (T[14.1])", e.Letter, e.Hex, e.Side)
		}
	}
}

func (g *Game) checkUnits(errs *ErrorList) {
	for _, f := range g.Formations {
		if f.HQ == "" {
			continue
		}
		u := g.units[f.HQ]
		switch {
		case u == nil:
			errs.add(f.Pos, "formation %s: hq=%s: no such unit", f.ID, f.HQ)
		case !u.IsHQ():
			errs.add(f.Pos, "formation %s: hq=%s is a %s, not an HQ", f.ID, f.HQ, u.Type)
		case u.Side != f.Side:
			errs.add(f.Pos, "formation %s (%s): hq=%s belongs to %s", f.ID, f.Side, f.HQ, u.Side)
		}
	}
	for _, u := range g.Units {
		if u.Parent != "" {
			f := g.formations[u.Parent]
			switch {
			case f == nil:
				errs.add(u.Pos, "unit %s: parent=%s: no such formation", u.ID, u.Parent)
			case f.Side != u.Side:
				errs.add(u.Pos, "unit %s (%s): parent=%s is a %s formation", u.ID, u.Side, u.Parent, f.Side)
			}
		}
		if u.IsHQ() {
			if len(u.HQ) == 0 {
				errs.add(u.Pos, "hq %s: no hq= values", u.ID)
			}
			continue
		}
		if u.Steps < 1 || u.Steps > 4 {
			errs.add(u.Pos, "unit %s: steps=%d: want 1-4 (std 8.51-8.53)", u.ID, u.Steps)
		}
		if len(u.Str) != u.Steps {
			errs.add(u.Pos, "unit %s: %d step states in str= for %d steps: give attack-defense-move for each step, full first", u.ID, len(u.Str), u.Steps)
		}
		for i := 1; i < len(u.Str); i++ {
			a, b := u.Str[i-1], u.Str[i]
			if b.Attack > a.Attack || b.Defense > a.Defense {
				errs.add(u.Pos, "unit %s: step state %d (%s) is stronger than state %d (%s)", u.ID, i+1, b, i, a)
			}
		}
		if u.TCR < 1 || u.TCR > 4 {
			errs.add(u.Pos, "unit %s: tcr=%d: want 1-4 (std 2.4)", u.ID, u.TCR)
		}
		if u.SP < 0 || u.SP > 9 {
			errs.add(u.Pos, "unit %s: sp=%d: out of range (std 6.11)", u.ID, u.SP)
		}
	}
}

func (g *Game) checkScenario(s *Scenario, errs *ErrorList) {
	m := g.Map
	if s.First < 1 || s.Last < s.First {
		errs.add(s.Pos, "scenario %s: turns %d-%d: want 1 <= first <= last", s.Name, s.First, s.Last)
	}
	track := g.TurnTrack(s)
	if len(track) > 0 && s.Last > len(track) {
		errs.add(s.Pos, "scenario %s: last turn %d is beyond the turn track (%d turns)", s.Name, s.Last, len(track))
	}
	for i, t := range s.Turns {
		if t.N != i+1 {
			errs.add(t.Pos, "turn %d: the scenario's turn track must run 1, 2, 3... without gaps or repeats (expected %d)", t.N, i+1)
			break
		}
	}
	winter := strings.HasPrefix(s.Case, "22.4")
	letters := map[string]*Entry{}
	for _, e := range m.Entries {
		letters[e.Letter] = e
	}
	// Each unit may be placed once; the later line is the one reported.
	var all []*Placement
	all = append(append(append(all, s.Setup...), s.Arrivals...), s.Held...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Pos.Line < all[j].Pos.Line })
	placed := map[string]Pos{}
	units := map[*Placement]*Unit{}
	for _, pl := range all {
		u := g.units[pl.Unit]
		if u == nil {
			errs.add(pl.Pos, "%s: unknown unit id %q", s.Name, pl.Unit)
			continue
		}
		if prev, dup := placed[pl.Unit]; dup {
			errs.add(pl.Pos, "%s: unit %s already placed at line %d", s.Name, pl.Unit, prev.Line)
			continue
		}
		placed[pl.Unit] = pl.Pos
		units[pl] = u
		if u.Attrs.Flag("winter") && !winter {
			errs.add(pl.Pos, "%s: unit %s is a Winter Battle unit and plays only in 22.4 (T[2.3])", s.Name, u.ID)
		}
	}
	stack := map[hex.Hex]int{}
	stackPos := map[hex.Hex]Pos{}
	for _, pl := range s.Setup {
		u := units[pl]
		if !m.Grid.Contains(pl.Hex) {
			errs.add(pl.Pos, "%s: unit %s set up at %s, off the map", s.Name, pl.Unit, pl.Hex)
			continue
		}
		if m.Impassable(pl.Hex) {
			errs.add(pl.Pos, "%s: unit %s set up at %s, a %s hex, which no unit may enter", s.Name, pl.Unit, pl.Hex, m.TerrainName(m.Terrain(pl.Hex)))
			continue
		}
		if u != nil {
			stack[pl.Hex] += u.SP
			stackPos[pl.Hex] = pl.Pos
		}
	}
	if limit, ok := g.ForScenario(s).Param("stacking-limit"); ok {
		for _, h := range hex.SortedKeys(stack) {
			if stack[h] > limit {
				errs.add(stackPos[h], "%s: %d stacking points set up in %s, over the limit of %d (T[6.11])", s.Name, stack[h], h, limit)
			}
		}
	}
	for _, pl := range s.Arrivals {
		u := units[pl]
		if pl.Turn < s.First || pl.Turn > s.Last {
			errs.add(pl.Pos, "%s: unit %s arrives on turn %d, outside the scenario's turns %d-%d", s.Name, pl.Unit, pl.Turn, s.First, s.Last)
		}
		e := letters[pl.Entry]
		switch {
		case e == nil:
			errs.add(pl.Pos, "%s: unit %s: no entry hex lettered %q on the map", s.Name, pl.Unit, pl.Entry)
		case u != nil && e.Side != u.Side:
			errs.add(pl.Pos, "%s: unit %s (%s) enters at %s, a %s entry hex", s.Name, pl.Unit, u.Side, pl.Entry, e.Side)
		}
	}
}

// Describe returns a one-line summary of a scenario: "22.1, turns 1-12,
// 95 units".
func (s *Scenario) Describe() string {
	return fmt.Sprintf("%s, turns %d-%d, %d set up, %d scheduled, %d held", s.Case, s.First, s.Last, len(s.Setup), len(s.Arrivals), len(s.Held))
}
