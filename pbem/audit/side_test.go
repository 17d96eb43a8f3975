package audit

import (
	"archive/tar"
	"bytes"
	"strings"
	"testing"
	"time"

	"pbem/pbem/chain"
	"pbem/scenarios"
)

// A stub reads back only in the form it is written in.
func TestStubForm(t *testing.T) {
	s := Stub{Seq: 7, Prev: strings.Repeat("a", 64), Hash: strings.Repeat("b", 64)}
	got, err := DecodeStub(s.Encode())
	if err != nil || got != s {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	for _, bad := range []string{
		strings.Replace(string(s.Encode()), "seq: 7", "seq: 07", 1),
		strings.Replace(string(s.Encode()), "hash: b", "hash: B", 1),
		string(s.Encode()) + "\n",
		strings.Replace(string(s.Encode()), "pbem withheld 1", "pbem withheld 2", 1),
		strings.Replace(string(s.Encode()), "prev: ", "prev:  ", 1),
	} {
		if _, err := DecodeStub([]byte(bad)); err == nil {
			t.Errorf("%q reads as a stub", bad)
		}
	}
}

// An address of two roles is no side's alone.
func TestSeatsMixed(t *testing.T) {
	s := Seats{}
	s.Add("Anna@Example.org", "RU")
	s.Add("anna@example.org", "RU")
	s.Add("mo@example.org", "moderator")
	s.Add("MO@example.org", "DE")
	if s.of("anna@example.org") != "RU" || s.of("mo@example.org") == "DE" || s.of("mo@example.org") == "moderator" {
		t.Errorf("seats %q", s)
	}
}

// tinyChain is a chain of n links, the first a game's creation.
func tinyChain(n int) [][]byte {
	var out [][]byte
	prev := ""
	for i := range n {
		l := &chain.Link{Seq: uint64(i + 1), Prev: prev, At: time.Unix(0, 0), Kind: chain.KindMailOut}
		if i == 0 {
			l.Kind = chain.KindGame
		}
		e := l.Encode()
		out = append(out, e)
		prev = chain.Hash(e)
	}
	return out
}

// The chain of a side's archive reads over its stubs, and a place with
// neither link nor stub, or a stub that names another hash, breaks it
// where it is.
func TestSideChainContinuity(t *testing.T) {
	full := tinyChain(4)
	side := func() *Evidence {
		ev := &Evidence{Game: "g", Side: "RU", Chain: [][]byte{full[0], nil, full[2], nil}, Withheld: map[uint64]Stub{},
			Files: map[string][]byte{}, Sent: map[string]string{}}
		for _, i := range []int{1, 3} {
			ev.Withheld[uint64(i+1)] = Stub{Seq: uint64(i + 1), Prev: chain.Hash(full[i-1]), Hash: chain.Hash(full[i])}
		}
		return ev
	}
	cat, err := scenarios.Embedded()
	if cat == nil {
		t.Fatal(err)
	}
	run := func(ev *Evidence) error {
		_, err := Run(ev, cat, Options{})
		return err
	}
	// The chain reads; its first link, of no scenario, stops the audit.
	lines, err := Run(side(), cat, Options{})
	if !strings.Contains(strings.Join(lines, "\n"), "chain: 4 links, head "+chain.Hash(full[3])+"; 2 here whole, 2 withheld") ||
		err == nil || !strings.HasPrefix(err.Error(), "link 1 (game): ") {
		t.Fatalf("the chain of a side: %v\n%s", err, strings.Join(lines, "\n"))
	}
	gap := side()
	delete(gap.Withheld, 2)
	if err := run(gap); err == nil || !strings.Contains(err.Error(), "link 2: the chain is broken: the archive holds neither the link nor its stub") {
		t.Errorf("a gap: %v", err)
	}
	wrong := side()
	s := wrong.Withheld[2]
	s.Hash = strings.Repeat("0", 64)
	wrong.Withheld[2] = s
	if err := run(wrong); err == nil || !strings.Contains(err.Error(), "link 2 (withheld): the chain is broken: its stub gives its hash as "+s.Hash+", and link 3 names") {
		t.Errorf("a stub with another hash: %v", err)
	}
	changed := side()
	changed.Chain[0] = bytes.Replace(changed.Chain[0], []byte("kind: game"), []byte("kind: gamf"), 1)
	if err := run(changed); err == nil || !strings.Contains(err.Error(), "link 1: the chain is broken: this link was changed") || !strings.Contains(err.Error(), "the stub of withheld link 2 names") {
		t.Errorf("the link before a stub changed: %v", err)
	}
}

// An archive with a link both whole and withheld, a stub in an archive
// that is no side's, or a state in a side's, does not read.
func TestImportSideArchive(t *testing.T) {
	full := tinyChain(2)
	stub := Stub{Seq: 2, Prev: chain.Hash(full[0]), Hash: chain.Hash(full[1])}
	archive := func(side string, entries map[string][]byte) []byte {
		var b bytes.Buffer
		tw := tar.NewWriter(&b)
		head := "pbem archive 1\ngame: g\ndata: d\n" + side + "exported: 1970-01-01T00:00:00Z\n"
		put := func(name string, body []byte) {
			tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Format: tar.FormatUSTAR})
			tw.Write(body)
		}
		put("pbem-archive", []byte(head))
		for _, name := range sortedKeys(entries) {
			put(name, entries[name])
		}
		tw.Close()
		return b.Bytes()
	}
	for _, c := range []struct {
		side    string
		entries map[string][]byte
		want    string
	}{
		{"side: RU\n", map[string][]byte{"chain/000001": full[0], "chain/000002": full[1], "withheld/000002": stub.Encode()}, "link 2 is both in chain/ and withheld/"},
		{"", map[string][]byte{"chain/000001": full[0], "withheld/000002": stub.Encode()}, "links withheld from an archive that is no side's"},
		{"side: RU\n", map[string][]byte{"chain/000001": full[0], "withheld/000002": stub.Encode(), "state": []byte("{}")}, "a state in the archive of side RU"},
		{"side: RU\n", map[string][]byte{"chain/000001": full[0], "withheld/000003": stub.Encode()}, "withheld/000003: the stub of link 2"},
	} {
		_, _, err := Import(bytes.NewReader(archive(c.side, c.entries)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want %q: %v", c.want, err)
		}
	}
}

// A window's audit line counts in words: "1 file", not "1 files".
func TestCountInWords(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{{0, "roll", "0 rolls"}, {1, "file", "1 file"}, {12, "roll", "12 rolls"}} {
		if got := count(c.n, c.noun); got != c.want {
			t.Errorf("count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
