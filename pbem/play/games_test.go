package play

import (
	"bytes"
	"strings"
	"testing"

	"pbem/engine"
)

// A paired run plays each seed once per side, the robot on that side and
// the named computer player on the other, and says how the robot fared
// on each side and in all; the counted events and the census are tallied
// per side.
func TestGamesPaired(t *testing.T) {
	g, s := campaign(t)
	tally, err := Games(g, s, 7, 1, 2, "baseline")
	if err != nil {
		t.Fatal(err)
	}
	if len(tally.Games) != 2 {
		t.Fatalf("%d games for one seed paired, want 2", len(tally.Games))
	}
	for i, side := range []engine.Side{"RU", "DE"} {
		sum := tally.Games[i]
		for _, other := range sum.Sides {
			want := "baseline"
			if other == side {
				want = ""
			}
			if sum.Robots[other] != want {
				t.Errorf("game %d: %s played by %q, want %q", i+1, other, sum.Robots[other], want)
			}
		}
		if sum.Turns != 2 || len(sum.Census["RU"]) != 3 || sum.Census["RU"][0].N == 0 {
			t.Errorf("game %d: %d turns, RU census %v", i+1, sum.Turns, sum.Census["RU"])
		}
	}
	var out bytes.Buffer
	tally.Print(&out)
	for _, want := range []string{"game 1: RU robot, DE baseline: ", "game 2: RU baseline, DE robot: ",
		"the robot as RU against baseline: ", "the robot as DE against baseline: ", "the robot against baseline: ",
		"RU units at the end of a game-turn, on average: on the map ", "attacks by DE per game: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the tally does not say %q:\n%s", want, out.String())
		}
	}
	if _, err := Games(g, s, 1, 1, 1, "nobody"); err == nil || !strings.Contains(err.Error(), `no computer player "nobody" (have: baseline)`) {
		t.Errorf("an unknown robot: %v", err)
	}
}

// The side a level favours: the one it names by id or name, else the
// side ahead on points; none for a draw.
func TestWinner(t *testing.T) {
	b := &engine.Board{Sides: []engine.Side{"RU", "DE"}, Names: map[engine.Side]string{"RU": "Russian", "DE": "German"}}
	kw := &engine.Board{Sides: []engine.Side{"CP", "AL"}, Names: map[engine.Side]string{"CP": "Central Powers", "AL": "Allies"}}
	for _, c := range []struct {
		level  string
		scores []engine.Points
		board  *engine.Board
		want   engine.Side
		out    string
	}{
		{"German Strategic", []engine.Points{{Side: "RU", VP: -40}}, b, "DE", "German Strategic"},
		{"Russian Marginal", []engine.Points{{Side: "RU", VP: 40}}, b, "RU", "Russian Marginal"},
		{"Imperial Victory", []engine.Points{{Side: "CP", VP: 80}, {Side: "AL", VP: 3}}, kw, "CP", "CP Imperial Victory"},
		{"Imperial Victory", []engine.Points{{Side: "CP", VP: 3}, {Side: "AL", VP: 80}}, kw, "AL", "AL Imperial Victory"},
		{"Draw", []engine.Points{{Side: "CP", VP: 40}, {Side: "AL", VP: 41}}, kw, "", "Draw"},
		{"", []engine.Points{{Side: "RU", VP: 0}}, b, "", ""},
	} {
		sum := &Summary{Level: c.level, Scores: c.scores}
		sum.Winner = winner(sum, c.board)
		if sum.Winner != c.want || outcome(sum, c.board) != c.out {
			t.Errorf("%q %v: winner %q, outcome %q; want %q, %q", c.level, c.scores, sum.Winner, outcome(sum, c.board), c.want, c.out)
		}
	}
}
