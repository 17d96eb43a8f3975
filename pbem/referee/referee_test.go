package referee

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"pbem/engine"
	"pbem/engine/rulesets/rulesetstest"
	"pbem/orders/sig"
	"pbem/pbem/chain"
	"pbem/pbem/memmail"
	"pbem/pbem/store"
	"pbem/scenarios"
)

var t0 = time.Date(1914, 8, 17, 18, 0, 0, 0, time.UTC)

// player is a test player with an SSH key.
type player struct {
	name, side, address string
	signer              ssh.Signer
}

func newPlayer(t testing.TB, name, side string, seed byte) *player {
	t.Helper()
	s, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, 32)))
	if err != nil {
		t.Fatal(err)
	}
	return &player{name: name, side: side, address: strings.ToLower(name) + "@example.org", signer: s}
}

func (p *player) member() Member {
	return Member{Side: p.side, Name: p.name, Address: p.address, Key: ssh.MarshalAuthorizedKey(p.signer.PublicKey())}
}

// mail is an order file sent as a mail client sends it: the file and its
// SSH signature attached.
func (p *player) mail(t testing.TB, id, text string) []byte {
	t.Helper()
	armored, err := sig.SignSSH(p.signer, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return memmail.OrderMail(p.name+" <"+p.address+">", "referee@club.example", id+"@example.org", []byte(text), armored, ".sig")
}

type harness struct {
	t       testing.TB
	db      *store.DB
	ref     *Referee
	uid     uint32
	players map[string]*player
}

func newHarness(t testing.TB, policy store.Policy) *harness {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c, err := scenarios.Embedded()
	if c == nil {
		t.Fatal(err)
	}
	h := &harness{t: t, db: db, players: map[string]*player{
		"RU": newPlayer(t, "Anna", "RU", 1), "DE": newPlayer(t, "Ben", "DE", 2), "mo": newPlayer(t, "Mo", "", 3)}}
	h.ref = New(db, Config{Address: "referee@club.example", Domain: "club.example", Catalog: c}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	err = h.ref.NewGame(Spec{ID: "t1", Scenario: "tannenberg-1914", Policy: policy,
		Players: []Member{h.players["RU"].member(), h.players["DE"].member()}, Moderators: []Member{h.players["mo"].member()}}, t0)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *harness) receive(raw []byte, now time.Time) Verdict {
	h.t.Helper()
	h.uid++
	v, err := h.ref.Receive(Delivery{Mailbox: "INBOX", UIDValidity: 9, UID: h.uid, Raw: raw}, now)
	if err != nil {
		h.t.Fatal(err)
	}
	return v
}

// outbox drains the outbox (as the sender would) and returns its mails.
func (h *harness) outbox(now time.Time) []*store.Mail {
	h.t.Helper()
	var out []*store.Mail
	err := h.db.Update(func(tx *store.Tx) error {
		due, err := tx.Due(now.Add(time.Hour), 1000)
		if err != nil {
			return err
		}
		for _, q := range due {
			out = append(out, q.Mail)
			if err := tx.MarkSent(q.Seq, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return out
}

func (h *harness) state() (engine.State, store.Window) {
	h.t.Helper()
	var g *loaded
	if err := h.db.View(func(tx *store.Tx) error {
		var err error
		g, err = h.ref.load(tx, "t1", t0)
		return err
	}); err != nil {
		h.t.Fatal(err)
	}
	return g.state, g.window
}

// robotFile is the robot's orders for side in the open window, as a file.
func (h *harness) robotFile(side, nonce string, final bool) string {
	st, w := h.state()
	head := fmt.Sprintf("Game: t1\nSide: %s\nWindow: %s\nNonce: %s\n", side, w.ID, nonce)
	if final {
		head += "Final: yes\n"
	}
	return head + "\n" + rulesetstest.Robot(st, engine.Side(side))
}

func TestNewGameMailsEveryone(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	mails := h.outbox(t0)
	if len(mails) != 3 {
		t.Fatalf("%d mails", len(mails))
	}
	for _, m := range mails {
		if !strings.Contains(m.Subject, "GT1 DE-SETUP") || !strings.HasPrefix(m.ID, "<pbem.") {
			t.Errorf("%s: %s", m.To, m.Subject)
		}
	}
	if !strings.Contains(mails[1].Body, "Window: GT1 DE-SETUP") || !strings.Contains(strings.Join(strings.Fields(mails[1].Body), " "), "Your orders are due by Thu 20 Aug 1914 18:00 UTC") {
		t.Errorf("the German's first mail:\n%s", mails[1].Body)
	}
	// The player gets the side's map and the template; the moderators the
	// full map only.
	if a := mails[1].Attachments; len(a) != 2 || a[0].Name != "map-GT1-DE-SETUP.png" || a[0].Type != "image/png" ||
		!bytes.HasPrefix(a[0].Data, []byte("\x89PNG")) ||
		a[1].Name != "orders-GT1-DE-SETUP.txt" || !strings.Contains(string(a[1].Data), "Window: GT1 DE-SETUP") {
		t.Errorf("the German's attachments: %d", len(a))
	}
	if a := mails[2].Attachments; len(a) != 1 || a[0].Name != "map-GT1-DE-SETUP.png" || bytes.Equal(a[0].Data, mails[1].Attachments[0].Data) {
		t.Errorf("the moderators' attachments: %d (want their own map only)", len(a))
	}
	// Every problem of a bad spec at once.
	err := h.ref.NewGame(Spec{ID: "bad id", Scenario: "tannenberg-1914", Players: []Member{{Side: "FR", Name: "X", Address: "nowhere"}}}, t0)
	for _, want := range []string{`game id "bad id"`, "side RU has no player", "side DE has no player", `no side "FR"`, "a name and a mail address", "key of X (side FR): no key given"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bad spec: want %q in %v", want, err)
		}
	}
}

// The intake of mail: a signed file is acknowledged to its player and put
// on file; the same mail again changes nothing; a replayed file is
// refused; unsigned mail gets a short reply, five a day at most; mail
// from a program gets none.
func TestReceive(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	ben := h.players["DE"]
	file := h.robotFile("DE", "ben-setup-0001", false)
	raw := ben.mail(t, "m1", file)
	now := t0.Add(time.Hour)
	if v := h.receive(raw, now); v.Outcome != Accepted || v.Side != "DE" || v.Player != "Ben" || !v.Replied {
		t.Fatalf("verdict %+v", v)
	}
	mails := h.outbox(now)
	if len(mails) != 1 || mails[0].To[0] != ben.address || !strings.HasPrefix(mails[0].Body, "ACCEPTED") {
		t.Fatalf("ack: %+v", mails)
	}
	if v := h.receive(raw, now); v.Outcome != Duplicate || v.Replied {
		t.Errorf("the same mail again: %+v", v)
	}
	if v := h.receive(ben.mail(t, "m2", file), now); v.Outcome != Refused || !strings.Contains(v.Why, "the same as one already accepted") {
		t.Errorf("the file replayed in a new mail: %+v", v)
	}
	// Anna's file for the German set-up is taken (she may send standing
	// orders in any window), its Gruppe orders listed as refused.
	anna := h.players["RU"]
	if v := h.receive(anna.mail(t, "m3", strings.Replace(file, "Side: DE", "Side: RU", 1)), now); v.Outcome != Accepted || v.Side != "RU" {
		t.Errorf("Anna's file for the German set-up: %+v", v)
	} else if m := h.outbox(now); len(m) != 2 || m[1].To[0] != anna.address || !strings.Contains(m[1].Body, "RU gives no orders in the") {
		t.Errorf("replies: %d %s\n%s", len(m), m[len(m)-1].To, m[len(m)-1].Body)
	}
	// Ben's key signing a file for RU is refused.
	if v := h.receive(ben.mail(t, "m4", strings.Replace(file, "Side: DE", "Side: RU", 1)), now); v.Outcome != Refused || !strings.Contains(v.Why, "signed with a key of DE") {
		t.Errorf("Ben signing for RU: %+v", v)
	}
	replies := 0
	for i := range 7 {
		v := h.receive([]byte(fmt.Sprintf("From: anna@example.org\r\nMessage-ID: <s%d@example.net>\r\nSubject: hi\r\n\r\nmove RU-XV to 2118\r\n", i)), now)
		if v.Outcome != Unsigned {
			t.Errorf("unsigned mail: %+v", v)
		}
		if v.Replied {
			replies++
		}
	}
	if replies != 5 {
		t.Errorf("%d replies to 7 unsigned mails from one player's address, want 5", replies)
	}
	if v := h.receive([]byte("From: stranger@example.net\r\nMessage-ID: <x@example.net>\r\nSubject: hi\r\n\r\nhello\r\n"), now); v.Outcome != Unsigned || v.Replied {
		t.Errorf("mail from an address of no game: %+v", v)
	}
	if v := h.receive([]byte("From: anna@example.org\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <v1@example.org>\r\n\r\nI am away.\r\n"), now); v.Outcome != Ignored || v.Replied {
		t.Errorf("vacation reply: %+v", v)
	}
	forged := []byte("From: Ben <ben@example.org>\r\nMessage-ID: <f1@evil.example>\r\nSubject: orders\r\n\r\n" + file)
	if v := h.receive(forged, now); v.Outcome != Unsigned {
		t.Errorf("forged From: %+v", v)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		pend, _ := tx.Pending("t1")
		if len(pend) != 2 || pend["DE"] == nil || pend["DE"].Player != "Ben" || pend["DE"].Mail != chain.Sum(raw) {
			t.Errorf("pending: %+v", pend)
		}
		if w, _ := tx.Watermark("INBOX"); w.UID != h.uid || w.UIDValidity != 9 {
			t.Errorf("watermark %+v after %d mails", w, h.uid)
		}
		return nil
	})
}

// Windows close early once every side is final, at the deadline
// otherwise, with standing orders for a side that sent nothing; every
// player gets the events their side may see and the next template.
func TestWindowsResolve(t *testing.T) {
	pol := DefaultPolicy()
	h := newHarness(t, pol)
	h.outbox(t0)
	ben := h.players["DE"]
	now := t0.Add(time.Hour)
	if v := h.receive(ben.mail(t, "m1", h.robotFile("DE", "ben-setup-0001", true)), now); v.Outcome != Accepted {
		t.Fatalf("%+v", v)
	}
	h.outbox(now)
	if err := h.ref.Tick(now.Add(pol.EarlyDelay - time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, w := h.state(); w.ID != "GT1 DE-SETUP" {
		t.Fatalf("resolved before the early delay: %s", w.ID)
	}
	early := now.Add(pol.EarlyDelay)
	if err := h.ref.Tick(early); err != nil {
		t.Fatal(err)
	}
	st, w := h.state()
	if w.ID != "GT1 RU-MOVE" || !w.Deadline.Equal(early.Add(72*time.Hour)) || st.Window().ID != w.ID {
		t.Fatalf("after the set-up: %+v", w)
	}
	mails := h.outbox(early)
	if len(mails) != 3 || !strings.Contains(mails[0].Body, "GT1 DE-SETUP (German hidden set-up) is resolved.") || !strings.Contains(mails[0].Body, "Your orders are due by") {
		t.Fatalf("window mails: %d\n%s", len(mails), mails[0].Body)
	}
	// The reminder a day before the deadline, once; nothing from RU by
	// the deadline: standing orders decide.
	remind := w.Deadline.Add(-pol.Remind)
	for range 2 {
		if err := h.ref.Tick(remind); err != nil {
			t.Fatal(err)
		}
	}
	if m := h.outbox(remind); len(m) != 1 || m[0].To[0] != h.players["RU"].address || !strings.Contains(m[0].Subject, "is due soon") {
		t.Fatalf("reminders: %+v", m)
	}
	if err := h.ref.Tick(w.Deadline); err != nil {
		t.Fatal(err)
	}
	if _, w2 := h.state(); w2.ID == w.ID {
		t.Fatalf("not resolved at the deadline")
	}
	mails = h.outbox(w.Deadline)
	if !strings.Contains(mails[0].Body, "RU sent no orders: its standing orders decided.") {
		t.Errorf("no NMR note:\n%s", mails[0].Body)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		recs, _ := tx.Records("t1")
		if len(recs) != 2 || recs[0].Window != "GT1 DE-SETUP" || len(recs[0].Files) != 1 || recs[1].Window != "GT1 RU-MOVE" || len(recs[1].Files) != 0 {
			t.Errorf("records %+v", recs)
		}
		if pend, _ := tx.Pending("t1"); len(pend) != 0 {
			t.Errorf("pending after resolution: %v", pend)
		}
		return nil
	})
}

// Under the wait policy a window does not close without a side's orders;
// under the robot policy the robot gives them.
func TestNMRPolicies(t *testing.T) {
	for _, nmr := range []string{store.NMRWait, store.NMRRobot} {
		t.Run(nmr, func(t *testing.T) {
			pol := DefaultPolicy()
			pol.NMR = nmr
			h := newHarness(t, pol)
			_, w := h.state()
			if err := h.ref.Tick(w.Deadline); err != nil {
				t.Fatal(err)
			}
			_, after := h.state()
			switch nmr {
			case store.NMRWait:
				if after.ID != w.ID || !after.Late {
					t.Errorf("wait: %+v", after)
				}
			case store.NMRRobot:
				if after.ID == w.ID {
					t.Errorf("robot: not resolved")
				}
				mails := h.outbox(w.Deadline)
				if !strings.Contains(mails[len(mails)-1].Body, "DE sent no orders: the robot gave them as caretaker.") {
					t.Errorf("robot note missing:\n%s", mails[len(mails)-1].Body)
				}
			}
		})
	}
}

// Deadlines fall at the policy's time of day and on its weekdays, in the
// game's time zone (summer time included).
func TestDeadlinePolicy(t *testing.T) {
	p := DefaultPolicy()
	p.TimeZone, p.At = "Europe/Berlin", "20:00"
	p.Days = []time.Weekday{time.Monday, time.Wednesday, time.Friday}
	for _, tc := range []struct{ after, want string }{
		// Thu 2026-06-04 10:00 UTC is 12:00 in Berlin: 20:00 that day is
		// a Thursday, so Friday 20:00 CEST.
		{"2026-06-04T10:00:00Z", "2026-06-05T18:00:00Z"},
		// Fri 19:30 CEST: the same evening.
		{"2026-06-05T17:30:00Z", "2026-06-05T18:00:00Z"},
		// Fri 20:30 CEST: past 20:00, so Saturday, so Monday.
		{"2026-06-05T18:30:00Z", "2026-06-08T18:00:00Z"},
		// In winter 20:00 is 19:00 UTC.
		{"2026-12-02T10:00:00Z", "2026-12-02T19:00:00Z"},
	} {
		after, _ := time.Parse(time.RFC3339, tc.after)
		if got := deadline(p, after).Format(time.RFC3339); got != tc.want {
			t.Errorf("after %s: %s, want %s", tc.after, got, tc.want)
		}
	}
	if got := deadline(DefaultPolicy(), t0); !got.Equal(t0) {
		t.Errorf("no time of day nor days: %v", got)
	}
}

// An order file in ISO-8859-1 (its nonce and a comment with "für"),
// signed as sent, is read as UTF-8; an unknown charset is refused with the
// reason.
func TestCharsets(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	ben := h.players["DE"]
	file := strings.Replace(h.robotFile("DE", "ben-f\xfcr-gt1", false), "\n\n", "\n\n# Befehle f\xfcr GT1\n", 1)
	latin := func(id, cs string) []byte {
		return bytes.Replace(ben.mail(t, id, file), []byte("Content-Type: text/plain\r\nContent-Disposition: attachment; filename=\"orders.txt\""),
			[]byte("Content-Type: text/plain; charset="+cs+"\r\nContent-Disposition: attachment; filename=\"orders.txt\""), 1)
	}
	if v := h.receive(latin("l1", "iso-8859-1"), t0); v.Outcome != Accepted {
		t.Errorf("ISO-8859-1: %+v", v)
	}
	if v := h.receive(latin("l2", "x-martian"), t0); v.Outcome != Refused || !strings.Contains(v.Why, `charset "x-martian" is unknown`) {
		t.Errorf("unknown charset: %+v", v)
	}
}

// The daily cap on replies to unsigned mail from a player's address holds
// across a restart.
func TestReplyCapSurvivesRestart(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	unsigned := func(i int) []byte {
		return []byte(fmt.Sprintf("From: anna@example.org\r\nMessage-ID: <r%d@example.net>\r\n\r\nhello\r\n", i))
	}
	for i := range 5 {
		if v := h.receive(unsigned(i), t0); !v.Replied {
			t.Fatalf("mail %d: no reply", i)
		}
	}
	h.ref = New(h.db, h.ref.cfg, h.ref.log) // the daemon restarted
	if v := h.receive(unsigned(5), t0.Add(time.Hour)); v.Replied {
		t.Error("a sixth reply the same day after a restart")
	}
	if v := h.receive(unsigned(6), t0.Add(25*time.Hour)); !v.Replied {
		t.Error("no reply the next day")
	}
}

// With a backup directory, the game is copied before every resolution of
// its windows, each copy checked, the newest two kept; the store as a
// whole is not copied then.
func TestBackupsBeforeResolution(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	dir := t.TempDir()
	h.ref.cfg.Backups, h.ref.cfg.Keep = dir, 2
	now := t0
	for i := range 3 {
		now = now.Add(time.Minute)
		if err := h.ref.ProcessNow("t1", "Mo", fmt.Sprintf("window %d", i), now); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(CopyDir(dir, "t1"), "*.db"))
	if len(files) != 2 {
		t.Fatalf("%d copies: %v", len(files), files)
	}
	for _, f := range files {
		if _, err := store.OpenCopy(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if !strings.HasSuffix(files[0], "-GT1-RU-MOVE.db") || !strings.HasSuffix(files[1], "-GT1-RU-COMBAT.db") {
		t.Errorf("the copies kept: %v", files)
	}
	if full, _ := filepath.Glob(filepath.Join(dir, "pbem-*.db")); len(full) != 0 {
		t.Errorf("full backups with none scheduled: %v", full)
	}
}

// The script of docs/dice.md, run on the windows of a game played through
// the referee: for each window, the seed its closing report reveals
// hashes to the commitment the report that opened it gave (before any
// file was taken), and the script, fed the seed, the commitment and the
// nonces as that report shows them, prints exactly the rolls the
// Russian's report tells, in order, in its JSON twin (the text sums up
// runs of like rolls).
func TestDiceScript(t *testing.T) {
	for _, tool := range []string{"sh", "openssl", "sha256sum", "basenc", "sed"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s: %v (make deps installs what the tests need)", tool, err)
		}
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "dice.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```sh\n")
	script, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("docs/dice.md has no sh block")
	}
	path := filepath.Join(t.TempDir(), "check-dice")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, DefaultPolicy())
	anna := h.players["RU"].address
	if v := h.receive(h.players["RU"].mail(t, "json", "Game: t1\nCommand: report json\nNonce: anna-json-0001\n"), t0); v.Outcome != Accepted {
		t.Fatalf("report json: %+v", v)
	}
	var twin string // the JSON twin of the last report
	report := func(mails []*store.Mail) string {
		for _, m := range mails {
			if m.To[0] == anna && strings.Contains(m.Body, "The dice") {
				for _, a := range m.Attachments {
					if strings.HasSuffix(a.Name, ".json") {
						twin = string(a.Data)
					}
				}
				return m.Body
			}
		}
		t.Fatalf("no report to Anna among %d mails", len(mails))
		return ""
	}
	hexAfter := func(text, label string) string {
		_, rest, ok := strings.Cut(text, label)
		if !ok {
			t.Fatalf("no %q in:\n%s", label, text)
		}
		return strings.Fields(rest)[0]
	}
	now := t0
	opened := report(h.outbox(now))
	checked, rolls := 0, 0
	windows := 14
	if testing.Short() {
		windows = 5 // under the race detector
	}
	// Each run draws a new dice seed: past the windows asked for, play on
	// until three windows have rolled dice.
	for k := 0; k < windows || (checked < 3 && k < 40); k++ {
		_, w := h.state()
		committed := hexAfter(opened, w.ID+" will be rolled with the seed committed to as")
		st, _ := h.state()
		for _, side := range st.Window().Submit {
			file := h.robotFile(string(side), fmt.Sprintf("%s %% dice-%02d", strings.ToLower(string(side)), k), false)
			if v := h.receive(h.players[string(side)].mail(t, fmt.Sprintf("d%d%s", k, side), file), now); v.Outcome != Accepted {
				t.Fatalf("%s: %+v", w.ID, v)
			}
		}
		h.outbox(now)
		now = now.Add(time.Hour)
		if err := h.ref.ProcessNow("t1", "Mo", "test", now); err != nil {
			t.Fatal(err)
		}
		closed := report(h.outbox(now))
		seed := hexAfter(closed, "with the seed\n")
		if revealed := hexAfter(closed, "commitment given when it opened,"); revealed != committed {
			t.Fatalf("%s: revealed commitment %s, published %s", w.ID, revealed, committed)
		}
		var nonces []string
		_, section, _ := strings.Cut(closed, "and the nonces of the files used:\n")
		for _, line := range strings.Split(section, "\n") {
			f := strings.Fields(line)
			if len(f) < 2 || (f[0] != "RU" && f[0] != "DE") {
				break
			}
			if strings.HasSuffix(line, "sent no file: its nonce is empty") {
				nonces = append(nonces, f[0]+" ")
				continue
			}
			n, err := strconv.Unquote(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0])))
			if err != nil {
				t.Fatalf("%s: nonce line %q: %v", w.ID, line, err)
			}
			nonces = append(nonces, f[0]+" "+n)
		}
		var rep struct{ Story []string }
		if err := json.Unmarshal([]byte(twin), &rep); err != nil {
			t.Fatalf("%s: the JSON twin: %v", w.ID, err)
		}
		var want []string
		for _, m := range regexp.MustCompile(`\broll (\d)`).FindAllStringSubmatch(strings.Join(rep.Story, "\n"), -1) {
			want = append(want, m[1])
		}
		cmd := exec.Command("sh", path, seed, committed, strconv.Itoa(len(want)))
		cmd.Stdin = strings.NewReader(strings.Join(nonces, "\n"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: check-dice: %v\n%s", w.ID, err, out)
		}
		if got := strings.Fields(string(out)); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: the script rolls %v, the report tells %v (nonces %q)", w.ID, got, want, nonces)
		}
		// A wrong commitment is refused.
		if len(want) > 0 && checked == 0 {
			bad := exec.Command("sh", path, seed, strings.Repeat("0", 64), "1")
			bad.Stdin = strings.NewReader(strings.Join(nonces, "\n"))
			if out, err := bad.CombinedOutput(); err == nil || !strings.Contains(string(out), "does not match the commitment") {
				t.Errorf("a wrong commitment: %v %s", err, out)
			}
		}
		if len(want) > 0 {
			checked++
			rolls += len(want)
		}
		opened = closed
	}
	if checked < 3 {
		t.Errorf("only %d windows with rolls checked", checked)
	}
	t.Logf("%d rolls of %d windows recomputed by the script", rolls, checked)
}
