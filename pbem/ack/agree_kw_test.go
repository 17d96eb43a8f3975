package ack

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets/rulesetstest"
)

var kwVerbs = rulesetstest.Verbs("kw")

// The acknowledgement agrees with the referee in Kaiser's War too: the
// positions are those of robot games of its three scenarios, standard and
// with Fog of War, one window in kwEvery of each (all of them would take
// minutes); the files are the robot's orders, mutations of them, random
// orders of the window's verbs for the side's own units, and every order
// example of the docs that speaks kw's order language.
func TestAcknowledgementAgreesWithResolutionKW(t *testing.T) {
	if testing.Short() {
		t.Skip("the race run: the unit run plays the positions (make test runs both)")
	}
	positions := kwPositions(t, kwEvery)
	if len(positions) < 200 {
		t.Fatalf("%d positions; the property wants at least 200", len(positions))
	}
	examples := docOrderLines(t, "orders kw", kwVerbs)
	a := newAgreement(t, kwVerbs)
	a.play(positions, rand.New(rand.NewPCG(18, 1)), "kw", examples, kwMutate, kwRandomOrders)
}

// kwEvery is how many windows of a robot game go by for each one kept:
// the movement and combat phases, where the preview says most, are always
// kept.
const kwEvery = 3

// kwPositions plays every scenario of Kaiser's War robot against robot,
// without options and with Fog of War, and keeps the state at each
// movement and combat window and at every every-th of the others.
func kwPositions(t *testing.T, every int) []position {
	return robotPositions(t, "kw", kwVerbs, []engine.Options{nil, {"fog-of-war": true}}, func(n int, w engine.Window) bool {
		k := w.ID[strings.LastIndex(w.ID, "-")+1:]
		return n%every == 0 || k == "MOVE" || strings.HasPrefix(k, "COMBAT")
	})
}

// kwMutate changes the robot's orders the way a player's slips would: a
// hex moved to a neighbour, another unit of the side, an order said twice,
// a move by way of a hex next to its end, an `if` condition added to an
// attack, a supporting unit dropped.
func kwMutate(rng *rand.Rand, v *engine.Board, body string) string {
	own := ownIDs(v)
	var out []string
	for _, line := range strings.Split(body, "\n") {
		fs := strings.Fields(strings.SplitN(line, "#", 2)[0])
		if len(fs) == 0 {
			continue
		}
		switch rng.IntN(8) {
		case 0: // every hex moved to a neighbour
			for i, f := range fs {
				if h, err := v.Map.Grid.Parse(f); err == nil && len(f) == 4 {
					fs[i] = near(rng, v, h, 1).String()
				}
			}
		case 1: // another unit of the side
			for i, f := range fs {
				if i > 0 && strings.Contains(f, "-") && len(own) > 0 && rng.IntN(2) == 0 {
					fs[i] = own[rng.IntN(len(own))]
				}
			}
		case 2: // said twice
			out = append(out, strings.Join(fs, " "))
		case 3: // to a hex, by way of one next to it
			if i := slices.Index(fs, "to"); i > 0 && i+1 < len(fs) && (fs[0] == "move" || fs[0] == "rail") {
				if h, err := v.Map.Grid.Parse(fs[i+1]); err == nil {
					fs = append(fs[:i+2:i+2], "via", near(rng, v, h, 1).String(), h.String())
				}
			}
		case 4: // a condition on an attack
			if fs[0] == "attack" {
				fs = append(fs, "if", fmt.Sprintf("pct>=%d", 50*rng.IntN(8)))
			}
		case 6: // the same attack first under a condition that may fail
			if fs[0] == "attack" && !slices.Contains(fs, "if") {
				out = append(out, strings.Join(fs, " ")+fmt.Sprintf(" if pct>=%d", 100*rng.IntN(5)))
			}
		case 5: // the last unit or clause dropped
			if len(fs) > 3 {
				fs = fs[:len(fs)-1]
			}
		}
		out = append(out, strings.Join(fs, " "))
	}
	return strings.Join(out, "\n")
}

// kwRandomOrders gives each of a few of the side's units an order of the
// window's verbs, with hexes near it.
func kwRandomOrders(rng *rand.Rand, v *engine.Board) string {
	var units, hqs, supply []engine.Piece
	for _, u := range v.Pieces {
		if u.Side != v.Side || u.Marker {
			continue
		}
		units = append(units, u)
		switch u.Type {
		case "hq":
			hqs = append(hqs, u)
		case "supply":
			supply = append(supply, u)
		}
	}
	if len(units) == 0 || len(v.Window.Verbs) == 0 {
		return ""
	}
	pick := func(ps []engine.Piece) string {
		if len(ps) == 0 {
			return units[rng.IntN(len(units))].ID
		}
		return ps[rng.IntN(len(ps))].ID
	}
	var b strings.Builder
	for k := 0; k < 8; k++ {
		u := units[rng.IntN(len(units))]
		at := u.Hex
		if !u.OnMap {
			at = v.Map.Grid.Hex(1+rng.IntN(v.Map.Grid.Rows), v.Map.Grid.FirstCol()+rng.IntN(v.Map.Grid.Cols))
		}
		h := func(d int) hex.Hex { return near(rng, v, at, d) }
		switch verb := v.Window.Verbs[rng.IntN(len(v.Window.Verbs))]; verb {
		case "place":
			fmt.Fprintf(&b, "place %s at %s\n", u.ID, h(rng.IntN(3)))
		case "buy":
			typ := []string{"inf", "cav", "supply-unit", u.ID}[rng.IntN(4)]
			fmt.Fprintf(&b, "buy %s nation %s at %s\n", typ, u.Nation, h(rng.IntN(3)))
		case "demob", "breakdown", "march", "supply", "hide", "show", "top":
			fmt.Fprintf(&b, "%s %s\n", verb, u.ID)
		case "combine":
			fmt.Fprintf(&b, "combine %s from %s %s supply %s\n", u.ID, pick(units), pick(units), pick(supply))
		case "convert":
			fmt.Fprintf(&b, "convert %s supply %s\n", pick(hqs), pick(supply))
		case "move", "rail":
			if rng.IntN(3) == 0 {
				fmt.Fprintf(&b, "%s %s via %s %s\n", verb, u.ID, h(1), h(2))
			} else {
				fmt.Fprintf(&b, "%s %s to %s\n", verb, u.ID, h(1+rng.IntN(6)))
			}
		case "sea":
			fmt.Fprintf(&b, "sea %s to %s\n", u.ID, h(2+rng.IntN(8)))
		case "attack":
			fmt.Fprintf(&b, "attack %s with %s", h(1), u.ID)
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, " %s", pick(units))
			}
			if rng.IntN(3) == 0 {
				fmt.Fprintf(&b, " hq %s", pick(hqs))
			}
			if rng.IntN(3) == 0 {
				fmt.Fprintf(&b, " pursue %s", u.ID)
			}
			if rng.IntN(3) == 0 {
				fmt.Fprintf(&b, " if pct>=%d", 50*rng.IntN(6))
			}
			b.WriteString("\n")
		case "staff", "recon":
			fmt.Fprintf(&b, "%s %s at %s\n", verb, pick(hqs), h(1+rng.IntN(3)))
		case "retreat":
			fmt.Fprintf(&b, "retreat %s toward %s\n", u.ID, h(3))
		case "losses":
			fmt.Fprintf(&b, "losses %s %s\n", u.ID, pick(units))
		case "pursuit":
			fmt.Fprintf(&b, "pursuit %s\n", []string{"never", "objective", "always"}[rng.IntN(3)])
		}
	}
	return b.String()
}
