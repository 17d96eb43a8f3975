// Package store keeps everything the daemon must not lose in one bbolt
// file: the games (their set-up, players and keys, current state, pending
// orders and the receipts of accepted files, one record per resolved
// window, the mail sent about it), the outbox of mail still to send, and
// the inbox watermarks and mail already seen.
//
// One process owns the file: Open waits at most a second for bbolt's lock,
// so a second daemon, or a command run while the daemon holds the file,
// fails at once with ErrLocked. Everything a caller changes goes through
// Update, one bbolt transaction: the intake of one mail, or the resolution
// of one window, is all written or none of it. No network I/O belongs
// inside a transaction.
package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// ErrLocked is returned by Open when another process holds the file.
var ErrLocked = errors.New("the database is in use by another pbem process (is pbem serve running? talk to it with the control socket, or stop it)")

// ErrNotFound is returned for a game, state or record that is not stored.
var ErrNotFound = errors.New("not found")

// DB is an open store.
type DB struct {
	bolt *bolt.DB
	path string
}

// Tx is one transaction; its methods read and write the store's records.
// A value it returns never points into the file, so it outlives the
// transaction.
type Tx struct {
	tx *bolt.Tx
}

// Top-level buckets.
var (
	bucketMeta       = []byte("meta")
	bucketGames      = []byte("games")
	bucketChain      = []byte("chain")  // the referee's own chain: mail that names no game
	bucketOutbox     = []byte("outbox") // schema 1-6: whole mails to send, by number (now queue, mailkeep.go)
	bucketSent       = []byte("sent")   // schema 1-6: whole mails sent or given up (now kept by game)
	bucketInbox      = []byte("inbox")
	bucketSeen       = []byte("seen")
	bucketReply      = []byte("replies")
	bucketUntold     = []byte("untold")     // mail given up, its game's moderators not yet told: number -> where kept
	bucketGaveUp     = []byte("givenup")    // mail given up, not sent again: number -> where kept
	bucketQuarantine = []byte("quarantine") // mail the intake could not take in, moved aside
	bucketIntake     = []byte("intake")     // the intake's counts: mail unanswered, replies this hour
	keyVersion       = []byte("schema")
)

// Open opens or creates the store at path and brings its schema up to
// date (migrations, in order, each in its own transaction).
func Open(path string) (*DB, error) {
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("%s: %w", path, ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	db := &DB{bolt: b, path: path}
	if err := db.migrate(); err != nil {
		b.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return db, nil
}

// NoSync stops (or restarts) the fsync at each commit: only for a fuzz
// target that commits thousands of times, never for a store that matters.
func (db *DB) NoSync(v bool) { db.bolt.NoSync = v }

// Close closes the file and releases its lock.
func (db *DB) Close() error { return db.bolt.Close() }

// Path is the file's path.
func (db *DB) Path() string { return db.path }

// Update runs fn in one read-write transaction: committed if fn returns
// nil, rolled back otherwise.
func (db *DB) Update(fn func(*Tx) error) error {
	return db.bolt.Update(func(tx *bolt.Tx) error { return fn(&Tx{tx: tx}) })
}

// View runs fn in one read-only transaction. Never call Update from
// inside it: bbolt deadlocks (libraries.md 8).
func (db *DB) View(fn func(*Tx) error) error {
	return db.bolt.View(func(tx *bolt.Tx) error { return fn(&Tx{tx: tx}) })
}

// Backup writes a consistent copy of the store to path while the daemon
// runs (a read transaction does not block the writer): to a temporary
// file, synced, checked by opening it, then renamed into place. A process
// killed meanwhile leaves the temporary file, NAME.part-DIGITS beside
// path (RemoveLeftovers).
func (db *DB) Backup(path string) (int64, error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".part-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	var n int64
	err = db.bolt.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(tmp)
		return err
	})
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = Check(tmp.Name())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err == nil {
		err = SyncDir(dir)
	}
	if err != nil {
		return 0, fmt.Errorf("backup to %s: %w", path, err)
	}
	return n, nil
}

// Leftover is a backup's temporary file that a process killed while
// writing it left behind.
type Leftover struct {
	Path string
	Size int64
}

// RemoveLeftovers removes from dir the temporary files of unfinished
// backups, those Backup names NAME.part-DIGITS, where NAME matches glob
// (filepath.Match), and returns what it removed. Nothing else is touched:
// not a subdirectory, a link, or a name with anything after the digits.
// Only db's owner calls it, before it makes backups: no other process
// backs up a database whose lock it holds, so no such file is being
// written.
func (db *DB) RemoveLeftovers(dir, glob string) ([]Leftover, error) {
	if _, err := filepath.Match(glob, ""); err != nil {
		return nil, fmt.Errorf("unfinished backups named %q: %w", glob, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("unfinished backups in %s: %w", dir, err)
	}
	var gone []Leftover
	var errs []error
	for _, e := range entries {
		if !e.Type().IsRegular() || !isLeftover(e.Name(), glob) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		fi, err := e.Info()
		if err == nil {
			err = os.Remove(path)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("unfinished backup %s: %w", path, err))
			continue
		}
		gone = append(gone, Leftover{Path: path, Size: fi.Size()})
	}
	return gone, errors.Join(errs...)
}

