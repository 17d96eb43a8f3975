package gwite

import (
	"pbem/engine"
	"pbem/engine/hex"
)

// supplyDisclosures tells the Russian, at his supply determination, which
// Gruppe markers his supply runs through (T 18.61, digest 7.2): a unit
// whose every supply line passes a marker hex holding no combat unit (a
// dummy, or HQs alone, which block nothing, std 9.17) would be cut off if
// the marker were real, so the rules let him ask; the engine answers for
// him, naming the marker by its token and nothing more.
func (g *Game) supplyDisclosures(side engine.Side, l *log) {
	if side == hiddenSide {
		return
	}
	passable := map[hex.Hex]*Gruppe{}
	for _, gr := range g.onMapGruppen() {
		if !g.blockedByEnemy(gr.Hex, side) {
			passable[gr.Hex] = gr
		}
	}
	if len(passable) == 0 {
		return
	}
	net := g.supplyFor(side)
	told := map[string]bool{}
	reach := func(u *Unit, blocked map[hex.Hex]bool) bool {
		_, ok := engine.Trace{
			Grid: g.Map().Grid, Goal: net.source,
			Step:  func(a, b hex.Hex) bool { return net.step(a, b) && !blocked[b] },
			Costs: net.ezoc, Allow: ezocAllowance(u.TCR()), Limit: g.supplyRange(u),
		}.Nearest(u.Hex)
		return ok
	}
	all := map[hex.Hex]bool{}
	for h := range passable {
		all[h] = true
	}
	for _, u := range g.Units {
		if u.Side() != side || !u.OnMap() || u.IsHQ() || !net.traced(u) || reach(u, all) {
			continue
		}
		for _, h := range hex.SortedKeys(passable) {
			gr := passable[h]
			if told[gr.Token] || reach(u, map[hex.Hex]bool{h: true}) {
				continue
			}
			told[gr.Token] = true
			l.notef("T 18.61", "%s's supply runs through marker %s at %s: it holds no combat unit", u.ID, gr.Token, h)
		}
	}
}
