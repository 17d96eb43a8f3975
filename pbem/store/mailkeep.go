package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// How the mail is kept (schema 7). Each mail lives where it belongs: in
// its game's bucket, or in the referee's own (mail of no game, or of a
// game not stored), as three records under its number: the mail without
// its body and attachments (small JSON), the body deflated, and each
// attachment's data until the mail is sent. The top-level buckets only
// index it: the outbox in due order, and the mail given up. So a game's
// audit reads that game's mail alone, and the sender decides what is due
// from keys alone.
var (
	bucketQueue   = []byte("queue")   // the outbox: due time + number -> where the mail is kept
	bucketQueued  = []byte("queued")  // the outbox by number -> its key in queue + where the mail is kept
	bucketOwnMail = []byte("ownmail") // the referee's own mail, kept as a game keeps its own
)

// Buckets of a game's, and of ownmail.
var (
	bktMail        = []byte("mail")        // number -> the mail, without body or attachment data
	bktBodies      = []byte("bodies")      // number -> the body, deflated (deflate)
	bktAttachments = []byte("attachments") // number + index -> an attachment's data, until sent
)

// mailHome is the bucket keeping the mail of game home, the referee's own
// for "".
func (t *Tx) mailHome(home string) (*bolt.Bucket, error) {
	if home == "" {
		return t.tx.Bucket(bucketOwnMail), nil
	}
	return t.game(home)
}

// putMail keeps mail seq in home: its record, its body, and its
// attachments' data.
func (t *Tx) putMail(home string, seq uint64, m *Mail, data bool) error {
	if err := t.putEnvelope(home, seq, m); err != nil {
		return err
	}
	b, _ := t.mailHome(home) // putEnvelope found it
	z, err := deflate(m.Body)
	if err != nil {
		return fmt.Errorf("mail %d: %w", seq, err)
	}
	if err := b.Bucket(bktBodies).Put(u64(seq), z); err != nil {
		return err
	}
	for i, a := range m.Attachments {
		if data && a.Data != nil {
			if err := b.Bucket(bktAttachments).Put(attachmentKey(seq, i), a.Data); err != nil {
				return err
			}
		}
	}
	return nil
}

// putEnvelope replaces the record of mail seq in home: m without its body
// and attachments' data, which do not change once queued.
func (t *Tx) putEnvelope(home string, seq uint64, m *Mail) error {
	b, err := t.mailHome(home)
	if err != nil {
		return fmt.Errorf("mail %d: %w", seq, err)
	}
	env := *m
	env.Body = ""
	env.Attachments = make([]Attachment, len(m.Attachments))
	for i, a := range m.Attachments {
		a.Data = nil
		env.Attachments[i] = a
	}
	return putJSON(b.Bucket(bktMail), u64(seq), &env)
}

// getMail reads mail seq kept in home; whole (body and attachments'
// data) or its record alone. ErrNotFound if home does not keep it.
func (t *Tx) getMail(home string, seq uint64, whole bool) (*Mail, error) {
	b, err := t.mailHome(home)
	if err != nil {
		return nil, fmt.Errorf("mail %d: %w", seq, err)
	}
	m := &Mail{}
	if err := getJSON(b.Bucket(bktMail), u64(seq), m); err != nil {
		return nil, fmt.Errorf("mail %d of %q: %w", seq, home, err)
	}
	if !whole {
		return m, nil
	}
	if m.Body, err = inflate(b.Bucket(bktBodies).Get(u64(seq))); err != nil {
		return nil, fmt.Errorf("mail %d of %q: %w", seq, home, err)
	}
	for i := range m.Attachments {
		a := &m.Attachments[i]
		data := b.Bucket(bktAttachments).Get(attachmentKey(seq, i))
		if data == nil && a.Size > 0 {
			return nil, fmt.Errorf("mail %d of %q: attachment %s: its data is not kept", seq, home, a.Name)
		}
		a.Data = bytes.Clone(data)
	}
	return m, nil
}

