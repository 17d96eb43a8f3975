package gwite

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func sources(t *testing.T) string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}

// Every ruling the code cites is in the register, and every register entry
// names functions that exist: the register is the one place to look.
func TestRulingsRegister(t *testing.T) {
	src := sources(t)
	listed := map[string]bool{}
	for _, r := range Rulings {
		if listed[r.ID] {
			t.Errorf("%s listed twice", r.ID)
		}
		listed[r.ID] = true
		if r.Ruling == "" || r.Cases == "" || r.Where == "" {
			t.Errorf("%s is incomplete", r.ID)
		}
	}
	for _, id := range regexp.MustCompile(`AMB-\d\d`).FindAllString(src, -1) {
		if !listed[id] {
			t.Errorf("the code cites %s, which the register lacks", id)
		}
	}
	for _, r := range Rulings {
		if strings.HasPrefix(r.Where, "scenario data") || strings.HasPrefix(r.Where, "(no code") {
			continue
		}
		for _, name := range strings.Split(r.Where, ",") {
			name = strings.TrimSpace(strings.Fields(name)[0])
			var pattern string
			if typ, fn, ok := strings.Cut(name, "."); ok {
				pattern = `func \((\w+ )?\*?` + typ + `\) ` + fn + `\(`
			} else {
				pattern = `func ` + name + `\(`
			}
			if !regexp.MustCompile(pattern).MatchString(src) {
				t.Errorf("%s: %s names %s, which does not exist", r.ID, r.Where, name)
			}
		}
	}
}
