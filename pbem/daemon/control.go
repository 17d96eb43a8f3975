package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"pbem/engine"
	"pbem/pbem/audit"
	"pbem/pbem/referee"
	"pbem/pbem/store"
)

// Request is one administration command: `pbem game ...` and `pbem key
// ...` send it over the control socket while the daemon runs (bbolt's lock
// keeps them from opening the file), or run it on the file themselves when
// it does not.
type Request struct {
	Cmd      string // games, show, report, render, audit, export, new, pause, resume, extend, process-now, replace-player, key-list, key-add, key-remove, backup, mail-list, mail-retry, restore, archive
	Game     string
	Who      string // the moderator acting
	Why      string
	Side     string
	Name     string // the player concerned (the one replaced, for replace-player)
	Member   referee.Member
	Spec     *referee.Spec
	Duration time.Duration
	Path     string // where a backup or a map goes
	JSON     bool   // the report's JSON twin rather than its text
	// AnyEngine: audit replays windows resolved by another version of
	// the ruleset too.
	AnyEngine bool
	Seqs      []uint64 // the mails to retry; none for every mail given up
	// Moderator: export writes the full archive of a game still running,
	// for its moderators (with Side, a side's archive; with neither, the
	// full archive of a game that is over).
	Moderator bool
	// Force: archive writes and removes a game still running.
	Force bool
	// Which games lists: "" the games in the database, "archived" the
	// records of those archived, "all" both.
	Which string
}

// Response is the answer to a Request.
type Response struct {
	Text  string
	Error string
	// Stopping: the daemon is stopping or reloading its configuration
	// and did not carry the request out; ask again.
	Stopping bool
}

// Do carries out req with ref at now and returns the text for the operator.
func Do(ref *referee.Referee, req Request, now time.Time) (string, error) {
	need := func() error {
		if req.Game == "" {
			return fmt.Errorf("%s: which game?", req.Cmd)
		}
		return nil
	}
	switch req.Cmd {
	case "games":
		return games(ref, req.Which, now)
	case "restore":
		return ref.RestoreGame(req.Path, req.Who, now)
	case "backup":
		n, err := ref.Backup(req.Path)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("backup written to %s (%d bytes), checked\n", req.Path, n), nil
	case "mail-list":
		queued, givenUp, err := ref.Undelivered()
		if err != nil {
			return "", err
		}
		quarantined, unanswered, err := ref.IntakeRecords()
		if err != nil {
			return "", err
		}
		return mailList(queued, givenUp) + intakeList(quarantined, unanswered), nil
	case "mail-retry":
		n, err := ref.Requeue(req.Seqs, now)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s back in the outbox, to be sent at once\n", referee.Count(n, "mail")), nil
	case "new":
		if req.Spec == nil {
			return "", errors.New("new: no game given")
		}
		if err := ref.NewGame(*req.Spec, now); err != nil {
			return "", err
		}
		return fmt.Sprintf("game %s created; the first window's mail is on its way to every player\n", req.Spec.ID), nil
	}
	if err := need(); err != nil {
		return "", err
	}
	done := func(err error, what string) (string, error) {
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("game %s: %s\n", req.Game, what), nil
	}
	switch req.Cmd {
	case "show":
		return ref.Show(req.Game, now)
	case "report":
		return ref.Report(req.Game, engine.Side(req.Side), req.JSON, now)
	case "export":
		return export(ref, req, now)
	case "archive":
		return ref.ArchiveGame(req.Game, req.Path, req.Force, req.Who, now)
	case "audit":
		return ref.Audit(req.Game, audit.Options{AnyEngine: req.AnyEngine})
	case "render":
		n, err := ref.Picture(req.Game, engine.Side(req.Side), req.Path, now)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("map written to %s (%d bytes)\n", req.Path, n), nil
	case "pause":
		return done(ref.Pause(req.Game, req.Who, req.Why, now), "paused")
	case "resume":
		return done(ref.Resume(req.Game, req.Who, req.Why, now), "resumed")
	case "extend":
		return done(ref.Extend(req.Game, req.Duration, req.Who, req.Why, now), "deadline moved by "+referee.Span(req.Duration))
	case "process-now":
		return done(ref.ProcessNow(req.Game, req.Who, req.Why, now), "window resolved")
	case "replace-player":
		return done(ref.ReplacePlayer(req.Game, req.Side, req.Name, req.Member, req.Who, req.Why, now), fmt.Sprintf("%s's seat on %s given to %s", req.Name, req.Side, req.Member.Name))
	case "key-add":
		return done(ref.AddKey(req.Game, req.Side, req.Member, req.Who, now), "key added for "+req.Member.Name)
	case "key-remove":
		return done(ref.RemoveKey(req.Game, req.Name, req.Who, now), "keys of "+req.Name+" removed")
	case "key-list":
		keys, err := ref.KeyList(req.Game, now)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "%-10s %-16s %-8s %s\n", k.Side, k.Player, k.Scheme, k.Fingerprint)
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("unknown command %q", req.Cmd)
}

