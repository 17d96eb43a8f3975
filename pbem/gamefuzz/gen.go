package gamefuzz

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/orders"
)

// gen writes the order files of a fuzzed game from a seeded generator:
// the same seed and the same states give the same files.
type gen struct {
	rng *rand.Rand
	// chaos is the share of the files of a side that may submit that are
	// not the robot's orders (thinned or reordered at most): the game's
	// own, so that some games play deep into the scenario and others
	// break everything.
	chaos float64
	verbs []engine.Verb
}

func newGen(seed uint64) *gen {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	levels := []float64{0, 0.1, 0.3, 0.6, 1}
	return &gen{rng: rng, chaos: levels[rng.IntN(len(levels))]}
}

// send implements source.
func (g *gen) send(st engine.State, boards map[engine.Side]*engine.Board, robots map[engine.Side]string) ([]Sent, bool, string) {
	if g.verbs == nil {
		rs, err := rulesets.Of(st)
		if err != nil {
			return nil, false, err.Error()
		}
		g.verbs = rs.Verbs()
	}
	w := st.Window()
	var out []Sent
	for _, side := range boards[engine.Moderator].Sides {
		b := boards[side]
		if slices.Contains(w.Submit, side) {
			if text, ok := g.file(b, robots[side], w.Verbs); ok {
				out = append(out, Sent{Side: side, Text: text})
			}
		} else if g.rng.Float64() < g.chaos/4 {
			// A side that may not submit sends orders all the same.
			out = append(out, Sent{Side: side, Text: g.random(b, nil)})
		}
	}
	return out, false, ""
}

// file is what a side that may submit sends: the robot's orders,
// thinned or reordered, or with the game's chaos an empty file, nothing
// at all (ok false), the robot's orders mutated, or random orders.
func (g *gen) file(b *engine.Board, robot string, verbs []string) (string, bool) {
	if g.rng.Float64() >= g.chaos {
		return g.thin(robot, verbs, b), true
	}
	switch g.rng.IntN(8) {
	case 0:
		return "", false
	case 1:
		return "", true
	case 2, 3, 4:
		return g.mutate(b, robot), true
	case 5, 6:
		return g.random(b, verbs), true
	default:
		return join(g.thin(robot, verbs, b), g.random(b, verbs)), true
	}
}

func join(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n" + b
}

