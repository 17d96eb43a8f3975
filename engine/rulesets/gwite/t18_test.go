package gwite

import (
	"reflect"
	"strings"
	"testing"

	"pbem/engine"
)

// t18Map is open8x10 with a German rail line and map-edge exit along row
// 04 (0410-0406) and a Russian one (0401-0403), so that both sides are in
// supply; a German fortress stands in 0709.
const t18Map = `rail GR country=DE 0410 0409 0408 0407 0406
exit 0410 country=DE
rail RR country=RU 0401 0402 0403
exit 0401 country=RU
fortress 0709 Festung owner=DE full=2 weak=1 steps=4 vistula=west
`

const t18Units = standardUnits + `unit DE-4ID side=DE type=inf size=XX name="4th Inf Div" parent=I sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
unit DE-5ID side=DE type=inf size=XX name="5th Inf Div" parent=I sp=2 steps=2 str=4-6-5/2-3-5 tcr=1
`

func t18Game(t *testing.T, setup string) *Game {
	t.Helper()
	return newTestGame(t, testSpec{grid: open8x10, split: 5, extra: t18Map, units: t18Units, setup: setup})
}

// sixes are dice that put every unit in command and spare it attrition.
func sixes() *engine.Script {
	s := &engine.Script{}
	for i := 0; i < 200; i++ {
		s.Rolls = append(s.Rolls, 6)
	}
	return s
}

// t18Window resolves the window id of g with side's orders, one per line.
func t18Window(t *testing.T, g *Game, id string, side engine.Side, lines ...string) (*Game, []engine.Event) {
	t.Helper()
	if err := g.SetWindow(id); err != nil {
		t.Fatal(err)
	}
	var os []engine.Order
	for i, l := range lines {
		os = append(os, testOrder(i+1, l))
	}
	if probs := g.Validate(side, os); len(probs) > 0 {
		t.Fatalf("orders do not validate: %v", probs)
	}
	st, evs, err := g.Resolve(map[engine.Side][]engine.Order{side: os}, sixes())
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return st.(*Game), evs
}

func joined(evs []engine.Event) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.String())
	}
	return strings.Join(out, "\n")
}

// seenBy is the text of the events side may see.
func seenBy(evs []engine.Event, side engine.Side) []string {
	var out []string
	for _, e := range evs {
		if engine.Visible(e, side) {
			out = append(out, e.String())
		}
	}
	return out
}

func t18Rejections(evs []engine.Event) []string {
	var out []string
	for _, e := range evs {
		if r, ok := e.(*engine.Rejected); ok {
			out = append(out, r.String())
		}
	}
	return out
}

func ruView(g *Game) *View { return g.View(RU).(*View) }

func viewHas(v *View, id string) bool {
	for _, u := range v.Units {
		if u.ID == id {
			return true
		}
	}
	return false
}

func gruppeUnits(g *Game, n int) []string {
	gr := g.gruppe(n)
	if gr == nil || !gr.OnMap {
		return nil
	}
	return unitIDs(g.members(gr))
}

func unitIDs(us []*Unit) []string {
	out := []string{}
	for _, u := range us {
		out = append(out, u.ID)
	}
	return out
}