// mailList shows the outbox and the mail given up, a mail a line, for
// an operator whose mail server was down.
func mailList(queued, givenUp []store.Queued) string {
	var b strings.Builder
	stamp := func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 MST") }
	line := func(q store.Queued, state string) {
		game := q.Mail.Game
		if game == "" {
			game = "-"
		}
		fmt.Fprintf(&b, "  %-6d %-12s %-28s %q\n         %s\n", q.Seq, game, strings.Join(q.Mail.To, ", "), q.Mail.Subject, state)
	}
	fmt.Fprintf(&b, "outbox: %s\n", referee.Count(len(queued), "mail"))
	for _, q := range queued {
		state := "queued " + stamp(q.Mail.Queued) + ", not tried yet"
		if q.Mail.Attempts > 0 {
			state = fmt.Sprintf("%s, the last %s: %s; next %s", referee.Count(q.Mail.Attempts, "failed attempt"), stamp(q.Mail.LastTry), q.Mail.LastError, stamp(q.Mail.NextTry))
		}
		line(q, state)
	}
	fmt.Fprintf(&b, "given up: %s\n", referee.Count(len(givenUp), "mail"))
	for _, q := range givenUp {
		line(q, fmt.Sprintf("given up after %s, the last %s: %s", referee.Count(q.Mail.Attempts, "attempt"), stamp(q.Mail.LastTry), q.Mail.LastError))
	}
	if len(givenUp) > 0 {
		b.WriteString("pbem mail retry SEQ... (or -given-up, every one) sends them again.\n")
	}
	return b.String()
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " ")
}

// listen opens the control socket at path, readable by its owner only. A
// socket file left by a daemon that died is removed; one a live daemon
// answers on is an error.
func listen(path string) (net.Listener, error) {
	if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
		c.Close()
		return nil, fmt.Errorf("control socket %s: another pbem serve answers on it", path)
	}
	_ = os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// serveControl answers requests on ln, each run by the referee loop,
// until ctx ends.
func serveControl(ctx context.Context, ln net.Listener, events chan<- event, log *slog.Logger) error {
	go func() { <-ctx.Done(); ln.Close() }()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		go func() {
			defer conn.Close()
			// The deadline is for a client that never sends its request;
			// the work itself may take longer.
			_ = conn.SetReadDeadline(time.Now().Add(time.Minute))
			answer := func(resp Response) error {
				_ = conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
				return json.NewEncoder(conn).Encode(resp)
			}
			var req Request
			if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&req); err != nil {
				_ = answer(Response{Error: "bad request: " + err.Error()})
				return
			}
			res := make(chan eventResult, 1)
			select {
			case events <- event{ctl: &req, done: res}:
			case <-ctx.Done():
				// Told, the command need not guess whether it was done.
				_ = answer(Response{Error: "the daemon is stopping or reloading its configuration: the request was not carried out; run it again", Stopping: true})
				return
			}
			r := <-res
			resp := Response{Text: r.text}
			if r.err != nil {
				resp.Error = r.err.Error()
			}
			log.Info("control", "cmd", req.Cmd, "game", req.Game, "err", resp.Error)
			if err := answer(resp); err != nil {
				log.Warn("control: the answer did not reach the command", "cmd", req.Cmd, "game", req.Game, "err", err)
			}
		}()
	}
}

// callTimeout is how long a command waits for the daemon's answer.
const callTimeout = 2 * time.Minute

