package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-message/charset"

	"pbem/engine"
	"pbem/orders"
	"pbem/orders/sig"
	"pbem/pbem/ack"
	"pbem/pbem/chain"
	"pbem/pbem/intake"
	"pbem/pbem/store"
)

// Delivery is one mail as the intake fetched it from a mailbox.
type Delivery struct {
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	Raw         []byte
	// HeaderOnly: the mail was over the size limit and Raw is its header
	// only; Size is its whole size.
	HeaderOnly bool
	Size       int64
}

// Outcome is what became of a mail.
type Outcome string

// The outcomes of Receive.
const (
	Accepted  Outcome = "accepted"  // an order file taken for its window
	Refused   Outcome = "refused"   // signed by a player, refused with its reasons
	Duplicate Outcome = "duplicate" // the same mail (the same bytes) taken in before: nothing done
	Unsigned  Outcome = "unsigned"  // no valid signature by a registered key, or unreadable
	Ignored   Outcome = "ignored"   // sent by a program: never answered
)

// Verdict is what became of a mail and why, for the log.
type Verdict struct {
	Outcome Outcome
	Game    string
	Side    string
	Player  string
	Why     string
	From    string // the From: address, unverified
	Replied bool
	// budget is what a reply to mail no registered key signed is counted
	// against ("" for a reply to a key's owner, never capped); stranger
	// marks mail from an address of no game, never answered.
	budget   string
	stranger bool
}

// Receive takes in one mail in one transaction: its verdict, the order
// file it puts on file, the mailbox watermark, the hash of the mail as
// seen, and the reply in the outbox. The reply to a signed file goes to
// the signing player's registered address; a short reply to anything else
// goes to the From: address within the caps of replies.go. An error means
// nothing was recorded; a panic while judging the mail is returned as an
// error, so that the intake can put the mail aside rather than stop.
func (r *Referee) Receive(d Delivery, now time.Time) (v Verdict, err error) {
	defer func() {
		if p := recover(); p != nil {
			r.forgetAll() // a game may have been left half-read
			err = fmt.Errorf("the referee failed on this mail: %v", p)
		}
	}()
	var (
		reply   *store.Mail
		pending *store.Pending
		msgID   string
		cmd     *command
	)
	sum := mailSum(d)
	err = r.db.View(func(tx *store.Tx) error {
		if r.Fault != nil {
			if err := r.Fault(d); err != nil {
				return err
			}
		}
		var err error
		v, reply, pending, msgID, cmd, err = r.judge(tx, d, sum, now)
		return err
	})
	v.Why = clip(v.Why, maxWhy)
	if err != nil {
		return v, err
	}
	if cmd != nil {
		// A moderator's command runs in its own transaction, which also
		// records its receipt: taken in again after a crash, the same
		// text is refused as already carried out.
		done, err := r.run(cmd, v.Player, now)
		body := fmt.Sprintf("DONE: game %s: %s. Every player is told.\n", cmd.game, done)
		switch cmd.verb {
		case "show":
			body = done
		case "report":
			body = fmt.Sprintf("DONE: game %s: %s.\n", cmd.game, done)
		}
		if err != nil {
			v.Outcome, v.Why = Refused, err.Error()
			body = fmt.Sprintf("REFUSED: your command %q for game %s was not carried out: %v.\n", strings.TrimSpace(cmd.verb+" "+cmd.arg), cmd.game, err)
		}
		if reply != nil && len(reply.To) > 0 && reply.To[0] != "" {
			reply.Body, reply.Subject = body, fmt.Sprintf("[%s] your command: %s", cmd.game, cmd.verb)
		} else {
			reply = nil
		}
	}
	err = r.db.Update(func(tx *store.Tx) error {
		if tx.Seen(sum) {
			v, reply, pending = Verdict{Outcome: Duplicate, Why: "the same mail was taken in before"}, nil, nil
		}
		if err := r.chainMailIn(tx, d, sum, msgID, v, pending, cmd != nil, now); err != nil {
			return err
		}
		if pending != nil {
			if err := tx.PutPending(v.Game, pending); err != nil {
				return err
			}
		}
		if err := tx.MarkSeen(sum, now); err != nil {
			return err
		}
		if err := advance(tx, d); err != nil {
			return err
		}
		if v.stranger {
			if err := tx.CountUnanswered(v.From, now); err != nil {
				return err
			}
		}
		if reply == nil {
			return nil
		}
		if v.Player != "" {
			// Signed by a registered key: the reply goes to its owner.
			reply.Body += elsewhere(v.From, reply.To[0])
		}
		v.Replied = true
		if v.budget != "" {
			if err := r.countReply(tx, v.budget, reply.To[0], now); err != nil {
				return err
			}
		}
		return tx.Enqueue(reply, r.cfg.Domain, now)
	})
	return v, err
}

