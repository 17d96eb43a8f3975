// Package audit checks a game from its evidence alone (docs/audit.md):
// its audit chain, every signature on every file it names, every dice
// commitment against its reveal and against the reports that published
// it, and a replay of the game from its first state through every window
// with the stored files and revealed seeds, comparing the hash of every
// state and of every window's events with the chain's.
package audit

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pbem/engine"
	hexid "pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/orders/sig"
	"pbem/pbem/chain"
	"pbem/pbem/dice"
	"pbem/scenarios"
)

// Evidence is what an audit reads: a game's chain, the files the chain
// names by hash (signed mails, canonical order files, keys), and the text
// of the mails sent, by Message-ID.
type Evidence struct {
	Game  string
	Chain [][]byte
	Files map[string][]byte
	Sent  map[string]string
	// State, if set, is the game's state as stored now, which must be
	// the last one the chain names.
	State []byte
	// Side, for a side's archive (ForSide), is the side whose it is:
	// Chain then has nil for each link withheld, and Withheld its stub.
	Side     string
	Withheld map[uint64]Stub
}

// Options tune an audit.
type Options struct {
	// AnyEngine replays windows resolved by another version of the
	// ruleset and compares their results anyway.
	AnyEngine bool
}

// Discrepancy is what an audit found wrong, and where.
type Discrepancy struct {
	Where string // "link 12", "GT1 RU-MOVE"
	What  string
}

func (d *Discrepancy) Error() string { return d.Where + ": " + d.What }

// Run audits ev with the games of cat and returns a line per window (and
// a summary), or the lines so far and the first discrepancy. A side's
// archive is checked as far as it can be, and the lines say what could
// not be (runSide).
func Run(ev *Evidence, cat *scenarios.Catalog, opt Options) ([]string, error) {
	a := &auditor{ev: ev, cat: cat, opt: opt}
	var err error
	if ev.Side != "" {
		err = a.runSide()
	} else {
		err = a.run()
	}
	return a.lines, err
}

type auditor struct {
	ev    *Evidence
	cat   *scenarios.Catalog
	opt   Options
	lines []string

	keys    []sig.KeyEntry
	known   map[string]bool // the keys' hashes
	rs      engine.Ruleset
	hexes   hexid.Codec // how the game's data numbers its hexes
	state   engine.State
	stateOf string // hash of the state replayed so far
	// published is the text of the mails sent so far, to find the
	// commitment of a window in the report that opened it.
	published []string
	// before is, for each window, how many mails had been sent when its
	// first file was accepted: its commitment must be in one of them.
	before map[string]int
}

func (a *auditor) say(format string, args ...any) {
	a.lines = append(a.lines, fmt.Sprintf(format, args...))
}

func bad(where, format string, args ...any) error {
	return &Discrepancy{Where: where, What: fmt.Sprintf(format, args...)}
}

func (a *auditor) file(where, sum string) ([]byte, error) {
	data, ok := a.ev.Files[sum]
	if !ok {
		return nil, bad(where, "the file %s it names is missing", sum)
	}
	if got := chain.Sum(data); got != sum {
		return nil, bad(where, "the file %s has been changed: it hashes to %s", sum, got)
	}
	return data, nil
}

func (a *auditor) run() error {
	links, head, err := chain.Verify(a.ev.Chain)
	if err != nil {
		var p *chain.Problem
		if errors.As(err, &p) {
			return bad(fmt.Sprintf("link %d", p.Seq), "the chain is broken: %s", p.Reason)
		}
		return err
	}
	if len(links) == 0 || links[0].Kind != chain.KindGame {
		return bad("link 1", "the chain does not begin with the game's creation")
	}
	a.before = map[string]int{}
	a.say("chain: %d links, head %s", len(links), head)
	for _, l := range links {
		where := fmt.Sprintf("link %d (%s)", l.Seq, l.Kind)
		var err error
		switch l.Kind {
		case chain.KindGame:
			err = a.game(where, l)
		case chain.KindMailIn:
			err = a.mailIn(where, l)
		case chain.KindOrders:
			err = a.orders(where, l)
		case chain.KindModerator:
			err = a.addKeys(where, l)
		case chain.KindMailOut:
			body, ok := a.ev.Sent[l.Get("message-id")]
			if ok && chain.Sum([]byte(body)) != l.Get("body") {
				err = bad(where, "the mail %s sent then is not the one kept: its text has been changed", l.Get("message-id"))
			}
			a.published = append(a.published, body)
		case chain.KindResolution:
			err = a.resolution(l)
		}
		if err != nil {
			return err
		}
	}
	if a.ev.State != nil && chain.Sum(a.ev.State) != a.stateOf {
		return bad("the stored game", "its state hashes to %s, the chain's last state is %s", chain.Sum(a.ev.State), a.stateOf)
	}
	a.say("ok: every signature, commitment and window checks; the replay ends in the stored state")
	return nil
}

