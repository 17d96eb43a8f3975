package scenario

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"pbem/engine/hex"
)

// kwScenario is a scenario of the mini game written in the records a game
// of Kaiser's War's shape needs: per-side VP, the side that deploys first,
// the front region, set-ups by town, deployment zones, the Available box
// and arrivals its side places itself.
const kwScenario = `scenario mini-c title="Mini C" case=26.0 first=1 last=3 vp.RU=80 vp.DE=65 deploy-first=RU front=east src=authored:"test data"
setup DE-1ID at=Allenstein src=authored:"test data"
setup RU-R-1 at=Kovno face=back src=authored:"test data"
deploy RU-III in=RU north-of=Kovno incl=yes face=back src=authored:"test data"
deploy DE-2ID within=2 of=Allenstein
  also=0401,0402 src=authored:"test data"
available DE-1CD src=authored:"test data"
arrive DE-vF-1 turn=2 src=authored:"test data"
`

func loadKW(t *testing.T, extra string) (*Game, error) {
	t.Helper()
	return Load(readDir(t, "testdata/mini", map[string]string{
		"map.txt":        "region east name=East kind=front side=RU src=authored:\"test data\"\n  0303 0403\n",
		"scenario-c.txt": kwScenario + extra,
	}))
}

func TestKaisersWarPlacements(t *testing.T) {
	g, err := loadKW(t, "")
	if err != nil {
		t.Fatal(err)
	}
	s := g.Scenario("mini-c")
	if s.VPs["RU"] != 80 || s.VPs["DE"] != 65 || len(s.VPs) != 2 || s.StartVP != 0 {
		t.Errorf("VP %v, StartVP %d: want RU 80, DE 65 and no net VP", s.VPs, s.StartVP)
	}
	if s.DeployFirst != "RU" || s.Front != "east" {
		t.Errorf("deploy-first %q, front %q", s.DeployFirst, s.Front)
	}
	at := func(v string) hex.Hex { h, _ := hex.Parse(v); return h }
	if len(s.Setup) != 2 || s.Setup[0].Hex != at("0406") || s.Setup[0].At != "Allenstein" ||
		s.Setup[1].Hex != at("0303") || s.Setup[1].Face != "back" {
		t.Errorf("set-up %+v %+v: want Allenstein 0406 and Kovno 0303 back", s.Setup[0], s.Setup[1])
	}
	var zones []string
	for _, pl := range s.Deploy {
		var fs []string
		for _, f := range pl.Zone {
			fs = append(fs, fmt.Sprintf("%s=%s@%d", f.Key, f.Value, f.Pos.Line))
		}
		zones = append(zones, pl.Unit+"/"+pl.Face+": "+strings.Join(fs, " "))
	}
	want := []string{
		"RU-III/back: in=RU@4 north-of=Kovno@4 incl=yes@4",
		"DE-2ID/: within=2@5 of=Allenstein@5 also=0401,0402@6",
	}
	if strings.Join(zones, "\n") != strings.Join(want, "\n") {
		t.Errorf("zones:\n%s\nwant (in order written, the face apart):\n%s", strings.Join(zones, "\n"), strings.Join(want, "\n"))
	}
	if v, ok := s.Deploy[1].Get("of"); !ok || v != "Allenstein" {
		t.Errorf("Get(of) = %q, %v", v, ok)
	}
	if len(s.Available) != 1 || s.Available[0].Unit != "DE-1CD" {
		t.Errorf("available %+v", s.Available)
	}
	if len(s.Arrivals) != 1 || s.Arrivals[0].Entry != "" || s.Arrivals[0].Turn != 2 {
		t.Errorf("arrivals %+v: want DE-vF-1 on turn 2 with no entry", s.Arrivals)
	}
	if n := len(g.Placed(s)); n != 6 {
		t.Errorf("%d units placed, want 6 (deployed and available units count)", n)
	}
}

