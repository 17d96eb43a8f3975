package referee

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"os"
	"slices"
	"strings"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
	"pbem/orders/sig"
	"pbem/pbem/ack"
	"pbem/pbem/report"
	"pbem/pbem/store"
	"pbem/render"
	"pbem/templates"
)

// The moderators' actions. Each is one transaction; each is recorded as a
// notice that the next window's mail announces to every player, and
// mailed at once to every player and moderator.

// Pause stops the game's clock: no reminder, deadline or resolution until
// Resume, which moves the deadline on by the time paused.
func (r *Referee) Pause(id, who, why string, now time.Time) error {
	var until time.Time
	err := r.db.View(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err == nil {
			longest := g.Policy.MaxPause
			if longest <= 0 {
				longest = store.DefaultMaxPause
			}
			until = now.Add(longest)
		}
		return err
	})
	if err != nil {
		return err
	}
	what := fmt.Sprintf("paused the game%s (it resumes by itself at %s at the latest)", because(why), until.UTC().Format("2006-01-02 15:04 MST"))
	return r.act(id, who, what, now, func(e *edit) error {
		g := e.g
		if g.Paused {
			return fmt.Errorf("game %s is paused already", id)
		}
		g.Paused, g.PausedAt, g.ResumeBy = true, now, until
		return nil
	})
}

// Resume restarts a paused game.
func (r *Referee) Resume(id, who, why string, now time.Time) error {
	var moved time.Duration
	return r.act(id, who, "resumed the game"+because(why), now, func(e *edit) error {
		g, w := e.g, e.w
		if !g.Paused {
			return fmt.Errorf("game %s is not paused", id)
		}
		moved = now.Sub(g.PausedAt)
		w.Deadline = w.Deadline.Add(moved)
		g.Paused, g.PausedAt, g.ResumeBy = false, time.Time{}, time.Time{}
		return nil
	})
}

// Extend moves the open window's deadline by d (negative to shorten it,
// but never into the past).
func (r *Referee) Extend(id string, d time.Duration, who, why string, now time.Time) error {
	return r.act(id, who, fmt.Sprintf("moved the deadline by %s%s", Span(d), because(why)), now, func(e *edit) error {
		w := e.w
		nd := w.Deadline.Add(d)
		if !nd.After(now) {
			return fmt.Errorf("the deadline would be %s, which has passed: move it by less", inZone(nd, e.g.Policy.TimeZone))
		}
		w.Deadline = nd
		w.Reminded, w.Late = false, false
		return nil
	})
}

// ProcessNow resolves the open window at once with what is on file.
func (r *Referee) ProcessNow(id, who, why string, now time.Time) error {
	if err := r.act(id, who, "resolved the window before its deadline"+because(why), now, func(e *edit) error {
		g, w := e.g, e.w
		if g.Paused {
			return fmt.Errorf("game %s is paused", id)
		}
		w.Deadline = now
		return nil
	}); err != nil {
		return err
	}
	var (
		g    *loaded
		pend map[string]*store.Pending
	)
	if err := r.db.View(func(tx *store.Tx) error {
		var err error
		if g, err = r.load(tx, id, now); err != nil {
			return err
		}
		pend, err = tx.Pending(id)
		return err
	}); err != nil {
		return err
	}
	var missing []engine.Side
	for _, side := range g.state.Window().Submit {
		if pend[string(side)] == nil {
			missing = append(missing, side)
		}
	}
	return r.resolve(g, pend, missing, now)
}

// ReplacePlayer gives a side's seat to another player with their key.
func (r *Referee) ReplacePlayer(id, side, old string, m Member, who, why string, now time.Time) error {
	return r.act(id, who, fmt.Sprintf("gave %s's seat on side %s to %s%s", old, side, m.Name, because(why)), now, func(e *edit) error {
		g := e.g
		i := slices.IndexFunc(g.Players, func(p store.Player) bool { return p.Side == side && p.Name == old })
		if i < 0 {
			return fmt.Errorf("no player %q on side %s", old, side)
		}
		g.Players[i] = store.Player{Side: side, Name: m.Name, Address: m.Address}
		e.seated = append(e.seated, g.Players[i])
		e.keys = slices.DeleteFunc(e.keys, func(k sig.KeyEntry) bool { return k.Side == side && k.Player == old })
		e.keys, e.keysChanged = append(e.keys, keyEntry(side, m)), true
		return nil
	})
}

