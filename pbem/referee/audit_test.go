package referee

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"pbem/engine/rulesets"
	"pbem/pbem/audit"
	"pbem/pbem/chain"
	"pbem/pbem/dice"
)

// playThroughReferee plays windows of game t1 through the referee: robot
// files signed and mailed by the players, a moderator's extension by
// signed mail on the way, each window processed. Under -short (the race
// detector) it plays at most 4.
func playThroughReferee(t testing.TB, h *harness, windows int) time.Time {
	t.Helper()
	if testing.Short() {
		windows = min(windows, 4)
	}
	now := t0
	h.outbox(now)
	for k := range windows {
		st, _ := h.state()
		if st.Window().Done {
			break
		}
		for _, side := range st.Window().Submit {
			file := h.robotFile(string(side), fmt.Sprintf("%s-audit-%02d", strings.ToLower(string(side)), k), false)
			if v := h.receive(h.players[string(side)].mail(t, fmt.Sprintf("a%d%s", k, side), file), now); v.Outcome != Accepted {
				t.Fatalf("window %d, %s: %+v", k, side, v)
			}
		}
		if k == 2 {
			cmd := "Game: t1\nCommand: extend 24h\nNonce: mo-audit-0001\nWhy: a holiday\n"
			if v := h.receive(h.players["mo"].mail(t, "a-mo", cmd), now); v.Outcome != Accepted {
				t.Fatalf("extend: %+v", v)
			}
		}
		h.outbox(now)
		now = now.Add(time.Hour)
		if err := h.ref.ProcessNow("t1", "Mo", "test", now); err != nil {
			t.Fatal(err)
		}
	}
	h.outbox(now)
	return now
}

