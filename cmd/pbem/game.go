package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"pbem/orders/sig"
	"pbem/pbem/audit"
	"pbem/pbem/config"
	"pbem/pbem/daemon"
	"pbem/pbem/referee"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// list is a flag that may be given many times.
type list []string

func (l *list) String() string     { return strings.Join(*l, " ") }
func (l *list) Set(s string) error { *l = append(*l, s); return nil }

// member reads "NAME,ADDRESS,KEYFILE" (with "SIDE=" first for a player).
func member(spec string, withSide bool) (referee.Member, error) {
	var m referee.Member
	rest := spec
	if withSide {
		side, r, ok := strings.Cut(spec, "=")
		if !ok {
			return m, fmt.Errorf("%q: want SIDE=NAME,ADDRESS,KEYFILE", spec)
		}
		m.Side, rest = strings.ToUpper(side), r
	}
	f := strings.Split(rest, ",")
	if len(f) != 3 {
		return m, fmt.Errorf("%q: want NAME,ADDRESS,KEYFILE", spec)
	}
	m.Name, m.Address = strings.TrimSpace(f[0]), strings.TrimSpace(f[1])
	file := strings.TrimSpace(f[2])
	key, err := os.ReadFile(file)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return m, fmt.Errorf("%s: the key file %s cannot be read: %v", spec, file, err)
	}
	m.Key = key
	return m, nil
}

func actFlags(fs *flag.FlagSet, o *options) {
	configFlag(fs, o)
	fs.StringVar(&o.who, "as", "", "the moderator acting, as players will read it")
	fs.StringVar(&o.why, "why", "", "the reason, told to every player")
}

