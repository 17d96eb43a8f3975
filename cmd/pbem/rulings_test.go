package main

import (
	"os"
	"path/filepath"
	"testing"
)

// docs/rulings.md is `pbem rulings`; -update rewrites it.
func TestRulingsDoc(t *testing.T) {
	code, out, _ := runPbem(t, "rulings")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	path := filepath.Join("..", "..", "docs", "rulings.md")
	if *update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != out {
		t.Error("docs/rulings.md is stale: run go test ./cmd/pbem -run TestRulingsDoc -update")
	}
}
