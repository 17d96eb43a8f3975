package kw

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/scenario"
)

// leaks lists the hidden units' ids and names that what side sees gives
// away: its view, its board and the events it is told of.
func leaks(t *testing.T, st *State, side scenario.Side, events []engine.Event, secret []string) []string {
	t.Helper()
	v := st.View(side).(*View)
	board := v.Board() // all but its map, which is public
	b, err := json.Marshal(struct {
		V        *View
		Pieces   []engine.Piece
		Ghosts   []engine.Ghost
		Standing []string
		Actors   []string
	}{v, board.Pieces, board.Ghosts, board.Standing, board.Actors})
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, e := range events {
		if engine.Visible(e, side) {
			text += "\n" + e.String()
		}
	}
	var out []string
	for _, s := range secret {
		if strings.Contains(text, s) {
			out = append(out, s)
		}
	}
	return out
}

// [Opt: Fog of War]: a face-down unit is shown to the enemy as a face-down
// counter in its hex, the top of its stack with its flag, and nothing of
// who it is, in the view, the board or the events; its own side sees it
// whole; a battle's stacks are turned face-up.
func TestFogHidesFaceDownUnits(t *testing.T) {
	g, sc := testGame(t, `deploy DE-C1 in=DE
deploy DE-C2 in=DE
setup DE-8A 0203
setup RU-1A 0704
`)
	st0, err := newState(g, sc, engine.Options{optFog: true})
	if err != nil {
		t.Fatal(err)
	}
	if w := st0.Window(); w.ID != "T1 CP-SETUP" {
		t.Fatalf("window %s", w.ID)
	}
	os := []engine.Order{
		{Line: 1, Verb: "place", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-C1"}}}, {Keyword: "at", Words: []engine.Word{{Text: "0404"}}}}},
		{Line: 2, Verb: "place", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-C2"}}}, {Keyword: "at", Words: []engine.Word{{Text: "0404"}}}}},
		{Line: 3, Verb: "hide", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-C1"}, {Text: "DE-C2"}}}}},
		{Line: 4, Verb: "hide", Clauses: []engine.Clause{{Words: []engine.Word{{Text: "DE-OO"}}}}},
	}
	next, events, err := st0.Resolve(map[scenario.Side][]engine.Order{CP: os}, noDice{})
	if err != nil {
		t.Fatal(err)
	}
	st := next.(*State)
	rejected := 0
	for _, e := range events {
		if _, ok := e.(*engine.Rejected); ok {
			rejected++
		}
	}
	if rejected != 1 {
		t.Errorf("%d orders rejected, want 1 (DE-OO is an HQ, not on the map)", rejected)
	}
	if got := leaks(t, st, AL, events, []string{"DE-C1", "DE-C2"}); len(got) > 0 {
		t.Errorf("the Allies see %v", got)
	}
	if got := leaks(t, st, CP, events, []string{"DE-C1", "DE-C2"}); len(got) != 2 {
		t.Errorf("the Central Powers see only %v of their own units", got)
	}
	var faceDown, flags int
	for _, p := range st.View(AL).Board().Pieces {
		if p.ID == "face-down" {
			faceDown++
			if p.Hex.String() != "0404" {
				t.Errorf("a face-down counter in %s", p.Hex)
			}
			if p.Nation != "" {
				flags++
			}
		}
	}
	if faceDown != 2 || flags != 1 {
		t.Errorf("the Allies see %d face-down counters, %d with a flag; want 2 and the top one's", faceDown, flags)
	}
	// DE-8A is face-up: the Allies see it whole.
	if got := leaks(t, st, AL, nil, []string{"DE-8A"}); len(got) != 1 {
		t.Error("the Allies do not see the face-up 8th Army")
	}
	// Without the option nothing is hidden and hide is refused.
	plain, _ := newState(g, sc, nil)
	_, events, _ = plain.Resolve(map[scenario.Side][]engine.Order{CP: os[2:3]}, noDice{})
	if len(events) == 0 || !strings.Contains(events[0].String(), "Fog of War") {
		t.Errorf("hide without the option: %v", events)
	}
	// A battle turns the stacks face-up.
	st.reveal("battle", st.d.grid.Hex(4, 4))
	if got := leaks(t, st, AL, nil, []string{"DE-C1", "DE-C2"}); len(got) != 2 {
		t.Errorf("after the reveal the Allies see %v", got)
	}
}

// fogBattle is a Central Powers attack under [Opt: Fog of War] with both
// sides' stacks face-down: the attackers (DE-C1 and, not attacking, DE-C2
// in 0704), the defenders (RU-C1 in 0804), the HQ Ober Ost and the
// supply unit DE-S1 backing it from 0604, and the airbase DE-AIR,
// face-down in 0404 beside the face-down DE-C3. RU-C2 in 0905 and DE-C4 in 0303
// take no part.
func fogBattle(t *testing.T, attack string) (*State, []engine.Event) {
	t.Helper()
	st := loadState(t, map[string]string{
		"units.txt": `unit DE-AIR nation=DE type=airbase size=none name="KFO" sp=0 steps=1 str=0-1-2 support=3 radius=4 optional=yes generic=yes` + "\n",
		"scenario.txt": `setup DE-C1 0704
setup DE-C2 0704
setup DE-OO 0604
setup DE-S1 0604
setup DE-C3 0404
setup DE-AIR 0404
setup DE-C4 0303
setup RU-C1 0804
setup RU-C2 0905
`}, engine.Options{optFog: true, optAir: true})
	if err := st.SetWindow("T7 CP-COMBAT1"); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"DE-C1", "DE-C2", "DE-C3", "DE-C4", "DE-AIR", "RU-C1", "RU-C2"} {
		st.unit(id).Hidden = true
	}
	next, ev, err := st.Resolve(map[scenario.Side][]engine.Order{CP: orders("supply DE-S1", attack)}, &engine.Script{Rolls: []int{3}})
	if err != nil {
		t.Fatal(err)
	}
	if r := rejections(ev); len(r) > 0 {
		t.Fatalf("rejected: %v", r)
	}
	return next.(*State), ev
}

// [Opt: Fog of War] 1 (digest 7.2): at the start of a battle every stack
// in it is shown to both sides, attackers' and defenders', and so are the
// HQ, the airbase and the supply unit backing the attack, though not the
// stacks they stand in; nothing else is given away.
func TestFogOfWarBattleShowsStacksAndBacking(t *testing.T) {
	st, ev := fogBattle(t, "attack 0804 with DE-C1 hq DE-OO air DE-AIR supply DE-S1")
	shown := []string{"DE-C1", "DE-C2", "DE-OO", "DE-S1", "DE-AIR"}
	if got := leaks(t, st, AL, ev, shown); len(got) != len(shown) {
		t.Errorf("the Allies see only %v of the attack's stacks and backing %v", got, shown)
	}
	if got := leaks(t, st, AL, ev, []string{"DE-C3", "DE-C4"}); len(got) > 0 {
		t.Errorf("the Allies see %v, which took no part", got)
	}
	if got := leaks(t, st, CP, ev, []string{"RU-C1"}); len(got) != 1 {
		t.Error("the Central Powers do not see the defenders")
	}
	if got := leaks(t, st, CP, ev, []string{"RU-C2"}); len(got) > 0 {
		t.Errorf("the Central Powers see %v, which took no part", got)
	}
	var told bool
	for _, e := range ev {
		told = told || engine.Visible(e, AL) && strings.Contains(e.String(), "shown as backing the battle: DE-OO in 0604, DE-AIR in 0404, DE-S1 in 0604")
	}
	if !told {
		t.Errorf("the Allies are not told what backs the battle: %v", ev)
	}
}

// [Opt: Fog of War]: an attack's conditions (if pct>=N) are not judged
// against face-down defenders, for a skipped attack would tell their
// strength, and once the stacks are shown the attack cannot be called
// off: it is fought, here at 3 against 2, under a condition of 200%.
func TestFogOfWarConditionsNotJudgedBlind(t *testing.T) {
	st, ev := fogBattle(t, "attack 0804 with DE-C1 if pct>=200")
	fought := false
	for _, e := range ev {
		fought = fought || strings.Contains(e.String(), "3 against 2 = 150% (150-199%), die 3")
		if strings.Contains(e.String(), "skipped") {
			t.Errorf("told %q", e)
		}
	}
	if !fought {
		t.Fatalf("the attack was not fought: %v", ev)
	}
	if got := leaks(t, st, CP, ev, []string{"RU-C1"}); len(got) != 1 {
		t.Error("the defenders are not shown")
	}
}

// 13.0, 13.4, [Opt: Fog of War]: a face-down stack exerts its ZOC as any
// other (the option hides who a unit is, not its zone), and the side knows
// where face-down counters stand: its plan, its preview and its
// acknowledgement reckon the ZOC from what it sees (every counter that
// may be face-down exerts one), resolution from the truth, and they agree
// that a move through a face-down corps' zone is refused (13.4), which
// the report tells; none of them names the hidden unit.
func TestFogOfWarHiddenZOC(t *testing.T) {
	st := testState(t, "setup DE-C1 0704\nsetup RU-C1 0806\nsetup RU-C2 1002\n", "T2 CP-MOVE", engine.Options{optFog: true})
	st.unit("RU-C1").Hidden = true
	if truth, seen := st.ezoc(CP), st.seenZOC(CP); !maps.Equal(truth, seen) || !seen[st.d.grid.Hex(5, 7)] {
		t.Errorf("the ZOC the CP see %v is not the true one %v, or misses 0705", seen, truth)
	}
	if !st.View(CP).(*View).Plan.EZOC[st.d.grid.Hex(5, 7)] {
		t.Error("the CP's plan does not put 0705 in the enemy's ZOC")
	}
	os := orders("move DE-C1 via 0705 0805")
	secret := []string{"RU-C1"}
	var told []string
	for _, p := range st.Validate(CP, os) {
		told = append(told, p.String())
	}
	for _, r := range st.Preview(CP, os) {
		told = append(told, r.String())
	}
	joined := strings.Join(told, "\n")
	if strings.Contains(joined, "RU-C1") || !strings.Contains(joined, "zone of control") {
		t.Errorf("the acknowledgement and preview tell: %s", joined)
	}
	next, ev, err := st.Resolve(map[scenario.Side][]engine.Order{CP: os}, &engine.Script{})
	if err != nil {
		t.Fatal(err)
	}
	after := next.(*State)
	if h := after.unit("DE-C1").Hex; h.String() != "0704" {
		t.Errorf("DE-C1 moved to %s through the hidden corps' ZOC", h)
	}
	var report string
	for _, e := range ev {
		if engine.Visible(e, CP) {
			report += e.String() + "\n"
		}
	}
	if !strings.Contains(report, "enemy zone of control in 0705 [13.4]") {
		t.Errorf("the report does not tell the move was stopped: %s", report)
	}
	if got := leaks(t, after, CP, ev, secret); len(got) > 0 {
		t.Errorf("the CP learn %v", got)
	}
}