// Each new record's problem is reported at its line, and alone.
func TestKaisersWarPlacementProblems(t *testing.T) {
	for _, c := range []struct{ name, extra, want string }{
		{"unknown town", `setup DE-X at=Tannenberg src=authored:"x"`,
			`scenario-c.txt:9: setup DE-X: at=Tannenberg: no town named "Tannenberg" on the map`},
		{"hex and town", `setup DE-X 0406 at=Allenstein src=authored:"x"`,
			`scenario-c.txt:9: setup DE-X: give a hex or at=TOWN, not both`},
		{"unknown town in a zone", `deploy DE-X south-of=Berlin incl=no src=authored:"x"`,
			`scenario-c.txt:9: deploy DE-X: south-of=Berlin: no town named "Berlin" on the map`},
		{"zone hex off the map", `deploy DE-X in=DE also=0909 src=authored:"x"`,
			`scenario-c.txt:9: deploy DE-X: also=0909: hex 0909 is off the map`},
		{"word in a zone", `deploy DE-X Allenstein src=authored:"x"`,
			`scenario-c.txt:9: deploy DE-X: unexpected word "Allenstein"`},
		{"deployed unit unknown", `deploy DE-99 in=DE src=authored:"x"`,
			`scenario-c.txt:9: mini-c: unknown unit id "DE-99"`},
		{"available twice", `available DE-1CD src=authored:"x"`,
			`scenario-c.txt:9: mini-c: unit DE-1CD already placed at line 7`},
		{"bad face", `available DE-X face=reverse src=authored:"x"`,
			`scenario-c.txt:9: available: face=reverse: want front or back`},
		{"arrival entry still checked", `arrive DE-X turn=2 entry=Q src=authored:"x"`,
			`scenario-c.txt:9: mini-c: unit DE-X: no entry hex lettered "Q" on the map`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadKW(t, c.extra+"\n")
			assertOneProblem(t, err, c.want)
		})
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"vp of no side", "vp.DE=65", "vp.AH=65", `scenario-c.txt:1: scenario: vp.AH: AH is not a declared side`},
		{"vp not a number", "vp.DE=65", "vp.DE=many", `scenario-c.txt:1: scenario: vp.DE=many is not a whole number`},
		{"front of no region", "front=east", "front=west", `scenario-c.txt:1: scenario mini-c: front=west: no region of that id`},
		{"deploy-first of no side", "deploy-first=RU", "deploy-first=AL", `scenario-c.txt:1: scenario: deploy-first=AL is not a declared side`},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := readDir(t, "testdata/mini", map[string]string{
				"map.txt":        "region east name=East kind=front side=RU src=authored:\"test data\"\n  0303 0403\n",
				"scenario-c.txt": strings.Replace(kwScenario, c.from, c.to, 1),
			})
			_, err := Load(files)
			assertOneProblem(t, err, c.want)
		})
	}
}

func assertOneProblem(t *testing.T, err error, want string) {
	t.Helper()
	list, ok := err.(ErrorList)
	if !ok || len(list) == 0 {
		t.Fatalf("want a problem %q, got %v", want, err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	sort.Strings(got)
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("want exactly one problem starting %q, got:\n%s", want, strings.Join(got, "\n"))
	}
}

// A game that declares its unit types may write an HQ as a unit record
// with plain values, and leave out tcr=; with the default vocabulary a
// unit record still may not be an HQ.
func TestUnitRecordHQ(t *testing.T) {
	files := docExample(t)
	for i := range files {
		switch files[i].Name {
		case "game.txt":
			files[i].Data = append(files[i].Data, "unit-type hq name=Headquarters symbol=hq\n"...)
		case "units.txt":
			files[i].Data = append(files[i].Data, "unit DE-OO nation=DE type=hq size=army name=\"Ober Ost\" sp=0 steps=1 str=0-2-4\n"...)
		}
	}
	g, err := Load(files)
	if err != nil {
		t.Fatal(err)
	}
	if u := g.Unit("DE-OO"); u == nil || !u.IsHQ() || len(u.Str) != 1 || u.Str[0] != (Strength{0, 2, 4}) || u.TCR != 0 {
		t.Errorf("DE-OO = %+v", u)
	}
	_, err = Load(readDir(t, "testdata/mini", map[string]string{
		"units.txt": "unit DE-HQ side=DE type=hq size=XXX name=x sp=1 steps=1 str=0-1-4 tcr=1\n"}))
	assertOneProblem(t, err, "units.txt:12: unit DE-HQ: type=hq: want a declared unit type other than hq")
}
