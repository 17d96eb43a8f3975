package orders

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"pbem/engine/hex"
)

// errorMark is an expected error at the end of a testdata line:
// # ERROR "regexp". The regexp is taken as written, up to the last quote
// (a quote inside is written \", which regexps read as a quote).
var errorMark = regexp.MustCompile(`#\s*ERROR\s+"(.*)"\s*$`)

// TestErrorMarks parses every testdata/*.orders file and checks that each
// reported error matches the ERROR mark on its line, and that each mark
// is matched by an error.
func TestErrorMarks(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.orders"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			_, errs := parse(name, src, testVerbs, hex.Codec{})
			errs.RemoveMultiples()
			checkMarks(t, name, src, errs)
		})
	}
}

// marks returns the ERROR marks of src by line.
func marks(t *testing.T, src []byte) map[int]*regexp.Regexp {
	t.Helper()
	out := map[int]*regexp.Regexp{}
	for i, line := range splitLines(src) {
		m := errorMark.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		re, err := regexp.Compile(m[1])
		if err != nil {
			t.Fatalf("line %d: bad mark %s: %v", i+1, m[1], err)
		}
		out[i+1] = re
	}
	return out
}

func splitLines(src []byte) []string {
	var out []string
	for len(src) > 0 {
		i := 0
		for i < len(src) && src[i] != '\n' {
			i++
		}
		out = append(out, string(src[:i]))
		if i < len(src) {
			i++
		}
		src = src[i:]
	}
	return out
}

func checkMarks(t *testing.T, name string, src []byte, errs ErrorList) {
	t.Helper()
	want := marks(t, src)
	for _, e := range errs {
		if e.File != name {
			t.Errorf("%v: file %q, want %q", e, e.File, name)
		}
		re := want[e.Line]
		switch {
		case re == nil:
			t.Errorf("unexpected error: %v", e)
		case !re.MatchString(e.Msg):
			t.Errorf("%v: does not match %q", e, re)
		}
		delete(want, e.Line)
	}
	for line, re := range want {
		t.Errorf("%s:%d: no error matching %q", name, line, re)
	}
}
