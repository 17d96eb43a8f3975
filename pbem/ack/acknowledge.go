package ack

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/orders"
	"pbem/templates"
)

// width is the line length the acknowledgement keeps to, where it can
// (templates.Fill): orders are echoed whole.
const width = templates.Width

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
	// para is a sentence or two, filled to the width.
	para := func(format string, args ...any) {
		b.WriteString(templates.Fill(fmt.Sprintf(format, args...), "", "") + "\n")
	}
	name := "your order file"
	if a.File != nil && a.File.Name != "" {
		name = a.File.Name
	}
	accepted := a.Result != nil && a.Err == nil
	if accepted {
		errs := ""
		switch n := len(a.Result.Problems); {
		case n == 1:
			errs = " (1 order in error)"
		case n > 1:
			errs = fmt.Sprintf(" (%d orders in error)", n)
		}
		para("ACCEPTED%s: %s, orders of %s for %s (%s) in game %s.", errs, name, a.Side, a.Window.ID, a.Window.Name, a.Game)
	} else {
		para("REFUSED: %s, sent to game %s; nothing of it was taken.", name, a.Game)
	}
	para("Signed with the key %s of %s.", a.Fingerprint, a.Side)
	if !accepted {
		line("")
		line("Why:")
		var errs orders.ErrorList
		switch {
		case errors.As(a.Err, &errs):
			for _, e := range errs {
				line("%s", templates.Fill(e.Error(), "  ", "      "))
			}
		case a.Err != nil:
			line("%s", templates.Fill(a.Err.Error(), "  ", "      "))
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
				line("%s", templates.Fill(engine.Cited(rm.Text, rm.Case), "    # ", "      # "))
			}
		}
	}
	if accepted {
		r := a.Result
		if len(r.Problems) > 0 {
			line("")
			para("Errors: these orders will be refused when the window is resolved; the others stand:")
			for _, p := range r.Problems {
				line("%s", templates.Fill(p.String(), "  ", "      "))
			}
		}
		var warnings []engine.Remark
		for _, rm := range r.Remarks {
			if rm.Warning {
				warnings = append(warnings, rm)
			}
		}
		if r.Unpreviewed {
			line("")
			para("The rules of this game give no preview: your orders were checked for their form and your units only, not for how they will fare.")
		}
		if len(warnings) > 0 {
			line("")
			line("Warnings, from what you can see now; the window is resolved against")
			line("the position at its close:")
			for _, w := range warnings {
				line("%s", templates.Fill(w.String(), "  ", "      "))
			}
		}
		line("")
		line("Receipt: sha256 %s", r.Receipt.Hash) // whole, for pbem audit
		if r.Replaces != nil {
			para("It replaces the file accepted before for %s (receipt %s).", r.Window.ID, r.Replaces.Hash)
		}
		if r.Binding.Final {
			para("Marked final: the window may be resolved before its deadline once every side is final.")
		}
	}
	line("")
	w := a.Window
	switch {
	case w.Done:
		line("The game is over: there is nothing more to send.")
	case !slices.Contains(w.Submit, a.Side):
		para("%s gives no orders in the open window, %s (%s); standing orders may be sent in any window. Deadline: %s.", a.Side, w.ID, w.Name, a.Deadline)
	case accepted && a.Result.Binding.Final:
		para("You have sent your orders for %s (%s). Deadline: %s.", w.ID, w.Name, a.Deadline)
	case accepted:
		para("Your orders for %s (%s) are on file; a new file for the window replaces them until its deadline: %s.", w.ID, w.Name, a.Deadline)
	default:
		para("Still to send: your orders for %s (%s). Deadline: %s.", w.ID, w.Name, a.Deadline)
		if w.Optional {
			line("If you send none, your standing orders decide.")
		} else {
			line("If you send none, your units do nothing this window and your standing")
			line("orders decide for them.")
		}
	}
	return b.String()
}
