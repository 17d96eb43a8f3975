package report

import (
	"bytes"
	"crypto/sha256"
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
	"pbem/pbem/dice"
	"pbem/render"
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
		st := newGame(t, opt)
		resolved := ""
		var events []engine.Event
		var last *templates.Reveal
		var pictures []string // under limited fog: name, size and hash of the pixels of each map
		for st.Window().Turn == 1 {
			w := st.Window()
			for _, side := range []engine.Side{"RU", "DE", engine.Moderator} {
				if fog == "limited" {
					pictures = append(pictures, drawMaps(t, st, side, w.ID, events)...)
				}
				name := fmt.Sprintf("report-%s-%s-%s", fog, strings.ReplaceAll(w.ID, " ", "-"), map[engine.Side]string{"RU": "RU", "DE": "DE", engine.Moderator: "moderator"}[side])
				r := Build(st, Input{Game: "t1", Side: side, Resolved: resolved, Events: events,
					Deadline: "Tue 3 Sep 1914 18:00 UTC", Address: "referee@club.example", Template: "(the template)",
					Dice: templates.Dice{Window: w.ID, Commitment: dice.Commitment(dice.WindowSeed([]byte("report"), "t1", w.ID)), Last: last}})
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
				err = json.Unmarshal(twin, &back)
				back.Told = r.Told // the text's summary of Story, not in the twin
				if err != nil || back.Version != templates.ReportVersion || !reflect.DeepEqual(&back, r) {
					t.Errorf("%s: the JSON twin does not read back: %v", name, err)
				}
				if side != engine.Moderator {
					checkNoUnseenEnemy(t, name, st, side, text)
				}
			}
			next, evs, reveal := robotWindowDice(t, st, "report")
			resolved, events, st, last = fmt.Sprintf("%s (%s)", w.ID, w.Name), evs, next, reveal
		}
		if fog == "limited" {
			golden(t, "maps-limited-GT1", strings.Join(pictures, "\n")+"\n")
		}
	}
}

// drawMaps draws side's map and close-up for the window w now open, after
// events, and returns a line for each: its name, its size, and the
// SHA-256 of its pixels, which the golden file holds (the whole PNGs of
// every window would weigh megabytes; three are kept whole, see
// TestMapsLimitedFog). A picture that changes is written out to look at.
// Each is checked to be under 1 MB, and the close-up to be drawn exactly
// when the window's events hold a combat.
func drawMaps(t *testing.T, st engine.State, side engine.Side, w string, events []engine.Event) []string {
	t.Helper()
	name := fmt.Sprintf("%s-%s", strings.ReplaceAll(w, " ", "-"), map[engine.Side]string{"RU": "RU", "DE": "DE", engine.Moderator: "moderator"}[side])
	combat := false
	for _, e := range events {
		if f, ok := e.(engine.Fighter); ok {
			_, fought := f.Clash()
			combat = combat || fought
		}
	}
	var lines []string
	for _, p := range []struct {
		kind string
		img  *image.RGBA
	}{{"map", Map(st, side, name, events)}, {"closeup", Closeup(st, side, name, events)}} {
		if p.img == nil {
			if p.kind == "closeup" && combat {
				t.Errorf("%s: no close-up of a window with combat", name)
			}
			continue
		}
		if p.kind == "closeup" && !combat {
			t.Errorf("%s: a close-up of a window without combat", name)
		}
		var buf bytes.Buffer
		if err := render.EncodePNG(&buf, p.img); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 1<<20 {
			t.Errorf("%s %s: %d bytes, more than 1 MB", p.kind, name, buf.Len())
		}
		out := filepath.Join(os.TempDir(), "pbem-report-"+p.kind+"-"+name+".png")
		if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, fmt.Sprintf("%s-%s %v %x", p.kind, name, p.img.Bounds().Size(), sha256.Sum256(p.img.Pix)))
	}
	return lines
}

// checkNoUnseenEnemy fails if text names an enemy unit that side's View
// does not list now, unless an event the side may see named it.
func checkNoUnseenEnemy(t *testing.T, name string, st engine.State, side engine.Side, text string) {
	t.Helper()
	v := st.View(side).Board()
	listed := map[string]bool{}
	for _, u := range v.Pieces {
		listed[u.ID] = true
	}
	for _, g := range v.Ghosts {
		listed[g.ID] = true
	}
	all := st.View(engine.Moderator).Board()
	story := text[:strings.Index(text, "Game-turn ")]
	for _, u := range all.Pieces {
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
	st, evs := robotWindow(t, newGame(t, engine.Options{"fog-limited": true}), "map")
	sums := map[string]string{}
	for _, side := range []engine.Side{"RU", "DE", engine.Moderator} {
		name := map[engine.Side]string{"RU": "RU", "DE": "DE", engine.Moderator: "moderator"}[side]
		img := Map(st, side, "t1 · GT1 RU-MOVE · "+name, evs)
		var buf bytes.Buffer
		if err := render.EncodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 1<<20 {
			t.Errorf("%s: the map is %d bytes, more than 1 MB", name, buf.Len())
		}
		path := filepath.Join("testdata", "map-limited-GT1-RU-MOVE-"+name+".png")
		if *update {
			// The golden is the drawing, every colour exact: the mail's
			// PNG quantizes it.
			var exact bytes.Buffer
			if err := render.EncodeRGB(&exact, img); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, exact.Bytes(), 0o644); err != nil {
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