// A game played through the referee audits clean: every window replays to
// the state the chain names; and the report of each window quotes a head
// of the chain.
func TestAuditCleanGame(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	playThroughReferee(t, h, 8)
	text, err := h.ref.Audit("t1", audit.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	want := 8
	if testing.Short() {
		want = 4
	}
	if n := strings.Count(text, ": ok ("); n != want || !strings.Contains(text, "ok: every signature") {
		t.Errorf("%d windows ok:\n%s", n, text)
	}
	ev, _ := h.ref.Evidence("t1")
	links, _, _ := chain.Verify(ev.Chain)
	kinds := map[string]int{}
	for _, l := range links {
		kinds[l.Kind]++
	}
	for _, k := range []string{chain.KindGame, chain.KindMailIn, chain.KindOrders, chain.KindResolution, chain.KindModerator, chain.KindMailOut} {
		if kinds[k] == 0 {
			t.Errorf("no %s link in %v", k, kinds)
		}
	}
	// Every head a report quotes is a link of the chain.
	hashes := map[string]bool{}
	for _, e := range ev.Chain {
		hashes[chain.Hash(e)] = true
	}
	quoted := 0
	for _, body := range ev.Sent {
		if _, rest, ok := strings.Cut(body, "The head of the game's audit chain (docs/audit.md):\n"); ok {
			quoted++
			if h := strings.Fields(rest)[0]; !hashes[h] {
				t.Errorf("a report quotes %s, which is no link's hash", h)
			}
		}
	}
	if quoted < want*3 {
		t.Errorf("%d reports quote the chain's head", quoted)
	}
	t.Logf("%d links %v:\n%s", len(links), kinds, text)
}

// Any change to the evidence is found and named: a byte of a signed file,
// of a canonical file, of a key, of a link, of a report sent, of the state;
// and a window resolved again with another seed.
func TestAuditFindsTampering(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	playThroughReferee(t, h, 6)
	clean, err := h.ref.Evidence("t1")
	if err != nil {
		t.Fatal(err)
	}
	run := func(ev *audit.Evidence) error {
		_, err := audit.Run(ev, h.ref.cfg.Catalog, audit.Options{})
		return err
	}
	if err := run(clean); err != nil {
		t.Fatal(err)
	}
	links, _, _ := chain.Verify(clean.Chain)
	role := map[string]string{}
	for _, l := range links {
		switch l.Kind {
		case chain.KindOrders:
			role[l.Get("file")], role[l.Get("receipt")] = "signed file", "canonical file"
		case chain.KindGame:
			for _, k := range l.All("key") {
				role[strings.Fields(k)[2]] = "key"
			}
		}
	}
	var sums []string
	for s := range clean.Files {
		sums = append(sums, s)
	}
	sort.Strings(sums)
	checked := map[string]int{}
	for _, s := range sums {
		what := role[s]
		if what == "" {
			continue // a command mail: its link has only its hash
		}
		for _, at := range []int{0, len(clean.Files[s]) / 2, len(clean.Files[s]) - 2} {
			ev := copyEvidence(clean)
			ev.Files[s][at] ^= 0x20
			err := run(ev)
			if err == nil || !strings.Contains(err.Error(), s) {
				t.Errorf("%s %s, byte %d changed: %v", what, s[:12], at, err)
			}
			checked[what]++
		}
	}
	// Every link but the newest, which no later link names: the heads in
	// the reports sent and a player's own copy show that one (docs/audit.md).
	for i := range clean.Chain[:len(clean.Chain)-1] {
		ev := copyEvidence(clean)
		ev.Chain[i][len(ev.Chain[i])/2] ^= 0x01
		if err := run(ev); err == nil {
			t.Errorf("link %d changed: no discrepancy", i+1)
		} else if !strings.Contains(err.Error(), "link ") {
			t.Errorf("link %d changed: %v", i+1, err)
		}
		checked["link"]++
	}
	for id, body := range clean.Sent {
		if !strings.Contains(body, "will be rolled with the seed committed to as") {
			continue
		}
		ev := copyEvidence(clean)
		ev.Sent[id] = strings.Replace(body, "The dice", "The Dice", 1)
		if err := run(ev); err == nil || !strings.Contains(err.Error(), id) {
			t.Errorf("report %s changed: %v", id, err)
		}
		checked["report"]++
	}
	ev := copyEvidence(clean)
	ev.State = append(ev.State, ' ')
	if err := run(ev); err == nil || !strings.Contains(err.Error(), "the stored game") {
		t.Errorf("state changed: %v", err)
	}
	// A window resolved again with another seed, its link rewritten and
	// the chain re-hashed after it: the seed no longer matches the
	// commitment; with the commitment rewritten too, no report published
	// it.
	for _, rewrite := range []string{"seed", "seed and commitment"} {
		ev := copyEvidence(clean)
		for i, l := range links {
			if l.Kind != chain.KindResolution || l.Get("rolls") == "0" {
				continue
			}
			other := dice.WindowSeed([]byte("another secret"), "t1", l.Get("window"))
			for j, f := range l.Fields {
				switch {
				case f.Key == "seed":
					l.Fields[j].Value = fmt.Sprintf("%x", other)
				case f.Key == "commitment" && rewrite != "seed":
					l.Fields[j].Value = dice.Commitment(other)
				}
			}
			ev.Chain = rehash(links, i)
			err := run(ev)
			if err == nil || !strings.Contains(err.Error(), l.Get("window")) {
				t.Errorf("%s rewritten in %s: %v", rewrite, l.Get("window"), err)
			} else {
				t.Logf("%s rewritten: %v", rewrite, err)
			}
			break
		}
	}
	t.Logf("checked: %v", checked)
	for _, what := range []string{"signed file", "canonical file", "key", "link", "report"} {
		if checked[what] == 0 {
			t.Errorf("no %s changed", what)
		}
	}
}

// rehash encodes links again from link i on, each naming the hash of the
// one before, as a forger who rewrote link i would.
func rehash(links []*chain.Link, from int) [][]byte {
	var out [][]byte
	prev := ""
	for i, l := range links {
		if i >= from {
			l.Prev = prev
		}
		e := l.Encode()
		out = append(out, e)
		prev = chain.Hash(e)
	}
	return out
}

func copyEvidence(ev *audit.Evidence) *audit.Evidence {
	c := &audit.Evidence{Game: ev.Game, Files: map[string][]byte{}, Sent: map[string]string{}, State: bytes.Clone(ev.State)}
	for _, l := range ev.Chain {
		c.Chain = append(c.Chain, bytes.Clone(l))
	}
	for k, v := range ev.Files {
		c.Files[k] = bytes.Clone(v)
	}
	for k, v := range ev.Sent {
		c.Sent[k] = v
	}
	return c
}

// An exported game audits clean from the archive alone, and a byte
// changed in it (of a signed order, a seed, a link, a report, the state)
// makes the audit fail and name what changed.
func TestExportedArchive(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := playThroughReferee(t, h, 6)
	path := filepath.Join(t.TempDir(), "t1.tar")
	if _, err := h.ref.Export("t1", path, now); err != nil {
		t.Fatal(err)
	}
	archive, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	auditBytes := func(b []byte) ([]string, error) {
		ev, cat, err := audit.Import(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		return audit.Run(ev, cat, audit.Options{})
	}
	if lines, err := auditBytes(archive); err != nil || len(lines) < 6 {
		t.Fatalf("the archive: %v\n%s", err, strings.Join(lines, "\n"))
	}
	ev, _ := h.ref.Evidence("t1")
	links, _, _ := chain.Verify(ev.Chain)
	var signed []byte
	var seedLine, window string
	var linkSeq uint64
	for _, l := range links {
		if l.Kind == chain.KindOrders && signed == nil {
			signed = ev.Files[l.Get("file")]
		}
		if l.Kind == chain.KindResolution && l.Get("rolls") != "0" && seedLine == "" {
			seedLine, window, linkSeq = "seed: "+l.Get("seed"), l.Get("window"), l.Seq
		}
	}
	var report, reportID string
	for id, body := range ev.Sent {
		if strings.Contains(body, "will be rolled with the seed committed to as") && (report == "" || id < reportID) {
			report, reportID = body, id
		}
	}
	for _, c := range []struct {
		what, find, named string
	}{
		{"a signed order", string(signed[len(signed)/2 : len(signed)/2+40]), chain.Sum(signed)},
		{"a seed", seedLine, fmt.Sprintf("link %d: the chain is broken: this link was changed", linkSeq)},
		{"a link", "kind: resolution\nwindow: " + window, fmt.Sprintf("link %d: the chain is broken: this link was changed", linkSeq)},
		{"a report", "The dice", reportID},
		{"the state", `"Turn":`, "the stored game"},
	} {
		i := bytes.Index(archive, []byte(c.find))
		if i < 0 {
			t.Fatalf("%s: %q not in the archive", c.what, c.find)
		}
		bad := bytes.Clone(archive)
		bad[i+len(c.find)-1] ^= 0x01
		_, err := auditBytes(bad)
		if err == nil || !strings.Contains(err.Error(), c.named) {
			t.Errorf("%s changed: %v (want it to name %s)", c.what, err, c.named)
		} else {
			t.Logf("%s changed: %v", c.what, err)
		}
	}
}

// A window resolved by another version of the rules engine is not
// replayed, and the audit says why and how to go on; with AnyEngine it is
// replayed and compared.
func TestAuditOtherEngine(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	playThroughReferee(t, h, 3)
	ev, err := h.ref.Evidence("t1")
	if err != nil {
		t.Fatal(err)
	}
	links, _, _ := chain.Verify(ev.Chain)
	for i, l := range links {
		if l.Kind == chain.KindResolution {
			for j, f := range l.Fields {
				if f.Key == "engine" {
					l.Fields[j].Value = "gwite 0"
				}
			}
			ev.Chain = rehash(links, i)
			break
		}
	}
	_, err = audit.Run(ev, h.ref.cfg.Catalog, audit.Options{})
	rs, _ := rulesets.Lookup("gwite")
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("GT1 DE-SETUP: resolved by gwite 0, and this pbem is gwite %d", rs.Version())) || !strings.Contains(err.Error(), "-any-engine") {
		t.Errorf("another engine: %v", err)
	}
	if lines, err := audit.Run(ev, h.ref.cfg.Catalog, audit.Options{AnyEngine: true}); err != nil {
		t.Errorf("with AnyEngine: %v\n%s", err, strings.Join(lines, "\n"))
	}
}
