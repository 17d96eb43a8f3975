package referee

import (
	"strings"
	"testing"
	"time"

	"pbem/pbem/store"
)

// A player's mail given up is told to the game's moderators, with what
// the operator does about it; a mail to the moderators themselves given
// up is told to no one (the notice would only fail in its turn), and
// neither is mail of no game.
func TestTellGivenUp(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0) // the first window's mails
	ben, mo := h.players["DE"].member().Address, h.players["mo"].member().Address
	at := t0.Add(9 * time.Hour)
	lost := store.Queued{Seq: 3, Mail: &store.Mail{Game: "t1", To: []string{ben}, Subject: "[t1] GT1 DE-SETUP", Attempts: 10, LastTry: at,
		LastError: "permanent: 550 no such mailbox", GaveUp: true}}
	if err := h.ref.TellGivenUp(lost, at); err != nil {
		t.Fatal(err)
	}
	got := h.outbox(at)
	if len(got) != 1 || len(got[0].To) != 1 || got[0].To[0] != mo || got[0].Subject != "[t1] mail to "+ben+" not delivered" {
		t.Fatalf("the notice: %+v", got)
	}
	for _, want := range []string{"gave up sending mail 3 to " + ben + " after 10 attempt(s)", "550 no such mailbox", "pbem mail retry 3", "pbem game replace-player"} {
		if !strings.Contains(got[0].Body, want) {
			t.Errorf("no %q in the notice:\n%s", want, got[0].Body)
		}
	}

	for _, q := range []store.Queued{
		{Seq: 4, Mail: &store.Mail{Game: "t1", To: []string{strings.ToUpper(mo)}, Subject: "[t1] mail to " + ben + " not delivered", Attempts: 1, GaveUp: true}},
		{Seq: 5, Mail: &store.Mail{To: []string{ben}, Subject: "a reply to a stranger", Attempts: 1, GaveUp: true}},
	} {
		if err := h.ref.TellGivenUp(q, at); err != nil {
			t.Fatal(err)
		}
	}
	if got := h.outbox(at); len(got) != 0 {
		t.Errorf("notices of the moderators' own mail, or of mail of no game: %+v", got)
	}
}
