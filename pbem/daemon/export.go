package daemon

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/pbem/referee"
)

// export writes a game's archive for req: a side's, or the full one,
// which a running game gives only with req.Moderator (docs/archive.md).
func export(ref *referee.Referee, req Request, now time.Time) (string, error) {
	scope := referee.Scope{Side: strings.ToUpper(req.Side), Moderator: req.Moderator}
	n, err := ref.ExportArchive(req.Game, req.Path, scope, now)
	var running *referee.RunningError
	switch {
	case errors.As(err, &running):
		var sides []string
		for _, s := range running.Sides {
			sides = append(sides, string(s))
		}
		return "", fmt.Errorf("game %s is still running (%s is open), and its full archive holds every side's secrets:\n"+
			"the hidden orders, every side's reports and the moderators' mail. While it runs,\n"+
			"  for a player: pbem export -side %s -o FILE %s (what their side may see)\n"+
			"  for the moderators alone: pbem export -moderator -o FILE %s\n"+
			"Once the game is over, pbem export -o FILE %s writes the full archive for anyone",
			req.Game, running.Window, strings.Join(sides, "|"), req.Game, req.Game, req.Game)
	case err != nil:
		return "", err
	case scope.Side != "":
		return fmt.Sprintf("game %s: the archive of side %s written to %s (%d bytes), what its players may have; pbem audit %s checks it anywhere\n",
			req.Game, scope.Side, req.Path, n, req.Path), nil
	case scope.Moderator:
		return fmt.Sprintf("game %s exported to %s (%d bytes): the full archive, with every side's secrets while the game runs: "+
			"for the moderators alone until it is over, never for a player (give a player pbem export -side); pbem audit %s checks it anywhere\n",
			req.Game, req.Path, n, req.Path), nil
	}
	return fmt.Sprintf("game %s exported to %s (%d bytes); pbem audit %s checks it anywhere\n", req.Game, req.Path, n, req.Path), nil
}
