// Package demo plays a game of pbem from end to end inside one process
// (what `pbem demo` and `make run` do): an in-process mail system
// (pbem/memmail: IMAP and SMTP), the real daemon against it, a game of
// tannenberg-1914 with a moderator and two robot players, each with its
// own mailbox and SSH key. The robots wait in their mailboxes for the
// report that opens a window they must act in, write their orders from
// their own side's view, sign them and mail them to the referee; the
// daemon takes them in, acknowledges them, resolves each window and mails
// the reports. At the end every mail, report and map is written out, the
// game is exported and audited from the archive.
package demo

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/smtp"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"
	"golang.org/x/crypto/ssh"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/orders/sig"
	"pbem/pbem/audit"
	"pbem/pbem/daemon"
	"pbem/pbem/mailin"
	"pbem/pbem/memmail"
	"pbem/pbem/outbox"
	"pbem/pbem/referee"
	"pbem/pbem/robot"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// Options tune a demo.
type Options struct {
	Turns int    // game-turns to play (the game may end sooner)
	Out   string // where everything is written; it is made if missing
	// IMAP and SMTP are the addresses the mail servers listen on
	// ("127.0.0.1:0" for any free port).
	IMAP, SMTP string
	// Listen keeps the servers up after the game, until ctx ends, for a
	// person to look with a mail client.
	Listen bool
	Log    io.Writer // progress, a line per window and per combat
}

// Result is what a demo did.
type Result struct {
	Windows          int
	MailIn, MailOut  int
	Combats          int
	Archive, Verdict string
}

const (
	domain   = "demo.pbem"
	game     = "demo"
	password = "demo"
)

// a player of the demo: a robot with a mailbox and a key.
type seat struct {
	side   engine.Side // "" for the moderator
	name   string
	addr   string
	signer ssh.Signer
	seen   int // mails of its mailbox already read
	sent   int
}

