// Package play runs games window by window: robot against robot for
// `pbem selfplay` and the whole-game tests, with every invariant checked
// after every window.
package play

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
	"pbem/orders"
	"pbem/pbem/dice"
)

// Summary is how a self-played game went.
type Summary struct {
	Windows    int
	Turns      int
	VP         int             // the net total, for a game that keeps one
	Scores     []engine.Points // each side's total, for a game that keeps one per side
	Level      string
	Winner     engine.Side // the side the level favours; "" for a draw
	Outcome    string      // the level with the side it favours: "CP Imperial", "German Strategic"
	Sides      []engine.Side
	Rejections int
	Battles    int // fights a map marks (engine.Fighter)
	// Fights are those fights one by one: the side whose window it was,
	// the odds band the event's text gives ("150-199%", "" if none) and
	// the result.
	Fights []Fight
	// LastTurn is the game-turn the game ended on; Ended whether it
	// ended before the scenario's last turn (sudden death).
	LastTurn int
	Ended    bool
	Rolls    int
	Events   []string // every event, in order, for comparing runs
	// Robots names the computer player of each side ("" the system's own).
	Robots map[engine.Side]string
	// Counts are the counted events (engine.Counted) per side: attacks,
	// eliminations by cause.
	Counts map[engine.Side]map[string]int
	// Census sums each side's census (engine.Censor) over the ends of
	// the game-turns played, Turns of them.
	Census map[engine.Side][]engine.Tally
	// Think is the robots' time over the game and Slowest the longest
	// any took for one window's orders: clock readings, never compared
	// between runs.
	Think, Slowest time.Duration
}

// Match is how a self-played game is set up.
type Match struct {
	Seed  string // the dice seed
	Turns int    // the game-turns to play; 0: the whole scenario
	// Robots names the computer player of a side (rulesets.Robots); a
	// side not named gets the system's own.
	Robots map[engine.Side]string
}

// Selfplay plays scenario s of game g with the robot on both sides, with
// dice from seed, for at most turns game-turns (0: the whole scenario). It
// writes a line per game-turn to out (nil for none) and returns an error
// if a window fails to resolve or breaks an invariant.
func Selfplay(g *scenario.Game, s *scenario.Scenario, seed string, turns int, out io.Writer) (*Summary, error) {
	return Play(g, s, Match{Seed: seed, Turns: turns}, out)
}

// Play is Selfplay with the match set up as m says.
func Play(g *scenario.Game, s *scenario.Scenario, m Match, out io.Writer) (*Summary, error) {
	seed, turns := m.Seed, m.Turns
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		return nil, err
	}
	rs, err := rulesets.Lookup(g.System)
	if err != nil {
		return nil, err
	}
	verbs := rs.Verbs()
	sum := &Summary{Robots: m.Robots, Counts: map[engine.Side]map[string]int{}, Census: map[engine.Side][]engine.Tally{}}
	turnEvents := 0
	first := st.Window().Turn
	for {
		w := st.Window()
		if w.Done || (turns > 0 && w.Turn >= first+turns) {
			break
		}
		byside := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			t0 := time.Now()
			text, err := rulesets.RobotNamed(st, side, m.Robots[side])
			took := time.Since(t0)
			sum.Think += took
			sum.Slowest = max(sum.Slowest, took)
			if err != nil {
				return sum, fmt.Errorf("%s: %w", w.ID, err)
			}
			f, err := orders.ParseWith(fmt.Sprintf("%s %s", w.ID, side), []byte(text), verbs, g.Map.Grid.Codec)
			if err != nil {
				return sum, fmt.Errorf("%s: the robot's %s orders do not parse: %v\n%s", w.ID, side, err, text)
			}
			byside[side] = f.Orders
		}
		d := dice.New([]byte(seed), w.ID)
		next, events, err := st.Resolve(byside, d)
		sum.Windows++
		sum.Rolls += int(d.Rolls())
		for _, e := range events {
			sum.Events = append(sum.Events, e.String())
			if _, ok := e.(*engine.Rejected); ok {
				sum.Rejections++
			}
			sum.count(e)
			if f, ok := e.(engine.Fighter); ok {
				if c, ok := f.Clash(); ok {
					sum.Battles++
					sum.Fights = append(sum.Fights, fightOf(w.Phasing, e.String(), c.Result))
				}
			}
		}
		turnEvents += len(events)
		if err != nil {
			return sum, fmt.Errorf("%s: %w", w.ID, err)
		}
		if nw := next.Window(); nw.Turn != w.Turn || nw.Done {
			sum.Turns++
			sum.LastTurn = w.Turn
			sum.Ended = nw.Done && w.Turn < s.Last
			sum.census(next, g.Sides)
			if out != nil {
				fmt.Fprintf(out, "GT%d: %d events; %s\n", w.Turn, turnEvents, standing(next))
			}
			turnEvents = 0
		}
		st = next
	}
	final := st.View(engine.Moderator).Board()
	sc := final.Score
	sum.Level = sc.Level
	if sc.Net && len(sc.Points) == 1 {
		sum.VP = sc.Points[0].VP
	}
	sum.Scores = sc.Points
	sum.Winner = winner(sum, final)
	sum.Sides = final.Sides
	sum.Outcome = outcome(sum, final)
	if out != nil {
		fmt.Fprintf(out, "final: %s, %s; %d windows, %d dice, %d rejected orders\n", points(sc), sum.Level, sum.Windows, sum.Rolls, sum.Rejections)
	}
	return sum, nil
}

