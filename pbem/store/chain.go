package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

	"pbem/pbem/chain"
)

// chainOf is the bucket of game id's chain; the referee's own for "".
func (t *Tx) chainOf(id string) (*bolt.Bucket, error) {
	if id == "" {
		return t.tx.Bucket(bucketChain), nil
	}
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	return b.Bucket(bktChain), nil
}

// Head is the number and hash of the newest link of game id's chain (the
// referee's own for ""): 0 and "" for an empty chain.
func (t *Tx) Head(id string) (uint64, string, error) {
	b, err := t.chainOf(id)
	if err != nil {
		return 0, "", err
	}
	k, v := b.Cursor().Last()
	if k == nil {
		return 0, "", nil
	}
	return seqOf(k), chain.Hash(v), nil
}

// Append adds l to game id's chain and returns its hash. A link whose Seq
// is set must come next, after Prev: so a caller that worked out the head
// a report will quote before its transaction learns if another link came
// first.
func (t *Tx) Append(id string, l *chain.Link) (string, error) {
	b, err := t.chainOf(id)
	if err != nil {
		return "", err
	}
	seq, head, err := t.Head(id)
	if err != nil {
		return "", err
	}
	if l.Seq == 0 {
		l.Seq, l.Prev = seq+1, head
	} else if l.Seq != seq+1 || l.Prev != head {
		return "", fmt.Errorf("chain of %q: link %d after %s expected, the chain is at %d, %s", id, l.Seq, l.Prev, seq, head)
	}
	enc := l.Encode()
	if err := b.Put(u64(l.Seq), enc); err != nil {
		return "", err
	}
	return chain.Hash(enc), nil
}

// Chain is game id's chain (the referee's own for ""), each link as
// stored, in order.
func (t *Tx) Chain(id string) ([][]byte, error) {
	b, err := t.chainOf(id)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	err = b.ForEach(func(_, v []byte) error {
		out = append(out, append([]byte(nil), v...))
		return nil
	})
	return out, err
}

// PutFile keeps data, a signed file or a key the chain names, under its
// hex SHA-256, which it returns.
func (t *Tx) PutFile(id string, data []byte) (string, error) {
	sum := chain.Sum(data)
	return sum, t.PutFileAs(id, sum, data)
}

// PutFileAs is PutFile for a caller that has the hash of data already.
func (t *Tx) PutFileAs(id, sum string, data []byte) error {
	b, err := t.game(id)
	if err != nil {
		return err
	}
	return b.Bucket(bktFiles).Put([]byte(sum), data)
}

// File is the file of game id whose hex SHA-256 is sum.
func (t *Tx) File(id, sum string) ([]byte, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	v := b.Bucket(bktFiles).Get([]byte(sum))
	if v == nil {
		return nil, fmt.Errorf("game %s: file %s: %w", id, sum, ErrNotFound)
	}
	return append([]byte(nil), v...), nil
}

// Files is every file of game id, by hex SHA-256.
func (t *Tx) Files(id string) (map[string][]byte, error) {
	b, err := t.game(id)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	err = b.Bucket(bktFiles).ForEach(func(k, v []byte) error {
		out[string(k)] = append([]byte(nil), v...)
		return nil
	})
	return out, err
}
