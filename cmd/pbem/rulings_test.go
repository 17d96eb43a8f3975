package main

import "testing"

// docs/rulings.md is `pbem rulings`; -update rewrites it.
func TestRulingsDoc(t *testing.T) {
	code, out, _ := runPbem(t, "rulings")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	matchesDoc(t, out, "rulings.md", "TestRulingsDoc")
}
