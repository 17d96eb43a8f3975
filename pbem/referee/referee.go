// Package referee runs games: it takes in order mails, resolves each
// window at its deadline (or early, once every side has sent a final
// file), and queues every mail the players get. Each of these steps is one
// store transaction, so a crash at any instant leaves either all of a step
// or none of it. It does no network I/O and reads no clock: the daemon
// hands it each mail and the time, and sends what it queues after the
// commit.
package referee

import (
	"crypto/rand"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
	"pbem/orders/sig"
	"pbem/pbem/ack"
	"pbem/pbem/chain"
	"pbem/pbem/store"
	"pbem/scenarios"
)

// Config is what the referee needs to know of its installation.
type Config struct {
	// Address is the referee's own mail address: the From of its mails
	// and where players send orders.
	Address string
	// Domain names the referee in the Message-IDs of its mails.
	Domain string
	// MaxMail is the largest mail taken in, in bytes.
	MaxMail int
	// Replies caps the replies to unsigned or unreadable mail per sender
	// per day, so that forged mail cannot make the referee a spammer.
	Replies int
	// RepliesPerHour caps those replies for the whole referee.
	RepliesPerHour int
	// Catalog is the game data.
	Catalog *scenarios.Catalog
	// Backups, if set, is a directory where each game is copied before
	// each of its windows is resolved (the last Keep copies of each game
	// are kept), and the whole store every BackupEvery (the last
	// BackupKeep kept; 0: no scheduled backup). safety.go.
	Backups     string
	Keep        int
	BackupEvery time.Duration
	BackupKeep  int
}

// Referee runs the games of one store. Its methods must be called from one
// goroutine (the daemon's referee loop).
type Referee struct {
	db    *store.DB
	cfg   Config
	log   *slog.Logger
	games map[string]*loaded
	// Hook, if set, is called at named instants of the work (the crash
	// tests stop the process there).
	Hook func(point string)
	// Fault, if set, is called with each mail before it is judged: the
	// tests make the referee fail on a mail with it (a panic or an error
	// is taken as the referee's failure on that mail).
	Fault func(Delivery) error
	// receipt is the receipt of the moderator's mailed command under way,
	// recorded with its action (act).
	receipt *ack.Receipt
	// nextFull is when the next scheduled full backup is due (zero: not
	// yet worked out from the backups directory).
	nextFull time.Time
}

// loaded is a game read from the store, with what is derived from it.
type loaded struct {
	rec     *store.Game
	data    *scenario.Game
	scen    *scenario.Scenario
	rs      engine.Ruleset
	keyring *sig.Keyring
	state   engine.State
	window  store.Window
}

// New returns a referee for the games of db.
func New(db *store.DB, cfg Config, log *slog.Logger) *Referee {
	if cfg.MaxMail == 0 {
		cfg.MaxMail = 1 << 20
	}
	if cfg.Replies == 0 {
		cfg.Replies = 5
	}
	if cfg.RepliesPerHour == 0 {
		cfg.RepliesPerHour = 30
	}
	return &Referee{db: db, cfg: cfg, log: log, games: map[string]*loaded{}}
}

func (r *Referee) hook(point string) {
	if r.Hook != nil {
		r.Hook(point)
	}
}

// forget drops game id from the cache after it changed.
func (r *Referee) forget(id string) { delete(r.games, id) }

// forgetAll empties the cache.
func (r *Referee) forgetAll() { clear(r.games) }

// load reads game id (cached until forget).
func (r *Referee) load(tx *store.Tx, id string, now time.Time) (*loaded, error) {
	if g, ok := r.games[id]; ok {
		return g, nil
	}
	g, err := r.restore(tx, id)
	if err != nil {
		return nil, err
	}
	entries, err := tx.Keys(id)
	if err != nil {
		return nil, err
	}
	kr, err := sig.LoadKeyringAt(entries, now)
	if err != nil {
		return nil, fmt.Errorf("game %s: keyring: %w", id, err)
	}
	if g.window, err = tx.Window(id); err != nil {
		return nil, err
	}
	g.keyring = kr
	r.games[id] = g
	return g, nil
}

// restore reads game id's record and state, without the cache: what any
// goroutine may do.
func (r *Referee) restore(tx *store.Tx, id string) (*loaded, error) {
	rec, err := tx.Game(id)
	if err != nil {
		return nil, err
	}
	data, scen, err := r.cfg.Catalog.Find(rec.Scenario)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	rs, err := rulesets.Lookup(data.System)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	snap, err := tx.State(id)
	if err != nil {
		return nil, err
	}
	st, err := rs.Restore(data, scen, options(rec.Options), snap)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return &loaded{rec: rec, data: data, scen: scen, rs: rs, state: st}, nil
}

func options(names []string) engine.Options {
	opt := engine.Options{}
	for _, n := range names {
		opt[n] = true
	}
	return opt
}

