package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A game marked over leaves the running games; the mark goes with the
// game into its safety copy.
func TestRunningGameIDs(t *testing.T) {
	db := open(t)
	newGame(t, db)
	if err := db.Update(func(tx *Tx) error {
		if err := tx.CreateGame(&Game{ID: "t2"}, nil, nil, Window{}); err != nil {
			return err
		}
		return tx.MarkOver("t1", t0)
	}); err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		if ids := tx.RunningGameIDs(); len(ids) != 1 || ids[0] != "t2" {
			t.Errorf("running: %v", ids)
		}
		if ids := tx.GameIDs(); len(ids) != 2 {
			t.Errorf("all: %v", ids)
		}
		return nil
	})
}

// Archiving removes the game's bucket and its sent mail, given up or not,
// with their places in the indexes, and leaves its record; the other
// game's mail and the queued mail stay.
func TestRemoveArchived(t *testing.T) {
	db := open(t)
	newGame(t, db)
	if err := db.Update(func(tx *Tx) error {
		if err := tx.CreateGame(&Game{ID: "t2"}, nil, nil, Window{}); err != nil {
			return err
		}
		for _, g := range []string{"t1", "t1", "t2", "t1"} {
			if err := tx.Enqueue(&Mail{Game: g, To: []string{"a@example.org"}, Subject: g}, "example.org", t0); err != nil {
				return err
			}
		}
		if err := tx.MarkSent(1, t0); err != nil {
			return err
		}
		if err := tx.MarkSent(3, t0); err != nil {
			return err
		}
		return tx.MarkFailed(2, "550", t0, t0, 1) // given up, not yet told
	}); err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		if q, _ := tx.QueuedFor("t1"); len(q) != 1 || q[0].Seq != 4 {
			t.Errorf("queued for t1: %+v", q)
		}
		return nil
	})
	a := Archived{ID: "t1", Scenario: "tannenberg-1914", Result: "over", File: "/x/t1.tar", Size: 10, SHA256: "ab", At: t0}
	if err := db.Update(func(tx *Tx) error { return tx.RemoveArchived(a) }); err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		if ids := tx.GameIDs(); len(ids) != 1 || ids[0] != "t2" {
			t.Errorf("games: %v", ids)
		}
		sent, _ := tx.SentMail()
		if len(sent) != 1 || sent[0].Mail.Game != "t2" {
			t.Errorf("sent mail left: %+v", sent)
		}
		if u, err := tx.Untold(); err != nil || len(u) != 0 {
			t.Errorf("untold: %v %v", u, err)
		}
		if g, err := tx.GivenUp(); err != nil || len(g) != 0 {
			t.Errorf("given up: %v %v", g, err)
		}
		if tx.Outbox() != 1 {
			t.Errorf("outbox: %d", tx.Outbox())
		}
		recs, err := tx.ArchivedGames()
		if err != nil || len(recs) != 1 || recs[0] != a {
			t.Errorf("archived: %+v %v", recs, err)
		}
		return nil
	})
	if err := db.Update(func(tx *Tx) error { return tx.RemoveArchived(a) }); err == nil {
		t.Error("archived twice")
	}
	if err := db.Update(func(tx *Tx) error { return tx.Withdraw(4) }); err != nil {
		t.Error(err)
	}
	if err := db.Update(func(tx *Tx) error { return tx.Withdraw(4) }); err == nil {
		t.Error("withdrew a mail twice")
	}
}

// Compaction gives back the free pages, keeps every record, and leaves no
// file but the database; a database in use is not touched.
func TestCompact(t *testing.T) {
	db := open(t)
	newGame(t, db)
	big := strings.Repeat("x", 1<<20)
	if err := db.Update(func(tx *Tx) error {
		for range 8 {
			if _, err := tx.PutFile("t1", []byte(big+time.Now().String())); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *Tx) error {
		if err := tx.CreateGame(&Game{ID: "t2"}, nil, []byte("kept"), Window{}); err != nil {
			return err
		}
		return tx.games().DeleteBucket([]byte("t1"))
	}); err != nil {
		t.Fatal(err)
	}
	path := db.Path()
	if _, _, err := Compact(path); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("compacting an open database: %v", err)
	}
	db.Close()
	before, after, err := Compact(path)
	if err != nil {
		t.Fatal(err)
	}
	if after >= before/4 {
		t.Errorf("compacted from %d to %d bytes", before, after)
	}
	left, _ := os.ReadDir(filepath.Dir(path))
	if len(left) != 1 {
		t.Errorf("files beside the database: %v", left)
	}
	db2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	_ = db2.View(func(tx *Tx) error {
		if st, _ := tx.State("t2"); string(st) != "kept" || len(tx.GameIDs()) != 1 {
			t.Errorf("after compaction: %v %q", tx.GameIDs(), st)
		}
		return nil
	})
}