// T 18.13, 18.23, 18.32, 18.34: forming, splitting, exchanging and removing.
func TestT18FormSplitMergeRemove(t *testing.T) {
	g := t18Game(t, "setup DE-1ID 0408\nsetup DE-2ID 0408\nsetup DE-HQ 0408\nsetup RU-III 0402\n")
	g, evs := t18Window(t, g, "GT1 DE-MOVE", DE,
		"gruppe 1 at 0408 with DE-1ID DE-2ID",
		"gruppe 2 with DE-HQ",
		"gruppe 3 at 0408",
		"gruppe 2 with DE-2ID",
		"leave DE-1ID",
		"remove 3",
		"gruppe 3 at 0408",
	)
	if got := t18Rejections(evs); len(got) != 1 || !strings.Contains(got[0], "T 18.5") {
		t.Fatalf("want only the return of marker 3 in the same phase refused (T 18.5), got %v\n%s", got, joined(evs))
	}
	if got := gruppeUnits(g, 1); len(got) != 0 {
		t.Errorf("Gruppe 1 holds %v, want a dummy", got)
	}
	if got := gruppeUnits(g, 2); !reflect.DeepEqual(got, []string{"DE-2ID", "DE-HQ"}) {
		t.Errorf("Gruppe 2 holds %v", got)
	}
	if g.gruppe(3).OnMap {
		t.Error("marker 3 is still on the map")
	}
	v := ruView(g)
	if !viewHas(v, "DE-1ID") || viewHas(v, "DE-2ID") || viewHas(v, "DE-HQ") {
		t.Errorf("Russian view units wrong: %+v", v.Units)
	}
	if len(v.Markers) != 2 || v.Markers[0].Hex != at("0408") || v.Markers[1].Hex != at("0408") {
		t.Errorf("Russian view markers: %+v", v.Markers)
	}
	for _, s := range seenBy(evs, RU) {
		if strings.Contains(s, "Gruppe 1") || strings.Contains(s, "Gruppe 2") || strings.Contains(s, "joins") || strings.Contains(s, "goes from") {
			t.Errorf("the Russian sees %q", s)
		}
	}
	// The German sees numbers and contents.
	dv := g.View(DE).(*View)
	if dv.Gruppen[1].N != 2 || !reflect.DeepEqual(dv.Gruppen[1].Units, []string{"DE-2ID", "DE-HQ"}) || dv.Gruppen[2].OnMap {
		t.Errorf("German view of the Gruppen: %+v", dv.Gruppen[:3])
	}
	// Marker 3 may come back in the next German Movement Phase (T 18.5).
	g, evs = t18Window(t, g, "GT2 DE-MOVE", DE, "gruppe 3 at 0408 with DE-1ID")
	if len(t18Rejections(evs)) != 0 || !reflect.DeepEqual(gruppeUnits(g, 3), []string{"DE-1ID"}) {
		t.Errorf("marker 3 did not come back: %v", t18Rejections(evs))
	}
}

// W14 (T 18.23): the four-unit stack may stay open, go into one box, or
// into up to four, with dummies besides; all are legal.
func TestT18W14(t *testing.T) {
	setup := "setup DE-1ID 0408\nsetup DE-2ID 0408\nsetup DE-HQ 0408\nsetup DE-AHQ 0408\nsetup RU-III 0402\n"
	for _, orders := range [][]string{
		nil,
		{"gruppe 1 at 0408 with DE-1ID DE-2ID DE-HQ DE-AHQ"},
		{"gruppe 1 at 0408 with DE-1ID DE-2ID", "gruppe 2 with DE-HQ DE-AHQ"},
		{"gruppe 1 with DE-1ID", "gruppe 2 with DE-2ID", "gruppe 3 with DE-HQ", "gruppe 4 with DE-AHQ", "gruppe 5 at 0408", "gruppe 6 at 0408"},
	} {
		g, evs := t18Window(t, t18Game(t, setup), "GT1 DE-MOVE", DE, orders...)
		if r := t18Rejections(evs); len(r) > 0 {
			t.Errorf("%v: %v", orders, r)
		}
		v := ruView(g)
		visible := 0
		for _, u := range v.Units {
			if u.Side == DE {
				visible++
			}
		}
		if len(orders) == 0 && visible != 4 {
			t.Errorf("open stack: %d German units visible", visible)
		}
		if len(orders) > 0 && visible != 0 {
			t.Errorf("%v: %d German units still visible", orders, visible)
		}
	}
}

// T 18.22: a box holds at most 9 SP.
func TestT18BoxLimit(t *testing.T) {
	g := t18Game(t, "setup DE-1ID 0408\nsetup DE-2ID 0408\nsetup DE-3ID 0408\nsetup DE-4ID 0408\nsetup DE-LW 0408\nsetup DE-5ID 0407\nsetup RU-III 0402\n")
	g, evs := t18Window(t, g, "GT1 DE-MOVE", DE,
		"move DE-5ID to 0408",
		"gruppe 1 at 0408 with DE-1ID DE-2ID DE-3ID DE-5ID DE-4ID",
		"move DE-4ID to 0409",
	)
	r := t18Rejections(evs)
	if len(r) != 1 || !strings.Contains(r[0], "T 18.22") || !strings.Contains(r[0], "DE-4ID") {
		t.Fatalf("want the fifth division refused (T 18.22) and nothing else, got %v", r)
	}
	if got := gruppeUnits(g, 1); len(got) != 4 {
		t.Errorf("box holds %v", got)
	}
}

