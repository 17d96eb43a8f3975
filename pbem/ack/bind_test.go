package ack

import (
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/orders"
	"pbem/pbem/dice"
)

// atRussianMove is tannenberg-1914 with the German hidden set-up done, so
// that GT1 RU-MOVE is open.
func atRussianMove(t *testing.T) engine.State {
	t.Helper()
	st := tannenberg(t)
	next, _, err := st.Resolve(nil, dice.New([]byte("bind"), st.Window().ID))
	if err != nil {
		t.Fatal(err)
	}
	if id := next.Window().ID; id != "GT1 RU-MOVE" {
		t.Fatalf("open window %s", id)
	}
	return next
}

func parse(t *testing.T, src string) *orders.File {
	t.Helper()
	f, err := orders.Parse("ru.orders", []byte(src), verbs)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

const ruHeader = "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: 9c1e77ab30f2\n\n"

func TestBindRefuses(t *testing.T) {
	st := atRussianMove(t)
	for _, c := range []struct {
		name, src string
		side      engine.Side
		want      string
	}{
		{"header", "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: short\n\nmove RU-XV to 2118\n", "RU",
			`ru.orders:4:1: Nonce: a nonce has at least 8 characters, this one 5`},
		{"game", strings.Replace(ruHeader, "t1", "t2", 1), "RU",
			`ru.orders:1:1: Game: this file is for game t2; this is game t1`},
		{"side", ruHeader, "DE",
			`ru.orders:2:1: Side: this file gives orders for RU, but it is signed with a key of DE`},
		{"closed", strings.Replace(ruHeader, "GT1 RU-MOVE", "GT1 DE-SETUP", 1), "RU",
			`ru.orders:3:1: Window: window GT1 DE-SETUP is closed; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"before the first turn", strings.Replace(ruHeader, "GT1 RU-MOVE", "GT0 RU-COMBAT", 1), "RU",
			`ru.orders:3:1: Window: there is no window "GT0 RU-COMBAT" in this game; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"after the last turn", strings.Replace(ruHeader, "GT1 RU-MOVE", "GT13 RU-MOVE", 1), "RU",
			`ru.orders:3:1: Window: there is no window "GT13 RU-MOVE" in this game; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"later", strings.Replace(ruHeader, "GT1 RU-MOVE", "GT1 RU-COMBAT", 1), "RU",
			`ru.orders:3:1: Window: window GT1 RU-COMBAT is not yet open; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"later cavwd", strings.Replace(ruHeader, "GT1 RU-MOVE", "GT1 DE-CAVWD", 1), "RU",
			`ru.orders:3:1: Window: window GT1 DE-CAVWD is not yet open; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"later turn", strings.Replace(ruHeader, "GT1 RU-MOVE", "GT2 DE-SETUP", 1), "RU",
			`ru.orders:3:1: Window: window GT2 DE-SETUP is not yet open; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"unknown", strings.Replace(ruHeader, "GT1 RU-MOVE", "next one", 1), "RU",
			`ru.orders:3:1: Window: there is no window "next one" in this game; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"unknown side", strings.Replace(ruHeader, "GT1 RU-MOVE", "GT1 FR-MOVE", 1), "RU",
			`ru.orders:3:1: Window: there is no window "GT1 FR-MOVE" in this game; the open window is GT1 RU-MOVE (Russian Movement Phase)`},
		{"everything", "Game: t2\nSide: DE\nWindow: GT1 DE-MOVE\nNonce: 9c1e77ab30f2\n\n", "RU",
			"ru.orders:1:1: Game: this file is for game t2; this is game t1\n" +
				"ru.orders:2:1: Side: this file gives orders for DE, but it is signed with a key of RU\n" +
				"ru.orders:3:1: Window: window GT1 DE-MOVE is not yet open; the open window is GT1 RU-MOVE (Russian Movement Phase)"},
	} {
		r, err := Bind(st, "t1", c.side, parse(t, c.src), time.Time{}, nil)
		if r != nil || err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v\n%v\nwant %s", c.name, r, err, c.want)
		}
	}
}

func TestBindAcceptsAndReplaces(t *testing.T) {
	st := atRussianMove(t)
	// Case and blanks in the header, comments and the spelling of the
	// orders do not change the canonical text.
	f := parse(t, "game: T1\nSIDE: ru\nWindow: gt1   ru-move  # this turn\nNonce: 9c1e77ab30f2\n\nMOVE RU-XV TO 2118 # forward\nlosses RU-XV\nmove RU-NONE to 2118\n")
	r, err := Bind(st, "t1", "RU", f, time.Time{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantText := ruHeader + "move RU-XV to 2118\nlosses RU-XV\nmove RU-NONE to 2118\n"
	if got := string(Canonical(r.Binding, r.Orders)); got != wantText {
		t.Errorf("canonical text:\n%s", got)
	}
	if r.Receipt.Window != "GT1 RU-MOVE" || r.Receipt.Hash != Hash([]byte(wantText)) || r.Replaces != nil {
		t.Errorf("receipt %+v, replaces %v", r.Receipt, r.Replaces)
	}
	if len(r.Problems) != 1 || r.Problems[0].Line != 8 {
		t.Errorf("problems: %v", r.Problems)
	}

	// The same file again, however spelt, is refused, even after another.
	other := Receipt{Window: "GT1 RU-MOVE", Hash: Hash([]byte("another file"))}
	old := Receipt{Window: "GT0 RU-MOVE", Hash: Hash([]byte("old"))}
	accepted := []Receipt{old, r.Receipt, other}
	again := parse(t, wantText)
	if _, err := Bind(st, "t1", "RU", again, time.Time{}, accepted); err == nil || !strings.Contains(err.Error(), "ru.orders:3:1: Window: this file is the same as one already accepted for GT1 RU-MOVE (receipt "+r.Receipt.Hash+"); to send it again, change its nonce") {
		t.Errorf("duplicate: %v", err)
	}
	// A new nonce makes it a new file, which replaces the last one.
	again = parse(t, strings.Replace(wantText, "9c1e77ab30f2", "another-nonce", 1))
	r2, err := Bind(st, "t1", "RU", again, time.Time{}, accepted)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Replaces == nil || *r2.Replaces != other || r2.Receipt.Hash == r.Receipt.Hash {
		t.Errorf("replaces %v", r2.Replaces)
	}
	// Final is part of the file.
	final := parse(t, strings.Replace(wantText, "\n\n", "\nFinal: yes\n\n", 1))
	if r3, err := Bind(st, "t1", "RU", final, time.Time{}, accepted); err != nil || !r3.Binding.Final || r3.Receipt.Hash == r.Receipt.Hash {
		t.Errorf("final: %v %v", r3, err)
	}
}

// A file signed before the one accepted last for the window is refused: a
// mail that arrives late, or one held back and replayed with another
// nonce, never replaces newer orders. A file signed later replaces them;
// a file whose signature carries no time (SSH) goes by arrival.
func TestBindRefusesOlderFile(t *testing.T) {
	st := atRussianMove(t)
	evening := time.Date(1914, 8, 20, 20, 0, 0, 0, time.UTC)
	body := "\nmove RU-XV to 2118\n"
	file := func(nonce string) *orders.File {
		return parse(t, strings.Replace(ruHeader, "9c1e77ab30f2", nonce, 1)+body)
	}
	first, err := Bind(st, "t1", "RU", file("evening-orders"), evening, nil)
	if err != nil {
		t.Fatal(err)
	}
	accepted := []Receipt{first.Receipt}
	_, err = Bind(st, "t1", "RU", file("afternoon-orders"), evening.Add(-3*time.Hour), accepted)
	want := "ru.orders:3:1: Window: this file was signed at 1914-08-20 17:00:00 UTC, before the file accepted for GT1 RU-MOVE (signed at 1914-08-20 20:00:00 UTC, receipt " + first.Receipt.Hash + "), which stands; to replace that one, sign a new file"
	if err == nil || err.Error() != want {
		t.Errorf("older file: %v\nwant %s", err, want)
	}
	later, err := Bind(st, "t1", "RU", file("midnight-orders"), evening.Add(4*time.Hour), accepted)
	if err != nil || later.Replaces == nil || *later.Replaces != first.Receipt || !later.Receipt.Signed.Equal(evening.Add(4*time.Hour)) {
		t.Errorf("later file: %+v %v", later, err)
	}
	if _, err := Bind(st, "t1", "RU", file("ssh-signed-orders"), time.Time{}, accepted); err != nil {
		t.Errorf("file with no signature time: %v", err)
	}
}

// A side that gives no orders in the open window may still send standing
// orders; orders of the window are refused by Validate.
func TestBindOtherSide(t *testing.T) {
	st := atRussianMove(t)
	f := parse(t, "Game: t1\nSide: DE\nWindow: GT1 RU-MOVE\nNonce: 9c1e77ab30f2\n\nlosses DE-1ID\nmove DE-1ID to 0614\n")
	r, err := Bind(st, "t1", "DE", f, time.Time{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) != 1 || r.Problems[0].String() != "line 7: move DE-1ID to 0614: DE gives no orders in the Russian Movement Phase [std 4.0]" {
		t.Errorf("problems: %v", r.Problems)
	}
}

func TestBindGameOver(t *testing.T) {
	if msg := windowProblem(nil, engine.Window{ID: "GT10 END", Done: true}, "GT10 RU-MOVE"); msg != "the game is over; no window is open (the file is for GT10 RU-MOVE)" {
		t.Error(msg)
	}
}
