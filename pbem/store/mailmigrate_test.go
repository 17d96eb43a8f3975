package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// oldMail is the mail a store of schema 1 to 6 holds, by number: in the
// outbox (queued) or among the sent mail.
type oldMail struct {
	seq    uint64
	queued bool
	m      Mail
}

var png = bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 300)

func oldMails() []oldMail {
	at := t0.Add(-time.Hour)
	return []oldMail{
		{1, true, Mail{ID: "<pbem.1.t1@x>", Game: "t1", To: []string{"anna@example.org"}, Subject: "due", Body: "due now\n",
			Attachments: []Attachment{{Name: "map.png", Type: "image/png", Data: png}}, Queued: at, NextTry: at}},
		{2, true, Mail{ID: "<pbem.2.t2@x>", Game: "t2", To: []string{"ben@example.org"}, Subject: "retried", Body: "later\n",
			Queued: at, Attempts: 1, NextTry: t0.Add(time.Hour), LastError: "421 busy", LastTry: at}},
		{3, false, Mail{ID: "<pbem.3.referee@x>", To: []string{"stranger@example.net"}, Subject: "own", Body: "a reply\n", Queued: at, NextTry: at, Sent: at}},
		{4, false, Mail{ID: "<pbem.4.t1@x>", Game: "t1", To: []string{"ben@example.org"}, Subject: "sent", Body: "the report\n",
			Attachments: []Attachment{{Name: "map.png", Type: "image/png", Size: len(png)}}, Queued: at, NextTry: at, Sent: at}},
		{5, false, Mail{ID: "<pbem.5.t1@x>", Game: "t1", To: []string{"gone@example.org"}, Subject: "lost", Body: "given up\n",
			Attachments: []Attachment{{Name: "map.png", Type: "image/png", Data: png}}, Queued: at, Attempts: 1, NextTry: at, LastError: "550", LastTry: at, GaveUp: true}},
		{6, false, Mail{ID: "<pbem.6.ghost@x>", Game: "ghost", To: []string{"x@example.net"}, Subject: "refused", Body: "no such game\n", Queued: at, NextTry: at, Sent: at}},
	}
}

// mailSplit is the schema that keeps the mail by game (splitMail): the
// stores oldStore builds are of the schemas before it.
const mailSplit = 7