// T 18.31, 18.33, W15: a Gruppe moves at its slowest unit's MA, every unit
// paying the same; the slow unit is dropped and the rest go on.
func TestT18GruppeMAW15(t *testing.T) {
	setup := "setup DE-1ID 0410\nsetup DE-2ID 0410\nsetup DE-LW 0410\nsetup DE-HQ 0410\nsetup RU-III 0101\n"
	// Option 1: drop the slow unit and move the Gruppe on.
	g, evs := t18Window(t, t18Game(t, setup), "GT1 DE-MOVE", DE,
		"gruppe 1 at 0410 with DE-1ID DE-2ID DE-LW",
		"move G1 via 0409 0408 0407 0406 0405",
		"leave DE-LW",
		"move G1 via 0405",
	)
	r := t18Rejections(evs)
	if len(r) != 1 || !strings.Contains(r[0], "Gruppe 1 stops in 0406") {
		t.Fatalf("want the Gruppe stopped after 4 MP, got %v\n%s", r, joined(evs))
	}
	if g.Unit("DE-LW").Hex != at("0406") || g.Unit("DE-1ID").Hex != at("0405") || g.Unit("DE-2ID").Hex != at("0405") {
		t.Errorf("positions: LW %s, 1ID %s", g.Unit("DE-LW").Hex, g.Unit("DE-1ID").Hex)
	}
	if g.Unit("DE-1ID").MPSpent != 5 || g.Unit("DE-LW").MPSpent != 4 {
		t.Errorf("MP spent: 1ID %d, LW %d", g.Unit("DE-1ID").MPSpent, g.Unit("DE-LW").MPSpent)
	}
	// Option 2: leave the marker, move the fast units on their own.
	g, evs = t18Window(t, t18Game(t, setup), "GT1 DE-MOVE", DE,
		"gruppe 1 at 0410 with DE-1ID DE-2ID DE-LW",
		"move G1 via 0409 0408 0407 0406",
		"leave DE-1ID DE-2ID",
		"move DE-1ID via 0405",
		"move DE-2ID via 0405",
	)
	if r := t18Rejections(evs); len(r) != 0 {
		t.Fatalf("option 2: %v", r)
	}
	if g.Unit("DE-1ID").Hex != at("0405") || !reflect.DeepEqual(gruppeUnits(g, 1), []string{"DE-LW"}) {
		t.Errorf("option 2 positions wrong")
	}
	// Option 3: a new marker for the fast pair; it moves with what they
	// have left (T 18.32).
	g, evs = t18Window(t, t18Game(t, setup), "GT1 DE-MOVE", DE,
		"gruppe 1 at 0410 with DE-1ID DE-2ID DE-LW",
		"move G1 via 0409 0408 0407 0406",
		"gruppe 2 at 0406 with DE-1ID DE-2ID",
		"move G2 via 0405 0404",
	)
	r = t18Rejections(evs)
	if len(r) != 1 || !strings.Contains(r[0], "Gruppe 2 stops in 0405") {
		t.Fatalf("option 3: want the new Gruppe stopped after 1 more MP, got %v", r)
	}
	if g.Unit("DE-1ID").Hex != at("0405") || g.Unit("DE-1ID").MPSpent != 5 {
		t.Errorf("option 3: 1ID at %s, %d MP", g.Unit("DE-1ID").Hex, g.Unit("DE-1ID").MPSpent)
	}
	// A unit in a box does not move on its own (T 18.31).
	_, evs = t18Window(t, t18Game(t, setup), "GT1 DE-MOVE", DE,
		"gruppe 1 at 0410 with DE-1ID",
		"move DE-1ID to 0409",
	)
	if r := t18Rejections(evs); len(r) != 1 || !strings.Contains(r[0], "T 18.31") {
		t.Errorf("want the lone move refused, got %v", r)
	}
}

