// Package demo plays a game of pbem from end to end inside one process
// (what `pbem demo` and `make run` do): an in-process mail system
// (pbem/memmail: IMAP and SMTP), the real daemon against it, a game of
// tannenberg-1914 with a moderator and two robot players, each with its
// own mailbox and OpenPGP key. The robots read their mailboxes over IMAP
// and wait for the report that opens a window they must act in, write
// their orders from their own side's view, sign them and mail them to the
// referee over SMTP; the daemon takes them in, acknowledges them, resolves
// each window and mails the reports. At the end every mail, report and
// map is written out, the game is exported and audited from the archive.
// Under Options.Listen a person then takes over one side with a mail
// client, while the other robot plays on.
package demo

import (
	"bytes"
	"context"
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

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	"github.com/emersion/go-message/mail"

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
	// Turns is the game-turns the robots play (the game may end sooner);
	// 0 means 2, or, under Listen, that the person plays from the start.
	Turns int
	Out   string // where everything is written; it is made if missing
	// IMAP and SMTP are the addresses the mail servers listen on
	// ("127.0.0.1:0" for any free port).
	IMAP, SMTP string
	// Listen keeps the mail servers and the referee running after the
	// robots' turns, until ctx ends: Hand's side (default RU) is then
	// played by a person with a mail client and the key written under
	// Out/keys, and the other robot plays on.
	Listen bool
	Hand   engine.Side
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
	refAddr  = "referee@" + domain
	game     = "demo"
	password = "demo"
)

// a player of the demo: a robot with a mailbox and a key.
type seat struct {
	side engine.Side // "" for the moderator
	name string
	addr string
	key  *openpgp.Entity
	box  *mailin.Mailbox
	mark store.Watermark // the last mail read
	sent int
}

// read returns the mail come to s's mailbox since it last looked,
// through IMAP as any mail client would, and flags it seen.
func (s *seat) read(ctx context.Context) ([][]byte, error) {
	msgs, validity, err := s.box.Fetch(ctx, s.mark, 64<<20, 100)
	if err != nil {
		return nil, fmt.Errorf("%s's mailbox: %w", s.name, err)
	}
	var out [][]byte
	var uids []uint32
	for _, m := range msgs {
		out = append(out, m.Raw)
		uids = append(uids, m.UID)
		s.mark = store.Watermark{UIDValidity: validity, UID: m.UID}
	}
	if len(uids) > 0 {
		if err := s.box.Done(ctx, uids...); err != nil {
			return nil, fmt.Errorf("%s's mailbox: %w", s.name, err)
		}
	}
	return out, nil
}

// writeKeys writes s's private key (unprotected, as the demo's robots
// use it) and public key under dir, for a person who takes over a side.
func (s *seat) writeKeys(dir string) error {
	priv, err := armored(openpgp.PrivateKeyType, func(w io.Writer) error { return s.key.SerializePrivate(w, nil) })
	if err != nil {
		return err
	}
	pub, err := s.publicKey()
	if err != nil {
		return err
	}
	base := filepath.Join(dir, strings.ToLower(s.name))
	if err := os.WriteFile(base+".asc", priv, 0o600); err != nil {
		return err
	}
	return os.WriteFile(base+".pub.asc", pub, 0o644)
}

// publicKey is s's public key, armored as the referee registers it.
func (s *seat) publicKey() ([]byte, error) {
	return armored(openpgp.PublicKeyType, s.key.Serialize)
}

