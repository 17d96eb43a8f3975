package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"pbem/engine"
	"pbem/templates"
)

// T 21.3: the victory line names every level of victory with the net VP
// it takes, from the scenario's levels as the View gives them, so that a
// player sees how far the next level is.
func TestVictoryLineGivesThresholdsT21_3(t *testing.T) {
	st := newGame(t, engine.Options{})
	levels := st.View("RU").Board().Score.Levels
	if len(levels) < 2 {
		t.Fatalf("tannenberg-1914 has %d levels of victory", len(levels))
	}
	text, err := templates.Text(Build(st, Input{Game: "t1", Side: "RU"}))
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Join(strings.Fields(text[strings.Index(text, "Game-turn "):]), " ")
	for _, want := range []string{
		"Victory points 0 (from the Russian side): German Strategic.",
		"The levels after the last game-turn [T 21.3]: Russian Strategic at 100 or more, Russian Substantive at 50 to 99, " +
			"Russian Marginal at 33 to 49, German Marginal at 20 to 32, German Substantive at 1 to 19, German Strategic at 0 or less.",
	} {
		if !strings.Contains(line, want) {
			t.Errorf("the victory line does not say %q:\n%s", want, text)
		}
	}
}

// Issue 16: runs of like events are summed up in one line of the text
// (33 command-control rolls become who is in command and who is not),
// while the JSON twin keeps every event; runs too short to gain from it,
// runs of rolls with many outcomes, notes not about a unit, and events
// of another kind between, are told as they are.
func TestStorySumsUpRunsOfLikeEvents(t *testing.T) {
	st := newGame(t, engine.Options{})
	var evs []engine.Event
	for i, u := range []string{"DE-20LW", "DE-2LW", "DE-69B", "DE-70LW"} {
		r := &engine.Roll{Purpose: "command control for movement, " + u, Case: "std 10.41", Value: i + 2, Result: "in command"}
		if u == "DE-69B" {
			r.Value, r.Result = 1, "out of command"
		}
		evs = append(evs, r)
	}
	evs = append(evs,
		&engine.Note{Text: "DE-1ID joins Gruppe 6 in 0613", Case: "T 18.13"},
		&engine.Roll{Purpose: "command control for combat, DE-KB", Case: "std 10.42", Value: 3, Result: "in command"},
		&engine.Roll{Purpose: "command control for combat, DE-9LW", Case: "std 10.42", Value: 1, Result: "out of command"},
		&engine.Note{Text: "RU-I is outside every HQ's command radius", Case: "std 10.42"},
		&engine.Note{Text: "RU-II is outside every HQ's command radius", Case: "std 10.42"},
		&engine.Note{Text: "RU-III is outside every HQ's command radius", Case: "std 10.42"},
		&engine.Note{Text: "a Gruppe marker moves", Case: "T 18.4"},
		&engine.Note{Text: "a Gruppe marker moves", Case: "T 18.4"},
		&engine.Note{Text: "a Gruppe marker moves", Case: "T 18.4"},
		&engine.Roll{Purpose: "CRT, attack 1 on 1922", Case: "std 8.8", Value: 5, Result: "1/1"},
		&engine.Roll{Purpose: "CRT, attack 2 on 1821", Case: "std 8.8", Value: 4, Result: "1/2"},
		&engine.Roll{Purpose: "CRT, attack 3 on 1720", Case: "std 8.8", Value: 3, Result: "A1"},
		&engine.Roll{Purpose: "CRT, attack 4 on 1619", Case: "std 8.8", Value: 2, Result: "A2"})
	r := Build(st, Input{Game: "t1", Side: engine.Moderator, Events: evs})
	want := []string{
		"4 rolls for command control for movement: in command DE-20LW, DE-2LW, DE-70LW; out of command DE-69B [std 10.41]",
		"DE-1ID joins Gruppe 6 in 0613 [T 18.13]",
		"roll 3 for command control for combat, DE-KB: in command [std 10.42]",
		"roll 1 for command control for combat, DE-9LW: out of command [std 10.42]",
		"each of RU-I, RU-II, RU-III is outside every HQ's command radius [std 10.42]",
		"a Gruppe marker moves [T 18.4]",
		"a Gruppe marker moves [T 18.4]",
		"a Gruppe marker moves [T 18.4]",
		"roll 5 for CRT, attack 1 on 1922: 1/1 [std 8.8]",
		"roll 4 for CRT, attack 2 on 1821: 1/2 [std 8.8]",
		"roll 3 for CRT, attack 3 on 1720: A1 [std 8.8]",
		"roll 2 for CRT, attack 4 on 1619: A2 [std 8.8]",
	}
	if strings.Join(r.Told, "\n") != strings.Join(want, "\n") {
		t.Errorf("the text tells\n%s\nwant\n%s", strings.Join(r.Told, "\n"), strings.Join(want, "\n"))
	}
	if len(r.Story) != len(evs) || r.Story[2] != "roll 1 for command control for movement, DE-69B: out of command [std 10.41]" {
		t.Errorf("the JSON twin's Story does not keep every event: %q", r.Story)
	}
	text, err := templates.Text(r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text, "roll 1 for command control for movement") || !strings.Contains(text, "4 rolls for command control for movement") {
		t.Errorf("the text does not sum the rolls up:\n%s", text)
	}
}

