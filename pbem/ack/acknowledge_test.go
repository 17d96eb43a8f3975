package ack

import (
	"strings"
	"testing"
	"time"

	"pbem/orders"
)

const fingerprint = "SHA256:q2Vn0fWQm3m2yX7x0bUo7mQk9m8m3Jb3d6Vx0J4r1xE"

// The acknowledgement of a file accepted for GT1 RU-MOVE, with an order
// the window will refuse, replacing an earlier file.
func TestAcknowledgeAccepted(t *testing.T) {
	st := atRussianMove(t)
	f := parse(t, "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 9c1e77ab30f2\n\n"+
		"move RU-XV to 2118       # towards Neidenburg\n"+
		"MOVE RU-XIII  via 2116\n"+
		"entrain RU-II\n"+
		"attack 2118 with RU-XV   # not in a movement phase\n"+
		"losses RU-2ID RU-XV\n")
	earlier := Receipt{Window: "GT1 RU-MOVE", Hash: Hash([]byte("the earlier file"))}
	r, err := Bind(st, "t1", "RU", f, time.Time{}, []Receipt{earlier})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) == 0 {
		t.Error("no problem with the attack order")
	}
	text := Acknowledge(Ack{Game: "t1", Side: "RU", Fingerprint: fingerprint, Window: st.Window(),
		Deadline: "Tue 3 Sep 1914 18:00 UTC", File: f, Result: r})
	golden(t, "ack-accepted", text)
	if !strings.Contains(text, r.Receipt.Hash) {
		t.Error("no receipt")
	}
}

// The acknowledgement of a file refused for its header: another side's
// window, already closed.
func TestAcknowledgeRefused(t *testing.T) {
	st := atRussianMove(t)
	f := parse(t, "Game: t1\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: 9c1e77ab30f2\nFinal: yes\n\n"+
		"gruppe 1 at 0613 with DE-1ID DE-2ID\n")
	r, err := Bind(st, "t1", "RU", f, time.Time{}, nil)
	if err == nil {
		t.Fatal("accepted")
	}
	text := Acknowledge(Ack{Game: "t1", Side: "RU", Fingerprint: fingerprint, Window: st.Window(),
		Deadline: "Tue 3 Sep 1914 18:00 UTC", File: f, Result: r, Err: err})
	golden(t, "ack-refused", text)
}

// A file that does not parse is refused with the parser's errors.
func TestAcknowledgeParseErrors(t *testing.T) {
	st := atRussianMove(t)
	f, err := orders.Parse("bad.orders", []byte(ruHeader+"move RU-XV to 211\n"), verbs)
	if err == nil {
		t.Fatal("parsed")
	}
	text := Acknowledge(Ack{Game: "t1", Side: "RU", Fingerprint: fingerprint, Window: st.Window(), Deadline: "soon", File: f, Err: err})
	for _, want := range []string{"REFUSED: bad.orders", "  bad.orders:6:15: bad hex \"211\"", "The file holds no orders.", "Still to send: your orders for GT1 RU-MOVE"} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q:\n%s", want, text)
		}
	}
}
