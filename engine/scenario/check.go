package scenario

import (
	"fmt"
	"sort"

	"pbem/engine/hex"
)

// LoadWith is Load with the checks of a rules system besides (the
// registry's rulesets.CheckData, or a ruleset's own CheckData): once the
// files parse, both Check and check (if not nil) look at the game, and
// their problems come together in file and line order, Check's first on a
// line.
func LoadWith(files []File, check func(*Game) ErrorList) (*Game, error) {
	g, errs := parse(files)
	if len(errs) == 0 {
		errs = append(errs, g.Check()...)
		if check != nil {
			errs = append(errs, check(g)...)
		}
	}
	sortErrors(errs)
	return g, errs.Err()
}

// Check validates a parsed game in what every rules system needs: the
// map's features against its terrain, the order of battle's references and
// every scenario's set-up. What only some systems require (value ranges,
// where rail may run, stacking) is the ruleset's (engine.DataChecker). It
// returns every problem found.
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
	}
	for _, f := range m.SortedFortresses() {
		if !land(f.Hex) {
			errs.add(f.Src.Pos, "fortress %s: hex %s is %s", f.Name, f.Hex, tn(f.Hex))
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

// checkRails: each line is a chain of adjacent hexes a unit may enter,
// crossing no blocked hexside; exits are on the map edge and off-map links
// join two exits. Whose country a line may run through and what it must
// reach are rules of the system's (engine.DataChecker).
func (g *Game) checkRails(errs *ErrorList) {
	m := g.Map
	for _, l := range m.Rails {
		if len(l.Hexes) < 2 {
			errs.add(l.Src.Pos, "rail %s: a line needs at least two hexes", l.ID)
			continue
		}
		for i, h := range l.Hexes {
			if m.Impassable(h) {
				errs.add(l.HexPos[i], "rail %s: hex %s is %s", l.ID, h, m.TerrainName(m.Terrain(h)))
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
	for _, e := range m.SortedExits() {
		if !m.Grid.Edge(e.Hex) {
			errs.add(e.Src.Pos, "exit %s is not on the map edge", e.Hex)
		}
	}
	for _, l := range m.OffMap {
		for _, h := range []hex.Hex{l.From, l.To} {
			if m.Exits[h] == nil {
				errs.add(l.Src.Pos, "offmap: %s is not a rail exit", h)
			}
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
		// An hq record has hq= values; a unit record of type hq (a game
		// that declares its own unit types) has str= like any unit.
		if u.IsHQ() && len(u.Str) == 0 {
			if len(u.HQ) == 0 {
				errs.add(u.Pos, "hq %s: no hq= values", u.ID)
			}
			continue
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
	if s.Front != "" && m.Region(s.Front) == nil {
		errs.add(s.Pos, "scenario %s: front=%s: no region of that id", s.Name, s.Front)
	}
	for i, t := range s.Turns {
		if t.N != i+1 {
			errs.add(t.Pos, "turn %d: the scenario's turn track must run 1, 2, 3... without gaps or repeats (expected %d)", t.N, i+1)
			break
		}
	}
	letters := map[string]*Entry{}
	for _, e := range m.Entries {
		letters[e.Letter] = e
	}
	placed := g.Placed(s)
	first := map[string]Pos{}
	for pl, u := range placed {
		first[u.ID] = pl.Pos
	}
	for _, pl := range byLine(s) {
		switch {
		case placed[pl] != nil:
		case g.units[pl.Unit] == nil:
			errs.add(pl.Pos, "%s: unknown unit id %q", s.Name, pl.Unit)
		default:
			errs.add(pl.Pos, "%s: unit %s already placed at line %d", s.Name, pl.Unit, first[pl.Unit].Line)
		}
	}
	for _, pl := range s.Setup {
		if pl.At != "" && pl.Hex == (hex.Hex{}) {
			continue // its town is unknown: reported where it was read
		}
		if !m.Grid.Contains(pl.Hex) {
			errs.add(pl.Pos, "%s: unit %s set up at %s, off the map", s.Name, pl.Unit, pl.Hex)
			continue
		}
		if m.Impassable(pl.Hex) {
			errs.add(pl.Pos, "%s: unit %s set up at %s, a %s hex, which no unit may enter", s.Name, pl.Unit, pl.Hex, m.TerrainName(m.Terrain(pl.Hex)))
		}
	}
	for _, pl := range s.Arrivals {
		u := placed[pl]
		if pl.Turn < s.First || pl.Turn > s.Last {
			errs.add(pl.Pos, "%s: unit %s arrives on turn %d, outside the scenario's turns %d-%d", s.Name, pl.Unit, pl.Turn, s.First, s.Last)
		}
		if pl.Entry == "" {
			continue // placed by its side where the rules allow (Kaiser's War 9.4)
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

// Placed maps each placement of s that places a unit to its unit: a unit
// of the order of battle, on the first line that places it. Check reports
// the other placements.
func (g *Game) Placed(s *Scenario) map[*Placement]*Unit {
	out := map[*Placement]*Unit{}
	seen := map[string]bool{}
	for _, pl := range byLine(s) {
		if u := g.units[pl.Unit]; u != nil && !seen[pl.Unit] {
			seen[pl.Unit] = true
			out[pl] = u
		}
	}
	return out
}

// byLine is every placement of s (set up, deployed, arriving, held,
// available) in line order.
func byLine(s *Scenario) []*Placement {
	var all []*Placement
	for _, l := range [][]*Placement{s.Setup, s.Deploy, s.Arrivals, s.Held, s.Available} {
		all = append(all, l...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Pos.Line < all[j].Pos.Line })
	return all
}

// Describe returns a one-line summary of a scenario: "22.1, turns 1-12,
// 95 units".
func (s *Scenario) Describe() string {
	out := fmt.Sprintf("%s, turns %d-%d, %d set up, %d scheduled, %d held", s.Case, s.First, s.Last, len(s.Setup), len(s.Arrivals), len(s.Held))
	if len(s.Deploy) > 0 || len(s.Available) > 0 {
		out += fmt.Sprintf(", %d deployed, %d available", len(s.Deploy), len(s.Available))
	}
	return out
}