// Run plays a demo game and writes it under opt.Out.
func Run(ctx context.Context, opt Options) (*Result, error) {
	if opt.Turns <= 0 {
		opt.Turns = 2
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return nil, err
	}
	seats := []*seat{{side: "RU", name: "Anna"}, {side: "DE", name: "Ben"}, {name: "Mo"}}
	refAddr := "referee@" + domain
	pw := map[string]string{refAddr: password}
	for _, s := range seats {
		s.addr = strings.ToLower(s.name) + "@" + domain
		pw[s.addr] = password
		_, key, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		if s.signer, err = ssh.NewSignerFromKey(key); err != nil {
			return nil, err
		}
	}
	if opt.IMAP == "" {
		opt.IMAP = "127.0.0.1:0"
	}
	if opt.SMTP == "" {
		opt.SMTP = "127.0.0.1:0"
	}
	sys, err := memmail.StartAt(pw, opt.IMAP, opt.SMTP)
	if err != nil {
		return nil, fmt.Errorf("the mail servers: %w", err)
	}
	defer sys.Close()
	fmt.Fprintf(opt.Log, "mail servers: IMAP %s, SMTP %s (login: the address, password %q)\n", sys.IMAPAddr, sys.SMTPAddr, password)

	dbPath := filepath.Join(opt.Out, "pbem.db")
	_ = os.Remove(dbPath)
	db, err := store.Open(dbPath)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	cat, err := scenarios.Embedded()
	if cat == nil {
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(opt.Out, "daemon.log"))
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	log := slog.New(slog.NewTextHandler(logFile, nil))
	ref := referee.New(db, referee.Config{Address: refAddr, Domain: domain, Catalog: cat}, log)
	pol := referee.DefaultPolicy()
	pol.EarlyDelay = 0 // every file is final: resolve at once
	spec := referee.Spec{ID: game, Scenario: "tannenberg-1914", Policy: pol}
	for _, s := range seats {
		m := referee.Member{Side: string(s.side), Name: s.name, Address: s.addr, Key: ssh.MarshalAuthorizedKey(s.signer.PublicKey())}
		if s.side == "" {
			m.Side = sig.Moderator
			spec.Moderators = append(spec.Moderators, m)
		} else {
			spec.Players = append(spec.Players, m)
		}
	}
	if err := ref.NewGame(spec, time.Now()); err != nil {
		return nil, err
	}
	box := mailin.New(mailin.Config{Server: sys.IMAPAddr, TLS: "none", Username: refAddr, Password: password, Mailbox: "INBOX", Processed: "Done",
		Idle: true, Poll: time.Second, Timeout: 10 * time.Second})
	snd := &outbox.Sender{DB: db, Mailer: &outbox.SMTP{Server: sys.SMTPAddr, TLS: "none", Timeout: 10 * time.Second}, From: refAddr,
		Timeout: 10 * time.Second, Retry: time.Second, MaxAttempts: 5, Log: log}
	run, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- daemon.Run(run, daemon.Options{DB: db, Referee: ref, Mailbox: box, Sender: snd, Folder: "INBOX", MaxMail: 4 << 20,
			Tick: 100 * time.Millisecond, Log: log})
	}()
	stopped := false
	halt := func() error {
		if stopped {
			return nil
		}
		stopped = true
		stop()
		return <-done
	}
	defer halt()

	res := &Result{}
	drained := func() bool {
		n := 1
		_ = db.View(func(tx *store.Tx) error { n = tx.Outbox(); return nil })
		return n == 0
	}
	err = play(ctx, ref, sys, seats, drained, opt, res)
	if herr := halt(); err == nil {
		err = herr
	}
	if err != nil {
		return res, err
	}
	res.MailIn = len(sys.Received(refAddr))
	for _, s := range seats {
		res.MailOut += len(sys.Received(s.addr))
		if err := writeMails(filepath.Join(opt.Out, strings.ToLower(s.name)), sys.Received(s.addr)); err != nil {
			return res, err
		}
	}
	// The archive, audited from the file alone.
	res.Archive = filepath.Join(opt.Out, game+".tar")
	if _, err := ref.Export(game, res.Archive, time.Now()); err != nil {
		return res, err
	}
	f, err := os.Open(res.Archive)
	if err != nil {
		return res, err
	}
	defer f.Close()
	ev, acat, err := audit.Import(f)
	if err != nil {
		return res, err
	}
	lines, aerr := audit.Run(ev, acat, audit.Options{})
	text := strings.Join(lines, "\n") + "\n"
	res.Verdict = "ok"
	if aerr != nil {
		res.Verdict = aerr.Error()
		text += "DISCREPANCY: " + aerr.Error() + "\n"
	}
	if err := os.WriteFile(filepath.Join(opt.Out, "audit.txt"), []byte(text), 0o644); err != nil {
		return res, err
	}
	fmt.Fprintf(opt.Log, "%d windows, %d combats, %d mails in, %d out; everything is in %s\n", res.Windows, res.Combats, res.MailIn, res.MailOut, opt.Out)
	fmt.Fprintf(opt.Log, "pbem audit %s: %s\n", res.Archive, res.Verdict)
	if opt.Listen {
		fmt.Fprintf(opt.Log, "the mail servers stay up until interrupted: IMAP %s, SMTP %s; log in as anna@%s, ben@%s or mo@%s, password %q\n",
			sys.IMAPAddr, sys.SMTPAddr, domain, domain, domain, password)
		<-ctx.Done()
	}
	if aerr != nil {
		return res, aerr
	}
	return res, nil
}

var (
	resolvedRe = regexp.MustCompile(`(?m)^(GT\d+ \S+) \(.*\) is resolved\.$`)
	openRe     = regexp.MustCompile(`(?m)^Now open: (GT\d+ \S+) `)
)

// story is the entries of a report's "What happened", each on one line
// (the report wraps them at 72 columns, continuing 4 blanks in).
func story(text string) []string {
	_, rest, ok := strings.Cut(text, "What happened:\n")
	if !ok {
		return nil
	}
	var out []string
	for _, line := range strings.Split(rest, "\n") {
		switch {
		case strings.HasPrefix(line, "    ") && len(out) > 0:
			out[len(out)-1] += " " + strings.TrimSpace(line)
		case strings.HasPrefix(line, "  "):
			out = append(out, strings.TrimSpace(line))
		default:
			return out
		}
	}
	return out
}

