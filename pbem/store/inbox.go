package store

import "time"

// Watermark is how far the intake has read a mailbox: the UIDVALIDITY of
// the mailbox and the highest UID taken in. A new UIDVALIDITY means the
// server renumbered the mailbox; the Message-IDs seen then keep old mail
// from being taken twice.
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

// Seen reports whether a mail with this Message-ID was taken in before.
func (t *Tx) Seen(messageID string) bool {
	return messageID != "" && t.tx.Bucket(bucketSeen).Get([]byte(messageID)) != nil
}

// MarkSeen records that the mail with this Message-ID was taken in at at.
func (t *Tx) MarkSeen(messageID string, at time.Time) error {
	if messageID == "" {
		return nil
	}
	return putJSON(t.tx.Bucket(bucketSeen), []byte(messageID), at)
}

// Replies lists when the referee answered unsigned or unreadable mail from
// sender (a lower-case address), for the daily cap.
func (t *Tx) Replies(sender string) ([]time.Time, error) {
	var out []time.Time
	err := getJSON(t.tx.Bucket(bucketReply), []byte(sender), &out)
	if err == ErrNotFound {
		err = nil
	}
	return out, err
}

// SetReplies records when sender was answered; nil forgets the sender.
func (t *Tx) SetReplies(sender string, at []time.Time) error {
	if len(at) == 0 {
		return t.tx.Bucket(bucketReply).Delete([]byte(sender))
	}
	return putJSON(t.tx.Bucket(bucketReply), []byte(sender), at)
}
