package main

import (
	"strings"
	"syscall"
	"testing"
)

// A mail refused for good (a player's address without a mailbox: 550) is
// given up at once, logged as an error, told to the moderator by mail,
// listed by pbem mail list and by game show; once the address works, pbem mail retry sends it again
// through the running daemon, and the game still audits.
func TestMailGivenUpAndRetried(t *testing.T) {
	s := newSite(t)
	s.addr["Ben"] = "ben@nowhere.example" // no mailbox there yet
	s.newGame()
	s.start()
	defer func() {
		if err := s.stop(syscall.SIGTERM); err != nil {
			t.Errorf("the daemon's exit: %v", err)
		}
	}()
	s.received("Anna", 1)
	s.eventually("Ben's mail given up", func() bool {
		_, out, _ := s.pbem("mail list")
		return strings.Contains(out, "given up: 1 mail")
	})
	code, out, errs := s.pbem("mail list")
	if code != 0 || !strings.Contains(out, "ben@nowhere.example") || !strings.Contains(out, "550") || !strings.Contains(out, "pbem mail retry SEQ") {
		t.Fatalf("mail list: exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(s.logs.String(), "level=ERROR msg=\"mail given up\"") {
		t.Errorf("no error logged for the mail given up:\n%s", s.logs)
	}
	// The moderator hears of it by mail (his first mail is the game's).
	if notice := s.received("Mo", 2); !strings.Contains(notice, "Subject: [t1] mail to ben@nowhere.example not delivered") || !strings.Contains(notice, "pbem mail retry") {
		t.Errorf("the moderator's notice:\n%s", notice)
	}
	if _, show, _ := s.pbem("game show", "t1"); !strings.Contains(show, "MAIL GIVEN UP: ") || !strings.Contains(show, "to ben@nowhere.example") {
		t.Errorf("game show does not tell of the mail given up:\n%s", show)
	}

	// Bad retries say why and change nothing.
	if code, _, errs := s.pbem("mail retry"); code != 2 || !strings.Contains(errs, "usage: pbem mail retry") {
		t.Errorf("mail retry with nothing: exit %d %s", code, errs)
	}
	if code, _, errs := s.pbem("mail retry", "x7"); code != 2 || !strings.Contains(errs, `"x7" is not a mail's number`) {
		t.Errorf("mail retry x7: exit %d %s", code, errs)
	}
	if code, _, errs := s.pbem("mail retry", "999"); code != 1 || !strings.Contains(errs, "no mail 999") {
		t.Errorf("mail retry 999: exit %d %s", code, errs)
	}

	if err := s.mail.AddMailbox("ben@nowhere.example", "pw"); err != nil {
		t.Fatal(err)
	}
	code, out, errs = s.pbem("mail retry", "-given-up")
	if code != 0 || out != "1 mail back in the outbox, to be sent at once\n" {
		t.Fatalf("mail retry -given-up: exit %d\n%s%s", code, out, errs)
	}
	if mail := s.received("Ben", 1); !strings.Contains(mail, "GT1 DE-SETUP") {
		t.Errorf("Ben's mail, sent again:\n%s", mail)
	}
	s.eventually("an empty list", func() bool {
		_, out, _ := s.pbem("mail list")
		return strings.Contains(out, "outbox: 0 mails\ngiven up: 0 mails\n")
	})
	if code, out, errs := s.pbem("audit", "t1"); code != 0 {
		t.Errorf("audit after the retry: exit %d\n%s%s", code, out, errs)
	}
}
