package report_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
	"pbem/orders"
	"pbem/pbem/ack"
	"pbem/pbem/report"
	"pbem/render"
	"pbem/scenarios"
	"pbem/templates"
)

// shapeGame is a test fixture, not a ruleset: a game of another shape
// than Tannenberg's (testdata/shape: flat-topped cc.rr hexes, three
// nations on two sides, victory points per side, terrains of its own, a
// typed-in table of the levels of victory), built from its data alone.
// It has one window, in which the Central Powers may send orders that
// change nothing, and it shows each side its own pieces and the enemy
// pieces within sightRange hexes of them.
type shapeGame struct {
	data *scenario.Game
	scen *scenario.Scenario
	done bool
}

const sightRange = 2

func (g *shapeGame) Window() engine.Window {
	if g.done {
		return engine.Window{Turn: g.scen.Last, Done: true}
	}
	return engine.Window{Turn: 1, Kind: "ORDERS", ID: "T1 CP-ORDERS", Name: "Central Powers' orders", Phasing: "CP",
		Submit: []engine.Side{"CP"}, Verbs: []string{"hold"}}
}

func (g *shapeGame) Validate(engine.Side, []engine.Order) []engine.Problem { return nil }

func (g *shapeGame) Resolve(map[engine.Side][]engine.Order, engine.Dice) (engine.State, []engine.Event, error) {
	return &shapeGame{data: g.data, scen: g.scen, done: true}, nil, nil
}

func (g *shapeGame) View(side engine.Side) engine.View { return shapeView{g, side} }

func (g *shapeGame) WindowOf(id string) (engine.Window, bool) {
	return g.Window(), id == g.Window().ID
}

func (g *shapeGame) System() string            { return "shape-fixture" }
func (g *shapeGame) Check() error              { return nil }
func (g *shapeGame) Snapshot() ([]byte, error) { return fmt.Appendf(nil, "done=%v", g.done), nil }

type shapeView struct {
	g    *shapeGame
	side engine.Side
}

func (v shapeView) Side() engine.Side     { return v.side }
func (v shapeView) Window() engine.Window { return v.g.Window() }

// Board: pieces from the set-up, sight around the side's own pieces,
// each side's victory points from the towns in its country, the level
// from the typed-in table by the Central Powers' lead.
func (v shapeView) Board() *engine.Board {
	d, m := v.g.data, v.g.data.Map
	b := &engine.Board{Side: v.side, Window: v.Window(), Turn: 1, LastTurn: v.g.scen.Last,
		Scenario: v.g.scen.Title, Map: m, Sides: d.Sides, Names: d.SideNames}
	// A piece names its nation where its side has several.
	b.Nations = map[string]string{}
	vocab := m.Vocab()
	for _, n := range vocab.Nations {
		b.Nations[n.ID] = n.Name
	}
	var all []engine.Piece
	for _, p := range v.g.scen.Setup {
		u := d.Unit(p.Unit)
		nation := u.Nation
		if len(vocab.NationsOf(u.Side)) < 2 {
			nation = ""
		}
		all = append(all, engine.Piece{ID: u.ID, Name: u.Name, Side: u.Side, Nation: nation, Type: u.Type, Size: u.Size,
			OnMap: true, Hex: p.Hex, Values: u.Str[0].String(), Listed: u.Str[0].String(), Steps: u.Steps, MaxSteps: u.Steps,
			Strength: u.Str[0].Attack + u.Str[0].Defense})
	}
	// A piece held back waits in its side's box off the map.
	for _, p := range v.g.scen.Held {
		u := d.Unit(p.Unit)
		all = append(all, engine.Piece{ID: u.ID, Name: u.Name, Side: u.Side, Type: u.Type, Size: u.Size, Place: "held",
			Box: "al-reserve", Values: u.Str[0].String(), Listed: u.Str[0].String(), Steps: u.Steps, MaxSteps: u.Steps})
	}
	b.Track = d.TurnTrack(v.g.scen)
	seen := func(h hex.Hex) bool {
		if v.side == engine.Moderator {
			return true
		}
		for _, p := range all {
			if p.Side == v.side && m.Grid.Distance(p.Hex, h) <= sightRange {
				return true
			}
		}
		return false
	}
	for _, p := range all {
		if p.Side == v.side || v.side == engine.Moderator || p.OnMap && seen(p.Hex) {
			b.Pieces = append(b.Pieces, p)
		}
	}
	for _, h := range m.Grid.All() {
		if !seen(h) {
			b.Unseen = append(b.Unseen, h)
		}
	}
	vp := map[engine.Side]int{}
	for _, t := range m.SortedTowns() {
		vp[m.Country(t.Hex)] += t.VP
	}
	for _, s := range d.Sides {
		b.Score.Points = append(b.Score.Points, engine.Points{Side: s, VP: vp[s]})
	}
	lead := vp["CP"] - vp["AL"]
	if t := d.Table("victory"); t != nil {
		for _, r := range t.Rows {
			c, _ := t.Cell(r.Key, "min")
			var min int
			fmt.Sscan(c.Value, &min)
			b.Score.Levels = append(b.Score.Levels, engine.Level{Min: min, Level: r.Key})
			if b.Score.Level == "" && lead >= min {
				b.Score.Level = r.Key
			}
		}
	}
	return b
}

