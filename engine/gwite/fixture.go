package gwite

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// SetWindow moves a freshly set-up game to the window with the given id
// ("GT3 RU-COMBAT"), for adjudication cases that start mid-turn.
func (g *Game) SetWindow(id string) error {
	var turn int
	var rest string
	if _, err := fmt.Sscanf(id, "GT%d %s", &turn, &rest); err != nil {
		return fmt.Errorf("window %q: want GTn SIDE-KIND, e.g. GT1 RU-MOVE", id)
	}
	side, kind, ok := strings.Cut(rest, "-")
	if !ok {
		return fmt.Errorf("window %q: want GTn SIDE-KIND", id)
	}
	kinds := map[string]string{"MOVE": kindMove, "COMBAT": kindCombat, "CAVWD": kindCavWd}
	k, ok := kinds[kind]
	if !ok {
		return fmt.Errorf("window %q: kind must be MOVE, COMBAT or CAVWD", id)
	}
	for i, p := range sequence {
		phasing := g.data.Sides[p.phasing]
		owner := phasing
		if p.kind == kindCavWd {
			owner = enemy(phasing)
		}
		if p.kind == k && string(owner) == side {
			g.Turn, g.Step, g.SetupDone = turn, i, true
			return nil
		}
	}
	return fmt.Errorf("window %q: no such window in the sequence of play", id)
}

// Adjust changes one thing of a freshly set-up game before an adjudication
// case resolves it. Directives:
//
//	steps UNIT N        N steps lost
//	entrained UNIT      on the train
//	occ-move UNIT       out of command for movement
//	occ-combat UNIT     out of command for combat
//	rail-moved UNIT     moved by rail this phase
//	withdrew UNIT       withdrew before combat, ending outside EZOC (std 12.15)
//	withdrew-into UNIT  withdrew into a friendly hex (std 12.17)
//	retreated-into UNIT retreated into a friendly hex this phase (std 8.66)
//	combat-turn UNIT N  last fought in game-turn N
//	moved UNIT          moved this Movement Phase
//	eliminate UNIT      removed from play
//	replace UNIT        named for the coming Replacement Phase (std 13.0)
//	fort HEX N          N fortress steps lost
//	last HEX SIDE       last occupied by SIDE
//	vp N                net victory points
//	vacated HEX         enemy cavalry withdrew from HEX (std 12.16)
//	option NAME         an optional rule or ruling switched on
//	at UNIT HEX         the unit stands in HEX, out of any Gruppe
//	gruppe N HEX UNIT...  Gruppe marker N on the map in HEX with the units
//	                    (none: a dummy) (T 18)
//	gruppe-off N now|before  marker N taken off the map in this phase, or
//	                    in an earlier one (T 18.5)
func (g *Game) Adjust(directive string) error {
	f := strings.Fields(directive)
	if len(f) == 0 {
		return nil
	}
	need := func(n int) error {
		if len(f) != n+1 {
			return fmt.Errorf("%s: want %d argument(s)", f[0], n)
		}
		return nil
	}
	unit := func() (*Unit, error) {
		u := g.units[f[1]]
		if u == nil {
			return nil, fmt.Errorf("%s: no unit %s", f[0], f[1])
		}
		return u, nil
	}
	num := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", f[0], s)
		}
		return n, nil
	}
	switch f[0] {
	case "steps", "combat-turn":
		if err := need(2); err != nil {
			return err
		}
		u, err := unit()
		if err != nil {
			return err
		}
		n, err := num(f[2])
		if err != nil {
			return err
		}
		switch f[0] {
		case "steps":
			if n < 0 || n >= u.Data.Steps {
				return fmt.Errorf("steps: %s has %d steps; lost must be 0-%d", u.ID, u.Data.Steps, u.Data.Steps-1)
			}
			u.StepsLost = n
		case "combat-turn":
			u.LastCombatGT = n
		}
	case "entrained", "occ-move", "occ-combat", "rail-moved", "withdrew", "withdrew-into", "retreated-into", "moved", "eliminate", "replace":
		if err := need(1); err != nil {
			return err
		}
		u, err := unit()
		if err != nil {
			return err
		}
		switch f[0] {
		case "entrained":
			u.Entrained = true
		case "occ-move":
			u.OCCMove = true
		case "occ-combat":
			u.OCCCombat = true
		case "rail-moved":
			u.UsedRail = true
		case "withdrew":
			u.Withdrew = true
		case "withdrew-into":
			u.WithdrewIn = true
		case "retreated-into":
			u.RetreatedIn = true
		case "moved":
			u.Moved = true
		case "eliminate":
			g.setLoc(u, Eliminated)
			u.StepsLost = u.Data.Steps
		case "replace":
			if g.Replace == nil {
				g.Replace = map[engine.Side][]string{}
			}
			g.Replace[u.Side()] = append(g.Replace[u.Side()], u.ID)
		}
		g.changed()
	case "fort":
		if err := need(2); err != nil {
			return err
		}
		h, err := hex.Parse(f[1])
		if err != nil {
			return err
		}
		ft := g.forts[h]
		if ft == nil {
			return fmt.Errorf("fort: no fortress at %s", h)
		}
		n, err := num(f[2])
		if err != nil {
			return err
		}
		ft.StepsLost = n
		g.changed()
	case "last":
		if err := need(2); err != nil {
			return err
		}
		h, err := hex.Parse(f[1])
		if err != nil {
			return err
		}
		g.LastOcc[h] = engine.Side(f[2])
	case "vp":
		if err := need(1); err != nil {
			return err
		}
		n, err := num(f[1])
		if err != nil {
			return err
		}
		g.VP = n
	case "vacated":
		if err := need(1); err != nil {
			return err
		}
		h, err := hex.Parse(f[1])
		if err != nil {
			return err
		}
		g.Vacated = append(g.Vacated, h)
	case "at":
		if err := need(2); err != nil {
			return err
		}
		u, err := unit()
		if err != nil {
			return err
		}
		h, err := hex.Parse(f[2])
		if err != nil || !g.Map().Grid.Contains(h) {
			return fmt.Errorf("at: %q is not a hex of the map", f[2])
		}
		if gr := g.gruppeOf(u); gr != nil {
			gr.drop(u.ID)
		}
		g.place(u, h)
	case "option":
		if err := need(1); err != nil {
			return err
		}
		if g.opt == nil {
			g.opt = engine.Options{}
		}
		g.opt[f[1]] = true
	case "gruppe", "gruppe-off", "gruppe-merge":
		return g.adjustGruppe(f) // T 18 (t18.go)
	default:
		if ok, err := g.AdjustExclusive(f); ok {
			return err
		}
		return fmt.Errorf("unknown directive %q", f[0])
	}
	return nil
}