// ReplaceSeat gives side's seat to m, whoever held it: with one player on
// the side, that player; with several, ask for the one by name
// (ReplacePlayer).
func (r *Referee) ReplaceSeat(id, side string, m Member, who, why string, now time.Time) error {
	var names []string
	if err := r.db.View(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		for _, p := range g.Players {
			if p.Side == side {
				names = append(names, p.Name)
			}
		}
		return nil
	}); err != nil {
		return err
	}
	if len(names) != 1 {
		return fmt.Errorf("side %s has %d players (%s): replace one by name with pbem game replace-player", side, len(names), strings.Join(names, ", "))
	}
	return r.ReplacePlayer(id, side, names[0], m, who, why, now)
}

// AddKey registers another key for a player of a side (or a moderator,
// side sig.ModeratorRole), creating the player if new.
func (r *Referee) AddKey(id, side string, m Member, who string, now time.Time) error {
	return r.act(id, who, fmt.Sprintf("registered a key for %s (%s)", m.Name, sideLabel(side)), now, func(e *edit) error {
		g := e.g
		list := &g.Players
		if side == sig.ModeratorRole {
			list = &g.Moderators
		} else if !slices.ContainsFunc(r.games[id].data.Sides, func(s engine.Side) bool { return string(s) == side }) {
			return fmt.Errorf("no side %q in game %s", side, id)
		}
		if !slices.ContainsFunc(*list, func(p store.Player) bool { return p.Name == m.Name && p.Side == sideOf(side) }) {
			if !strings.Contains(m.Address, "@") {
				return fmt.Errorf("%s is new to the game: give a mail address", m.Name)
			}
			*list = append(*list, store.Player{Side: sideOf(side), Name: m.Name, Address: m.Address})
		}
		entry := keyEntry(side, m)
		if err := registeredAlready(e.keys, entry, now); err != nil {
			return err
		}
		e.keys, e.keysChanged = append(e.keys, entry), true
		return nil
	})
}

// registeredAlready says whose the key of entry is, if it is registered
// already in keys: "the SSH key SHA256:... is registered already, for
// Anna (side RU)", not the keyring's "malformed input: key 4 (...)".
func registeredAlready(keys []sig.KeyEntry, entry sig.KeyEntry, now time.Time) error {
	k, err := loadKey(entry, now)
	if err != nil {
		return err
	}
	had, err := sig.LoadKeyringAt(keys, now)
	if err != nil {
		return nil // the game's keys as they are: act says what is wrong
	}
	if o, dup := sameKey(had.Keys(), k); dup {
		return fmt.Errorf("the %s key %s is registered already, for %s (%s)", schemeName(k.Scheme), k.Fingerprint, o.Player, sideLabel(o.Side))
	}
	return nil
}

// loadKey reads the key of one entry, or says in words why it cannot.
func loadKey(entry sig.KeyEntry, now time.Time) (sig.KeyInfo, error) {
	if len(entry.Armored) == 0 && entry.SSH == "" {
		return sig.KeyInfo{}, errors.New("no key given")
	}
	kr, err := sig.LoadKeyringAt([]sig.KeyEntry{entry}, now)
	if err != nil && entry.SSH != "" {
		return sig.KeyInfo{}, errors.New("the key given is neither an armored OpenPGP public key (-----BEGIN PGP PUBLIC KEY BLOCK-----) nor an SSH public key line (ssh-ed25519 AAAA...)")
	}
	if err != nil {
		// "key 1 (side "RU", player "Anna"): malformed input: why".
		_, why, _ := strings.Cut(err.Error(), "): ")
		return sig.KeyInfo{}, fmt.Errorf("the OpenPGP key given cannot be registered: %s", strings.TrimPrefix(why, sig.ErrMalformed.Error()+": "))
	}
	return kr.Keys()[0], nil
}

// sameKey is the key of keys with k's fingerprint, if there is one.
func sameKey(keys []sig.KeyInfo, k sig.KeyInfo) (sig.KeyInfo, bool) {
	i := slices.IndexFunc(keys, func(o sig.KeyInfo) bool { return o.Fingerprint == k.Fingerprint })
	if i < 0 {
		return sig.KeyInfo{}, false
	}
	return keys[i], true
}

func schemeName(scheme string) string {
	if scheme == "ssh" {
		return "SSH"
	}
	return "OpenPGP"
}

