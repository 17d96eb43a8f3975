package dice

import (
	"bytes"
	"encoding/hex"
	"testing"
)

// A million rolls of one window's stream are fair: Pearson's chi-square
// over the six faces stays under 20.52, the 0.1% critical value for 5
// degrees of freedom (so a fair die fails this test once in a thousand
// seeds; this seed is fixed). Consecutive rolls are independent too: the
// 36 ordered pairs pass the same test at 35 degrees (66.62).
func TestMillionRollsChiSquare(t *testing.T) {
	s := ForWindow(WindowSeed([]byte("secret"), "t1", "GT1 RU-COMBAT"), []Nonce{{"DE", "ben-nonce-1"}, {"RU", "anna-nonce-1"}})
	const n = 1_000_000
	var faces [6]float64
	var pairs [36]float64
	prev := s.D6()
	faces[prev-1]++
	for i := 1; i < n; i++ {
		x := s.D6()
		if x < 1 || x > 6 {
			t.Fatalf("roll %d: %d", i, x)
		}
		faces[x-1]++
		pairs[(prev-1)*6+x-1]++
		prev = x
	}
	chi := func(counts []float64, total float64) float64 {
		e := total / float64(len(counts))
		sum := 0.0
		for _, c := range counts {
			sum += (c - e) * (c - e) / e
		}
		return sum
	}
	if c := chi(faces[:], n); c > 20.52 {
		t.Errorf("faces %v: chi-square %.2f over 20.52", faces, c)
	} else {
		t.Logf("faces %v: chi-square %.2f", faces, c)
	}
	if c := chi(pairs[:], n-1); c > 66.62 {
		t.Errorf("pairs: chi-square %.2f over 66.62", c)
	}
}

// The rolls are those of docs/dice.md: the message of each attempt is
// the version, the nonces a line per side, the stream and the index; the
// die is the first byte below 252 of its HMAC, modulo 6, plus 1.
func TestMessageAndReveal(t *testing.T) {
	secret := []byte("secret")
	seed := WindowSeed(secret, "t1", "GT1 RU-MOVE")
	if bytes.Equal(seed, WindowSeed(secret, "t1", "GT1 DE-MOVE")) || bytes.Equal(seed, WindowSeed(secret, "t2", "GT1 RU-MOVE")) {
		t.Error("two windows share a seed")
	}
	if c := Commitment(seed); len(c) != 64 || c == hex.EncodeToString(seed) {
		t.Errorf("commitment %s", c)
	}
	s := ForWindow(seed, []Nonce{{"DE", "ben 100%"}, {"RU", ""}})
	if got, want := s.Message(7), "pbem dice 1\nDE ben 100%\nRU \npublic\n7\n"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	p := s.Private("DE").(*Stream)
	if got, want := p.Message(0), "pbem dice 1\nDE ben 100%\nRU \nprivate DE\n0\n"; got != want {
		t.Errorf("private message %q, want %q", got, want)
	}
	// Another nonce, another sequence.
	a, b := ForWindow(seed, []Nonce{{"DE", "x-nonce-1"}}), ForWindow(seed, []Nonce{{"DE", "x-nonce-2"}})
	same := 0
	for range 600 {
		if a.D6() == b.D6() {
			same++
		}
	}
	if same > 160 {
		t.Errorf("two nonces agree on %d rolls of 600", same)
	}
}

// Private rolls come from their own stream: however many are made, the
// public rolls that follow are the same.
func TestPrivateStreamDoesNotShiftPublic(t *testing.T) {
	a, b := New([]byte("s"), "w"), New([]byte("s"), "w")
	a.D6()
	b.D6()
	for range 5 {
		a.Private("DE").D6()
	}
	for i := range 20 {
		if x, y := a.D6(), b.D6(); x != y {
			t.Fatalf("public roll %d differs after private rolls: %d vs %d", i, x, y)
		}
	}
	if a.Rolls() != 26 {
		t.Errorf("rolls %d, want 26", a.Rolls())
	}
}
