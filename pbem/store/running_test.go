package store

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// A store of every earlier schema, opened, lists as running the games not
// marked over, and only those: game t2 of each is over (the mark needs no
// migration, so a store of any schema may carry it).
func TestRunningIndexFromEverySchema(t *testing.T) {
	for v := 1; v < len(migrations); v++ {
		t.Run(fmt.Sprintf("schema%d", v), func(t *testing.T) {
			path := oldStore(t, min(v, mailSplit-1))
			b, err := bolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			err = b.Update(func(tx *bolt.Tx) error {
				for i := mailSplit - 1; i < v; i++ {
					if err := migrations[i].up(tx); err != nil {
						return err
					}
				}
				if err := tx.Bucket(bucketMeta).Put(keyVersion, u64(uint64(v))); err != nil {
					return err
				}
				return tx.Bucket(bucketGames).Bucket([]byte("t2")).Put(keyOver, []byte("2026-01-01T00:00:00Z"))
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
			if got := running(t, db); !slices.Equal(got, []string{"t1"}) {
				t.Errorf("running %v, want [t1]", got)
			}
		})
	}
}

func running(t *testing.T, db *DB) []string {
	t.Helper()
	var ids []string
	if err := db.View(func(tx *Tx) error { ids = tx.RunningGameIDs(); return nil }); err != nil {
		t.Fatal(err)
	}
	return ids
}

// The index follows the games: a game created runs, one marked over or
// archived does not, and one put back from a safety copy taken before it
// ended runs again.
func TestRunningIndexFollowsTheGames(t *testing.T) {
	db := open(t)
	for _, id := range []string{"b", "a", "c"} {
		if err := db.Update(func(tx *Tx) error { return tx.CreateGame(&Game{ID: id}, nil, []byte("s"), Window{ID: "w"}) }); err != nil {
			t.Fatal(err)
		}
	}
	if got := running(t, db); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("running %v", got)
	}
	if err := db.Update(func(tx *Tx) error { return tx.MarkOver("b", t0) }); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *Tx) error { return tx.RemoveArchived(Archived{ID: "c", At: t0}) }); err != nil {
		t.Fatal(err)
	}
	if got := running(t, db); !slices.Equal(got, []string{"a"}) {
		t.Errorf("running %v, want [a]", got)
	}
	addLink(t, db, "a", "created")
	path := filepath.Join(t.TempDir(), "a.db")
	if _, err := db.CopyGame("a", "w", path, t0); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *Tx) error { return tx.MarkOver("a", t0) }); err != nil {
		t.Fatal(err)
	}
	if got := running(t, db); len(got) != 0 {
		t.Fatalf("running %v after the last game ended", got)
	}
	c, err := OpenCopy(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.RestoreGame(c, func(*Tx, [][]byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if got := running(t, db); !slices.Equal(got, []string{"a"}) {
		t.Errorf("running %v after the restore, want [a]", got)
	}
}
