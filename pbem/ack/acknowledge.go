package ack

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/orders"
)

// width is the line length the acknowledgement keeps to, where it can:
// orders are echoed whole.
const width = 72

// Ack is what the acknowledgement of one order file says.
type Ack struct {
	Game        string
	Side        engine.Side   // the side of the signing key
	Fingerprint string        // of the signing key
	Window      engine.Window // the window open when the file came in
	Deadline    string        // of the open window, as the player reads it
	File        *orders.File  // the file as parsed; nil if it could not be read
	Result      *Result       // the file bound to the window; nil if it was refused
	Err         error         // why it was refused: Bind's or Parse's error
}

// Acknowledge writes the acknowledgement of an order file: accepted or
// refused with every reason, the signing key, the canonical echo of every
// order with how the engine reads it (the path of a move given by its
// destination, the odds of an attack), each order the window will refuse
// with its line and rule case, the warnings of the preview, the receipt,
// and what the side still has to send and by when.
func Acknowledge(a Ack) string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	name := "your order file"
	if a.File != nil && a.File.Name != "" {
		name = a.File.Name
	}
	accepted := a.Result != nil && a.Err == nil
	if accepted {
		line("ACCEPTED: %s, orders of %s for %s (%s) in game %s.", name, a.Side, a.Window.ID, a.Window.Name, a.Game)
	} else {
		line("REFUSED: %s, sent to game %s; nothing of it was taken.", name, a.Game)
	}
	line("Signed with the key %s of %s.", a.Fingerprint, a.Side)
	if !accepted {
		line("")
		line("Why:")
		var errs orders.ErrorList
		switch {
		case errors.As(a.Err, &errs):
			for _, e := range errs {
				line("  %s", e)
			}
		case a.Err != nil:
			line("  %v", a.Err)
		default:
			line("  (no reason given)")
		}
	}
	var given []engine.Order
	switch {
	case a.Result != nil:
		given = a.Result.Orders
	case a.File != nil:
		given = a.File.Orders
	}
	line("")
	switch {
	case len(given) == 0:
		line("The file holds no orders.")
	case accepted:
		line("Your orders, as the referee reads them:")
	default:
		line("The orders read from the file (not taken):")
	}
	var remarks []engine.Remark
	if accepted {
		remarks = a.Result.Remarks
	}
	for _, o := range given {
		line("  %s", strings.TrimSuffix(string(orders.Format(&orders.File{Orders: []engine.Order{o}})), "\n"))
		for _, rm := range remarks {
			if rm.Line == o.Line && !rm.Warning {
				line("    # %s", orders.Fill(engine.Cited(rm.Text, rm.Case), "      # ", width-4))
			}
		}
	}
	if accepted {
		r := a.Result
		if len(r.Problems) > 0 {
			line("")
			line("These orders will be refused when the window is resolved; the others stand:")
			for _, p := range r.Problems {
				line("  %s", orders.Fill(p.String(), "      ", width))
			}
		}
		var warnings []engine.Remark
		for _, rm := range r.Remarks {
			if rm.Warning {
				warnings = append(warnings, rm)
			}
		}
		if len(warnings) > 0 {
			line("")
			line("Warnings, from what you can see now; the window is resolved against")
			line("the position at its close:")
			for _, w := range warnings {
				line("  %s", orders.Fill(w.String(), "      ", width))
			}
		}
		line("")
		line("Receipt: sha256 %s", r.Receipt.Hash)
		if r.Replaces != nil {
			line("It replaces the file accepted before for %s (receipt %s).", r.Window.ID, r.Replaces.Hash)
		}
		if r.Binding.Final {
			line("Marked final: the window may be resolved before its deadline once every side is final.")
		}
	}
	line("")
	w := a.Window
	switch {
	case w.Done:
		line("The game is over: there is nothing more to send.")
	case !slices.Contains(w.Submit, a.Side):
		line("%s gives no orders in the open window, %s (%s);", a.Side, w.ID, w.Name)
		line("standing orders may be sent in any window. Deadline: %s.", a.Deadline)
	case accepted && a.Result.Binding.Final:
		line("You have sent your orders for %s (%s).", w.ID, w.Name)
		line("Deadline: %s.", a.Deadline)
	case accepted:
		line("Your orders for %s (%s) are on file;", w.ID, w.Name)
		line("a new file for the window replaces them until its deadline: %s.", a.Deadline)
	default:
		line("Still to send: your orders for %s (%s).", w.ID, w.Name)
		line("Deadline: %s.", a.Deadline)
		if w.Optional {
			line("If you send none, your standing orders decide.")
		} else {
			line("If you send none, your units do nothing this window and your standing")
			line("orders decide for them.")
		}
	}
	return b.String()
}
