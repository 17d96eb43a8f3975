package main

import (
	"context"
	"flag"
	"fmt"
	"os/signal"
	"syscall"

	"pbem/pbem/demo"
)

var demoCmd = &command{
	name:    "demo",
	usage:   "[-turns N] [-o DIR] [-listen] [-imap ADDR] [-smtp ADDR]",
	summary: "play a game over mail servers inside this process, and audit it",
	help: `Starts an IMAP and an SMTP server in this process, creates a game of
tannenberg-1914 between two robot players and a moderator, each with a
mailbox and a key, and runs the real daemon against them: the robots read
their reports, sign and mail their orders, and the referee answers and
resolves each window. It plays N game-turns (default 2: movement, combat,
hidden German moves and a reveal), printing a line per window and per
combat, writes every mail, report and map under DIR (default demo-out),
exports the game and audits the archive. With -listen the mail servers stay
up until interrupted, so that a mail client can look at the mailboxes.`,
	flags: func(fs *flag.FlagSet, o *options) {
		fs.IntVar(&o.turns, "turns", 2, "game-turns to play")
		fs.StringVar(&o.out, "o", "demo-out", "write everything under `DIR`")
		fs.BoolVar(&o.listen, "listen", false, "keep the mail servers up after the game, until interrupted")
		fs.StringVar(&o.imap, "imap", "127.0.0.1:0", "the IMAP server's `address`")
		fs.StringVar(&o.smtp, "smtp", "127.0.0.1:0", "the SMTP server's `address`")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 || o.turns < 1 {
			fmt.Fprintln(e.stderr, "usage: pbem demo [-turns N] [-o DIR] [-listen] [-imap ADDR] [-smtp ADDR]")
			return 2
		}
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		defer stop()
		res, err := demo.Run(ctx, demo.Options{Turns: o.turns, Out: o.out, IMAP: o.imap, SMTP: o.smtp, Listen: o.listen, Log: e.stdout})
		if err != nil {
			fmt.Fprintln(e.stderr, "pbem demo:", err)
			return 1
		}
		if res.Verdict != "ok" {
			return 1
		}
		return 0
	},
}
