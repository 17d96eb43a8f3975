package store

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"pbem/pbem/chain"
)

// No address, however long, is refused as a key (bbolt takes keys of at
// most 32 KiB): a 40,000-character From once stopped the intake.
func TestLongAddressIsAKey(t *testing.T) {
	db := open(t)
	long := strings.Repeat("a", 40000) + "@example.org"
	err := db.Update(func(tx *Tx) error {
		if err := tx.SetReplies("unsigned", long, []time.Time{t0}); err != nil {
			return err
		}
		return tx.CountUnanswered(long, t0)
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		if at, err := tx.Replies("unsigned", strings.ToUpper(long)); err != nil || len(at) != 1 {
			t.Errorf("replies to the address in capitals: %v %v", at, err)
		}
		if at, _ := tx.Replies("signature", long); len(at) != 0 {
			t.Errorf("another budget shares the count: %v", at)
		}
		return nil
	})
}

func TestQuarantineRecords(t *testing.T) {
	db := open(t)
	err := db.Update(func(tx *Tx) error {
		for i := range 2 {
			if n, err := tx.Quarantine(&Quarantined{UID: uint32(10 + i), Why: "x"}); err != nil || n != uint64(i+1) {
				t.Errorf("quarantine %d: %d %v", i, n, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		q, err := tx.Quarantined()
		if err != nil || len(q) != 2 || q[0].UID != 10 || q[1].Seq != 2 {
			t.Errorf("quarantined: %+v %v", q, err)
		}
		return nil
	})
}

// A store of schema 5 knew mail seen by its Message-ID: migration 6
// knows it by the hash of its bytes, from the mail-in links of every
// chain, and forgets the Message-IDs and the day's reply counts.
func TestMigrateSeenFromChains(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	link := func(sum string) []byte {
		l := &chain.Link{Seq: 1, At: t0, Kind: chain.KindMailIn}
		l.Add("message-id", "a@x").Add("mail", sum).Add("verdict", "unsigned")
		return l.Encode()
	}
	err = b.Update(func(tx *bolt.Tx) error {
		for _, m := range migrations[:5] {
			if err := m.up(tx); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketSeen).Put([]byte("a@x"), []byte(`"2026-01-01T00:00:00Z"`)); err != nil {
			return err
		}
		if err := tx.Bucket(bucketReply).Put([]byte("x@example.org"), []byte(`["2026-01-01T00:00:00Z"]`)); err != nil {
			return err
		}
		if err := tx.Bucket(bucketChain).Put(u64(1), link("1111")); err != nil {
			return err
		}
		g, err := tx.Bucket(bucketGames).CreateBucket([]byte("t1"))
		if err != nil {
			return err
		}
		c, err := g.CreateBucket(bktChain)
		if err != nil {
			return err
		}
		if err := c.Put(u64(1), link("2222")); err != nil {
			return err
		}
		m, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		return m.Put(keyVersion, u64(5))
	})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_ = db.View(func(tx *Tx) error {
		if !tx.Seen("1111") || !tx.Seen("2222") {
			t.Error("the mail of the chains is not known by its hash")
		}
		if tx.Seen("a@x") {
			t.Error("a Message-ID is still a key of the mail seen")
		}
		if n := tx.tx.Bucket(bucketReply).Stats().KeyN; n != 0 {
			t.Errorf("%d reply counts left keyed by the address", n)
		}
		if q, err := tx.Quarantined(); err != nil || len(q) != 0 {
			t.Errorf("quarantine %v %v", q, err)
		}
		return nil
	})
}