// Issue 16: every line of a report fits the 72 columns the docs promise,
// in every window of two game-turns of a robot game, for each side and
// the moderators; only a word longer than a line (none in these reports:
// a seed or hash is 64 characters) may stand out. The template the report
// ends with is pbem/ack's, checked there.
func TestReportLinesFit72Columns(t *testing.T) {
	st := newGame(t, engine.Options{"cavalry-windows": true, "fog-limited": true})
	resolved := ""
	var events []engine.Event
	for st.Window().Turn <= 2 && !st.Window().Done {
		w := st.Window()
		for _, side := range []engine.Side{"RU", "DE", engine.Moderator} {
			r := Build(st, Input{Game: "tannenberg-club-2026", Side: side, Resolved: resolved, Events: events,
				Notes:    []string{"RU sent no orders: the robot gave them as caretaker, as the game's policy for missing orders says."},
				Notices:  []string{"2026-11-27 10:00 UTC Mo: paused the game for the weekend, as both players asked by mail the day before."},
				Deadline: "Wednesday 30 September 1914 18:00 UTC", Address: "referee-of-the-club@games.example.org", Template: "(the template)",
				Dice: templates.Dice{Window: w.ID, Commitment: strings.Repeat("ab", 32)}, Chain: strings.Repeat("cd", 32)})
			text, err := templates.Text(r)
			if err != nil {
				t.Fatal(err)
			}
			for i, l := range strings.Split(text, "\n") {
				if n := utf8.RuneCountInString(l); n > templates.Width && len(strings.Fields(l)) > 1 {
					t.Errorf("%s, %s's report, line %d has %d columns:\n%s", w.ID, side, i+1, n, l)
				}
			}
		}
		next, evs := robotWindow(t, st, "columns")
		resolved, events, st = w.ID+" ("+w.Name+")", evs, next
	}
}

// std 10.11, 10.12, std 2.3: the report says what each number of a unit
// line means (its key, under the lists), an HQ's values as its counter
// shows them, h for a Heroic one; and docs/players.md explains each kind
// of unit line, its example lines being the report's own.
func TestUnitLineKeyStd10_11(t *testing.T) {
	st := newGame(t, engine.Options{})
	text, err := templates.Text(Build(st, Input{Game: "t1", Side: engine.Moderator}))
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{"How to read a unit line: unit, hex", "attack-defense-movement allowance [std 2.3]", "its command radius, in hexes"} {
		if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the report has no key %q:\n%s", want, text)
		}
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "players.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"RU-XV", "RU-S-2", "DE-vF-1"} {
		var line string
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "  "+id+" ") {
				line = l
			}
		}
		if line == "" || !strings.Contains(string(doc), "\n  "+line+"\n") {
			t.Errorf("docs/players.md does not show %s's line as the report has it: %q", id, line)
		}
	}
	for _, want := range []string{"HQ 2-7-1 (3h)", "  DE-1GRD   held "} {
		if !strings.Contains(text, want) {
			t.Errorf("the report has no %q", want)
		}
	}
	for _, want := range []string{"`HQ 1-24-3 (1)`", "attack shift", "command strength", "command radius", "combat strength",
		"movement allowance", "`due-A`", "`held`", "Heroic HQ", "std 10.11"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/players.md does not explain %s", want)
		}
	}
}
