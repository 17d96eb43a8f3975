package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Issue 16: a file sent with the template's placeholder nonce is refused,
// and the refusal says why, at the nonce's line.
func TestPlaceholderNonceRefused(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	ben := h.players["DE"]
	now := t0.Add(time.Hour)
	file := h.robotFile("DE", "change-me-12345678", false)
	if v := h.receive(ben.mail(t, "p1", file), now); v.Outcome != Refused || !strings.Contains(v.Why, "placeholder") {
		t.Fatalf("the placeholder nonce: %+v", v)
	}
	mails := h.outbox(now)
	if len(mails) != 1 || !strings.Contains(strings.Join(strings.Fields(mails[0].Body), " "), "4:1: Nonce: the templates' placeholder, the same in everyone's") {
		var bodies []string
		for _, m := range mails {
			bodies = append(bodies, m.Body)
		}
		t.Fatalf("%d replies:\n%s", len(mails), strings.Join(bodies, "\n----\n"))
	}
	if v := h.receive(ben.mail(t, "p2", strings.Replace(file, "change-me-12345678", "ben-own-words", 1)), now); v.Outcome != Accepted {
		t.Errorf("with a nonce of his own: %+v", v)
	}
}

// Issue 16: an order refused at resolution is quoted in the report at
// its line in the file the player sent, the line the acknowledgement
// gave, although the resolution reads the canonical text (header, blank
// line, orders: no comments), whose lines differ.
func TestReportQuotesPlayersLines(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	ben := h.players["DE"]
	now := t0.Add(time.Hour)
	head, body, _ := strings.Cut(h.robotFile("DE", "ben-lines-0001", true), "\n\n")
	file := "# Ben's set-up, written by hand.\n#\n" + head + "\n\n" + strings.Repeat("# a thought\n\n", 30) +
		body + "\n# and one more, far down:\ngruppe 30 at 0113 with RU-XV\n"
	if v := h.receive(ben.mail(t, "l1", file), now); v.Outcome != Accepted {
		t.Fatalf("%+v", v)
	}
	acks := h.outbox(now)
	re := regexp.MustCompile(`line (\d+): gruppe 30 at 0113 with RU-XV`)
	m := re.FindStringSubmatch(acks[0].Body)
	if m == nil {
		t.Fatalf("the acknowledgement does not quote the order:\n%s", acks[0].Body)
	}
	if want := strconv.Itoa(len(strings.Split(file, "\n")) - 1); m[1] != want {
		t.Fatalf("the acknowledgement says line %s, the file has the order at line %s", m[1], want)
	}
	now = now.Add(DefaultPolicy().EarlyDelay)
	if err := h.ref.Tick(now); err != nil {
		t.Fatal(err)
	}
	for _, mail := range h.outbox(now) {
		if mail.To[0] != ben.address && mail.To[0] != h.players["mo"].address {
			continue
		}
		got := re.FindStringSubmatch(strings.Join(strings.Fields(mail.Body), " "))
		if got == nil || got[1] != m[1] {
			t.Errorf("the report to %s quotes the refused order at %v, the acknowledgement at line %s:\n%s", mail.To[0], got, m[1], mail.Body)
		}
	}
}

// Issue 16: docs/players.md tells the rhythm of a window (send without
// Final: yes, read the acknowledgement, send again with it), and what it
// says of Final: yes is what the referee does: a file without it leaves
// the window open, and once every side due has sent one with it, the
// window is resolved after the early delay the docs give, not at the
// deadline.
func TestPlayersDocTellsTheRhythm(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "players.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rhythm, ok := strings.Cut(string(doc), "### The rhythm of a window")
	rhythm, _, _ = strings.Cut(rhythm, "\n#")
	flat := strings.Join(strings.Fields(rhythm), " ")
	pol := DefaultPolicy()
	for _, want := range []string{"**without** `Final: yes`", "Read the acknowledgement", "send the file again, this time with `Final: yes`",
		"resolved at once", fmt.Sprintf("%d minutes", int(pol.EarlyDelay.Minutes()))} {
		if !ok || !strings.Contains(flat, want) {
			t.Errorf("docs/players.md's rhythm does not say %q:\n%s", want, rhythm)
		}
	}
	h := newHarness(t, pol)
	h.outbox(t0)
	ben := h.players["DE"]
	now := t0.Add(time.Hour)
	if v := h.receive(ben.mail(t, "r1", h.robotFile("DE", "ben-rhythm-01", false)), now); v.Outcome != Accepted {
		t.Fatalf("%+v", v)
	}
	if err := h.ref.Tick(now.Add(pol.EarlyDelay)); err != nil {
		t.Fatal(err)
	}
	if _, w := h.state(); w.ID != "GT1 DE-SETUP" {
		t.Fatalf("a file without Final: yes closed the window: %s", w.ID)
	}
	now = now.Add(time.Hour)
	if v := h.receive(ben.mail(t, "r2", h.robotFile("DE", "ben-rhythm-02", true)), now); v.Outcome != Accepted {
		t.Fatalf("%+v", v)
	}
	if err := h.ref.Tick(now.Add(pol.EarlyDelay)); err != nil {
		t.Fatal(err)
	}
	if _, w := h.state(); w.ID == "GT1 DE-SETUP" {
		t.Errorf("Final: yes from the only side due did not resolve the window after %v", pol.EarlyDelay)
	}
}
