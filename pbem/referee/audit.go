package referee

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"pbem/engine"
	"pbem/orders/sig"
	"pbem/pbem/audit"
	"pbem/pbem/store"
)

// Evidence is what an audit of game id reads from the store: its chain,
// its files, the text of its every mail sent or still to go, and its
// state now.
func (r *Referee) Evidence(id string) (*audit.Evidence, error) {
	ev := &audit.Evidence{Game: id}
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
		// The game's own mail alone: its cost is the game's, however
		// much mail the store holds.
		ev.Sent, err = tx.Bodies(id)
		return err
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

// Export writes game id's full archive (docs/archive.md) to path and
// returns its size: everything pbem audit needs on another machine, every
// side's secrets with it. A command gives a running game's only to a
// moderator (ExportArchive).
func (r *Referee) Export(id, path string, now time.Time) (int, error) {
	return r.ExportArchive(id, path, Scope{Moderator: true}, now)
}

// Scope is whose archive an export writes.
type Scope struct {
	// Side, if set, is the side whose archive it is: what it may see
	// while the game runs (audit.ForSide).
	Side string
	// Moderator writes the full archive of a game still running.
	Moderator bool
}

// RunningError is the refusal of the full archive of a running game to
// one who did not say it is for the moderators.
type RunningError struct {
	Game, Window string
	Sides        []engine.Side // the sides whose archives may be had
}

func (e *RunningError) Error() string {
	return fmt.Sprintf("game %s is still running (%s is open): its full archive holds every side's secrets, "+
		"and is for the moderators alone until the game is over; a player may have their side's archive", e.Game, e.Window)
}

// ExportArchive writes game id's archive for scope to path and returns
// its size: a side's (docs/archive.md), or the full archive, which a
// running game gives only with scope.Moderator (a *RunningError
// otherwise).
func (r *Referee) ExportArchive(id, path string, scope Scope, now time.Time) (int, error) {
	if scope.Side != "" && scope.Moderator {
		return 0, fmt.Errorf("game %s: an archive is a side's or the moderators', not both", id)
	}
	ev, err := r.Evidence(id)
	if err != nil {
		return 0, err
	}
	var (
		dataID string
		seats  = audit.Seats{}
		g      *loaded
	)
	err = r.db.View(func(tx *store.Tx) error {
		if g, err = r.restore(tx, id); err != nil {
			return err
		}
		dataID = g.rec.Data
		// The seats as they are now, besides those the game was created
		// with: a replacement player's mail is their side's.
		for _, p := range g.rec.Players {
			seats.Add(p.Address, p.Side)
		}
		for _, m := range g.rec.Moderators {
			seats.Add(m.Address, sig.ModeratorRole)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	switch {
	case scope.Side != "":
		if !slices.Contains(g.data.Sides, engine.Side(scope.Side)) {
			return 0, fmt.Errorf("game %s has no side %q (its sides: %s)", id, scope.Side, SideList(g.data.Sides))
		}
		if ev, err = audit.ForSide(ev, scope.Side, seats); err != nil {
			return 0, err
		}
	case !scope.Moderator && !g.state.Window().Done:
		return 0, &RunningError{Game: id, Window: g.state.Window().ID, Sides: g.data.Sides}
	}
	var buf bytes.Buffer
	if err := audit.Export(&buf, ev, dataID, r.cfg.Catalog.Sources(dataID), now); err != nil {
		return 0, err
	}
	return buf.Len(), os.WriteFile(path, buf.Bytes(), 0o644)
}