var gameNew = &command{
	name:    "game new",
	usage:   gameNewUsage,
	summary: "create a game and mail its players their first window",
	help: `Creates a game of scenario S (pbem scenario list) with a player or more per
side and its moderators, each with the public key they sign with (an
armored OpenPGP key, or an SSH public key line), and mails every player
the first window. Every problem is reported at once.`,
	flags: func(fs *flag.FlagSet, o *options) {
		configFlag(fs, o)
		fs.StringVar(&o.game, "id", "", "the game's id, a word players put in their files")
		fs.StringVar(&o.scenario, "scenario", "", "the scenario")
		fs.Var(&o.players, "player", "a player: SIDE=NAME,ADDRESS,KEYFILE (repeat for each)")
		fs.Var(&o.moderators, "moderator", "a moderator: NAME,ADDRESS,KEYFILE (repeat for each)")
		fs.Var(&o.gameOptions, "option", "an optional rule or ruling of the scenario's rules system, e.g. cavalry-windows (repeat for each; an unknown one is refused with the list)")
		fs.StringVar(&o.nmr, "nmr", store.NMRStanding, "a side that sends no orders: standing, wait or robot")
		fs.StringVar(&o.tz, "tz", "UTC", "the time zone deadlines are shown in")
		fs.Var(&o.deadlines, "deadline", "KIND=DURATION for a kind of window, e.g. MOVE=96h (repeat for each)")
		def := referee.DefaultPolicy()
		fs.DurationVar(&o.remind, "remind", def.Remind, "remind the sides that sent nothing this long before a deadline (0: never)")
		fs.DurationVar(&o.early, "early", def.EarlyDelay, "resolve a window this long after every side sent a final file")
		fs.DurationVar(&o.grace, "grace", def.Grace, "after a deadline, wait this long for a side that sent nothing")
		fs.DurationVar(&o.maxPause, "max-pause", def.MaxPause, "the longest a moderator's pause lasts before the game resumes by itself")
		fogFlag(fs, o)
		fs.StringVar(&o.at, "at", "", "move each deadline later to this time of day, HH:MM in the -tz zone")
		fs.StringVar(&o.days, "days", "", "the weekdays deadlines may fall on, e.g. mon,wed,fri")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 || o.game == "" || o.scenario == "" {
			return usageError
		}
		spec := &referee.Spec{ID: o.game, Scenario: o.scenario, Options: o.gameOptions, Policy: referee.DefaultPolicy()}
		var problems []string
		if opt, problem := fogOption(o.fog); problem != "" {
			problems = append(problems, problem)
		} else if opt != "" {
			spec.Options = append(spec.Options, opt)
		}
		for _, d := range []struct {
			flag string
			v    time.Duration
		}{{"remind", o.remind}, {"early", o.early}, {"grace", o.grace}, {"max-pause", o.maxPause}} {
			if d.v < 0 {
				problems = append(problems, fmt.Sprintf("-%s %s: a wait cannot be negative", d.flag, referee.Span(d.v)))
			}
		}
		switch o.nmr {
		case store.NMRStanding, store.NMRWait, store.NMRRobot:
		default:
			problems = append(problems, fmt.Sprintf("-nmr %q: give %s, %s or %s", o.nmr, store.NMRStanding, store.NMRWait, store.NMRRobot))
		}
		if _, err := time.LoadLocation(o.tz); err != nil {
			problems = append(problems, fmt.Sprintf("-tz %q: not a time zone, such as UTC or Europe/Berlin", o.tz))
		}
		spec.Policy.NMR, spec.Policy.TimeZone = o.nmr, o.tz
		spec.Policy.Remind, spec.Policy.EarlyDelay, spec.Policy.Grace, spec.Policy.At = o.remind, o.early, o.grace, o.at
		spec.Policy.MaxPause = o.maxPause
		days := map[string]time.Weekday{"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday, "thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday}
		for _, d := range strings.FieldsFunc(strings.ToLower(o.days), func(r rune) bool { return r == ',' || r == ' ' }) {
			wd, ok := days[d[:min(3, len(d))]]
			if !ok {
				problems = append(problems, fmt.Sprintf("-days: %q is not a weekday", d))
				continue
			}
			spec.Policy.Days = append(spec.Policy.Days, wd)
		}
		for _, d := range o.deadlines {
			kind, v, ok := strings.Cut(d, "=")
			dur, err := time.ParseDuration(v)
			if !ok || err != nil {
				problems = append(problems, fmt.Sprintf("-deadline %q: want KIND=DURATION", d))
				continue
			}
			if dur <= 0 {
				problems = append(problems, fmt.Sprintf("-deadline %q: a window lasts some time", d))
				continue
			}
			spec.Policy.Deadline[strings.ToUpper(kind)] = dur
		}
		keyless := false
		for _, p := range o.players {
			m, err := member(p, true)
			if err != nil {
				problems, keyless = append(problems, "-player "+err.Error()), true
			}
			spec.Players = append(spec.Players, m)
		}
		for _, p := range o.moderators {
			m, err := member(p, false)
			if err != nil {
				problems, keyless = append(problems, "-moderator "+err.Error()), true
			}
			spec.Moderators = append(spec.Moderators, m)
		}
		if len(problems) > 0 {
			for _, p := range specProblems(o, spec) {
				// A member whose key file failed has no key: said above.
				if !keyless || !strings.HasPrefix(p, "keys: ") && !strings.HasSuffix(p, ": no key given") {
					problems = append(problems, p)
				}
			}
			fmt.Fprintln(e.stderr, "pbem game new:\n  "+strings.Join(problems, "\n  "))
			return 1
		}
		return admin(e, o, daemon.Request{Cmd: "new", Spec: spec})
	},
}

// fogFlag is -fog, the same for game new and demo.
func fogFlag(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.fog, "fog", "rulebook", "what each side sees, `MODE`: rulebook (what the rules hide stays hidden), limited (also nothing beyond its units' sight), or open (everything, face up)")
}

// fogOption is the game option a -fog value stands for ("" for the
// rulebook's fog), or the problem with the value.
func fogOption(fog string) (option, problem string) {
	switch fog {
	case "rulebook":
		return "", ""
	case "limited", "open":
		return "fog-" + fog, ""
	}
	return "", fmt.Sprintf("-fog %q: give rulebook, limited or open", fog)
}

// specProblems are the problems the referee finds in spec, for game new
// to report them with its flags' problems.
func specProblems(o *options, spec *referee.Spec) []string {
	cfg, err := config.LoadWithoutMail(o.config)
	if err != nil {
		return []string{err.Error()}
	}
	cat, err := catalogOf(cfg)
	if err != nil {
		return []string{err.Error()}
	}
	var se *referee.SpecError
	switch err := referee.CheckSpec(cat, *spec, time.Now()); {
	case errors.As(err, &se):
		return se.Problems
	case err != nil:
		return []string{err.Error()}
	}
	return nil
}

