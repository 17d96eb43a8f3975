package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"pbem/pbem/config"
	"pbem/pbem/daemon"
	"pbem/pbem/mailin"
	"pbem/pbem/outbox"
	"pbem/pbem/referee"
	"pbem/pbem/store"
	"pbem/scenarios"
)

func configFlag(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.config, "c", "pbem.toml", "the configuration `file` (config.example.toml documents it)")
}

var serveCmd = &command{
	name:    "serve",
	usage:   "[-c pbem.toml]",
	summary: "run the referee: read the mailbox, resolve windows, send mail",
	help: `Runs the daemon until SIGTERM or SIGINT: it reads order mail from the IMAP
mailbox, acknowledges it, resolves each window at its deadline and mails
every player, all as config.example.toml describes. SIGHUP reads the
configuration again and restarts the mail connections with it (the
database file cannot change). While it runs, the game and key commands
talk to it over its control socket.`,
	flags: configFlag,
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
		}
		cfg, ok := loadConfig(e, o, true)
		if !ok {
			return 1
		}
		level := new(slog.LevelVar)
		log := newLogger(e, cfg, level)
		db, err := store.Open(cfg.Referee.Database)
		if err != nil {
			fmt.Fprintln(e.stderr, "pbem serve:", err)
			return 1
		}
		defer db.Close()
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		defer stop()
		hup := make(chan os.Signal, 1)
		signal.Notify(hup, syscall.SIGHUP)
		defer signal.Stop(hup)
		for {
			limitMemory(cfg, log)
			if cfg.Referee.Backups != "" {
				removeLeftovers(db, cfg.Referee.Backups, log)
			}
			opts, err := daemonOptions(cfg, db, log)
			if err != nil {
				fmt.Fprintln(e.stderr, "pbem serve:", err)
				return 1
			}
			run, cancel := context.WithCancel(ctx)
			done := make(chan error, 1)
			go func() { done <- daemon.Run(run, opts) }()
			select {
			case err := <-done:
				cancel()
				if err != nil {
					fmt.Fprintln(e.stderr, "pbem serve:", err)
					return 1
				}
				return 0
			case <-hup:
				cancel()
				if err := <-done; err != nil {
					fmt.Fprintln(e.stderr, "pbem serve:", err)
					return 1
				}
				next, err := config.Load(o.config, os.Getenv)
				switch {
				case err != nil:
					log.Error("reload refused; the old configuration stays", "err", err)
				case next.Referee.Database != cfg.Referee.Database:
					log.Error("reload refused: the database file cannot change while serving", "was", cfg.Referee.Database, "now", next.Referee.Database)
				default:
					cfg = next
					level.Set(logLevel(cfg.Log.Level))
					log.Info("configuration reloaded")
				}
			}
		}
	},
}

// limitMemory gives the Go runtime a soft memory limit of 4 x max_mail +
// 96 MiB (the mail being read, its decoded attachment and the garbage of
// the one before it, and the daemon itself), so that on a busy machine,
// where the collector falls behind, the daemon still stays within the
// memory docs/operations.md promises. GOMEMLIMIT, when set, wins.
func limitMemory(cfg *config.Config, log *slog.Logger) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	limit := 4*int64(cfg.Referee.MaxMail) + 96<<20
	debug.SetMemoryLimit(limit)
	log.Debug("memory limit set", "bytes", limit)
}

// removeLeftovers removes from the backups directory the copies a daemon
// killed while making them left unfinished. With the database's lock held
// and the daemon not yet running, none is being written.
func removeLeftovers(db *store.DB, dir string, log *slog.Logger) {
	// The full backups, and each game's safety copies in its directory
	// (pbem/referee, safety.go).
	gone, err := db.RemoveLeftovers(dir, "pbem-*.db")
	games, _ := filepath.Glob(referee.CopyDir(dir, "*"))
	for _, g := range games {
		if fi, serr := os.Lstat(g); serr != nil || !fi.IsDir() {
			continue
		}
		more, gerr := db.RemoveLeftovers(g, "*.db")
		gone, err = append(gone, more...), errors.Join(err, gerr)
	}
	for _, l := range gone {
		log.Info("removed an unfinished backup left by a crash", "file", l.Path, "bytes", l.Size)
	}
	if err != nil {
		log.Error("removing unfinished backups", "err", err)
	}
}