// Expect implements engine.Fixture. Expectations:
//
//	unit ID at HEX | eliminated | steps N | entrained | detrained | offmap
//	     | out-of-supply | in-supply
//	fort HEX lost N     the fortress has lost N steps
//	vp N                net victory points
func (g *Game) Expect(words []string) (problem string, known bool) {
	switch words[0] {
	case "unit":
		return g.expectUnit(words), true
	case "fort":
		if len(words) != 4 || words[2] != "lost" {
			return "want: fort HEX lost N", true
		}
		h, err := hex.Parse(words[1])
		if err != nil {
			return err.Error(), true
		}
		n, _ := strconv.Atoi(words[3])
		switch f := g.Fort(h); {
		case f == nil:
			return fmt.Sprintf("no fortress at %s", h), true
		case f.StepsLost != n:
			return fmt.Sprintf("fortress has lost %d steps", f.StepsLost), true
		}
		return "", true
	case "vp":
		if n, err := strconv.Atoi(words[len(words)-1]); err != nil || len(words) != 2 || g.VP != n {
			return fmt.Sprintf("VP is %d", g.VP), true
		}
		return "", true
	}
	return "", false
}

func (g *Game) expectUnit(words []string) string {
	if len(words) < 3 {
		return "want: unit ID at HEX | eliminated | steps N | entrained | detrained | offmap | out-of-supply | in-supply"
	}
	u := g.Unit(words[1])
	if u == nil {
		return "no unit " + words[1]
	}
	arg := func() string {
		if len(words) < 4 {
			return ""
		}
		return words[3]
	}
	switch words[2] {
	case "at":
		h, err := hex.Parse(arg())
		switch {
		case err != nil:
			return err.Error()
		case !u.OnMap():
			return u.ID + " is not on the map"
		case u.Hex != h:
			return fmt.Sprintf("%s is at %s", u.ID, u.Hex)
		}
	case "eliminated":
		if u.Loc != Eliminated {
			return fmt.Sprintf("%s is not eliminated (at %s, %d steps)", u.ID, u.Hex, u.Steps())
		}
	case "steps":
		n, _ := strconv.Atoi(arg())
		switch {
		case u.Loc == Eliminated:
			return u.ID + " is eliminated"
		case u.Steps() != n:
			return fmt.Sprintf("%s has %d steps", u.ID, u.Steps())
		}
	case "entrained":
		if !u.Entrained {
			return u.ID + " is not entrained"
		}
	case "detrained":
		if u.Entrained {
			return u.ID + " is entrained"
		}
	case "offmap":
		if u.Loc != OffMap {
			return u.ID + " is not off the map"
		}
	case "out-of-supply":
		if !u.OutOfSupply {
			return u.ID + " is in supply"
		}
	case "in-supply":
		if u.OutOfSupply {
			return u.ID + " is out of supply"
		}
	default:
		return fmt.Sprintf("unknown unit expectation %q", words[2])
	}
	return ""
}
