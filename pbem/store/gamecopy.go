package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"

	"pbem/pbem/chain"
)

// A game's safety copy is a small bbolt file of its own holding that game's
// bucket as the store has it (set-up, state, window, keys, pending files,
// receipts, records, chain and files) and a "copy" bucket saying what it
// is. Writing it costs what the game costs, not what the database holds:
// the copy taken before each resolution (pbem/referee) is this, and a
// full backup (Backup) is made on a schedule instead.
var (
	bucketCopy   = []byte("copy")
	keyCopyGame  = []byte("game")
	keyCopyTaken = []byte("taken")
	keyCopyWhy   = []byte("before")
	keyCopyHead  = []byte("head") // seq (8 bytes) then the head link's hash
)

// GameCopy is what a safety copy says of itself.
type GameCopy struct {
	Path   string
	Game   string
	Taken  time.Time
	Before string // what it was taken before: the window about to be resolved
	Schema int    // the store's schema version when it was taken
	Seq    uint64 // the chain's length
	Head   string // the hash of the chain's last link
}

// CopyGame writes game id's bucket to path as a safety copy: to a
// temporary file beside it (NAME.part-DIGITS, as Backup), synced,
// checked by reading it back, then renamed into place. before says what
// the copy is taken before. It returns the copy's size.
func (db *DB) CopyGame(id, before, path string, now time.Time) (int64, error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".part-*")
	if err != nil {
		return 0, fmt.Errorf("safety copy of game %s: %w", id, err)
	}
	tmp.Close() // bbolt opens it by name, and lays out an empty file itself
	defer os.Remove(tmp.Name())
	var want GameCopy
	err = db.bolt.View(func(src *bolt.Tx) error {
		g := src.Bucket(bucketGames).Bucket([]byte(id))
		if g == nil {
			return fmt.Errorf("game %q: %w", id, ErrNotFound)
		}
		v, err := version(src)
		if err != nil {
			return err
		}
		want = GameCopy{Game: id, Taken: now.UTC().Truncate(time.Second), Before: before, Schema: v}
		want.Seq, want.Head = headOf(g.Bucket(bktChain))
		return writeCopy(tmp.Name(), g, &want)
	})
	var info os.FileInfo
	if err == nil {
		var got *GameCopy
		if got, err = OpenCopy(tmp.Name()); err == nil && (got.Game != want.Game || got.Seq != want.Seq || got.Head != want.Head) {
			err = fmt.Errorf("read back, the copy holds game %s at link %d, not %s at %d", got.Game, got.Seq, id, want.Seq)
		}
	}
	if err == nil {
		info, err = os.Stat(tmp.Name())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err == nil {
		err = SyncDir(dir)
	}
	if err != nil {
		return 0, fmt.Errorf("safety copy of game %s to %s: %w", id, path, err)
	}
	return info.Size(), nil
}

// writeCopy creates the copy's file at path from game bucket g; bbolt
// syncs it at the commit.
func writeCopy(path string, g *bolt.Bucket, c *GameCopy) error {
	out, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return err
	}
	err = out.Update(func(tx *bolt.Tx) error {
		meta, err := tx.CreateBucket(bucketCopy)
		if err != nil {
			return err
		}
		taken, _ := c.Taken.MarshalText()
		head := append(u64(c.Seq), c.Head...)
		for _, kv := range [][2][]byte{{keyCopyGame, []byte(c.Game)}, {keyCopyTaken, taken}, {keyCopyWhy, []byte(c.Before)},
			{keyVersion, u64(uint64(c.Schema))}, {keyCopyHead, head}} {
			if err := meta.Put(kv[0], kv[1]); err != nil {
				return err
			}
		}
		games, err := tx.CreateBucket(bucketGames)
		if err != nil {
			return err
		}
		dst, err := games.CreateBucket([]byte(c.Game))
		if err != nil {
			return err
		}
		return copyGame(dst, g)
	})
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// copyBucket copies every key of src, nested buckets and their sequences
// included, into dst. src's values stay valid while its transaction is
// open, which outlasts dst's.
func copyBucket(dst, src *bolt.Bucket) error {
	dst.FillPercent = 1 // written in key order, never added to: pack the pages
	if err := dst.SetSequence(src.Sequence()); err != nil {
		return err
	}
	return src.ForEach(func(k, v []byte) error {
		if v != nil {
			return dst.Put(k, v)
		}
		d, err := dst.CreateBucket(k)
		if err != nil {
			return err
		}
		return copyBucket(d, src.Bucket(k))
	})
}

