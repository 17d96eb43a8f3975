package robot_test

import (
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/engine/gwite/robot"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/dice"
	"pbem/scenarios"
)

// The robot's orders parse, name only its own units, and are given in the
// window they are for; over the first game-turns of the campaign most of
// them are carried out.
func TestRobotOrdersAreItsOwnAndMostlyLegal(t *testing.T) {
	c, err := scenarios.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g, s, err := c.Find("tannenberg-1914")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	verbs := gwite.Ruleset{}.Verbs()
	given, rejected, attacks, rails := 0, 0, 0, 0
	for st.Window().Turn <= 3 {
		w := st.Window()
		by := map[engine.Side][]engine.Order{}
		for _, side := range w.Submit {
			v := st.View(side).(*gwite.View)
			f, err := orders.Parse("robot", []byte(robot.Orders(v)), verbs)
			if err != nil {
				t.Fatalf("%s %s: %v", w.ID, side, err)
			}
			for _, o := range f.Orders {
				given++
				attacks += strings.Count(o.Verb, "attack")
				rails += strings.Count(o.Verb, "rail")
				for _, cl := range o.Clauses {
					for _, wd := range cl.Words {
						if u := g.Unit(wd.Text); u != nil && u.Side != side {
							t.Errorf("%s: %s's order names the enemy unit %s: %s", w.ID, side, wd.Text, o)
						}
					}
				}
			}
			if p := st.Validate(side, f.Orders); len(p) > 0 {
				t.Errorf("%s: the robot's orders do not validate: %v", w.ID, p)
			}
			by[side] = f.Orders
		}
		next, events, err := st.Resolve(by, dice.New([]byte("robot"), w.ID))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			if _, ok := e.(*engine.Rejected); ok {
				rejected++
			}
		}
		st = next
	}
	if given == 0 || attacks == 0 || rails == 0 {
		t.Fatalf("the robot gave %d orders, %d attacks, %d rail moves", given, attacks, rails)
	}
	// Rejections come from command rolls the robot cannot foresee (std
	// 10.41); they must stay a minority.
	if rejected*3 > given {
		t.Errorf("%d of %d robot orders rejected", rejected, given)
	}
}
