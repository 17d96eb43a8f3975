package referee

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"pbem/engine"
	"pbem/orders/sig"
	"pbem/pbem/chain"
	"pbem/pbem/dice"
	"pbem/pbem/store"
)

// The links of a game's audit chain the referee writes besides those of
// the mail (receive.go) and of the outbox (store.Enqueue); docs/audit.md
// lists every field.

// gameLink is the first link of a game: what it was created as, its keys
// (kept whole in the game's files) and the hash of its starting state.
func gameLink(rec *store.Game, rs engine.Ruleset, sources map[string][]byte, keys []sig.KeyEntry, snap []byte, now time.Time) *chain.Link {
	l := &chain.Link{At: now, Kind: chain.KindGame}
	l.Add("game", rec.ID).Add("data", rec.Data).Add("scenario", rec.Scenario).Add("engine", fmt.Sprintf("%s %d", rs.Name(), rs.Version()))
	names := make([]string, 0, len(sources))
	for name := range sources {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		l.Add("data-file", name+" "+chain.Sum(sources[name]))
	}
	for _, o := range rec.Options {
		l.Add("option", o)
	}
	l.Add("nmr", rec.Policy.NMR)
	for _, p := range rec.Players {
		l.Add("player", fmt.Sprintf("%s %s %s", p.Side, p.Name, p.Address))
	}
	for _, m := range rec.Moderators {
		l.Add("moderator", fmt.Sprintf("%s %s", m.Name, m.Address))
	}
	addKeys(l, keys)
	l.Add("state", chain.Sum(snap))
	return l
}

// keyData is a key as the game's files keep it.
func keyData(k sig.KeyEntry) []byte {
	if len(k.Armored) > 0 {
		return k.Armored
	}
	return []byte(k.SSH)
}

// addKeys names each key in l: its side, its player and the hash under
// which keepKeys keeps it.
func addKeys(l *chain.Link, keys []sig.KeyEntry) {
	for _, k := range keys {
		l.Add("key", fmt.Sprintf("%s %s %s", k.Side, k.Player, chain.Sum(keyData(k))))
	}
}

// keepKeys keeps each key in game's files.
func keepKeys(tx *store.Tx, game string, keys []sig.KeyEntry) error {
	for _, k := range keys {
		if _, err := tx.PutFile(game, keyData(k)); err != nil {
			return err
		}
	}
	return nil
}

// moderatorLink records an action on the game: who, what (with the
// reason), the open window and its deadline, and whether the game is now
// paused.
func moderatorLink(who, what string, w store.Window, paused bool, now time.Time) *chain.Link {
	l := &chain.Link{At: now, Kind: chain.KindModerator}
	return l.Add("who", who).Add("what", what).Add("window", w.ID).Add("deadline", w.Deadline.UTC().Format(time.RFC3339)).Add("paused", paused)
}

// resolutionLink is the record of a window resolved: what went in (the
// files used, by their receipts, and the dice), what came out (the hash
// of the events and of the new state), and the engine that did it.
func resolutionLink(rs engine.Ruleset, rec *store.Record, robots []engine.Side, snap []byte, now time.Time) *chain.Link {
	l := &chain.Link{At: now, Kind: chain.KindResolution}
	l.Add("window", rec.Window).Add("engine", fmt.Sprintf("%s %d", rs.Name(), rs.Version()))
	for _, f := range rec.Files {
		l.Add("file", fmt.Sprintf("%s %s", f.Side, f.Receipt.Hash))
	}
	for _, side := range robots {
		l.Add("robot", side) // the robot gave the side's orders (NMR policy robot)
	}
	l.Add("seed", fmt.Sprintf("%x", rec.Seed)).Add("commitment", dice.Commitment(rec.Seed))
	for _, n := range rec.Nonces {
		l.Add("nonce", n)
	}
	l.Add("rolls", rec.Rolls).Add("events", chain.Sum([]byte(strings.Join(rec.Events, "\n")))).Add("state", chain.Sum(snap))
	return l
}

// nextLink sets l to follow the head of game id's chain now and returns
// the hash it will have: a report made before the transaction that
// appends l can quote it (store.Tx.Append refuses l if the chain moved).
func (r *Referee) nextLink(id string, l *chain.Link) (string, error) {
	err := r.db.View(func(tx *store.Tx) error {
		seq, head, err := tx.Head(id)
		l.Seq, l.Prev = seq+1, head
		return err
	})
	return chain.Hash(l.Encode()), err
}