// game starts the replay from the scenario the first link names and
// checks the starting state against it.
func (a *auditor) game(where string, l *chain.Link) error {
	if a.rs != nil {
		return bad(where, "a second creation of the game")
	}
	if l.Get("game") != a.ev.Game {
		return bad(where, "the chain is of game %q, not %q", l.Get("game"), a.ev.Game)
	}
	data, scen, err := a.cat.Find(l.Get("scenario"))
	if err != nil {
		return bad(where, "%v", err)
	}
	a.hexes = data.Map.Grid.Codec
	if a.rs, err = rulesets.Lookup(data.System); err != nil {
		return bad(where, "%v", err)
	}
	opt := engine.Options{}
	for _, o := range l.All("option") {
		opt[o] = true
	}
	if a.state, err = a.rs.New(data, scen, opt); err != nil {
		return bad(where, "%v", err)
	}
	// The game data: the files the game was created with.
	sources := a.cat.Sources(data.ID)
	for _, f := range l.All("data-file") {
		name, sum, _ := strings.Cut(f, " ")
		got, ok := sources[name]
		switch {
		case !ok:
			return bad(where, "the game data file %s the game was created with is missing", name)
		case chain.Sum(got) != sum:
			return bad(where, "the game data file %s differs from the one the game was created with", name)
		}
	}
	if n := len(l.All("data-file")); n != len(sources) {
		return bad(where, "the game data has %d files, the game was created with %d", len(sources), n)
	}
	if err := a.checkState(where, l.Get("state")); err != nil {
		return err
	}
	options := "none"
	if o := l.All("option"); len(o) > 0 {
		options = strings.Join(o, ", ")
	}
	a.say("game %s: %s, %s, options: %s", a.ev.Game, l.Get("scenario"), l.Get("engine"), options)
	return a.addKeys(where, l)
}

// addKeys adds the keys a link names to those any file may be signed
// with: a key once registered stays good for the files signed while it was.
func (a *auditor) addKeys(where string, l *chain.Link) error {
	for _, k := range l.All("key") {
		f := strings.Fields(k)
		if len(f) != 3 {
			return bad(where, "key %q: want SIDE PLAYER HASH", k)
		}
		if a.known[f[2]] {
			continue
		}
		if a.known == nil {
			a.known = map[string]bool{}
		}
		a.known[f[2]] = true
		data, err := a.file(where, f[2])
		if err != nil {
			return err
		}
		e := sig.KeyEntry{Side: f[0], Player: f[1]}
		if strings.HasPrefix(string(data), "-----BEGIN PGP") {
			e.Armored = data
		} else {
			e.SSH = string(data)
		}
		a.keys = append(a.keys, e)
	}
	return nil
}

// verify checks that the signed mail kept under sum verifies, as of at,
// with a key registered for side and player.
func (a *auditor) verify(where, sum, side, player string, at time.Time) (*sig.Signed, error) {
	raw, err := a.file(where, sum)
	if err != nil {
		return nil, err
	}
	kr, err := sig.LoadKeyringAt(a.keys, at)
	if err != nil {
		return nil, bad(where, "the keys: %v", err)
	}
	s, err := sig.VerifyAt(kr, sig.Message{Mail: raw}, at)
	if err != nil {
		return nil, bad(where, "the signature of %s's mail %s does not verify: %v", player, sum, err)
	}
	if s.Side != side || s.Player != player {
		return nil, bad(where, "the mail %s is signed by %s of %s, the chain says %s of %s", sum, s.Player, s.Side, player, side)
	}
	return s, nil
}

// mailIn checks the signature of a signed mail the referee kept (an order
// file or a moderator's command).
func (a *auditor) mailIn(where string, l *chain.Link) error {
	if l.Get("file") == "" {
		return nil
	}
	_, err := a.verify(where, l.Get("file"), l.Get("side"), l.Get("player"), l.At)
	return err
}

// orders checks an accepted file: its signed mail verifies with a key of
// its side and player and the fingerprint recorded, and its canonical
// text is kept under its receipt.
func (a *auditor) orders(where string, l *chain.Link) error {
	s, err := a.verify(where, l.Get("file"), l.Get("side"), l.Get("player"), l.At)
	if err != nil {
		return err
	}
	if s.Fingerprint != l.Get("fingerprint") {
		return bad(where, "the file is signed with key %s, the chain says %s", s.Fingerprint, l.Get("fingerprint"))
	}
	if _, ok := a.before[l.Get("window")]; !ok {
		a.before[l.Get("window")] = len(a.published)
	}
	canonical, err := a.file(where, l.Get("receipt"))
	if err != nil {
		return err
	}
	f, err := orders.ParseWith("orders", canonical, a.rs.Verbs(), a.hexes)
	if err != nil {
		return bad(where, "the canonical file does not read: %v", err)
	}
	b, err := orders.ReadAcceptedBinding(f.Header)
	if err != nil || b.Nonce != l.Get("nonce") || b.Window != l.Get("window") || b.Side != l.Get("side") {
		return bad(where, "the canonical file is not the one accepted (window, side or nonce differ)")
	}
	return nil
}

