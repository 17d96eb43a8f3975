package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/pbem/ack"
	"pbem/pbem/chain"
)

// addLink appends a link of kind to game id's chain.
func addLink(t *testing.T, db *DB, id, what string) {
	t.Helper()
	if err := db.Update(func(tx *Tx) error {
		_, err := tx.Append(id, (&chain.Link{At: t0, Kind: chain.KindModerator}).Add("what", what))
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// A game's safety copy holds that game alone, reads back as it was, and
// puts the game back over a later state of it, in one transaction with
// what the caller adds; the other games are untouched.
func TestCopyAndRestoreGame(t *testing.T) {
	db := open(t)
	newGame(t, db)
	other := &Game{ID: "t2", Data: "tannenberg", Scenario: "tannenberg-1914", Created: t0}
	if err := db.Update(func(tx *Tx) error { return tx.CreateGame(other, nil, []byte("t2 state"), Window{ID: "W1"}) }); err != nil {
		t.Fatal(err)
	}
	addLink(t, db, "t1", "created")
	if err := db.Update(func(tx *Tx) error {
		if _, err := tx.PutFile("t1", []byte("a signed file")); err != nil {
			return err
		}
		return tx.PutPending("t1", &Pending{Side: "RU", Canonical: []byte("MOVE A B")})
	}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "t1.db")
	n, err := db.CopyGame("t1", "GT1 DE-SETUP", path, t0)
	if err != nil || n == 0 {
		t.Fatalf("copy: %d bytes, %v", n, err)
	}
	c, err := OpenCopy(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Game != "t1" || c.Seq != 1 || c.Before != "GT1 DE-SETUP" || !c.Taken.Equal(t0) || c.Schema != len(migrations) {
		t.Fatalf("the copy says %+v", c)
	}
	// The bad resolution: a new state, no pending file, two more links;
	// and the other game moves on meanwhile.
	if err := db.Update(func(tx *Tx) error {
		if err := tx.PutState("t1", []byte("bad")); err != nil {
			return err
		}
		if err := tx.PutState("t2", []byte("t2 later")); err != nil {
			return err
		}
		return tx.ClearPending("t1")
	}); err != nil {
		t.Fatal(err)
	}
	addLink(t, db, "t1", "resolved badly")
	addLink(t, db, "t1", "a mail")
	dropped, err := db.RestoreGame(c, func(tx *Tx, dropped [][]byte) error {
		_, err := tx.Append("t1", (&chain.Link{At: t0, Kind: chain.KindModerator}).Add("what", "restored"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dropped) != 2 || !strings.Contains(string(dropped[0]), "resolved badly") {
		t.Errorf("dropped links: %q", dropped)
	}
	_ = db.View(func(tx *Tx) error {
		st, _ := tx.State("t1")
		pend, _ := tx.Pending("t1")
		links, _ := tx.Chain("t1")
		files, _ := tx.Files("t1")
		if string(st) != `{"state":1}` || pend["RU"] == nil || len(links) != 2 || !strings.Contains(string(links[1]), "restored") || len(files) != 1 {
			t.Errorf("restored: state %q, pending %v, chain %q, %d files", st, pend, links, len(files))
		}
		if st, _ := tx.State("t2"); string(st) != "t2 later" {
			t.Errorf("the other game: %q", st)
		}
		return nil
	})
	// The receipts' sequence came back too: the next receipt does not
	// overwrite one restored.
	_ = db.Update(func(tx *Tx) error {
		if err := tx.AddReceipt("t1", ack.Receipt{}); err != nil { // the window of the one on file
			t.Error(err)
		}
		if rs, _ := tx.Receipts("t1"); len(rs) != 2 {
			t.Errorf("receipts after the restore: %d", len(rs))
		}
		return nil
	})
}

// A copy whose chain is not the start of the game's is refused, and the
// game is left as it was; so is a file that is no copy.
func TestRestoreRefused(t *testing.T) {
	db := open(t)
	newGame(t, db)
	addLink(t, db, "t1", "created")
	path := filepath.Join(t.TempDir(), "t1.db")
	if _, err := db.CopyGame("t1", "W1", path, t0); err != nil {
		t.Fatal(err)
	}
	c, err := OpenCopy(path)
	if err != nil {
		t.Fatal(err)
	}
	// Another database's game of the same name.
	db2 := open(t)
	newGame(t, db2)
	addLink(t, db2, "t1", "another game")
	addLink(t, db2, "t1", "later")
	called := false
	_, err = db2.RestoreGame(c, func(*Tx, [][]byte) error { called = true; return nil })
	if err == nil || !strings.Contains(err.Error(), "not of an earlier state") || called {
		t.Errorf("another game's copy: %v (then called: %v)", err, called)
	}
	if links := chainOf(t, db2, "t1"); len(links) != 2 {
		t.Errorf("the refused restore changed the chain: %d links", len(links))
	}
	// A copy newer than the game (restored to an older state since).
	addLink(t, db, "t1", "later")
	newer := filepath.Join(t.TempDir(), "newer.db")
	if _, err := db.CopyGame("t1", "W2", newer, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RestoreGame(c, func(*Tx, [][]byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	cn, _ := OpenCopy(newer)
	if _, err := db.RestoreGame(cn, func(*Tx, [][]byte) error { return nil }); err == nil || !strings.Contains(err.Error(), "only 1") {
		t.Errorf("a newer copy: %v", err)
	}
	// What the caller does fails: nothing is written.
	if _, err := db.RestoreGame(c, func(*Tx, [][]byte) error { return errors.New("no") }); err == nil {
		t.Error("a failing then was not an error")
	}
	// A full backup is no safety copy.
	full := filepath.Join(t.TempDir(), "full.db")
	if _, err := db.Backup(full); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenCopy(full); !errors.Is(err, ErrNotACopy) {
		t.Errorf("a full backup as a copy: %v", err)
	}
	if _, err := OpenCopy(filepath.Join(t.TempDir(), "none.db")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing copy: %v", err)
	}
}

func chainOf(t *testing.T, db *DB, id string) [][]byte {
	t.Helper()
	var links [][]byte
	if err := db.View(func(tx *Tx) error { var err error; links, err = tx.Chain(id); return err }); err != nil {
		t.Fatal(err)
	}
	return links
}

// A copy of a game that is not stored is refused, and leaves no file.
func TestCopyMissingGame(t *testing.T) {
	db := open(t)
	dir := t.TempDir()
	if _, err := db.CopyGame("nope", "W1", filepath.Join(dir, "nope.db"), time.Now()); !errors.Is(err, ErrNotFound) {
		t.Errorf("copy of no game: %v", err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}
