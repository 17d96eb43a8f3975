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
	Cmd      string // games, show, report, render, audit, export, new, pause, resume, extend, process-now, replace-player, key-list, key-add, key-remove, backup, mail-list, mail-retry
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
}

// Response is the answer to a Request.
type Response struct {
	Text  string
	Error string
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
		gs, err := ref.Games(now)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for _, g := range gs {
			state := "deadline " + g.Deadline.UTC().Format("2006-01-02 15:04 MST")
			switch {
			case g.Over:
				state = "over"
			case g.Paused:
				state = "paused"
			}
			fmt.Fprintf(&b, "%-16s %-20s %-16s %s; on file: %s\n", g.ID, g.Scenario, g.Window, state, orNone(g.Sent))
		}
		if len(gs) == 0 {
			b.WriteString("no games\n")
		}
		return b.String(), nil
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
		return mailList(queued, givenUp), nil
	case "mail-retry":
		n, err := ref.Requeue(req.Seqs, now)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%d mail(s) back in the outbox, to be sent at once\n", n), nil
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
		n, err := ref.Export(req.Game, req.Path, now)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("game %s exported to %s (%d bytes); pbem audit %s checks it anywhere\n", req.Game, req.Path, n, req.Path), nil
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
		return done(ref.Extend(req.Game, req.Duration, req.Who, req.Why, now), fmt.Sprintf("deadline moved by %v", req.Duration))
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
	fmt.Fprintf(&b, "outbox: %d mail(s)\n", len(queued))
	for _, q := range queued {
		state := "queued " + stamp(q.Mail.Queued) + ", not tried yet"
		if q.Mail.Attempts > 0 {
			state = fmt.Sprintf("%d failed attempt(s), the last %s: %s; next %s", q.Mail.Attempts, stamp(q.Mail.LastTry), q.Mail.LastError, stamp(q.Mail.NextTry))
		}
		line(q, state)
	}
	fmt.Fprintf(&b, "given up: %d mail(s)\n", len(givenUp))
	for _, q := range givenUp {
		line(q, fmt.Sprintf("given up after %d attempt(s), the last %s: %s", q.Mail.Attempts, stamp(q.Mail.LastTry), q.Mail.LastError))
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
			_ = conn.SetDeadline(time.Now().Add(time.Minute))
			var req Request
			if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&req); err != nil {
				_ = json.NewEncoder(conn).Encode(Response{Error: "bad request: " + err.Error()})
				return
			}
			res := make(chan eventResult, 1)
			select {
			case events <- event{ctl: &req, done: res}:
			case <-ctx.Done():
				return
			}
			r := <-res
			resp := Response{Text: r.text}
			if r.err != nil {
				resp.Error = r.err.Error()
			}
			log.Info("control", "cmd", req.Cmd, "game", req.Game, "err", resp.Error)
			_ = json.NewEncoder(conn).Encode(resp)
		}()
	}
}

// Call sends req to the daemon listening on path. ok is false when no
// daemon answers there, so the caller may open the file itself.
func Call(path string, req Request) (resp Response, ok bool, err error) {
	conn, err := net.DialTimeout("unix", path, time.Second)
	if err != nil {
		return resp, false, nil
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(2 * time.Minute))
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return resp, true, err
	}
	err = json.NewDecoder(conn).Decode(&resp)
	return resp, true, err
}
