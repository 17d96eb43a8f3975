package referee

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets"
)

// goFormat is what Go's default formatting leaves in a text: a slice of
// sides ([RU DE]), a map, a pointer to a struct, a duration with its zero
// minutes or seconds (24h0m0s, 0s), a bare boolean, a time in RFC 3339.
var goFormat = regexp.MustCompile(`\[[A-Z]{2}( [A-Z]{2})*\]|map\[|&\{|[0-9]+h[0-9]+m[0-9]+s|\b0s\b|\b(true|false)\b|%!|<nil>|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:`)

// Show, what a moderator reads of a game, is in words: whose orders are
// due ("RU", not Go's [RU]), whether a file on file is final, and the
// waits of the policy that are none ("grace none", not Go's 0s).
func TestShowInWords(t *testing.T) {
	policy := DefaultPolicy()
	policy.EarlyDelay, policy.Grace, policy.Remind = 0, 0, 0
	h := newHarness(t, policy)
	h.outbox(t0)
	if v := h.receive(h.players["DE"].mail(t, "de", h.robotFile("DE", "ben-setup-0001", false)), t0); v.Outcome != Accepted {
		t.Fatalf("the German's file: %+v", v)
	}
	show, err := h.ref.Show("t1", t0)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"; orders due from DE\n",
		", not final, received ",
		"no reminder, resolved as soon as every side is final, grace none,",
		"player DE: Ben <ben@example.org>, 1 key\n",
	} {
		if !strings.Contains(show, want) {
			t.Errorf("show lacks %q:\n%s", want, show)
		}
	}
	for _, l := range strings.Split(show, "\n") {
		if m := goFormat.FindString(l); m != "" {
			t.Errorf("show prints %q, Go's formatting, in %q", m, l)
		}
	}
	policy = DefaultPolicy()
	policy.Grace = 90 * time.Minute
	if got := showPolicy(policy); !strings.Contains(got, "reminder 24h before, resolved 10m after every side is final, grace 1h30m,") {
		t.Errorf("the default policy, with a grace of 90 minutes: %s", got)
	}
	if got := dueFrom([]engine.Side{"RU", "DE"}); got != "orders due from RU, DE" {
		t.Errorf("dueFrom(RU, DE) = %q", got)
	}
	if got := dueFrom(nil); got != "no orders due" {
		t.Errorf("dueFrom(nil) = %q", got)
	}
}

