package store

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"

	"pbem/orders/sig"
	"pbem/pbem/ack"
)

// Game is a game as its moderator set it up.
type Game struct {
	ID         string
	Data       string   // the game data's id ("tannenberg")
	Scenario   string   // the scenario's name ("tannenberg-1914")
	Options    []string // engine options switched on, sorted
	Created    time.Time
	Players    []Player
	Moderators []Player
	Policy     Policy
	// Seed is the game's secret dice seed, drawn at creation; each
	// window's dice derive from it (pbem/dice).
	Seed     []byte
	Paused   bool
	PausedAt time.Time `json:",omitzero"`
	// ResumeBy is when a moderator's pause ends by itself (Policy.MaxPause);
	// zero for a game the referee stopped itself, which waits for a
	// moderator.
	ResumeBy time.Time `json:",omitzero"`
	// Notices are the moderators' actions since the last window opened;
	// the next window's mail announces them to every player.
	Notices []Notice `json:",omitempty"`
}

// Notice is one moderator action.
type Notice struct {
	At   time.Time
	Who  string
	What string
}

// Policy is how the referee runs a game's windows.
type Policy struct {
	// Deadline is how long each kind of window stays open, by the
	// window's Kind ("MOVE", "COMBAT", "CAVWD", "SETUP").
	Deadline map[string]time.Duration
	// Remind: how long before the deadline the sides that have sent
	// nothing are reminded; 0 for no reminder.
	Remind time.Duration
	// EarlyDelay: how long after every side has sent a final file the
	// window is resolved, in case someone changes their mind.
	EarlyDelay time.Duration
	// Grace: how long after the deadline a window still waits for a side
	// that has sent nothing, which is told so at the deadline.
	Grace time.Duration
	// NMR is what happens at the deadline to a side that sent nothing:
	// NMRStanding, NMRWait or NMRRobot.
	NMR string
	// TimeZone names the zone deadlines are shown in ("Europe/Berlin").
	TimeZone string
	// At, if set ("20:00"), moves each deadline later to that time of day
	// in TimeZone, so that deadlines fall when players expect them.
	At string `json:",omitempty"`
	// Days, if set, are the weekdays a deadline may fall on; a deadline
	// on another day moves to the next allowed one.
	Days []time.Weekday `json:",omitempty"`
	// MaxPause is the longest a moderator's pause lasts: the game then
	// resumes by itself. 0 means DefaultMaxPause.
	MaxPause time.Duration `json:",omitempty"`
}

// DefaultMaxPause is the longest pause of a game whose policy sets none.
const DefaultMaxPause = 14 * 24 * time.Hour

// What happens at the deadline to a side that sent no orders.
const (
	NMRStanding = "standing" // the window is resolved: its standing orders decide
	NMRWait     = "wait"     // the window waits until the moderator acts
	NMRRobot    = "robot"    // the robot player gives its orders, as caretaker
)

// Player is one person in a game: a side's player, or a moderator (no
// side). Mail goes to Address; who a player is, is their key.
type Player struct {
	Side    string `json:",omitempty"`
	Name    string
	Address string
	// JSON: the player asked for the JSON twin of each report
	// (docs/report-schema.md) beside the text.
	JSON bool `json:",omitempty"`
}

// Window is the open window of a game as the referee runs it.
type Window struct {
	ID       string
	Opened   time.Time
	Deadline time.Time
	Reminded bool // the reminder before the deadline has gone out
	Late     bool // the late notice at the deadline has gone out
}

// Pending is the file a side has on file for the open window: the last
// one accepted (ack.Bind), kept whole for the record and the audit.
type Pending struct {
	Side        string
	Player      string
	Fingerprint string
	Receipt     ack.Receipt
	Final       bool
	Canonical   []byte // the canonical text the receipt hashes (ack.Canonical)
	// Lines is the line of each order of Canonical in the file as the
	// player sent it, so that reports quote the player's own lines.
	Lines []int `json:",omitempty"`
	// Mail is the hex SHA-256 of the signed mail, kept whole among the
	// game's files (PutFileAs) rather than here again: a large mail is
	// stored once.
	Mail     string
	Nonce    string    // the file's nonce, its side's part of the window's dice
	Received time.Time // when the mail was taken in
}