// Call sends req to the daemon listening on path. ok is false when no
// daemon answers there (no socket, or no one listening on it), so the
// caller may open the file itself. Once the request is on its way, a
// daemon that does not answer is a *LostError.
func Call(path string, req Request) (resp Response, ok bool, err error) {
	conn, err := net.DialTimeout("unix", path, time.Second)
	if err != nil {
		return resp, false, nil
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(callTimeout))
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return resp, true, &LostError{Req: req, Socket: path, Err: err}
	}
	if err := json.NewDecoder(conn).Decode(&resp); err != nil {
		return Response{}, true, &LostError{Req: req, Socket: path, Err: err}
	}
	return resp, true, nil
}

// LostError is a request sent to the daemon that it never answered: it
// stopped (killed, crashed, restarted) or the connection broke, or it
// took longer than callTimeout. Its text is for the operator: what may
// have happened, how to find out, and whether to run the command again.
type LostError struct {
	Req    Request
	Socket string
	Err    error // EOF, a reset connection, the timeout
}

func (e *LostError) Unwrap() error { return e.Err }

func (e *LostError) Error() string {
	var b strings.Builder
	if errors.Is(e.Err, os.ErrDeadlineExceeded) {
		fmt.Fprintf(&b, "the daemon did not answer within %s (control socket %s): it may still be carrying it out, or be stuck.\n", referee.Span(callTimeout), e.Socket)
	} else {
		fmt.Fprintf(&b, "the daemon stopped, or the connection to it broke, before it answered (%v, control socket %s).\n", e.Err, e.Socket)
	}
	check, again := afterLoss(e.Req)
	if check != "" {
		b.WriteString("The request may or may not have been carried out. To see whether it was: " + check + ".\n")
	}
	b.WriteString("Is the daemon running (under systemd it starts again by itself after a crash), and what did it log: " +
		"systemctl status pbem; journalctl -u pbem (or its standard error).\n")
	b.WriteString(again)
	return b.String()
}

// afterLoss says, for a request the daemon did not answer, how the
// operator sees whether it was carried out, and whether running it again
// is safe.
func afterLoss(req Request) (check, again string) {
	show := "pbem game show " + req.Game
	safe := "It is safe to run again"
	switch req.Cmd {
	case "games", "show", "report", "render", "audit", "export", "key-list", "mail-list":
		return "", "It changes nothing: it is safe to run again."
	case "archive":
		check = "pbem game list -all (the game is listed as archived once it is removed; " + req.Path +
			" may be there while the game is not yet removed, and an unfinished one is " + filepath.Base(req.Path) + ".part-DIGITS beside it: remove it)"
		return check, "Look before running it again: it refuses an archive file that exists, so remove or rename " + req.Path + " first if the game is still listed as running."
	case "restore":
		check = "pbem game show GAME (a notice that the game was put back, and PAUSED)"
		return check, "It is safe to run again: the same copy puts the game back to the same state, in place of the first run's."
	case "backup":
		check = req.Path + " is there only if the copy was written whole and checked; an unfinished one may be left beside it, " +
			filepath.Base(req.Path) + ".part-DIGITS: remove it"
		return check, safe + "."
	case "new":
		return "pbem game list", safe + ": a game that exists already is refused."
	case "pause":
		return show + " (a PAUSED line)", safe + ": a game paused already is refused."
	case "resume":
		return show + " (no PAUSED line)", safe + ": a game not paused is refused."
	case "replace-player":
		return show + " (its players)", safe + ": once the seat is given, the old player is not found."
	case "key-add":
		return "pbem key list " + req.Game, safe + ": a key registered already is refused."
	case "key-remove":
		return "pbem key list " + req.Game, safe + ": once the keys are gone, it is refused."
	case "mail-retry":
		return "pbem mail list", safe + ": a mail back in the outbox, or sent, is not queued twice."
	case "extend":
		return show + " (its deadline and notices)", "Do not run it again before looking: each run moves the deadline again."
	case "process-now":
		again = "Do not run it again before looking: if the window you meant is no longer the open one, it was resolved, " +
			"and process-now would resolve the next window too, with whatever is on file for it. If it is still open, run it again."
		return show + " (its open window and the windows resolved)", again
	}
	return "", "Look at the daemon's log before running it again."
}
