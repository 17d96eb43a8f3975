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
	"net/smtp"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	"github.com/emersion/go-message/mail"

	"pbem/engine"
	"pbem/orders/sig"
	"pbem/pbem/daemon"
	"pbem/pbem/mailin"
	"pbem/pbem/memmail"
	"pbem/pbem/outbox"
	"pbem/pbem/referee"
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
	// GameOptions are the game's options (referee.Spec.Options), such
	// as fog-open for pbem demo -fog open.
	GameOptions []string
	// Scenario is the scenario played; "" is tannenberg-1914.
	Scenario string
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
	if opt.Scenario == "" {
		opt.Scenario = "tannenberg-1914"
	}
	cat, err := scenarios.Embedded()
	if cat == nil {
		return nil, err
	}
	data, _, err := cat.Find(opt.Scenario)
	if err != nil {
		return nil, err
	}
	if len(data.Sides) != 2 {
		return nil, fmt.Errorf("the demo plays games of two sides; %s has %d", data.ID, len(data.Sides))
	}
	if opt.Hand == "" {
		opt.Hand = data.Sides[0]
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Listen && opt.Hand != data.Sides[0] && opt.Hand != data.Sides[1] {
		return nil, fmt.Errorf("no side %q to play by hand: %s or %s", opt.Hand, data.Sides[0], data.Sides[1])
	}
	if opt.IMAP == "" {
		opt.IMAP = "127.0.0.1:0"
	}
	if opt.SMTP == "" {
		opt.SMTP = "127.0.0.1:0"
	}
	seats := []*seat{{side: data.Sides[0], name: "Anna"}, {side: data.Sides[1], name: "Ben"}, {name: "Mo"}}
	pw, err := prepare(opt.Out, seats)
	if err != nil {
		return nil, err
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
	sock, err := writeConfig(opt.Out, sys.IMAPAddr, sys.SMTPAddr, opt.Listen)
	if err != nil {
		return nil, err
	}
	if !opt.Listen {
		sock = "" // the moderators' commands read the database once the demo is over
	}

	db, err := store.Open(filepath.Join(opt.Out, "pbem.db"))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	logFile, err := os.Create(filepath.Join(opt.Out, "daemon.log"))
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	log := slog.New(slog.NewTextHandler(logFile, nil))
	ref, err := newGame(db, cat, opt.Scenario, seats, opt.GameOptions, log)
	if err != nil {
		return nil, err
	}
	r := startReferee(db, ref, sys, sock, log)
	defer r.halt()

	d := &demo{opt: opt, ref: ref, db: db, sys: sys, seats: seats, res: &Result{}, referee: r}
	err = d.play(ctx)
	if herr := r.halt(); err == nil {
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

// prepare empties out of what an earlier demo wrote (a longer game's
// mails would otherwise stay beside this one's), makes the seats' keys
// and writes them under out/keys. It returns the mail passwords.
func prepare(out string, seats []*seat) (map[string]string, error) {
	for _, name := range []string{"anna", "ben", "mo", "keys", game + ".tar", "audit.txt", "daemon.log", "pbem.db", "pbem.toml", "README.txt"} {
		if err := os.RemoveAll(filepath.Join(out, name)); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(out, "keys"), 0o755); err != nil {
		return nil, err
	}
	pw := map[string]string{refAddr: password}
	for _, s := range seats {
		s.addr = strings.ToLower(s.name) + "@" + domain
		pw[s.addr] = password
		var err error
		if s.key, err = openpgp.NewEntity(s.name, "pbem demo", s.addr, &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA}); err != nil {
			return nil, err
		}
		if err := s.writeKeys(filepath.Join(out, "keys")); err != nil {
			return nil, err
		}
	}
	return pw, nil
}

// newGame creates the demo's game of the scenario with options, the seats
// its players and moderator.
func newGame(db *store.DB, cat *scenarios.Catalog, scen string, seats []*seat, options []string, log *slog.Logger) (*referee.Referee, error) {
	ref := referee.New(db, referee.Config{Address: refAddr, Domain: domain, Catalog: cat}, log)
	pol := referee.DefaultPolicy()
	pol.EarlyDelay = 0 // every file is final: resolve at once
	spec := referee.Spec{ID: game, Scenario: scen, Policy: pol, Options: options}
	for _, s := range seats {
		pub, err := s.publicKey()
		if err != nil {
			return nil, err
		}
		m := referee.Member{Side: string(s.side), Name: s.name, Address: s.addr, Key: pub}
		if s.side == "" {
			m.Side = sig.ModeratorRole
			spec.Moderators = append(spec.Moderators, m)
		} else {
			spec.Players = append(spec.Players, m)
		}
	}
	return ref, ref.NewGame(spec, time.Now())
}

// running is the daemon, run in the background until halted.
type running struct {
	stop context.CancelFunc
	done chan struct{}
	err  error
}

// startReferee runs the real daemon for ref against the mail system,
// answering on the control socket sock unless it is "".
func startReferee(db *store.DB, ref *referee.Referee, sys *memmail.System, sock string, log *slog.Logger) *running {
	box := mailin.New(mailin.Config{Server: sys.IMAPAddr, TLS: "none", Username: refAddr, Password: password, Mailbox: "INBOX", Processed: "Done",
		Idle: true, Poll: time.Second, Timeout: 10 * time.Second})
	snd := &outbox.Sender{DB: db, Mailer: &outbox.SMTP{Server: sys.SMTPAddr, TLS: "none", Timeout: 10 * time.Second}, From: refAddr,
		Timeout: 10 * time.Second, Retry: time.Second, MaxAttempts: 5, Log: log}
	ctx, stop := context.WithCancel(context.Background())
	r := &running{stop: stop, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		r.err = daemon.Run(ctx, daemon.Options{DB: db, Referee: ref, Mailbox: box, Sender: snd, Folder: "INBOX", MaxMail: 4 << 20,
			Tick: 100 * time.Millisecond, Log: log, Control: sock})
	}()
	return r
}

// failed is why the daemon stopped by itself (a control socket it could
// not open), or nil while it runs.
func (r *running) failed() error {
	select {
	case <-r.done:
		if r.err == nil {
			return errors.New("the referee stopped (see daemon.log)")
		}
		return fmt.Errorf("the referee stopped: %w", r.err)
	default:
		return nil
	}
}

// halt stops the daemon and returns its error, if it was not stopped
// for that.
func (r *running) halt() error {
	r.stop()
	<-r.done
	if r.err != nil && !errors.Is(r.err, context.Canceled) {
		return r.err
	}
	return nil
}

// demo is a demo being played.
type demo struct {
	opt     Options
	ref     *referee.Referee
	db      *store.DB
	sys     *memmail.System
	seats   []*seat
	res     *Result
	handed  bool // the person plays opt.Hand now
	referee *running
}

// drained says whether every mail the referee queued is sent.
func (d *demo) drained() bool {
	n := 1
	_ = d.db.View(func(tx *store.Tx) error { n = tx.Outbox(); return nil })
	return n == 0
}

// answer writes s's orders for the open window from its side's view,
// signs them and mails them to the referee over SMTP. Anna clearsigns
// them in the body of her mail; Ben attaches the file and a detached
// signature: the two ways a player's client sends orders.
func (d *demo) answer(s *seat) error {
	orders, w, err := d.ref.Robot(game, s.side)
	if err != nil {
		return err
	}
	if d.opt.Listen && s.side == d.opt.Hand && (w.Done || w.Turn > d.opt.Turns) {
		return nil // the person's from here
	}
	s.sent++
	text := fmt.Sprintf("Game: %s\nSide: %s\nWindow: %s\nNonce: %s-%s-%d\nFinal: yes\n\n%s", game, s.side, w.ID,
		strings.ToLower(s.name), strings.ReplaceAll(w.ID, " ", "-"), s.sent, orders)
	id := fmt.Sprintf("%s-%d@%s", strings.ToLower(s.name), s.sent, domain)
	from := s.name + " <" + s.addr + ">"
	var raw []byte
	if s.name == "Anna" {
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