// isLeftover reports whether name is NAME.part-DIGITS with NAME matching
// glob: what os.CreateTemp(dir, NAME+".part-*") in Backup creates (its
// random part is a uint32 in decimal).
func isLeftover(name, glob string) bool {
	base, digits, ok := cutLast(name, ".part-")
	if !ok || len(digits) == 0 || len(digits) > 10 {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	match, err := filepath.Match(glob, base)
	return err == nil && match
}

func cutLast(s, sep string) (before, after string, found bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// Check opens the store file at path read-only and verifies its pages
// and its schema version.
func Check(path string) error {
	b, err := bolt.Open(path, 0o400, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		return err
	}
	defer b.Close()
	return b.View(func(tx *bolt.Tx) error {
		var damage error
		for err := range tx.Check() { // drained to the end, so the checker finishes
			if damage == nil {
				damage = fmt.Errorf("damaged: %w", err)
			}
		}
		if damage != nil {
			return damage
		}
		v, err := version(tx)
		if err != nil {
			return err
		}
		if v != len(migrations) {
			return fmt.Errorf("schema version %d, want %d", v, len(migrations))
		}
		return nil
	})
}

// SyncDir syncs directory dir, so that a file just renamed into it stays
// there after a crash.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// migration is one step of the schema, from version i to i+1.
type migration struct {
	what string
	up   func(tx *bolt.Tx) error
}

// migrations are applied in order; a store records how many it has had.
// Never change one that has shipped: add another.
var migrations = []migration{
	{"the top-level buckets", func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketGames, bucketOutbox, bucketSent, bucketInbox, bucketSeen} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	}},
	{"the replies to unsigned mail, per sender", func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketReply)
		return err
	}},
	{"receipts filed by window", func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGames).ForEachBucket(func(id []byte) error {
			r := tx.Bucket(bucketGames).Bucket(id).Bucket(bktReceipts)
			var keys, vals [][]byte
			if err := r.ForEach(func(k, v []byte) error {
				keys, vals = append(keys, bytes.Clone(k)), append(vals, bytes.Clone(v))
				return nil
			}); err != nil {
				return err
			}
			for i, k := range keys {
				var rc struct{ Window string }
				if err := json.Unmarshal(vals[i], &rc); err != nil {
					return err
				}
				if err := r.Delete(k); err != nil {
					return err
				}
				if err := r.Put(receiptKey(rc.Window, binary.BigEndian.Uint64(k)), vals[i]); err != nil {
					return err
				}
			}
			return nil
		})
	}},
	{"the audit chains and the files they name", func(tx *bolt.Tx) error {
		if _, err := tx.CreateBucketIfNotExists(bucketChain); err != nil {
			return err
		}
		return tx.Bucket(bucketGames).ForEachBucket(func(id []byte) error {
			for _, name := range [][]byte{bktChain, bktFiles} {
				if _, err := tx.Bucket(bucketGames).Bucket(id).CreateBucketIfNotExists(name); err != nil {
					return err
				}
			}
			return nil
		})
	}},
	{"the mail given up, and those not yet told", func(tx *bolt.Tx) error {
		if _, err := tx.CreateBucketIfNotExists(bucketUntold); err != nil {
			return err
		}
		index, err := tx.CreateBucketIfNotExists(bucketGaveUp)
		if err != nil {
			return err
		}
		return tx.Bucket(bucketSent).ForEach(func(k, v []byte) error {
			var m struct{ GaveUp bool }
			if err := json.Unmarshal(v, &m); err != nil || !m.GaveUp {
				return err
			}
			return index.Put(k, []byte{})
		})
	}},
	{"mail known by its bytes' hash, senders by their address's; the quarantine", rekeyIntake},
	{"the mail kept by game, bodies deflated; the outbox in due order", splitMail},
	{"the running games, indexed", indexRunning},
}

// version is the number of migrations the store has had.
func version(tx *bolt.Tx) (int, error) {
	m := tx.Bucket(bucketMeta)
	if m == nil {
		return 0, nil
	}
	v := m.Get(keyVersion)
	if len(v) != 8 {
		return 0, fmt.Errorf("schema version: %d bytes", len(v))
	}
	return int(binary.BigEndian.Uint64(v)), nil
}

func (db *DB) migrate() error {
	var v int
	if err := db.bolt.View(func(tx *bolt.Tx) error {
		var err error
		v, err = version(tx)
		return err
	}); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this pbem knows (%d): use the pbem that wrote it", v, len(migrations))
	}
	for i := v; i < len(migrations); i++ {
		err := db.bolt.Update(func(tx *bolt.Tx) error {
			if err := migrations[i].up(tx); err != nil {
				return err
			}
			m, err := tx.CreateBucketIfNotExists(bucketMeta)
			if err != nil {
				return err
			}
			return m.Put(keyVersion, u64(uint64(i+1)))
		})
		if err != nil {
			return fmt.Errorf("schema migration %d (%s): %w", i+1, migrations[i].what, err)
		}
	}
	return nil
}

// u64 is a big-endian key, so that keys sort in number order.
func u64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// putJSON stores v as JSON under key in b.
func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, data)
}

// getJSON reads the JSON under key in b into v; ErrNotFound if absent.
func getJSON(b *bolt.Bucket, key []byte, v any) error {
	if b == nil {
		return ErrNotFound
	}
	data := b.Get(key)
	if data == nil {
		return ErrNotFound
	}
	return json.Unmarshal(data, v)
}

// unmarshal decodes the JSON record under key k.
func unmarshal(k, v []byte, x any) error {
	if err := json.Unmarshal(v, x); err != nil {
		return fmt.Errorf("record %x: %w", k, err)
	}
	return nil
}

// seqOf reads a key written by u64.
func seqOf(k []byte) uint64 { return binary.BigEndian.Uint64(k) }

// each decodes every value of b, in key order, and hands it to fn.
func each[T any](b *bolt.Bucket, fn func(k []byte, v *T)) error {
	return b.ForEach(func(k, v []byte) error {
		x := new(T)
		if err := unmarshal(k, v, x); err != nil {
			return err
		}
		fn(k, x)
		return nil
	})
}