// Record is one resolved window.
type Record struct {
	Seq      uint64
	Window   string
	Resolved time.Time
	Files    []*Pending // the file of each side that sent one, in side order
	Events   []string
	Rolls    int
	// The dice (docs/dice.md): the window's seed, revealed now (its
	// SHA-256 is the commitment published when the window opened), and the
	// nonces, "SIDE NONCE" in the game's side order.
	Seed   []byte   `json:",omitempty"`
	Public int      `json:",omitempty"` // attempts of the public stream; Rolls counts the private ones too
	Nonces []string `json:",omitempty"`
}

// Keys in a game's bucket.
var (
	keyGame     = []byte("game")
	keyState    = []byte("state")
	keyWindow   = []byte("window")
	keyKeys     = []byte("keys")
	bktPending  = []byte("pending")
	bktReceipts = []byte("receipts")
	bktRecords  = []byte("records")
	bktChain    = []byte("chain") // the game's audit chain (pbem/chain), by seq
	bktFiles    = []byte("files") // signed files and keys the chain names, by hex SHA-256
)

// ErrGameExists is returned by CreateGame for a game id already taken.
var ErrGameExists = errors.New("a game with this id exists")

func (t *Tx) games() *bolt.Bucket { return t.tx.Bucket(bucketGames) }

// game returns game id's bucket, or ErrNotFound.
func (t *Tx) game(id string) (*bolt.Bucket, error) {
	b := t.games().Bucket([]byte(id))
	if b == nil {
		return nil, fmt.Errorf("game %q: %w", id, ErrNotFound)
	}
	return b, nil
}

// CreateGame stores a new game with its keyring, starting state and first
// window.
func (t *Tx) CreateGame(g *Game, keys []sig.KeyEntry, state []byte, w Window) error {
	if g.ID == "" {
		return errors.New("a game needs an id")
	}
	if t.games().Bucket([]byte(g.ID)) != nil {
		return fmt.Errorf("game %q: %w", g.ID, ErrGameExists)
	}
	b, err := t.games().CreateBucket([]byte(g.ID))
	if err != nil {
		return err
	}
	for _, name := range [][]byte{bktPending, bktReceipts, bktRecords, bktChain, bktFiles, bktMail, bktBodies, bktAttachments} {
		if _, err := b.CreateBucket(name); err != nil {
			return err
		}
	}
	if err := putJSON(b, keyGame, g); err != nil {
		return err
	}
	if err := t.tx.Bucket(bucketRunning).Put([]byte(g.ID), []byte{}); err != nil {
		return err
	}
	if err := putJSON(b, keyKeys, keys); err != nil {
		return err
	}
	if err := putJSON(b, keyWindow, w); err != nil {
		return err
	}
	return b.Put(keyState, state)
}

// GameIDs lists the stored games, sorted.
func (t *Tx) GameIDs() []string {
	var ids []string
	_ = t.games().ForEachBucket(func(k []byte) error {
		ids = append(ids, string(k))
		return nil
	})
	sort.Strings(ids)
	return ids
}

// Game reads a game's set-up.
func (t *Tx) Game(id string) (*Game, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	g := &Game{}
	return g, getJSON(b, keyGame, g)
}

// PutGame replaces a stored game's set-up.
func (t *Tx) PutGame(g *Game) error {
	b, err := t.game(g.ID)
	if err != nil {
		return err
	}
	return putJSON(b, keyGame, g)
}