// gameCmd is a command on one game given as its argument.
func gameCmd(name, summary, help string, flags func(*flag.FlagSet, *options), req func(o *options) (daemon.Request, error)) *command {
	return &command{
		name: "game " + name, usage: "[-c pbem.toml] [flags] GAME", summary: summary, help: help, flags: flags,
		run: func(e *env, o *options, args []string) int {
			if len(args) != 1 {
				return usageError
			}
			o.game = args[0]
			r, err := req(o)
			if err != nil {
				fmt.Fprintf(e.stderr, "pbem game %s: %v\n", name, err)
				return 2
			}
			r.Game, r.Who, r.Why = o.game, o.who, o.why
			return admin(e, o, r)
		},
	}
}

var (
	gameList = &command{
		name: "game list", usage: "[-c pbem.toml] [-archived | -all]", summary: "list the games with their open window and deadline",
		help: "Lists every game in the database: its scenario, open window, deadline and the sides with orders on file. " +
			"-archived lists the games archived instead (pbem game archive), with their archive files; -all lists both.",
		flags: func(fs *flag.FlagSet, o *options) {
			configFlag(fs, o)
			fs.BoolVar(&o.archived, "archived", false, "the games archived, not those in the database")
			fs.BoolVar(&o.all, "all", false, "the games in the database and those archived")
		},
		run: func(e *env, o *options, args []string) int {
			if len(args) != 0 || o.archived && o.all {
				return usageError
			}
			req := daemon.Request{Cmd: "games"}
			switch {
			case o.archived:
				req.Which = "archived"
			case o.all:
				req.Which = "all"
			}
			return admin(e, o, req)
		},
	}
	gameShow = gameCmd("show", "show a game: players, keys, window, files on file, notices",
		"Shows one game for its moderators.", configFlag, func(*options) (daemon.Request, error) { return daemon.Request{Cmd: "show"}, nil })
	gamePause = gameCmd("pause", "stop a game's clock until it is resumed",
		"Pauses a game: no reminder, deadline or resolution until it is resumed. Every player is told, with the reason.", actFlags,
		func(*options) (daemon.Request, error) { return daemon.Request{Cmd: "pause"}, nil })
	gameResume = gameCmd("resume", "restart a paused game; its deadline moves on by the time paused",
		"Resumes a paused game; the open window's deadline moves on by the time it was paused.", actFlags,
		func(*options) (daemon.Request, error) { return daemon.Request{Cmd: "resume"}, nil })
	gameExtend = gameCmd("extend", "move the open window's deadline",
		"Moves the open window's deadline by -by (negative to shorten it, never into the past).",
		func(fs *flag.FlagSet, o *options) {
			actFlags(fs, o)
			fs.DurationVar(&o.by, "by", 24*time.Hour, "how far to move the deadline")
		}, func(o *options) (daemon.Request, error) {
			if o.by == 0 {
				return daemon.Request{}, fmt.Errorf("-by 0 moves nothing: give how far, such as 24h, or -12h to shorten it")
			}
			return daemon.Request{Cmd: "extend", Duration: o.by}, nil
		})
	gameProcessNow = gameCmd("process-now", "resolve the open window at once with what is on file",
		"Resolves the open window now; a side with nothing on file is handled by the game's no-orders policy.", actFlags,
		func(*options) (daemon.Request, error) { return daemon.Request{Cmd: "process-now"}, nil })
	gameReplacePlayer = gameCmd("replace-player", "give a side's seat to another player",
		"Gives the seat of -old on -player's side to the new player, whose key replaces the old player's.",
		func(fs *flag.FlagSet, o *options) {
			actFlags(fs, o)
			fs.StringVar(&o.old, "old", "", "the player leaving")
			fs.Var(&o.players, "player", "the new player: SIDE=NAME,ADDRESS,KEYFILE")
		}, func(o *options) (daemon.Request, error) {
			if len(o.players) != 1 || o.old == "" {
				return daemon.Request{}, fmt.Errorf("give -old NAME and one -player SIDE=NAME,ADDRESS,KEYFILE")
			}
			m, err := member(o.players[0], true)
			if err != nil {
				return daemon.Request{}, err
			}
			return daemon.Request{Cmd: "replace-player", Name: o.old, Member: m, Side: m.Side}, nil
		})
	auditCmd = &command{
		name: "audit", usage: "[-c pbem.toml] [-any-engine] GAME|ARCHIVE [SIDE-ARCHIVE...]",
		summary: "check a game's chain, signatures and dice, and replay it window by window",
		help: `Checks game GAME from its evidence (docs/audit.md): the audit chain link by
link, the signature of every file accepted, every dice seed against the
commitment published before its window, and a replay of the game from its
first state through every window with the stored files and revealed seeds,
comparing every state and the events of every window with the chain. It
prints a line per window and exits 1 at the first discrepancy, naming it.
A window resolved by another version of the rules engine is not replayed
unless -any-engine is given.

A side's archive (pbem export -side) is checked as far as it can be, and
the audit says what it could not check. Given after the game's full
archive, each side's archive is also compared with it: every link it
holds, and every link it stood a stub for, must be the full chain's.`,
		flags: func(fs *flag.FlagSet, o *options) {
			configFlag(fs, o)
			fs.BoolVar(&o.anyEngine, "any-engine", false, "replay windows resolved by another engine version too")
		},
		run: func(e *env, o *options, args []string) int {
			if len(args) == 0 {
				return usageError
			}
			if ok, code := auditArchive(e, args[0], args[1:], audit.Options{AnyEngine: o.anyEngine}); ok {
				return code
			}
			return admin(e, o, daemon.Request{Cmd: "audit", Game: args[0], AnyEngine: o.anyEngine})
		},
	}
	reportCmd = &command{
		name: "report", usage: "[-c pbem.toml] [-side SIDE] [-json] GAME",
		summary: "print a side's current report (or the moderators', without -side)",
		help:    "Prints the report a side would get now: its units, what it sees of the enemy, the open window and its template; without -side, the moderators' report, which holds everything. -json prints the JSON twin (docs/report-schema.md).",
		flags: func(fs *flag.FlagSet, o *options) {
			configFlag(fs, o)
			fs.StringVar(&o.side, "side", "", "the side")
			fs.BoolVar(&o.asJSON, "json", false, "print the JSON twin")
			fs.StringVar(&o.game, "game", "", "the game (or give it last)")
		},
		run: func(e *env, o *options, args []string) int {
			if len(args) == 0 && o.game != "" {
				args = []string{o.game}
			}
			if len(args) != 1 {
				return usageError
			}
			return admin(e, o, daemon.Request{Cmd: "report", Game: args[0], Side: strings.ToUpper(o.side), JSON: o.asJSON})
		},
	}
	keyAdd = &command{
		name: "key add", usage: keyAddUsage,
		summary: "register another public key for a player or moderator",
		help:    "Registers a key (armored OpenPGP or an SSH public key line) for a player of a side, or a moderator; a new player needs -address.",
		flags: func(fs *flag.FlagSet, o *options) {
			actFlags(fs, o)
			fs.StringVar(&o.side, "side", "", "the player's side, or moderator")
			fs.StringVar(&o.name, "name", "", "the player")
			fs.StringVar(&o.address, "address", "", "the player's mail address, for a new player")
			fs.StringVar(&o.key, "key", "", "the public key `file`")
		},
		run: func(e *env, o *options, args []string) int {
			if len(args) != 1 || o.side == "" || o.name == "" || o.key == "" {
				return usageError
			}
			key, err := os.ReadFile(o.key)
			if err != nil {
				fmt.Fprintln(e.stderr, "pbem key add:", err)
				return 1
			}
			side := strings.ToUpper(o.side)
			if strings.EqualFold(o.side, sig.ModeratorRole) {
				side = sig.ModeratorRole
			}
			return admin(e, o, daemon.Request{Cmd: "key-add", Game: args[0], Who: o.who, Side: side,
				Member: referee.Member{Side: side, Name: o.name, Address: o.address, Key: key}})
		},
	}
	keyList = &command{
		name: "key list", usage: "[-c pbem.toml] GAME", summary: "list a game's registered keys with their fingerprints",
		help: "Lists every key registered in a game: side, player, scheme and fingerprint.", flags: configFlag,
		run: func(e *env, o *options, args []string) int {
			if len(args) != 1 {
				return usageError
			}
			return admin(e, o, daemon.Request{Cmd: "key-list", Game: args[0]})
		},
	}
	keyRemove = &command{
		name: "key remove", usage: "[-c pbem.toml] -name NAME GAME", summary: "remove every key of a player or moderator",
		help: "Removes the keys of a player or moderator: their mail is no longer taken.",
		flags: func(fs *flag.FlagSet, o *options) {
			actFlags(fs, o)
			fs.StringVar(&o.name, "name", "", "the player")
		},
		run: func(e *env, o *options, args []string) int {
			if len(args) != 1 || o.name == "" {
				return usageError
			}
			return admin(e, o, daemon.Request{Cmd: "key-remove", Game: args[0], Who: o.who, Name: o.name})
		},
	}
)

