package templates

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// fill keeps to Width columns from the column its text starts at, indents
// the lines after the first, never splits a rule case or a short
// parenthesis, and leaves a word longer than a line whole on its line.
func TestFill(t *testing.T) {
	long := strings.Repeat("x", 80)
	for _, c := range []struct {
		first, indent int
		in, want      string
	}{
		{2, 4, "roll 1 for command control for movement, DE-69B: out of command [std 10.41]",
			"roll 1 for command control for movement, DE-69B: out of command\n    [std 10.41]"},
		{38, 38, "1st Infantry Division (in Gruppe 6)",
			"1st Infantry Division\n" + strings.Repeat(" ", 38) + "(in Gruppe 6)"},
		{0, 2, "a " + long + " b", "a\n  " + long + "\n  b"},
		{0, 0, "(an aside far longer than a group is kept whole, so it breaks like words) end",
			"(an aside far longer than a group is kept whole, so it breaks like\nwords) end"},
	} {
		got := fill(c.first, c.indent, c.in)
		if got != c.want {
			t.Errorf("fill(%d, %d, %q) =\n%s\nwant\n%s", c.first, c.indent, c.in, got, c.want)
		}
		for i, l := range strings.Split(got, "\n") {
			n := utf8.RuneCountInString(l)
			if i == 0 {
				n += c.first
			}
			if n > Width && !strings.Contains(l, long) {
				t.Errorf("fill(%q): line %d has %d columns", c.in, i+1, n)
			}
		}
	}
}