// advance moves the watermark of d's mailbox past d.
func advance(tx *store.Tx, d Delivery) error {
	wm, err := tx.Watermark(d.Mailbox)
	if err != nil || (d.UIDValidity == wm.UIDValidity && d.UID <= wm.UID) {
		return err
	}
	return tx.SetWatermark(d.Mailbox, store.Watermark{UIDValidity: d.UIDValidity, UID: d.UID})
}

// mailSum is the hash a mail is known by: of its bytes, or for a mail
// too large to fetch, of its header and size.
func mailSum(d Delivery) string {
	if d.HeaderOnly {
		return chain.Sum(fmt.Appendf(nil, "header only, %d bytes\n%s", d.Size, d.Raw))
	}
	return chain.Sum(d.Raw)
}

// judge decides on mail d, whose bytes hash to sum, without writing
// anything.
func (r *Referee) judge(tx *store.Tx, d Delivery, sum string, now time.Time) (v Verdict, reply *store.Mail, pending *store.Pending, msgID string, cmd *command, err error) {
	if tx.Seen(sum) {
		return Verdict{Outcome: Duplicate, Why: "the same mail was taken in before"}, nil, nil, "", nil, nil
	}
	size := int64(len(d.Raw))
	if d.HeaderOnly {
		size = d.Size
	}
	if size > int64(r.cfg.MaxMail) {
		v = Verdict{Outcome: Unsigned, Why: fmt.Sprintf("%v: %d bytes", intake.ErrTooLarge, size)}
		if hm := headerOf(d.Raw); hm != nil {
			msgID, v.From = hm.MessageID, hm.From
			reply = r.shortReply(tx, hm, &v, budgetUnsigned, now, fmt.Sprintf("Your mail is %d bytes long; the referee takes mail of at most %d bytes. Send the signed order file on its own.", size, r.cfg.MaxMail))
		}
		return v, reply, nil, msgID, nil, nil
	}
	m, rerr := intake.Read(d.Raw, r.cfg.MaxMail)
	if rerr != nil {
		return Verdict{Outcome: Unsigned, Why: rerr.Error()}, nil, nil, "", nil, nil
	}
	msgID = m.MessageID
	if m.Automatic {
		return Verdict{Outcome: Ignored, Why: "sent by a program (" + m.From + ")"}, nil, nil, msgID, nil, nil
	}
	type found struct {
		game string
		s    *sig.Signed
	}
	var ok []found
	var unknown, unsigned int
	var other error
	// The mail is read once; each game's keyring checks what was found.
	sm, serr := sig.ReadMail(d.Raw)
	for _, id := range tx.GameIDs() {
		g, err := r.load(tx, id, now)
		if err != nil {
			r.log.Error("game unreadable", "game", id, "err", err)
			continue
		}
		s, err := (*sig.Signed)(nil), serr
		if serr == nil {
			s, err = sm.Verify(g.keyring, now)
		}
		switch {
		case err == nil:
			ok = append(ok, found{id, s})
		case errors.Is(err, sig.ErrUnknownKey):
			unknown++
		case errors.Is(err, sig.ErrNoSignature):
			unsigned++
		case other == nil:
			other = err
		}
	}
	if len(ok) == 0 {
		why := "the mail is not signed by a key registered in any game here"
		switch {
		case other != nil:
			why = other.Error()
		case unsigned > 0 && unknown == 0:
			why = "the mail carries no signature"
		}
		text := "The referee could not take your mail: " + why + "."
		if m.HTMLOnly {
			text += " It holds only HTML; send plain text."
		}
		text += " Orders must be signed with the key you registered: see the players' guide (docs/players.md)."
		v = Verdict{Outcome: Unsigned, Why: why, From: m.From}
		budget := budgetUnsigned
		if signedByAKey(other) {
			budget = budgetSignature
		}
		return v, r.shortReply(tx, m, &v, budget, now, text), nil, msgID, nil, nil
	}
	// A key may be registered in several games: the file's own Game line
	// says which.
	pick := ok[0]
	for _, c := range ok {
		if len(ok) == 1 {
			break // one game knows the key: nothing to choose
		}
		f, _ := orders.Parse("orders", c.s.Text, nil) // the header is read whatever the orders
		if b, err := orders.ReadBinding(f.Header); err == nil && strings.EqualFold(b.Game, c.game) {
			pick = c
			break
		}
	}
	g, _ := r.load(tx, pick.game, now)
	s := pick.s
	// The signature covers the bytes as sent; the orders are read as
	// UTF-8, decoded from the charset the mail declared.
	decoded, cerr := utf8Text(s.Text, s.Charset)
	if cerr == nil {
		s.Text = decoded
	}
	v = Verdict{Game: pick.game, Side: s.Side, Player: s.Player, From: m.From}
	to := ""
	if s.IsModerator() {
		if p, err := seatOf(g.rec, sig.ModeratorRole, s.Player); err == nil {
			to = p.Address
		}
	} else if p, ok := playerOf(g.rec, s.Side, s.Player); ok {
		to = p.Address
	}
	w := g.state.Window()
	if isCommand(s.Text) {
		return r.judgeCommand(tx, v, pick.game, s, to, msgID)
	}
	var res *ack.Result
	// Replies call the file by the name it was attached under; orders in
	// the text of the mail itself by the name players.md gives them.
	name := s.Name
	if name == "" {
		name = "orders.txt"
	}
	f, err := orders.ParseWith(name, s.Text, g.rs.Verbs(), g.data.Map.Grid.Codec)
	if cerr != nil {
		err = cerr
	}
	if err == nil && s.IsModerator() {
		err = errors.New("a moderator's key signs moderator commands (with a Command line), never a side's orders")
	}
	if err == nil {
		var mine []ack.Receipt
		if mine, err = tx.ReceiptsFor(pick.game, w.ID); err != nil {
			return v, nil, nil, msgID, nil, err
		}
		res, err = ack.Bind(g.state, pick.game, engine.Side(s.Side), f, s.When, mine)
	}
	text := ack.Acknowledge(ack.Ack{Game: pick.game, Side: engine.Side(s.Side), Fingerprint: s.Fingerprint, Window: w,
		Deadline: g.deadline(g.window), File: f, Result: res, Err: err})
	if err != nil {
		v.Outcome, v.Why = Refused, err.Error()
	} else {
		v.Outcome = Accepted
		pending = &store.Pending{Side: s.Side, Player: s.Player, Fingerprint: s.Fingerprint, Receipt: res.Receipt, Nonce: res.Binding.Nonce,
			Final: res.Binding.Final, Canonical: ack.Canonical(res.Binding, res.Orders), Lines: sentLines(res.Orders), Mail: sum, Received: now}
	}
	if to == "" {
		r.log.Error("no address for a signing key", "game", pick.game, "side", s.Side, "player", s.Player)
		return v, nil, pending, msgID, nil, nil
	}
	subject := fmt.Sprintf("[%s] %s: your orders are %s", pick.game, w.ID, v.Outcome)
	if res != nil && err == nil && len(res.Problems) > 0 {
		subject += fmt.Sprintf(", %d in error", len(res.Problems))
	}
	reply = &store.Mail{Game: pick.game, To: []string{to}, Subject: subject, Body: text}
	return v, reply, pending, msgID, nil, nil
}

