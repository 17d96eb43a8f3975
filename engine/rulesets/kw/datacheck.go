package kw

import (
	"slices"
	"strconv"

	"pbem/engine"
	"pbem/engine/scenario"
)

// The registry finds the data checks by this interface.
var _ engine.DataChecker = Ruleset{}

// CheckData implements engine.DataChecker: what the Kaiser's War rules
// need of a game's data beyond what engine/scenario checks of every game,
// each problem at the file and line of the record it is about, so that a
// club's corrected copy is checked before a game is played with it.
func (Ruleset) CheckData(g *scenario.Game) scenario.ErrorList {
	var errs scenario.ErrorList
	checkSides(g, &errs)
	checkUnits(g, &errs)
	checkTurns(g, &errs)
	checkTables(g, &errs)
	for _, s := range g.Scenarios {
		checkScenario(g, s, &errs)
	}
	errs.Sort()
	return errs
}

// checkSides: the sides are CP and AL (2.2); the five countries of 1914 are
// regions (7.1, 23.0).
func checkSides(g *scenario.Game, errs *scenario.ErrorList) {
	for _, sd := range g.Sides {
		if sd != CP && sd != AL {
			errs.Add(g.Src.Pos, "side %s: the sides of this system are CP and AL (2.2)", sd)
		}
	}
	for _, c := range []string{Germany, Austria, Russia, Romania, Bulgaria} {
		if r := g.Map.Region(c); r == nil || r.Kind != "country" {
			errs.Add(g.Src.Pos, "no region %s of kind=country: the map must say which hexes are that country of 1914 (7.1, 23.0)", c)
		}
	}
}

// checkUnits: every counter's type is one the rules know, with the values
// its type needs (2.4): an HQ's support and radius, a supply unit's radius,
// an army's row of the reorganization chart (10.1), a fortress named after
// a town (26.4).
func checkUnits(g *scenario.Game, errs *scenario.ErrorList) {
	known := []string{tInf, tCav, tShock, tAlpine, tMarine, tFortress, tArmTrain, tTank, tHQ, tSupply, tAirbase, tPartisan, tArmCar}
	reorgs := defaultCharts().reorg
	if t := g.Table("reorg"); t != nil {
		reorgs = map[string]reorg{}
		for _, r := range t.Rows {
			reorgs[r.Key] = reorg{}
		}
	}
	towns := map[string]bool{}
	for _, t := range g.Map.Towns {
		towns[t.Name] = true
	}
	for _, u := range g.Units {
		typ := string(u.Type)
		if !slices.Contains(known, typ) {
			errs.Add(u.Pos, "unit %s: type=%s: the rules know %v (2.3)", u.ID, typ, known)
			continue
		}
		if len(u.Str) != 1 {
			errs.Add(u.Pos, "unit %s: counters of this system have one set of values (steps=1, str=A-D-M)", u.ID)
		}
		switch {
		case typ == tHQ && (u.Attrs.Int("support") < 1 || u.Attrs.Int("radius") < 1):
			errs.Add(u.Pos, "unit %s: an HQ needs support= and radius= of 1 or more (19.0)", u.ID)
		case typ == tSupply && u.Attrs.Int("radius") < 1:
			errs.Add(u.Pos, "unit %s: a supply unit needs radius= of 1 or more (17.2)", u.ID)
		case typ == tFortress && !towns[u.Name]:
			errs.Add(u.Pos, "unit %s: fortress %q names no town of the map: a fortress stands in the city of its name (26.4)", u.ID, u.Name)
		}
		if (u.Size == zArmy || u.Size == zAA) && u.Attrs["reorg"] != "" {
			if _, ok := reorgs[u.Attrs["reorg"]]; !ok {
				errs.Add(u.Pos, "unit %s: reorg=%s: no such row of the reorganization chart (10.1)", u.ID, u.Attrs["reorg"])
			}
		}
	}
}

// checkTurns: every turn has a weather and a year's Main Effort (22.0, 8.0).
func checkTurns(g *scenario.Game, errs *scenario.ErrorList) {
	for _, t := range g.Turns {
		if w := t.Attrs["weather"]; w != "summer" && w != "winter" && w != "thaw" {
			errs.Add(t.Pos, "turn %d: weather=%q: want summer, winter or thaw (22.0)", t.N, w)
		}
		if e := t.Attrs["effort"]; e != "east" && e != "west" {
			errs.Add(t.Pos, "turn %d: effort=%q: want east or west (8.0)", t.N, e)
		}
	}
}

// checkTables: the CRTs hold only the nine results (14.14); the charts the
// rules read are well formed.
func checkTables(g *scenario.Game, errs *scenario.ErrorList) {
	results := []string{rAZ, rAD, rBB, rBT, rDD, rDP, rDZ, rMD, rST}
	for _, id := range []string{"crt-standard", "crt-shock"} {
		t := g.Table(id)
		if t == nil {
			continue
		}
		for _, r := range t.Rows {
			for i, c := range r.Cells {
				if !slices.Contains(results, c.Value) {
					errs.Add(r.Pos, "table %s, die %s, column %s: %q is not a result (%v) (14.14)", id, r.Key, t.Columns[i], c.Value, results)
				}
			}
		}
	}
	if _, err := readCharts(g); err != nil {
		errs.Add(g.Src.Pos, "%v", err)
	}
}

// checkScenario: the front line names a region; a deploy zone's fields are
// ones the rules read, and name towns of the map (3.2).
func checkScenario(g *scenario.Game, s *scenario.Scenario, errs *scenario.ErrorList) {
	if s.Front != "" && g.Map.Region(s.Front) == nil {
		errs.Add(s.Pos, "scenario %s: front=%s: no such region", s.Name, s.Front)
	}
	towns := map[string]bool{}
	for _, t := range g.Map.Towns {
		towns[lower(t.Name)] = true
	}
	for _, pl := range s.Deploy {
		within, of := false, false
		for _, f := range pl.Zone {
			within, of = within || f.Key == "within", of || f.Key == "of"
		}
		if within != of {
			errs.Add(pl.Pos, "deploy %s: within= and of= go together: so many hexes of a town", pl.Unit)
		}
		for _, f := range pl.Zone {
			switch f.Key {
			case "in":
				for _, c := range splitComma(f.Value) {
					if g.Map.Region(c) == nil {
						errs.Add(f.Pos, "deploy %s: in=%s: no region %s", pl.Unit, f.Value, c)
					}
				}
			case "at", "near", "north-of", "south-of", "of":
				if !towns[lower(f.Value)] {
					errs.Add(f.Pos, "deploy %s: %s=%s: no town of that name", pl.Unit, f.Key, f.Value)
				}
			case "within":
				if n, err := strconv.Atoi(f.Value); err != nil || n < 0 {
					errs.Add(f.Pos, "deploy %s: within=%s: want a number of hexes", pl.Unit, f.Value)
				}
			case "region", "near-region":
				if g.Map.Region(f.Value) == nil {
					errs.Add(f.Pos, "deploy %s: %s=%s: no such region", pl.Unit, f.Key, f.Value)
				}
			case "also":
				// engine/scenario has checked the hexes are on the map.
			case "incl", "rail", "city":
				if f.Value != "yes" && f.Value != "no" {
					errs.Add(f.Pos, "deploy %s: %s=%s: want yes or no", pl.Unit, f.Key, f.Value)
				}
			default:
				errs.Add(f.Pos, "deploy %s: unknown zone field %q (in, at, near, north-of, south-of, incl, within, of, region, near-region, city, rail, also)", pl.Unit, f.Key)
			}
		}
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
