package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The table pairs each benchmark with its floor in the same package and
// gives the ratio; a benchmark missing from the list says so.
func TestTable(t *testing.T) {
	in := `goos: linux
pkg: pbem/render
BenchmarkDrawFullMap-2     	      10	  62370743 ns/op	17090143 B/op	   25922 allocs/op
BenchmarkFloorFillRGBA-2   	      10	   2511905 ns/op	 7111048 B/op	       6 allocs/op
PASS
pkg: pbem/orders/sig
BenchmarkIntake1000/SSH-ed25519-2     3   162000000 ns/op
BenchmarkBareVerify1000/SSH-ed25519-2 3   103000000 ns/op
pkg: pbem/pbem/novel
BenchmarkSomethingNew-2   	      10	   1500 ns/op
`
	res, order, err := read(strings.NewReader(in))
	if err != nil || len(res) != 5 {
		t.Fatalf("%v %v", err, res)
	}
	var b strings.Builder
	table(&b, res, order)
	out := b.String()
	for _, want := range []string{`render\s+DrawFullMap\s+62.4 ms\s+FloorFillRGBA\s+2.51 ms\s+24.8x\n`,
		`pbem/novel\s+SomethingNew\s+1.5 µs\s+\(not in scripts/benchtable\)`, `render\s+FloorFillRGBA\s+2.51 ms\s+-\s+-\s+-\n`,
		`orders/sig\s+Intake1000/SSH-ed25519\s+162 ms\s+BareVerify1000/SSH-ed25519\s+103 ms\s+1.6x`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
}

// Every benchmark of the project is in the list, and every floor the list
// names is a benchmark of the same package.
func TestEveryBenchmarkListed(t *testing.T) {
	root := filepath.Join("..", "..")
	found := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".tools") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Benchmark") {
				found[filepath.ToSlash(rel)+"/"+strings.TrimPrefix(fn.Name.Name, "Benchmark")] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range found {
		_, floor := floors[key]
		_, family := families[key]
		if !floor && !family {
			t.Errorf("%s is not in the floors list of scripts/benchtable, nor among its families", key)
		}
		if floor && family {
			t.Errorf("%s is both in the floors list and among the families", key)
		}
	}
	for key := range families {
		if !found[key] {
			t.Errorf("%s is a family but no such benchmark exists", key)
		}
	}
	for key, floor := range floors {
		if !found[key] {
			t.Errorf("%s is listed but no such benchmark exists", key)
		}
		if floor != "" && !found[key[:strings.LastIndex(key, "/")+1]+floor] {
			t.Errorf("%s: its floor %s is no benchmark of its package", key, floor)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal("not at the module's root:", err)
	}
}

// The sizes a benchmark reports are set beside its floor's same sizes,
// in KB; B/op is no size of the work.
func TestSizes(t *testing.T) {
	in := `pkg: pbem/pbem/report
BenchmarkMailSizes-2         	       1	4276303174 ns/op	    193609 bytes/mail	    211718 max-bytes	    193233 median-bytes	365589272 B/op	  485161 allocs/op
BenchmarkFloorMailSizesRGB-2 	       1	 955887702 ns/op	    472537 bytes/mail	    512398 max-bytes	    470609 median-bytes	379839056 B/op	  483927 allocs/op
`
	res, order, err := read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	table(&b, res, order)
	out := b.String()
	for _, want := range []string{`pbem/report\s+MailSizes\s+188.7 KB median-bytes\s+FloorMailSizesRGB\s+459.6 KB\s+0.41x\n`,
		`pbem/report\s+MailSizes\s+206.8 KB max-bytes\s+FloorMailSizesRGB\s+500.4 KB`,
		`pbem/report\s+FloorMailSizesRGB\s+461.5 KB bytes/mail\s+-\s+-\s+-\n`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	if strings.Contains(out, "B/op") {
		t.Errorf("B/op taken for a size:\n%s", out)
	}
}

// A family's figures at each size are set beside the same operation at
// its smallest size, times and sizes; that figure is listed among the
// floors.
func TestFamily(t *testing.T) {
	in := `pkg: pbem/pbem/referee
BenchmarkGames/resolve/games=1-2         	      15	  72455903 ns/op	         4.020 backup-MB	         4.000 db-MB	 4562326 B/op	   18829 allocs/op
BenchmarkGames/resolve/games=300-2       	       1	3200000000 ns/op	       617.0 backup-MB	       617.0 db-MB	 4562326 B/op	   18829 allocs/op
BenchmarkGames/audit/games=300-2         	       1	4600000000 ns/op	       617.0 db-MB
BenchmarkGames/tick/games=100-2          	   47217	     39192 ns/op	         4.000 db-MB
BenchmarkGames/tick/games=1-2            	   47217	     39192 ns/op	         4.000 db-MB
`
	res, order, err := read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	table(&b, res, order)
	out := b.String()
	for _, want := range []string{
		`pbem/referee\s+Games/resolve/games=300\s+3.2 s\s+Games/resolve/games=1\s+72.5 ms\s+44.2x\n`,
		`pbem/referee\s+Games/audit/games=300\s+4.6 s\s+Games/audit/games=1\s+-\s+-\n`,
		`pbem/referee\s+Games/tick/games=100\s+39.2 µs\s+Games/tick/games=1\s+39.2 µs\s+1.0x\n`,
		`pbem/referee\s+Games/resolve/games=1\s+72.5 ms\s+-\s+-\s+-\n`,
		`pbem/referee\s+Games/resolve/games=300\s+617.0 MB db-MB\s+Games/resolve/games=1\s+4.0 MB\s+154.25x\n`,
		`pbem/referee\s+Games/resolve/games=300\s+617.0 MB backup-MB\s+Games/resolve/games=1\s+4.0 MB\s+153.48x\n`,
		`pbem/referee\s+Games/resolve/games=1\s+4.0 MB db-MB\s+-\s+-\s+-\n`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	// The floors come after every figure set beside one.
	floorRow := regexp.MustCompile(`(?m)^pbem/referee\s+Games/resolve/games=1\s`).FindStringIndex(out)
	if floorRow == nil || floorRow[0] < strings.Index(out, "Games/tick/games=100") {
		t.Errorf("a floor among the figures:\n%s", out)
	}
}
