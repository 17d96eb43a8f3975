package gwite

import (
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// Option is a choice on the Combat Result Option Table (std 8.9).
type Option string

// The defender's options. Which exist depends on the result (std 8.9;
// digest 002 5.3).
const (
	OptHalf         Option = "half"          // result 1: lose half the affected steps
	OptRetreat      Option = "retreat"       // result 1: retreat 1 hex
	OptEliminate    Option = "eliminate"     // results 2, 3: all affected units eliminated
	OptHalfRetreat  Option = "half-retreat"  // result 2: lose half, retreat 1
	OptRetreat2     Option = "retreat2"      // result 2: retreat 2
	OptHalfRetreat2 Option = "half-retreat2" // result 3: lose half, retreat 2
)

// optionsFor lists the defender's options for a result (std 8.9).
func optionsFor(r Result) []Option {
	switch r {
	case 1:
		return []Option{OptHalf, OptRetreat}
	case 2:
		return []Option{OptEliminate, OptHalfRetreat, OptRetreat2}
	case 3:
		return []Option{OptEliminate, OptHalfRetreat2}
	}
	return nil
}

// Withdrawal is a cavalry unit's standing withdrawal policy (std 12.11,
// digest 002 N1).
type Withdrawal struct {
	Mode string // "never", "always", "sp"
	SP   int    // with "sp": try when the adjacent enemy SP reach this
}

// Standing is one side's standing orders: the decisions the rules give it
// inside the other side's windows, kept on file and replaced by any
// submission that states them again (digest 002 3.3).
type Standing struct {
	// Options lists, per defender result, the preferred options best first
	// (N2). A preference that is not legal or not possible is skipped; with
	// none left the default policy decides (defaults.go).
	Options map[Result][]Option
	// Withdraw is the cavalry policy per unit id; "all" is the default.
	Withdraw map[string]Withdrawal
	// Toward is the preferred retreat direction per unit id; "all" for
	// every unit (N5).
	Toward map[string]hex.Hex
	// Overstack lists units to remove first when a hex is overstacked at
	// phase end (N8, AMB-47).
	Overstack []string
	// Losses lists units to take step losses first (N3, N4).
	Losses []string
	// Plan is the standing command allocation: per HQ, the units to put in
	// command control in priority order (P1).
	Plan map[string][]string
}

func (s *Standing) clone() *Standing {
	c := &Standing{
		Options:   map[Result][]Option{},
		Withdraw:  map[string]Withdrawal{},
		Toward:    map[string]hex.Hex{},
		Overstack: append([]string(nil), s.Overstack...),
		Losses:    append([]string(nil), s.Losses...),
		Plan:      map[string][]string{},
	}
	for k, v := range s.Options {
		c.Options[k] = append([]Option(nil), v...)
	}
	for k, v := range s.Withdraw {
		c.Withdraw[k] = v
	}
	for k, v := range s.Toward {
		c.Toward[k] = v
	}
	for k, v := range s.Plan {
		c.Plan[k] = append([]string(nil), v...)
	}
	return c
}

// isStanding reports whether verb sets a standing order.
func isStanding(verb string) bool {
	v := verbByName(verb)
	return v != nil && len(v.Windows) == 1 && v.Windows[0] == kindAny
}

// applyStanding records one standing order of side, or rejects it.
func (g *Game) applyStanding(side engine.Side, o engine.Order, l *log) {
	st := g.Standing[side]
	if st == nil {
		st = &Standing{}
		g.Standing[side] = st
	}
	words := func(kw string) []string {
		ws, _ := o.Clause(kw)
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = w.Text
		}
		return out
	}
	ownUnits := func(ids []string) bool {
		for _, id := range ids {
			u := g.units[id]
			if u == nil || u.Side() != side {
				l.reject(side, o, "", "%s is not one of your units", id)
				return false
			}
		}
		return true
	}
	switch o.Verb {
	case "options":
		ws := words("")
		n, err := strconv.Atoi(ws[0])
		if err != nil || n < 1 || n > 3 {
			l.reject(side, o, "std 8.9", "the result must be 1, 2 or 3")
			return
		}
		var opts []Option
		for _, w := range ws[1:] {
			opt := Option(w)
			legal := false
			for _, x := range optionsFor(Result(n)) {
				legal = legal || x == opt
			}
			if !legal {
				var have []string
				for _, x := range optionsFor(Result(n)) {
					have = append(have, string(x))
				}
				l.reject(side, o, "std 8.9", "%s is not an option for result %d (the options are %s)", w, n, strings.Join(have, ", "))
				return
			}
			opts = append(opts, opt)
		}
		if st.Options == nil {
			st.Options = map[Result][]Option{}
		}
		st.Options[Result(n)] = opts
	case "withdrawal":
		ws := words("")
		id := ws[0]
		if id != "all" && !ownUnits([]string{id}) {
			return
		}
		w := Withdrawal{Mode: ws[1]}
		switch {
		case w.Mode == "never" || w.Mode == "always":
			if len(ws) != 2 {
				l.reject(side, o, "std 12.11", "never and always take no number")
				return
			}
		case w.Mode == "sp" && len(ws) == 3:
			n, err := strconv.Atoi(ws[2])
			if err != nil || n < 1 {
				l.reject(side, o, "std 12.11", "sp needs a number of stacking points")
				return
			}
			w.SP = n
		default:
			l.reject(side, o, "std 12.11", "want never, always or sp N")
			return
		}
		if st.Withdraw == nil {
			st.Withdraw = map[string]Withdrawal{}
		}
		st.Withdraw[id] = w
	case "retreat":
		id := words("")[0]
		if id != "all" && !ownUnits([]string{id}) {
			return
		}
		h, _ := hex.Parse(words("toward")[0])
		if st.Toward == nil {
			st.Toward = map[string]hex.Hex{}
		}
		st.Toward[id] = h
	case "overstack":
		ids := words("")
		if ownUnits(ids) {
			st.Overstack = ids
		}
	case "losses":
		ids := words("")
		if ownUnits(ids) {
			st.Losses = ids
		}
	case "plan":
		hq := words("")[0]
		ids := words("with")
		if !ownUnits(append([]string{hq}, ids...)) {
			return
		}
		if !g.units[hq].IsHQ() {
			l.reject(side, o, "std 10.31", "%s is not an HQ", hq)
			return
		}
		if st.Plan == nil {
			st.Plan = map[string][]string{}
		}
		st.Plan[hq] = ids
	}
}
