// Package dice makes die rolls that anyone can recompute and no one can
// steer (docs/dice.md).
//
// A game has a secret drawn at its creation. Each window's seed is derived
// from it (WindowSeed); the report that opens the window publishes the
// seed's SHA-256 (Commitment), and the report that closes it reveals the
// seed. The window's rolls are HMAC-SHA256 under the seed of a short text
// naming the nonces the sides put in their order files and the roll, each
// reduced to a die by rejection sampling: the referee cannot choose the
// seed after seeing the orders, and no player can know the rolls before
// the other sides' nonces are in.
package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"pbem/engine"
)

// Version numbers the way rolls are made; it is the first line of every
// message (docs/dice.md).
const Version = 1

// WindowSeed is the seed of window of game: HMAC-SHA256 under the game's
// secret of "pbem window seed", the game and the window, a line each.
// Revealing it tells nothing of the secret or of the other windows' seeds.
func WindowSeed(secret []byte, game, window string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("pbem window seed\n" + game + "\n" + window + "\n"))
	return mac.Sum(nil)
}

// Commitment is the hex SHA-256 of seed, published before the window's
// orders are taken.
func Commitment(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hex.EncodeToString(sum[:])
}

// Nonce is one side's contribution: the Nonce of the order file of the
// side that was used, or "" for a side that sent none.
type Nonce struct {
	Side  engine.Side
	Nonce string
}

// Stream is a reproducible sequence of die rolls.
type Stream struct {
	seed    []byte
	head    string // the lines before the stream's name
	stream  string // "public", or "private SIDE"
	index   uint64
	private map[engine.Side]*Stream
}

// ForWindow is the stream of a window's rolls: under its seed, over the
// nonces of every side of the game in the order given (the game's side
// order, docs/dice.md).
func ForWindow(seed []byte, nonces []Nonce) *Stream {
	var b strings.Builder
	b.WriteString("pbem dice " + strconv.Itoa(Version) + "\n")
	for _, n := range nonces {
		b.WriteString(string(n.Side) + " " + n.Nonce + "\n")
	}
	return &Stream{seed: append([]byte(nil), seed...), head: b.String(), stream: "public"}
}

// New is a stream called name under seed, for games that commit to
// nothing (self-play, tests): as ForWindow, with the name where the
// nonces go.
func New(seed []byte, name string) *Stream {
	return &Stream{seed: append([]byte(nil), seed...), head: "pbem dice " + strconv.Itoa(Version) + "\n" + name + "\n", stream: "public"}
}

// Message is the text whose HMAC is attempt index of the stream.
func (s *Stream) Message(index uint64) string {
	return s.head + s.stream + "\n" + strconv.FormatUint(index, 10) + "\n"
}

// D6 returns the next roll, 1 to 6: the first byte below 252 of the
// attempt's HMAC, modulo 6, plus 1 (252 is the largest multiple of 6 a
// byte holds, so no face is favoured). An HMAC with no such byte (a
// chance of 10^-58) passes the roll to the next attempt.
func (s *Stream) D6() int {
	for {
		mac := hmac.New(sha256.New, s.seed)
		mac.Write([]byte(s.Message(s.index)))
		s.index++
		for _, b := range mac.Sum(nil) {
			if b < 252 {
				return int(b%6) + 1
			}
		}
	}
}

// Public is how many attempts the public stream has made: what a report
// may tell every side (the number of private rolls would tell of what is
// hidden, T 18.35).
func (s *Stream) Public() uint64 { return s.index }

// Rolls is how many attempts the stream has made, private ones included.
func (s *Stream) Rolls() uint64 {
	n := s.index
	for _, p := range s.private {
		n += p.index
	}
	return n
}

// Private returns the stream of the rolls only side may see, so that the
// number of private rolls never shifts the public ones
// (engine.PrivateDice): the same lines, "private SIDE" for "public".
func (s *Stream) Private(side engine.Side) engine.Dice {
	if s.private == nil {
		s.private = map[engine.Side]*Stream{}
	}
	p, ok := s.private[side]
	if !ok {
		p = &Stream{seed: s.seed, head: s.head, stream: "private " + string(side)}
		s.private[side] = p
	}
	return p
}
