// Package qty holds exact quantities: the one convention every ruleset
// uses for numbers that are not whole, such as movement points (Twilight
// in the East divides rail hexes by a rail rate and halves allowances
// keeping the fraction), stacking in halves and quarters, and supply
// costs.
//
// A Q is an exact rational, never a float: two referees always agree on
// it, and rounding happens only where a rule says so, by an explicit
// call naming how (Floor, Ceil, Round). The least-cost search
// (engine.Search) counts in integers: a search over rational costs counts
// in units of the least common denominator of the costs it meets
// (Denominator, Scaled), which is exact.
//
// The package is pure and imports only the standard library.
package qty

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Q is a rational number Num/Den in lowest terms with Den > 0. The zero
// value is 0. Quantities of a game are small: arithmetic panics on
// int64 overflow rather than give a wrong number.
type Q struct {
	num, den int64
}

// Int is the whole number n.
func Int(n int64) Q { return Q{n, 1} }

// Frac is n/d; it panics if d is 0.
func Frac(n, d int64) Q {
	if d == 0 {
		panic("qty: division by zero")
	}
	if d < 0 {
		n, d = neg(n), neg(d)
	}
	g := gcd(abs(n), d)
	if g == 0 {
		return Q{}
	}
	return Q{n / g, d / g}
}

// Num and Den are q's numerator and denominator in lowest terms.
func (q Q) Num() int64 { return q.num }

// Den is q's denominator, 1 for a whole number.
func (q Q) Den() int64 {
	if q.den == 0 {
		return 1
	}
	return q.den
}

func (q Q) norm() Q {
	if q.den == 0 {
		return Q{0, 1}
	}
	return q
}

// Add is q + r.
func (q Q) Add(r Q) Q {
	q, r = q.norm(), r.norm()
	g := gcd(q.den, r.den)
	return Frac(add(mul(q.num, r.den/g), mul(r.num, q.den/g)), mul(q.den, r.den/g))
}

// Sub is q - r.
func (q Q) Sub(r Q) Q { return q.Add(r.Neg()) }

// Neg is -q.
func (q Q) Neg() Q { q = q.norm(); return Q{neg(q.num), q.den} }

// Mul is q × r.
func (q Q) Mul(r Q) Q {
	q, r = q.norm(), r.norm()
	g1, g2 := gcd(abs(q.num), r.den), gcd(abs(r.num), q.den)
	if g1 == 0 || g2 == 0 {
		return Q{0, 1}
	}
	return Frac(mul(q.num/g1, r.num/g2), mul(q.den/g2, r.den/g1))
}

// Div is q ÷ r; it panics if r is 0.
func (q Q) Div(r Q) Q {
	r = r.norm()
	if r.num == 0 {
		panic("qty: division by zero")
	}
	return q.Mul(Frac(r.den, r.num))
}

// Cmp is -1, 0 or +1 as q is less than, equal to or more than r.
func (q Q) Cmp(r Q) int {
	d := q.Sub(r)
	switch {
	case d.num < 0:
		return -1
	case d.num > 0:
		return 1
	}
	return 0
}

// Less reports whether q < r.
func (q Q) Less(r Q) bool { return q.Cmp(r) < 0 }

// IsZero reports whether q is 0.
func (q Q) IsZero() bool { return q.num == 0 }

// Floor is the greatest whole number not above q.
func (q Q) Floor() int64 {
	q = q.norm()
	f := q.num / q.den
	if q.num%q.den != 0 && q.num < 0 {
		f--
	}
	return f
}

// Ceil is the least whole number not below q.
func (q Q) Ceil() int64 { return -q.Neg().Floor() }

// Round is q rounded to a whole number, a half rounded up (away from
// zero for negatives), the common rule of the rulebooks (Twilight in the
// East 4.4: .01-.49 down, .50-.99 up).
func (q Q) Round() int64 {
	if q.num < 0 {
		return -q.Neg().Round()
	}
	return q.Add(Frac(1, 2)).Floor()
}

