package gwite

import (
	"encoding/json"
	"fmt"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

func limitedTannenberg(t *testing.T) *Game {
	t.Helper()
	g := supTannenberg(t)
	g.opt = engine.Options{optFogLimited: true}
	return g
}

// inSight is the rule of fog.go worked out independently: an enemy unit
// is seen when it stands within 2 hexes of one of the side's units on the
// map, or 3 of one of its cavalry.
func inSight(g *Game, side engine.Side, h hex.Hex) bool {
	for _, u := range g.Units {
		if u.Side() != side || !u.OnMap() {
			continue
		}
		r := 2
		if u.Data.Type == scenario.Cavalry {
			r = 3
		}
		if g.Map().Grid.Distance(u.Hex, h) <= r {
			return true
		}
	}
	return false
}

// Limited fog: a side's View lists exactly the enemy units in its sight
// that no Gruppe hides, and all of its own.
func TestLimitedFogShowsWhatIsInSight(t *testing.T) {
	g := limitedTannenberg(t)
	for _, side := range []engine.Side{RU, DE} {
		v := g.View(side).(*View)
		listed := map[string]bool{}
		for _, uv := range v.Units {
			listed[uv.ID] = true
		}
		seen, hidden := 0, 0
		for _, u := range g.Units {
			want := u.Side() == side || (u.OnMap() && !g.hidden(u) && inSight(g, side, u.Hex))
			if listed[u.ID] != want {
				t.Errorf("%s's view: %s in %s listed %v, want %v", side, u.ID, u.Hex, listed[u.ID], want)
			}
			if u.Side() != side && u.OnMap() {
				if want {
					seen++
				} else {
					hidden++
				}
			}
		}
		if hidden == 0 {
			t.Errorf("%s: limited fog hid nothing", side)
		}
		t.Logf("%s sees %d enemy units and not %d", side, seen, hidden)
	}
	// Without the option, every enemy unit outside a Gruppe is listed.
	g.opt = nil
	v := g.View(RU).(*View)
	n := 0
	for _, uv := range v.Units {
		if uv.Side == DE {
			n++
		}
	}
	if n == 0 {
		t.Error("no German unit in the open view")
	}
}

// A unit seen and then lost from sight is a ghost where it was last seen,
// with the turn and window; a unit seen eliminated is forgotten.
func TestGhosts(t *testing.T) {
	g := limitedTannenberg(t)
	var target *Unit
	for _, u := range g.Units {
		if u.Side() == DE && u.OnMap() && !g.hidden(u) && inSight(g, RU, u.Hex) {
			target = u
			break
		}
	}
	if target == nil {
		t.Fatal("no German unit in the Russian's sight")
	}
	was := target.Hex
	g.recordSightings(nil)
	var far hex.Hex
	for _, h := range g.Map().Grid.All() { // a land hex out of the Russian's sight
		if !g.Map().Terrain(h).Water() && !inSight(g, RU, h) && len(g.at[h]) == 0 {
			far = h
			break
		}
	}
	g.place(target, far)
	v := g.View(RU).(*View)
	var ghost *GhostView
	for i, gh := range v.Ghosts {
		if gh.ID == target.ID {
			ghost = &v.Ghosts[i]
		}
	}
	if ghost == nil || ghost.Hex != was || ghost.Turn != g.Turn || ghost.Window != g.Window().ID || ghost.Steps != target.Steps() {
		t.Fatalf("ghost of %s: %+v, want it in %s", target.ID, ghost, was)
	}
	for _, uv := range v.Units {
		if uv.ID == target.ID {
			t.Errorf("%s listed out of sight", target.ID)
		}
	}
	// Seen again: no ghost.
	g.place(target, was)
	if v := g.View(RU).(*View); len(v.Ghosts) != 0 {
		for _, gh := range v.Ghosts {
			if gh.ID == target.ID {
				t.Errorf("a ghost of a unit in sight: %+v", gh)
			}
		}
	}
	// Seen eliminated: forgotten.
	g.lift(target)
	target.Loc = Eliminated
	g.recordSightings([]engine.Event{&StepLoss{Unit: target.ID, Side: DE, Eliminated: true}})
	for _, gh := range g.View(RU).(*View).Ghosts {
		if gh.ID == target.ID {
			t.Errorf("a unit seen eliminated is still a ghost: %+v", gh)
		}
	}
}

// Leak test at the engine's level: moving an enemy unit that a side cannot
// see, from one hex out of its sight to another, changes nothing of that
// side's View; moving one it sees changes it.
func TestLimitedFogHidesUnseenMoves(t *testing.T) {
	g := limitedTannenberg(t)
	before, err := json.Marshal(g.View(RU))
	if err != nil {
		t.Fatal(err)
	}
	var unseen *Unit
	for _, u := range g.Units {
		if u.Side() == DE && u.OnMap() && !g.hidden(u) && !inSight(g, RU, u.Hex) {
			unseen = u
			break
		}
	}
	if unseen == nil {
		t.Fatal("every German unit is in sight")
	}
	for _, h := range g.Map().Grid.All() {
		if h != unseen.Hex && !g.Map().Terrain(h).Water() && !inSight(g, RU, h) && len(g.at[h]) == 0 {
			g.place(unseen, h)
			break
		}
	}
	after, _ := json.Marshal(g.View(RU))
	if string(before) != string(after) {
		t.Error("the Russian's view changed when an unseen German unit moved")
	}
	for _, u := range g.Units {
		if u.Side() == DE && u.OnMap() && !g.hidden(u) && inSight(g, RU, u.Hex) {
			for _, n := range g.Map().Grid.Neighbours(u.Hex) {
				if g.Map().Grid.Contains(n) && !g.Map().Terrain(n).Water() && len(g.at[n]) == 0 && inSight(g, RU, n) {
					g.place(u, n)
					moved, _ := json.Marshal(g.View(RU))
					if string(moved) == string(after) {
						t.Error("the Russian's view did not change when a German unit in sight moved")
					}
					return
				}
			}
		}
	}
	t.Fatal("no German unit in sight could move")
}

// Leak test of a resolution under limited fog: two games that differ only
// in where an unseen German unit stands (both hexes out of the Russian's
// sight) resolve the German Movement Phase to the same events for the
// Russian, and leave him the same View.
func TestLimitedFogScreensEvents(t *testing.T) {
	a := limitedTannenberg(t)
	if err := a.SetWindow("GT1 DE-MOVE"); err != nil {
		t.Fatal(err)
	}
	b := a.clone()
	var unseen *Unit
	for _, u := range b.Units {
		if u.Side() == DE && u.OnMap() && !b.hidden(u) && !inSight(b, RU, u.Hex) && u.Data.Type != scenario.HQ {
			unseen = u
			break
		}
	}
	if unseen == nil {
		t.Fatal("every German unit is in sight")
	}
	moved := false
	for _, h := range b.Map().Grid.All() {
		if h != unseen.Hex && !b.Map().Terrain(h).Water() && !inSight(b, RU, h) && len(b.at[h]) == 0 && b.Map().Country(h) == DE {
			b.place(unseen, h)
			moved = true
			break
		}
	}
	if !moved {
		t.Fatal("nowhere to put the unseen unit")
	}
	rolls := make([]int, 400)
	for i := range rolls {
		rolls[i] = 1 + i%6
	}
	story := func(g *Game) (string, string) {
		next, events, err := g.Resolve(nil, &privateScript{Script: engine.Script{Rolls: rolls}, rolls: rolls, private: map[engine.Side]*engine.Script{}})
		if err != nil {
			t.Fatal(err)
		}
		var seen []string
		for _, e := range events {
			if engine.Visible(e, RU) {
				seen = append(seen, e.String())
			}
		}
		v, _ := json.Marshal(next.View(RU))
		return fmt.Sprint(seen), string(v)
	}
	ea, va := story(a)
	eb, vb := story(b)
	if ea != eb {
		t.Errorf("the Russian's events differ:\n%s\n---\n%s", ea, eb)
	}
	if va != vb {
		t.Error("the Russian's views differ")
	}
}

// privateScript is scripted dice with a separate script per side for the
// rolls only that side may see (engine.PrivateDice), as the daemon's dice
// have.
type privateScript struct {
	engine.Script
	rolls   []int
	private map[engine.Side]*engine.Script
}

func (p *privateScript) Private(side engine.Side) engine.Dice {
	if p.private[side] == nil {
		p.private[side] = &engine.Script{Rolls: p.rolls}
	}
	return p.private[side]
}

// The moderator's View (side engine.Moderator) holds every unit, Gruppen whole,
// whatever the fog; a game played face up (fog-open) shows the Russian
// what the German's Gruppen hold.
func TestModeratorAndOpenViews(t *testing.T) {
	g := limitedTannenberg(t)
	if err := g.adjustGruppe([]string{"gruppe", "1", "0613", "DE-1ID", "DE-2ID"}); err != nil {
		t.Fatal(err)
	}
	count := func(v *View, side engine.Side) int {
		n := 0
		for _, uv := range v.Units {
			if uv.Side == side {
				n++
			}
		}
		return n
	}
	onMap := func(side engine.Side) int {
		n := 0
		for _, u := range g.Units {
			if u.Side() == side && u.Loc != Eliminated {
				n++
			}
		}
		return n
	}
	mod := g.View(engine.Moderator).(*View)
	if count(mod, DE) != onMap(DE) || count(mod, RU) != onMap(RU) || len(mod.Gruppen) == 0 || len(mod.Ghosts) != 0 {
		t.Errorf("the moderator sees %d German and %d Russian units, %d Gruppen", count(mod, DE), count(mod, RU), len(mod.Gruppen))
	}
	ru := g.View(RU).(*View)
	for _, uv := range ru.Units {
		if uv.ID == "DE-1ID" {
			t.Error("DE-1ID, under a marker, in the Russian's view")
		}
	}
	g.opt = engine.Options{optFogOpen: true}
	open := g.View(RU).(*View)
	found := false
	for _, uv := range open.Units {
		found = found || uv.ID == "DE-1ID"
	}
	if !found || len(open.Gruppen) == 0 {
		t.Errorf("face up, the Russian does not see the Gruppe's units (%v) or the Gruppen (%d)", found, len(open.Gruppen))
	}
}

// A move that enters the Russian's sight from out of it is shown to him
// from the first hex he sees, without its MP or notes; the German and
// the moderator keep the whole move.
func TestLimitedFogGlimpse(t *testing.T) {
	g := limitedTannenberg(t)
	grid := g.Map().Grid
	var mover *Unit
	var path []hex.Hex
	for _, u := range g.Units {
		if u.Side() != DE || !u.OnMap() || g.hidden(u) || inSight(g, RU, u.Hex) {
			continue
		}
		// Walk toward the nearest Russian-seen hex, one hex at a time.
		for _, h := range grid.All() {
			if inSight(g, RU, h) && grid.Distance(u.Hex, h) == 2 {
				for _, n := range grid.Neighbours(u.Hex) {
					if grid.Contains(n) && grid.Adjacent(n, h) && !inSight(g, RU, n) {
						mover, path = u, []hex.Hex{u.Hex, n, h}
						break
					}
				}
			}
			if mover != nil {
				break
			}
		}
		if mover != nil {
			break
		}
	}
	if mover == nil {
		t.Fatal("no German unit two hexes out of the Russian's sight")
	}
	evs := g.screen(&Moved{Unit: mover.ID, Side: DE, Path: path, MP: 3, Rule: "std 5.1", Notes: []string{"entered EZOC"}})
	var ru, de []string
	for _, e := range evs {
		if engine.Visible(e, RU) {
			ru = append(ru, e.String())
		}
		if engine.Visible(e, DE) {
			de = append(de, e.String())
		}
	}
	wantRU := fmt.Sprintf("%s is seen moving through %s, the rest of its move out of sight", mover.ID, path[2])
	if len(ru) != 1 || ru[0] != wantRU {
		t.Errorf("the Russian sees %q, want %q", ru, wantRU)
	}
	wantDE := fmt.Sprintf("%s moves %s %s %s (3 MP); entered EZOC", mover.ID, path[0], path[1], path[2])
	if len(de) != 1 || de[0] != wantDE {
		t.Errorf("the German sees %q, want %q", de, wantDE)
	}
	// A Gruppe marker's move, as the Russian's copy tells it, likewise.
	evs = g.screen(&MarkerMoved{For: RU, Token: "M9", Path: path})
	ru = nil
	for _, e := range evs {
		if engine.Visible(e, RU) {
			ru = append(ru, e.String())
		}
	}
	wantRU = fmt.Sprintf("a Gruppe marker M9 is seen moving through %s, the rest of its move out of sight", path[2])
	if len(ru) != 1 || ru[0] != wantRU {
		t.Errorf("the Russian sees %q, want %q", ru, wantRU)
	}
}

// An event only the Russian may see that names a German unit out of his
// sight is screened from him and goes to no one else either: an empty
// audience is no one, not everyone.
func TestLimitedFogScreenedPrivateStaysPrivate(t *testing.T) {
	g := limitedTannenberg(t)
	for _, u := range g.Units {
		if u.Side() != DE || !u.OnMap() || g.hidden(u) || inSight(g, RU, u.Hex) {
			continue
		}
		for _, e := range g.screen(&engine.Note{Text: "the Russian hears of " + u.ID, Case: "T 18.61", Seen: []engine.Side{RU}}) {
			if engine.Visible(e, RU) || engine.Visible(e, DE) {
				t.Errorf("%q: RU %v, DE %v; want neither", e, engine.Visible(e, RU), engine.Visible(e, DE))
			}
		}
		return
	}
	t.Fatal("every German unit is in the Russian's sight")
}