// thin is the robot's orders, some left out, reordered, or both. A
// system without a robot sends random orders of the window's verbs.
func (g *gen) thin(robot string, verbs []string, b *engine.Board) string {
	if robot == "" {
		if len(verbs) == 0 {
			return ""
		}
		return g.random(b, verbs)
	}
	var lines []string
	for _, l := range strings.Split(robot, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	how := g.rng.IntN(4)
	if how&1 != 0 {
		p := 0.1 + 0.4*g.rng.Float64()
		lines = slices.DeleteFunc(lines, func(string) bool { return g.rng.Float64() < p })
	}
	if how&2 != 0 {
		g.rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	}
	return strings.Join(lines, "\n")
}

// token is a word of an order with what it must be (-1: the verb or a
// keyword).
type token struct {
	text string
	kind engine.ArgKind
}

const keyword engine.ArgKind = -1

// tokens is o as words, each with its kind from the verb table.
func (g *gen) tokens(o engine.Order) []token {
	out := []token{{o.Verb, keyword}}
	v := g.verb(o.Verb)
	for _, c := range o.Clauses {
		if c.Keyword != "" {
			out = append(out, token{c.Keyword, keyword})
		}
		kind := engine.AnyWord
		if v != nil {
			for _, spec := range v.Clauses {
				if spec.Keyword == c.Keyword {
					kind = spec.Kind
				}
			}
		}
		for _, w := range c.Words {
			out = append(out, token{w.Text, kind})
		}
	}
	return out
}

func (g *gen) verb(name string) *engine.Verb {
	for i := range g.verbs {
		if g.verbs[i].Name == name {
			return &g.verbs[i]
		}
	}
	return nil
}

// mutate is the robot's orders with the slips and tricks of players:
// another unit, another hex or no hex at all, a line said twice or left
// out, a word garbled or dropped, two lines swapped, an order added.
func (g *gen) mutate(b *engine.Board, robot string) string {
	f, _ := orders.Parse("robot", []byte(robot), g.verbs)
	var lines []string
	for _, o := range f.Orders {
		toks := g.tokens(o)
		if g.rng.IntN(5) < 3 {
			lines = append(lines, render(toks))
			continue
		}
		switch g.rng.IntN(6) {
		case 0:
			g.replace(toks, engine.UnitID, func() string { return g.unit(b) })
		case 1:
			g.replace(toks, engine.HexID, func() string { return g.hex(b) })
		case 2:
			lines = append(lines, render(toks))
		case 3:
			continue
		case 4:
			i := g.rng.IntN(len(toks))
			toks[i].text = g.anyWord(b)
		case 5:
			toks = toks[:len(toks)-1]
		}
		lines = append(lines, render(toks))
	}
	if len(lines) > 1 && g.rng.IntN(3) == 0 {
		i, j := g.rng.IntN(len(lines)), g.rng.IntN(len(lines))
		lines[i], lines[j] = lines[j], lines[i]
	}
	if g.rng.IntN(3) == 0 {
		lines = append(lines, g.random(b, b.Window.Verbs))
	}
	return strings.Join(lines, "\n")
}

// replace gives one word of kind, if the order has one, another text.
func (g *gen) replace(toks []token, kind engine.ArgKind, text func() string) {
	var at []int
	for i, t := range toks {
		if t.kind == kind {
			at = append(at, i)
		}
	}
	if len(at) > 0 {
		toks[at[g.rng.IntN(len(at))]].text = text()
	}
}

func render(toks []token) string {
	words := make([]string, 0, len(toks))
	for _, t := range toks {
		if t.text != "" {
			words = append(words, t.text)
		}
	}
	return strings.Join(words, " ")
}

// random is a few orders of the verbs named (nil: any verb of the
// system), with arguments drawn from the side's Board, each clause with
// the number of words its verb table asks for but now and then not.
func (g *gen) random(b *engine.Board, names []string) string {
	var pool []*engine.Verb
	for i := range g.verbs {
		if names == nil || slices.Contains(names, g.verbs[i].Name) || g.rng.IntN(20) == 0 {
			pool = append(pool, &g.verbs[i])
		}
	}
	if len(pool) == 0 {
		return ""
	}
	var lines []string
	for n := 1 + g.rng.IntN(6); n > 0; n-- {
		v := pool[g.rng.IntN(len(pool))]
		toks := []token{{v.Name, keyword}}
		for _, c := range v.Clauses {
			if !c.Required && g.rng.IntN(2) == 0 {
				continue
			}
			most := c.Max
			if most == 0 {
				most = c.Min + 3
			}
			count := c.Min + g.rng.IntN(most-c.Min+1)
			if g.rng.IntN(20) == 0 {
				count = g.rng.IntN(most + 2)
			}
			if c.Keyword != "" {
				toks = append(toks, token{c.Keyword, keyword})
			}
			for ; count > 0; count-- {
				toks = append(toks, token{g.word(b, c), c.Kind})
			}
		}
		lines = append(lines, render(toks))
	}
	return strings.Join(lines, "\n")
}

// word is a word for a clause like c.
func (g *gen) word(b *engine.Board, c engine.ClauseSpec) string {
	switch c.Kind {
	case engine.UnitID:
		return g.unit(b)
	case engine.HexID:
		return g.hex(b)
	case engine.Number:
		return g.number()
	case engine.Choice:
		if len(c.Choices) > 0 && g.rng.IntN(10) > 0 {
			return c.Choices[g.rng.IntN(len(c.Choices))]
		}
		return g.anyWord(b)
	case engine.Condition:
		return g.condition(b)
	}
	return g.anyWord(b)
}

func (g *gen) number() string {
	if g.rng.IntN(10) == 0 {
		return "999999999"
	}
	return fmt.Sprint(g.rng.IntN(13))
}

// unit is a piece id: mostly one the side may give orders to, else any
// piece it sees (enemy pieces and markers too), or one that names none.
func (g *gen) unit(b *engine.Board) string {
	r := g.rng.IntN(20)
	switch {
	case r < 10 && len(b.Actors) > 0:
		return b.Actors[g.rng.IntN(len(b.Actors))]
	case r < 18 && len(b.Pieces) > 0:
		return b.Pieces[g.rng.IntN(len(b.Pieces))].ID
	}
	return []string{"X", "ZZ-99", "RU-0", "DE-ZZZ", "A.b_c"}[g.rng.IntN(5)]
}

// hex is a hex id: mostly a hex near a piece the side sees or any hex of
// the map, else an id off the map or one that is no hex.
func (g *gen) hex(b *engine.Board) string {
	grid := b.Map.Grid
	r := g.rng.IntN(20)
	switch {
	case r < 8 && len(b.Pieces) > 0:
		p := b.Pieces[g.rng.IntN(len(b.Pieces))]
		if p.OnMap {
			near := slices.DeleteFunc(grid.Within(p.Hex, 1+g.rng.IntN(3)), func(h hex.Hex) bool { return !grid.Contains(h) })
			if len(near) > 0 {
				return hexWord(near[g.rng.IntN(len(near))])
			}
		}
		fallthrough
	case r < 17:
		return hexWord(grid.Hex(1+g.rng.IntN(grid.Rows), grid.FirstCol()+g.rng.IntN(grid.Cols)))
	}
	switch g.rng.IntN(5) {
	case 0: // past the last column: a naive index makes it the next row's first hex
		return hexWord(grid.Hex(1+g.rng.IntN(grid.Rows), grid.LastCol()+1))
	case 1:
		return hexWord(grid.Hex(grid.Rows+1, grid.FirstCol()+g.rng.IntN(grid.Cols)))
	case 2: // before the first column of a map whose numbering starts later
		if grid.FirstCol() > 1 {
			return hexWord(grid.Hex(1+g.rng.IntN(grid.Rows), grid.FirstCol()-1))
		}
	}
	return []string{"0000", "9999", "0100", "12a4", "291", "29180"}[g.rng.IntN(6)]
}

// hexWord is how an order names h.
func hexWord(h hex.Hex) string { return h.String() }

// condition is a guard of an attack, well-formed or not.
func (g *gen) condition(b *engine.Board) string {
	switch g.rng.IntN(6) {
	case 0, 1:
		return fmt.Sprintf("odds>=%d-%d", 1+g.rng.IntN(4), 1+g.rng.IntN(3))
	case 2:
		return fmt.Sprintf("raw>=%d-1", g.rng.IntN(5))
	case 3:
		return "empty=" + g.hex(b)
	case 4:
		return "occupied=" + g.hex(b)
	}
	return []string{"odds<1-1", "luck=7", "odds>=x"}[g.rng.IntN(3)]
}

// anyWord is a word of any kind, or none the system knows.
func (g *gen) anyWord(b *engine.Board) string {
	switch g.rng.IntN(6) {
	case 0:
		return g.unit(b)
	case 1:
		return g.hex(b)
	case 2:
		return g.number()
	case 3:
		return []string{"all", "never", "always", "sp", "to", "via", "with", "#", "if"}[g.rng.IntN(9)]
	case 4:
		if len(g.verbs) > 0 {
			return g.verbs[g.rng.IntN(len(g.verbs))].Name
		}
	}
	return []string{"zzz", "Ω", "1-2", "half"}[g.rng.IntN(4)]
}
