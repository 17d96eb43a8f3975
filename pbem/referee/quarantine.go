package referee

import (
	"fmt"
	"strings"
	"time"

	"pbem/pbem/chain"
	"pbem/pbem/intake"
	"pbem/pbem/store"
)

// Quarantine records that mail d could not be taken in after tries
// attempts, the last failing with why, and is moved to folder: a record
// for pbem mail list, a link of the referee's own chain, the watermark
// past it, and a notice to the moderators of each game whose seat its
// From: address holds. Nothing of the mail is kept but its hash, size and
// a bounded Message-ID and From, and it is not marked as seen: moved
// back to the inbox once the referee is fixed, it is taken in again.
func (r *Referee) Quarantine(d Delivery, why string, tries int, folder string, now time.Time) (q store.Quarantined, err error) {
	q = store.Quarantined{At: now, Mailbox: d.Mailbox, UIDValidity: d.UIDValidity, UID: d.UID, Size: int64(len(d.Raw)),
		Sum: mailSum(d), Why: clip(why, maxWhy), Tries: tries, Folder: folder}
	if d.HeaderOnly {
		q.Size = d.Size
	}
	if m := headerOf(d.Raw); m != nil {
		q.From, q.MessageID = m.From, m.MessageID
	}
	err = r.db.Update(func(tx *store.Tx) error {
		if _, err := tx.Quarantine(&q); err != nil {
			return err
		}
		l := &chain.Link{At: now, Kind: chain.KindMailIn}
		l.Add("message-id", q.MessageID).Add("mailbox", fmt.Sprintf("%s %d %d", d.Mailbox, d.UIDValidity, d.UID)).
			Add("size", q.Size).Add("sum", q.Sum).Add("verdict", "quarantined").Add("why", q.Why).Add("folder", folder)
		if _, err := tx.Append("", l); err != nil {
			return err
		}
		if err := advance(tx, d); err != nil {
			return err
		}
		return r.tellQuarantined(tx, q, now)
	})
	if err == nil {
		r.log.Error("mail quarantined", "uid", d.UID, "size", q.Size, "from", q.From, "folder", folder, "tries", tries, "err", q.Why)
	}
	return q, err
}

// headerOf reads the header of a mail too large to read whole, or that
// made the referee fail: from its first 64 KiB, nil if it cannot, or if
// reading it fails in any way.
func headerOf(raw []byte) (m *intake.Mail) {
	defer func() {
		if recover() != nil {
			m = nil
		}
	}()
	m, err := intake.Read(raw[:min(len(raw), 64<<10)], 64<<10)
	if err != nil {
		return nil
	}
	return m
}

// tellQuarantined mails the moderators of every game in which q's sender
// holds a seat.
func (r *Referee) tellQuarantined(tx *store.Tx, q store.Quarantined, now time.Time) error {
	if q.From == "" {
		return nil
	}
	for _, id := range tx.GameIDs() {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		if !holdsSeat(g, q.From) || len(g.Moderators) == 0 {
			continue
		}
		var to []string
		for _, m := range g.Moderators {
			to = append(to, m.Address)
		}
		body := fmt.Sprintf("The referee could not take in a mail from %s (%d bytes, received as\n"+
			"number %d of %s) after %d tries, and put it aside in the folder %s,\n"+
			"so that the mail after it is taken in. The last error:\n  %s\n\n"+
			"If it held orders, the player should send them again. The operator sees\n"+
			"it with pbem mail list; moved back to the inbox once the fault is fixed,\n"+
			"it is taken in again.\n",
			q.From, q.Size, q.UID, q.Mailbox, q.Tries, q.Folder, q.Why)
		if err := tx.Enqueue(&store.Mail{Game: id, To: to, Subject: fmt.Sprintf("[%s] a mail from %s was put aside", id, q.From), Body: body},
			r.cfg.Domain, now); err != nil {
			return err
		}
	}
	return nil
}

// holdsSeat reports whether addr is a player's or a moderator's address
// in game g.
func holdsSeat(g *store.Game, addr string) bool {
	for _, seats := range [][]store.Player{g.Players, g.Moderators} {
		for _, p := range seats {
			if strings.EqualFold(p.Address, addr) {
				return true
			}
		}
	}
	return false
}

// IntakeRecords is what the intake set aside or left unanswered: the
// mail quarantined, and the count of mail from addresses of no game.
func (r *Referee) IntakeRecords() (q []store.Quarantined, u store.Unanswered, err error) {
	err = r.db.View(func(tx *store.Tx) error {
		if q, err = tx.Quarantined(); err != nil {
			return err
		}
		u, err = tx.Unanswered()
		return err
	})
	return q, u, err
}
