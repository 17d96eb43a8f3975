package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders"
)

var update = flag.Bool("update", false, "rewrite the generated docs (orders.md, rulings.md)")

// matchesDoc checks that docs/name is out, the output of a command; with
// -update it writes out there. test is the test that does it.
func matchesDoc(t *testing.T, out, name, test string) {
	t.Helper()
	doc := filepath.Join("..", "..", "docs", name)
	if *update {
		if err := os.WriteFile(doc, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("docs/%s is stale: run go test ./cmd/pbem -run %s -update", name, test)
	}
}

// docs/orders.md is the output of `pbem orders`; go test -update rewrites
// it.
func TestOrdersDoc(t *testing.T) {
	code, out, errs := runPbem(t, "orders")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	matchesDoc(t, out, "orders.md", "TestOrdersDoc")
	code, help, _ := runPbem(t, "help", "orders")
	if code != 0 || !strings.HasPrefix(help, "usage: pbem orders") || !strings.Contains(help, out) {
		t.Errorf("pbem help orders: exit %d, lacks the reference:\n%s", code, help)
	}
	for _, v := range rulesetstest.Verbs("gwite") {
		if !strings.Contains(out, "\n    "+v.Usage()+"\n") {
			t.Errorf("no usage line for %s", v.Name)
		}
	}
	if code, _, _ := runPbem(t, "orders", "extra"); code != 2 {
		t.Errorf("pbem orders extra: exit %d, want 2", code)
	}
}

// docs/orders-kw.md is the output of `pbem orders -system kw`, with
// Kaiser's War's hex numbering (column then row); go test -update rewrites
// it.
func TestOrdersDocKW(t *testing.T) {
	code, out, errs := runPbem(t, "orders", "-system", "kw")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	matchesDoc(t, out, "orders-kw.md", "TestOrdersDocKW")
	if !strings.Contains(out, "column then row, like 2622") {
		t.Errorf("the reference does not number hexes as Kaiser's War does")
	}
	for _, v := range rulesetstest.Verbs("kw") {
		if !strings.Contains(out, "\n    "+v.Usage()+"\n") {
			t.Errorf("no usage line for %s", v.Name)
		}
	}
}

// The parser's tables must suit the grammar.
func TestGwiteVerbsSuitTheParser(t *testing.T) {
	if err := orders.CheckVerbs(rulesetstest.Verbs("gwite")); err != nil {
		t.Error(err)
	}
}

func TestOrdersCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.orders")
	bad := filepath.Join(dir, "bad.orders")
	one := filepath.Join(dir, "one.orders")
	os.WriteFile(good, []byte("Game: t1\nSide: RU\n\nmove RU-XV to 2918\nattack 2817 with RU-XV if odds>=2-1\n"), 0o644)
	os.WriteFile(bad, []byte("move RU-XV to 291\nmvoe RU-XV\nentrain RU-XV\n"), 0o644)
	os.WriteFile(one, []byte("losses RU-XV\n"), 0o644)

	code, out, _ := runPbem(t, "orders", "check", good, one)
	if code != 0 || out != good+": 2 orders ok\n"+one+": 1 order ok\n" {
		t.Errorf("good files: exit %d\n%s", code, out)
	}
	code, out, _ = runPbem(t, "orders", "check", good, bad)
	want := good + ": 2 orders ok\n" +
		bad + ":1:15: bad hex \"291\": a hex is four digits, like 2918\n" +
		bad + ":2:1: unknown verb \"mvoe\"; did you mean \"move\"?\n"
	if code != 1 || out != want {
		t.Errorf("bad file: exit %d\n%s\nwant:\n%s", code, out, want)
	}
	if code, _, errs := runPbem(t, "orders", "check", filepath.Join(dir, "missing")); code != 1 || !strings.Contains(errs, "missing") {
		t.Errorf("missing file: exit %d %s", code, errs)
	}
	if code, _, _ := runPbem(t, "orders", "check"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	big := filepath.Join(dir, "big.orders")
	os.WriteFile(big, []byte(strings.Repeat("# padding\n", orders.MaxFileSize)), 0o644)
	if code, out, _ := runPbem(t, "orders", "check", big); code != 1 || !strings.Contains(out, "more than the limit") {
		t.Errorf("big file: exit %d\n%s", code, out)
	}
}

// 'pbem orders check -scenario' binds each file to the scenario's first
// window, the German hidden set-up of case 22.1 (T 18.2), as the referee
// would: header against game, side and window, then every order against
// the starting position.
func TestOrdersCheckScenario(t *testing.T) {
	dir := t.TempDir()
	write := func(name, header, body string) string {
		t.Helper()
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(header+"Nonce: n0nce-for-test\n\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	const de = "Game: tannenberg-1914\nSide: DE\nWindow: GT1 DE-SETUP\n"
	good := write("good", de, "gruppe 1 at 0613 with DE-1ID DE-2ID\n")
	refused := write("refused", de, "gruppe 1 at 0613 with RU-XV\nmove DE-1ID to 0614\n")
	wrongWindow := write("window", strings.Replace(de, "GT1 DE-SETUP", "GT1 FR-MOVE", 1), "")
	wrongSide := write("side", strings.Replace(de, "DE", "FR", 1), "")
	syntax := write("syntax", de, "gruppe 1 at 613\n")
	noHeader := filepath.Join(dir, "noheader")
	if err := os.WriteFile(noHeader, []byte("gruppe 1 at 0613\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errs := runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", good, refused, wrongWindow, wrongSide, syntax, noHeader)
	want := good + ": 1 order ok\n" +
		refused + ":6: gruppe 1 at 0613 with RU-XV: RU-XV is not one of your units\n" +
		refused + ":7: move DE-1ID to 0614: move orders are not given in the German hidden set-up [T 18.23]\n" +
		wrongWindow + ":3:1: Window: "
	if code != 1 || !strings.HasPrefix(out, want) {
		t.Fatalf("exit %d: %s\ngot:\n%s\nwant prefix:\n%s", code, errs, out, want)
	}
	for _, line := range []string{
		wrongSide + ":2:1: Side: no side FR in this game; the sides are RU, DE\n",
		syntax + ":6:13: bad hex \"613\"",
		noHeader + ":1: missing header line \"Game: ...\"\n",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("missing %q in\n%s", line, out)
		}
	}
	// The game id defaults to the scenario's name; -game changes it.
	if code, out, _ := runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", "-game", "club-7", good); code != 1 || !strings.Contains(out, "Game: this file is for game tannenberg-1914; this is game club-7") {
		t.Errorf("-game: exit %d: %s", code, out)
	}
	if code, _, errs := runPbem(t, "orders", "check", "-game", "club-7", good); code != 2 || !strings.Contains(errs, "usage") {
		t.Errorf("-game without -scenario: exit %d: %s", code, errs)
	}
	if code, _, errs := runPbem(t, "orders", "check", "-scenario", "nowhere", good); code != 1 || !strings.Contains(errs, "nowhere") {
		t.Errorf("unknown scenario: exit %d: %s", code, errs)
	}
}

// The order package's testdata files, checked with the real gwite verb
// table (the orders package tests a copy of it): each problem matches the
// ERROR mark on its line and each mark a problem.
func TestOrdersTestdataWithGwiteVerbs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "orders", "testdata", "*.orders"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	mark := regexp.MustCompile(`#\s*ERROR\s+"(.*)"\s*$`)
	problem := regexp.MustCompile(`^(.*):(\d+):\d+: (.*)$`)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]*regexp.Regexp{}
		for i, line := range strings.Split(string(src), "\n") {
			if m := mark.FindStringSubmatch(line); m != nil {
				want[i+1] = regexp.MustCompile(m[1])
			}
		}
		_, out, _ := runPbem(t, "orders", "check", name)
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			m := problem.FindStringSubmatch(line)
			if m == nil {
				if !strings.HasSuffix(line, " ok") {
					t.Errorf("%s: unexpected output %q", name, line)
				}
				continue
			}
			n, _ := strconv.Atoi(m[2])
			switch re := want[n]; {
			case m[1] != name:
				t.Errorf("%s: problem names file %s", line, m[1])
			case re == nil:
				t.Errorf("unexpected problem: %s", line)
			case !re.MatchString(m[3]):
				t.Errorf("%s: does not match %q", line, re)
			}
			delete(want, n)
		}
		for n, re := range want {
			t.Errorf("%s:%d: no problem matching %q", name, n, re)
		}
	}
}

