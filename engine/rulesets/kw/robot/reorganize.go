package robot

import (
	"fmt"
	"strings"
)

// reorganize builds every army it may from corps in one hex (10.2-10.5):
// an army defends and attacks as its corps do, but a defeat breaks it down
// where it would kill them (14.14, 14.16), so the line holds; each costs a
// supply unit, one the side keeps for its attacks when it has only one.
// From 1916 it converts HQs with a supply unit and 5 VP while it keeps a
// reserve of VP (10.7).
func (r *reader) reorganize(b *strings.Builder) {
	spent := map[string]bool{}
	armies := map[string]bool{}
	corps := map[string]bool{}
	supplies := 0
	for _, u := range r.ownOnMap() {
		if u.Type == "supply" {
			supplies++
		}
	}
	for _, c := range r.plan.Combines {
		if armies[c.Army] || supplies <= 1 {
			continue
		}
		free := true
		for _, id := range c.Corps {
			free = free && !corps[id]
		}
		sup := ""
		for _, s := range c.Supply {
			if !spent[s] {
				sup = s
				break
			}
		}
		if !free || sup == "" {
			continue
		}
		armies[c.Army], spent[sup] = true, true
		for _, id := range c.Corps {
			corps[id] = true
		}
		supplies--
		fmt.Fprintf(b, "combine %s from %s supply %s\n", c.Army, strings.Join(c.Corps, " "), sup)
	}
	vp := r.v.VP[r.v.For]
	countries := map[string]bool{}
	for _, hq := range sortedIDs(r.plan.Converts) {
		country := r.units[hq].Nation
		if vp-5 < r.reserve() || countries[country] || supplies <= 1 {
			continue
		}
		for _, s := range r.plan.Converts[hq] {
			if !spent[s] {
				spent[s], countries[country] = true, true
				vp -= 5
				supplies--
				fmt.Fprintf(b, "convert %s supply %s\n", hq, s)
				break
			}
		}
	}
}
