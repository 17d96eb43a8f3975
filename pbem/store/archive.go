package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// keyOver, in a game's bucket, marks a game that is over, with the time
// the referee found it so: the tick lists the running games by it without
// decoding any state. Being in the game's bucket, it goes with the game
// into its safety copy and back.
var keyOver = []byte("over")

// bucketArchived holds a record of each game archived and removed, by
// "ID\x00TIME". It is made by the first archive: a store without it has
// archived nothing, so no migration is needed.
var bucketArchived = []byte("archived")

// bucketRunning indexes the games not marked over, by id: the tick reads
// it alone, so its cost does not grow with the finished games kept.
var bucketRunning = []byte("running")

// RunningGameIDs lists the games not marked over (MarkOver), sorted.
func (t *Tx) RunningGameIDs() []string {
	var ids []string
	_ = t.tx.Bucket(bucketRunning).ForEach(func(k, _ []byte) error {
		ids = append(ids, string(k))
		return nil
	})
	return ids
}

// MarkOver records that game id is over, so that the tick leaves it be.
func (t *Tx) MarkOver(id string, at time.Time) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	v, _ := at.UTC().MarshalText()
	if err := b.Put(keyOver, v); err != nil {
		return err
	}
	return t.tx.Bucket(bucketRunning).Delete([]byte(id))
}

// fileRunning files game id in the running games' index unless its
// bucket g is marked over.
func fileRunning(tx *bolt.Tx, id []byte, g *bolt.Bucket) error {
	if g.Get(keyOver) != nil {
		return tx.Bucket(bucketRunning).Delete(id)
	}
	return tx.Bucket(bucketRunning).Put(id, []byte{})
}

// indexRunning is the migration that builds the running games' index.
func indexRunning(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketRunning); err != nil {
		return err
	}
	games := tx.Bucket(bucketGames)
	return games.ForEachBucket(func(id []byte) error { return fileRunning(tx, id, games.Bucket(id)) })
}

// Archived is the record a game leaves in the store once archived.
type Archived struct {
	ID       string
	Scenario string
	Result   string // how it ended: over, or stopped by whom at which window
	File     string // the archive's path, as written
	Size     int64
	SHA256   string // of the archive file, hex
	At       time.Time
}

// ArchivedGames lists the records of the games archived, oldest first.
func (t *Tx) ArchivedGames() ([]Archived, error) {
	b := t.tx.Bucket(bucketArchived)
	if b == nil {
		return nil, nil
	}
	var out []Archived
	err := each(b, func(_ []byte, a *Archived) { out = append(out, *a) })
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out, err
}

// RemoveArchived removes game a.ID, its bucket and its mail, from the
// store and keeps a in its place. The caller has written and checked the
// game's archive first.
func (t *Tx) RemoveArchived(a Archived) error {
	if _, err := t.game(a.ID); err != nil {
		return err
	}
	rec, err := t.tx.CreateBucketIfNotExists(bucketArchived)
	if err != nil {
		return err
	}
	stamp, _ := a.At.UTC().MarshalText()
	if err := putJSON(rec, append(append([]byte(a.ID), 0), stamp...), a); err != nil {
		return err
	}
	if err := t.removeMailOf(a.ID); err != nil {
		return fmt.Errorf("game %s: its mail: %w", a.ID, err)
	}
	if err := t.tx.Bucket(bucketRunning).Delete([]byte(a.ID)); err != nil {
		return err
	}
	return t.games().DeleteBucket([]byte(a.ID)) // its mail with it
}

// removeMailOf removes game id's mail from the indexes of mail given up:
// the mail itself goes with the game's bucket (mailkeep.go). Mail still
// queued keeps its place in the outbox (the caller refuses to archive a
// game with mail still to go, QueuedFor; Due passes over it).
func (t *Tx) removeMailOf(id string) error {
	_, err := t.unindexMail(id, bucketGaveUp, bucketUntold)
	return err
}

// QueuedFor lists the mails of game id still in the outbox, oldest first.
func (t *Tx) QueuedFor(id string) ([]Queued, error) {
	var out []Queued
	err := t.tx.Bucket(bucketQueued).ForEach(func(k, v []byte) error {
		if _, home, _ := queuedEntry(v); home != id {
			return nil
		}
		m, err := t.getMail(id, seqOf(k), false)
		if err != nil {
			return err
		}
		out = append(out, Queued{Seq: seqOf(k), Mail: m})
		return nil
	})
	return out, err
}

