package ack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// Acknowledgements and templates keep to the 72 columns the docs promise
// (docs/players.md), but for what cannot be broken without harm: an order
// echoed as it will be carried out, and the receipt's hash, which pbem
// audit reads whole. The goldens are what the other tests of this package
// produce.
func TestLinesFit72Columns(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if err != nil || len(files) < 20 {
		t.Fatalf("%d golden files: %v", len(files), err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		echo := false
		for i, l := range strings.Split(string(b), "\n") {
			switch {
			case strings.HasPrefix(l, "Your orders, as the referee reads them:"), strings.HasPrefix(l, "The orders read from the file"):
				echo = true
			case l == "":
				echo = false
			}
			if utf8.RuneCountInString(l) <= width || strings.HasPrefix(l, "Receipt: sha256 ") ||
				(echo && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "    #")) {
				continue
			}
			t.Errorf("%s:%d: %d columns: %s", f, i+1, utf8.RuneCountInString(l), l)
		}
	}
}
