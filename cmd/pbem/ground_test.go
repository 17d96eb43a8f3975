package main

import (
	"strings"
	"testing"
)

// hexsideLine returns the line of `pbem scenario hex` output for the
// hexside towards nb ("    SE 1314    blocked ..."), or "".
func hexsideLine(out, nb string) string {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[1] == nb && len(f[0]) <= 2 {
			return l
		}
	}
	return ""
}

// `pbem scenario hex` shows the ground of issue 19: the lake hexsides of
// the Masurian barrier west of the Lötzen gap, Tilsit on the south bank of
// the Neman, and Novogeorgievsk in the angle of the Narew and the Vistula.
func TestScenarioHexTannenbergGround(t *testing.T) {
	for _, c := range []struct {
		hex  string
		want map[string]string // neighbour -> a text its hexside line holds ("" none of the rivers)
	}{
		{"1214", map[string]string{"1213": "blocked  [authored:lake hexside along the Löwentinsee", "1314": "blocked  [authored:lake hexside along the Jagodner See", "1114": "rail R10"}},
		{"1315", map[string]string{"1314": "blocked  [authored:lake hexside", "1414": "blocked  [authored:lake hexside along the Talter"}},
		{"1415", map[string]string{"1414": "rail R28"}},
		{"0113", map[string]string{"0112": "Neman (major river)", "0212": "rail R8", "0213": "rail R6", "0114": "rail R7"}},
		{"2819", map[string]string{"2719": "Narew (major river)", "2720": "Narew (major river)", "2820": "Vistula (major river)", "2919": "Vistula (major river)"}},
		{"2818", map[string]string{"2718": "Narew (major river)", "2918": "Vistula (major river)"}},
	} {
		code, out, errs := runPbem(t, "scenario", "hex", "tannenberg-1914", c.hex)
		if code != 0 {
			t.Fatalf("hex %s: exit %d\n%s%s", c.hex, code, out, errs)
		}
		for nb, want := range c.want {
			l := hexsideLine(out, nb)
			if !strings.Contains(l, want) {
				t.Errorf("hex %s towards %s: %q, want %q", c.hex, nb, l, want)
			}
		}
		if c.hex == "0113" {
			for _, nb := range []string{"0212", "0213", "0114"} {
				if l := hexsideLine(out, nb); strings.Contains(l, "Neman") {
					t.Errorf("Tilsit's hexside towards %s is on the Neman: %q", nb, l)
				}
			}
		}
	}
	// Rominten Heath is forest in two hexes.
	for _, h := range []string{"0810", "0809"} {
		if _, out, _ := runPbem(t, "scenario", "hex", "tannenberg-1914", h); !strings.Contains(out, "terrain:  forest") {
			t.Errorf("hex %s is not forest:\n%s", h, out)
		}
	}
}
