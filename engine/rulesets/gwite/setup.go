package gwite

import (
	"fmt"

	"pbem/engine"
)

// The hidden set-up (T 18.23, W14): before the first game-turn the German
// may put his set-up stacks under Gruppe markers, so that the Russian, who
// moves first, never sees what stands under them. A game asks for it with
// the parameter hidden-setup.

const kindSetup = "setup"

// setupWindow is the window of the hidden set-up.
func (g *Game) setupWindow() engine.Window {
	w := engine.Window{Turn: g.Turn, Kind: "SETUP", ID: fmt.Sprintf("GT%d %s-SETUP", g.Turn, hiddenSide),
		Name: g.data.SideNames[hiddenSide] + " hidden set-up", Phasing: hiddenSide,
		Submit: []engine.Side{hiddenSide}}
	for _, v := range verbs {
		switch {
		case v.Name == "gruppe" || v.Name == "leave" || v.Name == "remove":
			w.Verbs = append(w.Verbs, v.Name)
		case len(v.Windows) == 1 && v.Windows[0] == kindAny:
			w.Verbs = append(w.Verbs, v.Name)
		}
	}
	return w
}

// resolveSetup carries out the hidden set-up orders and ends the set-up;
// markers that stand next to Russian units come off at once, as at the
// end of any phase (T 18.42).
func (g *Game) resolveSetup(orders map[engine.Side][]engine.Order, l *log) {
	w := g.setupWindow()
	for _, side := range g.sortedSides() {
		for _, o := range orders[side] {
			l.start(o)
			switch {
			case g.refuseInvalid(side, o, l): // Validate: T 18.23, own units, hexes of the map
			case isStanding(o.Verb):
				g.applyStanding(side, o, l)
			case o.Verb == "gruppe":
				g.orderGruppe(side, o, l)
			case o.Verb == "leave":
				g.orderLeave(side, o, l)
			case o.Verb == "remove":
				g.orderRemove(side, o, l)
			default:
				l.reject(side, o, "T 18.23", "%s orders are not given in the %s", o.Verb, w.Name)
			}
		}
	}
	l.start(engine.Order{})
	g.revealAtPhaseEnd(l)
	g.SetupDone = true
}
