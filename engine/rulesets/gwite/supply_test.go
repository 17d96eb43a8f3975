package gwite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// supCorridor is a 3-row by 12-column map whose row 02 is a land corridor
// between lakes; row 01 has land only in 0110, 0108 and 0105, from where
// units project ZOC into 0209/0210, 0207/0208 and 0204/0205. Columns 01-06
// are Russian, 07-12 German.
var supCorridor = []string{
	"L L . L . L L . L L L L",
	". . . . . . . . . . . .",
	"L L L L L L L L L L L L",
}

// German rail 0212-0209 from the west-edge exit 0212; Russian rail
// 0201-0203 from the east-edge exit 0201.
const supCorridorRails = `rail R1 country=DE 0212 0211 0210 0209
exit 0212 country=DE
rail R2 country=RU 0201 0202 0203
exit 0201 country=RU
`

func supGame(t *testing.T, extra, setup string) *Game {
	t.Helper()
	return newTestGame(t, testSpec{grid: supCorridor, split: 6, extra: extra, units: standardUnits + supExtraUnits, setup: setup})
}

// A second German depot for the std 9.16 chains.
const supExtraUnits = `unit DE-DEP2 side=DE type=depot size=X name="Depot 2" sp=1 steps=1 str=0-1-4 tcr=1
`

// supOff takes units off the map so that a test can place them later;
// test games know only the units their set-up names.
func supOff(g *Game, ids ...string) {
	for _, id := range ids {
		g.setLoc(g.Unit(id), NotArrived)
	}
}

func supWant(t *testing.T, g *Game, id string, want bool, why string) {
	t.Helper()
	u := g.Unit(id)
	if got := g.supplied(u); got != want {
		t.Errorf("%s in %s: supplied %v, want %v (%s)", id, u.Hex, got, want, why)
	}
}

// std 9.12-9.13, 9.15, T[9.1], AMB-19, AMB-20: a German unit traces as many
// hexes as its printed MA to its own rail, which reaches a friendly exit;
// its own hex is not counted and the source hex is.
func TestSupplyRailToExitRangeIsPrintedMA(t *testing.T) {
	g := supGame(t, supCorridorRails, "setup DE-LW 0205\nsetup DE-1ID 0204\n")
	supWant(t, g, "DE-LW", true, "4 hexes to 0209, MA 4")
	supWant(t, g, "DE-1ID", true, "5 hexes to 0209, MA 5")
	g.place(g.Unit("DE-LW"), at("0204"))
	g.place(g.Unit("DE-1ID"), at("0203"))
	supWant(t, g, "DE-LW", false, "5 hexes, MA 4")
	supWant(t, g, "DE-1ID", false, "6 hexes, MA 5")
	// AMB-19: the range is the printed MA even when the halved MA would
	// be what the unit moves with.
	g.place(g.Unit("DE-1ID"), at("0204"))
	g.oosAtStart = map[string]bool{"DE-1ID": true}
	if g.movementAllowance(g.Unit("DE-1ID")) != 2 {
		t.Fatal("halving not in effect")
	}
	supWant(t, g, "DE-1ID", true, "AMB-19: printed MA 5, not the halved 2")
	// The Russian range is the parameter (T[9.1]: 3).
	g = supGame(t, supCorridorRails, "setup RU-1CD 0206\nsetup RU-25ID 0207\n")
	supWant(t, g, "RU-1CD", true, "3 hexes to 0203")
	supWant(t, g, "RU-25ID", false, "4 hexes to 0203, range 3 whatever the MA")
	if d, ok := g.supplyDistance(at("0207"), RU, 3); !ok || d != 4 {
		t.Errorf("supplyDistance 0207 = %d %v, want 4", d, ok)
	}
	if d, ok := g.supplyDistance(at("0202"), RU, 3); !ok || d != 0 {
		t.Errorf("supplyDistance on a source = %d %v, want 0", d, ok)
	}
}

