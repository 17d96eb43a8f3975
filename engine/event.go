package engine

import "fmt"

// Event is something that happened while a window was resolved. Rulesets
// define their own event types; every event names its rule case and who
// may know of it.
type Event interface {
	// EventCase is the rule case the event applies ("std 8.63").
	EventCase() string
	// Audience lists the sides that may see the event; nil means both.
	Audience() []Side
	String() string
}

// Visible reports whether side may see e.
func Visible(e Event, side Side) bool {
	a := e.Audience()
	if a == nil {
		return true
	}
	for _, s := range a {
		if s == side {
			return true
		}
	}
	return false
}

// Rejected is an order that could not be carried out. The rest of the
// orders still apply.
type Rejected struct {
	Side    Side
	Problem Problem
}

func (r *Rejected) String() string {
	return fmt.Sprintf("%s order rejected: %s", r.Side, r.Problem)
}

// EventCase implements Event.
func (r *Rejected) EventCase() string { return r.Problem.Case }

// Audience implements Event: only the side that wrote the order.
func (r *Rejected) Audience() []Side { return []Side{r.Side} }

// Note is a plain event: text with a case and an audience.
type Note struct {
	Text string
	Case string
	Seen []Side
}

func (n *Note) String() string { return Cited(n.Text, n.Case) }

// EventCase implements Event.
func (n *Note) EventCase() string { return n.Case }

// Audience implements Event.
func (n *Note) Audience() []Side { return n.Seen }
