package store

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"pbem/pbem/chain"
)

func enqueue(t *testing.T, db *DB, ms ...*Mail) {
	t.Helper()
	if err := db.Update(func(tx *Tx) error {
		for _, m := range ms {
			if err := tx.Enqueue(m, "referee.example.org", t0); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// spoil overwrites the record and body of mails seqs, kept in home, with
// bytes no decoder takes: whatever reads them fails.
func spoil(t *testing.T, db *DB, home string, seqs ...uint64) {
	t.Helper()
	if err := db.Update(func(tx *Tx) error {
		b, err := tx.mailHome(home)
		if err != nil {
			return err
		}
		for _, seq := range seqs {
			if err := b.Bucket(bktMail).Put(u64(seq), []byte("{not json")); err != nil {
				return err
			}
			if err := b.Bucket(bktBodies).Put(u64(seq), []byte{bodyDeflate, 0xff, 0xff}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// Due reads the mail due and no other: behind one mail due wait 300
// retried far in the future, each spoilt, and none is read until due.
// A mail retried earlier than another was queued goes first.
func TestDueReadsOnlyTheMailDue(t *testing.T) {
	db := open(t)
	newGame(t, db)
	var ms []*Mail
	for i := range 301 {
		ms = append(ms, &Mail{Game: "t1", To: []string{"anna@example.org"}, Subject: "m" + string(rune('a'+i%26)), Body: "text\n"})
	}
	enqueue(t, db, ms...)
	later := t0.Add(30 * 24 * time.Hour)
	if err := db.Update(func(tx *Tx) error {
		for seq := uint64(2); seq <= 301; seq++ {
			if err := tx.MarkFailed(seq, "421 busy", t0, later.Add(time.Duration(seq)*time.Second), 10); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var far []uint64
	for seq := uint64(2); seq <= 301; seq++ {
		far = append(far, seq)
	}
	spoil(t, db, "t1", far...)
	_ = db.View(func(tx *Tx) error {
		due, err := tx.Due(t0.Add(time.Hour), 16)
		if err != nil || len(due) != 1 || due[0].Seq != 1 || due[0].Mail.Body != "text\n" {
			t.Errorf("due: %+v %v", due, err)
		}
		if n := tx.Outbox(); n != 301 {
			t.Errorf("outbox of %d", n)
		}
		// The test can fail: once due, a spoilt mail is read, and says so.
		if _, err := tx.Due(later.Add(2*time.Second), 16); err == nil || !strings.Contains(err.Error(), "mail 2 ") {
			t.Errorf("a spoilt mail due: %v", err)
		}
		return nil
	})

	// Retried at t0+1m, mail 1 comes after a mail queued at t0 + 30s.
	db2 := open(t)
	newGame(t, db2)
	enqueue(t, db2, &Mail{Game: "t1", To: []string{"a@x"}, Subject: "first"})
	if err := db2.Update(func(tx *Tx) error {
		if err := tx.MarkFailed(1, "421", t0, t0.Add(time.Minute), 5); err != nil {
			return err
		}
		return tx.Enqueue(&Mail{Game: "t1", To: []string{"a@x"}, Subject: "second"}, "x", t0.Add(30*time.Second))
	}); err != nil {
		t.Fatal(err)
	}
	_ = db2.View(func(tx *Tx) error {
		due, err := tx.Due(t0.Add(time.Minute), 10)
		if err != nil || len(due) != 2 || due[0].Mail.Subject != "second" || due[1].Mail.Subject != "first" {
			t.Errorf("in due order: %+v %v", due, err)
		}
		return nil
	})
}

// MailOf and Bodies read one game's mail: another game's, spoilt, is not
// read; the referee's own mail (of no game, or of a game not stored) is
// apart.
func TestMailOfOneGame(t *testing.T) {
	db := open(t)
	newGame(t, db)
	if err := db.Update(func(tx *Tx) error {
		return tx.CreateGame(&Game{ID: "t2"}, nil, []byte(`{}`), Window{ID: "GT1 DE-SETUP"})
	}); err != nil {
		t.Fatal(err)
	}
	enqueue(t, db,
		&Mail{Game: "t1", To: []string{"anna@example.org"}, Subject: "t1 one", Body: "one\n"},
		&Mail{Game: "t2", To: []string{"ben@example.org"}, Subject: "t2", Body: "two\n"},
		&Mail{To: []string{"stranger@example.net"}, Subject: "own", Body: "own\n"},
		&Mail{Game: "ghost", To: []string{"x@example.net"}, Subject: "ghost", Body: "no such game\n"},
		&Mail{Game: "t1", To: []string{"ben@example.org"}, Subject: "t1 two", Body: "three\n"})
	spoil(t, db, "t2", 2)
	_ = db.View(func(tx *Tx) error {
		bodies, err := tx.Bodies("t1")
		want := map[string]string{"<pbem.1.t1@referee.example.org>": "one\n", "<pbem.5.t1@referee.example.org>": "three\n"}
		if err != nil || !reflect.DeepEqual(bodies, want) {
			t.Errorf("bodies of t1: %q %v", bodies, err)
		}
		mail, err := tx.MailOf("t1")
		if err != nil || len(mail) != 2 || mail[0].Seq != 1 || mail[1].Mail.Subject != "t1 two" || mail[1].Mail.Body != "" {
			t.Errorf("mail of t1: %+v %v", mail, err)
		}
		own, err := tx.Bodies("")
		if err != nil || len(own) != 2 || own["<pbem.4.ghost@referee.example.org>"] != "no such game\n" {
			t.Errorf("the referee's own: %q %v", own, err)
		}
		if _, err := tx.Bodies("t2"); err == nil {
			t.Error("t2's spoilt mail read without complaint")
		}
		if _, err := tx.MailOf("t3"); err == nil {
			t.Error("the mail of no game stored")
		}
		return nil
	})
}

// A sent mail keeps its text and its attachments' names, sizes and
// hashes, not their data; a mail given up keeps its data, and goes again
// whole when requeued.
func TestSentMailKeepsNoAttachmentData(t *testing.T) {
	db := open(t)
	newGame(t, db)
	png := bytes.Repeat([]byte("PNG"), 1000)
	enqueue(t, db,
		&Mail{Game: "t1", To: []string{"anna@example.org"}, Subject: "sent", Body: "map\n", Attachments: []Attachment{{Name: "map.png", Type: "image/png", Data: png}, {Name: "orders.txt", Type: "text/plain", Data: []byte("Game: t1\n")}}},
		&Mail{Game: "t1", To: []string{"gone@example.org"}, Subject: "lost", Body: "map\n", Attachments: []Attachment{{Name: "map.png", Type: "image/png", Data: png}}})
	if err := db.Update(func(tx *Tx) error {
		if err := tx.MarkSent(1, t0); err != nil {
			return err
		}
		return tx.MarkFailed(2, "550 no such user", t0, t0.Add(time.Minute), 1)
	}); err != nil {
		t.Fatal(err)
	}
	attachmentKeys := func(tx *Tx, seq uint64) int {
		n := 0
		c := tx.tx.Bucket(bucketGames).Bucket([]byte("t1")).Bucket(bktAttachments).Cursor()
		for k, _ := c.Seek(u64(seq)); k != nil && bytes.HasPrefix(k, u64(seq)); k, _ = c.Next() {
			n++
		}
		return n
	}
	_ = db.View(func(tx *Tx) error {
		if n := attachmentKeys(tx, 1); n != 0 {
			t.Errorf("the sent mail keeps %d attachments' data", n)
		}
		if n := attachmentKeys(tx, 2); n != 1 {
			t.Errorf("the mail given up keeps %d attachments' data", n)
		}
		sent, err := tx.SentMail()
		if err != nil || len(sent) != 2 {
			t.Fatalf("sent: %+v %v", sent, err)
		}
		a := sent[0].Mail.Attachments
		if len(a) != 2 || a[0].Data != nil || a[0].Size != len(png) || a[0].Sum != chain.Sum(png) || a[1].Name != "orders.txt" || a[1].Size != 9 {
			t.Errorf("a sent mail's attachments: %+v", a)
		}
		if bodies, _ := tx.Bodies("t1"); bodies[sent[0].Mail.ID] != "map\n" {
			t.Errorf("the sent mail's text: %q", bodies)
		}
		return nil
	})
	if err := db.Update(func(tx *Tx) error { return tx.Requeue(2, t0.Add(time.Hour)) }); err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		due, err := tx.Due(t0.Add(time.Hour), 10)
		if err != nil || len(due) != 1 || len(due[0].Mail.Attachments) != 1 || !bytes.Equal(due[0].Mail.Attachments[0].Data, png) || due[0].Mail.Body != "map\n" {
			t.Errorf("the mail requeued: %+v %v", due, err)
		}
		return nil
	})
}

// RefileMail makes the outbox agree with a game's bucket put back from a
// copy, or removed: its mail queued since goes, its mail queued then is
// due again, and a removed game's mail leaves the outbox and the mail
// given up. The referee's own mail stays.
func TestRefileMail(t *testing.T) {
	db := open(t)
	newGame(t, db)
	enqueue(t, db, &Mail{Game: "t1", To: []string{"a@x"}, Subject: "before"}, &Mail{To: []string{"b@x"}, Subject: "own"})
	var copied []byte // mail 1's record as a copy taken now keeps it
	_ = db.View(func(tx *Tx) error {
		copied = bytes.Clone(tx.tx.Bucket(bucketGames).Bucket([]byte("t1")).Bucket(bktMail).Get(u64(1)))
		return nil
	})
	err := db.Update(func(tx *Tx) error {
		if err := tx.MarkSent(1, t0); err != nil {
			return err
		}
		if err := tx.Enqueue(&Mail{Game: "t1", To: []string{"a@x"}, Subject: "after"}, "x", t0); err != nil {
			return err
		}
		// The game's bucket put back as the copy had it.
		mail := tx.tx.Bucket(bucketGames).Bucket([]byte("t1")).Bucket(bktMail)
		if err := mail.Delete(u64(3)); err != nil {
			return err
		}
		if err := mail.Put(u64(1), copied); err != nil {
			return err
		}
		return tx.RefileMail("t1")
	})
	if err != nil {
		t.Fatal(err)
	}
	subjects := func(qs []Queued) (s []string) {
		for _, q := range qs {
			s = append(s, q.Mail.Subject)
		}
		return s
	}
	_ = db.View(func(tx *Tx) error {
		due, err := tx.Due(t0, 10)
		if got := subjects(due); err != nil || !reflect.DeepEqual(got, []string{"before", "own"}) || tx.Outbox() != 2 {
			t.Errorf("due after the copy is put back: %v %v, outbox %d", got, err, tx.Outbox())
		}
		return nil
	})
	err = db.Update(func(tx *Tx) error {
		if err := tx.MarkFailed(1, "421", t0, t0, 5); err != nil {
			return err
		}
		if err := tx.Enqueue(&Mail{Game: "t1", To: []string{"a@x"}, Subject: "lost"}, "x", t0); err != nil {
			return err
		}
		if err := tx.MarkFailed(4, "550", t0, t0, 1); err != nil {
			return err
		}
		if err := tx.tx.Bucket(bucketGames).DeleteBucket([]byte("t1")); err != nil {
			return err
		}
		// Before it is refiled, the outbox passes over a removed game's mail.
		due, err := tx.Due(t0, 10)
		if got := subjects(due); err != nil || !reflect.DeepEqual(got, []string{"own"}) {
			t.Errorf("due, the game removed: %v %v", got, err)
		}
		return tx.RefileMail("t1")
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		due, err := tx.Due(t0, 10)
		given, _ := tx.GivenUp()
		if got := subjects(due); err != nil || !reflect.DeepEqual(got, []string{"own"}) || tx.Outbox() != 1 || len(given) != 0 || tx.UntoldCount() != 0 {
			t.Errorf("after the game is removed: due %v %v, outbox %d, given up %v, untold %d", got, err, tx.Outbox(), given, tx.UntoldCount())
		}
		return nil
	})
}

// A game's safety copy leaves its mail out, and a restore keeps the mail
// as it is: a mail sent since the copy stays sent, with its text; a mail
// queued since is the referee's to withdraw (Withdraw), which takes it
// whole.
func TestRestoreKeepsTheMail(t *testing.T) {
	db := open(t)
	newGame(t, db)
	enqueue(t, db, &Mail{Game: "t1", To: []string{"a@x"}, Subject: "before", Body: "one\n", Attachments: []Attachment{{Name: "m.png", Data: png}}})
	path := filepath.Join(t.TempDir(), "t1.db")
	if _, err := db.CopyGame("t1", "GT1", path, t0); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *Tx) error {
		if err := tx.MarkSent(1, t0); err != nil {
			return err
		}
		return tx.Enqueue(&Mail{Game: "t1", To: []string{"a@x"}, Subject: "undone", Body: "two\n", Attachments: []Attachment{{Name: "m.png", Data: png}}}, "x", t0)
	}); err != nil {
		t.Fatal(err)
	}
	_ = viewCopy(path, func(_, g *bolt.Bucket) error {
		for _, name := range [][]byte{bktMail, bktBodies, bktAttachments} {
			if g.Bucket(name) != nil {
				t.Errorf("the copy keeps %s", name)
			}
		}
		return nil
	})
	c, err := OpenCopy(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.RestoreGame(c, func(tx *Tx, _ [][]byte) error { return tx.Withdraw(2) }); err != nil {
		t.Fatal(err)
	}
	_ = db.View(func(tx *Tx) error {
		mail, err := tx.MailOf("t1")
		if err != nil || len(mail) != 1 || mail[0].Mail.Sent.IsZero() || tx.Outbox() != 0 {
			t.Errorf("the mail after the restore: %+v %v, outbox %d", mail, err, tx.Outbox())
		}
		if bodies, _ := tx.Bodies("t1"); len(bodies) != 1 || bodies[mail[0].Mail.ID] != "one\n" {
			t.Errorf("texts: %q", bodies)
		}
		if n := tx.tx.Bucket(bucketGames).Bucket([]byte("t1")).Bucket(bktAttachments).Stats().KeyN; n != 0 {
			t.Errorf("%d attachments' data left", n)
		}
		if st, _ := tx.State("t1"); string(st) != `{"state":1}` {
			t.Errorf("state %s", st)
		}
		return nil
	})
}
