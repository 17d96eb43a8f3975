package referee

import (
	"sort"
	"strings"
	"time"

	"pbem/engine"
	"pbem/pbem/config"
)

// Span is a duration as a person writes it: 24h, 1h30m, 90s (Go's
// 24h0m0s is for programmers), as the configuration writes it.
func Span(d time.Duration) string { return config.Duration(d).String() }

// spans lists the deadline of each kind of window, by kind: "CAVWD 24h,
// COMBAT 48h".
func spans(by map[string]time.Duration) string {
	var kinds []string
	for k := range by {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var out []string
	for _, k := range kinds {
		out = append(out, k+" "+Span(by[k]))
	}
	return strings.Join(out, ", ")
}

// SideList is a game's sides in words: "RU, DE".
func SideList(sides []engine.Side) string {
	var out []string
	for _, s := range sides {
		out = append(out, string(s))
	}
	return strings.Join(out, ", ")
}
