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
	"pbem/scenarios"
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
		if i > 400 {
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

// scenarioGame loads an embedded Kaiser's War scenario.
func scenarioGame(t *testing.T, name string) (*scenario.Game, *scenario.Scenario) {
	t.Helper()
	c, err := scenarios.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g, s, err := c.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}

// played is what a robot game came to.
type played struct {
	orders, rejected, windows int
}

// playGame plays st robot against robot until it ends or the turn passes
// last (0: to its end), checking each window's orders with check.
func playGame(t *testing.T, g *scenario.Game, st engine.State, last int, check func(w engine.Window, side engine.Side, v *kw.View, text string)) played {
	t.Helper()
	var p played
	verbs := kw.Ruleset{}.Verbs()
	for !st.Window().Done && (last == 0 || st.Window().Turn <= last) {
		w := st.Window()
		if p.windows++; p.windows > 2000 {
			t.Fatal("the game does not end")
		}
		by := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			v := st.View(side).(*kw.View)
			text := robot.Orders(v)
			if again := robot.Orders(st.View(side).(*kw.View)); again != text {
				t.Fatalf("%s %s: the same view gave other orders:\n%s\n---\n%s", w.ID, side, text, again)
			}
			f, err := orders.ParseWith("robot", []byte(text), verbs, g.Map.Grid.Codec)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", w.ID, side, err, text)
			}
			for _, o := range f.Orders {
				for _, cl := range o.Clauses {
					for _, wd := range cl.Words {
						if u := g.Unit(wd.Text); u != nil && u.Side != side {
							t.Errorf("%s: %s's order names the enemy unit %s: %s", w.ID, side, wd.Text, o)
						}
					}
				}
			}
			if check != nil {
				check(w, side, v, text)
			}
			p.orders += len(f.Orders)
			by[side] = f.Orders
		}
		next, events, err := st.Resolve(by, dice.New([]byte("robot"), w.ID))
		if err != nil {
			t.Fatalf("%s: %v", w.ID, err)
		}
		for _, e := range events {
			if r, ok := e.(*engine.Rejected); ok {
				p.rejected++
				t.Logf("%s: %s", w.ID, r)
			}
		}
		st = next
	}
	return p
}

// The robots play the 1914 scenario to its end (or to a sudden death):
// every order parses, names only the robot's own units, and the referee
// accepts nearly all of them (none were rejected in 60 games measured;
// the bound leaves room for rare cases the view cannot foresee, such as
// an earlier battle's retreat changing an HQ's radius).
func TestRobotPlays1914ToItsEnd(t *testing.T) {
	g, s := scenarioGame(t, "kaiserswar-1914")
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := playGame(t, g, st, 0, nil)
	if p.orders < 200 {
		t.Errorf("only %d orders in %d windows: the robot hardly plays", p.orders, p.windows)
	}
	if p.rejected*100 > p.orders {
		t.Errorf("%d of %d orders rejected: more than 1%%", p.rejected, p.orders)
	}
}

// Under [Opt: Fog of War] the robot hides its units, and the other robot
// never learns who they are: a face-down counter in its view carries no
// id, type or factor; the Plan names only its own units; its orders never
// name an enemy unit it sees face-down.
func TestRobotNeverSeesHiddenUnits(t *testing.T) {
	g, s := scenarioGame(t, "kaiserswar-1914")
	st, err := rulesets.New(g, s, engine.Options{"fog-of-war": true})
	if err != nil {
		t.Fatal(err)
	}
	hidden := 0
	p := playGame(t, g, st, 4, func(w engine.Window, side engine.Side, v *kw.View, text string) {
		mine := map[string]bool{}
		for _, u := range v.Units {
			if u.Side == side && u.ID != "" {
				mine[u.ID] = true
			}
			if u.Hidden {
				hidden++
				if u.ID != "" || u.Type != "" || u.Attack != 0 || u.Defense != 0 || u.Move != 0 || u.Name != "" {
					t.Fatalf("%s: %s sees a face-down counter as %+v", w.ID, side, u)
				}
			}
		}
		for _, m := range []map[string][]kw.Dest{v.Plan.Moves, v.Plan.Rails} {
			for id := range m {
				if !mine[id] {
					t.Fatalf("%s: %s's plan moves %s, not its unit", w.ID, side, id)
				}
			}
		}
		for id := range v.Plan.Reach {
			if !mine[id] {
				t.Fatalf("%s: %s's plan gives a reach for %s, not its unit", w.ID, side, id)
			}
		}
		for id := range v.Plan.Supplied {
			if !mine[id] {
				t.Fatalf("%s: %s's plan gives the supply of %s, not its unit", w.ID, side, id)
			}
		}
	})
	if hidden == 0 {
		t.Fatal("no counter was ever face-down: the robot hid nothing and the test proves nothing")
	}
	if p.rejected*100 > p.orders {
		t.Errorf("%d of %d orders rejected under Fog of War", p.rejected, p.orders)
	}
}
