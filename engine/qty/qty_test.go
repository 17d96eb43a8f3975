package qty

import (
	"encoding/json"
	"testing"
)

func mustParse(t *testing.T, s string) Q {
	t.Helper()
	q, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// Quantities read as rulebooks write them, and print back the same way.
func TestParseAndString(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"3", "3"}, {"1/2", "1/2"}, {"3 1/2", "3 1/2"}, {"3+1/2", "3 1/2"}, {"51/14", "3 9/14"},
		{"1.5", "1 1/2"}, {"0.25", "1/4"}, {".5", "1/2"}, {"-1 1/4", "-1 1/4"}, {"-3/4", "-3/4"},
		{"6/4", "1 1/2"}, {"0", "0"}, {"14/14", "1"},
	} {
		if got := mustParse(t, c.in).String(); got != c.out {
			t.Errorf("%q reads as %s, want %s", c.in, got, c.out)
		}
	}
	for _, bad := range []string{"", "x", "1/0", "1/", "/2", "1 2", "1 -1/2", "1.", "1e3", "--1", "1/-2", "3 1/2/3"} {
		if q, err := Parse(bad); err == nil {
			t.Errorf("%q reads as %s", bad, q)
		}
	}
}

// Twilight in the East 8.2.2: rail movement costs the rail hexes divided
// by the game-turn's rail rate, fractions kept: 51 hexes at 14 a turn are
// 51/14 MP; 5.4.7, 3.3.4: the counter-movement allowance is half the MA,
// the fraction kept.
func TestArithmeticKeepsFractions(t *testing.T) {
	rail := Int(51).Div(Int(14))
	if rail.String() != "3 9/14" || rail.Num() != 51 || rail.Den() != 14 {
		t.Errorf("51 rail hexes at 14: %s", rail)
	}
	half := Int(7).Mul(Frac(1, 2))
	if half.String() != "3 1/2" {
		t.Errorf("half of MA 7: %s", half)
	}
	left := half.Sub(Frac(1, 4)).Sub(Frac(1, 2)) // a double-track hex, a single-track hex
	if left.String() != "2 3/4" {
		t.Errorf("3 1/2 - 1/4 - 1/2 = %s", left)
	}
	if !Frac(1, 3).Add(Frac(1, 6)).Mul(Int(2)).Sub(Int(1)).IsZero() {
		t.Error("(1/3 + 1/6) x 2 - 1 is not 0")
	}
	if Frac(2, 3).Cmp(Frac(3, 5)) != 1 || !Frac(-1, 2).Less(Frac(1, 3)) || Frac(4, 6).Cmp(Frac(2, 3)) != 0 {
		t.Error("comparisons")
	}
	if (Q{}).Add(Frac(1, 2)).String() != "1/2" || (Q{}).String() != "0" || (Q{}).Den() != 1 {
		t.Error("the zero value is not 0")
	}
}

// Rounding is explicit and as the rulebooks say: Twilight in the East
// 4.4 rounds .01-.49 down and .50-.99 up.
func TestRounding(t *testing.T) {
	for _, c := range []struct {
		q                  Q
		floor, ceil, round int64
	}{
		{Frac(49, 100), 0, 1, 0}, {Frac(1, 2), 0, 1, 1}, {Frac(99, 100), 0, 1, 1},
		{Frac(51, 14), 3, 4, 4}, {Frac(7, 2), 3, 4, 4}, {Int(3), 3, 3, 3},
		{Frac(-7, 2), -4, -3, -4}, {Frac(-49, 100), -1, 0, 0},
	} {
		if f, cl, r := c.q.Floor(), c.q.Ceil(), c.q.Round(); f != c.floor || cl != c.ceil || r != c.round {
			t.Errorf("%s: floor %d ceil %d round %d, want %d %d %d", c.q, f, cl, r, c.floor, c.ceil, c.round)
		}
	}
}

// A search over rational costs counts exactly in the least common
// denominator of its costs.
func TestScaled(t *testing.T) {
	costs := []Q{Frac(1, 4), Frac(1, 2), Int(1), Frac(51, 14)}
	d := Denominator(costs...)
	if d != 28 {
		t.Fatalf("denominator %d, want 28", d)
	}
	var sum int64
	for _, c := range costs {
		n, ok := c.Scaled(d)
		if !ok {
			t.Fatalf("%s is not a whole number of 1/%d", c, d)
		}
		sum += n
	}
	if got := Frac(sum, d); got.Cmp(costs[0].Add(costs[1]).Add(costs[2]).Add(costs[3])) != 0 {
		t.Errorf("the scaled sum %s differs from the sum", got)
	}
	if _, ok := Frac(1, 3).Scaled(28); ok {
		t.Error("1/3 counted in 28ths")
	}
}

// Stored states keep quantities as text.
func TestJSON(t *testing.T) {
	in := map[string]Q{"mp": Frac(51, 14), "stack": Frac(5, 2)}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"mp":"3 9/14","stack":"2 1/2"}` {
		t.Errorf("%s", b)
	}
	var out map[string]Q
	if err := json.Unmarshal(b, &out); err != nil || out["mp"] != in["mp"] || out["stack"] != in["stack"] {
		t.Errorf("%v %v", out, err)
	}
}

// Overflow panics rather than gives a wrong number.
func TestOverflowPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	Int(1 << 62).Mul(Int(4))
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"3", "1/2", "3 1/2", "51/14", "1.5", "-2 3/4", "0.125"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := Parse(s)
		if err != nil {
			return
		}
		back, err := Parse(q.String())
		if err != nil || back != q {
			t.Errorf("%q -> %s -> %v, %v", s, q, back, err)
		}
	})
}
