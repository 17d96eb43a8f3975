package store

import (
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"pbem/pbem/chain"
)

// splitMail is migration 7: the mail of the old outbox and sent mail
// (whole mails in two buckets, keyed by number) is kept by game (see
// mailkeep.go), the outbox in due order. It goes one mail at a time,
// holding none but the one it files: a sent mail's attachments keep
// their names and sizes (their data was dropped when sent), a mail
// given up or queued keeps its data too.
func splitMail(tx *bolt.Tx) error {
	t := &Tx{tx: tx}
	for _, name := range [][]byte{bucketQueue, bucketQueued, bucketOwnMail} {
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	// The numbers go on from the old outbox's.
	if err := tx.Bucket(bucketQueue).SetSequence(tx.Bucket(bucketOutbox).Sequence()); err != nil {
		return err
	}
	if err := mailBuckets(tx.Bucket(bucketOwnMail)); err != nil {
		return err
	}
	games := tx.Bucket(bucketGames)
	if err := games.ForEachBucket(func(id []byte) error { return mailBuckets(games.Bucket(id)) }); err != nil {
		return err
	}
	// The indexes of mail given up now say where each is kept: rebuilt
	// from the mail itself, those still to be told of (a few) kept so.
	untold := map[uint64]bool{}
	if err := tx.Bucket(bucketUntold).ForEach(func(k, _ []byte) error { untold[seqOf(k)] = true; return nil }); err != nil {
		return err
	}
	for _, name := range [][]byte{bucketGaveUp, bucketUntold} {
		if err := tx.DeleteBucket(name); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	file := func(queued bool) func(k, v []byte) error {
		return func(k, v []byte) error {
			var m Mail
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("mail %d: %w", seqOf(k), err)
			}
			return t.fileOld(seqOf(k), &m, queued, untold[seqOf(k)])
		}
	}
	if err := tx.Bucket(bucketSent).ForEach(file(false)); err != nil {
		return fmt.Errorf("the sent mail: %w", err)
	}
	if err := tx.Bucket(bucketOutbox).ForEach(file(true)); err != nil {
		return fmt.Errorf("the outbox: %w", err)
	}
	for _, name := range [][]byte{bucketOutbox, bucketSent} {
		if err := tx.DeleteBucket(name); err != nil {
			return err
		}
	}
	return nil
}

// mailBuckets makes the buckets that keep mail in b.
func mailBuckets(b *bolt.Bucket) error {
	for _, name := range [][]byte{bktMail, bktBodies, bktAttachments} {
		if _, err := b.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// fileOld keeps mail seq of the old layout where the new keeps it, and
// indexes it: queued, given up (and untold), or sent.
func (t *Tx) fileOld(seq uint64, m *Mail, queued, untold bool) error {
	home := ""
	if m.Game != "" && t.games().Bucket([]byte(m.Game)) != nil {
		home = m.Game
	}
	for i := range m.Attachments {
		if a := &m.Attachments[i]; a.Data != nil {
			a.Size, a.Sum = len(a.Data), chain.Sum(a.Data)
		}
	}
	if err := t.putMail(home, seq, m, queued || m.GaveUp); err != nil {
		return err
	}
	switch {
	case queued:
		return t.schedule(seq, home, m.NextTry)
	case m.GaveUp:
		if err := t.tx.Bucket(bucketGaveUp).Put(u64(seq), []byte(home)); err != nil {
			return err
		}
		if untold {
			return t.tx.Bucket(bucketUntold).Put(u64(seq), []byte(home))
		}
	}
	return nil
}
