package referee

import (
	"strings"
	"testing"
	"time"

	"pbem/orders/sig"
	"pbem/pbem/store"
)

// The moderators' actions: each is mailed at once, listed by Show, and
// announced again in the next window's mail.
func TestModeratorActions(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	_, w := h.state()
	now := t0.Add(time.Hour)
	if err := h.ref.Pause("t1", "Mo", "a player is ill", now); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.Pause("t1", "Mo", "again", now); err == nil {
		t.Error("paused twice")
	}
	if err := h.ref.Tick(w.Deadline.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, w2 := h.state(); w2.ID != w.ID {
		t.Fatal("a paused game was resolved")
	}
	later := now.Add(48 * time.Hour)
	if err := h.ref.Resume("t1", "Mo", "better", later); err != nil {
		t.Fatal(err)
	}
	if _, w2 := h.state(); !w2.Deadline.Equal(w.Deadline.Add(48 * time.Hour)) {
		t.Errorf("deadline after a 48h pause: %v, was %v", w2.Deadline, w.Deadline)
	}
	if err := h.ref.Extend("t1", 24*time.Hour, "Mo", "holiday", later); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.Extend("t1", -1000*time.Hour, "Mo", "oops", later); err == nil {
		t.Error("a deadline moved into the past")
	}
	mails := h.outbox(later)
	if len(mails) != 3 || len(mails[0].To) != 3 || !strings.Contains(mails[0].Body, "Mo paused the game: a player is ill") || !strings.Contains(mails[2].Body, "moved the deadline by 24h: holiday") {
		t.Fatalf("action mails: %d\n%v", len(mails), mails)
	}
	show, err := h.ref.Show("t1", later)
	if err != nil || !strings.Contains(show, "notice:") || !strings.Contains(show, "player DE: Ben <ben@example.org>, 1 key") || !strings.Contains(show, "open window: GT1 DE-SETUP") {
		t.Errorf("show: %v\n%s", err, show)
	}
	// Ben's seat goes to Carl, with Carl's key: Ben's key no longer
	// counts, Carl's does.
	carl := newPlayer(t, "Carl", "DE", 4)
	if err := h.ref.ReplacePlayer("t1", "DE", "Ben", carl.member(), "Mo", "Ben left the club", later); err != nil {
		t.Fatal(err)
	}
	// Carl gets where things stand at once, not at the next window: his
	// side's report, its map and the open window's template.
	seat := h.outbox(later)
	if len(seat) != 2 || seat[1].To[0] != carl.address || !strings.Contains(seat[1].Body, "Carl, the seat of side DE in game t1 is yours from now on.") ||
		!strings.Contains(seat[1].Body, "the report of German (DE)") || len(seat[1].Attachments) != 2 ||
		seat[1].Attachments[0].Type != "image/png" || !strings.Contains(string(seat[1].Attachments[1].Data), "Window: GT1 DE-SETUP\n") {
		t.Errorf("the mails of the replacement: %+v", seat)
	}
	file := h.robotFile("DE", "carl-setup-01", true)
	if v := h.receive(h.players["DE"].mail(t, "old", file), later); v.Outcome != Unsigned {
		t.Errorf("Ben's key after the replacement: %+v", v)
	}
	if v := h.receive(carl.mail(t, "new", file), later); v.Outcome != Accepted || v.Player != "Carl" {
		t.Errorf("Carl: %+v", v)
	}
	if err := h.ref.ProcessNow("t1", "Mo", "everyone is ready", later); err != nil {
		t.Fatal(err)
	}
	mails = h.outbox(later)
	last := mails[len(mails)-1]
	if !strings.Contains(last.Body, "The moderators' actions since the last window:") || !strings.Contains(last.Body, "gave Ben's seat on side DE to Carl") {
		t.Errorf("the next window's mail:\n%s", last.Body)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		g, _ := tx.Game("t1")
		if len(g.Notices) != 0 {
			t.Errorf("notices kept after the window opened: %v", g.Notices)
		}
		if g.Players[1].Name != "Carl" || g.Players[1].Address != carl.address {
			t.Errorf("players %+v", g.Players)
		}
		return nil
	})
	games, err := h.ref.Games(later)
	if err != nil || len(games) != 1 || games[0].Window != "GT1 RU-MOVE" {
		t.Errorf("games %+v %v", games, err)
	}
}

