package kw

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every ruling the code cites is in the register, and every register entry
// names functions that exist: the register is the one place to look.
func TestRulingsRegister(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "rulings.go" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	src := b.String()
	listed := map[string]bool{}
	for _, r := range Rulings {
		if listed[r.ID] {
			t.Errorf("%s listed twice", r.ID)
		}
		listed[r.ID] = true
		if r.Ruling == "" || r.Cases == "" || r.Where == "" {
			t.Errorf("%s is incomplete", r.ID)
		}
		if data, ok := strings.CutPrefix(r.Where, "scenario data ("); ok {
			file := filepath.Join("..", "..", "..", "scenarios", "kaiserswar", strings.TrimSuffix(data, ")"))
			b, err := os.ReadFile(file)
			if err != nil || !strings.Contains(string(b), r.ID) {
				t.Errorf("%s: %s does not cite it (%v)", r.ID, file, err)
			}
			continue
		}
		if !strings.Contains(src, r.ID) {
			t.Errorf("%s is in the register but no code cites it", r.ID)
		}
		for _, name := range strings.Split(r.Where, ",") {
			name = strings.TrimSpace(name)
			pattern := `func ` + name + `\(`
			if typ, fn, ok := strings.Cut(name, "."); ok {
				pattern = `func \((\w+ )?\*?` + typ + `\) ` + fn + `\(`
			}
			if !regexp.MustCompile(pattern).MatchString(src) {
				t.Errorf("%s: %s names %s, which does not exist", r.ID, r.Where, name)
			}
		}
	}
	for _, id := range regexp.MustCompile(`KW-[0-9A-Za-z.()]+-[A-Z0-9]+`).FindAllString(src, -1) {
		if !listed[id] {
			t.Errorf("the code cites %s, which the register lacks", id)
		}
	}
}
