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
	// Pair is the other computer player each game's robot played against
	// (Games' pair), "" when the system's own robot played both sides.
	Pair string
}

// eliminated reads the cause of an elimination from an event's text, for
// a ruleset whose eliminations are not engine.Counted:
// "RU-C01 is eliminated (Defender Defeated): to the dead pile".
var eliminated = regexp.MustCompile(`^\S+ is eliminated \(([^),;:]+)`)

// Games plays scenario s of game g n times robot against robot, with the
// seeds first, first+1, ..., and tallies the results. With pair naming
// another computer player (rulesets.Robots), each seed is played once
// per side, the system's robot on that side and pair on the others. It
// stops at the first game that fails.
func Games(g *scenario.Game, s *scenario.Scenario, first, n, turns int, pair string) (*Tally, error) {
	t := &Tally{Levels: map[string]int{}, Losses: map[string]int{}, Pair: pair,
		Odds: map[engine.Side]map[string]int{}, Results: map[engine.Side]map[string]int{}}
	for i := 0; i < n; i++ {
		seed := fmt.Sprint(first + i)
		matches := []Match{{Seed: seed, Turns: turns}}
		if pair != "" {
			matches = nil
			for _, side := range g.Sides {
				m := Match{Seed: seed, Turns: turns, Robots: map[engine.Side]string{}}
				for _, other := range g.Sides {
					if other != side {
						m.Robots[other] = pair
					}
				}
				matches = append(matches, m)
			}
		}
		for _, m := range matches {
			sum, err := Play(g, s, m, nil)
			if err != nil {
				return t, fmt.Errorf("seed %s: %w", seed, err)
			}
			t.add(sum)
		}
	}
	return t, nil
}

func (t *Tally) add(sum *Summary) {
	t.Games = append(t.Games, sum)
	t.Levels[sum.Outcome]++
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
	if len(sum.Counts) > 0 {
		for side, counts := range sum.Counts {
			for what, n := range counts {
				if strings.HasPrefix(what, "eliminated (") {
					t.Losses[string(side)+" "+strings.TrimSuffix(strings.TrimPrefix(what, "eliminated ("), ")")] += n
				}
			}
		}
		return
	}
	for _, e := range sum.Events {
		if m := eliminated.FindStringSubmatch(e); m != nil {
			t.Losses[m[1]]++
		}
	}
}

// Print writes the distribution of the results.
func (t *Tally) Print(out io.Writer) {
	for i, sum := range t.Games {
		fmt.Fprintf(out, "game %d: %s%s, %s; %d turns, %d battles, %d rejected orders\n",
			i+1, robotsOf(sum), points(engine.Score{Points: sum.Scores, Net: len(sum.Scores) == 1}), sum.Level, sum.Turns, sum.Battles, sum.Rejections)
	}
	fmt.Fprintf(out, "levels: %s\n", counts(t.Levels))
	sides := sidesOf(t.Games)
	for _, side := range sides {
		var vp []int
		for _, sum := range t.Games {
			for _, p := range sum.Scores {
				if p.Side == side {
					vp = append(vp, p.VP)
				}
			}
		}
		if len(vp) > 0 {
			fmt.Fprintf(out, "final VP %s: %s\n", side, spread(vp))
		}
	}
	fmt.Fprintf(out, "game-turn ended on: %s; %d of %d ended early (sudden death)\n", spread(t.Ends), t.Sudden, len(t.Games))
	fmt.Fprintf(out, "battles per game: %s\n", spread(t.Attacks))
	for _, side := range sides {
		if t.Odds[side] != nil {
			if _, none := t.Odds[side][""]; !none || len(t.Odds[side]) > 1 {
				fmt.Fprintf(out, "%s attacks by odds: %s\n", side, counts(t.Odds[side]))
			}
			fmt.Fprintf(out, "%s attacks by result: %s\n", side, counts(t.Results[side]))
		}
	}
	for _, side := range sides {
		if attacks, ok := t.perGame(side, "attack"); ok {
			fmt.Fprintf(out, "attacks by %s per game: %s\n", side, spread(attacks))
		}
	}
	fmt.Fprintf(out, "rejected orders per game: %s\n", spread(t.Rejections))
	fmt.Fprintf(out, "units eliminated, by cause: %s\n", counts(t.Losses))
	for _, side := range sides {
		if line := t.census(side); line != "" {
			fmt.Fprintf(out, "%s units at the end of a game-turn, on average: %s\n", side, line)
		}
	}
	if t.Pair != "" {
		t.printPair(out, sides)
	}
	if t.Windows > 0 {
		fmt.Fprintf(out, "robot time: %v a window on average, %v at most\n", (t.Think / time.Duration(t.Windows)).Round(time.Microsecond), t.Slowest.Round(time.Millisecond))
	}
}

