package store

import (
	"errors"
	"fmt"
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

// Attachment is a file sent with a mail.
type Attachment struct {
	Name string
	Type string // media type
	Data []byte `json:",omitempty"`
	Size int    `json:",omitempty"` // of Data, once sent (Data is then dropped)
}

// Queued is a mail in the outbox with its place in the queue.
type Queued struct {
	Seq  uint64
	Mail *Mail
}

// Enqueue puts m in the outbox, due at once. An empty m.ID becomes
// <pbem.SEQ.GAME@domain>, unique within the store.
func (t *Tx) Enqueue(m *Mail, domain string, now time.Time) error {
	b := t.tx.Bucket(bucketOutbox)
	seq, err := b.NextSequence()
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
	if err := putJSON(b, u64(seq), m); err != nil {
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
		l.Add("attachment", a.Name+" "+chain.Sum(a.Data))
	}
	if m.Game != "" && t.games().Bucket([]byte(m.Game)) == nil {
		return nil // a mail about a game that is not stored: a refusal
	}
	_, err = t.Append(m.Game, l)
	return err
}

// Due lists the mails of the outbox due at now, oldest first, at most n.
func (t *Tx) Due(now time.Time, n int) ([]Queued, error) {
	var out []Queued
	c := t.tx.Bucket(bucketOutbox).Cursor()
	for k, v := c.First(); k != nil && len(out) < n; k, v = c.Next() {
		m := &Mail{}
		if err := unmarshal(k, v, m); err != nil {
			return nil, err
		}
		if !m.NextTry.After(now) {
			out = append(out, Queued{Seq: seqOf(k), Mail: m})
		}
	}
	return out, nil
}

// Outbox counts the mails still to send.
func (t *Tx) Outbox() int { return t.tx.Bucket(bucketOutbox).Stats().KeyN }

// MarkSent moves mail seq from the outbox to the sent mail.
func (t *Tx) MarkSent(seq uint64, at time.Time) error {
	return t.settle(seq, func(m *Mail) bool {
		m.Sent = at
		// The pictures of a long campaign would fill the file: a sent
		// mail keeps the names and sizes of its attachments only.
		for i := range m.Attachments {
			m.Attachments[i].Size, m.Attachments[i].Data = len(m.Attachments[i].Data), nil
		}
		return true
	})
}

// MarkFailed records an attempt at to send mail seq, failed: it is tried
// again at next, or given up (and moved to the sent mail, marked so)
// after maxAttempts attempts.
func (t *Tx) MarkFailed(seq uint64, why string, at, next time.Time, maxAttempts int) error {
	gaveUp := false
	if err := t.settle(seq, func(m *Mail) bool {
		m.Attempts++
		m.LastError = why
		m.LastTry = at
		m.NextTry = next
		m.GaveUp = m.Attempts >= maxAttempts
		gaveUp = m.GaveUp
		return m.GaveUp
	}); err != nil || !gaveUp {
		return err
	}
	if err := t.tx.Bucket(bucketGaveUp).Put(u64(seq), []byte{}); err != nil {
		return err
	}
	return t.tx.Bucket(bucketUntold).Put(u64(seq), []byte{})
}

// Untold lists the mails given up whose game's moderators have not been
// told yet (Told), oldest first.
func (t *Tx) Untold() ([]Queued, error) { return t.indexed(bucketUntold) }

// UntoldCount is how many mails given up are still to be told of.
func (t *Tx) UntoldCount() int { return t.tx.Bucket(bucketUntold).Stats().KeyN }

// Told records that the moderators were told of mail seq given up.
func (t *Tx) Told(seq uint64) error { return t.tx.Bucket(bucketUntold).Delete(u64(seq)) }

// settle applies fn to mail seq; if fn says the mail is done with, it
// leaves the outbox for the sent mail.
func (t *Tx) settle(seq uint64, fn func(*Mail) bool) error {
	b := t.tx.Bucket(bucketOutbox)
	m := &Mail{}
	if err := getJSON(b, u64(seq), m); err != nil {
		return fmt.Errorf("outbox mail %d: %w", seq, err)
	}
	if !fn(m) {
		return putJSON(b, u64(seq), m)
	}
	if err := b.Delete(u64(seq)); err != nil {
		return err
	}
	return putJSON(t.tx.Bucket(bucketSent), u64(seq), m)
}

// SentMail lists the mails sent or given up, oldest first.
func (t *Tx) SentMail() ([]Queued, error) { return t.mailIn(bucketSent) }

// QueuedMail lists every mail of the outbox, due or not, oldest first.
func (t *Tx) QueuedMail() ([]Queued, error) { return t.mailIn(bucketOutbox) }

// GivenUp lists the mails given up, oldest first.
func (t *Tx) GivenUp() ([]Queued, error) { return t.indexed(bucketGaveUp) }

// indexed is the sent mail whose numbers the bucket index holds.
func (t *Tx) indexed(index []byte) ([]Queued, error) {
	var out []Queued
	err := t.tx.Bucket(index).ForEach(func(k, _ []byte) error {
		m := &Mail{}
		if err := getJSON(t.tx.Bucket(bucketSent), k, m); err != nil {
			return fmt.Errorf("mail %d given up: %w", seqOf(k), err)
		}
		out = append(out, Queued{Seq: seqOf(k), Mail: m})
		return nil
	})
	return out, err
}

// Requeue puts mail seq, given up, back in the outbox, due at now with
// its attempts counted afresh: the operator's answer to a mail server
// down for longer than the retries last. It keeps its Message-ID, so it
// is the same mail on the game's chain.
func (t *Tx) Requeue(seq uint64, now time.Time) error {
	sent := t.tx.Bucket(bucketSent)
	m := &Mail{}
	switch err := getJSON(sent, u64(seq), m); {
	case errors.Is(err, ErrNotFound):
		return fmt.Errorf("no mail %d among the mail sent or given up", seq)
	case err != nil:
		return fmt.Errorf("mail %d: %w", seq, err)
	}
	if !m.GaveUp {
		return fmt.Errorf("mail %d was sent %s, not given up", seq, m.Sent.UTC().Format("2006-01-02 15:04 MST"))
	}
	m.GaveUp, m.Attempts, m.NextTry = false, 0, now
	if err := sent.Delete(u64(seq)); err != nil {
		return err
	}
	if err := t.Told(seq); err != nil {
		return err
	}
	if err := t.tx.Bucket(bucketGaveUp).Delete(u64(seq)); err != nil {
		return err
	}
	return putJSON(t.tx.Bucket(bucketOutbox), u64(seq), m)
}

func (t *Tx) mailIn(bucket []byte) ([]Queued, error) {
	var out []Queued
	err := each(t.tx.Bucket(bucket), func(k []byte, m *Mail) { out = append(out, Queued{Seq: seqOf(k), Mail: m}) })
	return out, err
}
