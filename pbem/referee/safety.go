package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"pbem/pbem/chain"
	"pbem/pbem/store"
)

// The safety net: before each resolution a copy of that game alone
// (store.CopyGame) in Backups/game-ID/, the newest Keep of each game
// kept; and a full backup of the store every BackupEvery, in Backups as
// pbem-TIME.db, the newest BackupKeep kept.

// CopyDir is the directory of game id's safety copies under backups. The
// prefix keeps an id such as ".." a plain name.
func CopyDir(backups, id string) string { return filepath.Join(backups, "game-"+id) }

// fullBackupLayout names a scheduled full backup; its time sorts.
const fullBackupLayout = "pbem-20060102T150405Z.db"

// copyGame writes game id's safety copy before window w is resolved, and
// drops its oldest copies beyond Keep. A copy that fails is logged: the
// game goes on.
func (r *Referee) copyGame(id, w string, now time.Time) {
	dir := CopyDir(r.cfg.Backups, id)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		r.log.Error("safety copy before resolution", "game", id, "window", w, "err", err)
		return
	}
	safe := strings.NewReplacer(" ", "-", "/", "-").Replace(w)
	name := fmt.Sprintf("%s-%s.db", now.UTC().Format("20060102T150405Z"), safe)
	if _, err := r.db.CopyGame(id, w, filepath.Join(dir, name), now); err != nil {
		r.log.Error("safety copy before resolution", "game", id, "window", w, "err", err)
		return
	}
	prune(r, filepath.Join(dir, "*.db"), max(r.cfg.Keep, 1))
}

// prune removes the oldest files matching glob beyond keep; their names
// begin with the time they were made.
func prune(r *Referee, glob string, keep int) {
	old, err := filepath.Glob(glob)
	if err != nil {
		return
	}
	sort.Strings(old)
	for len(old) > keep {
		if err := os.Remove(old[0]); err != nil {
			r.log.Error("removing an old backup", "file", old[0], "err", err)
		}
		old = old[1:]
	}
}

// fullBackup writes a full backup when the schedule says one is due: at
// the first tick with none in Backups newer than BackupEvery, then every
// BackupEvery. A backup that fails is tried again an hour later (or at
// the next due time, if sooner), and logged.
func (r *Referee) fullBackup(now time.Time) {
	every := r.cfg.BackupEvery
	if r.cfg.Backups == "" || every <= 0 {
		return
	}
	if r.nextFull.IsZero() {
		r.nextFull = now
		if last, ok := lastFullBackup(r.cfg.Backups); ok {
			r.nextFull = last.Add(every)
		}
	}
	if now.Before(r.nextFull) {
		return
	}
	path := filepath.Join(r.cfg.Backups, now.UTC().Format(fullBackupLayout))
	n, err := r.db.Backup(path)
	if err != nil {
		r.log.Error("scheduled full backup", "file", path, "err", err)
		r.nextFull = now.Add(min(time.Hour, every))
		return
	}
	r.log.Info("scheduled full backup written", "file", path, "bytes", n)
	r.nextFull = now.Add(every)
	var full []string
	all, _ := filepath.Glob(filepath.Join(r.cfg.Backups, "pbem-*.db"))
	for _, f := range all {
		if _, err := time.Parse(fullBackupLayout, filepath.Base(f)); err == nil {
			full = append(full, f)
		}
	}
	sort.Strings(full)
	for len(full) > max(r.cfg.BackupKeep, 1) {
		if err := os.Remove(full[0]); err != nil {
			r.log.Error("removing an old backup", "file", full[0], "err", err)
		}
		full = full[1:]
	}
}

// lastFullBackup is the time of the newest scheduled full backup in dir.
func lastFullBackup(dir string) (time.Time, bool) {
	all, _ := filepath.Glob(filepath.Join(dir, "pbem-*.db"))
	var last time.Time
	for _, f := range all {
		if t, err := time.Parse(fullBackupLayout, filepath.Base(f)); err == nil && t.After(last) {
			last = t
		}
	}
	return last, !last.IsZero()
}