// robotsOf is "RU robot, DE baseline: " for a game with a named robot.
func robotsOf(sum *Summary) string {
	if len(sum.Robots) == 0 {
		return ""
	}
	var parts []string
	for _, side := range sum.Sides {
		name := sum.Robots[side]
		if name == "" {
			name = "robot"
		}
		parts = append(parts, string(side)+" "+name)
	}
	return strings.Join(parts, ", ") + ": "
}

// perGame is how many events of a kind each game counted for side; ok is
// false when no game counts them.
func (t *Tally) perGame(side engine.Side, what string) ([]int, bool) {
	var out []int
	ok := false
	for _, sum := range t.Games {
		ok = ok || len(sum.Counts) > 0
		out = append(out, sum.Counts[side][what])
	}
	return out, ok
}

// census is side's census averaged over every game-turn of every game:
// "on the map 23.1, out of supply 1.2".
func (t *Tally) census(side engine.Side) string {
	var sums []engine.Tally
	turns := 0
	for _, sum := range t.Games {
		if len(sum.Census[side]) == 0 {
			continue
		}
		turns += sum.Turns
		sums = addTallies(sums, sum.Census[side])
	}
	if turns == 0 {
		return ""
	}
	var parts []string
	for _, c := range sums {
		parts = append(parts, fmt.Sprintf("%s %.1f", c.What, float64(c.N)/float64(turns)))
	}
	return strings.Join(parts, ", ")
}

// printPair writes how the system's robot fared against the paired one,
// as each side and in all.
func (t *Tally) printPair(out io.Writer, sides []engine.Side) {
	var won, drawn, played int
	for _, side := range sides {
		var w, d, n int
		for _, sum := range t.Games {
			if sum.Robots[side] != "" {
				continue
			}
			n++
			switch sum.Winner {
			case side:
				w++
			case "":
				d++
			}
		}
		fmt.Fprintf(out, "the robot as %s against %s: won %d, drawn %d, lost %d of %d\n", side, t.Pair, w, d, n-w-d, n)
		won, drawn, played = won+w, drawn+d, played+n
	}
	if played > 0 {
		fmt.Fprintf(out, "the robot against %s: won %d of %d games (%.0f %%), drawn %d\n", t.Pair, won, played, 100*float64(won)/float64(played), drawn)
	}
}

// winner is the side a game's level of victory favours: the side whose
// id or name it begins with ("CP Imperial", "German Strategic"), else,
// for a game with a total per side, the side ahead. A draw, or a game
// without a level, has none.
func winner(sum *Summary, b *engine.Board) engine.Side {
	if sum.Level == "" || strings.Contains(strings.ToLower(sum.Level), "draw") {
		return ""
	}
	for _, side := range b.Sides {
		name := b.Names[side]
		if strings.HasPrefix(sum.Level, string(side)+" ") || (name != "" && strings.HasPrefix(sum.Level, name+" ")) {
			return side
		}
	}
	if len(sum.Scores) < 2 {
		return ""
	}
	best := sum.Scores[0]
	for _, p := range sum.Scores[1:] {
		if p.VP > best.VP {
			best = p
		}
	}
	return best.Side
}

// outcome is the level of victory with the side it favours in front,
// unless the level names it already.
func outcome(sum *Summary, b *engine.Board) string {
	if sum.Winner == "" || strings.HasPrefix(sum.Level, string(sum.Winner)+" ") ||
		(b.Names[sum.Winner] != "" && strings.HasPrefix(sum.Level, b.Names[sum.Winner]+" ")) {
		return sum.Level
	}
	return string(sum.Winner) + " " + sum.Level
}

func sidesOf(games []*Summary) []engine.Side {
	if len(games) == 0 {
		return nil
	}
	return games[0].Sides
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
