package play

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"time"

	"pbem/engine"
	"pbem/engine/scenario"
)

// Tally is how a run of self-played games went, game by game and in all.
type Tally struct {
	Games      []*Summary
	Levels     map[string]int // games ending at each victory level
	Attacks    []int          // battles fought, per game
	Rejections []int          // orders the referee rejected, per game
	Losses     map[string]int // units eliminated, by the cause the referee gave
	Ends       []int          // the game-turn each game ended on
	Sudden     int            // games ended before the scenario's last turn
	// Odds counts each side's fights by odds band, Results by result.
	Odds, Results map[engine.Side]map[string]int
	Windows       int
	Think         time.Duration
	Slowest       time.Duration
}

// eliminated reads the cause of an elimination from an event's text:
// "RU-C01 is eliminated (Defender Defeated): to the dead pile".
var eliminated = regexp.MustCompile(`^\S+ is eliminated \(([^),;:]+)`)

// Games plays scenario s of game g n times robot against robot, with the
// seeds first, first+1, ..., and tallies the results. It stops at the
// first game that fails.
func Games(g *scenario.Game, s *scenario.Scenario, first, n, turns int) (*Tally, error) {
	t := &Tally{Levels: map[string]int{}, Losses: map[string]int{},
		Odds: map[engine.Side]map[string]int{}, Results: map[engine.Side]map[string]int{}}
	for i := 0; i < n; i++ {
		seed := fmt.Sprint(first + i)
		sum, err := Selfplay(g, s, seed, turns, nil)
		if err != nil {
			return t, fmt.Errorf("seed %s: %w", seed, err)
		}
		t.Games = append(t.Games, sum)
		t.Levels[winner(sum)+sum.Level]++
		t.Rejections = append(t.Rejections, sum.Rejections)
		t.Windows += sum.Windows
		t.Think += sum.Think
		t.Slowest = max(t.Slowest, sum.Slowest)
		t.Attacks = append(t.Attacks, sum.Battles)
		t.Ends = append(t.Ends, sum.LastTurn)
		if sum.Ended {
			t.Sudden++
		}
		for _, f := range sum.Fights {
			if t.Odds[f.Side] == nil {
				t.Odds[f.Side], t.Results[f.Side] = map[string]int{}, map[string]int{}
			}
			t.Odds[f.Side][f.Band]++
			t.Results[f.Side][f.Result]++
		}
		for _, e := range sum.Events {
			if m := eliminated.FindStringSubmatch(e); m != nil {
				t.Losses[m[1]]++
			}
		}
	}
	return t, nil
}

// Print writes the distribution of the results.
func (t *Tally) Print(out io.Writer) {
	for i, sum := range t.Games {
		fmt.Fprintf(out, "game %d: %s, %s; %d turns, %d battles, %d rejected orders\n",
			i+1, points(engine.Score{Points: sum.Scores, Net: len(sum.Scores) == 1}), sum.Level, sum.Turns, sum.Battles, sum.Rejections)
	}
	fmt.Fprintf(out, "levels: %s\n", counts(t.Levels))
	for _, side := range sidesOf(t.Games) {
		var vp []int
		for _, sum := range t.Games {
			for _, p := range sum.Scores {
				if p.Side == side {
					vp = append(vp, p.VP)
				}
			}
		}
		fmt.Fprintf(out, "final VP %s: %s\n", side, spread(vp))
	}
	fmt.Fprintf(out, "game-turn ended on: %s; %d of %d ended early (sudden death)\n", spread(t.Ends), t.Sudden, len(t.Games))
	fmt.Fprintf(out, "battles per game: %s\n", spread(t.Attacks))
	for _, side := range sortedSides(t.Odds) {
		fmt.Fprintf(out, "%s attacks by odds: %s\n", side, counts(t.Odds[side]))
		fmt.Fprintf(out, "%s attacks by result: %s\n", side, counts(t.Results[side]))
	}
	fmt.Fprintf(out, "rejected orders per game: %s\n", spread(t.Rejections))
	fmt.Fprintf(out, "units eliminated, by cause: %s\n", counts(t.Losses))
	if t.Windows > 0 {
		fmt.Fprintf(out, "robot time: %v a window on average, %v at most\n", (t.Think / time.Duration(t.Windows)).Round(time.Microsecond), t.Slowest.Round(time.Millisecond))
	}
}

// winner names the side ahead, "CP ", when a game has a total per side
// and is not drawn.
func winner(sum *Summary) string {
	if len(sum.Scores) < 2 || strings.EqualFold(sum.Level, "Draw") || sum.Level == "" {
		return ""
	}
	best := sum.Scores[0]
	for _, p := range sum.Scores[1:] {
		if p.VP > best.VP {
			best = p
		}
	}
	return string(best.Side) + " "
}

func sortedSides(m map[engine.Side]map[string]int) []engine.Side {
	out := make([]engine.Side, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func sidesOf(games []*Summary) []engine.Side {
	if len(games) == 0 {
		return nil
	}
	var out []engine.Side
	for _, p := range games[0].Scores {
		out = append(out, p.Side)
	}
	return out
}

// spread is "min 0, median 3, mean 3.4, max 9".
func spread(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	total := 0
	for _, x := range s {
		total += x
	}
	return fmt.Sprintf("min %d, median %d, mean %.1f, max %d", s[0], s[len(s)/2], float64(total)/float64(len(s)), s[len(s)-1])
}

// counts is "Draw 3, Marginal Victory 2", most first.
func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