// Withdraw removes mail seq from the outbox unsent, and the mail with it:
// a mail of a game's resolution that a restore undid.
func (t *Tx) Withdraw(seq uint64) error {
	key, home, err := t.inOutbox(seq)
	if err != nil {
		return err
	}
	if err := t.unschedule(seq, key); err != nil {
		return err
	}
	b, err := t.mailHome(home)
	if errors.Is(err, ErrNotFound) {
		return nil // its game is gone, and its mail with it
	} else if err != nil {
		return err
	}
	if err := t.dropAttachments(home, seq); err != nil {
		return err
	}
	if err := b.Bucket(bktBodies).Delete(u64(seq)); err != nil {
		return err
	}
	return b.Bucket(bktMail).Delete(u64(seq))
}

// Compact rewrites the store at path, which no process may hold, into a
// new file without its free pages, checks that the new file holds every
// key and value of the old, and renames it over the old. The old stays,
// hard-linked as path+".before-compact", until the new one has been
// renamed into place and checked again; a failure at any step leaves the
// old file as it was. It returns the sizes before and after.
func Compact(path string) (before, after int64, err error) {
	fail := func(err error) (int64, int64, error) { return 0, 0, fmt.Errorf("compacting %s: %w", path, err) }
	fi, err := os.Stat(path)
	if err != nil {
		return fail(err)
	}
	// Opened for writing, so that bbolt's lock keeps a daemon out until the
	// new file is in place.
	src, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return fail(ErrLocked)
	}
	if err != nil {
		return fail(err)
	}
	defer src.Close()
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".compact-*")
	if err != nil {
		return fail(err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name()) // nothing is left once it is renamed
	if err := compactInto(tmp.Name(), src); err != nil {
		return fail(err)
	}
	old := path + ".before-compact"
	_ = os.Remove(old) // from an earlier run that failed after the link
	if err := os.Link(path, old); err != nil {
		return fail(fmt.Errorf("keeping the old file while the new replaces it: %w", err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(old)
		return fail(err)
	}
	if err := SyncDir(filepath.Dir(path)); err != nil {
		return fail(fmt.Errorf("%w; the old file is %s", err, old))
	}
	src.Close()
	if err := Check(path); err != nil {
		return fail(fmt.Errorf("the new file does not check (%w): the old one is %s; put it back with mv %s %s", err, old, old, path))
	}
	nfi, err := os.Stat(path)
	if err != nil {
		return fail(err)
	}
	if err := os.Remove(old); err != nil {
		return fail(err)
	}
	return fi.Size(), nfi.Size(), nil
}

// compactInto copies src into a new bbolt file at dst, synced, and checks
// it against src.
func compactInto(dst string, src *bolt.DB) error {
	out, err := bolt.Open(dst, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return err
	}
	if err := bolt.Compact(out, src, 64<<20); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if err := Check(dst); err != nil {
		return fmt.Errorf("the compacted copy: %w", err)
	}
	cp, err := bolt.Open(dst, 0o400, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		return err
	}
	defer cp.Close()
	return src.View(func(a *bolt.Tx) error {
		return cp.View(func(b *bolt.Tx) error { return sameBuckets(a.Cursor(), b.Cursor(), a.Bucket, b.Bucket, "") })
	})
}

// sameBuckets compares, key by key, the level of two stores (or buckets)
// their cursors walk: every value, every nested bucket and its sequence.
// at names the level, for the error.
func sameBuckets(a, b *bolt.Cursor, nestA, nestB func([]byte) *bolt.Bucket, at string) error {
	ka, va := a.First()
	kb, vb := b.First()
	for ; ka != nil || kb != nil; ka, va, kb, vb = nextPair(a, b) {
		switch {
		case !bytes.Equal(ka, kb):
			return fmt.Errorf("the compacted copy differs from the database at %s%q (it has %q)", at, ka, kb)
		case va != nil || vb != nil:
			if !bytes.Equal(va, vb) {
				return fmt.Errorf("the compacted copy's value of %s%q differs from the database's", at, ka)
			}
			continue
		}
		ba, bb := nestA(ka), nestB(kb)
		if ba.Sequence() != bb.Sequence() {
			return fmt.Errorf("the compacted copy's sequence of %s%q differs from the database's", at, ka)
		}
		if err := sameBuckets(ba.Cursor(), bb.Cursor(), ba.Bucket, bb.Bucket, at+string(ka)+"/"); err != nil {
			return err
		}
	}
	return nil
}

func nextPair(a, b *bolt.Cursor) (ka, va, kb, vb []byte) {
	ka, va = a.Next()
	kb, vb = b.Next()
	return
}
