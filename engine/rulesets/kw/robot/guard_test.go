package robot_test

import (
	"strings"
	"testing"

	"pbem/engine/rulesets"
	"pbem/engine/rulesets/kw"
	"pbem/engine/rulesets/kw/robot"
)

// At the 1915 set-up the Allies deploy first, with no enemy on the map;
// the robot still puts a fighting unit in each Strategic Objective of
// theirs near the front, so that none is taken by walking in on the
// first move (5.3, 7.3(2)). Lemberg (2622) and Warsaw (2318) are on the
// 1915 line; Moscow (3810) is far behind it and left to the rear.
func TestRobotGarrisonsObjectivesAtSetup(t *testing.T) {
	g, s := scenarioGame(t, "kaiserswar-1915")
	st, err := rulesets.New(g, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := st.View("AL").(*kw.View)
	if v.Win.Kind != "SETUP" {
		t.Fatalf("window %s, want the Allied set-up", v.Win.ID)
	}
	placed := map[string]bool{}
	for _, line := range strings.Split(robot.Orders(v), "\n") {
		if f := strings.Fields(line); len(f) == 4 && f[0] == "place" && !strings.Contains(f[1], "-S") && f[1] != "RU-NW" && f[1] != "RU-SW" {
			placed[f[3]] = true
		}
	}
	for _, h := range []string{"2622", "2318"} {
		if !placed[h] {
			t.Errorf("no fighting unit placed in the objective %s", h)
		}
	}
	if placed["3810"] {
		t.Errorf("a fighting unit placed in Moscow, far from the front")
	}
}
