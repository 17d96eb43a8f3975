package store

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"pbem/pbem/chain"
)

// Mail is one outgoing mail. Its Message-ID is fixed when it is queued, so
// a mail sent again after a crash is recognisably the same mail.
type Mail struct {
	ID          string // Message-ID, with its angle brackets
	Game        string `json:",omitempty"`
	To          []string
	Subject     string
	Body        string
	Attachments []Attachment `json:",omitempty"`
	Queued      time.Time
	Attempts    int
	NextTry     time.Time
	LastError   string    `json:",omitempty"`
	LastTry     time.Time `json:",omitzero"` // of a failed attempt
	Sent        time.Time `json:",omitzero"`
	GaveUp      bool      `json:",omitempty"`
}

// Attachment is a file sent with a mail. Only a mail on its way (Due)
// carries Data; Size and Sum (hex SHA-256, as on the chain) are set once
// it is queued, and are all a sent mail keeps.
type Attachment struct {
	Name string
	Type string // media type
	Data []byte `json:",omitempty"`
	Size int    `json:",omitempty"`
	Sum  string `json:",omitempty"`
}

// Queued is a mail with its number, which names it to MarkSent,
// MarkFailed, Requeue and Told.
type Queued struct {
	Seq  uint64
	Mail *Mail
}

// Enqueue puts m in the outbox, due at once. An empty m.ID becomes
// <pbem.SEQ.GAME@domain>, unique within the store. The mail is kept with
// its game (with the referee's own mail if it names no game that is
// stored); the outbox holds only its due time and number.
func (t *Tx) Enqueue(m *Mail, domain string, now time.Time) error {
	seq, err := t.tx.Bucket(bucketQueue).NextSequence()
	if err != nil {
		return err
	}
	if m.ID == "" {
		game := m.Game
		if game == "" {
			game = "referee"
		}
		m.ID = fmt.Sprintf("<pbem.%d.%s@%s>", seq, game, domain)
	}
	m.Queued, m.NextTry = now, now
	for i := range m.Attachments {
		a := &m.Attachments[i]
		a.Size, a.Sum = len(a.Data), chain.Sum(a.Data)
	}
	home := ""
	if m.Game != "" && t.games().Bucket([]byte(m.Game)) != nil {
		home = m.Game
	}
	if err := t.putMail(home, seq, m, true); err != nil {
		return err
	}
	if err := t.schedule(seq, home, now); err != nil {
		return err
	}
	// Every mail sent is on the chain of its game (the referee's own for
	// mail of no game): what was sent to whom, by hash.
	l := &chain.Link{At: now, Kind: chain.KindMailOut}
	l.Add("message-id", m.ID)
	for _, to := range m.To {
		l.Add("to", to)
	}
	l.Add("subject", m.Subject).Add("body", chain.Sum([]byte(m.Body)))
	for _, a := range m.Attachments {
		l.Add("attachment", a.Name+" "+a.Sum)
	}
	if m.Game != "" && home == "" {
		return nil // a mail about a game that is not stored: a refusal
	}
	_, err = t.Append(m.Game, l)
	return err
}

// Due lists the mails of the outbox due at now, oldest due first, at most
// n, each whole: body and attachments. It reads only the mails it
// returns: the outbox is in due order, and it stops at the first not due.
func (t *Tx) Due(now time.Time, n int) ([]Queued, error) {
	var out []Queued
	limit := dueKey(now, math.MaxUint64)
	c := t.tx.Bucket(bucketQueue).Cursor()
	for k, v := c.First(); k != nil && len(out) < n && bytes.Compare(k, limit) <= 0; k, v = c.Next() {
		seq := seqOf(k[8:])
		m, err := t.getMail(string(v), seq, true)
		if errors.Is(err, ErrNotFound) {
			continue // its game is gone (RefileMail tidies up)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, Queued{Seq: seq, Mail: m})
	}
	return out, nil
}

// Outbox counts the mails still to send.
func (t *Tx) Outbox() int { return t.tx.Bucket(bucketQueued).Stats().KeyN }

// MarkSent records mail seq sent at at: it leaves the outbox, and its
// attachments are dropped but for their names, sizes and hashes (the
// pictures of a long campaign would fill the file).
func (t *Tx) MarkSent(seq uint64, at time.Time) error {
	key, home, m, err := t.queuedMail(seq)
	if err != nil {
		return err
	}
	m.Sent = at
	if err := t.unschedule(seq, key); err != nil {
		return err
	}
	if err := t.dropAttachments(home, seq); err != nil {
		return err
	}
	return t.putEnvelope(home, seq, m)
}

// MarkFailed records an attempt at to send mail seq, failed: it is tried
// again at next, or given up after maxAttempts attempts (out of the
// outbox, among the mail given up and still to be told of).
func (t *Tx) MarkFailed(seq uint64, why string, at, next time.Time, maxAttempts int) error {
	key, home, m, err := t.queuedMail(seq)
	if err != nil {
		return err
	}
	m.Attempts++
	m.LastError = why
	m.LastTry = at
	m.NextTry = next
	m.GaveUp = m.Attempts >= maxAttempts
	if err := t.unschedule(seq, key); err != nil {
		return err
	}
	if err := t.putEnvelope(home, seq, m); err != nil {
		return err
	}
	if !m.GaveUp {
		return t.schedule(seq, home, next)
	}
	if err := t.tx.Bucket(bucketGaveUp).Put(u64(seq), []byte(home)); err != nil {
		return err
	}
	return t.tx.Bucket(bucketUntold).Put(u64(seq), []byte(home))
}

// Untold lists the mails given up whose game's moderators have not been
// told yet (Told), oldest first, without their bodies.
func (t *Tx) Untold() ([]Queued, error) { return t.indexed(bucketUntold) }

// UntoldCount is how many mails given up are still to be told of.
func (t *Tx) UntoldCount() int { return t.tx.Bucket(bucketUntold).Stats().KeyN }

// Told records that the moderators were told of mail seq given up.
func (t *Tx) Told(seq uint64) error { return t.tx.Bucket(bucketUntold).Delete(u64(seq)) }

// GivenUp lists the mails given up, oldest first, without their bodies.
func (t *Tx) GivenUp() ([]Queued, error) { return t.indexed(bucketGaveUp) }

// QueuedMail lists every mail of the outbox, due or not, oldest first,
// without their bodies.
func (t *Tx) QueuedMail() ([]Queued, error) { return t.indexed(bucketQueued) }

// SentMail lists the mails sent or given up of every game and of none,
// oldest first, without their bodies. It reads the mail of the whole
// store: a caller about one game reads MailOf.
func (t *Tx) SentMail() ([]Queued, error) {
	var out []Queued
	keep := func(home string) error {
		mail, err := t.MailOf(home)
		for _, q := range mail {
			if !q.Mail.Sent.IsZero() || q.Mail.GaveUp {
				out = append(out, q)
			}
		}
		return err
	}
	if err := keep(""); err != nil {
		return nil, err
	}
	for _, id := range t.GameIDs() {
		if err := keep(id); err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seq < out[j].Seq })
	return out, nil
}

