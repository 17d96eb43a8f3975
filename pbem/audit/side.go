package audit

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"pbem/orders/sig"
	"pbem/pbem/chain"
)

// A side's archive (docs/archive.md) is what one side may see of a game
// while it runs: the links of the chain that hold only what the side may
// know, whole, and for every other link a stub, its place and its hash,
// so that the chain's continuity still checks; the side's own files, the
// keys, and the mail sent to the side's players. No state.

// Stub stands for a link withheld from a side's archive: its place in
// the chain, the hash it names as the link before it, and its own hash,
// which the link after it names.
type Stub struct {
	Seq        uint64
	Prev, Hash string
}

// stubMagic is the first line of a stub.
const stubMagic = "pbem withheld 1"

// Encode is the stub as an archive keeps it.
func (s Stub) Encode() []byte {
	return fmt.Appendf(nil, "%s\nseq: %d\nprev: %s\nhash: %s\n", stubMagic, s.Seq, s.Prev, s.Hash)
}

var stubForm = regexp.MustCompile(`\A` + stubMagic + `\nseq: ([1-9][0-9]*)\nprev: ([0-9a-f]{64})?\nhash: ([0-9a-f]{64})\n\z`)

// DecodeStub reads a stub back; it must be exactly in the form Encode
// writes.
func DecodeStub(b []byte) (Stub, error) {
	m := stubForm.FindSubmatch(b)
	if m == nil {
		return Stub{}, fmt.Errorf("not a stub: want %q, then seq, prev and hash lines", stubMagic)
	}
	seq, err := strconv.ParseUint(string(m[1]), 10, 64)
	if err != nil {
		return Stub{}, err
	}
	s := Stub{Seq: seq, Prev: string(m[2]), Hash: string(m[3])}
	if !bytes.Equal(s.Encode(), b) {
		return Stub{}, fmt.Errorf("stub %d: not in the canonical form", seq)
	}
	return s, nil
}

// Seats says whose each mail address of a game is: a side's (one of its
// players') or the moderators' (sig.ModeratorRole). Addresses are compared
// without regard to case.
type Seats map[string]string

// mixed marks an address of two roles (a moderator who also plays, two
// sides sharing a mailbox): mail to it is no side's alone, and is
// withheld from every side's archive.
const mixed = "\x00mixed"

// Add records that address is role's.
func (s Seats) Add(address, role string) {
	a := strings.ToLower(strings.TrimSpace(address))
	if a == "" {
		return
	}
	if r, ok := s[a]; ok && r != role {
		role = mixed
	}
	s[a] = role
}

func (s Seats) of(address string) string { return s[strings.ToLower(strings.TrimSpace(address))] }

// ForSide is what side may see of ev while its game runs: the links it
// may read whole, a stub for each of the others, the files those links
// name and the mail they record as sent (docs/archive.md). The game's
// first link gives the seats it was created with; seats adds those given
// since (a replacement player's address).
//
// A side sees the game's creation and the moderators' actions (every
// player was told of them), its own mail taken in and its own files, and
// the mail sent to one of its players. Everything else is withheld: the
// other sides' mail and files (their hashes too: an order file's text is
// few enough guesses from its hash once its nonce is revealed), the mail
// to the other sides and to the moderators alone, the resolution of every
// window (it holds the hashes of the other side's files, of the events the
// side may not see and of the whole state, and the number of private
// rolls), and the referee's halt of a game (its reason may name what is
// hidden). A side's own report tells it the dice it may know.
func ForSide(ev *Evidence, side string, seats Seats) (*Evidence, error) {
	links, _, err := chain.Verify(ev.Chain)
	if err != nil {
		return nil, fmt.Errorf("game %s: the chain does not verify (%v): pbem audit %s says more", ev.Game, err, ev.Game)
	}
	if len(links) == 0 || links[0].Kind != chain.KindGame {
		return nil, fmt.Errorf("game %s: the chain does not begin with the game's creation", ev.Game)
	}
	all := Seats{}
	for _, p := range links[0].All("player") {
		if f := strings.Fields(p); len(f) >= 2 {
			all.Add(f[len(f)-1], f[0])
		}
	}
	for _, m := range links[0].All("moderator") {
		if f := strings.Fields(m); len(f) >= 1 {
			all.Add(f[len(f)-1], sig.ModeratorRole)
		}
	}
	for a, r := range seats {
		all.Add(a, r)
	}
	out := &Evidence{Game: ev.Game, Side: side, Chain: make([][]byte, len(ev.Chain)), Withheld: map[uint64]Stub{},
		Files: map[string][]byte{}, Sent: map[string]string{}}
	prev := ""
	for i, l := range links {
		h := chain.Hash(ev.Chain[i])
		if !visible(l, side, all) {
			out.Withheld[l.Seq] = Stub{Seq: l.Seq, Prev: prev, Hash: h}
			prev = h
			continue
		}
		out.Chain[i] = ev.Chain[i]
		for _, sum := range namedFiles(l) {
			if data, ok := ev.Files[sum]; ok {
				out.Files[sum] = data
			}
		}
		if l.Kind == chain.KindMailOut {
			if body, ok := ev.Sent[l.Get("message-id")]; ok {
				out.Sent[l.Get("message-id")] = body
			}
		}
		prev = h
	}
	return out, nil
}

