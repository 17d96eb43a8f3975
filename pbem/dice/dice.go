// Package dice makes die rolls from a seed, reproducibly: the same seed
// gives the same rolls on any machine. Each roll is HMAC-SHA256(seed,
// stream name and roll index), reduced to a die by rejection sampling, so
// no roll is biased and anyone holding the seed can recompute every roll.
package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"

	"pbem/engine"
)

// Stream is a reproducible sequence of die rolls.
type Stream struct {
	seed    []byte
	name    string
	index   uint64
	private map[string]*Stream
}

// New returns the stream called name (a game and window, say) under seed.
func New(seed []byte, name string) *Stream {
	return &Stream{seed: append([]byte(nil), seed...), name: name}
}

// D6 returns the next roll, 1 to 6.
func (s *Stream) D6() int {
	for {
		mac := hmac.New(sha256.New, s.seed)
		var idx [8]byte
		binary.BigEndian.PutUint64(idx[:], s.index)
		mac.Write([]byte(s.name))
		mac.Write([]byte{0})
		mac.Write(idx[:])
		s.index++
		sum := mac.Sum(nil)
		// Rejection sampling on one byte: 252 is the largest multiple of
		// 6 that fits, so values 252-255 are drawn again.
		for _, b := range sum {
			if b < 252 {
				return int(b%6) + 1
			}
		}
	}
}

// Rolls is how many rolls the stream has made, private ones included.
func (s *Stream) Rolls() uint64 {
	n := s.index
	for _, p := range s.private {
		n += p.index
	}
	return n
}

// Private returns the stream of the rolls only side may see, named after
// this one, so that the number of private rolls never shifts the public
// ones (engine.PrivateDice).
func (s *Stream) Private(side engine.Side) engine.Dice {
	if s.private == nil {
		s.private = map[string]*Stream{}
	}
	p, ok := s.private[string(side)]
	if !ok {
		p = New(s.seed, s.name+"/private "+string(side))
		s.private[string(side)] = p
	}
	return p
}
