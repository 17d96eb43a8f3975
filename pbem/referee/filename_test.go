package referee

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// The acknowledgement and the refusal call the file by the name the
// player attached it under, and so do the line numbers of its errors.
func TestRepliesNameTheFileSent(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	ben := h.players["DE"]
	now := t0.Add(time.Hour)
	// as a mail client attaches ben-setup4.txt and ben-setup4.txt.sig
	renamed := func(raw []byte) []byte {
		return bytes.ReplaceAll(raw, []byte(`filename="orders.txt`), []byte(`filename="ben-setup4.txt`))
	}
	good := h.robotFile("DE", "ben-setup-0004", false)
	if v := h.receive(renamed(ben.mail(t, "n1", good)), now); v.Outcome != Accepted {
		t.Fatalf("verdict %+v", v)
	}
	if m := h.outbox(now); len(m) != 1 || !strings.HasPrefix(m[0].Body, "ACCEPTED: ben-setup4.txt, orders of DE") {
		t.Errorf("the acknowledgement does not name ben-setup4.txt:\n%s", m[len(m)-1].Body)
	}
	bad := strings.Replace(good, "Nonce: ben-setup-0004\n", "Nonce: ben-setup-0005\n", 1) + "move DE-XX to 211\n"
	if v := h.receive(renamed(ben.mail(t, "n2", bad)), now); v.Outcome != Refused {
		t.Fatalf("verdict %+v", v)
	}
	m := h.outbox(now)
	if len(m) != 1 || !strings.HasPrefix(m[0].Body, "REFUSED: ben-setup4.txt, sent to game t1") || !strings.Contains(m[0].Body, "\n  ben-setup4.txt:") ||
		strings.Contains(m[0].Body, "orders.txt") {
		t.Errorf("the refusal does not name ben-setup4.txt alone:\n%s", m[len(m)-1].Body)
	}
}
