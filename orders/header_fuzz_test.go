package orders

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadBinding reads the binding of arbitrary text: Parse then
// ReadBinding never panic; every error is an ErrorList whose errors each
// name a line of the text, in order; a binding read without error has
// every required field, and its canonical header reads back to it.
func FuzzReadBinding(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.orders"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := Parse("f", src, testVerbs)
		if file == nil {
			t.Fatal("nil file")
		}
		b, err := ReadBinding(file.Header)
		lines := bytes.Count(src, []byte("\n")) + 1
		if err != nil {
			errs, ok := err.(ErrorList)
			if !ok || len(errs) == 0 {
				t.Fatalf("error %T %v", err, err)
			}
			for i, e := range errs {
				if e.Line < 1 || e.Line > lines || (i > 0 && e.Line < errs[i-1].Line) {
					t.Fatalf("error %d at line %d of %d: %v", i, e.Line, lines, errs)
				}
			}
			return
		}
		if b.Game == "" || b.Side == "" || b.Window == "" || checkNonce(b.Nonce) != "" {
			t.Fatalf("nil error with %+v", b)
		}
		again, err := ReadBinding(b.Header())
		if err != nil || again != b {
			t.Fatalf("canonical header %v reads as %+v, %v; want %+v", b.Header(), again, err, b)
		}
	})
}