// daemonOptions builds the daemon's parts from the configuration.
func daemonOptions(cfg *config.Config, db *store.DB, log *slog.Logger) (daemon.Options, error) {
	cat, err := catalogOf(cfg)
	if err != nil {
		return daemon.Options{}, err
	}
	ref := referee.New(db, referee.Config{Address: cfg.Referee.Address, Domain: cfg.Referee.Domain, MaxMail: cfg.Referee.MaxMail,
		Replies: cfg.Referee.Replies, RepliesPerHour: cfg.Referee.RepliesPerHour, Catalog: cat, Backups: cfg.Referee.Backups, Keep: cfg.Referee.Keep,
		BackupEvery: time.Duration(cfg.Referee.BackupEvery), BackupKeep: cfg.Referee.BackupKeep}, log)
	imapTLS, err := config.TLSConfig(hostOf(cfg.IMAP.Server), cfg.IMAP.CAFile)
	if err != nil {
		return daemon.Options{}, err
	}
	smtpTLS, err := config.TLSConfig(hostOf(cfg.SMTP.Server), cfg.SMTP.CAFile)
	if err != nil {
		return daemon.Options{}, err
	}
	box := mailin.New(mailin.Config{Server: cfg.IMAP.Server, TLS: cfg.IMAP.TLS, TLSConfig: imapTLS, Username: cfg.IMAP.Username, Password: string(cfg.IMAP.Password),
		Mailbox: cfg.IMAP.Mailbox, Processed: cfg.IMAP.Processed, Quarantine: cfg.IMAP.Quarantine, Idle: cfg.IMAP.Idle, Poll: time.Duration(cfg.IMAP.Poll), Timeout: time.Duration(cfg.IMAP.Timeout)})
	snd := &outbox.Sender{DB: db, From: cfg.Referee.Address, Timeout: time.Duration(cfg.SMTP.Timeout), Retry: time.Duration(cfg.SMTP.Retry),
		MaxAttempts: cfg.SMTP.MaxAttempts, Log: log,
		Mailer: &outbox.SMTP{Server: cfg.SMTP.Server, TLS: cfg.SMTP.TLS, TLSConfig: smtpTLS, Username: cfg.SMTP.Username, Password: string(cfg.SMTP.Password), Timeout: time.Duration(cfg.SMTP.Timeout)}}
	return daemon.Options{DB: db, Referee: ref, Mailbox: box, Sender: snd, Folder: cfg.IMAP.Mailbox, Quarantine: cfg.IMAP.Quarantine, MaxMail: int64(cfg.Referee.MaxMail),
		Tick: time.Duration(cfg.Referee.Tick), Log: log, Control: cfg.Referee.Control}, nil
}

func hostOf(addr string) string {
	host, _, _ := net.SplitHostPort(addr)
	return host
}

func catalogOf(cfg *config.Config) (*scenarios.Catalog, error) {
	if cfg.Data.Scenarios != "" {
		return scenarios.Dir(cfg.Data.Scenarios)
	}
	return scenarios.Embedded()
}

// loadConfig reads the configuration; the mail passwords only for the
// daemon, which alone logs in to the mail servers.
func loadConfig(e *env, o *options, serving bool) (*config.Config, bool) {
	load := config.LoadWithoutMail
	if serving {
		load = func(path string) (*config.Config, error) { return config.Load(path, os.Getenv) }
	}
	cfg, err := load(o.config)
	if err != nil {
		complain(e, o, err.Error())
		return nil, false
	}
	return cfg, true
}

func logLevel(s string) slog.Level {
	var l slog.Level
	_ = l.UnmarshalText([]byte(s))
	return l
}

func newLogger(e *env, cfg *config.Config, level *slog.LevelVar) *slog.Logger {
	level.Set(logLevel(cfg.Log.Level))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(e.stderr, opts))
	}
	return slog.New(slog.NewTextHandler(e.stderr, opts))
}

