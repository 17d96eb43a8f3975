package orders

import (
	"strings"
	"testing"
)

func TestHelp(t *testing.T) {
	h := Help(testVerbs)
	window := strings.Index(h, "\n## Window orders\n")
	standing := strings.Index(h, "\n## Standing orders\n")
	if window < 0 || standing < window {
		t.Fatalf("window orders must come before standing orders:\n%s", h)
	}
	for _, v := range testVerbs {
		at := strings.Index(h, "\n### "+v.Name+"\n\n    "+v.Usage()+"\n")
		if at < 0 {
			t.Errorf("no entry for %s", v.Name)
			continue
		}
		entry := h[at+1:]
		if end := strings.Index(entry, "\n#"); end >= 0 {
			entry = entry[:end]
		}
		if !strings.Contains(entry, "- rule case: "+v.Case+"\n") {
			t.Errorf("%s: no rule case:\n%s", v.Name, entry)
		}
		if isStanding(v) != (at > standing) {
			t.Errorf("%s in the wrong group", v.Name)
		}
		if isStanding(v) && !strings.Contains(entry, "- windows: any window (standing order)\n") {
			t.Errorf("%s: standing order without its window:\n%s", v.Name, entry)
		}
	}
	for _, want := range []string{
		"- windows: move, combat\n",
		"- HEX: a hex: four digits",
		"- UNIT, HQ: a unit id",
		"- odds>=2-1: a condition",
		"- choices for RESULT OPTION...: 1, 2, 3, half, retreat, retreat2,",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	for i, line := range strings.Split(h, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("line %d is too long: %q", i+1, line)
		}
	}
}