// State reads a game's current state (engine.State.Snapshot).
func (t *Tx) State(id string) ([]byte, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	s := b.Get(keyState)
	if s == nil {
		return nil, fmt.Errorf("game %q: state: %w", id, ErrNotFound)
	}
	return append([]byte(nil), s...), nil
}

// PutState replaces a game's current state.
func (t *Tx) PutState(id string, snapshot []byte) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	return b.Put(keyState, snapshot)
}

// Window reads a game's open window.
func (t *Tx) Window(id string) (Window, error) {
	var w Window
	b, err := t.game(id)
	if err != nil {
		return w, err
	}
	return w, getJSON(b, keyWindow, &w)
}

// PutWindow replaces a game's open window.
func (t *Tx) PutWindow(id string, w Window) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	return putJSON(b, keyWindow, w)
}

// Keys reads a game's keyring entries.
func (t *Tx) Keys(id string) ([]sig.KeyEntry, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	var keys []sig.KeyEntry
	return keys, getJSON(b, keyKeys, &keys)
}

// PutKeys replaces a game's keyring entries.
func (t *Tx) PutKeys(id string, keys []sig.KeyEntry) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	return putJSON(b, keyKeys, keys)
}

// Pending reads the file each side has on file for the open window, by
// side.
func (t *Tx) Pending(id string) (map[string]*Pending, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	out := map[string]*Pending{}
	err = each(b.Bucket(bktPending), func(k []byte, p *Pending) { out[string(k)] = p })
	return out, err
}

// PutPending puts p on file for its side, replacing the side's earlier
// file, and adds its receipt to the game's receipts.
func (t *Tx) PutPending(id string, p *Pending) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	if err := putJSON(b.Bucket(bktPending), []byte(p.Side), p); err != nil {
		return err
	}
	return t.AddReceipt(id, p.Receipt)
}

// AddReceipt records the receipt of a file taken in: an order file (by
// PutPending) or a moderator's command.
func (t *Tx) AddReceipt(id string, rc ack.Receipt) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	r := b.Bucket(bktReceipts)
	seq, err := r.NextSequence()
	if err != nil {
		return err
	}
	return putJSON(r, receiptKey(rc.Window, seq), rc)
}

// receiptKey files a receipt under its window, in the order taken, so
// that the receipts of one window are read without the others.
func receiptKey(window string, seq uint64) []byte {
	return append(append([]byte(window), 0), u64(seq)...)
}

// ReceiptsFor lists the receipts of one window of game id (or of the
// moderators' commands, window "moderator"), oldest first.
func (t *Tx) ReceiptsFor(id, window string) ([]ack.Receipt, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	prefix := append([]byte(window), 0)
	var out []ack.Receipt
	c := b.Bucket(bktReceipts).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var r ack.Receipt
		if err := unmarshal(k, v, &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// ClearPending drops every side's file once its window is resolved.
func (t *Tx) ClearPending(id string) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	if err := b.DeleteBucket(bktPending); err != nil {
		return err
	}
	_, err = b.CreateBucket(bktPending)
	return err
}

// Receipts lists the receipts of every file taken in the game, window by
// window, each window's oldest first.
func (t *Tx) Receipts(id string) ([]ack.Receipt, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	var out []ack.Receipt
	err = each(b.Bucket(bktReceipts), func(_ []byte, r *ack.Receipt) { out = append(out, *r) })
	return out, err
}

// AddRecord appends the record of a resolved window and sets its Seq.
func (t *Tx) AddRecord(id string, r *Record) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	rb := b.Bucket(bktRecords)
	seq, err := rb.NextSequence()
	if err != nil {
		return err
	}
	r.Seq = seq
	return putJSON(rb, u64(seq), r)
}

// Records lists a game's resolved windows in order.
func (t *Tx) Records(id string) ([]*Record, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	var out []*Record
	err = each(b.Bucket(bktRecords), func(_ []byte, r *Record) { out = append(out, r) })
	return out, err
}