// copyGame copies game bucket src into dst as copyBucket does, but for
// the mail (isMail), which is no part of the game's state.
func copyGame(dst, src *bolt.Bucket) error {
	dst.FillPercent = 1
	if err := dst.SetSequence(src.Sequence()); err != nil {
		return err
	}
	return src.ForEach(func(k, v []byte) error {
		switch {
		case v != nil:
			return dst.Put(k, v)
		case isMail(k):
			return nil
		}
		d, err := dst.CreateBucket(k)
		if err != nil {
			return err
		}
		return copyBucket(d, src.Bucket(k))
	})
}

// clearGame empties game bucket g but for its mail (isMail).
func clearGame(g *bolt.Bucket) error {
	var keys, buckets [][]byte
	if err := g.ForEach(func(k, v []byte) error {
		if v != nil {
			keys = append(keys, bytes.Clone(k))
		} else if !isMail(k) {
			buckets = append(buckets, bytes.Clone(k))
		}
		return nil
	}); err != nil {
		return err
	}
	for _, k := range keys {
		if err := g.Delete(k); err != nil {
			return err
		}
	}
	for _, k := range buckets {
		if err := g.DeleteBucket(k); err != nil {
			return err
		}
	}
	return nil
}

// headOf is the length of chain bucket b and its last link's hash.
func headOf(b *bolt.Bucket) (uint64, string) {
	if b == nil {
		return 0, ""
	}
	k, v := b.Cursor().Last()
	if k == nil {
		return 0, ""
	}
	return seqOf(k), chain.Hash(v)
}

// ErrNotACopy is OpenCopy's answer for a file that is no game's safety
// copy (a full backup, say).
var ErrNotACopy = errors.New("not a game's safety copy")

