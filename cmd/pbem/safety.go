package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"pbem/pbem/daemon"
	"pbem/pbem/store"
)

var gameArchive = &command{
	name: "game archive", usage: "[-c pbem.toml] [-force] [-as MODERATOR] -o FILE GAME",
	summary: "write a finished game's audited archive and remove it from the database",
	help: `Writes game GAME's full archive to FILE (the format of pbem export,
docs/archive.md), audits the file as written, and only then removes the
game and the mail it sent from the database. A record stays: pbem game
list -archived shows it, with FILE, its size and its SHA-256. Keep FILE
safe: it is the game from then on, and pbem audit FILE checks it anywhere.

A game still running is archived only with -force: it ends there for its
players (tell them first), and the chain says who ended it (-as). A game
with mail still in the outbox is refused until the mail is sent. FILE must
not exist. Afterwards, pbem compact (with the daemon stopped) gives the
space back to the disk.`,
	flags: func(fs *flag.FlagSet, o *options) {
		configFlag(fs, o)
		fs.StringVar(&o.out, "o", "", "the archive `file`")
		fs.BoolVar(&o.force, "force", false, "archive a game still running, ending it")
		fs.StringVar(&o.who, "as", "", "the moderator ending a running game, as its chain will say")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 1 || o.out == "" {
			return usageError
		}
		return adminWriting(e, o, daemon.Request{Cmd: "archive", Game: args[0], Force: o.force, Who: o.who}, o.out)
	},
}

var gameRestore = &command{
	name: "game restore", usage: "[-c pbem.toml] [-as MODERATOR] FILE",
	summary: "put a game back as its safety copy holds it, paused",
	help: `Puts one game back as FILE, one of its safety copies, holds it: the copy
made in the backups directory (game-GAME/) before each of its windows was
resolved. The window it was taken before is open again with the files on
file then; the game's mail of what is undone that is still in the outbox
is withdrawn (mail sent stays sent); the chain keeps a link saying what
was undone; every player and moderator is told; and the game is paused
until pbem game resume. The other games are not touched.

It refuses a copy whose chain is not the start of the game's chain now
(another database's game of that name, or a state the game was restored
away from), and one written by a pbem of another database schema.
Orders taken in after the copy was made are not put back: the players
send them again.`,
	flags: func(fs *flag.FlagSet, o *options) {
		configFlag(fs, o)
		fs.StringVar(&o.who, "as", "", "the moderator restoring, as players will read it")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 1 {
			return usageError
		}
		if _, err := os.Stat(args[0]); err != nil {
			complain(e, o, fmt.Sprintf("the safety copy %s cannot be read: %v", args[0], errors.Unwrap(err)))
			return 1
		}
		return adminWriting(e, o, daemon.Request{Cmd: "restore", Who: o.who}, args[0])
	},
}

var compactCmd = &command{
	name: "compact", usage: "[-c pbem.toml]",
	summary: "give the database's free space back to the disk (the daemon stopped)",
	help: `Rewrites the database without its free pages, checks that the new file
holds every record of the old, and renames it over the old. The old file
is kept as DATABASE.before-compact until the new one is in place and
checked again. It needs the daemon stopped, and free disk for the new
file: about the size of what the database holds (pbem game archive frees
space inside the file; this gives it back to the disk).`,
	flags: configFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
		}
		cfg, ok := loadConfig(e, o, false)
		if !ok {
			return 1
		}
		if _, answered, _ := daemon.Call(cfg.Referee.Control, daemon.Request{Cmd: "games"}); answered {
			complain(e, o, fmt.Sprintf("the daemon is running (it answers on %s): stop it first (systemctl stop pbem); compaction replaces the database file", cfg.Referee.Control))
			return 1
		}
		if _, err := os.Stat(cfg.Referee.Database); err != nil {
			complain(e, o, fmt.Sprintf("the database %s: %v (is referee.database right in the configuration, -c?)", cfg.Referee.Database, errors.Unwrap(err)))
			return 1
		}
		before, after, err := store.Compact(cfg.Referee.Database)
		if err != nil {
			complain(e, o, err.Error())
			return 1
		}
		fmt.Fprintf(e.stdout, "%s compacted from %s to %s, every record checked\n", cfg.Referee.Database, mib(before), mib(after))
		return 0
	},
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