func shapeFixture(t *testing.T) *shapeGame {
	t.Helper()
	cat, err := scenarios.Dir(filepath.Join("testdata", "shape"))
	if err != nil {
		t.Fatal(err)
	}
	data, scen, err := cat.Find("1916")
	if err != nil {
		t.Fatal(err)
	}
	return &shapeGame{data: data, scen: scen}
}

// Issue 17: a game of another shape, from its data alone, gets a report
// for each side and a map: flat cc.rr hexes, three nations on two sides,
// each side's victory points and the level the typed-in table gives, its
// pieces at their cc.rr hexes, the enemy it sees and not the one it does
// not.
func TestAGameOfAnotherShape(t *testing.T) {
	g := shapeFixture(t)
	if g.data.Map.Grid.Codec.Pattern() != "cc.rr" || g.data.Map.Grid.Orientation != hex.Flat {
		t.Fatalf("the fixture's grid is not flat cc.rr")
	}
	r := report.Build(g, report.Input{Game: "s1", Side: "CP", Deadline: "soon", Address: "referee@club.example"})
	text, err := templates.Text(r)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{
		// Kovel 06.02 and Rovno 02.05 lie in... the map's country grid:
		// columns 05-08 are the Central Powers', 01-04 the Allies'.
		"Victory points: Central Powers 3, Allies 3: draw.",
		"The levels after the last game-turn: cp-decisive at 4 or more, cp-marginal at 1 to 3, draw at -1 to 0, al-marginal at -4 to -2, al-decisive at -5 or less.",
		"DE-11 06.03 2/2 6-6-4 11th Army (German)", "AH-4 05.04 1/1 4-4-4 4th Army (Austro-Hungarian)", "RU-8 04.03 1/1 5-5-4 8th Army Now open",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the Central Powers' report does not say %q:\n%s", want, text)
		}
	}
	for _, hidden := range []string{"RU-3C", "RU-9"} {
		if strings.Contains(text, hidden) {
			t.Errorf("the Central Powers' report names %s, out of their sight:\n%s", hidden, text)
		}
	}
	al, err := templates.Text(report.Build(g, report.Input{Game: "s1", Side: "AL"}))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(al), " "), "RU-9 held 1/1 4-4-4 9th Army") {
		t.Errorf("the Allies' report does not list RU-9, held back:\n%s", al)
	}
	twin, err := templates.JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(twin, []byte(`"Scores": [`)) || bytes.Contains(twin, []byte(`"NetFor"`)) {
		t.Errorf("the JSON twin does not keep a score per side:\n%s", twin)
	}

	img := report.Map(g, "CP", "shape", nil)
	bare := render.Draw(g.data.Map, nil, render.Options{Title: "shape", Track: g.data.TurnTrack(g.scen), Turn: 1, Unseen: func(h hex.Hex) bool {
		return slices.Contains(g.View("CP").Board().Unseen, h)
	}})
	if noTrack := render.Draw(g.data.Map, nil, render.Options{Title: "shape"}); noTrack.Bounds().Dy() >= img.Bounds().Dy() {
		t.Errorf("the map (%v) has no room for its turn track (%v without)", img.Bounds(), noTrack.Bounds())
	}
	if img.Bounds() != bare.Bounds() {
		t.Fatalf("the map is %v, the bare map %v", img.Bounds(), bare.Bounds())
	}
	if bytes.Equal(img.Pix, bare.Pix) {
		t.Error("the Central Powers' map draws no counter")
	}
	writePNG(t, img, "pbem-shape-CP.png")
	if report.Sketch(g, "CP", nil) == report.Sketch(g, engine.Moderator, nil) {
		t.Error("the Central Powers' map shows what the moderators' does")
	}
	if !strings.Contains(report.Sketch(g, "AL", nil), "Box:al-reserve") {
		t.Errorf("the Allies' map does not draw RU-9 in its box:\n%s", report.Sketch(g, "AL", nil))
	}
	writePNG(t, report.Map(g, "AL", "shape", nil), "pbem-shape-AL.png")
}

// A rules system without a preview gets an acknowledgement that says the
// orders were checked for form only.
func TestAcknowledgementWithoutPreview(t *testing.T) {
	g := shapeFixture(t)
	verbs := []engine.Verb{{Name: "hold", Clauses: []engine.ClauseSpec{{Kind: engine.UnitID, Required: true, Help: "UNIT"}}, Windows: []string{"orders"}, Summary: "stays put"}}
	f, err := orders.ParseWith("cp.orders", []byte("Game: s1\nSide: CP\nWindow: T1 CP-ORDERS\nNonce: shape-nonce-1\n\nhold DE-11\n"), verbs, g.data.Map.Grid.Codec)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ack.Bind(g, "s1", "CP", f, time.Time{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := ack.Acknowledge(ack.Ack{Game: "s1", Side: "CP", Window: g.Window(), Deadline: "soon", File: f, Result: res})
	if !res.Unpreviewed || !strings.Contains(strings.Join(strings.Fields(a), " "), "The rules of this game give no preview") {
		t.Errorf("the acknowledgement does not say there is no preview:\n%s", a)
	}
}

// writePNG writes img under the temporary directory, to be looked at.
func writePNG(t *testing.T, img image.Image, name string) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(os.TempDir(), name), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
