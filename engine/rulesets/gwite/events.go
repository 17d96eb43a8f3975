package gwite

import (
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
)

// log collects the events of one resolution, in order, and is where every
// die is rolled so that no roll goes unrecorded.
type log struct {
	events []engine.Event
	dice   engine.Dice
	// fog, if set, filters every event as it is logged: T 18 hides the
	// events about units inside Gruppen from the Russian (t18.go).
	fog func(engine.Event) []engine.Event
	// begin, if set, is told as each order starts to be carried out, and
	// with an empty order when the phase's own steps follow the orders:
	// the preview reads which events each order caused (preview.go).
	begin func(o engine.Order)
	// declared, if set, is told of each attack declared, with its odds
	// before anything is rolled (preview.go).
	declared func(c *combat, od odds)
}

// start marks the start of order o's part of the log.
func (l *log) start(o engine.Order) {
	if l.begin != nil {
		l.begin(o)
	}
}

// rollChooser is dice that choose each roll knowing its rule: the
// preview's, which rolls what lets an order go ahead.
type rollChooser interface {
	choose(rule string) int
}

func (l *log) add(e engine.Event) {
	if l.fog != nil {
		l.events = append(l.events, l.fog(e)...)
		return
	}
	l.events = append(l.events, e)
}

// notef records a fact everyone may know.
func (l *log) notef(rule, format string, args ...any) {
	l.add(&engine.Note{Text: fmt.Sprintf(format, args...), Case: rule})
}

// privatef records a fact only side may know.
func (l *log) privatef(side engine.Side, rule, format string, args ...any) {
	l.add(&engine.Note{Text: fmt.Sprintf(format, args...), Case: rule, Seen: []engine.Side{side}})
}

// roll rolls one die for purpose and records it. result describes what the
// roll meant; it may be filled in later through the returned Roll.
func (l *log) roll(rule, purpose string) *engine.Roll {
	r := &engine.Roll{Purpose: purpose, Case: rule}
	evs := []engine.Event{r}
	if l.fog != nil {
		evs = l.fog(r) // may make the roll one side's only (T 18.35)
	}
	d := l.dice
	if len(r.Seen) == 1 {
		if pd, ok := d.(engine.PrivateDice); ok {
			d = pd.Private(r.Seen[0])
		}
	}
	if c, ok := d.(rollChooser); ok {
		r.Value = c.choose(rule)
	} else {
		r.Value = d.D6()
	}
	l.events = append(l.events, evs...)
	return r
}

// reject records an order that was not carried out.
func (l *log) reject(side engine.Side, o engine.Order, rule, format string, args ...any) {
	l.add(&engine.Rejected{Side: side, Problem: engine.Problem{
		Line: o.Line, Order: o.String(), Reason: fmt.Sprintf(format, args...), Case: rule,
	}})
}

// Moved is a unit's move along a path, by land or rail.
type Moved struct {
	Unit  string
	Side  engine.Side
	Path  []hex.Hex
	MP    int
	Rail  bool
	Rule  string
	Notes []string
	// Glimpse: the part of an enemy's move a side saw under limited fog
	// (fog.go), without the MP or notes that would tell of the rest.
	Glimpse bool `json:",omitempty"`
}

// hexList is hexes as a player reads them: "0403 0504 0505".
func hexList(hs []hex.Hex) string {
	s := make([]string, len(hs))
	for i, h := range hs {
		s[i] = h.String()
	}
	return strings.Join(s, " ")
}

func (m *Moved) String() string {
	if m.Glimpse {
		return fmt.Sprintf("%s is seen moving through %s, the rest of its move out of sight", m.Unit, hexList(m.Path))
	}
	s := fmt.Sprintf("%s moves %s", m.Unit, hexList(m.Path))
	switch {
	case m.Rail:
		s += fmt.Sprintf(" (by rail, %d hexes)", len(m.Path)-1)
	case m.MP > 0:
		s += fmt.Sprintf(" (%d MP)", m.MP)
	}
	for _, n := range m.Notes {
		s += "; " + n
	}
	return s
}

// EventCase implements engine.Event.
func (m *Moved) EventCase() string { return m.Rule }

// Audience implements engine.Event: moves are public unless the fog rules
// of a game hide them (T 18 filters in View).
func (m *Moved) Audience() []engine.Side { return nil }

// StepLoss is a unit or fortress losing steps, or being eliminated.
type StepLoss struct {
	Unit       string // unit id, or "fortress NAME"
	Side       engine.Side
	Lost       int
	Eliminated bool
	Why        string
	Rule       string
}

func (s *StepLoss) String() string {
	if s.Eliminated {
		return fmt.Sprintf("%s eliminated (%s)", s.Unit, s.Why)
	}
	return fmt.Sprintf("%s loses %d step(s) (%s)", s.Unit, s.Lost, s.Why)
}

// EventCase implements engine.Event.
func (s *StepLoss) EventCase() string { return s.Rule }

// Audience implements engine.Event.
func (s *StepLoss) Audience() []engine.Side { return nil }

// Combat is one resolved attack (std 8.4): who attacked what, the odds and
// column, the die, the results after std 10.43, and a readable summary of
// everything that followed (options, losses, retreats, advances).
type Combat struct {
	N                    int // the attack's number in its Combat Phase
	Attacker             engine.Side
	Targets              []hex.Hex
	Attackers, Defenders []string
	Attack, Defense      int
	Odds                 string // raw odds on the attacker's CRT row
	Column               int    // final column after shifts
	Shift, Die, Mod      int
	AttResult, DefResult Result
	Summary              string
}

func (c *Combat) String() string { return c.Summary + " [std 8.4]" }

// EventCase implements engine.Event.
func (c *Combat) EventCase() string { return "std 8.4" }

// Audience implements engine.Event.
func (c *Combat) Audience() []engine.Side { return nil }

// Count implements engine.Counted: an elimination counts against its
// side, by its cause; a step lost does not count.
func (s *StepLoss) Count() (string, engine.Side) {
	if !s.Eliminated {
		return "", ""
	}
	cause, ok := lossCauses[s.Rule]
	if !ok {
		cause = s.Rule
	}
	return "eliminated (" + cause + ")", s.Side
}

// lossCauses names the cause of an elimination by the rule that applied
// it, for self-play statistics.
var lossCauses = map[string]string{
	"std 8.9": "combat", "std 8.66": "combat", "std 8.5": "combat", "std 10.54": "combat", "std 10.53": "combat",
	"std 8.64": "no retreat", "std 6.15": "overstacked", "std 6.14": "overstacked",
	"std 9.22": "attrition", "std 10.52": "HQ could not displace", "std 11.13": "fortress destroyed",
}

// Count implements engine.Counted: an attack, for the attacker.
func (c *Combat) Count() (string, engine.Side) { return "attack", c.Attacker }
