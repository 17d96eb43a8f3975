package referee

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"pbem/pbem/store"
)

// giveUp queues m and records it refused for good, as the sender does
// with a 5xx reply, and returns its number.
func (h *harness) giveUp(m *store.Mail, at time.Time) uint64 {
	h.t.Helper()
	var seq uint64
	err := h.db.Update(func(tx *store.Tx) error {
		if err := tx.Enqueue(m, "club.example", at); err != nil {
			return err
		}
		due, err := tx.Due(at, 1000)
		if err != nil {
			return err
		}
		seq = due[len(due)-1].Seq
		return tx.MarkFailed(seq, "permanent: 550 no such mailbox", at, at.Add(time.Minute), 1)
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return seq
}

// A player's mail given up is told to the game's moderators once, with
// what the operator does about it; a mail to the moderators themselves
// given up is told to no one (the notice would only fail in its turn),
// and neither is mail of no game.
func TestTellGivenUp(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0) // the first window's mails
	ben, mo := h.players["DE"].member().Address, h.players["mo"].member().Address
	at := t0.Add(9 * time.Hour)
	seq := h.giveUp(&store.Mail{Game: "t1", To: []string{ben}, Subject: "[t1] GT1 DE-SETUP"}, at)
	for range 2 {
		if err := h.ref.tellGivenUp(at); err != nil {
			t.Fatal(err)
		}
	}
	got := h.outbox(at)
	if len(got) != 1 || len(got[0].To) != 1 || got[0].To[0] != mo || got[0].Subject != "[t1] mail to "+ben+" not delivered" {
		t.Fatalf("the notice, once: %+v", got)
	}
	for _, want := range []string{"gave up sending mail " + strconv.FormatUint(seq, 10) + " to " + ben + " after 1 attempt", "550 no such mailbox", "pbem mail retry " + strconv.FormatUint(seq, 10), "pbem game replace-player"} {
		if !strings.Contains(got[0].Body, want) {
			t.Errorf("no %q in the notice:\n%s", want, got[0].Body)
		}
	}

	h.giveUp(&store.Mail{Game: "t1", To: []string{strings.ToUpper(mo)}, Subject: got[0].Subject}, at)
	h.giveUp(&store.Mail{To: []string{ben}, Subject: "a reply to a stranger"}, at)
	if err := h.ref.tellGivenUp(at); err != nil {
		t.Fatal(err)
	}
	if got := h.outbox(at); len(got) != 0 {
		t.Errorf("notices of the moderators' own mail, or of mail of no game: %+v", got)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		if untold, _ := tx.Untold(); len(untold) != 0 {
			t.Errorf("still untold: %+v", untold)
		}
		return nil
	})
}