// std 9.14, 9.17: enemy units cut a supply line; a hex holding only enemy
// HQs does not.
func TestSupplyCutByEnemyUnits(t *testing.T) {
	g := supGame(t, supCorridorRails, "setup DE-LW 0206\nsetup RU-25ID 0208\n")
	supWant(t, g, "DE-LW", false, "the only line passes the Russian in 0208")
	if _, ok := g.supplyDistance(at("0206"), DE, 1); ok {
		t.Error("supplyDistance found a line through an enemy unit")
	}
	g = supGame(t, supCorridorRails, "setup DE-LW 0206\nsetup RU-HQ 0208\n")
	supWant(t, g, "DE-LW", true, "std 9.17: only an enemy HQ in 0208")
}

// std 9.14, 7.24: a TCR 1 line may pass two enemy-controlled hexes, not
// more; a hex holding a friendly unit does not count. A TCR 3 line may
// pass none.
func TestSupplyEZOCAllowance(t *testing.T) {
	// DE-1CD (MA 6) in 0203 is 6 hexes from the rail source 0209.
	g := supGame(t, supCorridorRails, "setup DE-1CD 0203\nsetup RU-25ID 0108\nsetup RU-1CD 0105\nsetup DE-LW 0204\nsetup DE-2ID 0205\n")
	supOff(g, "RU-1CD", "DE-LW", "DE-2ID")
	supWant(t, g, "DE-1CD", true, "TCR 1 through 0207 and 0208 (2 EZOC hexes)")
	g.place(g.Unit("RU-1CD"), at("0105"))
	supWant(t, g, "DE-1CD", false, "TCR 1 through 4 EZOC hexes")
	g.place(g.Unit("DE-LW"), at("0204"))
	supWant(t, g, "DE-1CD", false, "3 EZOC hexes left")
	g.place(g.Unit("DE-2ID"), at("0205"))
	supWant(t, g, "DE-1CD", true, "std 7.24: 0204 and 0205 hold German units, 2 EZOC hexes left")

	// RU-25ID (TCR 3) in 0206 is 3 hexes from the rail source 0203.
	g = supGame(t, supCorridorRails, "setup RU-25ID 0206\nsetup DE-LW 0105\nsetup RU-1CD 0205\nsetup RU-DEP 0204\n")
	supOff(g, "DE-LW", "RU-1CD", "RU-DEP")
	supWant(t, g, "RU-25ID", true, "free line")
	g.place(g.Unit("DE-LW"), at("0105"))
	supWant(t, g, "RU-25ID", false, "TCR 3 may not pass 0205 and 0204 in German ZOC")
	g.place(g.Unit("RU-1CD"), at("0205"))
	supWant(t, g, "RU-25ID", false, "0204 still in German ZOC")
	g.place(g.Unit("RU-DEP"), at("0204"))
	supWant(t, g, "RU-25ID", true, "std 7.24: both EZOC hexes hold Russian units")
}

// std 9.15, AMB-68: a rail hex last occupied by the enemy is no source, but
// the run through it still joins the hexes beyond; enemy control cuts the
// run (7.24 cancellation applies).
func TestSupplyRailValidity(t *testing.T) {
	g := supGame(t, supCorridorRails, "setup DE-LW 0206\n")
	supWant(t, g, "DE-LW", true, "3 hexes to 0209")
	g.LastOcc[at("0209")] = RU
	g.LastOcc[at("0210")] = RU
	supWant(t, g, "DE-LW", false, "0209 and 0210 last held by the Russian; 0211 is 5 hexes")
	g.place(g.Unit("DE-LW"), at("0207"))
	supWant(t, g, "DE-LW", true, "0211 is 4 hexes")

	g = supGame(t, supCorridorRails, "setup DE-LW 0208\nsetup RU-25ID 0110\nsetup DE-1ID 0210\nsetup DE-2ID 0209\n")
	supOff(g, "RU-25ID", "DE-1ID", "DE-2ID")
	g.LastOcc[at("0211")] = RU
	s := g.newSupplyNet(DE)
	if s.source(at("0211")) || !s.source(at("0210")) || !s.source(at("0209")) {
		t.Errorf("LastOcc on 0211 only: sources %v", s.sources())
	}
	// The Russian in 0110 controls 0209 and 0210: the run from the exit
	// stops at 0211.
	g.place(g.Unit("RU-25ID"), at("0110"))
	s = g.newSupplyNet(DE)
	if got := s.sources(); len(got) != 1 || got[0] != at("0212") {
		t.Errorf("run cut at 0210: sources %v, want only the exit 0212", got)
	}
	// A German unit in 0210 and one in 0209 cancel the ZOC there (7.24).
	g.place(g.Unit("DE-1ID"), at("0210"))
	g.place(g.Unit("DE-2ID"), at("0209"))
	if s = g.newSupplyNet(DE); !s.source(at("0209")) {
		t.Errorf("run through friendly-held EZOC: sources %v", s.sources())
	}
}