// keyProblems are the problems of a new game's keys, one per member:
// "key of Ben (side DE): the OpenPGP key ... is Anna's (side RU) already".
func keyProblems(entries []sig.KeyEntry, now time.Time) []string {
	var problems []string
	var known []sig.KeyInfo
	for _, e := range entries {
		whose := fmt.Sprintf("key of %s (%s)", e.Player, sideLabel(e.Side))
		k, err := loadKey(e, now)
		if err != nil {
			problems = append(problems, whose+": "+err.Error())
			continue
		}
		if o, dup := sameKey(known, k); dup {
			problems = append(problems, fmt.Sprintf("%s: the %s key %s is %s's (%s) already", whose, schemeName(k.Scheme), k.Fingerprint, o.Player, sideLabel(o.Side)))
			continue
		}
		known = append(known, k)
	}
	if len(problems) == 0 {
		if _, err := sig.LoadKeyringAt(entries, now); err != nil {
			problems = append(problems, "keys: "+err.Error())
		}
	}
	return problems
}

// RemoveKey drops every key of a player (a side's or a moderator).
func (r *Referee) RemoveKey(id, name, who string, now time.Time) error {
	return r.act(id, who, "removed the keys of "+name, now, func(e *edit) error {
		n := len(e.keys)
		e.keys = slices.DeleteFunc(e.keys, func(k sig.KeyEntry) bool { return k.Player == name })
		if len(e.keys) == n {
			return fmt.Errorf("no key of %q in game %s", name, id)
		}
		e.keysChanged = true
		return nil
	})
}

func sideOf(side string) string {
	if side == sig.ModeratorRole {
		return ""
	}
	return side
}

func sideLabel(side string) string {
	if side == sig.ModeratorRole {
		return "moderator"
	}
	return "side " + side
}

// edit is what a moderator action may change: the game, its open window
// and its keyring.
type edit struct {
	g           *store.Game
	w           *store.Window
	keys        []sig.KeyEntry
	keysChanged bool
	seated      []store.Player // given a seat: mailed where things stand
}

// act applies one moderator action to game id in one transaction: fn
// changes the game, its window or its keyring (which must still load),
// and a notice is recorded and mailed to everyone.
func (r *Referee) act(id, who, what string, now time.Time, fn func(e *edit) error) error {
	operator := who == ""
	if operator {
		who = "the operator"
	}
	err := r.db.Update(func(tx *store.Tx) error {
		if _, err := r.load(tx, id, now); err != nil {
			return err
		}
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		// Players read who acted: a name given must be a moderator's, or
		// the referee's own (tick.go: a pause that lasted its longest).
		if !operator && who != "the referee" && !slices.ContainsFunc(g.Moderators, func(m store.Player) bool { return m.Name == who }) {
			var names []string
			for _, m := range g.Moderators {
				names = append(names, m.Name)
			}
			if len(names) == 0 {
				return fmt.Errorf("%s is not a moderator of game %s, which has none: act as the operator, without a name", who, id)
			}
			return fmt.Errorf("%s is not a moderator of game %s; its moderators are %s", who, id, strings.Join(names, ", "))
		}
		w, err := tx.Window(id)
		if err != nil {
			return err
		}
		keys, err := tx.Keys(id)
		if err != nil {
			return err
		}
		e := &edit{g: g, w: &w, keys: keys}
		if err := fn(e); err != nil {
			return err
		}
		if e.keysChanged {
			if _, err := sig.LoadKeyringAt(e.keys, now); err != nil {
				return fmt.Errorf("keys: %w", err)
			}
			if err := tx.PutKeys(id, e.keys); err != nil {
				return err
			}
		}
		if err := r.keepReceipt(tx, id); err != nil {
			return err
		}
		// The action on the chain: who, what (with the reason), the
		// signed command it came by, and the keys as they now are.
		l := moderatorLink(who, what, w, g.Paused, now)
		if r.receipt != nil {
			l.Add("command", r.receipt.Hash)
		}
		if e.keysChanged {
			if err := keepKeys(tx, id, e.keys); err != nil {
				return err
			}
			addKeys(l, e.keys)
		}
		if _, err := tx.Append(id, l); err != nil {
			return err
		}
		n := store.Notice{At: now, Who: who, What: what}
		g.Notices = append(g.Notices, n)
		if err := tx.PutGame(g); err != nil {
			return err
		}
		if err := tx.PutWindow(id, w); err != nil {
			return err
		}
		var to []string
		for _, p := range append(append([]store.Player(nil), g.Players...), g.Moderators...) {
			to = append(to, p.Address)
		}
		if err := tx.Enqueue(&store.Mail{Game: id, To: to, Subject: fmt.Sprintf("[%s] a moderator's action", id),
			Body: fmt.Sprintf("%s %s (%s).\nThe open window is %s; its deadline is %s.\n", noticeWho(n), what, n.At.UTC().Format("2006-01-02 15:04 MST"), w.ID, r.games[id].deadline(w))}, r.cfg.Domain, now); err != nil {
			return err
		}
		for _, p := range e.seated {
			intro := fmt.Sprintf("%s, the seat of side %s in game %s is yours from now on. Where things stand:", p.Name, p.Side, id)
			m, err := r.currentMail(tx, id, engine.Side(p.Side), p.Address, intro, now)
			if err != nil {
				return err
			}
			if err := tx.Enqueue(m, r.cfg.Domain, now); err != nil {
				return err
			}
		}
		return nil
	})
	r.forget(id)
	return err
}