// Keys: a second key for a player, a new moderator, removal; a key that
// does not load is refused and nothing changes.
func TestKeys(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	anna2 := newPlayer(t, "Anna", "RU", 5)
	if err := h.ref.AddKey("t1", "RU", anna2.member(), "Mo", t0); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.AddKey("t1", "RU", Member{Name: "Anna", Key: []byte("ssh-ed25519 not-a-key")}, "Mo", t0); err == nil || !strings.Contains(err.Error(), "neither an armored OpenPGP public key") {
		t.Errorf("bad key: %v", err)
	}
	if err := h.ref.AddKey("t1", "FR", anna2.member(), "Mo", t0); err == nil {
		t.Error("a key for a side the game has not")
	}
	zoe := newPlayer(t, "Zoe", "", 6)
	if err := h.ref.AddKey("t1", sig.ModeratorRole, zoe.member(), "Mo", t0); err != nil {
		t.Fatal(err)
	}
	if err := h.ref.RemoveKey("t1", "Nobody", "Mo", t0); err == nil {
		t.Error("removed a key nobody has")
	}
	if err := h.ref.RemoveKey("t1", "Anna", "Mo", t0); err != nil {
		t.Fatal(err)
	}
	_ = h.db.View(func(tx *store.Tx) error {
		keys, _ := tx.Keys("t1")
		g, _ := tx.Game("t1")
		if len(keys) != 3 || len(g.Moderators) != 2 {
			t.Errorf("keys %d, moderators %+v", len(keys), g.Moderators)
		}
		return nil
	})
}

// A moderator's signed command by mail: carried out, answered, announced;
// the same text again is refused; a player's key cannot give one.
func TestCommandByMail(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	mo := h.players["mo"]
	_, w := h.state()
	cmd := "Game: t1\nCommand: extend 24h\nNonce: mo-2026-11-22-a\nWhy: a holiday\n"
	now := t0.Add(time.Hour)
	if v := h.receive(mo.mail(t, "c1", cmd), now); v.Outcome != Accepted || v.Player != "Mo" {
		t.Fatalf("command: %+v", v)
	}
	if _, w2 := h.state(); !w2.Deadline.Equal(w.Deadline.Add(24 * time.Hour)) {
		t.Errorf("deadline %v, was %v", w2.Deadline, w.Deadline)
	}
	mails := h.outbox(now)
	var reply, notice bool
	for _, m := range mails {
		reply = reply || (m.To[0] == mo.address && strings.HasPrefix(m.Body, "DONE: game t1: deadline moved by 24h"))
		notice = notice || strings.Contains(m.Body, "Mo moved the deadline by 24h: a holiday")
	}
	if !reply || !notice {
		t.Errorf("reply %v, notice %v: %v", reply, notice, mails)
	}
	if v := h.receive(mo.mail(t, "c2", cmd), now); v.Outcome != Refused || !strings.Contains(v.Why, "carried out already") {
		t.Errorf("the same command again: %+v", v)
	}
	if v := h.receive(mo.mail(t, "c3", "Game: t1\nCommand: dance\nNonce: mo-2026-11-22-b\n"), now); v.Outcome != Refused || !strings.Contains(v.Why, "unknown command") {
		t.Errorf("unknown command: %+v", v)
	}
	if v := h.receive(h.players["DE"].mail(t, "c4", strings.Replace(cmd, "-a", "-z", 1)), now); v.Outcome != Refused {
		t.Errorf("a player's command: %+v", v)
	}
}

// A seat given to a new player by the moderator's signed mail, with the
// new player's key after the header.
func TestReplacePlayerByMail(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	mo, carl := h.players["mo"], newPlayer(t, "Carl", "DE", 7)
	cmd := "Game: t1\nCommand: replace-player DE Carl " + carl.address + "\nNonce: mo-seat-0001\nWhy: Ben left\n\n" + string(carl.member().Key)
	if v := h.receive(mo.mail(t, "r1", cmd), t0); v.Outcome != Accepted {
		t.Fatalf("command: %+v", v)
	}
	file := h.robotFile("DE", "carl-first-file", false)
	if v := h.receive(carl.mail(t, "r2", file), t0); v.Outcome != Accepted || v.Player != "Carl" {
		t.Errorf("Carl: %+v", v)
	}
	if v := h.receive(h.players["DE"].mail(t, "r3", strings.Replace(file, "carl-first-file", "ben-last-file", 1)), t0); v.Outcome != Unsigned {
		t.Errorf("Ben after losing his seat: %+v", v)
	}
	noKey := "Game: t1\nCommand: key-add RU Anna2 anna2@example.org\nNonce: mo-seat-0002\n"
	if v := h.receive(mo.mail(t, "r4", noKey), t0); v.Outcome != Refused || !strings.Contains(v.Why, "the public key after a blank line") {
		t.Errorf("key-add without a key: %+v", v)
	}
}

// A moderator may ask for `game show` by mail; the reply is its text and
// nobody else is told.
func TestShowByMail(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	if v := h.receive(h.players["mo"].mail(t, "s1", "Game: t1\nCommand: show\nNonce: mo-show-0001\n"), t0); v.Outcome != Accepted {
		t.Fatalf("%+v", v)
	}
	mails := h.outbox(t0)
	if len(mails) != 1 || mails[0].To[0] != h.players["mo"].address || !strings.HasPrefix(mails[0].Body, "game t1: tannenberg-1914") {
		t.Errorf("show by mail: %+v", mails)
	}
}

