package ack

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/engine/scenario"
	"pbem/orders"
	"pbem/pbem/dice"
	"pbem/scenarios"
)

// The acknowledgement agrees with the referee: an order it accepts
// without an error or a warning is never refused when the window is
// resolved with the other side sending nothing, whatever the dice; and an
// order it refuses is refused, for one of the reasons it gave. The
// positions are those of robot games of every scenario, with and without
// the cavalry windows and limited fog; the files are the robot's orders,
// mutations of them, random orders (of any verb, for the side's units and
// the enemy's it sees, with hexes off the map) and every order example of
// the docs, sent by the sides that give orders in the window and by the
// other side too (its standing orders are taken in any window).
func TestAcknowledgementAgreesWithResolution(t *testing.T) {
	if testing.Short() {
		t.Skip("the race run: the unit run plays every position (make test runs both)")
	}
	positions := selfplayPositions(t)
	if len(positions) < 200 {
		t.Fatalf("%d positions; the property wants at least 200", len(positions))
	}
	examples := docOrderLines(t, "orders", verbs)
	a := newAgreement(t, verbs)
	a.sameReasons = true // gwite's Validate reads no earlier order of the file
	a.play(positions, rand.New(rand.NewPCG(16, 1)), "pos", examples, mutate, randomOrders)
}

// play tries, in each position, every side's files: the robot's orders,
// three mutations of them and three sets of random orders (mutate and
// random), and the docs' examples together; name prefixes the files'
// names.
func (a *agreement) play(positions []position, rng *rand.Rand, name string, examples []string,
	mutate func(*rand.Rand, *engine.Board, string) string, random func(*rand.Rand, *engine.Board) string) {
	for i, p := range positions {
		w := p.st.Window()
		for _, side := range p.st.View(engine.Moderator).Board().Sides {
			v := p.st.View(side).Board()
			var bodies []string
			if slices.Contains(w.Submit, side) {
				bodies = append(bodies, rulesetstest.Robot(p.st, side))
				for k := 0; k < 3; k++ {
					bodies = append(bodies, mutate(rng, v, bodies[0]), random(rng, v))
				}
			} else {
				bodies = append(bodies, random(rng, v)) // only its standing orders count
			}
			bodies = append(bodies, strings.Join(examples, "\n"))
			for k, body := range bodies {
				a.check(p, side, fmt.Sprintf("%s%d-%s-%d", name, i, side, k), body)
			}
		}
	}
	a.report(len(positions))
}

// agreement is the property's run: the files tried, and the refusals no
// error or warning foretold, counted by kind.
type agreement struct {
	t                                 *testing.T
	verbs                             []engine.Verb
	files, checked, plain, orderCount int
	bad                               map[string]int
	// sameReasons: resolution refuses what Validate refuses for one of
	// its reasons. Only where Validate's errors hang on nothing that
	// happens in the window: kw's plays the file on a copy as things
	// stand, so an earlier battle may refuse an order first for another
	// reason.
	sameReasons bool
}

func newAgreement(t *testing.T, verbs []engine.Verb) *agreement {
	return &agreement{t: t, verbs: verbs, bad: map[string]int{}}
}

