package adjudicate

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCases runs every adjudication case of the gwite rules, one subtest
// per file.
func TestCases(t *testing.T) { runCases(t, "gwite") }

// TestKWCases runs every adjudication case of the Kaiser's War rules.
func TestKWCases(t *testing.T) { runCases(t, "kw") }

func runCases(t *testing.T, system string) {
	files, err := Files(filepath.Join("..", "..", "engine", "rulesets", system, "testdata", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no case files")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".case"), func(t *testing.T) {
			r := RunFile(f)
			if !r.Pass() {
				t.Errorf("%s\n%s\nevents:\n  %s", r.Title, strings.Join(r.Failures, "\n"), strings.Join(r.Events, "\n  "))
			}
		})
	}
}

// A case that expects the wrong thing must fail: the harness is not a
// rubber stamp.
func TestHarnessCatchesWrongExpectations(t *testing.T) {
	src := `# std 5.13 (inverted on purpose)
-- map --
standard
-- setup --
setup RU-HQ 0302
setup RU-25ID 0404
setup DE-AHQ 0507
setup DE-LW 0405
-- orders RU --
move RU-25ID via 0405
-- expect --
unit RU-25ID at 0405
rejections 0
event "no such thing"
vp 5
window GT1 DE-MOVE
`
	r := Run(filepath.Join("..", "..", "engine", "rulesets", "gwite", "testdata", "cases", "inverted.case"), []byte(src))
	if r.Pass() || len(r.Failures) != 5 {
		t.Fatalf("want 5 failures, got %d:\n%s", len(r.Failures), strings.Join(r.Failures, "\n"))
	}
}

// A failure reads as words, not as Go values.
func TestFailuresInWords(t *testing.T) {
	src := `-- map --
standard
-- setup --
setup RU-HQ 0302
setup RU-25ID 0404
setup DE-AHQ 0507
setup DE-LW 0405
-- orders RU --
move RU-25ID via 0405
-- expect --
unit RU-25ID at 0303
unit RU-25ID out-of-supply
warning RU 9 "no such"
`
	r := Run(filepath.Join("..", "..", "engine", "rulesets", "gwite", "testdata", "cases", "words.case"), []byte(src))
	all := strings.Join(r.Failures, "\n")
	for _, want := range []string{"RU-25ID is at 0404", "RU-25ID is in supply", "the preview says: "} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q in:\n%s", want, all)
		}
	}
	for _, goSyntax := range []string{"true", "false", "[line", "}]"} {
		if strings.Contains(all, goSyntax) {
			t.Errorf("%q in:\n%s", goSyntax, all)
		}
	}
}
