package referee

import (
	"fmt"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/pbem/robot"
)

// BenchmarkReceiveMoveFile is the referee's intake of one signed mail
// carrying the Russian robot's 33-order file for GT1 RU-MOVE: verify,
// parse, bind, preview, acknowledge, and the transaction that records it.
// BenchmarkFloorReceiveUnsigned, in the same run, is the intake of an
// unsigned mail: header, signature search, the same transaction.
func BenchmarkReceiveMoveFile(b *testing.B) {
	t := &testing.T{}
	h := newHarness(t, DefaultPolicy())
	if err := h.ref.ProcessNow("t1", "bench", "to the first move", t0); err != nil {
		b.Fatal(err)
	}
	st, _ := h.state()
	anna := h.players["RU"]
	body := robot.Orders(st.View(engine.Side("RU")).(*gwite.View))
	mails := make([][]byte, b.N)
	for i := range mails {
		mails[i] = anna.mail(t, fmt.Sprintf("b%d", i), fmt.Sprintf("Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: bench-%08d\n\n%s", i, body))
	}
	b.ResetTimer()
	for i := range mails {
		v, err := h.ref.Receive(Delivery{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i + 1), Raw: mails[i]}, t0.Add(time.Minute))
		if err != nil || v.Outcome != Accepted {
			b.Fatalf("%+v %v", v, err)
		}
	}
}

func BenchmarkFloorReceiveUnsigned(b *testing.B) {
	h := newHarness(&testing.T{}, DefaultPolicy())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		raw := []byte(fmt.Sprintf("From: s%d@example.net\r\nMessage-ID: <u%d@example.net>\r\n\r\nhello\r\n", i, i))
		if _, err := h.ref.Receive(Delivery{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i + 1), Raw: raw}, t0); err != nil {
			b.Fatal(err)
		}
	}
}
