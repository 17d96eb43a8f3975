package scenarios

import (
	"strings"
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

func tannenberg(t *testing.T) *scenario.Game {
	t.Helper()
	c, err := Embedded()
	if err != nil {
		t.Fatalf("embedded data has problems:\n%v", err)
	}
	for _, g := range c.Games {
		if g.ID == "tannenberg" {
			return g
		}
	}
	t.Fatal("no tannenberg game")
	return nil
}

func at(s string) hex.Hex {
	h, err := hex.Parse(s)
	if err != nil {
		panic(err)
	}
	return h
}

// T 20.0 prints the hexes of the three garrison cities.
func TestGarrisonCitiesT20(t *testing.T) {
	g := tannenberg(t)
	for id, name := range map[string]string{"2918": "Warsaw", "0303": "Kovno", "1503": "Grodno"} {
		town := g.Map.Towns[at(id)]
		if town == nil || !strings.Contains(town.Name, name) {
			t.Errorf("%s: town %+v, want %s", id, town, name)
			continue
		}
		if town.Src.Kind != scenario.Rulebook {
			t.Errorf("%s %s: source %s, want the rulebook (T 20.0)", id, name, town.Src)
		}
		if g.Map.Country(at(id)) != "RU" {
			t.Errorf("%s %s is not Russian", id, name)
		}
	}
}

// The counter sheet's legible set-up hexes (digest 002 App. A) and the
// I Corps stack of T 18.23 are used by the campaign scenario.
func TestPrintedSetupHexes(t *testing.T) {
	g := tannenberg(t)
	s := g.Scenario("tannenberg-1914")
	if s == nil {
		t.Fatal("no tannenberg-1914")
	}
	at0613 := 0
	counters := map[string]bool{}
	for _, pl := range s.Setup {
		u := g.Unit(pl.Unit)
		if pl.Hex == at("0613") && u.Side == "DE" {
			at0613++
		}
		for _, pos := range []string{"L5-9", "L6-8", "L6-9"} {
			if strings.Contains(u.Source("").Ref, pos) {
				counters[pos+"@"+pl.Hex.String()] = true
			}
		}
	}
	if at0613 < 4 {
		t.Errorf("0613 holds %d German units at start, want the two divisions, vF-1 and vH (T 18.23)", at0613)
	}
	for _, want := range []string{"L5-9@0113", "L6-8@0510", "L6-9@0910"} {
		if !counters[want] {
			t.Errorf("counter %s not set up where its counter prints", want)
		}
	}
}

func TestMapShape(t *testing.T) {
	g := tannenberg(t)
	m := g.Map
	count := map[scenario.Terrain]int{}
	for _, h := range m.Grid.All() {
		count[m.Terrain(h)]++
	}
	if count[scenario.Lake] < 3 || count[scenario.Sea] < 15 || count[scenario.Forest] < 60 || count[scenario.Swamp] < 10 {
		t.Errorf("terrain counts look wrong: %v", count)
	}
	// The Masurian lake belt lies between Angerburg and Johannisburg: lake
	// hexes joined by blocked lake hexsides.
	lakes, sides := 0, 0
	near := map[hex.Hex]bool{}
	for _, h := range m.Grid.Within(at("1314"), 3) {
		near[h] = true
		if m.Terrain(h) == scenario.Lake {
			lakes++
		}
	}
	for s, hs := range m.Hexsides {
		if hs.Class == scenario.Blocked && near[s.A] && near[s.B] {
			sides++
		}
	}
	if lakes < 2 || sides < 5 {
		t.Errorf("%d lake hexes and %d blocked hexsides around 1314, want the Masurian lakes", lakes, sides)
	}
	for _, id := range []string{"0113", "0614", "1420", "2022"} {
		if m.Country(at(id)) != "DE" {
			t.Errorf("%s is %q, want DE", id, m.Country(at(id)))
		}
	}
	for _, id := range []string{"1108", "2012", "2121", "2918"} {
		if m.Country(at(id)) != "RU" {
			t.Errorf("%s is %q, want RU", id, m.Country(at(id)))
		}
	}
	// T[10.2]: German units feed off trenches; the Angerapp and Deime
	// positions of 1914 are trench hexes.
	for _, id := range []string{"0813", "0518"} {
		if _, ok := m.Trenches[at(id)]; !ok {
			t.Errorf("%s is not a trench hex", id)
		}
	}
	major := 0
	for _, s := range m.SortedHexsides() {
		if s.River == "Vistula" && s.Class == scenario.MajorRiver {
			major++
		}
	}
	if major < 20 {
		t.Errorf("%d Vistula hexsides, want it across the map as a major river", major)
	}
}
