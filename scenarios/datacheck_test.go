package scenarios

import (
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"pbem/engine/scenario"
)

// gwiteOnly is data that breaks only rules of the Great War in the East
// system: a Russian line running into Germany, an exit and an entry no
// rail reaches, a free off-map link, a negative town VP, a fortress in
// the enemy's country, units of 5 steps, TCR 7 and 12 SP, a Winter Battle
// unit outside 22.4 and a hex set up over the stacking limit.
func gwiteOnly(t *testing.T, system string) fstest.MapFS {
	t.Helper()
	files, err := scenario.Sketch{Name: "x", Rows: []string{". . . . . .", ". . . . . .", ". . . . . ."}, Split: 3,
		MapRecords: `rail R1 country=DE 0206 0205 0204
exit 0206 country=DE
rail R2 country=RU 0201 0202 0203 0204
exit 0201 country=RU
exit 0106 country=DE
offmap 0201 0206 mp=0
entry A 0305 side=DE
town 0205 Somewhere vp=-1
fortress 0202 Fort owner=DE full=4 weak=2 steps=4 vistula=east
`,
		Units: `unit DE-1 side=DE type=inf size=XX name=a sp=2 steps=5 str=4-6-5/4-6-5/4-6-5/4-6-5/4-6-5 tcr=1
unit DE-2 side=DE type=inf size=XX name=b sp=2 steps=1 str=4-6-5 tcr=7
unit DE-3 side=DE type=inf size=XX name=c sp=12 steps=1 str=4-6-5 tcr=1
unit DE-4 side=DE type=inf size=XX name=d sp=2 steps=1 str=4-6-5 tcr=1 winter=yes
`,
		Setup: "setup DE-3 0205\nsetup DE-4 0205\n",
		Last:  3,
	}.Files()
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for i, f := range files {
		data := f.Data
		if i == 0 {
			data = []byte(strings.Replace(string(data), "system=gwite", "system="+system, 1))
		}
		name := strings.Trim(strings.SplitN(f.Name, "[", 2)[1], "]") + ".txt"
		fsys[path.Join("x", name)] = &fstest.MapFile{Data: data}
	}
	return fsys
}

// The catalog adds the problems of the rules system a game names, and
// only those: another system's data may break every rule of gwite's.
func TestCatalogChecksBySystem(t *testing.T) {
	c, err := FS(gwiteOnly(t, "kaiserswar"), "data")
	if err != nil || len(c.Problems) != 0 {
		t.Fatalf("data of a system pbem does not know has problems: %v", err)
	}
	if len(c.Games) != 1 || c.Games[0].System != "kaiserswar" {
		t.Fatalf("games %+v", c.Games)
	}

	c, err = FS(gwiteOnly(t, "gwite"), "data")
	if c == nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.Problems {
		got = append(got, p.Error())
	}
	want := []string{
		"data/x/map.txt:1: town Somewhere: vp=-1: town VP are not negative (T 21.11)",
		"data/x/map.txt:1: fortress Fort: owner DE but hex 0202 is in RU",
		"data/x/map.txt:16: rail R2: RU line runs through 0204, a DE hex (rail is friendly only in its own country, T[5.42])",
		"data/x/map.txt:18: exit 0106: no DE rail line reaches it",
		"data/x/map.txt:19: offmap 0201-0206: mp=0: want at least 1 (std 5.38)",
		"data/x/map.txt:20: entry A: hex 0305 is on no DE rail line, yet reinforcements arrive entrained (T[14.1])",
		"data/x/setup.txt:4: sketch: unit DE-4 is a Winter Battle unit and plays only in 22.4 (T[2.3])",
		"data/x/setup.txt:4: sketch: 14 stacking points set up in 0205, over the limit of 9 (T[6.11])",
		"data/x/units.txt:2: unit DE-1: steps=5: want 1-4 (std 8.51-8.53)",
		"data/x/units.txt:3: unit DE-2: tcr=7: want 1-4 (std 2.4)",
		"data/x/units.txt:4: unit DE-3: sp=12: out of range (std 6.11)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if err == nil || !strings.Contains(err.Error(), want[0]) {
		t.Errorf("FS returns %v, want the problems", err)
	}
}
