package gwite

import (
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// The registry finds the data checks by this interface: a change of
// signature must not drop them silently.
var _ engine.DataChecker = Ruleset{}

// CheckData implements engine.DataChecker: what this system requires of a
// game's data beyond what engine/scenario checks of every game. Each
// problem is at the file and line of the record it is about.
func (Ruleset) CheckData(g *scenario.Game) scenario.ErrorList {
	var errs scenario.ErrorList
	checkMapData(g.Map, &errs)
	checkRailNet(g.Map, &errs)
	checkUnitData(g, &errs)
	for _, s := range g.Scenarios {
		checkSetupData(g, s, &errs)
	}
	errs.Sort()
	return errs
}

// checkMapData: town VP are never negative (T 21.11); a fortress has 1-4
// steps (std 11.13) and stands in its owner's country.
func checkMapData(m *scenario.Map, errs *scenario.ErrorList) {
	for _, t := range m.SortedTowns() {
		if t.VP < 0 {
			errs.Add(t.Src.Pos, "town %s: vp=%d: town VP are not negative (T 21.11)", t.Name, t.VP)
		}
	}
	for _, f := range m.SortedFortresses() {
		if f.Steps < 1 || f.Steps > 4 {
			errs.Add(f.Src.Pos, "fortress %s: steps=%d: want 1-4 (std 11.13)", f.Name, f.Steps)
		}
		if c := m.Country(f.Hex); c != "" && c != f.Owner {
			errs.Add(f.Src.Pos, "fortress %s: owner %s but hex %s is in %s", f.Name, f.Owner, f.Hex, c)
		}
	}
}

// railNode is a hex of a country's rail net.
type railNode struct {
	country scenario.Side
	hex     hex.Hex
}

// checkRailNet: a rail line runs only in its own country (T[5.42]), and is
// joined, through lines of that country, to a rail exit of it: a net that
// reaches no map edge can carry no supply (std 9.13) and no off-map move
// (std 5.37). Every exit is reached by its country's rail, an off-map link
// costs at least 1 MP (std 5.38), and reinforcements enter entrained, on a
// line of their side (T[14.1]). engine/scenario has checked the lines'
// shape (adjacent hexes, no blocked hexside).
func checkRailNet(m *scenario.Map, errs *scenario.ErrorList) {
	for _, l := range m.Rails {
		if len(l.Hexes) < 2 {
			continue
		}
		for i, h := range l.Hexes {
			if c := m.Country(h); c != "" && c != l.Country {
				errs.Add(l.HexPos[i], "rail %s: %s line runs through %s, a %s hex (rail is friendly only in its own country, T[5.42])", l.ID, l.Country, h, c)
			}
		}
	}
	checkRailExits(m, errs)
	onLine := map[railNode]bool{}
	for _, l := range m.Rails {
		for _, h := range l.Hexes {
			onLine[railNode{l.Country, h}] = true
		}
	}
	for _, e := range m.SortedExits() {
		if !onLine[railNode{e.Country, e.Hex}] {
			errs.Add(e.Src.Pos, "exit %s: no %s rail line reaches it", e.Hex, e.Country)
		}
	}
	for _, l := range m.OffMap {
		if l.MP < 1 {
			errs.Add(l.Src.Pos, "offmap %s-%s: mp=%d: want at least 1 (std 5.38)", l.From, l.To, l.MP)
		}
	}
	for _, e := range m.Entries {
		if !onLine[railNode{e.Side, e.Hex}] {
			errs.Add(e.Src.Pos, "entry %s: hex %s is on no %s rail line, yet reinforcements arrive entrained (T[14.1])", e.Letter, e.Hex, e.Side)
		}
	}
}

// checkRailExits reports every line not joined, through adjacent lines of
// its country, to a rail exit of that country (std 9.13). Only countries
// with a line of two hexes or more are looked at.
func checkRailExits(m *scenario.Map, errs *scenario.ErrorList) {
	hasLines := map[scenario.Side]bool{}
	for _, l := range m.Rails {
		if len(l.Hexes) >= 2 {
			hasLines[l.Country] = true
		}
	}
	countries := make([]scenario.Side, 0, len(hasLines))
	for c := range hasLines {
		countries = append(countries, c)
	}
	sort.Slice(countries, func(i, j int) bool { return countries[i] < countries[j] })
	for _, c := range countries {
		nets := railNets(m, c)
		exitRoots := map[hex.Hex]bool{}
		for _, e := range m.SortedExits() {
			if _, ok := nets[e.Hex]; ok && e.Country == c {
				exitRoots[nets.find(e.Hex)] = true
			}
		}
		for _, l := range m.Rails {
			if l.Country != c || len(l.Hexes) == 0 {
				continue
			}
			if !exitRoots[nets.find(l.Hexes[0])] {
				errs.Add(l.Src.Pos, "rail %s leads nowhere: no chain of %s lines joins it to a %s rail exit at the map edge (std 9.13)", l.ID, c, c)
			}
		}
	}
}

// unionFind joins hexes into the connected nets of one country's lines:
// each hex's parent, a root being its own.
type unionFind map[hex.Hex]hex.Hex

// railNets is the nets of country c's lines: hexes joined when a line
// runs from one to the other.
func railNets(m *scenario.Map, c scenario.Side) unionFind {
	u := unionFind{}
	for _, l := range m.Rails {
		if l.Country != c {
			continue
		}
		for _, h := range l.Hexes {
			if _, ok := u[h]; !ok {
				u[h] = h
			}
		}
		for i := 1; i < len(l.Hexes); i++ {
			if m.Grid.Adjacent(l.Hexes[i-1], l.Hexes[i]) {
				u.union(l.Hexes[i-1], l.Hexes[i])
			}
		}
	}
	return u
}

func (u unionFind) find(h hex.Hex) hex.Hex {
	for u[h] != h {
		u[h] = u[u[h]]
		h = u[h]
	}
	return h
}

// union joins the nets of a and b under the lesser root, so that the roots
// do not hang on the order the lines are read in.
func (u unionFind) union(a, b hex.Hex) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		if rb.Less(ra) {
			ra, rb = rb, ra
		}
		u[rb] = ra
	}
}

