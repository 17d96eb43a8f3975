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
//	pbem-archive          "pbem archive 1", then "game: ID", "data: ID"
//	                      and "exported: TIME"
//	data/NAME.txt         the game data the game was created with
//	chain/NNNNNN          each link of the chain, as stored
//	files/HASH            each file the chain names (signed mails,
//	                      canonical order files, keys)
//	sent/NNNNNN           each mail sent: "Message-ID: ID", a blank line,
//	                      its text
//	state                 the game's state when it was exported
const archiveMagic = "pbem archive 1"

// Export writes ev and the game data it was played with to w as an
// archive.
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
	if err := put("pbem-archive", fmt.Appendf(nil, "%s\ngame: %s\ndata: %s\nexported: %s\n", archiveMagic, ev.Game, dataID, at.UTC().Format(time.RFC3339))); err != nil {
		return err
	}
	for _, name := range sortedKeys(data) {
		if err := put("data/"+name, data[name]); err != nil {
			return err
		}
	}
	for i, l := range ev.Chain {
		if err := put(fmt.Sprintf("chain/%06d", i+1), l); err != nil {
			return err
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
	if err := put("state", ev.State); err != nil {
		return err
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
	sawHeader := false
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
			ev.State = body
		default:
			return nil, nil, fmt.Errorf("archive: %s has no place in an archive", h.Name)
		}
	}
	if !sawHeader {
		return nil, nil, errors.New("archive: no pbem-archive entry: not a pbem archive")
	}
	slices.Sort(chainNames)
	for _, n := range chainNames {
		ev.Chain = append(ev.Chain, links[n])
	}
	cat, err := scenarios.FS(data, "archive data")
	if err != nil {
		return nil, nil, fmt.Errorf("the game data in the archive: %w", err)
	}
	return ev, cat, nil
}
