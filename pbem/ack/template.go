package ack

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/report"
	"pbem/templates"
)

// Template is the order template of side for the window open in st: the
// header that binds a file to game gameID, side and the window, then as
// comments the side's units that may act in the window with their hex and
// values, the standing orders it has on file, and the usage of every verb
// it may give now. It parses with orders.Parse and st.Validate finds no
// problem in it; a player fills it in by adding order lines.
func Template(st engine.State, gameID string, side engine.Side) string {
	w := st.Window()
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	// note is a comment filled to the width.
	note := func(format string, args ...any) {
		b.WriteString(templates.Fill(fmt.Sprintf(format, args...), "# ", "# ") + "\n")
	}
	if w.Done {
		line("# The game %s is over: no window is open.", gameID)
		return b.String()
	}
	submits := slices.Contains(w.Submit, side)
	note("Orders of %s for %s, the %s, in game %s.", side, w.ID, w.Name, gameID)
	note("Change the nonce to a word of your own (%d to %d characters): it is your share of the dice of the window; a file with this one is refused. Add \"Final: yes\" to the header when these are your last orders for the window.", orders.MinNonce, orders.MaxNonce)
	b.Write(orders.Format(&orders.File{Header: orders.Binding{Game: gameID, Side: string(side), Window: w.ID, Nonce: orders.PlaceholderNonce}.Header()}))

	v := st.View(side).Board()
	if !submits {
		note("%s gives no orders in this window; only standing orders are taken.", side)
	} else {
		units := actors(v)
		if len(units) == 0 {
			line("# None of your units may act in this window.")
		} else {
			line("# Your units that may act in this window:")
			writeUnits(&b, v, units)
		}
	}
	line("#")
	if on := v.Standing; len(on) == 0 {
		note("Standing orders on file: none (the default policies decide).")
	} else {
		note("Standing orders on file (a new one of the same kind replaces it):")
		for _, s := range on {
			line("%s", templates.Fill(s, "#   ", "#       "))
		}
	}
	var verbs []engine.Verb
	if rs, err := rulesets.Of(st); err == nil {
		verbs = rs.Verbs()
	}
	var now, stand []engine.Verb
	for _, vb := range verbs {
		switch {
		case !slices.Contains(w.Verbs, vb.Name):
		case slices.Equal(vb.Windows, []string{"any"}):
			stand = append(stand, vb)
		case submits:
			now = append(now, vb)
		}
	}
	if len(now) > 0 {
		line("#")
		line("# Orders of this window, one a line:")
		writeVerbs(&b, now)
	}
	if len(stand) > 0 {
		line("#")
		line("# Standing orders, taken in any window:")
		writeVerbs(&b, stand)
	}
	return b.String()
}

// actors are the pieces of v's side that may act in the window open in v.
func actors(v *engine.Board) []engine.Piece {
	var out []engine.Piece
	for _, p := range v.Pieces {
		if slices.Contains(v.Actors, p.ID) {
			out = append(out, p)
		}
	}
	return out
}

// writeUnits lists units as comments: "#   DE-1ID  0613  4-6-5  name".
func writeUnits(b *strings.Builder, v *engine.Board, units []engine.Piece) {
	wid := 0
	for _, u := range units {
		wid = max(wid, len(u.ID))
	}
	for _, u := range units {
		d := report.Describe(v, u)
		note := ""
		if d.Notes != "" {
			note = " (" + d.Notes + ")"
		}
		head := fmt.Sprintf("#   %-*s  %-7s  %-14s  ", wid, d.ID, d.Hex, d.Values)
		fmt.Fprintf(b, "%s\n", templates.Fill(d.Name+note, head, "#"+strings.Repeat(" ", len(head)-1)))
	}
}

// writeVerbs lists verbs as comments: usage, then what it does and its case.
func writeVerbs(b *strings.Builder, verbs []engine.Verb) {
	for _, v := range verbs {
		fmt.Fprintf(b, "%s\n%s\n", templates.Fill(v.Usage(), "#   ", "#         "), templates.Fill(engine.Cited(v.Summary, v.Case), "#       ", "#       "))
	}
}