// T[9.0]: the German may not use exits on the north map edge; the Russian
// may.
func TestSupplyNorthEdgeNotGerman(t *testing.T) {
	grid := []string{
		". . . . . . . . . . . .",
		". . . . . . . . . . . .",
		". . . . . . . . . . . .",
	}
	extra := `rail R1 country=DE 0108 0208 0308
exit 0108 country=DE
rail R2 country=RU 0103 0203 0303
exit 0103 country=RU
`
	g := newTestGame(t, testSpec{grid: grid, split: 5, extra: extra, units: standardUnits,
		setup: "setup DE-LW 0310\nsetup RU-25ID 0301\n"})
	if s := g.newSupplyNet(DE); len(s.sources()) != 0 {
		t.Errorf("German sources from a north-edge exit: %v", s.sources())
	}
	supWant(t, g, "DE-LW", false, "T[9.0]: the only German rail leaves by the north edge")
	if s := g.newSupplyNet(RU); len(s.sources()) != 3 {
		t.Errorf("Russian sources %v, want 0103 0203 0303", s.sources())
	}
	supWant(t, g, "RU-25ID", true, "the Russian may use the north edge")
}

// std 9.16: a depot is supplied within its own range of a rail source or of
// another supplied depot, by a line through no enemy-controlled hex; depots
// chain and supply units.
func TestSupplyDepotChain(t *testing.T) {
	// Rail only at 0212-0211; DE-DEP in 0207 is 4 hexes from 0211 (its MA
	// is 4), DE-DEP2 in 0203 is 4 from DE-DEP, DE-LW in 0201 is 2 from
	// DE-DEP2.
	rails := "rail R1 country=DE 0212 0211\nexit 0212 country=DE\n"
	setup := "setup DE-DEP 0207\nsetup DE-DEP2 0203\nsetup DE-LW 0201\n"
	g := supGame(t, rails, setup)
	supWant(t, g, "DE-DEP", true, "4 hexes from the rail")
	supWant(t, g, "DE-DEP2", true, "chained to DE-DEP")
	supWant(t, g, "DE-LW", true, "2 hexes from DE-DEP2")
	// Break the chain: DE-DEP goes 5 hexes from the rail.
	g.place(g.Unit("DE-DEP"), at("0206"))
	supWant(t, g, "DE-DEP", false, "5 hexes from the rail")
	supWant(t, g, "DE-DEP2", false, "no supplied depot or rail within 4")
	supWant(t, g, "DE-LW", false, "its depot is unsupplied")

	// Enemy control on the depot's line: forbidden for the depot (9.16)
	// though a TCR 1 unit could pass it.
	g = supGame(t, rails, "setup DE-DEP 0207\nsetup DE-DEP2 0203\nsetup RU-25ID 0105\nsetup DE-LW 0202\n")
	supWant(t, g, "DE-DEP", true, "4 hexes from the rail")
	supWant(t, g, "DE-DEP2", false, "its line to DE-DEP passes 0204 and 0205 in Russian ZOC")
	supWant(t, g, "DE-LW", false, "5 hexes from DE-DEP")
	g.place(g.Unit("DE-LW"), at("0203"))
	supWant(t, g, "DE-LW", true, "a TCR 1 unit passes 2 EZOC hexes to DE-DEP, 4 hexes")
	supWant(t, g, "DE-LW", true, "a TCR 1 unit passes 2 EZOC hexes to DE-DEP")
}