// oldStore builds a store of schema version v by hand, as the pbem of
// that schema left it: games t1 and t2, and the mail of oldMails, mail 5
// given up and (from schema 5, which knew) not yet told.
func oldStore(t *testing.T, v int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), fmt.Sprintf("schema%d.db", v))
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = b.Update(func(tx *bolt.Tx) error {
		for _, m := range migrations[:v] {
			if err := m.up(tx); err != nil {
				return err
			}
		}
		for _, id := range []string{"t1", "t2"} {
			g, err := tx.Bucket(bucketGames).CreateBucket([]byte(id))
			if err != nil {
				return err
			}
			buckets := [][]byte{bktReceipts, bktRecords, bktPending}
			if v >= 4 {
				buckets = append(buckets, bktChain, bktFiles)
			}
			for _, name := range buckets {
				if _, err := g.CreateBucket(name); err != nil {
					return err
				}
			}
		}
		for _, om := range oldMails() {
			name := bucketSent
			if om.queued {
				name = bucketOutbox
			}
			data, err := json.Marshal(&om.m)
			if err != nil {
				return err
			}
			if err := tx.Bucket(name).Put(u64(om.seq), data); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketOutbox).SetSequence(6); err != nil {
			return err
		}
		if v >= 5 {
			if err := tx.Bucket(bucketGaveUp).Put(u64(5), []byte{}); err != nil {
				return err
			}
			if err := tx.Bucket(bucketUntold).Put(u64(5), []byte{}); err != nil {
				return err
			}
		}
		m, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		return m.Put(keyVersion, u64(uint64(v)))
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// A store of every earlier schema, opened, keeps its mail by game: every
// mail found with its text, the mail due is due (whole), the mail given
// up is listed, and the numbers go on.
func TestMigrateMailFromEverySchema(t *testing.T) {
	for v := 1; v < mailSplit; v++ {
		t.Run(fmt.Sprintf("schema%d", v), func(t *testing.T) {
			path := oldStore(t, v)
			db, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			checkMigratedMail(t, db, v)
			db.Close()
			if err := Check(path); err != nil {
				t.Error(err)
			}
		})
	}
}

func checkMigratedMail(t *testing.T, db *DB, v int) {
	t.Helper()
	seqs := func(qs []Queued) (s []uint64) {
		for _, q := range qs {
			s = append(s, q.Seq)
		}
		return s
	}
	want := map[string][]uint64{"t1": {1, 4, 5}, "t2": {2}, "": {3, 6}}
	texts := map[string]string{}
	for _, om := range oldMails() {
		texts[om.m.ID] = om.m.Body
	}
	_ = db.View(func(tx *Tx) error {
		for home, w := range want {
			mail, err := tx.MailOf(home)
			if got := seqs(mail); err != nil || !reflect.DeepEqual(got, w) {
				t.Errorf("mail of %q: %v %v", home, got, err)
			}
			bodies, err := tx.Bodies(home)
			if err != nil || len(bodies) != len(w) {
				t.Errorf("texts of %q: %q %v", home, bodies, err)
			}
			for id, body := range bodies {
				if texts[id] != body {
					t.Errorf("mail %s: %q, was %q", id, body, texts[id])
				}
			}
		}
		due, err := tx.Due(t0, 10)
		if err != nil || !reflect.DeepEqual(seqs(due), []uint64{1}) || !bytes.Equal(due[0].Mail.Attachments[0].Data, png) || due[0].Mail.Body != "due now\n" {
			t.Errorf("due now: %+v %v", due, err)
		}
		if due, err := tx.Due(t0.Add(time.Hour), 10); err != nil || !reflect.DeepEqual(seqs(due), []uint64{1, 2}) || due[1].Mail.Attempts != 1 {
			t.Errorf("due in an hour: %+v %v", due, err)
		}
		if q, err := tx.QueuedMail(); err != nil || !reflect.DeepEqual(seqs(q), []uint64{1, 2}) || tx.Outbox() != 2 {
			t.Errorf("queued: %v %v, outbox %d", seqs(q), err, tx.Outbox())
		}
		if g, err := tx.GivenUp(); err != nil || !reflect.DeepEqual(seqs(g), []uint64{5}) || g[0].Mail.LastError != "550" {
			t.Errorf("given up: %+v %v", g, err)
		}
		wantUntold := []uint64{5}
		if v < 5 {
			wantUntold = nil // given up before the schema knew who was told
		}
		if u, err := tx.Untold(); err != nil || !reflect.DeepEqual(seqs(u), wantUntold) {
			t.Errorf("untold: %v %v", seqs(u), err)
		}
		if s, err := tx.SentMail(); err != nil || !reflect.DeepEqual(seqs(s), []uint64{3, 4, 5, 6}) || s[1].Mail.Attachments[0].Size != len(png) {
			t.Errorf("sent: %+v %v", s, err)
		}
		for _, name := range [][]byte{bucketOutbox, bucketSent} {
			if tx.tx.Bucket(name) != nil {
				t.Errorf("bucket %s is left", name)
			}
		}
		return nil
	})
	err := db.Update(func(tx *Tx) error {
		if err := tx.Requeue(5, t0); err != nil {
			return err
		}
		if err := tx.Enqueue(&Mail{Game: "t2", To: []string{"ben@example.org"}, Subject: "new"}, "x", t0); err != nil {
			return err
		}
		due, err := tx.Due(t0, 10)
		if err != nil || !reflect.DeepEqual(seqs(due), []uint64{1, 5, 7}) || !bytes.Equal(due[1].Mail.Attachments[0].Data, png) {
			t.Errorf("due after a requeue and a new mail: %+v %v", due, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkMigrateMail migrates a schema-6 store of 2,000 sent reports
// (about 40 MB of text) and reports the peak heap against the mail's
// size: the migration holds the compressed texts until it commits, not
// the mail it reads.
func BenchmarkMigrateMail(b *testing.B) {
	// Reports that deflate about as well as the referee's (3 to 1).
	var report strings.Builder
	r := rand.New(rand.NewPCG(1, 2))
	for report.Len() < 20000 {
		fmt.Fprintf(&report, "%s %d of the %s moves from hex %04d to %04d, strength %d.\n",
			[]string{"unit", "corps", "division", "cavalry"}[r.IntN(4)], r.IntN(300), []string{"1st Army", "2nd Army", "8th Army"}[r.IntN(3)], r.IntN(10000), r.IntN(10000), r.IntN(20))
	}
	for b.Loop() {
		b.StopTimer()
		path := filepath.Join(b.TempDir(), "old.db")
		old, err := bolt.Open(path, 0o600, nil)
		if err != nil {
			b.Fatal(err)
		}
		size := 0
		err = old.Update(func(tx *bolt.Tx) error {
			for _, m := range migrations[:6] {
				if err := m.up(tx); err != nil {
					return err
				}
			}
			g, err := tx.Bucket(bucketGames).CreateBucket([]byte("t1"))
			if err != nil {
				return err
			}
			for _, name := range [][]byte{bktReceipts, bktRecords, bktPending, bktChain, bktFiles} {
				if _, err := g.CreateBucket(name); err != nil {
					return err
				}
			}
			for seq := uint64(1); seq <= mailsToMigrate; seq++ {
				data, err := json.Marshal(&Mail{ID: fmt.Sprint(seq), Game: "t1", To: []string{"a@x"}, Body: fmt.Sprintf("report %d\n%s", seq, report.String()), Sent: t0})
				if err != nil {
					return err
				}
				size += len(data)
				if err := tx.Bucket(bucketSent).Put(u64(seq), data); err != nil {
					return err
				}
			}
			meta, err := tx.CreateBucketIfNotExists(bucketMeta)
			if err != nil {
				return err
			}
			return meta.Put(keyVersion, u64(6))
		})
		old.Close()
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		peak, done := uint64(0), make(chan struct{})
		go func() {
			var ms runtime.MemStats
			for {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
				select {
				case <-done:
					return
				case <-time.After(time.Millisecond):
				}
			}
		}()
		b.StartTimer()
		db, err := Open(path)
		b.StopTimer()
		close(done)
		if err != nil {
			b.Fatal(err)
		}
		kept := 0
		_ = db.View(func(tx *Tx) error {
			return tx.tx.Bucket(bucketGames).Bucket([]byte("t1")).Bucket(bktBodies).ForEach(func(_, v []byte) error { kept += len(v); return nil })
		})
		db.Close()
		b.ReportMetric(float64(size)/1e6, "MB-of-mail")
		b.ReportMetric(float64(kept)/1e6, "MB-deflated")
		b.ReportMetric(float64(peak-min(peak, base.HeapInuse))/1e6, "MB-peak-heap")
		b.StartTimer()
	}
}

// mailsToMigrate is BenchmarkMigrateMail's count of reports.
var mailsToMigrate = uint64(2000)
