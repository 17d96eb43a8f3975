package main

import (
	"flag"
	"strings"

	"pbem/pbem/daemon"
)

var exportCmd = &command{
	name: "export", usage: "[-c pbem.toml] [-side SIDE | -moderator] -o FILE GAME",
	summary: "write a game as an archive that pbem audit checks on any machine",
	help: `Writes game GAME as a self-contained archive (docs/archive.md), which
pbem audit FILE checks without the database.

While the game runs, -side SIDE writes what that side's players may have:
the chain with every link they may not read replaced by its hash, their
own signed files, and the mail sent to them. The full archive (the game
data, the whole chain, every signed file and key, every mail sent and the
state) holds every side's secrets: it is written once the game is over,
and before that only with -moderator, for the moderators alone.`,
	flags: func(fs *flag.FlagSet, o *options) {
		configFlag(fs, o)
		fs.StringVar(&o.out, "o", "", "the archive `file`")
		fs.StringVar(&o.side, "side", "", "the archive of this side, for its players")
		fs.BoolVar(&o.moderator, "moderator", false, "the full archive of a game still running, for the moderators alone")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 1 || o.out == "" || o.side != "" && o.moderator {
			return usageError
		}
		return adminWriting(e, o, daemon.Request{Cmd: "export", Game: args[0], Side: strings.ToUpper(o.side), Moderator: o.moderator}, o.out)
	},
}