// std 11.22, AMB-55, T[10.2], AMB-54: a fortress supplies one unit in its
// hex, by default the one with the most steps among those that need it, or
// the one marked as feeding; not once destroyed. German units feed off
// trenches; Russian units do not.
func TestSupplyFortressFeedsOneUnit(t *testing.T) {
	extra := "fortress 0207 Feste owner=DE full=3 weak=2 steps=4 vistula=east\ntrench 0209\ntrench 0203\n"
	g := supGame(t, extra, "setup DE-1ID 0207\nsetup DE-LW 0207\nsetup DE-2ID 0209\nsetup DE-3ID 0209\nsetup RU-25ID 0203\n")
	supWant(t, g, "DE-1ID", true, "2 steps: feeds off the fortress")
	supWant(t, g, "DE-LW", false, "only one unit feeds")
	if !g.feedsOff(g.Unit("DE-1ID")) || g.feedsOff(g.Unit("DE-LW")) || g.supplyTraced(g.Unit("DE-1ID")) {
		t.Error("feedsOff/supplyTraced disagree with supplied")
	}
	g.Unit("DE-LW").FeedingOff = true
	supWant(t, g, "DE-LW", true, "marked as feeding")
	supWant(t, g, "DE-1ID", false, "the marked unit feeds instead")
	g.Forts[0].StepsLost = 4
	supWant(t, g, "DE-LW", false, "the fortress is destroyed")
	// T[10.2]: the trench feeds one German unit (ties: lowest id).
	supWant(t, g, "DE-2ID", true, "feeds off the trench")
	supWant(t, g, "DE-3ID", false, "one unit per trench hex")
	supWant(t, g, "RU-25ID", false, "AMB-54: Russians do not feed off trenches")
}

// W16, std 9.22, 9.24: on 1-3 a unit loses half its remaining steps,
// rounded up; on 4-6 nothing; HQs never roll.
func TestAttritionW16(t *testing.T) {
	g := supGame(t, "", "setup DE-LW 0207\nsetup DE-1ID 0208\nsetup RU-III 0203\nsetup RU-IV 0202\nsetup RU-HQ 0201\n")
	g.Unit("RU-IV").StepsLost = 1 // 3 steps left
	for _, c := range []struct {
		id        string
		roll      int
		wantSteps int
	}{
		{"DE-LW", 3, 0},  // 1 -> eliminated
		{"DE-1ID", 1, 1}, // 2 -> 1
		{"RU-IV", 2, 1},  // 3 -> 1 (loses 2)
		{"RU-III", 6, 4}, // no effect
		{"RU-III", 3, 2}, // 4 -> 2
	} {
		u := g.Unit(c.id)
		l := testLog(c.roll)
		g.attrition(u, "test", l)
		if u.Steps() != c.wantSteps && !(c.wantSteps == 0 && u.Loc == Eliminated) {
			t.Errorf("%s roll %d: %d steps left, want %d:\n%s", c.id, c.roll, u.Steps(), c.wantSteps, eventText(l))
		}
		if c.wantSteps == 0 && u.Loc != Eliminated {
			t.Errorf("%s not eliminated", c.id)
		}
		if !strings.Contains(eventText(l), "std 9.22") {
			t.Errorf("no std 9.22 event:\n%s", eventText(l))
		}
	}
	l := testLog()
	g.attrition(g.Unit("RU-HQ"), "test", l)
	if len(l.events) != 0 {
		t.Errorf("an HQ rolled attrition (std 9.24):\n%s", eventText(l))
	}
}