// resolution replays one window and compares.
func (a *auditor) resolution(l *chain.Link) error {
	w := l.Get("window")
	if a.state == nil {
		return bad(w, "resolved before the game was created")
	}
	if open := a.state.Window(); open.ID != w {
		return bad(w, "the replay has window %s open, the chain resolves %s", open.ID, w)
	}
	if got, want := l.Get("engine"), fmt.Sprintf("%s %d", a.rs.Name(), a.rs.Version()); got != want && !a.opt.AnyEngine {
		return bad(w, "resolved by %s, and this pbem is %s, whose results may differ: give -any-engine to replay it anyway", got, want)
	}
	// The dice: the seed revealed hashes to the commitment, which a report
	// sent before had published.
	seed, err := hex.DecodeString(l.Get("seed"))
	if err != nil {
		return bad(w, "the seed: %v", err)
	}
	commitment := l.Get("commitment")
	if dice.Commitment(seed) != commitment {
		return bad(w, "the revealed seed hashes to %s, not to the commitment %s", dice.Commitment(seed), commitment)
	}
	published, sent := false, a.published
	if n, ok := a.before[w]; ok {
		sent = sent[:n] // before the first file of the window was accepted
	}
	for _, text := range sent {
		if strings.Contains(text, commitment) {
			published = true
			break
		}
	}
	if !published {
		return bad(w, "no report sent before the window's first file was accepted published the commitment %s", commitment)
	}
	var nonces []dice.Nonce
	for _, n := range l.All("nonce") {
		side, nonce, _ := strings.Cut(n, " ")
		nonces = append(nonces, dice.Nonce{Side: engine.Side(side), Nonce: nonce})
	}
	// The orders: each file by its receipt; the robot's for a side it
	// stood in for.
	byside := map[engine.Side][]engine.Order{}
	for _, f := range l.All("file") {
		side, receipt, _ := strings.Cut(f, " ")
		canonical, err := a.file(w, receipt)
		if err != nil {
			return err
		}
		parsed, err := orders.ParseWith(side+" "+w, canonical, a.rs.Verbs(), a.hexes)
		if err != nil {
			return bad(w, "the file of %s does not parse: %v", side, err)
		}
		byside[engine.Side(side)] = parsed.Orders
	}
	for _, side := range l.All("robot") {
		text, err := rulesets.Robot(a.state, engine.Side(side))
		if err != nil {
			return bad(w, "a robot stood in for %s in a game it cannot play: %v", side, err)
		}
		parsed, err := orders.ParseWith("robot", []byte(text), a.rs.Verbs(), a.hexes)
		if err != nil {
			return bad(w, "the robot's orders for %s: %v", side, err)
		}
		byside[engine.Side(side)] = parsed.Orders
	}
	stream := dice.ForWindow(seed, nonces)
	next, events, err := a.state.Resolve(byside, stream)
	if err != nil {
		return bad(w, "the replay fails: %v", err)
	}
	var texts []string
	for _, e := range events {
		texts = append(texts, e.String())
	}
	if got := chain.Sum([]byte(strings.Join(texts, "\n"))); got != l.Get("events") {
		return bad(w, "the replay's events differ from the chain's (%s, not %s)", got, l.Get("events"))
	}
	if rolls := strconv.FormatUint(stream.Rolls(), 10); rolls != l.Get("rolls") {
		return bad(w, "the replay made %s rolls, the chain says %s", rolls, l.Get("rolls"))
	}
	a.state = next
	if err := a.checkState(w, l.Get("state")); err != nil {
		return err
	}
	rolls := l.Get("rolls") + " rolls"
	if n, err := strconv.Atoi(l.Get("rolls")); err == nil {
		rolls = count(n, "roll")
	}
	a.say("%s: ok (%s, %s, state %.12s)", w, count(len(l.All("file")), "file"), rolls, a.stateOf)
	return nil
}

func (a *auditor) checkState(where, want string) error {
	snap, err := a.state.Snapshot()
	if err != nil {
		return bad(where, "%v", err)
	}
	a.stateOf = chain.Sum(snap)
	if a.stateOf != want {
		return bad(where, "the replayed state hashes to %s, the chain says %s", a.stateOf, want)
	}
	return nil
}

// count is n things in words: "1 file", "2 files".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
