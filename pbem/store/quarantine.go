package store

import (
	"time"

	bolt "go.etcd.io/bbolt"

	"pbem/pbem/chain"
)

// Quarantined is a mail the intake could not take in after repeated
// tries, moved out of the inbox to a folder of its own so that the mail
// after it is taken in. Its header values are cut to a bounded length.
type Quarantined struct {
	Seq         uint64
	At          time.Time
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	Size        int64
	Sum         string // hex SHA-256 of the bytes fetched
	From        string
	MessageID   string
	Why         string // the last error
	Tries       int
	Folder      string // where it was moved
}

// Quarantine records q under the next number, which it returns.
func (t *Tx) Quarantine(q *Quarantined) (uint64, error) {
	b := t.tx.Bucket(bucketQuarantine)
	seq, err := b.NextSequence()
	if err != nil {
		return 0, err
	}
	q.Seq = seq
	return seq, putJSON(b, u64(seq), q)
}

// Quarantined lists the mail quarantined, oldest first.
func (t *Tx) Quarantined() ([]Quarantined, error) {
	var out []Quarantined
	err := each(t.tx.Bucket(bucketQuarantine), func(_ []byte, q *Quarantined) { out = append(out, *q) })
	return out, err
}

// Unanswered counts the mail from addresses that belong to no game,
// which the referee never answers (it would be backscatter to whoever
// the From names).
type Unanswered struct {
	Since    time.Time // the first
	Count    int
	Last     time.Time
	LastFrom string
}

var (
	keyUnanswered = []byte("unanswered")
	keyHourly     = []byte("hourly")
)

// Unanswered reads the count of mail left unanswered.
func (t *Tx) Unanswered() (Unanswered, error) {
	var u Unanswered
	err := getJSON(t.tx.Bucket(bucketIntake), keyUnanswered, &u)
	if err == ErrNotFound {
		err = nil
	}
	return u, err
}

// CountUnanswered adds one mail from from, at at, to the count.
func (t *Tx) CountUnanswered(from string, at time.Time) error {
	u, err := t.Unanswered()
	if err != nil {
		return err
	}
	if u.Count == 0 {
		u.Since = at
	}
	u.Count++
	u.Last, u.LastFrom = at, from
	return putJSON(t.tx.Bucket(bucketIntake), keyUnanswered, u)
}

// Hourly lists when the referee answered mail that no registered key
// signed, whoever sent it: the global cap's record.
func (t *Tx) Hourly() ([]time.Time, error) {
	var out []time.Time
	err := getJSON(t.tx.Bucket(bucketIntake), keyHourly, &out)
	if err == ErrNotFound {
		err = nil
	}
	return out, err
}

// SetHourly replaces that record.
func (t *Tx) SetHourly(at []time.Time) error {
	return putJSON(t.tx.Bucket(bucketIntake), keyHourly, at)
}

// rekeyIntake is migration 6: a mail seen is known by the hash of its
// bytes (rebuilt from the mail-in links of the chains; a store older
// than the chains forgets what it saw, which only mail still in the inbox
// below its watermark could need, and the intake's sweep moves that), a
// sender's replies by the hash of the address (the day's counts start
// afresh), and the buckets of the quarantine and of the intake's counts.
func rekeyIntake(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketSeen, bucketReply} {
		if err := tx.DeleteBucket(name); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	for _, name := range [][]byte{bucketQuarantine, bucketIntake} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	seen := tx.Bucket(bucketSeen)
	mark := func(_, v []byte) error {
		l, err := chain.Decode(v)
		if err != nil || l.Kind != chain.KindMailIn || l.Get("mail") == "" {
			return err
		}
		return putJSON(seen, []byte(l.Get("mail")), l.At)
	}
	if err := tx.Bucket(bucketChain).ForEach(mark); err != nil {
		return err
	}
	return tx.Bucket(bucketGames).ForEachBucket(func(id []byte) error {
		return tx.Bucket(bucketGames).Bucket(id).Bucket(bktChain).ForEach(mark)
	})
}