// std 9.22, AMB-05: in the Attrition Segment the units that are out of
// supply roll, in unit order; supplied units and HQs do not.
func TestAttritionSegmentRollsOutOfSupplyOnly(t *testing.T) {
	g := supGame(t, supCorridorRails, "setup RU-1CD 0204\nsetup RU-25ID 0208\nsetup RU-III 0211\nsetup RU-HQ 0207\n")
	l := testLog(1, 6)
	g.attritionSegment(RU, l)
	var rolled []string
	for _, e := range l.events {
		if r, ok := e.(*engine.Roll); ok {
			rolled = append(rolled, r.Purpose)
		}
	}
	if len(rolled) != 2 || !strings.Contains(rolled[0], "RU-25ID") || !strings.Contains(rolled[1], "RU-III") {
		t.Errorf("rolls %v, want RU-25ID then RU-III:\n%s", rolled, eventText(l))
	}
	if g.Unit("RU-25ID").Steps() != 1 || g.Unit("RU-III").Steps() != 4 || g.Unit("RU-1CD").Steps() != 2 {
		t.Errorf("steps after attrition:\n%s", eventText(l))
	}
}

// std 9.21 (A1a): a unit out of supply at the start of its Movement Phase
// moves with half its MA, rounded down.
func TestOutOfSupplyMovesHalf(t *testing.T) {
	g := supGame(t, supCorridorRails, "setup RU-25ID 0208\nsetup RU-1CD 0205\n")
	// Dice: CC rolls for RU-1CD and RU-25ID (no HQ on the map), then
	// attrition for RU-25ID.
	l := testLog(6, 6, 6)
	g.movementPhase(RU, []engine.Order{
		testOrder(1, "move RU-25ID via 0207 0206 0205 0204"),
		testOrder(2, "move RU-1CD via 0206 0207 0208 0209"),
	}, l)
	if u := g.Unit("RU-25ID"); u.Hex != at("0206") || u.MPSpent != 2 {
		t.Errorf("RU-25ID (out of supply, MA 4) at %s having spent %d, want 0206 and 2:\n%s", u.Hex, u.MPSpent, eventText(l))
	}
	if u := g.Unit("RU-1CD"); u.Hex != at("0209") {
		t.Errorf("RU-1CD (in supply) at %s, want 0209:\n%s", u.Hex, eventText(l))
	}
	if !strings.Contains(eventText(l), "std 9.21") {
		t.Errorf("no std 9.21 note:\n%s", eventText(l))
	}
}

// supTannenberg starts tannenberg-1914 from the data on disk: the
// embedded catalog (package scenarios) imports the registry, which imports
// this package.
func supTannenberg(t testing.TB) *Game {
	dir := filepath.Join("..", "..", "..", "scenarios", "tannenberg")
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no data in %s: %v", dir, err)
	}
	var files []scenario.File
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, scenario.File{Name: name, Data: b})
	}
	data, err := scenario.LoadWith(files, Ruleset{}.CheckData)
	if err != nil {
		t.Fatal(err)
	}
	sc := data.Scenario("tannenberg-1914")
	if sc == nil {
		t.Fatal("no scenario tannenberg-1914")
	}
	st, err := Ruleset{}.New(data, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*Game)
}

// std 9.1: in the historical set-up of tannenberg-1914 every unit of both
// sides is in supply. (Its cost is measured by BenchmarkSupplyBothSides,
// next to a floor.)
func TestSupplyTannenbergSetupAllSupplied(t *testing.T) {
	g := supTannenberg(t)
	for _, side := range []engine.Side{RU, DE} {
		s := g.newSupplyNet(side)
		for _, u := range g.Units {
			if u.Side() == side && u.OnMap() && !s.supplied(u) {
				t.Errorf("%s in %s is out of supply in the historical set-up", u.ID, u.Hex)
			}
		}
	}
}
