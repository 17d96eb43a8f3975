package referee

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"pbem/pbem/audit"
	"pbem/pbem/store"
)

// ArchiveGame writes game id's full archive (docs/archive.md) to path,
// audits the file as written, and only then removes the game and its
// mail from the store, leaving a record of it (store.Archived). A game
// still running is archived only with force, the moderators' or the
// operator's decision, which is put on its chain first. A game with mail
// still in the outbox is refused: the archive is to hold every mail as
// sent. A failure at any step leaves the game in the store.
func (r *Referee) ArchiveGame(id, path string, force bool, who string, now time.Time) (string, error) {
	if _, err := os.Lstat(path); err == nil {
		return "", fmt.Errorf("%s exists: give the archive a new name", path)
	}
	var (
		g               *loaded
		queued, windows int
	)
	err := r.db.View(func(tx *store.Tx) error {
		var err error
		if g, err = r.restore(tx, id); err != nil {
			return err
		}
		recs, err := tx.Records(id)
		if err != nil {
			return err
		}
		q, err := tx.QueuedFor(id)
		queued, windows = len(q), len(recs)
		return err
	})
	if err != nil {
		return "", err
	}
	over := g.state.Window().Done
	switch {
	case queued > 0:
		return "", fmt.Errorf("game %s has %s still in the outbox: archive it once they are sent (pbem mail list)", id, Count(queued, "mail"))
	case !over && !force:
		return "", fmt.Errorf("game %s is still running (%s is open): archive it once it is over, or with -force, "+
			"which ends it for its players (tell them first)", id, g.state.Window().ID)
	}
	result := fmt.Sprintf("over, %s resolved", Count(windows, "window"))
	if !over {
		if who == "" {
			who = "the operator"
		}
		result = fmt.Sprintf("stopped by %s at %s", who, g.state.Window().ID)
		if err := r.db.Update(func(tx *store.Tx) error {
			w, err := tx.Window(id)
			if err != nil {
				return err
			}
			_, err = tx.Append(id, moderatorLink(who, "archived the game while it was running: it ends here", w, g.rec.Paused, now))
			return err
		}); err != nil {
			return "", err
		}
	}
	var head string
	if err := r.db.View(func(tx *store.Tx) error {
		var err error
		_, head, err = tx.Head(id)
		return err
	}); err != nil {
		return "", err
	}
	size, sum, err := r.writeArchive(id, path, now)
	if err != nil {
		return "", err
	}
	a := store.Archived{ID: id, Scenario: g.rec.Scenario, Result: result, File: path, Size: size, SHA256: sum, At: now.UTC()}
	err = r.db.Update(func(tx *store.Tx) error {
		// Nothing else runs in the referee's loop meanwhile; this is
		// for a store changed under it all the same.
		if _, h, err := tx.Head(id); err != nil || h != head {
			return fmt.Errorf("game %s changed while its archive was written: run the command again (%s may be removed)", id, path)
		}
		return tx.RemoveArchived(a)
	})
	r.forget(id)
	if err != nil {
		return "", err
	}
	copies := ""
	if r.cfg.Backups != "" {
		// A safety copy restores a game in the database only: once the
		// game has left it, the archive is the game.
		dir := CopyDir(r.cfg.Backups, id)
		if err := os.RemoveAll(dir); err != nil {
			r.log.Error("removing an archived game's safety copies", "game", id, "dir", dir, "err", err)
			copies = fmt.Sprintf(" Its safety copies in %s could not be removed (%v): remove them by hand.", dir, err)
		} else {
			copies = " Its safety copies are removed."
		}
	}
	return fmt.Sprintf("game %s archived to %s (%d bytes, sha256 %s), audited, and removed from the database (%s). "+
		"pbem audit %s checks it anywhere; pbem game list -archived lists it.%s "+
		"pbem compact, with the daemon stopped, gives the space back.\n",
		id, path, size, sum, result, path, copies), nil
}

// writeArchive writes game id's full archive to a temporary file beside
// path, synced, audits what was written, and renames it to path. It
// returns the file's size and hex SHA-256.
func (r *Referee) writeArchive(id, path string, now time.Time) (int64, string, error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".part-*")
	if err != nil {
		return 0, "", err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if _, err := r.ExportArchive(id, tmp.Name(), Scope{Moderator: true}, now); err != nil {
		return 0, "", err
	}
	data, err := os.ReadFile(tmp.Name())
	if err != nil {
		return 0, "", err
	}
	ev, cat, err := audit.Import(bytes.NewReader(data))
	if err == nil {
		_, err = audit.Run(ev, cat, audit.Options{})
	}
	if err != nil {
		return 0, "", fmt.Errorf("game %s: the archive written does not audit, so the game stays in the database: %w", id, err)
	}
	f, err := os.OpenFile(tmp.Name(), os.O_RDWR, 0)
	if err == nil {
		err = errors.Join(f.Sync(), f.Close())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err == nil {
		err = store.SyncDir(dir)
	}
	if err != nil {
		return 0, "", fmt.Errorf("game %s: its archive %s: %w", id, path, err)
	}
	sum := sha256.Sum256(data)
	return int64(len(data)), hex.EncodeToString(sum[:]), nil
}

// Archived lists the records of the games archived, oldest first.
func (r *Referee) Archived() ([]store.Archived, error) {
	var out []store.Archived
	err := r.db.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.ArchivedGames()
		return err
	})
	return out, err
}