// A player may ask for the JSON twin of his reports by signed mail: the
// reply says so and no one else is told; his next report mail carries
// report-WINDOW.json, his opponent's does not; "report text" stops it. A
// player may give no other command.
func TestReportFormatByMail(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	ben := h.players["DE"]
	if v := h.receive(ben.mail(t, "j1", "Game: t1\nCommand: report json\nNonce: ben-json-0001\n"), t0); v.Outcome != Accepted || v.Player != "Ben" {
		t.Fatalf("report json: %+v", v)
	}
	mails := h.outbox(t0)
	if len(mails) != 1 || mails[0].To[0] != ben.address || !strings.Contains(mails[0].Body, "DONE: game t1: your reports will carry their JSON twin") {
		t.Fatalf("the reply: %+v", mails)
	}
	if v := h.receive(ben.mail(t, "j2", "Game: t1\nCommand: report pdf\nNonce: ben-json-0002\n"), t0); v.Outcome != Refused || !strings.Contains(v.Why, "want report json") {
		t.Errorf("report pdf: %+v", v)
	}
	if v := h.receive(ben.mail(t, "j3", "Game: t1\nCommand: pause\nNonce: ben-json-0003\n"), t0); v.Outcome != Refused || !strings.Contains(v.Why, "a moderator's") {
		t.Errorf("a player's pause: %+v", v)
	}
	h.outbox(t0)
	if err := h.ref.ProcessNow("t1", "Mo", "test", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	twins := map[string]string{}
	for _, m := range h.outbox(t0.Add(time.Hour)) {
		for _, a := range m.Attachments {
			if strings.HasSuffix(a.Name, ".json") {
				twins[m.To[0]] = a.Name + " " + string(a.Data)
			}
		}
	}
	if len(twins) != 1 || !strings.HasPrefix(twins[ben.address], `report-GT1-RU-MOVE.json {`) || !strings.Contains(twins[ben.address], `"Side": "DE"`) {
		t.Errorf("the JSON twins sent: %v", twins)
	}
	if v := h.receive(ben.mail(t, "j4", "Game: t1\nCommand: report text\nNonce: ben-json-0004\n"), t0.Add(time.Hour)); v.Outcome != Accepted {
		t.Fatalf("report text: %+v", v)
	}
	h.outbox(t0.Add(time.Hour))
	if err := h.ref.ProcessNow("t1", "Mo", "test", t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	for _, m := range h.outbox(t0.Add(2 * time.Hour)) {
		for _, a := range m.Attachments {
			if strings.HasSuffix(a.Name, ".json") {
				t.Errorf("%s got %s after report text", m.To[0], a.Name)
			}
		}
	}
}

// A moderator's pause lasts at most the policy's MaxPause: then the game
// resumes by itself, its deadline moved by the pause, everyone told, and
// the chain records it. A game the referee stopped itself (a broken
// invariant) waits for a moderator.
func TestPauseEndsByItself(t *testing.T) {
	pol := DefaultPolicy()
	pol.MaxPause = 72 * time.Hour
	h := newHarness(t, pol)
	h.outbox(t0)
	_, w := h.state()
	if err := h.ref.Pause("t1", "Mo", "a player is ill", t0); err != nil {
		t.Fatal(err)
	}
	if m := h.outbox(t0); len(m) != 1 || !strings.Contains(m[0].Body, "it resumes by itself at 1914-08-20 18:00 UTC at the latest") {
		t.Fatalf("the pause's notice: %s", m[0].Body)
	}
	if err := h.ref.Tick(t0.Add(71 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	if g := h.game(); !g.Paused {
		t.Fatal("resumed before the longest pause")
	}
	at := t0.Add(72 * time.Hour)
	if err := h.ref.Tick(at); err != nil {
		t.Fatal(err)
	}
	if g := h.game(); g.Paused {
		t.Fatal("still paused after the longest pause")
	}
	if _, w2 := h.state(); !w2.Deadline.Equal(w.Deadline.Add(72 * time.Hour)) {
		t.Errorf("deadline %v, want %v", w2.Deadline, w.Deadline.Add(72*time.Hour))
	}
	m := h.outbox(at)
	if len(m) != 1 || len(m[0].To) != 3 || !strings.Contains(m[0].Body, "The referee resumed the game: the pause reached its longest, 72h") {
		t.Errorf("the resumption's notice: %v", m)
	}
	ev, _ := h.ref.Evidence("t1")
	if last := string(ev.Chain[len(ev.Chain)-2]); !strings.Contains(last, "who: the referee") || !strings.Contains(last, "what: \"resumed the game") && !strings.Contains(last, "what: resumed the game") {
		t.Errorf("the chain's record:\n%s", last)
	}
	// Stopped by the referee: no end.
	if err := h.ref.db.Update(func(tx *store.Tx) error {
		g, _ := tx.Game("t1")
		g.Paused, g.PausedAt = true, at
		return tx.PutGame(g)
	}); err != nil {
		t.Fatal(err)
	}
	h.ref.forget("t1")
	if err := h.ref.Tick(at.Add(1000 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	if g := h.game(); !g.Paused {
		t.Error("a game the referee stopped resumed by itself")
	}
}

func (h *harness) game() *store.Game {
	h.t.Helper()
	var g *store.Game
	if err := h.db.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game("t1")
		return err
	}); err != nil {
		h.t.Fatal(err)
	}
	return g
}