// elsewhere warns the owner of a key, at the address the game has for
// them, when a file or command signed with it came from another address:
// from a second account of theirs, or from whoever holds their key.
func elsewhere(from, registered string) string {
	if from == "" || strings.EqualFold(from, registered) {
		return ""
	}
	return fmt.Sprintf("\nThis came from %s, not from the address the game has for you. If you did\nnot send it, someone else holds your key: tell your moderator, who can\nremove it (pbem key remove) and register a new one.\n", from)
}

// judgeCommand reads a moderator's signed command: refused at once if it
// is malformed, for another game, or already carried out; otherwise
// returned for Receive to run.
func (r *Referee) judgeCommand(tx *store.Tx, v Verdict, game string, s *sig.Signed, to, msgID string) (Verdict, *store.Mail, *store.Pending, string, *command, error) {
	reply := &store.Mail{Game: game, To: []string{to}, Subject: fmt.Sprintf("[%s] your command", game)}
	c, err := readCommand(s.Text, s.When)
	if err == nil && !strings.EqualFold(c.game, game) {
		err = fmt.Errorf("the command is for game %s; your key is registered in game %s", c.game, game)
	}
	if err == nil {
		done, rerr := tx.ReceiptsFor(game, c.receipt.Window)
		if rerr != nil {
			return v, nil, nil, msgID, nil, rerr
		}
		for _, rc := range done {
			if rc.Hash == c.receipt.Hash {
				err = fmt.Errorf("this command was carried out already (the same text; change its nonce to give it again)")
			}
		}
	}
	if err != nil {
		v.Outcome, v.Why = Refused, err.Error()
		reply.Body = fmt.Sprintf("REFUSED: your command was not carried out: %v.\n", err)
		return v, reply, nil, msgID, nil, nil
	}
	c.game, c.side = game, s.Side
	v.Outcome, v.Why = Accepted, "command "+c.verb
	return v, reply, nil, msgID, c, nil
}