const gameNewUsage = "[-c pbem.toml] -id ID -scenario S -player SIDE=NAME,ADDRESS,KEYFILE... -moderator NAME,ADDRESS,KEYFILE... [flags]"

const keyAddUsage = "[-c pbem.toml] -side SIDE|moderator -name NAME [-address ADDRESS] -key FILE GAME"

// auditArchive audits name if it is an archive file; ok is false if it is
// not one (then it names a game). Each of sides, a side's archive of the
// same game, is audited too and compared with it, which must be the full
// archive.
func auditArchive(e *env, name string, sides []string, opt audit.Options) (ok bool, code int) {
	ev, cat, ok, code := readArchive(e, name)
	if !ok || code != 0 {
		if !ok && len(sides) > 0 {
			fmt.Fprintf(e.stderr, "pbem audit: %s is no archive: side archives are compared with the game's full archive (pbem export, once the game is over)\n", name)
			return true, 1
		}
		return ok, code
	}
	if !runAudit(e, name, ev, cat, opt) {
		return true, 1
	}
	if len(sides) > 0 && ev.Side != "" {
		fmt.Fprintf(e.stderr, "pbem audit: %s is the archive of side %s: side archives are compared with the game's full archive\n", name, ev.Side)
		return true, 1
	}
	for _, s := range sides {
		sev, scat, ok, code := readArchive(e, s)
		if !ok {
			fmt.Fprintf(e.stderr, "pbem audit: %s is no archive\n", s)
			return true, 1
		}
		if code != 0 || !runAudit(e, s, sev, scat, opt) {
			return true, 1
		}
		if err := audit.Matches(sev, ev); err != nil {
			fmt.Fprintf(e.stderr, "pbem audit: %s: %v\n", s, err)
			return true, 1
		}
		fmt.Fprintf(e.stdout, "%s: the archive of side %s is part of %s: its %s, %s, %s and %s are the full archive's\n",
			s, sev.Side, name, referee.Count(len(sev.Chain)-len(sev.Withheld), "link"), referee.Count(len(sev.Withheld), "stub"),
			referee.Count(len(sev.Files), "file"), referee.Count(len(sev.Sent), "mail"))
	}
	return true, 0
}

