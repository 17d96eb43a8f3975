package audit

import (
	"archive/tar"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"
	"time"

	"pbem/scenarios"
)

// An archive (docs/archive.md) is an uncompressed tar file, so that a
// changed byte changes one file, which the audit then names:
//
//	pbem-archive          "pbem archive 1", then "game: ID", "data: ID",
//	                      "side: SIDE" for a side's archive, and
//	                      "exported: TIME"
//	data/NAME.txt         the game data the game was created with
//	chain/NNNNNN          each link of the chain, as stored (in a side's
//	                      archive, each link it may read)
//	withheld/NNNNNN       in a side's archive, the stub of each link
//	                      withheld from it
//	files/HASH            each file the chain names (signed mails,
//	                      canonical order files, keys)
//	sent/NNNNNN           each mail sent: "Message-ID: ID", a blank line,
//	                      its text
//	state                 the game's state when it was exported (not in a
//	                      side's archive)
const archiveMagic = "pbem archive 1"

// Export writes ev and the game data it was played with to w as an
// archive: a side's archive if ev is a side's (ForSide).
func Export(w io.Writer, ev *Evidence, dataID string, data map[string][]byte, at time.Time) error {
	tw := tar.NewWriter(w)
	put := func(name string, body []byte) error {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), ModTime: time.Unix(0, 0), Format: tar.FormatUSTAR}); err != nil {
			return err
		}
		_, err := tw.Write(body)
		return err
	}
	// The entries carry no time of their own (the same game exports to
	// the same bytes but for this line): when it was exported is here.
	side := ""
	if ev.Side != "" {
		side = "side: " + ev.Side + "\n"
	}
	if err := put("pbem-archive", fmt.Appendf(nil, "%s\ngame: %s\ndata: %s\n%sexported: %s\n", archiveMagic, ev.Game, dataID, side, at.UTC().Format(time.RFC3339))); err != nil {
		return err
	}
	for _, name := range sortedKeys(data) {
		if err := put("data/"+name, data[name]); err != nil {
			return err
		}
	}
	for i, l := range ev.Chain {
		if l == nil {
			continue // withheld
		}
		if err := put(fmt.Sprintf("chain/%06d", i+1), l); err != nil {
			return err
		}
	}
	for i := range ev.Chain {
		if s, ok := ev.Withheld[uint64(i+1)]; ok {
			if err := put(fmt.Sprintf("withheld/%06d", i+1), s.Encode()); err != nil {
				return err
			}
		}
	}
	for _, sum := range sortedKeys(ev.Files) {
		if err := put("files/"+sum, ev.Files[sum]); err != nil {
			return err
		}
	}
	for i, id := range sortedKeys(ev.Sent) {
		if err := put(fmt.Sprintf("sent/%06d", i+1), []byte("Message-ID: "+id+"\n\n"+ev.Sent[id])); err != nil {
			return err
		}
	}
	if ev.Side == "" {
		if err := put("state", ev.State); err != nil {
			return err
		}
	}
	return tw.Close()
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// placeLinks puts the links and stubs of a side's archive each at its
// place: Chain has an entry for every link up to the last, nil where a
// stub stands (or nothing does, which the audit names).
func (ev *Evidence) placeLinks(links map[string][]byte, stubs map[uint64]Stub, sawState bool) error {
	if sawState {
		return fmt.Errorf("archive: a state in the archive of side %s, which holds none", ev.Side)
	}
	at := map[uint64][]byte{}
	last := uint64(0)
	for name, body := range links {
		n, err := strconv.ParseUint(name, 10, 64)
		if err != nil || n == 0 {
			return fmt.Errorf("archive: chain/%s is no link's name", name)
		}
		if _, ok := stubs[n]; ok {
			return fmt.Errorf("archive: link %d is both in chain/ and withheld/", n)
		}
		at[n], last = body, max(last, n)
	}
	for n := range stubs {
		last = max(last, n)
	}
	ev.Chain = make([][]byte, last)
	for n, body := range at {
		ev.Chain[n-1] = body
	}
	ev.Withheld = stubs
	return nil
}

// IsArchive reports whether r starts as an archive does.
func IsArchive(head []byte) bool {
	return len(head) >= 512 && bytes.HasPrefix(head, []byte("pbem-archive\x00"))
}

// Import reads an archive: the evidence, and a catalog of the game data it
// carries.
func Import(r io.Reader) (*Evidence, *scenarios.Catalog, error) {
	tr := tar.NewReader(bufio.NewReader(r))
	ev := &Evidence{Files: map[string][]byte{}, Sent: map[string]string{}}
	data := fstest.MapFS{}
	var chainNames []string
	links := map[string][]byte{}
	stubs := map[uint64]Stub{}
	sawHeader, sawState := false, false
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("the archive does not read as tar: %w", err)
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			return nil, nil, fmt.Errorf("archive %s: %w", h.Name, err)
		}
		dir, name := path.Split(h.Name)
		switch {
		case h.Name == "pbem-archive":
			lines := strings.Split(string(body), "\n")
			if lines[0] != archiveMagic {
				return nil, nil, fmt.Errorf("archive: pbem-archive says %q, want %q", lines[0], archiveMagic)
			}
			for _, l := range lines[1:] {
				if g, ok := strings.CutPrefix(l, "game: "); ok {
					ev.Game = g
				}
				if s, ok := strings.CutPrefix(l, "side: "); ok {
					ev.Side = s
				}
			}
			sawHeader = true
		case dir == "data/":
			data[name] = &fstest.MapFile{Data: body}
		case dir == "chain/":
			if _, err := strconv.Atoi(name); err != nil {
				return nil, nil, fmt.Errorf("archive: %s is no link's name", h.Name)
			}
			chainNames = append(chainNames, name)
			links[name] = body
		case dir == "withheld/":
			s, err := DecodeStub(body)
			if err != nil {
				return nil, nil, fmt.Errorf("archive %s: %w", h.Name, err)
			}
			if n, err := strconv.ParseUint(name, 10, 64); err != nil || n != s.Seq {
				return nil, nil, fmt.Errorf("archive %s: the stub of link %d", h.Name, s.Seq)
			}
			stubs[s.Seq] = s
		case dir == "files/":
			ev.Files[name] = body
		case dir == "sent/":
			head, text, ok := strings.Cut(string(body), "\n\n")
			id, ok2 := strings.CutPrefix(head, "Message-ID: ")
			if !ok || !ok2 {
				return nil, nil, fmt.Errorf("archive %s: want Message-ID: ID, a blank line, the text", h.Name)
			}
			ev.Sent[id] = text
		case h.Name == "state":
			ev.State, sawState = body, true
		default:
			return nil, nil, fmt.Errorf("archive: %s has no place in an archive", h.Name)
		}
	}
	if !sawHeader {
		return nil, nil, errors.New("archive: no pbem-archive entry: not a pbem archive")
	}
	if ev.Side == "" {
		if len(stubs) > 0 {
			return nil, nil, errors.New("archive: links withheld from an archive that is no side's")
		}
		slices.Sort(chainNames)
		for _, n := range chainNames {
			ev.Chain = append(ev.Chain, links[n])
		}
	} else if err := ev.placeLinks(links, stubs, sawState); err != nil {
		return nil, nil, err
	}
	cat, err := scenarios.FS(data, "archive data")
	if err != nil {
		return nil, nil, fmt.Errorf("the game data in the archive: %w", err)
	}
	return ev, cat, nil
}
