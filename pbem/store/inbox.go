package store

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
)

// Watermark is how far the intake has read a mailbox: the UIDVALIDITY of
// the mailbox and the highest UID taken in. A new UIDVALIDITY means the
// server renumbered the mailbox; the hashes of the mails seen then keep
// old mail from being taken twice.
type Watermark struct {
	UIDValidity uint32
	UID         uint32
}

// Watermark reads mailbox's watermark; zero if it was never read.
func (t *Tx) Watermark(mailbox string) (Watermark, error) {
	var w Watermark
	err := getJSON(t.tx.Bucket(bucketInbox), []byte(mailbox), &w)
	if err == ErrNotFound {
		err = nil
	}
	return w, err
}

// SetWatermark records how far mailbox has been read.
func (t *Tx) SetWatermark(mailbox string, w Watermark) error {
	return putJSON(t.tx.Bucket(bucketInbox), []byte(mailbox), w)
}

// Seen reports whether the mail whose bytes hash to sum (hex SHA-256,
// chain.Sum) was taken in before. A mail is known by its bytes, never by
// its Message-ID, which anyone may copy to shadow a later mail.
func (t *Tx) Seen(sum string) bool {
	return sum != "" && t.tx.Bucket(bucketSeen).Get([]byte(sum)) != nil
}

// MarkSeen records that the mail whose bytes hash to sum was taken in at at.
func (t *Tx) MarkSeen(sum string, at time.Time) error {
	if sum == "" {
		return nil
	}
	return putJSON(t.tx.Bucket(bucketSeen), []byte(sum), at)
}

// addressKey is the store key of a mail address: the hex SHA-256 of its
// lower-case form, so that no address, however long, makes a key bbolt
// refuses (it takes keys of at most 32 KiB).
func addressKey(addr string) []byte {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(addr))))
	return []byte(hex.EncodeToString(sum[:]))
}

// Replies lists when the referee answered sender's mail that no
// registered key signed, for the daily cap of budget: each budget is
// counted apart, so that one kind of mail cannot use up another's.
func (t *Tx) Replies(budget, sender string) ([]time.Time, error) {
	var out []time.Time
	err := getJSON(t.tx.Bucket(bucketReply), addressKey(budget+" "+sender), &out)
	if err == ErrNotFound {
		err = nil
	}
	return out, err
}

// SetReplies records when sender was answered from budget; nil forgets.
func (t *Tx) SetReplies(budget, sender string, at []time.Time) error {
	key := addressKey(budget + " " + sender)
	if len(at) == 0 {
		return t.tx.Bucket(bucketReply).Delete(key)
	}
	return putJSON(t.tx.Bucket(bucketReply), key, at)
}
