package ack

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/engine/gwite"
	"pbem/engine/scenario"
	"pbem/orders"
)

// PlaceholderNonce is the nonce of a template. It is a valid nonce, so
// that a template validates as it stands, but the template tells the
// player to change it: the nonce is the player's share of the dice.
const PlaceholderNonce = "change-me-12345678"

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
	if w.Done {
		line("# The game %s is over: no window is open.", gameID)
		return b.String()
	}
	submits := slices.Contains(w.Submit, side)
	line("# Orders of %s for %s, the %s, in game %s.", side, w.ID, w.Name, gameID)
	line("# Change the nonce to a word of your own (%d to %d characters): it is your", orders.MinNonce, orders.MaxNonce)
	line("# share of the dice of the window. Add \"Final: yes\" to the header when these")
	line("# are your last orders for the window.")
	b.Write(orders.Format(&orders.File{Header: orders.Binding{Game: gameID, Side: string(side), Window: w.ID, Nonce: PlaceholderNonce}.Header()}))

	v, _ := st.View(side).(*gwite.View)
	if !submits {
		line("# %s gives no orders in this window; only standing orders are taken.", side)
	} else if v != nil {
		units := actors(v)
		if len(units) == 0 {
			line("# None of your units may act in this window.")
		} else {
			line("# Your units that may act in this window:")
			writeUnits(&b, units)
		}
	}
	if v != nil {
		line("#")
		if on := standing(v.Own); len(on) == 0 {
			line("# Standing orders on file: none (the default policies decide).")
		} else {
			line("# Standing orders on file (a new one of the same kind replaces it):")
			for _, s := range on {
				line("#   %s", s)
			}
		}
	}
	var now, stand []engine.Verb
	for _, vb := range (gwite.Ruleset{}).Verbs() {
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

// actors are the units of v's side that may act in the window open in v.
func actors(v *gwite.View) []gwite.UnitView {
	kind := v.Win.ID[strings.LastIndexByte(v.Win.ID, '-')+1:]
	var out []gwite.UnitView
	for _, u := range v.Units {
		if u.Side != v.For {
			continue
		}
		var ok bool
		switch kind {
		case "MOVE": // on the map, off it by rail, or due now (std 14.24)
			ok = u.Loc == gwite.OnMap || u.Loc == gwite.OffMap || u.Loc == gwite.NotArrived && u.Arrive > 0 && u.Arrive <= v.Turn
		case "COMBAT":
			ok = u.Loc == gwite.OnMap && u.Type != scenario.Depot
		case "CAVWD":
			ok = u.Loc == gwite.OnMap && u.Type == scenario.Cavalry
		default: // SETUP: what goes into the Gruppen
			ok = u.Loc == gwite.OnMap
		}
		if ok {
			out = append(out, u)
		}
	}
	return out
}

// writeUnits lists units as comments: "#   DE-1ID  0613  4-6-5  name".
func writeUnits(b *strings.Builder, units []gwite.UnitView) {
	wid := 0
	for _, u := range units {
		wid = max(wid, len(u.ID))
	}
	for _, u := range units {
		where := u.Hex.String()
		switch u.Loc {
		case gwite.OffMap:
			where = "off-map"
		case gwite.NotArrived:
			where = "due-" + u.Entry
		}
		values := u.Strength.String()
		if u.Type == scenario.HQ {
			values = "HQ " + u.HQ.String()
		}
		var notes []string
		if u.Steps < u.MaxSteps {
			notes = append(notes, fmt.Sprintf("%d of %d steps", u.Steps, u.MaxSteps))
		}
		if u.Entrained {
			notes = append(notes, "entrained")
		}
		if u.Gruppe > 0 {
			notes = append(notes, fmt.Sprintf("in Gruppe %d", u.Gruppe))
		}
		note := ""
		if len(notes) > 0 {
			note = " (" + strings.Join(notes, ", ") + ")"
		}
		fmt.Fprintf(b, "#   %-*s  %-7s  %-14s  %s%s\n", wid, u.ID, where, values, u.Name, note)
	}
}

// writeVerbs lists verbs as comments: usage, then what it does and its case.
func writeVerbs(b *strings.Builder, verbs []engine.Verb) {
	for _, v := range verbs {
		fmt.Fprintf(b, "#   %s\n#       %s [%s]\n", v.Usage(), v.Summary, v.Case)
	}
}

// standing writes standing orders on file as the orders that give them.
func standing(s *gwite.Standing) []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, r := range slices.Sorted(maps.Keys(s.Options)) {
		words := []string{"options", r.String()}
		for _, o := range s.Options[r] {
			words = append(words, string(o))
		}
		out = append(out, strings.Join(words, " "))
	}
	for _, id := range slices.Sorted(maps.Keys(s.Withdraw)) {
		w := s.Withdraw[id]
		o := "withdrawal " + id + " " + w.Mode
		if w.Mode == "sp" {
			o += fmt.Sprintf(" %d", w.SP)
		}
		out = append(out, o)
	}
	for _, id := range slices.Sorted(maps.Keys(s.Toward)) {
		out = append(out, "retreat "+id+" toward "+s.Toward[id].String())
	}
	if len(s.Overstack) > 0 {
		out = append(out, "overstack "+strings.Join(s.Overstack, " "))
	}
	if len(s.Losses) > 0 {
		out = append(out, "losses "+strings.Join(s.Losses, " "))
	}
	for _, hq := range slices.Sorted(maps.Keys(s.Plan)) {
		out = append(out, "plan "+hq+" with "+strings.Join(s.Plan[hq], " "))
	}
	return out
}