// count adds e to the counts when it is a counted event.
func (sum *Summary) count(e engine.Event) {
	c, ok := engine.Unwrap(e).(engine.Counted)
	if !ok {
		return
	}
	what, side := c.Count()
	if what == "" {
		return
	}
	if sum.Counts[side] == nil {
		sum.Counts[side] = map[string]int{}
	}
	sum.Counts[side][what]++
}

// census adds each side's census of st to the sums.
func (sum *Summary) census(st engine.State, sides []engine.Side) {
	for _, side := range sides {
		tallies, ok := rulesets.Census(st, side)
		if !ok {
			return
		}
		sum.Census[side] = addTallies(sum.Census[side], tallies)
	}
}

// addTallies adds the counts of more to sums, kind by kind, in the fixed
// order a Census gives them.
func addTallies(sums, more []engine.Tally) []engine.Tally {
	for i, t := range more {
		if i < len(sums) && sums[i].What == t.What {
			sums[i].N += t.N
		} else {
			sums = append(sums, t)
		}
	}
	return sums
}

// standing summarises the units each side has on the map.
func standing(st engine.State) string {
	b := st.View(engine.Moderator).Board()
	count := map[engine.Side][2]int{}
	for _, p := range b.Pieces {
		if p.OnMap && !p.Marker && p.Type != scenario.HQ {
			c := count[p.Side]
			c[0]++
			c[1] += p.Steps
			count[p.Side] = c
		}
	}
	var parts []string
	for _, s := range b.Sides {
		parts = append(parts, fmt.Sprintf("%s %d units %d steps", s, count[s][0], count[s][1]))
	}
	return strings.Join(parts, ", ") + "; " + points(b.Score)
}

// points is the score as a line says it: one net total ("VP +12") or a
// total per side ("CP 65 VP, AL 80 VP").
func points(sc engine.Score) string {
	if sc.Net && len(sc.Points) == 1 {
		return fmt.Sprintf("VP %+d", sc.Points[0].VP)
	}
	var parts []string
	for _, p := range sc.Points {
		parts = append(parts, fmt.Sprintf("%s %d VP", p.Side, p.VP))
	}
	return strings.Join(parts, ", ")
}

// Fight is one fight of a game: the side whose window it was, the odds
// band and the result.
type Fight struct {
	Side   engine.Side
	Band   string
	Result string
}

// band reads an odds band from a fight's text: "(150-199%)", "(≥600%)".
var band = regexp.MustCompile(`\(([^()]*%)\)`)

func fightOf(side engine.Side, text, result string) Fight {
	f := Fight{Side: side, Result: result}
	if m := band.FindStringSubmatch(text); m != nil {
		f.Band = m[1]
	}
	return f
}
