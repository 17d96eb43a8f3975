package kw

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// citations are what may cite a rule case: each adjudication case's file
// name and first comment line, and the names of the Go tests.
type citations struct {
	cases map[string]string // file name without ".case" -> first comment line
	tests []string
}

// TestCaseCoverage: every rule case of the catalogue (testdata/
// catalogue.txt) is cited by an adjudication case or a Go test.
func TestCaseCoverage(t *testing.T) {
	cat := readCatalogue(t)
	if missing := uncited(cat, citedBy(cat, readCitations(t))); len(missing) > 0 {
		t.Errorf("no adjudication case (file name or first comment line) nor Go test name cites: %s", strings.Join(missing, ", "))
	}
}

// TestCaseCoverageCatchesARemovedCase: the coverage test is no rubber
// stamp. Each case cited by one case file alone, that file left out, is
// reported; 5.0 is one such.
func TestCaseCoverageCatchesARemovedCase(t *testing.T) {
	cat := readCatalogue(t)
	by := citedBy(cat, readCitations(t))
	sources := map[string][]string{} // entry -> what cites it
	for src, entries := range by {
		for _, e := range entries {
			sources[e] = append(sources[e], src)
		}
	}
	checked := map[string]bool{}
	for _, entry := range cat {
		if len(sources[entry]) != 1 || !strings.HasSuffix(sources[entry][0], ".case") {
			continue
		}
		less := maps.Clone(by)
		delete(less, sources[entry][0])
		if got := uncited(cat, less); !slices.Contains(got, entry) {
			t.Errorf("without %s the coverage test reports %v, not %s", sources[entry][0], got, entry)
		}
		checked[entry] = true
	}
	if !checked["5.0"] {
		t.Errorf("5.0 should be cited by one case file alone; checked %d entries", len(checked))
	}
}

// citedBy is what each case file (NAME.case) and Go test cites of the
// catalogue.
func citedBy(cat []string, cit citations) map[string][]string {
	by := map[string][]string{}
	for _, entry := range cat {
		for name, line := range cit.cases {
			if caseCites(entry, name, line) {
				by[name+".case"] = append(by[name+".case"], entry)
			}
		}
		for _, test := range cit.tests {
			if testCites(entry, test) {
				by[test] = append(by[test], entry)
			}
		}
	}
	return by
}

// uncited are the catalogue's entries nothing cites, in catalogue order.
func uncited(cat []string, by map[string][]string) []string {
	cited := map[string]bool{}
	for _, entries := range by {
		for _, e := range entries {
			cited[e] = true
		}
	}
	var out []string
	for _, entry := range cat {
		if !cited[entry] {
			out = append(out, entry)
		}
	}
	return out
}

// caseCites reports whether a case file names entry: a number by the file
// name's prefix ("14.3-steps") or anywhere in the first comment line, an
// optional rule by "Opt: NAME" in the first line.
func caseCites(entry, name, first string) bool {
	if opt, ok := strings.CutPrefix(entry, "Opt: "); ok {
		line := strings.ReplaceAll(squash(first), "scenariooptions", "")
		return strings.Contains(line, "opt"+squash(opt))
	}
	if strings.HasPrefix(name, entry+"-") {
		return true
	}
	return numberRE(`(^|[^0-9.])`, regexp.QuoteMeta(entry)).MatchString(first)
}

// testCites reports whether a Go test's name names entry: a number as
// _14_3 (TestBattleSteps_14_3), an optional rule by its name run together
// (TestFogOfWarReveals...).
func testCites(entry, test string) bool {
	if opt, ok := strings.CutPrefix(entry, "Opt: "); ok {
		return strings.Contains(squash(test), squash(opt))
	}
	return numberRE(`_`, strings.ReplaceAll(entry, ".", "_")).MatchString(test)
}

// numberRE matches a case number after before and not followed by a digit.
func numberRE(before, number string) *regexp.Regexp {
	return regexp.MustCompile(before + number + `([^0-9]|$)`)
}

// squash is s in lower case with only its letters and digits.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func readCatalogue(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "catalogue.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cat []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			cat = append(cat, line)
		}
	}
	if err := sc.Err(); err != nil || len(cat) < 100 {
		t.Fatalf("testdata/catalogue.txt: %d entries, %v", len(cat), err)
	}
	return cat
}

// readCitations reads the cases' first comment lines and the names of the
// Go tests of this package and its robot.
func readCitations(t *testing.T) citations {
	t.Helper()
	cit := citations{cases: map[string]string{}}
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.case"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		if !strings.HasPrefix(first, "#") {
			t.Errorf("%s: the first line is no comment citing the rule case", f)
		}
		cit.cases[strings.TrimSuffix(filepath.Base(f), ".case")] = first
	}
	for _, dir := range []string{".", "robot"} {
		srcs, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		for _, src := range srcs {
			file, err := parser.ParseFile(token.NewFileSet(), src, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
					cit.tests = append(cit.tests, fn.Name.Name)
				}
			}
		}
	}
	sort.Strings(cit.tests)
	return cit
}
