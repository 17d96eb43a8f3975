package gwite

import (
	"strings"
	"testing"

	"pbem/engine/scenario"
)

// dataOpen is a 4-row by 6-column all-clear map: columns 01-03 Russian,
// 04-06 German. Each side's rail line runs along row 02 from its exit on
// its own map edge.
var dataOpen = []string{
	". . . . . .",
	". . . . . .",
	". . . . . .",
	". . . . . .",
}

const dataRails = `rail R1 country=DE 0206 0205 0204
exit 0206 country=DE
rail R2 country=RU 0201 0202 0203
exit 0201 country=RU
`

// Each case adds records to a game that has no problem and gets exactly
// the problems listed, each at the line of its record ([map] records from
// line 20, [units] from line 2, [setup] from line 3).
func TestCheckData(t *testing.T) {
	for _, c := range []struct {
		name               string
		mapRecs, units, su string
		want               []string
	}{
		{name: "nothing wrong"},
		{name: "negative town VP (T 21.11)",
			mapRecs: `town 0205 Badtown vp=-2 src=authored:"x"`,
			want:    []string{"[map]:20: town Badtown: vp=-2: town VP are not negative (T 21.11)"}},
		{name: "fortress steps (std 11.13)",
			mapRecs: `fortress 0205 Fort owner=DE full=4 weak=2 steps=0 vistula=east src=authored:"x"`,
			want:    []string{"[map]:20: fortress Fort: steps=0: want 1-4 (std 11.13)"}},
		{name: "fortress in the enemy's country",
			mapRecs: `fortress 0202 Fort owner=DE full=4 weak=2 steps=4 vistula=east src=authored:"x"`,
			want:    []string{"[map]:20: fortress Fort: owner DE but hex 0202 is in RU"}},
		{name: "rail into the enemy's country (T[5.42])",
			mapRecs: "rail R3 country=RU 0203\n  0204",
			want:    []string{"[map]:21: rail R3: RU line runs through 0204, a DE hex (rail is friendly only in its own country, T[5.42])"}},
		{name: "rail line that leads nowhere (std 9.13)",
			mapRecs: "rail R4 country=DE 0405 0404",
			want:    []string{"[map]:20: rail R4 leads nowhere: no chain of DE lines joins it to a DE rail exit at the map edge (std 9.13)"}},
		{name: "exit no rail reaches",
			mapRecs: "exit 0106 country=DE",
			want:    []string{"[map]:20: exit 0106: no DE rail line reaches it"}},
		{name: "exit reached only by the other country's rail",
			mapRecs: "rail R5 country=RU 0101 0201\nexit 0101 country=DE",
			want:    []string{"[map]:21: exit 0101: no DE rail line reaches it"}},
		{name: "free off-map link (std 5.38)",
			mapRecs: "offmap 0201 0206 mp=0",
			want:    []string{"[map]:20: offmap 0201-0206: mp=0: want at least 1 (std 5.38)"}},
		{name: "entry hex off the rail (T[14.1])",
			mapRecs: "entry A 0405 side=DE",
			want:    []string{"[map]:20: entry A: hex 0405 is on no DE rail line, yet reinforcements arrive entrained (T[14.1])"}},
		{name: "steps (std 8.51-8.53)",
			units: "unit DE-9 side=DE type=inf size=XX name=x sp=2 steps=5 str=4-6-5/4-6-5/4-6-5/4-6-5/4-6-5 tcr=1",
			want:  []string{"[units]:2: unit DE-9: steps=5: want 1-4 (std 8.51-8.53)"}},
		{name: "tcr (std 2.4)",
			units: "unit DE-9 side=DE type=inf size=XX name=x sp=2 steps=1 str=4-6-5 tcr=7",
			want:  []string{"[units]:2: unit DE-9: tcr=7: want 1-4 (std 2.4)"}},
		{name: "sp (std 6.11)",
			units: "unit DE-9 side=DE type=inf size=XX name=x sp=12 steps=1 str=4-6-5 tcr=1",
			want:  []string{"[units]:2: unit DE-9: sp=12: out of range (std 6.11)"}},
		{name: "Winter Battle unit outside 22.4 (T[2.3])",
			units: "unit DE-9 side=DE type=inf size=XX name=x sp=2 steps=1 str=4-6-5 tcr=1 winter=yes",
			su:    "setup DE-9 0205",
			want:  []string{"[setup]:3: sketch: unit DE-9 is a Winter Battle unit and plays only in 22.4 (T[2.3])"}},
		{name: "over the stacking limit (T[6.11]) at the last line of the hex",
			units: "unit RU-8 side=RU type=inf size=XXX name=x sp=5 steps=1 str=4-6-5 tcr=1\nunit RU-9 side=RU type=inf size=XXX name=x sp=5 steps=1 str=4-6-5 tcr=1",
			su:    "setup RU-8 0202\nsetup RU-9 0202",
			want:  []string{"[setup]:4: sketch: 10 stacking points set up in 0202, over the limit of 9 (T[6.11])"}},
		{name: "a unit placed twice stacks once",
			units: "unit RU-8 side=RU type=inf size=XXX name=x sp=5 steps=1 str=4-6-5 tcr=1",
			su:    "setup RU-8 0202\nsetup RU-8 0202",
			want:  []string{"[setup]:4: sketch: unit RU-8 already placed at line 3"}},
		{name: "shared and rules problems of one line, shared first",
			units: "unit DE-9 side=DE type=inf size=XX name=x sp=2 steps=0 str=4-6-5 tcr=9",
			want: []string{
				"[units]:2: unit DE-9: 1 step states in str= for 0 steps: give attack-defense-move for each step, full first",
				"[units]:2: unit DE-9: steps=0: want 1-4 (std 8.51-8.53)",
				"[units]:2: unit DE-9: tcr=9: want 1-4 (std 2.4)",
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			files, err := scenario.Sketch{Name: "", Rows: dataOpen, Split: 3,
				MapRecords: dataRails + c.mapRecs + "\n", Units: c.units + "\n", Setup: c.su + "\n", Last: 3}.Files()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			if _, err := scenario.LoadWith(files, Ruleset{}.CheckData); err != nil {
				got = strings.Split(err.Error(), "\n")
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			// engine/scenario alone reports none of these rules'.
			if _, err := scenario.Load(files); err != nil {
				for _, p := range strings.Split(err.Error(), "\n") {
					if strings.Contains(p, "(std ") || strings.Contains(p, "(T") || strings.Contains(p, "is in RU") || strings.Contains(p, "rail line reaches") {
						t.Errorf("engine/scenario reports a gwite rule: %s", p)
					}
				}
			}
		})
	}
}