// Spec is a new game as its moderator asks for it.
type Spec struct {
	ID         string
	Scenario   string
	Options    []string
	Players    []Member
	Moderators []Member
	Policy     store.Policy
}

// Member is a player or a moderator with their public key: an armored
// OpenPGP key, or an authorized_keys line.
type Member struct {
	Side    string
	Name    string
	Address string
	Key     []byte
}

// DefaultPolicy is the policy of a game that sets none: three days to
// move, two to fight, one for a cavalry withdrawal, standing orders for a
// side that sends nothing.
func DefaultPolicy() store.Policy {
	return store.Policy{
		Deadline:   map[string]time.Duration{},
		Remind:     24 * time.Hour,
		EarlyDelay: 10 * time.Minute,
		NMR:        store.NMRStanding,
		TimeZone:   "UTC",
		MaxPause:   store.DefaultMaxPause,
	}
}

// checkOptions refuses an option the rules system does not have, naming
// the ones it has.
func checkOptions(rs engine.Ruleset, names []string, bad func(string, ...any)) {
	var have []string
	for _, o := range rs.Options() {
		have = append(have, o.Name)
	}
	for _, n := range names {
		if !slices.Contains(have, n) {
			bad("option %q: the rules system %s has none of that name (have: %s)", n, rs.Name(), strings.Join(have, ", "))
		}
	}
}

// CheckSpec reports every problem of spec s (a *SpecError), or another
// error if its scenario is unknown, without creating anything.
func CheckSpec(cat *scenarios.Catalog, s Spec, now time.Time) error {
	_, _, _, _, err := prepare(cat, s, now)
	return err
}

// prepare checks spec s and returns the game's data and record and its
// keys: a *SpecError lists every problem at once.
func prepare(cat *scenarios.Catalog, s Spec, now time.Time) (*scenario.Game, *scenario.Scenario, *store.Game, []sig.KeyEntry, error) {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	data, scen, err := cat.Find(s.Scenario)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if s.ID == "" || strings.ContainsAny(s.ID, " \t\r\n/") {
		bad("game id %q: give a word without blanks or slashes", s.ID)
	}
	if s.Policy.Deadline == nil {
		s.Policy = DefaultPolicy()
	}
	if rs, err := rulesets.Lookup(data.System); err != nil {
		bad("%v", err)
	} else {
		s.Policy.Deadline = deadlines(rs, s.Policy.Deadline, bad)
		checkOptions(rs, s.Options, bad)
	}
	if _, err := time.LoadLocation(s.Policy.TimeZone); err != nil {
		bad("time zone %q: %v", s.Policy.TimeZone, err)
	}
	if _, _, ok := clock(s.Policy.At); s.Policy.At != "" && !ok {
		bad("deadline time of day %q: want HH:MM", s.Policy.At)
	}
	switch s.Policy.NMR {
	case store.NMRStanding, store.NMRWait, store.NMRRobot:
	default:
		bad("no-moves-received policy %q: want %s, %s or %s", s.Policy.NMR, store.NMRStanding, store.NMRWait, store.NMRRobot)
	}
	var entries []sig.KeyEntry
	rec := &store.Game{ID: s.ID, Data: data.ID, Scenario: scen.Name, Options: slices.Sorted(slices.Values(s.Options)),
		Created: now, Policy: s.Policy}
	for _, side := range data.Sides {
		if !slices.ContainsFunc(s.Players, func(m Member) bool { return m.Side == string(side) }) {
			bad("side %s has no player", side)
		}
	}
	for _, m := range s.Players {
		if !slices.Contains(data.Sides, engine.Side(m.Side)) {
			bad("player %s: no side %q in %s; the sides are %s", m.Name, m.Side, data.ID, SideList(data.Sides))
		}
		rec.Players = append(rec.Players, store.Player{Side: m.Side, Name: m.Name, Address: m.Address})
		entries = append(entries, keyEntry(m.Side, m))
	}
	for _, m := range s.Moderators {
		rec.Moderators = append(rec.Moderators, store.Player{Name: m.Name, Address: m.Address})
		entries = append(entries, keyEntry(sig.ModeratorRole, m))
	}
	for _, m := range append(append([]Member(nil), s.Players...), s.Moderators...) {
		if m.Name == "" || !strings.Contains(m.Address, "@") {
			bad("member %q <%s>: a name and a mail address are needed", m.Name, m.Address)
		}
	}
	problems = append(problems, keyProblems(entries, now)...)
	if len(problems) > 0 {
		return nil, nil, nil, nil, &SpecError{Problems: problems}
	}
	return data, scen, rec, entries, nil
}