// utf8Text decodes text from the charset its mail part declared.
func utf8Text(text []byte, cs string) ([]byte, error) {
	switch strings.ToLower(cs) {
	case "", "utf-8", "utf8", "us-ascii", "ascii":
		return text, nil
	}
	rd, err := charset.Reader(cs, bytes.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("the order file's charset %q is unknown; send it as UTF-8", cs)
	}
	return io.ReadAll(rd)
}

// chainMailIn puts mail d on the chain of the game it concerns (the
// referee's own if none): its hash and verdict; an accepted order file or
// command is kept whole, and a file is a link of its own.
func (r *Referee) chainMailIn(tx *store.Tx, d Delivery, sum, msgID string, v Verdict, pending *store.Pending, command bool, now time.Time) error {
	game := v.Game
	if game != "" {
		if _, err := tx.Game(game); err != nil {
			game = ""
		}
	}
	l := &chain.Link{At: now, Kind: chain.KindMailIn}
	l.Add("message-id", msgID).Add("mailbox", fmt.Sprintf("%s %d %d", d.Mailbox, d.UIDValidity, d.UID))
	raw := ""
	if d.HeaderOnly {
		l.Add("size", d.Size).Add("header", sum)
	} else {
		raw = sum
		l.Add("mail", raw)
	}
	l.Add("verdict", v.Outcome).Add("side", v.Side).Add("player", v.Player).Add("why", v.Why)
	if game != "" && v.Outcome == Accepted && (pending != nil || command) && !d.HeaderOnly {
		if err := tx.PutFileAs(game, raw, d.Raw); err != nil {
			return err
		}
		l.Add("file", raw)
	}
	if _, err := tx.Append(game, l); err != nil {
		return err
	}
	if pending == nil || game == "" {
		return nil
	}
	// The canonical text the resolution reads, under its hash, which is
	// the receipt the player was given.
	if err := tx.PutFileAs(game, pending.Receipt.Hash, pending.Canonical); err != nil {
		return err
	}
	o := &chain.Link{At: now, Kind: chain.KindOrders}
	o.Add("window", pending.Receipt.Window).Add("side", pending.Side).Add("player", pending.Player).
		Add("fingerprint", pending.Fingerprint).Add("file", raw).Add("receipt", pending.Receipt.Hash).
		Add("nonce", pending.Nonce).Add("final", pending.Final)
	_, err := tx.Append(game, o)
	return err
}