// Past the set-up, a checked file also gets how the engine reads its
// orders: the path of a move given by its destination, as a note, and a
// move that cannot be made whatever the dice and the hidden, refused with
// what stops it (std 5.14).
func TestOrdersCheckRemarks(t *testing.T) {
	var stderr bytes.Buffer
	st, g, _, ok := startScenario(&env{stdout: io.Discard, stderr: &stderr}, &options{scenario: "tannenberg-1914"}, "test", "t")
	if !ok {
		t.Fatal(stderr.String())
	}
	st, _, err := st.Resolve(nil, &engine.Script{}) // the German set-up, no orders
	if err != nil {
		t.Fatal(err)
	}
	f, err := orders.Parse("ru.orders", []byte("Game: t\nSide: RU\nWindow: GT1 RU-MOVE\nNonce: n0nce-for-test\n\nmove RU-XV to 2118\nmove RU-XIII to 0101\n"), rulesetstest.Verbs("gwite"))
	if err != nil {
		t.Fatal(err)
	}
	refused, remarks, err := bindAtStart(st, g.Sides, "t", f)
	if err != nil {
		t.Fatal(err)
	}
	wantRefused := "7: move RU-XIII to 0101: RU-XIII cannot reach 0101: the cheapest way there (24 hexes) costs 27 MP and it has 4 MP left [std 5.14]"
	if strings.Join(refused, "\n") != wantRefused {
		t.Errorf("refused:\n%s\nwant:\n%s", strings.Join(refused, "\n"), wantRefused)
	}
	want := []string{
		"6: note: move RU-XV to 2118: path 2218 2118 (1 MP) [std 5.12]",
	}
	if strings.Join(remarks, "\n") != strings.Join(want, "\n") {
		t.Errorf("remarks:\n%s\nwant:\n%s", strings.Join(remarks, "\n"), strings.Join(want, "\n"))
	}
}