// RestoreGame puts a game back as its safety copy at path holds it
// (store.RestoreGame refuses a copy that is not an earlier state of the
// game), paused, so that the window it goes back to is not resolved
// again before a moderator resumes it. In the same transaction it
// withdraws the game's mail still queued that the undone links sent,
// records on the chain what it undid, and tells the players and the
// moderators. It returns the text for the operator.
func (r *Referee) RestoreGame(path, who string, now time.Time) (string, error) {
	c, err := store.OpenCopy(path)
	if err != nil {
		return "", err
	}
	if who == "" {
		who = "the operator"
	}
	var (
		w         store.Window
		pending   int
		withdrawn int
	)
	dropped, err := r.db.RestoreGame(c, func(tx *store.Tx, dropped [][]byte) error {
		var err error
		if withdrawn, err = withdrawUndone(tx, c.Game, dropped); err != nil {
			return err
		}
		g, err := tx.Game(c.Game)
		if err != nil {
			return err
		}
		if w, err = tx.Window(c.Game); err != nil {
			return err
		}
		pend, err := tx.Pending(c.Game)
		if err != nil {
			return err
		}
		pending = len(pend)
		what := fmt.Sprintf("put the game back as it was at %s, before %s was resolved (its safety copy); %s undone",
			c.Taken.UTC().Format("2006-01-02 15:04 MST"), c.Before, Count(len(dropped), "link"))
		if !g.Paused {
			g.Paused, g.PausedAt, g.ResumeBy = true, now, time.Time{}
			what += "; the game is paused until a moderator resumes it"
		}
		l := moderatorLink(who, what, w, true, now)
		if len(dropped) > 0 {
			l.Add("undone", fmt.Sprintf("%d-%d %s", c.Seq+1, c.Seq+uint64(len(dropped)), chain.Hash(dropped[len(dropped)-1])))
		}
		if _, err := tx.Append(c.Game, l); err != nil {
			return err
		}
		n := store.Notice{At: now, Who: who, What: what}
		g.Notices = append(g.Notices, n)
		if err := tx.PutGame(g); err != nil {
			return err
		}
		var to []string
		for _, p := range append(append([]store.Player(nil), g.Players...), g.Moderators...) {
			to = append(to, p.Address)
		}
		return tx.Enqueue(&store.Mail{Game: c.Game, To: to, Subject: fmt.Sprintf("[%s] the game is put back before %s", c.Game, c.Before),
			Body: fmt.Sprintf("%s %s (%s).\nThe mail of what was undone no longer stands. The open window is %s again; "+
				"what you had on file for it is on file again.\n", noticeWho(n), what, now.UTC().Format("2006-01-02 15:04 MST"), w.ID)}, r.cfg.Domain, now)
	})
	r.forget(c.Game)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("game %s put back as it was at %s, before %s was resolved: window %s is open again with %s on file; "+
		"%s of its chain undone (recorded on it), %s withdrawn from the outbox. The game is paused: "+
		"pbem game resume %s runs it again, and the window is resolved at once if its deadline has passed.\n",
		c.Game, c.Taken.UTC().Format("2006-01-02 15:04 MST"), c.Before, w.ID, Count(pending, "file"),
		Count(len(dropped), "link"), Count(withdrawn, "queued mail"), c.Game), nil
}

// withdrawUndone removes from the outbox the mails of game id that the
// undone links queued: the reports of a resolution taken back must not
// go out. Mail already sent stays among the mail sent.
func withdrawUndone(tx *store.Tx, id string, dropped [][]byte) (int, error) {
	undone := map[string]bool{}
	for _, enc := range dropped {
		l, err := chain.Decode(enc)
		if err != nil {
			return 0, fmt.Errorf("an undone link: %w", err)
		}
		if l.Kind == chain.KindMailOut {
			undone[l.Get("message-id")] = true
		}
	}
	queued, err := tx.QueuedFor(id)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, q := range queued {
		if undone[q.Mail.ID] {
			if err := tx.Withdraw(q.Seq); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}