// OpenCopy reads what the safety copy at path says of itself, after
// checking its pages, and that its game's chain is the one it says.
func OpenCopy(path string) (*GameCopy, error) {
	c := &GameCopy{Path: path}
	err := viewCopy(path, func(meta, g *bolt.Bucket) error {
		var err error
		c.Game, c.Before = string(meta.Get(keyCopyGame)), string(meta.Get(keyCopyWhy))
		if err = c.Taken.UnmarshalText(meta.Get(keyCopyTaken)); err != nil {
			return fmt.Errorf("%w: its time: %v", ErrNotACopy, err)
		}
		v, head := meta.Get(keyVersion), meta.Get(keyCopyHead)
		if len(v) != 8 || len(head) < 8 {
			return fmt.Errorf("%w: its schema or its chain's head is missing", ErrNotACopy)
		}
		c.Schema, c.Seq, c.Head = int(seqOf(v)), seqOf(head[:8]), string(head[8:])
		if seq, h := headOf(g.Bucket(bktChain)); seq != c.Seq || h != c.Head {
			return fmt.Errorf("damaged: its chain ends at link %d %s, it says %d %s", seq, h, c.Seq, c.Head)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// viewCopy opens the copy at path read-only, checks its pages, and hands
// fn its "copy" bucket and its game's bucket.
func viewCopy(path string, fn func(meta, game *bolt.Bucket) error) error {
	if _, err := os.Stat(path); err != nil {
		return err // bbolt would create a missing file
	}
	b, err := bolt.Open(path, 0o400, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotACopy, err)
	}
	defer b.Close()
	return b.View(func(tx *bolt.Tx) error {
		var damage error
		for err := range tx.Check() { // drained, so the checker finishes
			if damage == nil {
				damage = fmt.Errorf("damaged: %w", err)
			}
		}
		if damage != nil {
			return damage
		}
		meta, games := tx.Bucket(bucketCopy), tx.Bucket(bucketGames)
		if meta == nil || games == nil {
			return ErrNotACopy
		}
		g := games.Bucket(meta.Get(keyCopyGame))
		if g == nil {
			return fmt.Errorf("%w: it holds no game %q", ErrNotACopy, meta.Get(keyCopyGame))
		}
		return fn(meta, g)
	})
}

// RestoreGame puts game c.Game back as its safety copy c holds it, and
// runs then in the same transaction (the referee pauses the game and says
// so on its chain): all of it is written or none. It refuses a copy of
// another schema, of a game not in the store, and one whose chain is not
// the start of the game's chain now: a copy of another game of that
// name, or of a state the game never passed through. It returns the
// links of the chain that the copy does not have, as they were, oldest
// first.
func (db *DB) RestoreGame(c *GameCopy, then func(tx *Tx, dropped [][]byte) error) ([][]byte, error) {
	var dropped [][]byte
	err := viewCopy(c.Path, func(_, saved *bolt.Bucket) error {
		return db.bolt.Update(func(tx *bolt.Tx) error {
			v, err := version(tx)
			if err != nil {
				return err
			}
			if v != c.Schema {
				return fmt.Errorf("the copy was written by a pbem whose database schema is %d, this database's is %d: "+
					"restore it with that pbem, or restore a full backup", c.Schema, v)
			}
			games := tx.Bucket(bucketGames)
			live := games.Bucket([]byte(c.Game))
			if live == nil {
				return fmt.Errorf("game %q: %w in the database: a safety copy puts a game back over its later self", c.Game, ErrNotFound)
			}
			if dropped, err = laterLinks(live.Bucket(bktChain), saved.Bucket(bktChain)); err != nil {
				return fmt.Errorf("game %s: %w", c.Game, err)
			}
			// All but the mail, which stays as it is: mail sent stays
			// sent (withdrawUndone takes back the mail queued since).
			if err := clearGame(live); err != nil {
				return err
			}
			if err := copyGame(live, saved); err != nil {
				return err
			}
			live.FillPercent = bolt.DefaultFillPercent // the game goes on from here
			// A copy from before the game ended puts it back among the
			// running games.
			if err := fileRunning(tx, []byte(c.Game), live); err != nil {
				return err
			}
			return then(&Tx{tx: tx}, dropped)
		})
	})
	if err != nil {
		return nil, fmt.Errorf("restoring %s: %w", c.Path, err)
	}
	return dropped, nil
}

// laterLinks checks that chain saved is the start of chain live, link for
// link, and returns the links live has beyond it.
func laterLinks(live, saved *bolt.Bucket) ([][]byte, error) {
	lc, sc := live.Cursor(), saved.Cursor()
	lk, lv := lc.First()
	for sk, sv := sc.First(); sk != nil; sk, sv = sc.Next() {
		switch {
		case lk == nil:
			return nil, fmt.Errorf("the copy's chain has %d links, the game's now only %d: the copy is not of an earlier state "+
				"(was the game restored to an older copy since?)", saved.Stats().KeyN, live.Stats().KeyN)
		case !bytes.Equal(lk, sk) || !bytes.Equal(lv, sv):
			return nil, fmt.Errorf("link %d of the copy's chain is not the game's link %d: the copy is not of an earlier state "+
				"of this game (another database's game of that name, or a state the game was restored away from)", seqOf(sk), seqOf(sk))
		}
		lk, lv = lc.Next()
	}
	var out [][]byte
	for ; lk != nil; lk, lv = lc.Next() {
		out = append(out, bytes.Clone(lv))
	}
	return out, nil
}
