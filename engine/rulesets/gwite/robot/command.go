package robot

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
	"pbem/engine/rulesets/gwite"
	"pbem/engine/scenario"
)

// Command control and the HQs (std 10.0, T 17).
//
// In both Command Control Segments the robot spends each HQ's Command
// Strength on the units within its radius that need command most (std
// 10.31-10.32), so that they move, and attack at full strength, without
// a die roll. After its units' moves are planned, each HQ goes where it
// covers most of its own formation's units, stacked with friends and
// never alone next to the enemy (std 10.52), and the Russian army HQs
// keep the distance T 17.11 demands.

// allocate writes the `cc` lines for the units in want, the first of want
// first, and returns the units it put in command. HQs are taken in the
// order of their Command Strength, smallest first, so that the big army
// HQs take what the corps HQs cannot.
func allocate(v *gwite.View, sand *gwite.Game, want []gwite.UnitView, w *strings.Builder) map[string]bool {
	done := map[string]bool{}
	hqs := ownHQs(v)
	sort.SliceStable(hqs, func(i, j int) bool { return hqs[i].HQ.Command < hqs[j].HQ.Command })
	for _, hq := range hqs {
		left := hq.HQ.Command
		if left <= 0 {
			continue
		}
		radius := sand.RadiusHexes(hq.ID)
		var ids []string
		for _, u := range want {
			if done[u.ID] || u.Type == scenario.HQ || !radius[u.Hex] || u.SP > left {
				continue
			}
			left -= u.SP
			done[u.ID] = true
			ids = append(ids, u.ID)
		}
		if len(ids) > 0 {
			fmt.Fprintf(w, "cc %s with %s\n", hq.ID, strings.Join(ids, " "))
		}
	}
	return done
}

func ownHQs(v *gwite.View) []gwite.UnitView {
	var out []gwite.UnitView
	for _, u := range ownUnits(v) {
		if u.Type == scenario.HQ {
			out = append(out, u)
		}
	}
	return out
}

// followers are the units an HQ looks after: its formation's (the
// Russian army, the German corps); an army HQ or staff looks after every
// unit of its side (std 10.22 levels).
func followers(p *plan, hq gwite.UnitView) []gwite.UnitView {
	army := p.sand.HQLevel(hq.ID) != "corps"
	var out []gwite.UnitView
	for _, u := range ownUnits(p.v) {
		if u.Type == scenario.HQ {
			continue
		}
		if u.Parent == hq.Parent || (army && p.v.For == gwite.DE) {
			out = append(out, u)
		}
	}
	return out
}

// moveHQs sends every HQ where it commands the most of its followers'
// planned stacking points, the army HQs last so that they fill the gaps.
func (p *plan) moveHQs() {
	hqs := ownHQs(p.v)
	sort.SliceStable(hqs, func(i, j int) bool {
		return p.sand.HQLevel(hqs[i].ID) == "corps" && p.sand.HQLevel(hqs[j].ID) != "corps"
	})
	for _, hq := range hqs {
		best := p.bestHQHex(hq)
		if best != hq.Hex {
			fmt.Fprintf(p.w, "move %s to %s\n", hq.ID, best)
			p.put(hq, best)
		}
	}
}

func (p *plan) bestHQHex(hq gwite.UnitView) hex.Hex {
	reach := p.sand.Reachable(hq.ID)
	if len(reach) == 0 {
		return hq.Hex
	}
	fol := followers(p, hq)
	radius := hq.HQ.Radius
	sep, sepOn := p.v.Param("hq-separation")
	best, bestScore := hq.Hex, -1<<30
	for _, h := range hex.SortedKeys(reach) {
		if p.b.enemyAt(h) {
			continue
		}
		own := p.ownSP[h]
		if p.b.adjacentToEnemy(h) && own < 2 {
			continue // a lone HQ next to the enemy is displaced (std 10.52)
		}
		if sepOn && p.v.For == gwite.RU && p.tooClose(hq, h, sep) {
			continue // T 17.11
		}
		score := 0
		for _, u := range fol {
			if d := p.grid().Distance(h, p.dest[u.ID]); d <= radius {
				score += 10 * u.SP
			} else {
				score -= d - radius // come closer to the stragglers
			}
		}
		if own >= 2 {
			score += 5
		}
		if p.b.adjacentToEnemy(h) {
			score -= 8 // keep the HQ a hex back from the fighting
		}
		score -= reach[h] / 4
		if score > bestScore {
			best, bestScore = h, score
		}
	}
	return best
}

// tooClose reports whether h lies within sep hexes of another Russian
// army HQ where it stands or is going (T 17.11, counted here as plain
// hexes, never more than the rule's own count).
func (p *plan) tooClose(hq gwite.UnitView, h hex.Hex, sep int) bool {
	if p.sand.HQLevel(hq.ID) != "army" {
		return false
	}
	for _, o := range ownHQs(p.v) {
		if o.ID == hq.ID || p.sand.HQLevel(o.ID) != "army" {
			continue
		}
		if p.grid().Distance(h, p.dest[o.ID]) <= sep {
			return true
		}
	}
	return false
}
