package referee

import (
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
	if len(mails) != 1 || !strings.Contains(mails[0].Body, "4:1: Nonce: the templates' placeholder, the same in everyone's") {
		t.Fatalf("the reply:\n%v", mails)
	}
	if v := h.receive(ben.mail(t, "p2", strings.Replace(file, "change-me-12345678", "ben-own-words", 1)), now); v.Outcome != Accepted {
		t.Errorf("with a nonce of his own: %+v", v)
	}
}