// checkUnitData: a combat unit has 1-4 steps (std 8.51-8.53), a TCR of 1-4
// (std 2.4) and 0-9 stacking points (std 6.11). HQs have none of these.
func checkUnitData(g *scenario.Game, errs *scenario.ErrorList) {
	for _, u := range g.Units {
		if u.IsHQ() {
			continue
		}
		if u.Steps < 1 || u.Steps > 4 {
			errs.Add(u.Pos, "unit %s: steps=%d: want 1-4 (std 8.51-8.53)", u.ID, u.Steps)
		}
		if u.TCR < 1 || u.TCR > 4 {
			errs.Add(u.Pos, "unit %s: tcr=%d: want 1-4 (std 2.4)", u.ID, u.TCR)
		}
		if u.SP < 0 || u.SP > 9 {
			errs.Add(u.Pos, "unit %s: sp=%d: out of range (std 6.11)", u.ID, u.SP)
		}
	}
}

// checkSetupData: Winter Battle units play only in scenario 22.4 (T[2.3]),
// and no hex is set up over the stacking limit (T[6.11]), reported at the
// last line setting up in the hex. A placement engine/scenario reports
// (unknown unit, placed twice, off the map, in a hex no unit may enter)
// counts for neither.
func checkSetupData(g *scenario.Game, s *scenario.Scenario, errs *scenario.ErrorList) {
	m := g.Map
	placed := g.Placed(s)
	winter := strings.HasPrefix(s.Case, "22.4")
	for _, list := range [][]*scenario.Placement{s.Setup, s.Arrivals, s.Held} {
		for _, pl := range list {
			if u := placed[pl]; u != nil && winterBattle(u) && !winter {
				errs.Add(pl.Pos, "%s: unit %s is a Winter Battle unit and plays only in 22.4 (T[2.3])", s.Name, u.ID)
			}
		}
	}
	limit, ok := g.ForScenario(s).Param("stacking-limit")
	if !ok {
		return
	}
	stack := map[hex.Hex]int{}
	stackPos := map[hex.Hex]scenario.Pos{}
	for _, pl := range s.Setup {
		u := placed[pl]
		if u == nil || !m.Grid.Contains(pl.Hex) || m.Impassable(pl.Hex) {
			continue
		}
		stack[pl.Hex] += u.SP
		stackPos[pl.Hex] = pl.Pos
	}
	for _, h := range hex.SortedKeys(stack) {
		if stack[h] > limit {
			errs.Add(stackPos[h], "%s: %d stacking points set up in %s, over the limit of %d (T[6.11])", s.Name, stack[h], h, limit)
		}
	}
}