// T 18.63: a dummy moves 8 MP.
func TestT18DummyMA(t *testing.T) {
	g := t18Game(t, "setup DE-1ID 0810\nsetup RU-III 0101\n")
	g, evs := t18Window(t, g, "GT1 DE-MOVE", DE,
		"gruppe 1 at 0810",
		"move G1 via 0710 0610 0510 0410 0310 0210 0110 0109 0108",
	)
	r := t18Rejections(evs)
	if len(r) != 1 || !strings.Contains(r[0], "Gruppe 1 stops in 0109") {
		t.Fatalf("want the dummy stopped after 8 MP, got %v\n%s", r, joined(evs))
	}
	if g.gruppe(1).Hex != at("0109") {
		t.Errorf("dummy in %s", g.gruppe(1).Hex)
	}
	ru := seenBy(evs, RU)
	found := false
	for _, s := range ru {
		found = found || strings.HasPrefix(s, "a Gruppe marker M1 moves 0810 0710")
		if strings.Contains(s, "dummy") || strings.Contains(s, "MP") && strings.Contains(s, "Gruppe 1") {
			t.Errorf("the Russian sees %q", s)
		}
	}
	if !found {
		t.Errorf("no marker move for the Russian:\n%s", strings.Join(ru, "\n"))
	}
}

// T 18.41-18.42, AMB-30: a Russian unit coming next to markers: dummies
// go at once, a real Gruppe's ZOC is announced and paid, and the spare MP
// must be held in either case.
func TestT18RussianNextToMarkers(t *testing.T) {
	// RU-III (MA 4) moves along row 04 from 0401; the markers stand in
	// 0306, next to 0405 and 0406.
	setup := "setup DE-1ID 0306\nsetup DE-HQ 0309\nsetup RU-III 0401\nsetup RU-HQ 0401\n"
	run := func(real bool, path string) (*Game, []engine.Event) {
		g := t18Game(t, setup)
		if err := g.adjustGruppe(strings.Fields("gruppe 1 0306")); err != nil {
			t.Fatal(err)
		}
		if real {
			if err := g.adjustGruppe(strings.Fields("gruppe 1 0306 DE-1ID")); err != nil {
				t.Fatal(err)
			}
		} else {
			g.place(g.Unit("DE-1ID"), at("0809"))
		}
		return t18Window(t, g, "GT1 RU-MOVE", RU, "move RU-III via "+path)
	}
	// Three clear hexes then one next to the marker: 3 + 1 + 1 spare > 4.
	gd, evd := run(false, "0402 0403 0404 0405")
	gr, evr := run(true, "0402 0403 0404 0405")
	rd, rr := t18Rejections(evd), t18Rejections(evr)
	if len(rd) != 1 || !strings.Contains(rd[0], "T 18.41") || !reflect.DeepEqual(rd, rr) {
		t.Fatalf("want the same T 18.41 stop for dummy and real:\n%v\n%v", rd, rr)
	}
	if gd.Unit("RU-III").Hex != at("0404") || gr.Unit("RU-III").Hex != at("0404") {
		t.Errorf("RU-III in %s / %s, want 0404", gd.Unit("RU-III").Hex, gr.Unit("RU-III").Hex)
	}
	if !reflect.DeepEqual(seenBy(evd, RU), seenBy(evr, RU)) {
		t.Errorf("the Russian tells dummy from real:\n%s\n--\n%s", strings.Join(seenBy(evd, RU), "\n"), strings.Join(seenBy(evr, RU), "\n"))
	}
	// With the MP in hand: the dummy goes and costs nothing extra...
	gd, _ = run(false, "0402 0403 0404")
	gd, evd = t18Window(t, gd, "GT2 RU-MOVE", RU, "move RU-III via 0405 0406")
	if gd.gruppe(1).OnMap || !strings.Contains(joined(evd), "was a dummy and is removed") {
		t.Errorf("dummy not removed:\n%s", joined(evd))
	}
	if gd.Unit("RU-III").Hex != at("0406") || gd.Unit("RU-III").MPSpent != 2 {
		t.Errorf("RU-III in %s with %d MP spent", gd.Unit("RU-III").Hex, gd.Unit("RU-III").MPSpent)
	}
	// ...the real Gruppe's ZOC is announced and paid, and the Gruppe is
	// revealed at the end of the phase.
	gr, _ = run(true, "0402 0403 0404")
	gr, evr = t18Window(t, gr, "GT2 RU-MOVE", RU, "move RU-III via 0405 0406")
	txt := joined(evr)
	if !strings.Contains(txt, "RU-III entering 0405 entered a German zone of control (+1 MP)") {
		t.Errorf("no ZOC announcement:\n%s", txt)
	}
	if gr.Unit("RU-III").MPSpent != 4 || gr.Unit("RU-III").Hex != at("0406") {
		t.Errorf("RU-III in %s with %d MP spent", gr.Unit("RU-III").Hex, gr.Unit("RU-III").MPSpent)
	}
	if gr.gruppe(1).OnMap || !strings.Contains(txt, "is revealed at the end of the phase: DE-1ID") || !viewHas(ruView(gr), "DE-1ID") {
		t.Errorf("the Gruppe was not revealed:\n%s", txt)
	}
}