var backupCmd = &command{
	name:    "backup",
	usage:   "[-c pbem.toml] -o FILE",
	summary: "write a consistent copy of the database, while the daemon runs or not",
	help: `Writes a copy of the database to FILE, checks it, and renames it into place.
It asks the running daemon to do it over the control socket, or opens the
file itself when no daemon runs.`,
	flags: func(fs *flag.FlagSet, o *options) {
		configFlag(fs, o)
		fs.StringVar(&o.out, "o", "", "the backup `file`")
	},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 || o.out == "" {
			return usageError
		}
		return adminWriting(e, o, daemon.Request{Cmd: "backup"}, o.out)
	},
}

// adminWriting is admin for a request that writes the file out: the
// daemon gets its absolute path, as its working directory is not ours.
func adminWriting(e *env, o *options, req daemon.Request, out string) int {
	path, err := filepath.Abs(out)
	if err != nil {
		complain(e, o, err.Error())
		return 1
	}
	req.Path = path
	return admin(e, o, req)
}

// exitUnknown is the exit status of a command whose request the daemon
// took but never answered: it may or may not have been carried out.
const exitUnknown = 3

// admin runs req through the running daemon, or on the database file
// when no daemon answers on the control socket.
func admin(e *env, o *options, req daemon.Request) int {
	cfg, ok := loadConfig(e, o, false)
	if !ok {
		return 1
	}
	resp, ok, err := daemon.Call(cfg.Referee.Control, req)
	// A daemon holds the file but is between sockets while it reloads its
	// configuration, or says it is stopping: ask it again for a few
	// seconds (each look at the locked file takes one).
	for give := time.Now().Add(5 * time.Second); ; {
		if ok && !resp.Stopping {
			break
		}
		if !ok {
			if resp, err = offline(cfg, req); !errors.Is(err, store.ErrLocked) {
				break
			}
		}
		if time.Now().After(give) {
			break
		}
		time.Sleep(100 * time.Millisecond)
		resp, ok, err = daemon.Call(cfg.Referee.Control, req)
	}
	var lost *daemon.LostError
	if errors.As(err, &lost) {
		// Lines of their own: what happened, what to look at, what to do.
		fmt.Fprintf(e.stderr, "%s: %v\n", o.typed(), err)
		return exitUnknown
	}
	if err != nil {
		complain(e, o, err.Error())
		return 1
	}
	fmt.Fprint(e.stdout, resp.Text)
	if resp.Error != "" {
		complain(e, o, resp.Error)
		return 1
	}
	return 0
}

// offline carries out req on the database file; mail it queues goes out
// when the daemon next runs.
func offline(cfg *config.Config, req daemon.Request) (daemon.Response, error) {
	// store.Open creates a missing file: a mistyped path would be a new,
	// empty database. Only a new game may start one.
	if _, err := os.Stat(cfg.Referee.Database); req.Cmd != "new" && errors.Is(err, os.ErrNotExist) {
		return daemon.Response{}, fmt.Errorf("the database %s does not exist and no daemon answers on %s: is referee.database right in the configuration (-c)? Only pbem serve and pbem game new create a database", cfg.Referee.Database, cfg.Referee.Control)
	}
	db, err := store.Open(cfg.Referee.Database)
	if errors.Is(err, store.ErrLocked) {
		return daemon.Response{}, fmt.Errorf("%w; but nothing answers on its control socket %s: the daemon may be starting or stopping (systemctl status pbem), or this configuration names another socket than the daemon's (-c)", err, cfg.Referee.Control)
	}
	if err != nil {
		return daemon.Response{}, err
	}
	defer db.Close()
	cat, err := catalogOf(cfg)
	if err != nil {
		return daemon.Response{}, err
	}
	ref := referee.New(db, referee.Config{Address: cfg.Referee.Address, Domain: cfg.Referee.Domain, MaxMail: cfg.Referee.MaxMail,
		Replies: cfg.Referee.Replies, RepliesPerHour: cfg.Referee.RepliesPerHour, Catalog: cat, Backups: cfg.Referee.Backups, Keep: cfg.Referee.Keep,
		BackupEvery: time.Duration(cfg.Referee.BackupEvery), BackupKeep: cfg.Referee.BackupKeep}, slog.New(slog.DiscardHandler))
	text, err := daemon.Do(ref, req, time.Now())
	if err != nil {
		return daemon.Response{Text: text, Error: err.Error()}, nil
	}
	return daemon.Response{Text: text}, nil
}