// NewGame creates a game and queues the mail that opens its first window
// to every player. Every problem of the spec is reported at once.
func (r *Referee) NewGame(s Spec, now time.Time) error {
	data, scen, rec, entries, err := prepare(r.cfg.Catalog, s, now)
	if err != nil {
		return err
	}
	rs, err := rulesets.Lookup(data.System)
	if err != nil {
		return err
	}
	st, err := rs.New(data, scen, options(rec.Options))
	if err != nil {
		return err
	}
	snap, err := st.Snapshot()
	if err != nil {
		return err
	}
	rec.Seed = make([]byte, 32)
	if _, err := rand.Read(rec.Seed); err != nil {
		return err
	}
	w := openWindow(rec, st.Window(), now)
	// The first link of the game's chain: its hash is the head the first
	// reports quote.
	first := gameLink(rec, rs, r.cfg.Catalog.Sources(data.ID), entries, snap, now)
	first.Seq = 1
	head := chain.Hash(first.Encode())
	mails := r.windowMails(nil, &loaded{rec: rec, data: data, scen: scen, rs: rs, state: st, window: w}, nil, "", nil, nil, head)
	err = r.db.Update(func(tx *store.Tx) error {
		if err := tx.CreateGame(rec, entries, snap, w); err != nil {
			return err
		}
		if err := keepKeys(tx, rec.ID, entries); err != nil {
			return err
		}
		if _, err := tx.Append(rec.ID, first); err != nil {
			return err
		}
		for _, m := range mails {
			if err := tx.Enqueue(m, r.cfg.Domain, now); err != nil {
				return err
			}
		}
		return nil
	})
	r.forget(s.ID)
	return err
}

func keyEntry(side string, m Member) sig.KeyEntry {
	e := sig.KeyEntry{Side: side, Player: m.Name}
	if strings.Contains(string(m.Key), "-----BEGIN PGP") {
		e.Armored = m.Key
	} else {
		e.SSH = strings.TrimSpace(string(m.Key))
	}
	return e
}

// deadlines are the time given for each kind of window of rs: the times
// set, and the ruleset's defaults for the others. A kind rs does not have
// is a problem.
func deadlines(rs engine.Ruleset, set map[string]time.Duration, bad func(string, ...any)) map[string]time.Duration {
	out := map[string]time.Duration{}
	var kinds []string
	for _, k := range rs.Kinds() {
		out[k.Kind] = time.Duration(k.Hours) * time.Hour
		kinds = append(kinds, k.Kind)
	}
	for _, k := range slices.Sorted(maps.Keys(set)) {
		if _, ok := out[k]; !ok {
			bad("deadline of %s windows: the rules system %s has none; its kinds of window are %s", k, rs.Name(), strings.Join(kinds, ", "))
		}
		out[k] = set[k]
	}
	return out
}

// SpecError lists every problem of a game spec.
type SpecError struct{ Problems []string }

func (e *SpecError) Error() string { return strings.Join(e.Problems, "\n") }

// openWindow is the store's record of window w opening at now, with its
// deadline from the game's policy.
func openWindow(rec *store.Game, w engine.Window, now time.Time) store.Window {
	d, ok := rec.Policy.Deadline[w.Kind]
	if !ok {
		d = 72 * time.Hour
	}
	return store.Window{ID: w.ID, Opened: now, Deadline: deadline(rec.Policy, now.Add(d))}
}

// deadline moves t later to the policy's time of day and weekdays, in its
// time zone.
func deadline(p store.Policy, t time.Time) time.Time {
	loc, err := time.LoadLocation(p.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	t = t.In(loc)
	if hh, mm, ok := clock(p.At); ok {
		at := time.Date(t.Year(), t.Month(), t.Day(), hh, mm, 0, 0, loc)
		if at.Before(t) {
			at = time.Date(t.Year(), t.Month(), t.Day()+1, hh, mm, 0, 0, loc)
		}
		t = at
	}
	for i := 0; len(p.Days) > 0 && !slices.Contains(p.Days, t.Weekday()) && i < 7; i++ {
		t = time.Date(t.Year(), t.Month(), t.Day()+1, t.Hour(), t.Minute(), t.Second(), 0, loc)
	}
	return t.UTC()
}

// clock reads "HH:MM".
func clock(s string) (hh, mm int, ok bool) {
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, 0, false
	}
	return t.Hour(), t.Minute(), true
}

// playerOf is the registered player of a verified signature: the player
// of its side with its name, else the side's first player.
func playerOf(rec *store.Game, side, name string) (store.Player, bool) {
	var first *store.Player
	for i, p := range rec.Players {
		if p.Side != side {
			continue
		}
		if p.Name == name {
			return p, true
		}
		if first == nil {
			first = &rec.Players[i]
		}
	}
	if first != nil {
		return *first, true
	}
	return store.Player{}, false
}

// deadline prints the open window's deadline in the game's time zone.
func (g *loaded) deadline(w store.Window) string {
	return inZone(w.Deadline, g.rec.Policy.TimeZone)
}

// sortedPending lists the pending files in side order.
func sortedPending(p map[string]*store.Pending) []*store.Pending {
	var out []*store.Pending
	for _, f := range p {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Side < out[j].Side })
	return out
}