// dropAttachments removes the data of mail seq's attachments.
func (t *Tx) dropAttachments(home string, seq uint64) error {
	b, err := t.mailHome(home)
	if err != nil {
		return err
	}
	ab := b.Bucket(bktAttachments)
	var keys [][]byte
	prefix := u64(seq)
	c := ab.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		if err := ab.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

func attachmentKey(seq uint64, i int) []byte {
	return binary.BigEndian.AppendUint16(u64(seq), uint16(i))
}

// schedule puts mail seq, kept in home, in the outbox, due at due.
func (t *Tx) schedule(seq uint64, home string, due time.Time) error {
	key := dueKey(due, seq)
	if err := t.tx.Bucket(bucketQueue).Put(key, []byte(home)); err != nil {
		return err
	}
	return t.tx.Bucket(bucketQueued).Put(u64(seq), append(bytes.Clone(key), home...))
}

// unschedule takes mail seq, whose key in the outbox is key, out of it.
func (t *Tx) unschedule(seq uint64, key []byte) error {
	if err := t.tx.Bucket(bucketQueue).Delete(key); err != nil {
		return err
	}
	return t.tx.Bucket(bucketQueued).Delete(u64(seq))
}

// queuedEntry splits a value of bucketQueued, as schedule writes it, into
// the mail's key in bucketQueue (16 bytes: due time and number) and where
// the mail is kept; ok is false for a value too short to be one.
func queuedEntry(v []byte) (key []byte, home string, ok bool) {
	if len(v) < 16 {
		return nil, "", false
	}
	return bytes.Clone(v[:16]), string(v[16:]), true
}

// inOutbox finds mail seq in the outbox: its key there and where it is
// kept.
func (t *Tx) inOutbox(seq uint64) ([]byte, string, error) {
	key, home, ok := queuedEntry(t.tx.Bucket(bucketQueued).Get(u64(seq)))
	if !ok {
		return nil, "", fmt.Errorf("outbox mail %d: %w", seq, ErrNotFound)
	}
	return key, home, nil
}

// queuedMail finds mail seq in the outbox: its key there, where it is
// kept, and its record.
func (t *Tx) queuedMail(seq uint64) ([]byte, string, *Mail, error) {
	key, home, err := t.inOutbox(seq)
	if err != nil {
		return nil, "", nil, err
	}
	m, err := t.getMail(home, seq, false)
	if err != nil {
		return nil, "", nil, fmt.Errorf("outbox mail %d: %w", seq, err)
	}
	return key, home, m, nil
}

// dueKey is mail seq's key in the outbox, due at due: the keys sort by
// due time, then by number.
func dueKey(due time.Time, seq uint64) []byte {
	var n uint64
	switch {
	case due.Before(time.Unix(0, math.MinInt64)):
		n = 0
	case due.After(time.Unix(0, math.MaxInt64)):
		n = math.MaxUint64
	default:
		n = uint64(due.UnixNano()) ^ 1<<63 // so that times before 1970 sort first
	}
	return binary.BigEndian.AppendUint64(u64(n), seq)
}

// RefileMail makes the outbox and the list of mail given up agree with
// the mail game id keeps: after its bucket was put back from a copy, or
// removed. A mail it keeps unsent is due at its NextTry again; the
// outbox's entries for mail it no longer keeps go.
func (t *Tx) RefileMail(id string) error {
	untold, err := t.unindexMail(id, bucketUntold, bucketQueue, bucketQueued, bucketGaveUp)
	if err != nil {
		return err
	}
	if id != "" && t.games().Bucket([]byte(id)) == nil {
		return nil // removed: its entries were all there was to do
	}
	mail, err := t.MailOf(id)
	if err != nil {
		return err
	}
	for _, q := range mail {
		switch {
		case q.Mail.GaveUp:
			if err := t.tx.Bucket(bucketGaveUp).Put(u64(q.Seq), []byte(id)); err != nil {
				return err
			}
			if untold[q.Seq] {
				if err := t.tx.Bucket(bucketUntold).Put(u64(q.Seq), []byte(id)); err != nil {
					return err
				}
			}
		case q.Mail.Sent.IsZero():
			if err := t.schedule(q.Seq, id, q.Mail.NextTry); err != nil {
				return err
			}
		}
	}
	return nil
}

// A body is kept as one format byte and the text: deflated, the only
// format so far.
const bodyDeflate = 1

var (
	deflaters = sync.Pool{New: func() any {
		w, _ := flate.NewWriter(nil, flate.DefaultCompression) // the level is valid
		return w
	}}
	inflaters = sync.Pool{New: func() any { return flate.NewReader(nil) }}
)

func deflate(text string) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte(bodyDeflate)
	w := deflaters.Get().(*flate.Writer)
	defer deflaters.Put(w)
	w.Reset(&buf)
	if _, err := io.WriteString(w, text); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func inflate(v []byte) (string, error) {
	switch {
	case v == nil:
		return "", errors.New("its body is not kept") // not ErrNotFound: the mail is, damaged
	case len(v) == 0 || v[0] != bodyDeflate:
		return "", fmt.Errorf("body: not a format this pbem knows")
	}
	r := inflaters.Get().(io.ReadCloser)
	defer inflaters.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(v[1:]), nil); err != nil {
		return "", fmt.Errorf("body: %w", err)
	}
	text, err := io.ReadAll(r)
	if err != nil {
		return "", fmt.Errorf("body: %w", err)
	}
	return string(text), nil
}

// isMail says whether k, in a game's bucket, names one that keeps its
// mail. The mail is no part of the game's state: a safety copy leaves it
// out, and a restore keeps the mail as it is (mail sent stays sent).
func isMail(k []byte) bool {
	return bytes.Equal(k, bktMail) || bytes.Equal(k, bktBodies) || bytes.Equal(k, bktAttachments)
}

// unindexMail drops from indexes (of bucketUntold, bucketQueue,
// bucketQueued, bucketGaveUp) every entry naming game id, and says which
// of them were still to be told of.
func (t *Tx) unindexMail(id string, indexes ...[]byte) (map[uint64]bool, error) {
	untold := map[uint64]bool{}
	for _, index := range indexes {
		b := t.tx.Bucket(index)
		var keys [][]byte
		err := b.ForEach(func(k, v []byte) error {
			if bytes.Equal(index, bucketQueued) {
				_, home, _ := queuedEntry(v)
				v = []byte(home)
			}
			if string(v) == id {
				keys = append(keys, bytes.Clone(k))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		for _, k := range keys {
			if bytes.Equal(index, bucketUntold) {
				untold[seqOf(k)] = true
			}
			if err := b.Delete(k); err != nil {
				return nil, err
			}
		}
	}
	return untold, nil
}
