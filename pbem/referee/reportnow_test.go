package referee

import (
	"strings"
	"testing"
)

// A player whose mail went astray signs Command: report now and gets his
// side's report as things stand, its map and the open window's template,
// at his registered address, told to no one else; the same text again
// changes nothing. A moderator gets the moderators' report and map.
func TestReportNowByMail(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	ben, mo := h.players["DE"], h.players["mo"]
	text := "Game: t1\nCommand: report now\nNonce: ben-again-0001\n"
	if v := h.receive(ben.mail(t, "n1", text), t0); v.Outcome != Accepted || v.Player != "Ben" {
		t.Fatalf("report now: %+v", v)
	}
	mails := h.outbox(t0)
	if len(mails) != 2 {
		t.Fatalf("%d mails, want the reply and the report: %+v", len(mails), mails)
	}
	report, reply := mails[0], mails[1]
	if !strings.Contains(reply.Body, "DONE: game t1: your report as things stand is on its way to "+ben.address) {
		t.Errorf("the reply:\n%s", reply.Body)
	}
	if report.To[0] != ben.address || !strings.Contains(report.Body, "as you asked (Command: report now)") || !strings.Contains(report.Body, "the report of German (DE)") ||
		len(report.Attachments) != 2 || report.Attachments[0].Name != "map-GT1-DE-SETUP.png" || !strings.Contains(string(report.Attachments[1].Data), "Side: DE\nWindow: GT1 DE-SETUP\n") {
		t.Errorf("the report: %+v\n%s", report.Attachments, report.Body)
	}
	if v := h.receive(ben.mail(t, "n2", text), t0); v.Outcome == Accepted {
		t.Errorf("the same text again: %+v", v)
	}
	if v := h.receive(mo.mail(t, "n3", "Game: t1\nCommand: report now\nNonce: mo-again-0001\n"), t0); v.Outcome != Accepted {
		t.Fatalf("a moderator's report now: %+v", v)
	}
	var got []string
	for _, m := range h.outbox(t0) {
		got = append(got, m.To[0])
		if strings.Contains(m.Body, "as you asked") && (m.To[0] != mo.address || !strings.Contains(m.Body, "moderators' report") || len(m.Attachments) != 1) {
			t.Errorf("the moderators' report: %+v\n%s", m.Attachments, m.Body)
		}
	}
	if strings.Join(got, " ") != ben.address+" "+mo.address+" "+mo.address {
		t.Errorf("mails to %v, want the refusal to Ben, then the report and the reply to Mo", got)
	}
}
