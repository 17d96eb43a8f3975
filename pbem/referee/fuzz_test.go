package referee

import (
	"strings"
	"testing"
	"time"

	"pbem/pbem/store"
)

// FuzzReceive runs any bytes through the whole intake, from the raw mail
// to the verdict stored (issue 15.1): the referee never fails on a mail
// (an error here would stall the daemon's intake until the mail is put
// aside), never panics, always records the mail as seen with a bounded
// verdict, and answers only a seat of the game.
func FuzzReceive(f *testing.F) {
	h := newHarness(f, DefaultPolicy())
	h.db.NoSync(true)
	ben := h.players["DE"]
	file := h.robotFile("DE", "ben-setup-0001", false)
	long := strings.Repeat("x", 40000)
	for _, seed := range []string{
		string(ben.mail(f, "m1", file)),
		"From: Ben <ben@example.org>\r\nMessage-ID: <f1@evil.example>\r\nSubject: orders\r\n\r\n" + file,
		"From: anna@example.org\r\nMessage-ID: <" + long + ">\r\n\r\nhello\r\n",
		"From: " + long + "@example.org\r\n\r\nhello\r\n",
		"From: anna@example.org\r\nContent-Type: multipart/signed; protocol=\"application/pgp-signature\"; micalg=pgp-sha256; boundary=b\r\n\r\n--b\r\n\r\nx\r\n--b\r\nContent-Type: application/pgp-signature\r\n\r\n-----BEGIN PGP SIGNATURE-----\r\n--b--\r\n",
		"From: anna@example.org\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Disposition: attachment; filename=orders.txt\r\n\r\nGame: t1\r\n--b\r\nContent-Disposition: attachment; filename=orders.txt.sig\r\n\r\n-----BEGIN SSH SIGNATURE-----\r\n-----END SSH SIGNATURE-----\r\n--b--\r\n",
		"From: anna@example.org\r\n\r\n-----BEGIN PGP SIGNED MESSAGE-----\r\nHash: SHA256\r\n\r\nGame: t1\r\n-----BEGIN PGP SIGNATURE-----\r\n\r\n-----END PGP SIGNATURE-----\r\n",
	} {
		f.Add([]byte(seed))
	}
	now := t0.Add(time.Hour)
	f.Fuzz(func(t *testing.T, raw []byte) {
		h.uid++
		d := Delivery{Mailbox: "INBOX", UIDValidity: 9, UID: h.uid, Raw: raw}
		v, err := h.ref.Receive(d, now)
		if err != nil {
			t.Fatalf("the referee failed on the mail: %v", err)
		}
		if len(v.Why) > maxWhy+30 {
			t.Errorf("a verdict's reason of %d bytes", len(v.Why))
		}
		err = h.db.Update(func(tx *store.Tx) error {
			if !tx.Seen(mailSum(d)) {
				t.Errorf("the mail is not recorded as seen: %+v", v)
			}
			if w, _ := tx.Watermark("INBOX"); w.UID != h.uid {
				t.Errorf("watermark %d, want %d", w.UID, h.uid)
			}
			due, err := tx.Due(now.Add(time.Hour), 100)
			for _, q := range due {
				if to := strings.ToLower(q.Mail.To[0]); q.Mail.Game == "" && to != "anna@example.org" && to != "ben@example.org" && to != "mo@example.org" {
					t.Errorf("a reply to %q, who holds no seat", to)
				}
				if err := tx.MarkSent(q.Seq, now); err != nil {
					return err
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