// play runs the robots until opt.Turns game-turns are over or the game
// ends: each robot answers the report that opens a window it must act in.
func play(ctx context.Context, ref *referee.Referee, sys *memmail.System, seats []*seat, drained func() bool, opt Options, res *Result) error {
	refAddr := "referee@" + domain
	over := false
	var mo *seat
	for _, s := range seats {
		if s.side == "" {
			mo = s
		}
	}
	idle := time.Now()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		progressed := false
		// The moderator's mailbox tells the story: a report per window.
		for _, raw := range sys.Received(mo.addr)[mo.seen:] {
			mo.seen++
			text := body(raw)
			if !strings.Contains(text, "moderators' report") {
				continue
			}
			if m := resolvedRe.FindStringSubmatch(text); m != nil {
				res.Windows++
				next := "the end"
				if w := openRe.FindStringSubmatch(text); w != nil {
					next = w[1]
				}
				fmt.Fprintf(opt.Log, "%s resolved; now open: %s\n", m[1], next)
				for _, e := range story(text) {
					if strings.HasSuffix(e, "[std 8.4]") {
						res.Combats++
						short, _, _ := strings.Cut(e, "; forces") // the odds, shifts and result
						fmt.Fprintf(opt.Log, "  combat: %s\n", short)
					}
				}
			}
			progressed = true
		}
		if over {
			// Every mail has gone out, and the story above is told.
			return nil
		}
		_, w, err := ref.View(game, "RU")
		if err != nil {
			return err
		}
		if w.Done || w.Turn > opt.Turns {
			if drained() {
				over = true
			}
			time.Sleep(50 * time.Millisecond)
			continue
		}
		for _, s := range seats {
			if s.side == "" {
				continue
			}
			for _, raw := range sys.Received(s.addr)[s.seen:] {
				s.seen++
				progressed = true
				text := body(raw)
				if !strings.Contains(text, "Your orders are due") {
					continue
				}
				if err := s.answer(ref, sys, refAddr); err != nil {
					return err
				}
			}
		}
		if progressed {
			idle = time.Now()
		} else if time.Since(idle) > 2*time.Minute {
			return errors.New("the demo game made no progress for two minutes (see daemon.log)")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// answer writes s's orders for the open window from its side's view,
// signs them and mails them to the referee over SMTP.
func (s *seat) answer(ref *referee.Referee, sys *memmail.System, refAddr string) error {
	v, w, err := ref.View(game, s.side)
	if err != nil {
		return err
	}
	gv, ok := v.(*gwite.View)
	if !ok {
		return fmt.Errorf("the robot plays %s only", "gwite")
	}
	s.sent++
	text := fmt.Sprintf("Game: %s\nSide: %s\nWindow: %s\nNonce: %s-%s-%d\nFinal: yes\n\n%s", game, s.side, w.ID,
		strings.ToLower(s.name), strings.ReplaceAll(w.ID, " ", "-"), s.sent, robot.Orders(gv))
	signature, err := sig.SignSSH(s.signer, []byte(text))
	if err != nil {
		return err
	}
	id := fmt.Sprintf("<%s-%d@%s>", strings.ToLower(s.name), s.sent, domain)
	raw := memmail.OrderMail(s.name+" <"+s.addr+">", refAddr, id, []byte(text), signature, ".sig")
	return smtp.SendMail(sys.SMTPAddr, nil, s.addr, []string{refAddr}, raw)
}

// body is the text of a mail: its first text/plain part, decoded.
func body(raw []byte) string {
	r, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	for {
		p, err := r.NextPart()
		if err != nil {
			return ""
		}
		if h, ok := p.Header.(*mail.InlineHeader); ok {
			if t, _, _ := h.ContentType(); t == "" || t == "text/plain" {
				b, _ := io.ReadAll(p.Body)
				return strings.ReplaceAll(string(b), "\r\n", "\n")
			}
		}
	}
}

// writeMails writes each mail of a mailbox to dir, whole (NNN.eml), with
// its text (NNN.txt) and its attachments (NNN-NAME).
func writeMails(dir string, mails [][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, raw := range mails {
		base := filepath.Join(dir, fmt.Sprintf("%03d", i+1))
		if err := os.WriteFile(base+".eml", raw, 0o644); err != nil {
			return err
		}
		r, err := mail.CreateReader(bytes.NewReader(raw))
		if err != nil {
			continue
		}
		wroteText := false
		for {
			p, err := r.NextPart()
			if err != nil {
				break
			}
			data, _ := io.ReadAll(p.Body)
			switch h := p.Header.(type) {
			case *mail.InlineHeader:
				if !wroteText {
					wroteText = true
					if err := os.WriteFile(base+".txt", data, 0o644); err != nil {
						return err
					}
				}
			case *mail.AttachmentHeader:
				name, _ := h.Filename()
				if name == "" {
					_, params, _ := mime.ParseMediaType(h.Get("Content-Disposition"))
					name = params["filename"]
				}
				if name = filepath.Base(name); name != "." && name != "" {
					if err := os.WriteFile(base+"-"+name, data, 0o644); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