// visible reports whether side may read link l whole while the game runs.
func visible(l *chain.Link, side string, seats Seats) bool {
	switch l.Kind {
	case chain.KindGame:
		return true
	case chain.KindMailIn, chain.KindOrders:
		return l.Get("side") == side
	case chain.KindModerator:
		return !halt(l)
	case chain.KindMailOut:
		for _, to := range l.All("to") {
			if seats.of(to) == side {
				return true
			}
		}
	}
	// A resolution, or a kind this version does not know.
	return false
}

// halt reports whether l is the referee's halt of a game that could not
// be resolved: told to the moderators alone, with the engine's reason.
func halt(l *chain.Link) bool {
	return l.Get("who") == "the referee" && strings.HasPrefix(l.Get("what"), "paused the game: ")
}

// namedFiles is the hashes of the files link l names, which the game's
// files keep: keys, signed mails and canonical order texts.
func namedFiles(l *chain.Link) []string {
	var out []string
	switch l.Kind {
	case chain.KindGame, chain.KindModerator:
		for _, k := range l.All("key") {
			if f := strings.Fields(k); len(f) == 3 {
				out = append(out, f[2])
			}
		}
	case chain.KindMailIn:
		if f := l.Get("file"); f != "" {
			out = append(out, f)
		}
	case chain.KindOrders:
		out = append(out, l.Get("file"), l.Get("receipt"))
	}
	return out
}

// Matches checks that side, a side's archive exported while the game
// ran, is part of full, the game's full archive, which its audit (Run)
// has passed: each link it holds is the full chain's at its place, byte
// for byte; each stub gives the hash of the full chain's link at its
// place and of the one before; each file and mail it holds is the full
// archive's. The stubs are the referee's word until then: this is where
// they are kept to it (docs/archive.md).
func Matches(side, full *Evidence) error {
	if side.Side == "" || full.Side != "" {
		return errors.New("compare a side's archive with the game's full archive")
	}
	if side.Game != full.Game {
		return bad("the archive of side "+side.Side, "it is of game %q, the full archive of %q", side.Game, full.Game)
	}
	if len(side.Chain) > len(full.Chain) {
		return bad("the archive of side "+side.Side, "it has %d links, the full chain %d", len(side.Chain), len(full.Chain))
	}
	for i, e := range side.Chain {
		where := fmt.Sprintf("link %d", i+1)
		if e != nil {
			if !bytes.Equal(e, full.Chain[i]) {
				return bad(where, "the archive of side %s holds another link than the full chain's", side.Side)
			}
			continue
		}
		s, ok := side.Withheld[uint64(i+1)]
		prev := ""
		if i > 0 {
			prev = chain.Hash(full.Chain[i-1])
		}
		if !ok || s.Hash != chain.Hash(full.Chain[i]) || s.Prev != prev {
			return bad(where+" (withheld)", "the stub in the archive of side %s is not that of the full chain's link", side.Side)
		}
	}
	for _, sum := range sortedKeys(side.Files) {
		if !bytes.Equal(side.Files[sum], full.Files[sum]) {
			return bad("file "+sum, "the archive of side %s holds it, the full archive does not", side.Side)
		}
	}
	for _, id := range sortedKeys(side.Sent) {
		if body, ok := full.Sent[id]; !ok || body != side.Sent[id] {
			return bad("mail "+id, "the archive of side %s holds it otherwise than the full archive", side.Side)
		}
	}
	return nil
}