func noticeWho(n store.Notice) string {
	if n.Who == "" {
		return "The operator"
	}
	return strings.ToUpper(n.Who[:1]) + n.Who[1:]
}

// Summary is one line of the game list.
type Summary struct {
	ID, Scenario, Window string
	Deadline             time.Time
	Paused, Over         bool
	Sent                 []string // sides with a file on file
}

// Games lists every game.
func (r *Referee) Games(now time.Time) ([]Summary, error) {
	var out []Summary
	err := r.db.View(func(tx *store.Tx) error {
		for _, id := range tx.GameIDs() {
			g, err := r.load(tx, id, now)
			if err != nil {
				return err
			}
			pend, err := tx.Pending(id)
			if err != nil {
				return err
			}
			s := Summary{ID: id, Scenario: g.rec.Scenario, Window: g.window.ID, Deadline: g.window.Deadline, Paused: g.rec.Paused, Over: g.state.Window().Done}
			for _, p := range sortedPending(pend) {
				s.Sent = append(s.Sent, p.Side)
			}
			out = append(out, s)
		}
		return nil
	})
	return out, err
}

// Show describes one game for its moderators: set-up, players and keys,
// the open window and what is on file, the records and the outbox.
func (r *Referee) Show(id string, now time.Time) (string, error) {
	var b strings.Builder
	err := r.db.View(func(tx *store.Tx) error {
		g, err := r.load(tx, id, now)
		if err != nil {
			return err
		}
		rec := g.rec
		fmt.Fprintf(&b, "game %s: %s (%s), created %s\n", id, rec.Scenario, g.scen.Title, rec.Created.UTC().Format("2006-01-02 15:04 MST"))
		if len(rec.Options) > 0 {
			fmt.Fprintf(&b, "options: %s\n", strings.Join(rec.Options, ", "))
		}
		b.WriteString(showPolicy(rec.Policy))
		keys, err := tx.Keys(id)
		if err != nil {
			return err
		}
		for _, p := range rec.Players {
			fmt.Fprintf(&b, "player %s: %s <%s>, %s\n", p.Side, p.Name, p.Address, Count(countKeys(keys, p.Side, p.Name), "key"))
		}
		for _, p := range rec.Moderators {
			fmt.Fprintf(&b, "moderator: %s <%s>, %s\n", p.Name, p.Address, Count(countKeys(keys, sig.ModeratorRole, p.Name), "key"))
		}
		sw := g.state.Window()
		switch {
		case sw.Done:
			b.WriteString("the game is over\n")
		default:
			fmt.Fprintf(&b, "open window: %s (%s), deadline %s; %s\n", sw.ID, sw.Name, g.deadline(g.window), dueFrom(sw.Submit))
		}
		if rec.Paused {
			fmt.Fprintf(&b, "PAUSED since %s\n", rec.PausedAt.UTC().Format("2006-01-02 15:04 MST"))
		}
		pend, err := tx.Pending(id)
		if err != nil {
			return err
		}
		for _, p := range sortedPending(pend) {
			fmt.Fprintf(&b, "on file: %s from %s, receipt %s, %s, received %s\n", p.Side, p.Player, p.Receipt.Hash[:16], finalOrNot(p.Final), p.Received.UTC().Format("2006-01-02 15:04 MST"))
		}
		recs, err := tx.Records(id)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "windows resolved: %d\n", len(recs))
		for _, n := range rec.Notices {
			fmt.Fprintf(&b, "notice: %s %s: %s\n", n.At.UTC().Format("2006-01-02 15:04"), n.Who, n.What)
		}
		mail, err := tx.MailOf(id) // the game's own, not the whole outbox
		if err != nil {
			return err
		}
		waiting, failing := 0, 0
		for _, q := range mail {
			if q.Mail.Sent.IsZero() && !q.Mail.GaveUp {
				waiting++
				if q.Mail.Attempts > 0 {
					failing++
				}
			}
		}
		if waiting > 0 {
			fmt.Fprintf(&b, "outbox: %s to send, %d of them failed before (pbem mail list)\n", Count(waiting, "mail"), failing)
		}
		for _, q := range mail {
			if q.Mail.GaveUp {
				fmt.Fprintf(&b, "MAIL GIVEN UP: %d to %s, %q: %s (pbem mail retry %d)\n", q.Seq, strings.Join(q.Mail.To, ", "), q.Mail.Subject, q.Mail.LastError, q.Seq)
			}
		}
		return nil
	})
	return b.String(), err
}

