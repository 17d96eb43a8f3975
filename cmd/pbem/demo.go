package main

import (
	"context"
	"flag"
	"fmt"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/pbem/demo"
	"pbem/scenarios"
)

// demoSides are the sides of the scenario a demo plays, or why it cannot.
func demoSides(name string) ([]engine.Side, error) {
	cat, err := scenarios.Embedded()
	if cat == nil {
		return nil, err
	}
	g, _, err := cat.Find(name)
	if err != nil {
		return nil, err
	}
	if !rulesets.HasRobot(g.System) {
		return nil, fmt.Errorf("the rules system %s has no computer player", g.System)
	}
	if len(g.Sides) != 2 {
		return nil, fmt.Errorf("the demo plays games of two sides; %s has %d", g.ID, len(g.Sides))
	}
	return g.Sides, nil
}

var demoCmd = &command{
	name:    "demo",
	usage:   "[-scenario NAME] [-turns N] [-o DIR] [-fog MODE] [-listen [-hand SIDE]] [-imap ADDR] [-smtp ADDR]",
	summary: "play a game over mail servers inside this process, and audit it",
	help: `Starts an IMAP and an SMTP server in this process, creates a game of
tannenberg-1914 (or of the -scenario named) between two robot players
and a moderator, each with a
mailbox and an OpenPGP key, and runs the real daemon against them: the
robots read their reports over IMAP, sign and mail their orders, and the
referee answers and resolves each window. It plays N game-turns (default
2: movement, combat, hidden German moves and a reveal), printing a line per
window and per combat, writes every mail, report and map under DIR (default
demo-out) and the players' keys under DIR/keys, exports the game and audits
the archive.

DIR/README.txt says what each file is and which to open first. -fog plays
the game under another fog of war, as pbem game new -fog does.

With -listen the mail servers and the referee keep running after the
robots' N turns (N may be 0) until interrupted, and the side named by -hand
(default the game's first side: RU in Tannenberg) is yours: point a mail client at the servers, log in as that
side's player, sign your orders with the key in DIR/keys and mail them to
the referee, while the other robot plays on. At the interruption everything
is written out and audited again. Meanwhile the moderators' commands work
on the game through the configuration the demo writes, DIR/pbem.toml:
pbem game show -c DIR/pbem.toml demo, and with -as Mo (the demo's
moderator) pbem game pause, resume, extend and process-now.`,
	flags: func(fs *flag.FlagSet, o *options) {
		fs.IntVar(&o.turns, "turns", 2, "game-turns to play")
		fs.StringVar(&o.out, "o", "demo-out", "write everything under `DIR` (an earlier demo's files there are replaced)")
		fs.BoolVar(&o.listen, "listen", false, "keep the mail servers and the referee running after the robots' turns, until interrupted")
		fs.StringVar(&o.hand, "hand", "", "with -listen, the `SIDE` you play by hand (default the game's first side)")
		fs.StringVar(&o.scenario, "scenario", "tannenberg-1914", "the scenario to play (see 'pbem scenario list'; it needs a computer player)")
		fs.StringVar(&o.imap, "imap", "127.0.0.1:0", "the IMAP server's `address`")
		fs.StringVar(&o.smtp, "smtp", "127.0.0.1:0", "the SMTP server's `address`")
		fogFlag(fs, o)
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
		}
		o.hand = strings.ToUpper(o.hand)
		var problems []string
		switch {
		case o.turns < 0:
			problems = append(problems, fmt.Sprintf("-turns %d: give the number of game-turns to play, 0 or more", o.turns))
		case o.turns == 0 && !o.listen:
			problems = append(problems, "-turns 0 plays nothing: give 1 or more, or -listen to play by hand")
		}
		if sides, err := demoSides(o.scenario); err != nil {
			problems = append(problems, fmt.Sprintf("-scenario %s: %v", o.scenario, err))
		} else if o.hand != "" && !slices.Contains(sides, engine.Side(o.hand)) {
			problems = append(problems, fmt.Sprintf("-hand %s: the sides are %s and %s", o.hand, sides[0], sides[1]))
		}
		fog, problem := fogOption(o.fog)
		if problem != "" {
			problems = append(problems, problem)
		}
		if flagProblems(e, "demo", problems) {
			return 2
		}
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		defer stop()
		opt := demo.Options{Turns: o.turns, Out: o.out, IMAP: o.imap, SMTP: o.smtp, Listen: o.listen, Hand: engine.Side(o.hand), Log: e.stdout,
			Scenario: o.scenario}
		if fog != "" {
			opt.GameOptions = []string{fog}
		}
		_, err := demo.Run(ctx, opt)
		if err != nil {
			fmt.Fprintln(e.stderr, "pbem demo:", err)
			return 1
		}
		return 0
	},
}