// MailOf lists the mail of game id (the referee's own for ""), sent,
// given up or still queued, oldest first, without bodies or attachment
// data: it reads nothing of other games.
func (t *Tx) MailOf(id string) ([]Queued, error) {
	b, err := t.mailHome(id)
	if err != nil {
		return nil, err
	}
	var out []Queued
	err = each(b.Bucket(bktMail), func(k []byte, m *Mail) { out = append(out, Queued{Seq: seqOf(k), Mail: m}) })
	return out, err
}

// Bodies is the text of each mail of game id (the referee's own for ""),
// sent or not, by Message-ID: what the audit checks the chain's hashes
// against.
func (t *Tx) Bodies(id string) (map[string]string, error) {
	b, err := t.mailHome(id)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	bodies := b.Bucket(bktBodies)
	var bad error
	err = each(b.Bucket(bktMail), func(k []byte, m *Mail) {
		body, err := inflate(bodies.Get(k))
		if err != nil && bad == nil {
			bad = fmt.Errorf("mail %d: %w", seqOf(k), err)
		}
		out[m.ID] = body
	})
	if err = errors.Join(err, bad); err != nil {
		return nil, fmt.Errorf("mail of %q: %w", id, err)
	}
	return out, nil
}

// Requeue puts mail seq, given up, back in the outbox, due at now with
// its attempts counted afresh: the operator's answer to a mail server
// down for longer than the retries last. It keeps its Message-ID, so it
// is the same mail on the game's chain.
func (t *Tx) Requeue(seq uint64, now time.Time) error {
	at := t.tx.Bucket(bucketGaveUp).Get(u64(seq))
	if at == nil {
		return t.notGivenUp(seq)
	}
	home := string(at)
	m, err := t.getMail(home, seq, false)
	if err != nil {
		return fmt.Errorf("mail %d: %w", seq, err)
	}
	m.GaveUp, m.Attempts, m.NextTry = false, 0, now
	if err := t.putEnvelope(home, seq, m); err != nil {
		return err
	}
	if err := t.Told(seq); err != nil {
		return err
	}
	if err := t.tx.Bucket(bucketGaveUp).Delete(u64(seq)); err != nil {
		return err
	}
	return t.schedule(seq, home, now)
}

// notGivenUp is Requeue's refusal of mail seq, which is not given up:
// sent, or not known. It looks through every game, which only an
// operator's mistake costs.
func (t *Tx) notGivenUp(seq uint64) error {
	for _, home := range append([]string{""}, t.GameIDs()...) {
		m, err := t.getMail(home, seq, false)
		if err == nil && !m.Sent.IsZero() {
			return fmt.Errorf("mail %d was sent %s, not given up", seq, m.Sent.UTC().Format("2006-01-02 15:04 MST"))
		}
	}
	return fmt.Errorf("no mail %d among the mail sent or given up", seq)
}

// indexed is the mail whose numbers the bucket index holds, each
// number's value naming where the mail is kept.
func (t *Tx) indexed(index []byte) ([]Queued, error) {
	var out []Queued
	err := t.tx.Bucket(index).ForEach(func(k, v []byte) error {
		home := string(v)
		if bytes.Equal(index, bucketQueued) {
			_, home, _ = queuedEntry(v)
		}
		m, err := t.getMail(home, seqOf(k), false)
		if errors.Is(err, ErrNotFound) {
			return nil // its game is gone (RefileMail tidies up)
		}
		if err != nil {
			return err
		}
		out = append(out, Queued{Seq: seqOf(k), Mail: m})
		return nil
	})
	return out, err
}
