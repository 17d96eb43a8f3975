package dice

import "testing"

func TestReproducibleAndFair(t *testing.T) {
	a, b := New([]byte("seed"), "GT1 RU-MOVE"), New([]byte("seed"), "GT1 RU-MOVE")
	c := New([]byte("seed"), "GT1 DE-MOVE")
	var counts [7]int
	same := 0
	const n = 60000
	for i := 0; i < n; i++ {
		x, y, z := a.D6(), b.D6(), c.D6()
		if x != y {
			t.Fatalf("roll %d differs between identical streams: %d %d", i, x, y)
		}
		if x == z {
			same++
		}
		if x < 1 || x > 6 {
			t.Fatalf("roll %d", x)
		}
		counts[x]++
	}
	for v := 1; v <= 6; v++ {
		// Expect 10000 each; 5 standard deviations is about 456.
		if d := counts[v] - n/6; d > 460 || d < -460 {
			t.Errorf("face %d came up %d times in %d", v, counts[v], n)
		}
	}
	if same > n/6+500 || same < n/6-500 {
		t.Errorf("different streams agree %d times in %d: not independent", same, n)
	}
}

// Private rolls come from their own stream: however many are made, the
// public rolls that follow are the same.
func TestPrivateStreamDoesNotShiftPublic(t *testing.T) {
	a, b := New([]byte("s"), "w"), New([]byte("s"), "w")
	a.D6()
	b.D6()
	for i := 0; i < 5; i++ {
		a.Private("DE").D6()
	}
	for i := 0; i < 20; i++ {
		if x, y := a.D6(), b.D6(); x != y {
			t.Fatalf("public roll %d differs after private rolls: %d vs %d", i, x, y)
		}
	}
	if a.Rolls() != 26 {
		t.Errorf("Rolls() = %d, want 26 counting the private ones", a.Rolls())
	}
}