// showPolicy is the line of Show on a game's policy.
func showPolicy(p store.Policy) string {
	var b strings.Builder
	remind := "no reminder"
	if p.Remind != 0 {
		remind = "reminder " + Span(p.Remind) + " before"
	}
	early := "resolved as soon as every side is final"
	if p.EarlyDelay != 0 {
		early = "resolved " + Span(p.EarlyDelay) + " after every side is final"
	}
	fmt.Fprintf(&b, "policy: deadlines %s, %s, %s, grace %s, no orders: %s, time zone %s",
		spans(p.Deadline), remind, early, waitOr(p.Grace, "none"), p.NMR, p.TimeZone)
	if p.At != "" {
		fmt.Fprintf(&b, ", at %s", p.At)
	}
	if len(p.Days) > 0 {
		var days []string
		for _, d := range p.Days {
			days = append(days, d.String())
		}
		fmt.Fprintf(&b, ", on %s", strings.Join(days, ", "))
	}
	b.WriteString("\n")
	return b.String()
}

// dueFrom says whose orders the open window waits for.
func dueFrom(sides []engine.Side) string {
	if len(sides) == 0 {
		return "no orders due"
	}
	return "orders due from " + SideList(sides)
}

// finalOrNot says whether a file on file is its side's last word.
func finalOrNot(final bool) string {
	if final {
		return "final"
	}
	return "not final"
}

// undelivered is the mail not delivered: the outbox, and the mail given up.
func undelivered(tx *store.Tx) (queued, givenUp []store.Queued, err error) {
	if queued, err = tx.QueuedMail(); err != nil {
		return nil, nil, err
	}
	givenUp, err = tx.GivenUp()
	return queued, givenUp, err
}

// tellGivenUp tells the moderators of each game of the mails given up
// since the last tick (a player's address refused, or the mail server
// down for longer than the retries last), so that the game does not wait
// on a player who never got their mail. A moderator the mail itself was
// for is not told, which also keeps a notice given up from begetting
// another; mail of no game is the operator's (pbem mail list).
func (r *Referee) tellGivenUp(now time.Time) error {
	// Every tick looks; a write transaction (and its fsync) only when
	// there is something to tell.
	var n int
	if err := r.db.View(func(tx *store.Tx) error { n = tx.UntoldCount(); return nil }); err != nil || n == 0 {
		return err
	}
	return r.db.Update(func(tx *store.Tx) error {
		untold, err := tx.Untold()
		if err != nil {
			return err
		}
		for _, q := range untold {
			if err := r.tellOne(tx, q, now); err != nil {
				return err
			}
			if err := tx.Told(q.Seq); err != nil {
				return err
			}
		}
		return nil
	})
}