// T 18.62: an HQ-only Gruppe projects no ZOC; the Russian pays nothing
// extra but still needs the spare MP.
func TestT18HQOnlyNoZOC(t *testing.T) {
	g := t18Game(t, "setup DE-HQ 0306\nsetup DE-1ID 0809\nsetup RU-III 0404\n")
	if err := g.adjustGruppe(strings.Fields("gruppe 1 0306 DE-HQ")); err != nil {
		t.Fatal(err)
	}
	g, evs := t18Window(t, g, "GT1 RU-MOVE", RU, "move RU-III via 0405")
	if !strings.Contains(joined(evs), "no Gruppe's zone of control reaches it") || g.Unit("RU-III").MPSpent != 1 {
		t.Errorf("MP %d:\n%s", g.Unit("RU-III").MPSpent, joined(evs))
	}
}

// AMB-31, T 18.0: a Gruppe the German moves next to a Russian unit is
// told of only at the end of the phase: a dummy goes, a real one stands
// openly.
func TestT18GermanMovesNextToRussian(t *testing.T) {
	g := t18Game(t, "setup DE-1ID 0408\nsetup DE-2ID 0408\nsetup DE-HQ 0408\nsetup RU-III 0404\n")
	g, evs := t18Window(t, g, "GT1 DE-MOVE", DE,
		"gruppe 1 at 0408 with DE-1ID",
		"gruppe 2 at 0408",
		"move G1 via 0407 0406 0405",
		"move G2 via 0308 0307 0306 0305",
	)
	if r := t18Rejections(evs); len(r) > 0 {
		t.Fatal(r)
	}
	txt := strings.Join(seenBy(evs, RU), "\n")
	iMove := strings.Index(txt, "a Gruppe marker M2 moves")
	iDummy := strings.Index(txt, "was a dummy and is removed at the end of the phase")
	iReal := strings.Index(txt, "is revealed at the end of the phase: DE-1ID")
	if iMove < 0 || iDummy < iMove || iReal < iMove {
		t.Errorf("reveals missing or too early:\n%s", txt)
	}
	if g.gruppe(1).OnMap || g.gruppe(2).OnMap || !viewHas(ruView(g), "DE-1ID") {
		t.Error("markers not taken off")
	}
	// They come back only from the next German Movement Phase on, where a
	// supplied German unit, a fortress or another Gruppe stands (T 18.5).
	g, evs = t18Window(t, g, "GT2 DE-MOVE", DE,
		"gruppe 1 at 0408",
		"gruppe 2 at 0608",
		"gruppe 2 at 0709",
		"gruppe 3 at 0709",
	)
	r := t18Rejections(evs)
	if len(r) != 1 || !strings.Contains(r[0], "line 2") || !strings.Contains(r[0], "T 18.5") {
		t.Errorf("want only the empty hex refused: %v", r)
	}
	if !g.gruppe(1).OnMap || !g.gruppe(2).OnMap || g.gruppe(2).Hex != at("0709") {
		t.Error("markers did not come back")
	}
}

// T 18.35, digest 7.2: the command rolls of units in Gruppen are the
// German's alone; a loose unit's roll is public.
func TestT18HiddenRolls(t *testing.T) {
	g := t18Game(t, "setup DE-1ID 0408\nsetup DE-2ID 0208\nsetup RU-III 0402\n")
	if err := g.adjustGruppe(strings.Fields("gruppe 1 0408 DE-1ID")); err != nil {
		t.Fatal(err)
	}
	_, evs := t18Window(t, g, "GT1 DE-MOVE", DE)
	var pub, priv int
	for _, e := range evs {
		r, ok := e.(*engine.Roll)
		if !ok {
			continue
		}
		switch {
		case strings.Contains(r.Purpose, "DE-1ID") && !engine.Visible(e, RU) && engine.Visible(e, DE):
			priv++
		case strings.Contains(r.Purpose, "DE-2ID") && engine.Visible(e, RU):
			pub++
		default:
			t.Errorf("roll %s seen by %v", r, r.Seen)
		}
	}
	if pub != 1 || priv != 1 {
		t.Errorf("public %d, private %d:\n%s", pub, priv, joined(evs))
	}
}

