package robot_test

import (
	"os"
	"path/filepath"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/kw"
	"pbem/engine/rulesets/kw/robot"
	"pbem/engine/scenario"
	"pbem/orders"
	"pbem/pbem/dice"
)

func testGame(t *testing.T, setup string) (*scenario.Game, *scenario.Scenario) {
	t.Helper()
	var files []scenario.File
	for _, name := range []string{"game.txt", "map.txt", "units.txt", "scenario.txt"} {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "cases", name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "scenario.txt" {
			b = append(b, setup...)
		}
		files = append(files, scenario.File{Name: name, Data: b})
	}
	g, err := scenario.Load(files)
	if err != nil {
		t.Fatal(err)
	}
	return g, g.Scenarios[0]
}

// The robot deploys every unit it must inside its zone, its orders parse and
// name only its own units, and a game between two robots runs to its end.
func TestRobotPlaysTheTestGame(t *testing.T) {
	g, s := testGame(t, `deploy DE-8A in=DE
deploy AH-3A in=AH
deploy DE-C1 in=DE
deploy RU-1A in=RU north-of=Warsaw incl=yes
deploy RU-2A in=RU south-of=Warsaw incl=no
deploy RU-C1 in=RU
deploy RU-C2 in=RU
`)
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	verbs := kw.Ruleset{}.Verbs()
	for i := 0; !st.Window().Done; i++ {
		if i > 200 {
			t.Fatal("no end")
		}
		w := st.Window()
		by := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			text := robot.Orders(st.View(side).(*kw.View))
			f, err := orders.ParseWith("robot", []byte(text), verbs, g.Map.Grid.Codec)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", w.ID, side, err, text)
			}
			for _, o := range f.Orders {
				for _, cl := range o.Clauses {
					for _, wd := range cl.Words {
						if u := g.Unit(wd.Text); u != nil && u.Side != side && o.Verb != "attack" {
							t.Errorf("%s: %s's order names the enemy unit %s: %s", w.ID, side, wd.Text, o)
						}
					}
				}
			}
			if w.Kind == "SETUP" {
				if p := st.Validate(side, f.Orders); len(p) > 0 {
					t.Errorf("%s: the robot's set-up does not validate: %v", w.ID, p)
				}
				if len(f.Orders) == 0 {
					t.Errorf("%s: the robot deployed nothing", w.ID)
				}
			}
			by[side] = f.Orders
		}
		next, _, err := st.Resolve(by, dice.New([]byte("robot"), w.ID))
		if err != nil {
			t.Fatalf("%s: %v", w.ID, err)
		}
		if err := next.Check(); err != nil {
			t.Fatalf("after %s: %v", w.ID, err)
		}
		st = next
	}
}