func (r *Referee) tellOne(tx *store.Tx, q store.Queued, now time.Time) error {
	if q.Mail.Game == "" {
		return nil
	}
	g, err := tx.Game(q.Mail.Game)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	var to []string
	for _, m := range g.Moderators {
		if !slices.ContainsFunc(q.Mail.To, func(a string) bool { return strings.EqualFold(a, m.Address) }) {
			to = append(to, m.Address)
		}
	}
	if len(to) == 0 {
		return nil
	}
	body := fmt.Sprintf("The referee gave up sending mail %d to %s after %s, the last at %s.\n"+
		"  Subject: %s\n  Last error: %s\n\n"+
		"The operator sees it with pbem mail list and sends it again, once the mail server\n"+
		"or the address works, with pbem mail retry %d. If the address is wrong, a\n"+
		"moderator gives the seat the right one (pbem game replace-player), which\n"+
		"mails the seat where things stand at once.\n",
		q.Seq, strings.Join(q.Mail.To, ", "), Count(q.Mail.Attempts, "attempt"), q.Mail.LastTry.UTC().Format("2006-01-02 15:04 MST"),
		q.Mail.Subject, q.Mail.LastError, q.Seq)
	return tx.Enqueue(&store.Mail{Game: g.ID, To: to, Subject: fmt.Sprintf("[%s] mail to %s not delivered", g.ID, strings.Join(q.Mail.To, ", ")), Body: body},
		r.cfg.Domain, now)
}

// Undelivered is the referee's mail not delivered yet: the outbox, and
// the mail given up after its last attempt.
func (r *Referee) Undelivered() (queued, givenUp []store.Queued, err error) {
	err = r.db.View(func(tx *store.Tx) error {
		queued, givenUp, err = undelivered(tx)
		return err
	})
	return queued, givenUp, err
}

