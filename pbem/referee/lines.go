package referee

import (
	"pbem/engine"
	"pbem/engine/hex"
	"pbem/orders"
	"pbem/pbem/store"
)

// sentLines is the line of each order in the file the player sent, kept
// with the canonical text (store.Pending.Lines), which has lines of its
// own.
func sentLines(os []engine.Order) []int {
	out := make([]int, len(os))
	for i, o := range os {
		out[i] = o.Line
	}
	return out
}

// playerLines maps, for each side that sent a file in the window of rec,
// the line of an order in the canonical text the resolution read to its
// line in the file the player sent: the report quotes the player's lines,
// as the acknowledgement did. A file kept without its lines is left out.
func playerLines(verbs []engine.Verb, hexes hex.Codec, rec *store.Record) map[engine.Side]map[int]int {
	if rec == nil {
		return nil
	}
	out := map[engine.Side]map[int]int{}
	for _, p := range rec.Files {
		f, err := orders.ParseWith(p.Side, p.Canonical, verbs, hexes)
		if err != nil || len(f.Orders) != len(p.Lines) {
			continue
		}
		m := map[int]int{}
		for i, o := range f.Orders {
			m[o.Line] = p.Lines[i]
		}
		out[engine.Side(p.Side)] = m
	}
	return out
}
