package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"pbem/pbem/daemon"
	"pbem/pbem/referee"
	"pbem/pbem/store"
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
		return exportArchive(e, o, args[0], referee.Scope{Side: strings.ToUpper(o.side)})
	},
}

// exportArchive writes game's archive for scope (the full one with
// -moderator) to o.out. It reads a copy of the database, which pbem
// backup makes through the running daemon or from the file: the control
// socket's export knows of no side.
func exportArchive(e *env, o *options, game string, scope referee.Scope) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "pbem export: "+format+"\n", args...)
		return 1
	}
	out, err := filepath.Abs(o.out)
	if err != nil {
		return fail("%v", err)
	}
	cfg, ok := loadConfig(e, o)
	if !ok {
		return 1
	}
	cat, err := catalogOf(cfg)
	if err != nil {
		return fail("%v", err)
	}
	// Beside the archive, where the daemon may write (it wrote the
	// archive itself before): readable by this user alone, and gone when
	// done, for it holds every game's secrets.
	dir, err := os.MkdirTemp(filepath.Dir(out), ".pbem-export-")
	if err != nil {
		return fail("a place for the copy of the database: %v", err)
	}
	defer os.RemoveAll(dir)
	copyPath := filepath.Join(dir, "pbem.db")
	var errs strings.Builder
	if code := admin(&env{stdout: &strings.Builder{}, stderr: &errs}, o, daemon.Request{Cmd: "backup", Path: copyPath}); code != 0 {
		return fail("copying the database to read the game from: %s", strings.TrimSpace(strings.TrimPrefix(errs.String(), "pbem backup: ")))
	}
	db, err := store.Open(copyPath)
	if err != nil {
		return fail("the copy of the database: %v", err)
	}
	defer db.Close()
	ref := referee.New(db, referee.Config{Address: cfg.Referee.Address, Domain: cfg.Referee.Domain, Catalog: cat}, slog.New(slog.DiscardHandler))
	now := time.Now()
	n, err := ref.ExportArchive(game, out, scope, now)
	var running *referee.RunningError
	switch {
	case errors.As(err, &running) && o.moderator:
		if n, err = ref.ExportArchive(game, out, referee.Scope{Moderator: true}, now); err != nil {
			return fail("%v", err)
		}
		fmt.Fprintf(e.stdout, "game %s exported to %s (%d bytes): the full archive of a game still running, with every side's secrets: for the moderators alone, never for a player (give a player pbem export -side); pbem audit %s checks it anywhere\n", game, out, n, out)
	case errors.As(err, &running):
		var sides []string
		for _, s := range running.Sides {
			sides = append(sides, string(s))
		}
		return fail("game %s is still running (%s is open), and its full archive holds every side's secrets:\n"+
			"the hidden orders, every side's reports and the moderators' mail. While it runs,\n"+
			"  for a player: pbem export -side %s -o FILE %s (what their side may see)\n"+
			"  for the moderators alone: pbem export -moderator -o FILE %s\n"+
			"Once the game is over, pbem export -o FILE %s writes the full archive for anyone.",
			game, running.Window, strings.Join(sides, "|"), game, game, game)
	case err != nil:
		return fail("%v", err)
	case scope.Side != "":
		fmt.Fprintf(e.stdout, "game %s: the archive of side %s written to %s (%d bytes), what its players may have; pbem audit %s checks it anywhere\n", game, scope.Side, out, n, out)
	default:
		fmt.Fprintf(e.stdout, "game %s exported to %s (%d bytes); pbem audit %s checks it anywhere\n", game, out, n, out)
	}
	return 0
}