// armored is what serialize writes, in an armor block of the type given.
func armored(blockType string, serialize func(io.Writer) error) ([]byte, error) {
	var b bytes.Buffer
	w, err := armor.Encode(&b, blockType, nil)
	if err != nil {
		return nil, err
	}
	if err := serialize(w); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Run plays a demo game and writes it under opt.Out.
func Run(ctx context.Context, opt Options) (*Result, error) {
	if opt.Turns < 0 {
		return nil, fmt.Errorf("%d game-turns", opt.Turns)
	}
	if opt.Turns == 0 && !opt.Listen {
		opt.Turns = 2
	}
	if opt.Hand == "" {
		opt.Hand = "RU"
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	seats := []*seat{{side: "RU", name: "Anna"}, {side: "DE", name: "Ben"}, {name: "Mo"}}
	// What an earlier demo wrote goes first: a longer game's mails would
	// otherwise stay beside this one's.
	for _, name := range []string{"anna", "ben", "mo", "keys", game + ".tar", "audit.txt", "daemon.log", "pbem.db"} {
		if err := os.RemoveAll(filepath.Join(opt.Out, name)); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(opt.Out, "keys"), 0o755); err != nil {
		return nil, err
	}
	if opt.Listen && opt.Hand != "RU" && opt.Hand != "DE" {
		return nil, fmt.Errorf("no side %q to play by hand: RU or DE", opt.Hand)
	}
	pw := map[string]string{refAddr: password}
	for _, s := range seats {
		s.addr = strings.ToLower(s.name) + "@" + domain
		pw[s.addr] = password
		var err error
		if s.key, err = openpgp.NewEntity(s.name, "pbem demo", s.addr, &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA}); err != nil {
			return nil, err
		}
		if err := s.writeKeys(filepath.Join(opt.Out, "keys")); err != nil {
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
	for _, s := range seats {
		s.box = mailin.New(mailin.Config{Server: sys.IMAPAddr, TLS: "none", Username: s.addr, Password: password, Mailbox: "INBOX",
			Poll: time.Second, Timeout: 10 * time.Second})
		defer s.box.Close()
	}

	db, err := store.Open(filepath.Join(opt.Out, "pbem.db"))
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
		pub, err := s.publicKey()
		if err != nil {
			return nil, err
		}
		m := referee.Member{Side: string(s.side), Name: s.name, Address: s.addr, Key: pub}
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
	run, stop := context.WithCancel(context.Background())
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
		if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
		return nil
	}
	defer halt()

	d := &demo{opt: opt, ref: ref, db: db, sys: sys, seats: seats, res: &Result{}}
	err = d.play(ctx)
	if herr := halt(); err == nil {
		err = herr
	}
	if err != nil {
		return d.res, err
	}
	if err := d.writeOut(); err != nil {
		return d.res, err
	}
	if d.res.Verdict != "ok" {
		return d.res, errors.New(d.res.Verdict)
	}
	return d.res, nil
}

// demo is a demo being played.
type demo struct {
	opt    Options
	ref    *referee.Referee
	db     *store.DB
	sys    *memmail.System
	seats  []*seat
	res    *Result
	handed bool // the person plays opt.Hand now
}

// drained says whether every mail the referee queued is sent.
func (d *demo) drained() bool {
	n := 1
	_ = d.db.View(func(tx *store.Tx) error { n = tx.Outbox(); return nil })
	return n == 0
}

// writeOut writes every mail delivered so far, exports the game, audits
// the archive and tells the verdict.
func (d *demo) writeOut() error {
	res, opt := d.res, d.opt
	res.MailIn = len(d.sys.Received(refAddr))
	res.MailOut = 0
	for _, s := range d.seats {
		res.MailOut += len(d.sys.Received(s.addr))
		if err := writeMails(filepath.Join(opt.Out, strings.ToLower(s.name)), d.sys.Received(s.addr)); err != nil {
			return err
		}
	}
	// The archive, audited from the file alone.
	res.Archive = filepath.Join(opt.Out, game+".tar")
	if _, err := d.ref.Export(game, res.Archive, time.Now()); err != nil {
		return err
	}
	f, err := os.Open(res.Archive)
	if err != nil {
		return err
	}
	defer f.Close()
	ev, acat, err := audit.Import(f)
	if err != nil {
		return err
	}
	lines, aerr := audit.Run(ev, acat, audit.Options{})
	text := strings.Join(lines, "\n") + "\n"
	res.Verdict = "ok"
	if aerr != nil {
		res.Verdict = aerr.Error()
		text += "DISCREPANCY: " + aerr.Error() + "\n"
	}
	if err := os.WriteFile(filepath.Join(opt.Out, "audit.txt"), []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(opt.Log, "%d windows, %d combats, %d mails in, %d out; everything is in %s\n", res.Windows, res.Combats, res.MailIn, res.MailOut, opt.Out)
	fmt.Fprintf(opt.Log, "pbem audit %s: %s\n", res.Archive, res.Verdict)
	return nil
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
// ends: each robot answers the report that opens a window it must act
// in. Under opt.Listen it then hands opt.Hand's side to the person and
// plays on with the other robot until ctx ends.
func (d *demo) play(ctx context.Context) error {
	opt, res := d.opt, d.res
	over, handing := false, false
	var mo *seat
	for _, s := range d.seats {
		if s.side == "" {
			mo = s
		}
	}
	idle := time.Now()
	for {
		if ctx.Err() != nil {
			if opt.Listen {
				return nil
			}
			return ctx.Err()
		}
		progressed := false
		// The moderator's mailbox tells the story: a report per window.
		mails, err := mo.read(ctx)
		if err != nil && ctx.Err() == nil {
			return err
		}
		for _, raw := range mails {
			progressed = true
			d.tell(body(raw))
		}
		if over {
			// Every mail has gone out, and the story above is told.
			return nil
		}
		_, w, err := d.ref.View(game, "RU")
		if err != nil {
			return err
		}
		robotsDone := w.Done || w.Turn > opt.Turns
		switch {
		case robotsDone && !opt.Listen:
			if d.drained() {
				over = true
			}
			time.Sleep(50 * time.Millisecond)
			continue
		case robotsDone && !d.handed && !handing && d.drained():
			handing = true // once the story above has been read again
		case handing && !d.handed:
			d.handed = true
			if res.Windows > 0 {
				if err := d.writeOut(); err != nil {
					return err
				}
			}
			d.handOver()
		}
		for _, s := range d.seats {
			if s.side == "" || d.handed && s.side == opt.Hand {
				continue
			}
			mails, err := s.read(ctx)
			if err != nil && ctx.Err() == nil {
				return err
			}
			for _, raw := range mails {
				progressed = true
				if strings.Contains(body(raw), "Your orders are due") {
					if err := d.answer(s); err != nil {
						return err
					}
				}
			}
		}
		if progressed || d.handed {
			idle = time.Now()
		} else if time.Since(idle) > 2*time.Minute {
			return errors.New("the demo game made no progress for two minutes (see daemon.log)")
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// tell prints a line for a moderators' report of a resolved window, and
// one for each combat in its story.
func (d *demo) tell(text string) {
	if !strings.Contains(text, "moderators' report") {
		return
	}
	m := resolvedRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	d.res.Windows++
	next := "the end"
	if w := openRe.FindStringSubmatch(text); w != nil {
		next = w[1]
	}
	in, out := len(d.sys.Received(refAddr)), 0
	for _, s := range d.seats {
		out += len(d.sys.Received(s.addr))
	}
	fmt.Fprintf(d.opt.Log, "%s resolved; now open: %s (mails so far: %d in, %d out)\n", m[1], next, in, out)
	hidden, revealed := 0, 0
	for _, e := range story(text) {
		switch {
		case strings.HasSuffix(e, "[std 8.4]"):
			d.res.Combats++
			short, _, _ := strings.Cut(e, "; forces") // the odds, shifts and result
			fmt.Fprintf(d.opt.Log, "  combat: %s\n", short)
		case strings.HasPrefix(e, "a Gruppe marker ") && strings.Contains(e, " moves "):
			hidden++
		case strings.Contains(e, " is revealed "):
			revealed++
		}
	}
	if hidden > 0 {
		fmt.Fprintf(d.opt.Log, "  hidden movement [T 18]: %d Gruppe markers moved; the Russian sees the markers, not what is under them\n", hidden)
	}
	if revealed > 0 {
		fmt.Fprintf(d.opt.Log, "  reveal [T 18]: %d Gruppe markers revealed; the Russian now sees their units\n", revealed)
	}
}

// handOver tells the person how to play opt.Hand's side from here.
func (d *demo) handOver() {
	var s *seat
	for _, x := range d.seats {
		if x.side == d.opt.Hand {
			s = x
		}
	}
	key := filepath.Join(d.opt.Out, "keys", strings.ToLower(s.name)+".asc")
	fmt.Fprintf(d.opt.Log, `
%s (%s) is yours now; the other robot plays on, and the referee runs until interrupted.
  Mail client: IMAP %s and SMTP %s, no TLS; log in as %s, password %q
  (the moderator's mailbox is mo@%s).
  Orders: fill in the template attached to the last report (orders-WINDOW.txt),
  sign it with %s's key, either
    pbem sign -key %s orders.txt
  (then send orders.txt.asc), or after gpg --import %s, gpg --clearsign orders.txt,
  and mail the signed file to %s. The referee answers at once.
`, s.name, s.side, d.sys.IMAPAddr, d.sys.SMTPAddr, s.addr, password, domain, s.name, key, key, refAddr)
}

// answer writes s's orders for the open window from its side's view,
// signs them and mails them to the referee over SMTP. Anna clearsigns
// them in the body of her mail; Ben attaches the file and a detached
// signature: the two ways a player's client sends orders.
func (d *demo) answer(s *seat) error {
	v, w, err := d.ref.View(game, s.side)
	if err != nil {
		return err
	}
	if d.opt.Listen && s.side == d.opt.Hand && (w.Done || w.Turn > d.opt.Turns) {
		return nil // the person's from here
	}
	gv, ok := v.(*gwite.View)
	if !ok {
		return fmt.Errorf("the robot plays %s only", "gwite")
	}
	s.sent++
	text := fmt.Sprintf("Game: %s\nSide: %s\nWindow: %s\nNonce: %s-%s-%d\nFinal: yes\n\n%s", game, s.side, w.ID,
		strings.ToLower(s.name), strings.ReplaceAll(w.ID, " ", "-"), s.sent, robot.Orders(gv))
	id := fmt.Sprintf("%s-%d@%s", strings.ToLower(s.name), s.sent, domain)
	from := s.name + " <" + s.addr + ">"
	var raw []byte
	if s.side == "RU" {
		var signed bytes.Buffer
		cw, err := clearsign.Encode(&signed, s.key.PrivateKey, nil)
		if err != nil {
			return err
		}
		io.WriteString(cw, text)
		if err := cw.Close(); err != nil {
			return err
		}
		raw = memmail.TextMail(from, refAddr, id, "orders "+w.ID, signed.Bytes())
	} else {
		var signature bytes.Buffer
		if err := openpgp.ArmoredDetachSignText(&signature, s.key, strings.NewReader(text), nil); err != nil {
			return err
		}
		raw = memmail.OrderMail(from, refAddr, id, []byte(text), signature.Bytes(), ".asc")
	}
	return smtp.SendMail(d.sys.SMTPAddr, nil, s.addr, []string{refAddr}, raw)
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