// THE FOG TEST (digest 7.2): two games that differ only in which German
// units hide in which Gruppe, and in which markers are dummies, look the
// same to the Russian, window after window, as long as nothing is
// revealed.
func TestT18Fog(t *testing.T) {
	base := t18Game(t, "setup DE-1ID 0408\nsetup DE-2ID 0408\nsetup DE-HQ 0408\nsetup DE-LW 0708\nsetup DE-1CD 0609\n"+
		"setup RU-III 0402\nsetup RU-25ID 0702\nsetup RU-HQ 0401\n")
	a, b := base.clone(), base.clone()
	for _, d := range []string{"gruppe 1 0408 DE-1ID DE-2ID", "gruppe 2 0408 DE-HQ", "gruppe 3 0408", "gruppe 4 0708 DE-LW", "gruppe 5 0708"} {
		if err := a.adjustGruppe(strings.Fields(d)); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"gruppe 1 0408", "gruppe 2 0408 DE-1ID", "gruppe 3 0408 DE-HQ DE-2ID", "gruppe 4 0708", "gruppe 5 0708 DE-LW"} {
		if err := b.adjustGruppe(strings.Fields(d)); err != nil {
			t.Fatal(err)
		}
	}
	same := func(label string, ea, eb []engine.Event) {
		t.Helper()
		va, vb := ruView(a), ruView(b)
		if !reflect.DeepEqual(va, vb) {
			t.Errorf("%s: the Russian views differ:\n%+v\n%+v\n%+v\n%+v", label, va.Units, vb.Units, va.Markers, vb.Markers)
		}
		if sa, sb := seenBy(ea, RU), seenBy(eb, RU); !reflect.DeepEqual(sa, sb) {
			t.Errorf("%s: the Russian's events differ:\n%s\n--\n%s", label, strings.Join(sa, "\n"), strings.Join(sb, "\n"))
		}
		if len(va.Markers) != 5 {
			t.Errorf("%s: %d markers", label, len(va.Markers))
		}
	}
	same("set-up", nil, nil)
	ru := []string{"move RU-III via 0403 0404", "move RU-25ID via 0703 0704"}
	var ea, eb []engine.Event
	a, ea = t18Window(t, a, "GT1 RU-MOVE", RU, ru...)
	b, eb = t18Window(t, b, "GT1 RU-MOVE", RU, ru...)
	same("GT1 RU-MOVE", ea, eb)
	a, ea = t18Window(t, a, "GT1 RU-COMBAT", RU)
	b, eb = t18Window(t, b, "GT1 RU-COMBAT", RU)
	same("GT1 RU-COMBAT", ea, eb)
	// The German moves the same markers (by token) in both games: in a a
	// real Gruppe 1 and Gruppe 4, in b a dummy 1 and a dummy 4.
	a, ea = t18Window(t, a, "GT1 DE-MOVE", DE, "move G1 via 0308 0208", "move G4 via 0709 0710", "move DE-1CD via 0610")
	b, eb = t18Window(t, b, "GT1 DE-MOVE", DE, "move G1 via 0308 0208", "move G4 via 0709 0710", "move DE-1CD via 0610")
	if r := t18Rejections(ea); len(r) > 0 {
		t.Fatal(r)
	}
	if r := t18Rejections(eb); len(r) > 0 {
		t.Fatal(r)
	}
	same("GT1 DE-MOVE", ea, eb)
	a, ea = t18Window(t, a, "GT2 RU-MOVE", RU, "move RU-III via 0405", "move RU-25ID via 0705")
	b, eb = t18Window(t, b, "GT2 RU-MOVE", RU, "move RU-III via 0405", "move RU-25ID via 0705")
	same("GT2 RU-MOVE", ea, eb)
	// The fog is not blindness: the German sees the difference.
	if reflect.DeepEqual(a.View(DE), b.View(DE)) {
		t.Error("the German views are the same")
	}
}
