package ack

import (
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
)

// benchFile is the robot's 33-order file for GT1 RU-MOVE and the state it
// is bound to.
func benchFile(b *testing.B) (engine.State, []byte) {
	st := tannenberg(&testing.T{})
	st, _, err := st.Resolve(nil, &engine.Script{}) // the German set-up
	if err != nil {
		b.Fatal(err)
	}
	text := "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: bench-nonce\n\n" + rulesetstest.Robot(st, "RU")
	return st, []byte(text)
}

// BenchmarkBindAcknowledge is the referee's work on one accepted order
// file after its signature is checked: parse, bind, validate, preview
// every order from the side's view, and write the acknowledgement.
func BenchmarkBindAcknowledge(b *testing.B) {
	st, text := benchFile(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f, err := orders.Parse("bench", text, verbs)
		if err != nil {
			b.Fatal(err)
		}
		r, err := Bind(st, "t1", "RU", f, time.Time{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		_ = Acknowledge(Ack{Game: "t1", Side: "RU", Window: r.Window, File: f, Result: r})
	}
}

// BenchmarkFloorParse, in the same run, only parses the same file: the
// least any handling of it costs.
func BenchmarkFloorParse(b *testing.B) {
	_, text := benchFile(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := orders.Parse("bench", text, verbs); err != nil {
			b.Fatal(err)
		}
	}
}
