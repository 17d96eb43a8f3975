package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"pbem/orders/sig"
	"pbem/pbem/ack"
)

var t0 = time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)

func open(t *testing.T) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// A second opener fails at once with ErrLocked instead of waiting for
// ever (libraries.md 8), read-only checks included.
func TestOpenLocked(t *testing.T) {
	db := open(t)
	start := time.Now()
	_, err := Open(db.Path())
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), db.Path()) {
		t.Fatalf("second open: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the second open took %v", d)
	}
	if err := Check(db.Path()); err == nil {
		t.Error("Check opened a locked store")
	}
}

// A new store has every migration; a store from a newer pbem is refused;
// reopening changes nothing.
func TestSchema(t *testing.T) {
	db := open(t)
	path := db.Path()
	db.Close()
	if err := Check(path); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db2.Close()
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keyVersion, u64(uint64(len(migrations)+1))) }); err != nil {
		t.Fatal(err)
	}
	b.Close()
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "newer than this pbem knows") {
		t.Errorf("newer schema: %v", err)
	}
}

func newGame(t *testing.T, db *DB) *Game {
	t.Helper()
	g := &Game{ID: "t1", Data: "tannenberg", Scenario: "tannenberg-1914", Options: []string{"cavalry-windows"}, Created: t0,
		Players:    []Player{{Side: "RU", Name: "Anna", Address: "anna@example.org"}, {Side: "DE", Name: "Ben", Address: "ben@example.org"}},
		Moderators: []Player{{Name: "Mo", Address: "mo@example.org"}}}
	keys := []sig.KeyEntry{{Side: "RU", Player: "Anna", SSH: "ssh-ed25519 AAAA anna"}}
	if err := db.Update(func(tx *Tx) error {
		return tx.CreateGame(g, keys, []byte(`{"state":1}`), Window{ID: "GT1 DE-SETUP", Opened: t0, Deadline: t0.Add(72 * time.Hour)})
	}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGameRoundTrip(t *testing.T) {
	db := open(t)
	g := newGame(t, db)
	if err := db.Update(func(tx *Tx) error { return tx.CreateGame(g, nil, nil, Window{}) }); !errors.Is(err, ErrGameExists) {
		t.Errorf("second create: %v", err)
	}
	p := &Pending{Side: "RU", Player: "Anna", Fingerprint: "SHA256:x", Receipt: ack.Receipt{Window: "GT1 RU-MOVE", Hash: "h1", Signed: t0},
		Canonical: []byte("Game: t1\n"), Mail: "5e1f", Received: t0}
	err := db.Update(func(tx *Tx) error {
		if err := tx.PutState("t1", []byte(`{"state":2}`)); err != nil {
			return err
		}
		if err := tx.PutPending("t1", p); err != nil {
			return err
		}
		p2 := *p
		p2.Receipt.Hash = "h2"
		if err := tx.PutPending("t1", &p2); err != nil {
			return err
		}
		return tx.AddRecord("t1", &Record{Window: "GT1 DE-SETUP", Resolved: t0, Events: []string{"GT1"}, Rolls: 0})
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.View(func(tx *Tx) error {
		got, err := tx.Game("t1")
		if err != nil || !reflect.DeepEqual(got, g) {
			t.Errorf("game %+v %v", got, err)
		}
		if st, err := tx.State("t1"); string(st) != `{"state":2}` || err != nil {
			t.Errorf("state %s %v", st, err)
		}
		if w, err := tx.Window("t1"); w.ID != "GT1 DE-SETUP" || !w.Deadline.Equal(t0.Add(72*time.Hour)) || err != nil {
			t.Errorf("window %+v %v", w, err)
		}
		if k, err := tx.Keys("t1"); len(k) != 1 || k[0].SSH != "ssh-ed25519 AAAA anna" || err != nil {
			t.Errorf("keys %+v %v", k, err)
		}
		pend, err := tx.Pending("t1")
		if err != nil || len(pend) != 1 || pend["RU"].Receipt.Hash != "h2" || pend["RU"].Mail != p.Mail {
			t.Errorf("pending %+v %v", pend, err)
		}
		rs, err := tx.Receipts("t1")
		if err != nil || len(rs) != 2 || rs[0].Hash != "h1" || rs[1].Hash != "h2" || !rs[0].Signed.Equal(t0) {
			t.Errorf("receipts %+v %v", rs, err)
		}
		recs, err := tx.Records("t1")
		if err != nil || len(recs) != 1 || recs[0].Seq != 1 || recs[0].Window != "GT1 DE-SETUP" {
			t.Errorf("records %+v %v", recs, err)
		}
		if ids := tx.GameIDs(); !reflect.DeepEqual(ids, []string{"t1"}) {
			t.Errorf("ids %v", ids)
		}
		if _, err := tx.Game("nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown game: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *Tx) error { return tx.ClearPending("t1") }); err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		if pend, _ := tx.Pending("t1"); len(pend) != 0 {
			t.Errorf("pending after clear: %v", pend)
		}
		if rs, _ := tx.Receipts("t1"); len(rs) != 2 {
			t.Errorf("the receipts went with the pending files: %v", rs)
		}
		return nil
	})
}

// A transaction that fails leaves nothing behind: the intake of a mail is
// all or nothing.
func TestUpdateAllOrNothing(t *testing.T) {
	db := open(t)
	newGame(t, db)
	boom := errors.New("boom")
	err := db.Update(func(tx *Tx) error {
		if err := tx.PutPending("t1", &Pending{Side: "RU", Receipt: ack.Receipt{Window: "GT1 RU-MOVE", Hash: "h"}}); err != nil {
			return err
		}
		if err := tx.SetWatermark("INBOX", Watermark{UIDValidity: 7, UID: 42}); err != nil {
			return err
		}
		if err := tx.Enqueue(&Mail{To: []string{"anna@example.org"}, Subject: "ack"}, "referee.example.org", t0); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		pend, _ := tx.Pending("t1")
		w, _ := tx.Watermark("INBOX")
		if len(pend) != 0 || w.UID != 0 || tx.Outbox() != 0 {
			t.Errorf("left behind: pending %v, watermark %v, outbox %d", pend, w, tx.Outbox())
		}
		return nil
	})
}

// The outbox hands out due mail oldest first with stable Message-IDs,
// retries a failure later, and gives up after the last attempt.
func TestOutbox(t *testing.T) {
	db := open(t)
	err := db.Update(func(tx *Tx) error {
		for _, s := range []string{"one", "two", "three"} {
			if err := tx.Enqueue(&Mail{Game: "t1", To: []string{"anna@example.org"}, Subject: s}, "referee.example.org", t0); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var due []Queued
	_ = db.View(func(tx *Tx) error { due, err = tx.Due(t0, 10); return err })
	if len(due) != 3 || due[0].Mail.Subject != "one" || due[2].Mail.ID != "<pbem.3.t1@referee.example.org>" {
		t.Fatalf("due: %+v", due)
	}
	err = db.Update(func(tx *Tx) error {
		if err := tx.MarkSent(due[0].Seq, t0.Add(time.Second)); err != nil {
			return err
		}
		if err := tx.MarkFailed(due[1].Seq, "421 try later", t0, t0.Add(time.Minute), 2); err != nil {
			return err
		}
		return tx.MarkFailed(due[2].Seq, "550 no such user", t0, t0.Add(time.Minute), 1)
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		if now, _ := tx.Due(t0.Add(time.Second), 10); len(now) != 0 {
			t.Errorf("due before the retry time: %+v", now)
		}
		later, _ := tx.Due(t0.Add(time.Minute), 10)
		if len(later) != 1 || later[0].Mail.Subject != "two" || later[0].Mail.Attempts != 1 || later[0].Mail.ID != due[1].Mail.ID {
			t.Errorf("retry: %+v", later)
		}
		sent, _ := tx.SentMail()
		if len(sent) != 2 || !sent[0].Mail.Sent.Equal(t0.Add(time.Second)) || !sent[1].Mail.GaveUp || sent[1].Mail.LastError != "550 no such user" {
			t.Errorf("sent: %+v", sent)
		}
		if gaveUp, _ := tx.GivenUp(); len(gaveUp) != 1 || gaveUp[0].Seq != due[2].Seq || !gaveUp[0].Mail.LastTry.Equal(t0) {
			t.Errorf("given up: %+v", gaveUp)
		}
		// Recorded with the failure, so that a crash cannot lose it: the
		// moderators are still to be told.
		if untold, _ := tx.Untold(); len(untold) != 1 || untold[0].Seq != due[2].Seq {
			t.Errorf("untold: %+v", untold)
		}
		return nil
	})

	// The operator sends the mail given up again: back in the outbox,
	// due at once, the same mail; a mail sent, or none, is not requeued.
	t1 := t0.Add(time.Hour)
	err = db.Update(func(tx *Tx) error {
		if err := tx.Requeue(due[0].Seq, t1); err == nil || !strings.Contains(err.Error(), "was sent") {
			t.Errorf("requeue of a sent mail: %v", err)
		}
		if err := tx.Requeue(99, t1); err == nil || !strings.Contains(err.Error(), "no mail 99") {
			t.Errorf("requeue of no mail: %v", err)
		}
		return tx.Requeue(due[2].Seq, t1)
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		again, _ := tx.Due(t1, 10)
		if len(again) != 2 || again[1].Seq != due[2].Seq || again[1].Mail.ID != due[2].Mail.ID || again[1].Mail.Attempts != 0 || again[1].Mail.GaveUp {
			t.Errorf("due after the requeue: %+v", again)
		}
		if gaveUp, _ := tx.GivenUp(); len(gaveUp) != 0 {
			t.Errorf("still given up: %+v", gaveUp)
		}
		if untold, _ := tx.Untold(); len(untold) != 0 {
			t.Errorf("a mail requeued is still to be told: %+v", untold)
		}
		return nil
	})
}

func TestInbox(t *testing.T) {
	db := open(t)
	err := db.Update(func(tx *Tx) error {
		if tx.Seen("<a@x>") {
			t.Error("seen before")
		}
		if err := tx.MarkSeen("<a@x>", t0); err != nil {
			return err
		}
		return tx.SetWatermark("INBOX", Watermark{UIDValidity: 3, UID: 99})
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		if w, err := tx.Watermark("INBOX"); w != (Watermark{3, 99}) || err != nil {
			t.Errorf("watermark %v %v", w, err)
		}
		if w, _ := tx.Watermark("Other"); w != (Watermark{}) {
			t.Errorf("unread mailbox %v", w)
		}
		if !tx.Seen("<a@x>") || tx.Seen("") {
			t.Error("seen")
		}
		return nil
	})
}

// A hot backup is taken while the store is open, is checked, and holds
// the games.
func TestBackup(t *testing.T) {
	db := open(t)
	newGame(t, db)
	path := filepath.Join(t.TempDir(), "backup.db")
	n, err := db.Backup(path)
	if err != nil || n == 0 {
		t.Fatal(n, err)
	}
	if err := Check(path); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_ = b.View(func(tx *Tx) error {
		if ids := tx.GameIDs(); len(ids) != 1 {
			t.Errorf("backup holds %v", ids)
		}
		return nil
	})
	if matches, _ := filepath.Glob(path + ".part-*"); len(matches) != 0 {
		t.Errorf("left %v", matches)
	}
}

// A store made by an older pbem (schema 1) gets the later migrations when
// opened, and keeps its data.
func TestMigrateFromSchema1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = b.Update(func(tx *bolt.Tx) error {
		if err := migrations[0].up(tx); err != nil {
			return err
		}
		m, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		if err := tx.Bucket(bucketSeen).Put([]byte("<old@x>"), []byte(`"2026-01-01T00:00:00Z"`)); err != nil {
			return err
		}
		// Mail sent, and mail given up before the schema indexed it.
		if err := tx.Bucket(bucketSent).Put(u64(1), []byte(`{"ID":"<a@x>","Subject":"sent"}`)); err != nil {
			return err
		}
		if err := tx.Bucket(bucketSent).Put(u64(2), []byte(`{"ID":"<b@x>","Subject":"lost","GaveUp":true}`)); err != nil {
			return err
		}
		// Receipts as schema 1 filed them: by sequence alone.
		gb, err := tx.Bucket(bucketGames).CreateBucket([]byte("t1"))
		if err != nil {
			return err
		}
		rb, err := gb.CreateBucket(bktReceipts)
		if err != nil {
			return err
		}
		for i, w := range []string{"GT1 DE-SETUP", "GT1 RU-MOVE", "GT1 RU-MOVE"} {
			if err := rb.Put(u64(uint64(i+1)), []byte(fmt.Sprintf(`{"Window":%q,"Hash":"h%d"}`, w, i+1))); err != nil {
				return err
			}
		}
		return m.Put(keyVersion, u64(1))
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
	err = db.Update(func(tx *Tx) error {
		if tx.Seen("<old@x>") {
			t.Error("a Message-ID is still a key of the mail seen")
		}
		if rs, err := tx.ReceiptsFor("t1", "GT1 RU-MOVE"); err != nil || len(rs) != 2 || rs[0].Hash != "h2" || rs[1].Hash != "h3" {
			t.Errorf("receipts of GT1 RU-MOVE after the migration: %+v %v", rs, err)
		}
		if gaveUp, err := tx.GivenUp(); err != nil || len(gaveUp) != 1 || gaveUp[0].Mail.Subject != "lost" {
			t.Errorf("mail given up after the migration: %+v %v", gaveUp, err)
		}
		if untold, err := tx.Untold(); err != nil || len(untold) != 0 {
			t.Errorf("old mail given up to be told: %+v %v", untold, err)
		}
		return tx.SetReplies("unsigned", "x@example.org", []time.Time{t0})
	})
	if err != nil {
		t.Fatalf("after the migration: %v", err)
	}
	db.Close()
	if err := Check(path); err != nil {
		t.Error(err)
	}
}