// check binds body as side's file for the window open in p, resolves the
// window with it (the other side sending nothing) under two sets of dice,
// and reports every refusal the acknowledgement did not foretell, and
// every order it calls refused that resolution carries out.
func (a *agreement) check(p position, side engine.Side, name, body string) {
	t := a.t
	w := p.st.Window()
	text := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: %s\n\n%s\n", side, w.ID, name, body)
	f, err := orders.Parse(name, []byte(text), a.verbs)
	if err != nil {
		return // a mutation the parser refuses: not the referee's business
	}
	a.files++
	r, err := Bind(p.st, "t1", side, f, time.Time{}, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	flagged := map[int]bool{}
	for _, pr := range r.Problems {
		flagged[pr.Line] = true
	}
	// With sameReasons, resolution refuses Validate's errors for the same
	// reasons. The preview's refusals are refused whatever the dice, but
	// a die rolled earlier (a command roll) may refuse the order first,
	// for another reason.
	reasons := map[int][]engine.Problem{}
	if a.sameReasons {
		for _, pr := range p.st.Validate(side, f.Orders) {
			reasons[pr.Line] = append(reasons[pr.Line], pr)
		}
	}
	for _, rm := range r.Remarks {
		if rm.Warning {
			flagged[rm.Line] = true
		}
	}
	for _, o := range f.Orders {
		if !flagged[o.Line] {
			a.plain++
		}
	}
	a.orderCount += len(f.Orders)
	for _, seed := range []string{"a", "b"} {
		refusedLines := map[int]bool{}
		_, events, err := p.st.Resolve(map[engine.Side][]engine.Order{side: f.Orders}, dice.New([]byte(seed+name), w.ID))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, e := range events {
			rj, ok := e.(*engine.Rejected)
			if !ok || rj.Side != side {
				continue
			}
			if reasons[rj.Problem.Line] == nil || sameProblem(reasons[rj.Problem.Line], rj.Problem) {
				refusedLines[rj.Problem.Line] = true
			}
			a.checked++
			if flagged[rj.Problem.Line] {
				continue
			}
			key := rj.Problem.Case + " " + regexp.MustCompile(`[0-9A-Z][-0-9A-Za-z]*`).ReplaceAllString(rj.Problem.Reason, "X")
			if a.bad[key]++; a.bad[key] <= 2 {
				t.Errorf("%s (%s, %s): accepted without warning, refused at resolution: %s\n%s",
					name, w.ID, p.label, rj.Problem, ackOf(f, r, side, w))
			}
		}
		// And the other way: what the acknowledgement calls refused is
		// refused, for one of the reasons Validate gave.
		for _, pr := range r.Problems {
			if refusedLines[pr.Line] {
				continue
			}
			key := "refused " + pr.Case + " " + regexp.MustCompile(`[0-9A-Z][-0-9A-Za-z]*`).ReplaceAllString(pr.Reason, "X")
			if a.bad[key]++; a.bad[key] <= 2 {
				t.Errorf("%s (%s, %s): the acknowledgement refuses %s; resolution %s", name, w.ID, p.label, pr, resolutionOf(events, side, pr.Line))
			}
		}
	}
}

// sameProblem reports whether resolution's refusal got is one the
// acknowledgement gave for its line: the same case and reason.
func sameProblem(gave []engine.Problem, got engine.Problem) bool {
	for _, p := range gave {
		if p.Case == got.Case && p.Reason == got.Reason {
			return true
		}
	}
	return false
}

// resolutionOf says what resolution did with side's order on line.
func resolutionOf(events []engine.Event, side engine.Side, line int) string {
	var why []string
	for _, e := range events {
		if rj, ok := e.(*engine.Rejected); ok && rj.Side == side && rj.Problem.Line == line {
			why = append(why, fmt.Sprintf("%q [%s]", rj.Problem.Reason, rj.Problem.Case))
		}
	}
	if len(why) == 0 {
		return "carries it out"
	}
	return "refuses it for another reason: " + strings.Join(why, "; ")
}

// report logs the refusals not foretold, by kind, and the counts.
func (a *agreement) report(positions int) {
	keys := slices.Collect(func(yield func(string) bool) {
		for k := range a.bad {
			if !yield(k) {
				return
			}
		}
	})
	sort.Strings(keys)
	for _, k := range keys {
		a.t.Logf("%5d  %s", a.bad[k], k)
	}
	a.t.Logf("%d positions, %d files, %d orders, %d accepted without warning, %d refusals checked", positions, a.files, a.orderCount, a.plain, a.checked)
}

func ackOf(f *orders.File, r *Result, side engine.Side, w engine.Window) string {
	return Acknowledge(Ack{Game: "t1", Side: side, Fingerprint: fingerprint, Window: w, Deadline: "-", File: f, Result: r})
}

type position struct {
	st    engine.State
	label string
}

// selfplayPositions plays every scenario of Great War in the East robot
// against robot under three sets of options and keeps the state at each
// window.
func selfplayPositions(t *testing.T) []position {
	return robotPositions(t, "gwite", verbs, []engine.Options{nil, {"cavalry-windows": true}, {"fog-limited": true}},
		func(int, engine.Window) bool { return true })
}

// robotPositions plays every scenario of the rules system robot against
// robot under each set of options, and keeps the state at each window
// keep takes (given the window and how many came before it in the game).
func robotPositions(t *testing.T, system string, verbs []engine.Verb, opts []engine.Options, keep func(int, engine.Window) bool) []position {
	t.Helper()
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	var out []position
	for _, opt := range opts {
		for _, g := range c.Games {
			if g.System != system {
				continue
			}
			for _, s := range g.Scenarios {
				st, err := rulesets.New(g, s, opt)
				if err != nil {
					t.Fatal(err)
				}
				label := fmt.Sprintf("%s %v", s.Name, opt)
				for n := 0; !st.Window().Done; n++ {
					w := st.Window()
					if keep(n, w) {
						out = append(out, position{st, label})
					}
					byside := map[engine.Side][]engine.Order{}
					for _, side := range w.Submit {
						f, err := orders.ParseWith("robot", []byte(rulesetstest.Robot(st, side)), verbs, g.Map.Grid.Codec)
						if err != nil {
							t.Fatal(err)
						}
						byside[side] = f.Orders
					}
					st, _, err = st.Resolve(byside, dice.New([]byte("positions"), w.ID))
					if err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	return out
}

// docOrderLines is every order line of the docs' order files of one
// system: the lines under the header of each block fenced with fence
// ("orders", "orders kw"), without comments, each once. Each must parse
// alone as an order of verbs, so that the body they make together is
// played and not dropped as a file the parser refuses.
func docOrderLines(t *testing.T, fence string, verbs []engine.Verb) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```" + regexp.QuoteMeta(fence) + "\n(.*?)```")
	seen := map[string]bool{}
	var out []string
	for _, d := range docs {
		b, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range block.FindAllSubmatch(b, -1) {
			_, body, _ := strings.Cut(string(m[1]), "\n\n") // the header ends at the first blank line
			for _, line := range strings.Split(body, "\n") {
				l := strings.TrimSpace(strings.SplitN(line, "#", 2)[0])
				if l == "" || seen[l] {
					continue
				}
				if _, err := orders.Parse("doc", []byte(l+"\n"), verbs); err != nil {
					t.Fatalf("%s: an order of a %q block does not parse: %v", filepath.Base(d), fence, err)
				}
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no order lines in the docs' %q blocks", fence)
	}
	return out
}

// mutate changes the robot's orders the way a player's slips would: a
// destination a few hexes off, another unit, a path given hex by hex, an
// order repeated.
func mutate(rng *rand.Rand, v *engine.Board, body string) string {
	own := ownIDs(v)
	var out []string
	for _, line := range strings.Split(body, "\n") {
		fs := strings.Fields(strings.SplitN(line, "#", 2)[0])
		if len(fs) == 0 {
			continue
		}
		switch rng.IntN(6) {
		case 0: // every hex moved to a neighbour
			for i, f := range fs {
				if h, err := hex.Parse(f); err == nil {
					fs[i] = near(rng, v, h, 1).String()
				}
			}
		case 1: // another unit of the side
			for i, f := range fs {
				if strings.Contains(f, "-") && len(own) > 0 && rng.IntN(2) == 0 {
					fs[i] = own[rng.IntN(len(own))]
				}
			}
		case 2: // said twice
			out = append(out, strings.Join(fs, " "))
		case 3: // to a hex, by way of the hexes in between
			if i := slices.Index(fs, "to"); i > 0 && i+1 < len(fs) && (fs[0] == "move" || fs[0] == "rail") {
				if h, err := hex.Parse(fs[i+1]); err == nil {
					a := near(rng, v, h, 1)
					fs = append(fs[:i+2:i+2], "via", a.String(), h.String())
				}
			}
		}
		out = append(out, strings.Join(fs, " "))
	}
	return strings.Join(out, "\n")
}

// randomOrders gives each of a few units an order, with hexes near it:
// mostly the side's units and the window's verbs, sometimes any verb of
// the order language, an enemy unit the side sees or a hex off the map,
// as a player's slips would.
func randomOrders(rng *rand.Rand, v *engine.Board) string {
	var units, enemies []engine.Piece
	var hqs []string
	for _, u := range v.Pieces {
		switch {
		case u.Marker:
		case u.Side != v.Side:
			enemies = append(enemies, u)
		default:
			units = append(units, u)
			if u.Type == scenario.HQ {
				hqs = append(hqs, u.ID)
			}
		}
	}
	if len(units) == 0 {
		return ""
	}
	var b strings.Builder
	for k := 0; k < 8; k++ {
		u := units[rng.IntN(len(units))]
		if len(enemies) > 0 && rng.IntN(5) == 0 {
			u = enemies[rng.IntN(len(enemies))]
		}
		h := func(d int) string {
			if rng.IntN(12) == 0 {
				return "9999" // a hex of no map
			}
			return near(rng, v, u.Hex, d).String()
		}
		hq := u.ID
		if len(hqs) > 0 {
			hq = hqs[rng.IntN(len(hqs))]
		}
		verb := verbs[rng.IntN(len(verbs))].Name
		if len(v.Window.Verbs) > 0 && rng.IntN(4) > 0 {
			verb = v.Window.Verbs[rng.IntN(len(v.Window.Verbs))]
		}
		switch verb {
		case "move", "rail", "occupy", "offmap":
			fmt.Fprintf(&b, "%s %s to %s\n", verb, u.ID, h(1+rng.IntN(6)))
		case "entrain", "detrain", "withhold", "replace", "leave", "losses", "overstack":
			fmt.Fprintf(&b, "%s %s\n", verb, u.ID)
		case "withdraw":
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, "withdraw %s via %s %s\n", u.ID, h(1), h(2))
			} else {
				fmt.Fprintf(&b, "withdraw %s\n", u.ID)
			}
		case "cc", "plan":
			fmt.Fprintf(&b, "%s %s with %s\n", verb, hq, u.ID)
		case "attack":
			fmt.Fprintf(&b, "attack %s with %s\n", h(1), u.ID)
		case "gruppe":
			fmt.Fprintf(&b, "gruppe %d at %s with %s\n", 1+rng.IntN(12), u.Hex, u.ID)
		case "remove":
			fmt.Fprintf(&b, "remove %d\n", 1+rng.IntN(12))
		case "westfront":
			b.WriteString("westfront\n")
		case "options":
			fmt.Fprintf(&b, "options %d %s\n", 1+rng.IntN(3), []string{"half", "retreat", "retreat2", "eliminate", "half-retreat", "half-retreat2"}[rng.IntN(6)])
		case "withdrawal":
			fmt.Fprintf(&b, "withdrawal %s %s\n", u.ID, []string{"never", "always", "sp 3"}[rng.IntN(3)])
		case "retreat":
			fmt.Fprintf(&b, "retreat %s toward %s\n", u.ID, h(2))
		}
	}
	return b.String()
}

func ownIDs(v *engine.Board) []string {
	var out []string
	for _, u := range v.Pieces {
		if u.Side == v.Side && !u.Marker {
			out = append(out, u.ID)
		}
	}
	return out
}

// near is a hex of the map at distance d of h, or h.
func near(rng *rand.Rand, v *engine.Board, h hex.Hex, d int) hex.Hex {
	var in []hex.Hex
	for _, x := range v.Map.Grid.Ring(h, d) {
		if v.Map.Grid.Contains(x) {
			in = append(in, x)
		}
	}
	if len(in) == 0 {
		return h
	}
	return in[rng.IntN(len(in))]
}