// Denominator is the least common denominator of qs: every one of them
// times it is a whole number.
func Denominator(qs ...Q) int64 {
	l := int64(1)
	for _, q := range qs {
		d := q.Den()
		l = mul(l/gcd(l, d), d)
	}
	return l
}

// Scaled is q counted in units of 1/den, and whether that is exact.
func (q Q) Scaled(den int64) (int64, bool) {
	q = q.norm()
	if den <= 0 || den%q.den != 0 {
		return 0, false
	}
	return mul(q.num, den/q.den), true
}

// String writes q as a rulebook does: "3", "1/2", "3 1/2", "-1 1/4".
func (q Q) String() string {
	q = q.norm()
	if q.den == 1 {
		return strconv.FormatInt(q.num, 10)
	}
	sign, n := "", q.num
	if n < 0 {
		sign, n = "-", -n
	}
	whole, rest := n/q.den, n%q.den
	if whole == 0 {
		return fmt.Sprintf("%s%d/%d", sign, rest, q.den)
	}
	return fmt.Sprintf("%s%d %d/%d", sign, whole, rest, q.den)
}

// Parse reads a quantity written as a whole number ("3"), a fraction
// ("51/14"), a whole and a fraction ("3 1/2", also "3+1/2" where a blank
// cannot stand) or a decimal ("1.5", "0.25"), with an optional sign.
func Parse(s string) (Q, error) {
	bad := func() (Q, error) {
		return Q{}, fmt.Errorf("quantity %q: want a number such as 3, 1/2, 3 1/2, 51/14 or 1.5", s)
	}
	t := strings.TrimSpace(s)
	negative := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(t, "-")
	var whole, frac string
	if i := strings.IndexAny(t, " +"); i >= 0 {
		whole, frac = t[:i], strings.TrimSpace(t[i+1:])
		if !strings.Contains(frac, "/") {
			return bad()
		}
	} else if strings.Contains(t, "/") {
		frac = t
	} else {
		whole = t
	}
	if whole == "" && frac == "" {
		return bad()
	}
	q := Q{0, 1}
	if whole != "" {
		w, err := decimal(whole)
		if err != nil {
			return bad()
		}
		q = w
	}
	if frac != "" {
		n, d, ok := strings.Cut(frac, "/")
		a, err1 := strconv.ParseInt(n, 10, 64)
		b, err2 := strconv.ParseInt(d, 10, 64)
		if !ok || err1 != nil || err2 != nil || a < 0 || b <= 0 || strings.ContainsAny(n+d, "+-") {
			return bad()
		}
		q = q.Add(Frac(a, b))
	}
	if negative {
		q = q.Neg()
	}
	return q, nil
}

// decimal reads "12" or "1.25" exactly.
func decimal(s string) (Q, error) {
	if strings.ContainsAny(s, "+-eE") || s == "" {
		return Q{}, fmt.Errorf("not a decimal")
	}
	w, f, dot := strings.Cut(s, ".")
	if w == "" {
		w = "0"
	}
	n, err := strconv.ParseInt(w, 10, 64)
	if err != nil {
		return Q{}, err
	}
	q := Int(n)
	if dot {
		if f == "" || len(f) > 9 {
			return Q{}, fmt.Errorf("not a decimal")
		}
		m, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return Q{}, err
		}
		q = q.Add(Frac(m, int64(math.Pow10(len(f)))))
	}
	return q, nil
}

// MarshalText writes q as String does, for stored game states.
func (q Q) MarshalText() ([]byte, error) { return []byte(q.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (q *Q) UnmarshalText(b []byte) error {
	x, err := Parse(string(b))
	if err != nil {
		return err
	}
	*q = x
	return nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(a int64) int64 {
	if a < 0 {
		return neg(a)
	}
	return a
}

func neg(a int64) int64 {
	if a == math.MinInt64 {
		panic("qty: overflow")
	}
	return -a
}

func add(a, b int64) int64 {
	c := a + b
	if (c > a) != (b > 0) {
		panic("qty: overflow")
	}
	return c
}

func mul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	c := a * b
	if c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		panic("qty: overflow")
	}
	return c
}
