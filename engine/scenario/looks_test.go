package scenario

import (
	"fmt"
	"strings"
	"testing"

	"pbem/engine/hex"
)

// The example of docs/scenarios.md declares its looks; what it leaves out
// takes the default look, with the default's source.
func TestDocExampleLooks(t *testing.T) {
	g, err := Load(docExample(t))
	if err != nil {
		t.Fatalf("the example of docs/scenarios.md does not load:\n%v", err)
	}
	v := g.Vocab
	col := func(s string) Colour {
		c, err := ParseColour(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, tc := range []struct {
		nation, fill, ink, marking, emblem string
	}{
		{"DE", "#b4b8b0", "#1a1a1a", "", ""},
		{"AH", "#e8dca0", "#1a1a1a", "", "stripe"},
		{"RU", "#bfcc8a", "#203010", "R", ""},
	} {
		n := v.Nation(tc.nation)
		if n.Fill != col(tc.fill) || n.Ink != col(tc.ink) || n.Marking != tc.marking || n.Emblem != tc.emblem {
			t.Errorf("nation %s = fill %s ink %s marking %q emblem %q, want %+v", n.ID, n.Fill, n.Ink, n.Marking, n.Emblem, tc)
		}
	}
	if src := v.Nation("DE").FieldSrc["ink"]; src != defaultLookSrc {
		t.Errorf("DE's ink, not given, has source %v, want the default look's", src)
	}
	if src := v.Nation("AH").FieldSrc["fill"]; src.String() != `authored:docs/scenarios.md example` || src.Pos.Line == 0 {
		t.Errorf("AH's fill has source %v at %v, want the record's", src, src.Pos)
	}
	if cp := v.Side("CP"); cp == nil || cp.Name != "Central Powers" || cp.Arrow != col("#1f3f8f") || cp.Rail != col("#202020") {
		t.Errorf("side CP = %+v", cp)
	}
	if d := v.UnitType("cav"); d.Symbol != "cavalry" {
		t.Errorf("cav's symbol %q, want cavalry", d.Symbol)
	}
	if d := v.TerrainByKey("marsh"); d.Fill != col("#b9d8c8") || d.Pattern != "tufts" {
		t.Errorf("marsh = fill %s pattern %q", d.Fill, d.Pattern)
	}
	if len(g.Map.Boxes) != 1 {
		t.Fatalf("boxes %+v, want the CP's available box", g.Map.Boxes)
	}
	if b := g.Map.Boxes[0]; b.ID != "cp-available" || b.Name != "CP Available" || b.Side != "CP" || b.At != "east" || b.Src.Kind != Authored {
		t.Errorf("box = %+v", b)
	}
}

// Data that declares no look (Tannenberg's) gets the look maps had before
// data could declare one: its first side, the Russians, olive with red
// moves and brown rails; its second, the Germans, field grey with blue
// moves and black rails; the default terrains' fills and the NATO
// symbols of the default unit types.
func TestDefaultLooks(t *testing.T) {
	g, err := Load(tannenbergFiles(t))
	if err != nil {
		t.Fatalf("the Tannenberg data does not load:\n%v", err)
	}
	v := g.Vocab
	for _, tc := range []struct {
		side              Side
		name, fill, arrow string
		rail              string
	}{
		{"RU", "Russian", "#bfcc8a", "#8a1010", "#6e3f1c"},
		{"DE", "German", "#b4b8b0", "#102a7a", "#141414"},
	} {
		s, n := v.Side(tc.side), v.Nation(string(tc.side))
		if s == nil || n == nil {
			t.Fatalf("side %s: look %v, nation %v", tc.side, s, n)
		}
		got := fmt.Sprintf("%s %s %s %s %s", s.Name, n.Fill, s.Arrow, s.Rail, n.Ink)
		want := fmt.Sprintf("%s %s %s %s #1a1a1a", tc.name, tc.fill, tc.arrow, tc.rail)
		if got != want {
			t.Errorf("side %s: %s, want %s", tc.side, got, want)
		}
		if s.FieldSrc["arrow"] != defaultLookSrc || n.FieldSrc["fill"] != defaultLookSrc {
			t.Errorf("side %s: defaulted looks have sources %v", tc.side, s.FieldSrc)
		}
	}
	for id, sym := range map[UnitType]string{Infantry: "infantry", Cavalry: "cavalry", Artillery: "artillery", Depot: "supply", HQ: "hq"} {
		if d := v.UnitType(id); d.Symbol != sym {
			t.Errorf("unit type %s: symbol %q, want %q", id, d.Symbol, sym)
		}
	}
	if d := v.Terrain(Forest); d.Fill.String() != "#a9cc8c" || d.Pattern != "trees" {
		t.Errorf("forest = %s %q", d.Fill, d.Pattern)
	}
	if len(g.Map.Boxes) != 0 {
		t.Errorf("Tannenberg declares no box, got %v", g.Map.Boxes)
	}
}

// A map built in code gets its sides' looks as data that declares none.
func TestDeclareSides(t *testing.T) {
	m := NewMap(hex.Grid{Rows: 2, Cols: 2})
	m.DeclareSides([]Side{"RU", "DE"}, map[Side]string{"RU": "Russian", "DE": "German"})
	v := m.Vocab()
	if s := v.Side("DE"); s == nil || s.Name != "German" || s.Arrow.String() != "#102a7a" {
		t.Errorf("DE = %+v", s)
	}
	if n := v.Nation("RU"); n == nil || n.Fill.String() != "#bfcc8a" || n.Side != "RU" {
		t.Errorf("RU = %+v", n)
	}
}

// Every problem of a look is reported where it stands.
func TestLookProblems(t *testing.T) {
	for _, tc := range []struct {
		name, file, from, to, want string
	}{
		{"colour not hex", "game.txt", "fill=#e8dca0", "fill=#e8dcag", `nation AH: fill="#e8dcag": want a colour #rrggbb of hex digits`},
		{"colour by name", "game.txt", "arrow=#9a1a1a", "arrow=red", `side AL: arrow="red": want a colour #rrggbb`},
		{"unknown emblem", "game.txt", "emblem=stripe", "emblem=eagle", `nation AH: emblem=eagle: want one of stripe, band`},
		{"marking and emblem", "game.txt", "emblem=stripe", "emblem=stripe marking=AH", `nation AH: a marking= and an emblem=: give one`},
		{"marking too long", "game.txt", "marking=R", "marking=Russ", `nation RU: marking="Russ": want 1 to 3 characters`},
		{"unknown symbol", "game.txt", "symbol=cavalry", "symbol=horse", `unit-type cav: symbol=horse: want one of infantry, cavalry`},
		{"unknown pattern", "game.txt", "pattern=tufts", "pattern=reeds", `terrain-type marsh: pattern=reeds: want one of trees, tufts`},
		{"misspelt look field", "game.txt", "fill=#b4b8b0", "colour=#b4b8b0", `nation: unknown field "colour"`},
		{"box margin", "map.txt", "at=east", "at=left", `box cp-available: at=left: want one of north, south, east, west`},
		{"box side", "map.txt", "side=CP at=east", "side=DE at=east", `box: side=DE is not a declared side`},
		{"box twice", "map.txt", "box cp-available name=\"CP Available\" side=CP at=east", "box cp-available name=A at=east\nbox cp-available name=B at=west", `box cp-available already declared at map.txt`},
	} {
		files := docExample(t)
		found := false
		for i := range files {
			if files[i].Name == tc.file && strings.Contains(string(files[i].Data), tc.from) {
				files[i].Data = []byte(strings.Replace(string(files[i].Data), tc.from, tc.to, 1))
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: %q is not in the example's %s", tc.name, tc.from, tc.file)
		}
		_, err := Load(files)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: want a problem %q, got:\n%v", tc.name, tc.want, err)
			continue
		}
		// Reported at the line of the change (its last line, for a
		// change of two records).
		var line int
		for _, f := range files {
			if f.Name == tc.file {
				before, _, _ := strings.Cut(string(f.Data), tc.to)
				line = strings.Count(before, "\n") + strings.Count(tc.to, "\n") + 1
			}
		}
		if at := fmt.Sprintf("%s:%d: %s", tc.file, line, tc.want); !strings.Contains(err.Error(), at) {
			t.Errorf("%s: want the problem at %s:%d, got:\n%v", tc.name, tc.file, line, err)
		}
	}
}

// The default look, written out as docs/scenarios.md gives it, reads as
// the look Tannenberg's data gets by default.
func TestDefaultLooksWrittenOut(t *testing.T) {
	old, err := Load(tannenbergFiles(t))
	if err != nil {
		t.Fatalf("the Tannenberg data does not load:\n%v", err)
	}
	files := tannenbergFiles(t)
	const src = ` src=authored:"written out"`
	written := []string{
		"nation RU name=Russian side=RU fill=#bfcc8a ink=#1a1a1a",
		"nation DE name=German side=DE fill=#b4b8b0 ink=#1a1a1a",
		"terrain-type clear letter=. name=clear enter=yes fill=#f6efd6",
		"terrain-type forest letter=F name=forest enter=yes fill=#a9cc8c pattern=trees",
		"terrain-type broken letter=B name=broken enter=yes fill=#dfc798 pattern=rocks",
		"terrain-type swamp letter=S name=swamp enter=yes fill=#b9d8c8 pattern=tufts",
		"terrain-type lake letter=L name=lake enter=no fill=#9cc8ea pattern=waves",
		"terrain-type sea letter=~ name=sea enter=no fill=#6fa3d3 pattern=waves",
		"unit-type inf name=infantry symbol=infantry",
		"unit-type cav name=cavalry symbol=cavalry",
		"unit-type art name=artillery symbol=artillery",
		"unit-type depot name=depot symbol=supply",
		"unit-type hq name=headquarters symbol=hq",
	}
	for i := range files {
		if files[i].Name != "game.txt" {
			continue
		}
		d := string(files[i].Data)
		for _, r := range [][2]string{
			{"side RU name=Russian", "side RU name=Russian arrow=#8a1010 rail=#6e3f1c"},
			{"side DE name=German", "side DE name=German arrow=#102a7a rail=#141414"},
		} {
			if !strings.Contains(d, r[0]) {
				t.Fatalf("game.txt has no %q", r[0])
			}
			d = strings.Replace(d, r[0], r[1], 1)
		}
		files[i].Data = []byte(d + "\n" + strings.Join(written, src+"\n") + src + "\n")
	}
	declared, err := Load(files)
	if err != nil {
		t.Fatalf("the Tannenberg data with its look written out does not load:\n%v", err)
	}
	a, b := old.Vocab, declared.Vocab
	for _, s := range old.Sides {
		if x, y := a.Side(s), b.Side(s); x.Arrow != y.Arrow || x.Rail != y.Rail || x.Name != y.Name {
			t.Errorf("side %s: default %+v, written out %+v", s, x, y)
		}
		if x, y := a.Nation(string(s)), b.Nation(string(s)); x.Fill != y.Fill || x.Ink != y.Ink {
			t.Errorf("nation %s: default %s %s, written out %s %s", s, x.Fill, x.Ink, y.Fill, y.Ink)
		}
	}
	for i, d := range a.Terrains {
		if e := b.Terrains[i]; d.Fill != e.Fill || d.Pattern != e.Pattern {
			t.Errorf("terrain %s: default %s %q, written out %s %q", d.ID, d.Fill, d.Pattern, e.Fill, e.Pattern)
		}
	}
	for i, d := range a.UnitTypes {
		if e := b.UnitTypes[i]; d.Symbol != e.Symbol {
			t.Errorf("unit type %s: default %q, written out %q", d.ID, d.Symbol, e.Symbol)
		}
	}
}