// A moderator's action without a reason reads as a sentence ("Mo paused
// the game (it resumes ...)"), not with a colon before nothing; a
// deadline moved into the past is refused with the time it would be, as
// the game shows its deadlines, not in RFC 3339.
func TestActionsInWords(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	now := t0.Add(time.Hour)
	if err := h.ref.Pause("t1", "Mo", "", now); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.Resume("t1", "Mo", " ", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.Extend("t1", 90*time.Minute, "Mo", "", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	mails := h.outbox(now.Add(time.Hour))
	if len(mails) != 3 {
		t.Fatalf("%d mails for three actions", len(mails))
	}
	for i, want := range []string{"Mo paused the game (it resumes by itself at ", "Mo resumed the game (", "Mo moved the deadline by 1h30m ("} {
		body := mails[i].Body
		if !strings.Contains(body, want) {
			t.Errorf("mail %d lacks %q:\n%s", i+1, want, body)
		}
		if strings.Contains(body, ": (") || strings.Contains(body, ": \n") || strings.Contains(body, ": .") {
			t.Errorf("mail %d has a colon before no reason:\n%s", i+1, body)
		}
	}
	err := h.ref.Extend("t1", -1000*time.Hour, "Mo", "oops", now)
	if err == nil || goFormat.MatchString(err.Error()) || !strings.Contains(err.Error(), " UTC, which has passed") {
		t.Errorf("a deadline moved into the past: %v", err)
	}
}

// A key registered twice is refused naming whose it is already; a file
// that is no key is refused saying what a key looks like: neither with
// the keyring's "malformed input: key 4 (...)" nor the SSH library's
// "illegal base64 data".
func TestAddKeyInWords(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := t0.Add(time.Hour)
	anna := h.players["RU"].member()
	err := h.ref.AddKey("t1", "DE", Member{Name: "Ben", Key: anna.Key}, "Mo", now)
	if err == nil || !strings.HasPrefix(err.Error(), "the SSH key SHA256:") || !strings.HasSuffix(err.Error(), " is registered already, for "+anna.Name+" (side RU)") {
		t.Errorf("Anna's key for Ben: %v", err)
	}
	err = h.ref.AddKey("t1", "DE", Member{Name: "Ben", Key: []byte("[referee]\naddress = 1\n")}, "Mo", now)
	if err == nil || !strings.Contains(err.Error(), "neither an armored OpenPGP public key") || strings.Contains(err.Error(), "malformed") || strings.Contains(err.Error(), "base64") {
		t.Errorf("a file that is no key: %v", err)
	}
}

// A new game's key problems are all said at once, one per member, in
// words: a key given twice names whose it is first, a file that is no
// key says what a key looks like.
func TestNewGameKeysInWords(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	anna, ben := h.players["RU"].member(), h.players["DE"].member()
	ben.Key = anna.Key
	mo := h.players["mo"].member()
	mo.Key = []byte("not a key\n")
	err := CheckSpec(h.ref.cfg.Catalog, Spec{ID: "t2", Scenario: "tannenberg-1914", Policy: DefaultPolicy(),
		Players: []Member{anna, ben}, Moderators: []Member{mo}}, t0)
	var se *SpecError
	if !errors.As(err, &se) {
		t.Fatalf("%v", err)
	}
	want := []string{
		"key of Ben (side DE): the SSH key SHA256:",
		"key of Mo (moderator): the key given is neither an armored OpenPGP public key",
	}
	if len(se.Problems) != len(want) {
		t.Fatalf("problems:\n%s", strings.Join(se.Problems, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(se.Problems[i], w) || strings.Contains(se.Problems[i], "malformed") {
			t.Errorf("problem %d: %s\nwant %s...", i+1, se.Problems[i], w)
		}
	}
	if !strings.HasSuffix(se.Problems[0], " is Anna's (side RU) already") {
		t.Errorf("Ben's key: %s", se.Problems[0])
	}
}

// Counts are in words: "1 key", "2 keys", never "1 key(s)".
func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{{0, "mail", "0 mails"}, {1, "key", "1 key"}, {2, "failed attempt", "2 failed attempts"}} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

// Deadlines come from the rules system of the game: its kinds of window
// with its default times, the club's own where it sets one; a kind the
// system does not have is refused, naming the kinds it has.
func TestDeadlinesPerRuleset(t *testing.T) {
	rs, err := rulesets.Lookup("gwite")
	if err != nil {
		t.Fatal(err)
	}
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	got := deadlines(rs, map[string]time.Duration{"MOVE": 96 * time.Hour}, bad)
	want := map[string]time.Duration{"SETUP": 72 * time.Hour, "MOVE": 96 * time.Hour, "CAVWD": 24 * time.Hour, "COMBAT": 48 * time.Hour}
	if !maps.Equal(got, want) || len(problems) > 0 {
		t.Errorf("deadlines %v, problems %q; want %v", got, problems, want)
	}
	deadlines(rs, map[string]time.Duration{"IMPULSE": time.Hour}, bad)
	if len(problems) != 1 || !strings.Contains(problems[0], "deadline of IMPULSE windows: the rules system gwite has none; its kinds of window are SETUP, MOVE, CAVWD, COMBAT") {
		t.Errorf("an unknown kind: %q", problems)
	}
}

// An option the game's rules system lacks is refused, naming the ones it
// has: a misspelt optional rule never goes unnoticed.
func TestUnknownOptionRefused(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	anna, ben := h.players["RU"].member(), h.players["DE"].member()
	err := CheckSpec(h.ref.cfg.Catalog, Spec{ID: "t2", Scenario: "tannenberg-1914", Policy: DefaultPolicy(),
		Players: []Member{anna, ben}, Options: []string{"cavalry-windows", "fog-limitted"}}, t0)
	var se *SpecError
	if !errors.As(err, &se) || len(se.Problems) != 1 {
		t.Fatalf("%v", err)
	}
	if want := `option "fog-limitted": the rules system gwite has none of that name (have: cavalry-windows, fog-limited,`; !strings.HasPrefix(se.Problems[0], want) {
		t.Errorf("%s\nwant %s...", se.Problems[0], want)
	}
}
