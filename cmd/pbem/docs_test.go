package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/engine/gwite"
	"pbem/orders"
)

// The orders the players' guide gives as examples, window by window, are
// orders the referee reads.
func TestPlayersGuideExamples(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "players.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## 6. Orders by example")
	if !ok {
		t.Fatal("docs/players.md has no section 6")
	}
	var blocks [][]string
	var cur []string
	for _, line := range strings.Split(section, "\n") {
		if code, ok := strings.CutPrefix(line, "    "); ok {
			cur = append(cur, code)
			continue
		}
		if len(cur) > 0 {
			blocks = append(blocks, cur)
			cur = nil
		}
	}
	if len(blocks) < 5 {
		t.Fatalf("%d example blocks", len(blocks))
	}
	for _, b := range blocks {
		text := "Game: t1\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: guide-0001\n\n" + strings.Join(b, "\n") + "\n"
		f, err := orders.Parse("players.md", []byte(text), gwite.Ruleset{}.Verbs())
		if err != nil {
			t.Errorf("the example\n%s\ndoes not read: %v", strings.Join(b, "\n"), err)
		} else if len(f.Orders) != len(b) {
			t.Errorf("the example\n%s\nreads as %d orders", strings.Join(b, "\n"), len(f.Orders))
		}
	}
}
