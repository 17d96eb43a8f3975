package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/pbem/audit"
	"pbem/pbem/chain"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// sideArchive exports side's archive of game t1 and reads it back: its
// bytes and its evidence.
func sideArchive(t *testing.T, h *harness, side string, now time.Time) ([]byte, *audit.Evidence, *scenarios.Catalog) {
	t.Helper()
	path := filepath.Join(t.TempDir(), side+".tar")
	if _, err := h.ref.ExportArchive("t1", path, Scope{Side: side}, now); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ev, cat, err := audit.Import(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return raw, ev, cat
}

// secrets is what the archive of side must not hold of the full
// evidence ev: every value of a link withheld from side that only a
// withheld link or file tells (hashes of the other side's mail and files,
// of the events and states, of the mail to others), the Message-IDs and
// texts of the mail to others, and the order lines of the other side's
// files. Each is named by where it comes from.
func secrets(t *testing.T, ev *audit.Evidence, side string) map[string]string {
	t.Helper()
	links, _, err := chain.Verify(ev.Chain)
	if err != nil {
		t.Fatal(err)
	}
	seats := map[string]string{}
	for _, p := range links[0].All("player") {
		f := strings.Fields(p)
		seats[f[2]] = f[0]
	}
	out := map[string]string{}
	visibleBody := map[string]bool{}
	for _, l := range links {
		if l.Kind == chain.KindMailOut && slices.ContainsFunc(l.All("to"), func(to string) bool { return seats[to] == side }) {
			visibleBody[l.Get("body")] = true
		}
	}
	for _, l := range links {
		where := fmt.Sprintf("link %d (%s)", l.Seq, l.Kind)
		switch l.Kind {
		case chain.KindMailIn:
			if l.Get("side") != side {
				out[l.Get("mail")] = where + " mail"
				if f := l.Get("file"); f != "" {
					out[f] = where + " file"
				}
			}
		case chain.KindOrders:
			if l.Get("side") == side {
				continue
			}
			out[l.Get("file")], out[l.Get("receipt")] = where+" file", where+" receipt"
			_, body, _ := strings.Cut(string(ev.Files[l.Get("receipt")]), "\n\n")
			for _, line := range strings.Split(body, "\n") {
				if strings.Contains(line, l.Get("side")+"-") && !strings.HasPrefix(line, "#") {
					out[line] = where + " order line"
				}
			}
		case chain.KindResolution:
			out[l.Get("events")], out[l.Get("state")] = where+" events", where+" state"
			for _, f := range l.All("file") {
				if s, r, _ := strings.Cut(f, " "); s != side {
					out[r] = where + " file of " + s
				}
			}
		case chain.KindMailOut:
			if visibleBody[l.Get("body")] || slices.ContainsFunc(l.All("to"), func(to string) bool { return seats[to] == side }) {
				continue
			}
			out[l.Get("message-id")] = where + " message-id"
			out[l.Get("body")] = where + " body"
			out[ev.Sent[l.Get("message-id")]] = where + " text"
			for _, a := range l.All("attachment") {
				out[strings.Fields(a)[1]] = where + " attachment"
			}
		}
	}
	delete(out, "")
	return out
}

// While a game of tannenberg-1914 runs (five windows: the German's
// hidden set-up and Gruppe moves among them), each side's archive holds
// its own files and the mail sent to it and none of what the other side
// or the moderators alone were given (no file, mail, hash or order line
// of theirs, and for the Russian no Gruppe's contents); pbem audit checks
// it and says what it could not; a running game's full archive is
// refused but to the moderators, whose archive audits whole.
func TestSideArchives(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := playThroughReferee(t, h, 5)
	open, _ := h.state() // GT2 RU-MOVE, or GT1 DE-COMBAT under -short
	full, err := h.ref.Evidence("t1")
	if err != nil {
		t.Fatal(err)
	}
	links, _, _ := chain.Verify(full.Chain)
	archives := map[string]*audit.Evidence{}
	for _, side := range []string{"RU", "DE"} {
		t.Run(side, func(t *testing.T) {
			raw, ev, cat := sideArchive(t, h, side, now)
			archives[side] = ev
			lines, err := audit.Run(ev, cat, audit.Options{})
			text := strings.Join(lines, "\n")
			if err != nil {
				t.Errorf("%v\n%s", err, text)
			}
			for _, want := range []string{"not checked: the other sides' files and signatures, the replay of the windows",
				"withheld (the other sides' mail and files", "ok (side " + side + ")", "GT1 DE-MOVE: the seed matches the commitment", open.Window().ID + ": committed to"} {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in the audit:\n%s", want, text)
				}
			}
			// Nothing the side may not see.
			hidden := secrets(t, full, side)
			if len(hidden) < 20 {
				t.Fatalf("only %d secrets to look for", len(hidden))
			}
			for s, what := range hidden {
				if bytes.Contains(raw, []byte(s)) {
					t.Errorf("the archive of %s holds %s: %.80q", side, what, s)
				}
			}
			if side == "RU" && bytes.Contains(raw, []byte("(in Gruppe")) {
				t.Errorf("the Russian's archive tells what a Gruppe holds")
			}
			if ev.State != nil {
				t.Errorf("the archive of %s holds the state", side)
			}
			// And all that it may see: its files, the mail to it, every
			// moderator's action.
			files, mails, actions := 0, 0, 0
			for i, l := range links {
				own := l.Get("side") == side && (l.Kind == chain.KindOrders || l.Kind == chain.KindMailIn)
				switch {
				case own:
					for _, sum := range []string{l.Get("file"), l.Get("receipt")} {
						if sum != "" && !bytes.Equal(ev.Files[sum], full.Files[sum]) {
							t.Errorf("link %d: the file %s of %s is not in its archive", l.Seq, sum, side)
						}
						files++
					}
				case l.Kind == chain.KindMailOut && strings.Contains(strings.Join(l.All("to"), " "), h.players[side].address):
					if ev.Sent[l.Get("message-id")] != full.Sent[l.Get("message-id")] {
						t.Errorf("link %d: the mail %s to %s is not in its archive", l.Seq, l.Get("message-id"), side)
					}
					mails++
				case l.Kind == chain.KindModerator:
					actions++
				default:
					continue
				}
				if !bytes.Equal(ev.Chain[i], full.Chain[i]) {
					t.Errorf("link %d (%s) is not in the archive of %s", l.Seq, l.Kind, side)
				}
			}
			if files < 4 || mails < 10 || actions < 5 || len(ev.Withheld) < 10 {
				t.Errorf("%d files, %d mails, %d actions, %d links withheld", files, mails, actions, len(ev.Withheld))
			}
		})
	}
	// The full archive of the running game: refused, but to the
	// moderators.
	path := filepath.Join(t.TempDir(), "full.tar")
	_, err = h.ref.ExportArchive("t1", path, Scope{}, now)
	var running *RunningError
	if !errors.As(err, &running) || running.Window != open.Window().ID || !strings.Contains(err.Error(), "holds every side's secrets") {
		t.Errorf("the full archive of a running game: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("the refused archive was written")
	}
	if _, err := h.ref.ExportArchive("t1", path, Scope{Moderator: true}, now); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(path)
	defer f.Close()
	ev, cat, err := audit.Import(f)
	if err != nil {
		t.Fatal(err)
	}
	if lines, err := audit.Run(ev, cat, audit.Options{}); err != nil || !strings.Contains(strings.Join(lines, "\n"), "ok: every signature") {
		t.Errorf("the moderators' archive: %v\n%s", err, strings.Join(lines, "\n"))
	}
	// Each side's archive is part of it; one whose link before a stub
	// was rewritten, and the stub made to name it, passes its own audit
	// (nothing it holds checks such a link) but not the comparison.
	for side, sev := range archives {
		if err := audit.Matches(sev, ev); err != nil {
			t.Errorf("the archive of %s: %v", side, err)
		}
		forged, done := copySide(sev), false
		for i, e := range forged.Chain {
			l, _ := chain.Decode(e)
			if e == nil || l.Kind != chain.KindMailOut || forged.Chain[i+1] != nil {
				continue
			}
			for j, f := range l.Fields {
				if f.Key == "subject" {
					l.Fields[j].Value += " (forged)"
				}
			}
			forged.Chain[i], done = l.Encode(), true
			next := forged.Withheld[uint64(i+2)]
			next.Prev = chain.Hash(forged.Chain[i])
			forged.Withheld[next.Seq] = next
			if _, err := audit.Run(forged, cat, audit.Options{}); err != nil {
				t.Errorf("%s, link %d forged: %v", side, i+1, err)
			}
			if err := audit.Matches(forged, ev); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("link %d:", i+1)) {
				t.Errorf("%s, link %d forged, compared with the full archive: %v", side, i+1, err)
			}
			break
		}
		if !done {
			t.Errorf("%s: no mail of the side before a stub to forge", side)
		}
	}
	for _, bad := range []Scope{{Side: "FR"}, {Side: "RU", Moderator: true}} {
		if _, err := h.ref.ExportArchive("t1", path, bad, now); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// copySide is an independent copy of a side's evidence.
func copySide(ev *audit.Evidence) *audit.Evidence {
	c := copyEvidence(ev)
	c.Side = ev.Side
	c.Chain = make([][]byte, len(ev.Chain))
	for i, l := range ev.Chain {
		c.Chain[i] = bytes.Clone(l)
	}
	c.Withheld = map[uint64]audit.Stub{}
	for k, v := range ev.Withheld {
		c.Withheld[k] = v
	}
	return c
}

// A side's archive fails its audit, naming what changed, at any byte
// changed of what it checks: its own signed files and canonical texts,
// the mail sent to it, every link it holds but the newest, every stub; a
// link of its own put out of sight behind a stub (its real hash and all)
// leaves its file or mail named by nothing, and is found; and a report's
// revealed seed changed, its link and the stub after it forged to match,
// does not match the commitment.
func TestSideArchiveTampering(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	now := playThroughReferee(t, h, 4)
	_, clean, cat := sideArchive(t, h, "RU", now)
	run := func(ev *audit.Evidence) error {
		_, err := audit.Run(ev, cat, audit.Options{})
		return err
	}
	if err := run(clean); err != nil {
		t.Fatal(err)
	}
	checked := map[string]int{}
	expect := func(what string, ev *audit.Evidence, named string) {
		t.Helper()
		err := run(ev)
		if err == nil || !strings.Contains(err.Error(), named) {
			t.Errorf("%s changed: %v (want it to name %q)", what, err, named)
		}
		checked[what]++
	}
	role := map[string]string{}
	var stubbed []uint64 // own links to hide behind a stub
	for i, e := range clean.Chain {
		if e == nil {
			continue
		}
		l, err := chain.Decode(e)
		if err != nil {
			t.Fatal(err)
		}
		switch l.Kind {
		case chain.KindOrders:
			role[l.Get("file")], role[l.Get("receipt")] = "signed file", "canonical file"
			stubbed = append(stubbed, uint64(i+1))
		case chain.KindMailOut:
			if len(stubbed) < 3 {
				stubbed = append(stubbed, uint64(i+1))
			}
		}
	}
	for _, s := range sortedKeys(clean.Files) {
		if what := role[s]; what != "" {
			ev := copySide(clean)
			ev.Files[s][len(ev.Files[s])/2] ^= 0x20
			expect(what, ev, s)
		}
	}
	for _, id := range sortedKeys(clean.Sent) {
		ev := copySide(clean)
		b := []byte(ev.Sent[id])
		b[len(b)/2] ^= 0x01
		ev.Sent[id] = string(b)
		expect("mail sent", ev, id)
	}
	last := len(clean.Chain)
	for i, e := range clean.Chain[:last-1] {
		if e == nil {
			continue
		}
		ev := copySide(clean)
		ev.Chain[i][len(e)/2] ^= 0x01
		expect("link", ev, "link ")
	}
	for seq, s := range clean.Withheld {
		for _, field := range []string{"prev", "hash"} {
			if seq == 1 || seq == uint64(last) && field == "hash" {
				continue
			}
			ev := copySide(clean)
			b := []byte(s.Hash)
			if field == "prev" {
				b = []byte(s.Prev)
			}
			b[10] ^= 0x01
			if field == "prev" {
				s.Prev = string(b)
			} else {
				s.Hash = string(b)
			}
			ev.Withheld[seq] = s
			expect("stub "+field, ev, "link ")
		}
	}
	// An own link behind a stub with its true hash and the one before:
	// the chain still reads, what it named does not.
	for _, seq := range stubbed {
		ev := copySide(clean)
		prev := ""
		if e := ev.Chain[seq-2]; e != nil {
			prev = chain.Hash(e)
		} else {
			prev = ev.Withheld[seq-1].Hash
		}
		ev.Withheld[seq] = audit.Stub{Seq: seq, Prev: prev, Hash: chain.Hash(ev.Chain[seq-1])}
		ev.Chain[seq-1] = nil
		expect("link hidden", ev, "no link here")
	}
	// A report's seed revealed otherwise, its link rewritten to match
	// and the stub after it made to name the new hash, as a forger who had
	// the archive could (docs/archive.md): the dice do not check.
	for i, e := range clean.Chain {
		l, _ := chain.Decode(e)
		if e == nil || l.Kind != chain.KindMailOut || i+1 >= len(clean.Chain) || clean.Chain[i+1] != nil {
			continue
		}
		id := l.Get("message-id")
		body, mark := clean.Sent[id], "rolls) with the seed\n    "
		at := strings.Index(body, mark)
		if at < 0 {
			continue
		}
		at += len(mark)
		ev := copySide(clean)
		forged := body[:at] + string("01"[(body[at]-'0'+1)%2]) + body[at+1:]
		ev.Sent[id] = forged
		for j, f := range l.Fields {
			if f.Key == "body" {
				l.Fields[j].Value = chain.Sum([]byte(forged))
			}
		}
		ev.Chain[i] = l.Encode()
		next := ev.Withheld[uint64(i+2)]
		next.Prev = chain.Hash(ev.Chain[i])
		ev.Withheld[next.Seq] = next
		expect("seed", ev, "the revealed seed hashes to")
		break
	}
	t.Logf("checked: %v", checked)
	for _, what := range []string{"signed file", "canonical file", "mail sent", "link", "stub prev", "stub hash", "link hidden", "seed"} {
		if checked[what] == 0 {
			t.Errorf("no %s changed", what)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// A game of tannenberg-battle played to its end (each window resolved
// with what is on file): its full archive is written without the
// moderators' word and audits whole, as before; a side's archive made
// while it ran is part of it; a side's archive of it still audits.
func TestFinishedGameExport(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game through the referee: the unit run plays it")
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	ru, de, mo := newPlayer(t, "Anna", "RU", 1), newPlayer(t, "Ben", "DE", 2), newPlayer(t, "Mo", "", 3)
	h := &harness{t: t, db: db, players: map[string]*player{"RU": ru, "DE": de, "mo": mo}}
	h.ref = New(db, Config{Address: "referee@club.example", Domain: "club.example", Catalog: c}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err := h.ref.NewGame(Spec{ID: "t1", Scenario: "tannenberg-battle", Policy: DefaultPolicy(),
		Players: []Member{ru.member(), de.member()}, Moderators: []Member{mo.member()}}, t0); err != nil {
		t.Fatal(err)
	}
	now := t0
	var early *audit.Evidence // the Russian's, while it ran
	for st, _ := h.state(); !st.Window().Done; st, _ = h.state() {
		now = now.Add(time.Hour)
		if err := h.ref.ProcessNow("t1", "Mo", "test", now); err != nil {
			t.Fatal(err)
		}
		if early == nil && st.Window().ID == "GT3 RU-MOVE" {
			_, early, _ = sideArchive(t, h, "RU", now)
		}
	}
	path := filepath.Join(t.TempDir(), "t1.tar")
	if _, err := h.ref.ExportArchive("t1", path, Scope{}, now); err != nil {
		t.Fatalf("the full archive of a game over: %v", err)
	}
	f, _ := os.Open(path)
	defer f.Close()
	ev, cat, err := audit.Import(f)
	if err != nil {
		t.Fatal(err)
	}
	if lines, err := audit.Run(ev, cat, audit.Options{}); err != nil || !strings.Contains(strings.Join(lines, "\n"), "ok: every signature") {
		t.Errorf("the archive of a game over: %v\n%s", err, strings.Join(lines, "\n"))
	}
	if early == nil {
		t.Fatal("no window GT3 RU-MOVE")
	}
	if err := audit.Matches(early, ev); err != nil {
		t.Errorf("the Russian's archive of the game running, with the full one: %v", err)
	}
	_, side, cat := sideArchive(t, h, "DE", now)
	if lines, err := audit.Run(side, cat, audit.Options{}); err != nil {
		t.Errorf("the German's archive of a game over: %v\n%s", err, strings.Join(lines, "\n"))
	}
}
