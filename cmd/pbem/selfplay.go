package main

import (
	"flag"
	"fmt"
	"strconv"

	"pbem/pbem/play"
)

var selfplayCmd = &command{
	name:    "selfplay",
	usage:   "-scenario NAME [-seed S] [-turns K] [-games N [-pair ROBOT]]",
	summary: "play a scenario robot against robot and print each game-turn",
	help: `Plays a scenario with the robot player on both sides, through the real order
windows: each robot reads only its own side's view, writes an order file in
the order language, and the referee resolves it with dice drawn from the
seed. Prints a line per game-turn and the final VP and victory level. Exits
1 if a window fails or an invariant breaks. The same seed gives the same game.
With -games N it plays N games with the seeds S, S+1, ... (S a number) and
prints the distribution of the results: victory levels, final VP, battles
and rejected orders per game, attacks per side, units eliminated by side and
cause, each side's units out of supply or command at the end of a game-turn
on average, the robots' time. With -pair ROBOT (another computer player the
system keeps, such as gwite's "baseline") each seed is played once per side,
the robot on that side against ROBOT on the other, and the robot's wins are
counted.`,
	flags: func(fs *flag.FlagSet, o *options) {
		dirFlag(fs, o)
		fs.StringVar(&o.scenario, "scenario", "", "the scenario to play (see 'pbem scenario list')")
		fs.StringVar(&o.seed, "seed", "1", "the dice `SEED`")
		fs.IntVar(&o.turns, "turns", 0, "stop after `K` game-turns (0: the whole scenario)")
		fs.IntVar(&o.games, "games", 0, "play `N` games, seeds S to S+N-1, and print the distribution of results")
		fs.StringVar(&o.pair, "pair", "", "with -games, play the robot against the computer player `ROBOT` on each side")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 || o.scenario == "" {
			return usageError
		}
		if o.turns < 0 && flagProblems(e, "selfplay", []string{fmt.Sprintf("-turns %d: give the game-turns to play, or 0 for the whole scenario", o.turns)}) {
			return 2
		}
		_, g, s, ok := findScenario(e, o, o.scenario, false)
		if !ok {
			return 1
		}
		if o.pair != "" && o.games == 0 && flagProblems(e, "selfplay", []string{"-pair is for a run of games: give -games N too"}) {
			return 2
		}
		if o.games > 0 {
			first, err := strconv.Atoi(o.seed)
			if err != nil {
				flagProblems(e, "selfplay", []string{fmt.Sprintf("-seed %s: with -games the seed is a number, the first of the run", o.seed)})
				return 2
			}
			t, err := play.Games(g, s, first, o.games, o.turns, o.pair)
			t.Print(e.stdout)
			if err != nil {
				fmt.Fprintln(e.stderr, "pbem selfplay:", err)
				return 1
			}
			return 0
		}
		if _, err := play.Selfplay(g, s, o.seed, o.turns, e.stdout); err != nil {
			fmt.Fprintln(e.stderr, "pbem selfplay:", err)
			return 1
		}
		return 0
	},
}
