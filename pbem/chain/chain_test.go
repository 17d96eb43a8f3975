package chain

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func sample() [][]byte {
	at := time.Date(2026, 11, 26, 1, 2, 3, 4, time.UTC)
	var out [][]byte
	prev := ""
	for i, l := range []*Link{
		(&Link{Kind: KindGame}).Add("game", "t1").Add("player", "RU Anna anna@example.org"),
		(&Link{Kind: KindMailIn}).Add("message-id", "<x@y>").Add("verdict", "accepted").Add("why", ""),
		(&Link{Kind: KindModerator}).Add("why", "the Easter weekend\nand a \"holiday\"").Add("who", " Mo").Add("note", "Grüße"),
	} {
		l.Seq, l.Prev, l.At = uint64(i+1), prev, at
		e := l.Encode()
		out = append(out, e)
		prev = Hash(e)
	}
	return out
}

// Links read back as written, free text quoted so that a value never
// spills onto another line.
func TestEncodeDecode(t *testing.T) {
	enc := sample()
	links, head, err := Verify(enc)
	if err != nil || len(links) != 3 || head != Hash(enc[2]) {
		t.Fatalf("verify: %v, %d links, head %s", err, len(links), head)
	}
	if got := links[2].Get("why"); got != "the Easter weekend\nand a \"holiday\"" {
		t.Errorf("why %q", got)
	}
	if got := links[2].Get("who"); got != " Mo" {
		t.Errorf("who %q", got)
	}
	want := "pbem chain 1\nseq: 3\nprev: " + Hash(enc[1]) + "\nat: 2026-11-26T01:02:03.000000004Z\nkind: moderator\n" +
		"why: \"the Easter weekend\\nand a \\\"holiday\\\"\"\nwho: \" Mo\"\nnote: \"Grüße\"\n"
	if string(enc[2]) != want {
		t.Errorf("encoded\n%s\nwant\n%s", enc[2], want)
	}
	if strings.Count(string(enc[1]), "\n") != 8 {
		t.Errorf("the empty value: %q", enc[1])
	}
}

// Any change to a link, a link dropped, two swapped or one put in is
// found, and the link named.
func TestVerifyFindsTampering(t *testing.T) {
	enc := sample()
	for i := range enc {
		for j := range enc[i] {
			c := make([][]byte, len(enc))
			for k := range enc {
				c[k] = bytes.Clone(enc[k])
			}
			c[i][j] ^= 0x01
			if _, _, err := Verify(c); err == nil {
				if i == len(enc)-1 {
					// The last link has no successor to name its hash:
					// only a change that breaks its form shows; the head
					// quoted in reports shows the rest (TestHeadCatchesLast).
					continue
				}
				t.Fatalf("link %d byte %d flipped: no problem found", i+1, j)
			}
		}
	}
	for name, c := range map[string][][]byte{
		"dropped": {enc[0], enc[2]},
		"swapped": {enc[1], enc[0], enc[2]},
		"put in":  {enc[0], enc[1], enc[1], enc[2]},
	} {
		if _, _, err := Verify(c); err == nil {
			t.Errorf("%s: no problem found", name)
		}
	}
}

// A change to the last link changes the head, which the reports already
// sent quote.
func TestHeadCatchesLast(t *testing.T) {
	enc := sample()
	_, head, _ := Verify(enc)
	enc[2] = bytes.Replace(enc[2], []byte("Mo"), []byte("Me"), 1)
	if _, h, err := Verify(enc); err != nil || h == head {
		t.Errorf("a changed last link: %v, head %s (was %s)", err, h, head)
	}
}
