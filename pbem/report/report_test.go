package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
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
	"pbem/render"
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

// The map each side is given at GT1 RU-MOVE under limited fog, and the
// moderators', against golden PNGs compared pixel by pixel; each at most
// 1 MB; and the Russian's differs from the moderators' (what he does not
// see is not drawn).
func TestMapsLimitedFog(t *testing.T) {
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	data, scen, err := c.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rulesets.New(data, scen, engine.Options{"fog-limited": true})
	if err != nil {
		t.Fatal(err)
	}
	verbs := gwite.Ruleset{}.Verbs()
	f, err := orders.Parse("setup", []byte(robot.Orders(st.View("DE").(*gwite.View))), verbs)
	if err != nil {
		t.Fatal(err)
	}
	if st, _, err = st.Resolve(map[engine.Side][]engine.Order{"DE": f.Orders}, dice.New([]byte("map"), "setup")); err != nil {
		t.Fatal(err)
	}
	sums := map[string]string{}
	for _, side := range []engine.Side{"RU", "DE", gwite.Moderator} {
		name := map[engine.Side]string{"RU": "RU", "DE": "DE", gwite.Moderator: "moderator"}[side]
		img := Map(st, side, "t1 · GT1 RU-MOVE · "+name)
		var buf bytes.Buffer
		if err := render.EncodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 1<<20 {
			t.Errorf("%s: the map is %d bytes, more than 1 MB", name, buf.Len())
		}
		path := filepath.Join("testdata", "map-limited-GT1-RU-MOVE-"+name+".png")
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if !samePixels(img, want) {
			t.Errorf("%s differs from %s (go test ./pbem/report -update rewrites it)", name, path)
		}
		sums[name] = string(img.Pix)
	}
	if sums["RU"] == sums["moderator"] || sums["DE"] == sums["moderator"] {
		t.Error("a side's map is the moderators'")
	}
}

func samePixels(a *image.RGBA, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
