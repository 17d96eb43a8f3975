package referee

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"pbem/engine"
	"pbem/pbem/config"
)

// Span is a duration as a person writes it: 24h, 1h30m, 90s (Go's
// 24h0m0s is for programmers), as the configuration writes it.
func Span(d time.Duration) string { return config.Duration(d).String() }

// Count is n things in words: "1 key", "2 keys", "0 mails", not a
// programmer's "1 key(s)". noun is the singular; an s makes the plural.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// waitOr is Span(d), or the words none for no wait at all: Go's 0s is for
// programmers.
func waitOr(d time.Duration, none string) string {
	if d == 0 {
		return none
	}
	return Span(d)
}

// because is a moderator's reason after what was done, ": the reason",
// or nothing if none was given.
func because(why string) string {
	if strings.TrimSpace(why) == "" {
		return ""
	}
	return ": " + why
}

// inZone is a moment as the game's deadlines show it, in its time zone
// (UTC if the zone is unknown): "Mon 2 Jan 2006 15:04 MST".
func inZone(t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon 2 Jan 2006 15:04 MST")
}

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
