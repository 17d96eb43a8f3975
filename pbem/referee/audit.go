package referee

import (
	"bytes"
	"os"
	"strings"
	"time"

	"pbem/pbem/audit"
	"pbem/pbem/store"
)

// Evidence is what an audit of game id reads from the store: its chain,
// its files, every mail sent or still to go, and its state now.
func (r *Referee) Evidence(id string) (*audit.Evidence, error) {
	ev := &audit.Evidence{Game: id, Sent: map[string]string{}}
	err := r.db.View(func(tx *store.Tx) error {
		var err error
		if ev.Chain, err = tx.Chain(id); err != nil {
			return err
		}
		if ev.Files, err = tx.Files(id); err != nil {
			return err
		}
		if ev.State, err = tx.State(id); err != nil {
			return err
		}
		sent, err := tx.SentMail()
		if err != nil {
			return err
		}
		queued, err := tx.QueuedMail()
		if err != nil {
			return err
		}
		for _, q := range append(sent, queued...) {
			if q.Mail.Game == id {
				ev.Sent[q.Mail.ID] = q.Mail.Body
			}
		}
		return nil
	})
	return ev, err
}

// Audit audits game id (pbem/audit): a line per window, and the first
// discrepancy as the error.
func (r *Referee) Audit(id string, opt audit.Options) (string, error) {
	ev, err := r.Evidence(id)
	if err != nil {
		return "", err
	}
	lines, err := audit.Run(ev, r.cfg.Catalog, opt)
	text := strings.Join(lines, "\n")
	if text != "" {
		text += "\n"
	}
	return text, err
}

// Export writes game id as an archive (docs/archive.md) to path and
// returns its size: everything pbem audit needs on another machine.
func (r *Referee) Export(id, path string, now time.Time) (int, error) {
	ev, err := r.Evidence(id)
	if err != nil {
		return 0, err
	}
	var dataID string
	err = r.db.View(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err == nil {
			dataID = g.Data
		}
		return err
	})
	if err != nil {
		return 0, err
	}
	var buf bytes.Buffer
	if err := audit.Export(&buf, ev, dataID, r.cfg.Catalog.Sources(dataID), now); err != nil {
		return 0, err
	}
	return buf.Len(), os.WriteFile(path, buf.Bytes(), 0o644)
}