// readArchive reads name if it is an archive file; ok is false if it is
// not one.
func readArchive(e *env, name string) (ev *audit.Evidence, cat *scenarios.Catalog, ok bool, code int) {
	f, err := os.Open(name)
	if err != nil && looksLikeFile(name) {
		// No game id has a slash, and none is named like an archive.
		if errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(e.stderr, "pbem audit: the archive %s does not exist\n", name)
		} else {
			fmt.Fprintf(e.stderr, "pbem audit: the archive %s cannot be read: %v\n", name, errors.Unwrap(err))
		}
		return nil, nil, true, 1
	}
	if err != nil {
		return nil, nil, false, 0
	}
	defer f.Close()
	head := make([]byte, 512)
	if n, _ := io.ReadFull(f, head); !audit.IsArchive(head[:n]) {
		return nil, nil, false, 0
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		fmt.Fprintln(e.stderr, "pbem audit:", err)
		return nil, nil, true, 1
	}
	ev, cat, err = audit.Import(f)
	if err != nil {
		fmt.Fprintf(e.stderr, "pbem audit: %s: %v\n", name, err)
		return nil, nil, true, 1
	}
	return ev, cat, true, 0
}

// looksLikeFile says whether an argument is a file's path rather than a
// game's id.
func looksLikeFile(name string) bool {
	if strings.ContainsRune(name, filepath.Separator) || strings.ContainsRune(name, '/') {
		return true
	}
	for _, ext := range []string{".tar", ".tgz", ".gz", ".zip"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return true
		}
	}
	return false
}

// runAudit audits the archive name and prints its lines.
func runAudit(e *env, name string, ev *audit.Evidence, cat *scenarios.Catalog, opt audit.Options) bool {
	lines, err := audit.Run(ev, cat, opt)
	for _, l := range lines {
		fmt.Fprintln(e.stdout, l)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "pbem audit: %s: %v\n", name, err)
		return false
	}
	return true
}
