package report

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/dice"
	"pbem/pbem/robot"
	"pbem/scenarios"
	"pbem/templates"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s (go test ./pbem/report -update rewrites it):\n%s", name, path, got)
	}
}

// The report of every window of the first game-turn of tannenberg-1914
// (cavalry windows on, robots on both sides), for each side and the
// moderators, against golden files; and, the leak check of a report,
// that a side's report names no enemy unit its View does not list.
func TestReportsEveryWindow(t *testing.T) {
	for _, fog := range []string{"rulebook", "limited"} {
		opt := engine.Options{"cavalry-windows": true}
		if fog == "limited" {
			opt["fog-limited"] = true
		}
		c, err := scenarios.Embedded()
		if c == nil {
			t.Fatal(err)
		}
		data, scen, err := c.Find("tannenberg-1914")
		if err != nil {
			t.Fatal(err)
		}
		st, err := rulesets.New(data, scen, opt)
		if err != nil {
			t.Fatal(err)
		}
		verbs := gwite.Ruleset{}.Verbs()
		resolved := ""
		var events []engine.Event
		for st.Window().Turn == 1 {
			w := st.Window()
			for _, side := range []engine.Side{"RU", "DE", gwite.Moderator} {
				name := fmt.Sprintf("report-%s-%s-%s", fog, strings.ReplaceAll(w.ID, " ", "-"), map[engine.Side]string{"RU": "RU", "DE": "DE", gwite.Moderator: "moderator"}[side])
				r := Build(st, Input{Game: "t1", Side: side, Resolved: resolved, Events: events,
					Deadline: "Tue 3 Sep 1914 18:00 UTC", Address: "referee@club.example", Template: "(the template)"})
				text, err := templates.Text(r)
				if err != nil {
					t.Fatal(err)
				}
				golden(t, name, text)
				twin, err := templates.JSON(r)
				if err != nil {
					t.Fatal(err)
				}
				golden(t, name+".json", string(twin))
				var back templates.Report
				if err := json.Unmarshal(twin, &back); err != nil || back.Version != templates.ReportVersion || !reflect.DeepEqual(&back, r) {
					t.Errorf("%s: the JSON twin does not read back: %v", name, err)
				}
				if side != gwite.Moderator {
					checkNoUnseenEnemy(t, name, st, side, text)
				}
			}
			byside := map[engine.Side][]engine.Order{}
			for _, side := range w.Submit {
				f, err := orders.Parse(w.ID, []byte(robot.Orders(st.View(side).(*gwite.View))), verbs)
				if err != nil {
					t.Fatal(err)
				}
				byside[side] = f.Orders
			}
			next, evs, err := st.Resolve(byside, dice.New([]byte("report"), w.ID))
			if err != nil {
				t.Fatal(err)
			}
			resolved, events, st = fmt.Sprintf("%s (%s)", w.ID, w.Name), evs, next
		}
	}
}

// checkNoUnseenEnemy fails if text names an enemy unit that side's View
// does not list now, unless an event the side may see named it.
func checkNoUnseenEnemy(t *testing.T, name string, st engine.State, side engine.Side, text string) {
	t.Helper()
	v := st.View(side).(*gwite.View)
	listed := map[string]bool{}
	for _, u := range v.Units {
		listed[u.ID] = true
	}
	for _, g := range v.Ghosts {
		listed[g.ID] = true
	}
	all := st.View(gwite.Moderator).(*gwite.View)
	story := text[:strings.Index(text, "Game-turn ")]
	for _, u := range all.Units {
		if u.Side == side || listed[u.ID] {
			continue
		}
		rest := strings.ReplaceAll(text, story, "")
		if strings.Contains(rest, u.ID+" ") || strings.Contains(rest, u.ID+"\n") {
			t.Errorf("%s names %s, which %s does not see", name, u.ID, side)
		}
	}
}
