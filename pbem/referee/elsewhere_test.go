package referee

import (
	"strings"
	"testing"

	"pbem/orders/sig"
	"pbem/pbem/memmail"
)

// A file or command signed with a player's key but sent from another
// address is answered at the address the game has for the player, with a
// warning that names the other address (njudge and Eressea tell the owner
// so); from the player's own address there is no warning.
func TestOwnerToldOfAnotherAddress(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	ben := h.players["DE"]
	from := func(addr, id, text string) []byte {
		armored, err := sig.SignSSH(ben.signer, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return memmail.OrderMail("Someone <"+addr+">", "referee@club.example", id+"@example.org", []byte(text), armored, ".sig")
	}
	for _, c := range []struct {
		name, addr, text string
		warned           bool
	}{
		{"orders from elsewhere", "thief@example.net", h.robotFile("DE", "ben-setup-0001", false), true},
		{"orders from home", ben.address, h.robotFile("DE", "ben-setup-0002", false), false},
		{"a command from elsewhere", "thief@example.net", "Game: t1\nCommand: report json\nNonce: ben-json-0001\n", true},
	} {
		id := strings.ReplaceAll(c.name, " ", "-")
		if v := h.receive(from(c.addr, id, c.text), t0); v.Outcome != Accepted {
			t.Fatalf("%s: %+v", c.name, v)
		}
		mails := h.outbox(t0)
		if len(mails) != 1 || mails[0].To[0] != ben.address {
			t.Fatalf("%s: the reply goes to %+v", c.name, mails)
		}
		warned := strings.Contains(mails[0].Body, "This came from thief@example.net, not from the address the game has for you") &&
			strings.Contains(mails[0].Body, "someone else holds your key")
		if warned != c.warned {
			t.Errorf("%s: warned %v, want %v:\n%s", c.name, warned, c.warned, mails[0].Body)
		}
	}
}