// Requeue puts the mails seqs, given up, back in the outbox to be sent
// at once (every mail given up when seqs is empty), and says how many.
func (r *Referee) Requeue(seqs []uint64, now time.Time) (int, error) {
	n := 0
	err := r.db.Update(func(tx *store.Tx) error {
		if len(seqs) == 0 {
			givenUp, err := tx.GivenUp()
			if err != nil {
				return err
			}
			for _, q := range givenUp {
				seqs = append(seqs, q.Seq)
			}
		}
		for _, seq := range seqs {
			if err := tx.Requeue(seq, now); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	r.log.Info("mail requeued", "mails", n)
	return n, nil
}

func countKeys(keys []sig.KeyEntry, side, name string) int {
	n := 0
	for _, k := range keys {
		if k.Side == side && k.Player == name {
			n++
		}
	}
	return n
}

// KeyList lists a game's registered keys with their fingerprints.
func (r *Referee) KeyList(id string, now time.Time) ([]sig.KeyInfo, error) {
	var out []sig.KeyInfo
	err := r.db.View(func(tx *store.Tx) error {
		g, err := r.load(tx, id, now)
		if err != nil {
			return err
		}
		out = g.keyring.Keys()
		return nil
	})
	return out, err
}

// Backup writes a checked copy of the store to path (store.DB.Backup).
func (r *Referee) Backup(path string) (int64, error) { return r.db.Backup(path) }

// Report is the current report of side in game id (engine.Moderator for
// the moderators'): the situation as the side sees it now and the open
// window; the story of a window is in the mail sent when it was resolved.
// With asJSON it is the JSON twin.
func (r *Referee) Report(id string, side engine.Side, asJSON bool, now time.Time) (string, error) {
	var text string
	err := r.db.View(func(tx *store.Tx) error {
		_, rep, err := r.current(tx, id, side, now)
		if err != nil {
			return err
		}
		if asJSON {
			b, err := templates.JSON(rep)
			text = string(b)
			return err
		}
		text, err = templates.Text(rep)
		return err
	})
	return text, err
}

// current is side's report of game id as things stand (the last window
// resolved, the open one, its template), quoting the chain's head now.
func (r *Referee) current(tx *store.Tx, id string, side engine.Side, now time.Time) (*loaded, *templates.Report, error) {
	g, err := r.loadFor(tx, id, side, now)
	if err != nil {
		return nil, nil, err
	}
	recs, err := tx.Records(id)
	if err != nil {
		return nil, nil, err
	}
	_, head, err := tx.Head(id)
	if err != nil {
		return nil, nil, err
	}
	in := report.Input{Game: id, Side: side, Deadline: g.deadline(g.window), Address: r.cfg.Address, Dice: g.dice(nil), Chain: head}
	if len(recs) > 0 {
		in.Resolved = recs[len(recs)-1].Window
		in.Dice = g.dice(recs[len(recs)-1])
	}
	if side != engine.Moderator {
		in.Template = ack.Template(g.state, id, side)
	}
	return g, report.Build(g.state, in), nil
}

// currentMail is side's report as things stand, its map and (for a
// player) the open window's template, in a mail to address opening with
// intro: for a player given a seat, and for whoever asks again by signed
// mail (Command: report now).
func (r *Referee) currentMail(tx *store.Tx, id string, side engine.Side, address, intro string, now time.Time) (*store.Mail, error) {
	g, rep, err := r.current(tx, id, side, now)
	if err != nil {
		return nil, err
	}
	text, err := templates.Text(rep)
	if err != nil {
		return nil, err
	}
	who := g.data.SideNames[side]
	if side == engine.Moderator {
		who = "moderators"
	}
	sw := g.state.Window()
	window := strings.ReplaceAll(sw.ID, " ", "-")
	m := &store.Mail{Game: id, To: []string{address}, Subject: fmt.Sprintf("[%s] %s (%s): where things stand", id, sw.ID, sw.Name),
		Body: intro + "\n\n" + text}
	img := report.Map(g.state, side, fmt.Sprintf("%s · %s · %s", id, sw.ID, who), nil)
	var buf bytes.Buffer
	if err := render.EncodeMapPNG(&buf, img, g.data.Map); err != nil {
		return nil, err
	}
	m.Attachments = append(m.Attachments, store.Attachment{Name: "map-" + window + ".png", Type: "image/png", Data: buf.Bytes()})
	if !sw.Done && side != engine.Moderator {
		m.Attachments = append(m.Attachments, store.Attachment{Name: "orders-" + window + ".txt", Type: "text/plain", Data: []byte(ack.Template(g.state, id, side))})
	}
	return m, nil
}

// Picture writes to path the map side sees now (engine.Moderator: the
// moderators' map), as a PNG, and returns its size. The moves and combats
// of the last window are on the map its mail carried; this one shows
// where things stand.
func (r *Referee) Picture(id string, side engine.Side, path string, now time.Time) (int, error) {
	var img *image.RGBA
	var m *scenario.Map
	err := r.db.View(func(tx *store.Tx) error {
		g, err := r.loadFor(tx, id, side, now)
		if err != nil {
			return err
		}
		who := "moderators"
		if side != engine.Moderator {
			who = g.data.SideNames[side]
		}
		img, m = report.Map(g.state, side, fmt.Sprintf("%s · %s · %s", id, g.state.Window().ID, who), nil), g.data.Map
		return nil
	})
	if err != nil {
		return 0, err
	}
	var buf bytes.Buffer
	if err := render.EncodeMapPNG(&buf, img, m); err != nil {
		return 0, err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return 0, err
	}
	return buf.Len(), nil
}

// loadFor loads game id for what side (or the moderators) may see of it.
func (r *Referee) loadFor(tx *store.Tx, id string, side engine.Side, now time.Time) (*loaded, error) {
	g, err := r.load(tx, id, now)
	if err != nil {
		return nil, err
	}
	if side != engine.Moderator && !slices.Contains(g.data.Sides, side) {
		return nil, fmt.Errorf("no side %q in game %s; the sides are %s", side, id, SideList(g.data.Sides))
	}
	return g, nil
}

// View is what side sees of game id now: what its report is drawn from.
// The demo's robot players write their orders from it. Unlike the other
// methods it may be called from any goroutine while the daemon runs: it
// reads the stored state afresh and leaves the referee's cache alone.
func (r *Referee) View(id string, side engine.Side) (engine.View, engine.Window, error) {
	var st engine.State
	err := r.db.View(func(tx *store.Tx) error {
		g, err := r.restore(tx, id)
		if err != nil {
			return err
		}
		if side != engine.Moderator && !slices.Contains(g.data.Sides, side) {
			return fmt.Errorf("no side %q in game %s", side, id)
		}
		st = g.state
		return nil
	})
	if err != nil {
		return nil, engine.Window{}, err
	}
	return st.View(side), st.Window(), nil
}

// Robot is the computer player's orders for side in the window w open in
// game id, from side's View alone.
func (r *Referee) Robot(id string, side engine.Side) (orders string, w engine.Window, err error) {
	var st engine.State
	err = r.db.View(func(tx *store.Tx) error {
		g, err := r.restore(tx, id)
		if err != nil {
			return err
		}
		st = g.state
		return nil
	})
	if err != nil {
		return "", engine.Window{}, err
	}
	orders, err = rulesets.Robot(st, side)
	return orders, st.Window(), err
}
