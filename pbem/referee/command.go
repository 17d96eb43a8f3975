package referee

import (
	"fmt"
	"strings"
	"time"

	"pbem/engine"
	"pbem/orders/sig"
	"pbem/pbem/ack"
	"pbem/pbem/store"
)

// A moderator may send the referee the commands `pbem game` gives, as a
// text signed with their registered key (docs/order-files.md):
//
//	Game: t1
//	Command: extend 24h
//	Nonce: mo-2026-11-22-a
//	Why: the Easter weekend
//
// The commands are show (the reply is `pbem game show`), pause, resume,
// extend DURATION, process-now,
// key-remove NAME, and key-add SIDE NAME ADDRESS or replace-player SIDE
// NAME ADDRESS with the new public key after a blank line. Players and
// moderators alike may send report now (their report again), report json
// and report text (docs/order-files.md). The nonce makes each text
// unique: the same text again is refused, so a replayed mail changes
// nothing.

// command is a moderator's command read from a signed text.
type command struct {
	game, verb, arg, why string
	side                 string // the signer's side; sig.ModeratorRole for a moderator
	key                  []byte // the public key after the header, for key-add and replace-player
	receipt              ack.Receipt
}

// readCommand reads a moderator's signed text.
func readCommand(text []byte, signed time.Time) (*command, error) {
	c := &command{}
	var nonce string
	var problems []string
	lines := strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n")
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" && (c.game != "" || c.verb != "") {
			// The header ends; what follows is a public key.
			c.key = []byte(strings.TrimSpace(strings.Join(lines[i+1:], "\n")) + "\n")
			break
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			problems = append(problems, fmt.Sprintf("line %d: want KEY: VALUE", i+1))
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "game":
			c.game = v
		case "command":
			f := strings.Fields(v)
			if len(f) > 0 {
				c.verb = strings.ToLower(f[0])
				c.arg = strings.Join(f[1:], " ")
			}
		case "nonce":
			nonce = v
		case "why":
			c.why = v
		default:
			problems = append(problems, fmt.Sprintf("line %d: unknown key %q; a moderator's text has Game, Command, Nonce and Why", i+1, k))
		}
	}
	if c.game == "" {
		problems = append(problems, "no Game line")
	}
	if c.verb == "" {
		problems = append(problems, "no Command line")
	}
	if n := len(nonce); n < 8 || n > 64 {
		problems = append(problems, "the Nonce line needs 8 to 64 characters, to make the text unique")
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	if len(strings.TrimSpace(string(c.key))) == 0 {
		c.key = nil
	}
	canonical := fmt.Sprintf("Game: %s\nCommand: %s %s\nNonce: %s\nWhy: %s\n\n%s", c.game, c.verb, c.arg, nonce, c.why, c.key)
	c.receipt = ack.Receipt{Window: "moderator", Hash: ack.Hash([]byte(canonical)), Signed: signed}
	return c, nil
}

// run carries out a moderator's command for who at now. Its receipt is
// recorded in the same transaction as the action (act), so a mail taken
// in again after a crash is refused as already carried out.
func (r *Referee) run(c *command, who string, now time.Time) (string, error) {
	r.receipt = &c.receipt
	defer func() { r.receipt = nil }()
	why := c.why
	if why == "" {
		why = "by mail"
	}
	if c.side != sig.ModeratorRole && c.verb != "report" {
		return "", fmt.Errorf("a player may send the command report now, report json or report text; %q is a moderator's", c.verb)
	}
	switch c.verb {
	case "report":
		if strings.EqualFold(strings.TrimSpace(c.arg), "now") {
			return r.ReportNow(c.game, c.side, who, now)
		}
		return r.ReportFormat(c.game, c.side, who, c.arg, now)
	case "show":
		return r.Show(c.game, now)
	case "pause":
		return "paused", r.Pause(c.game, who, why, now)
	case "resume":
		return "resumed", r.Resume(c.game, who, why, now)
	case "extend":
		d, err := time.ParseDuration(c.arg)
		if err != nil {
			return "", fmt.Errorf("extend %q: want a duration such as 24h", c.arg)
		}
		return "deadline moved by " + Span(d), r.Extend(c.game, d, who, why, now)
	case "process-now":
		return "window resolved", r.ProcessNow(c.game, who, why, now)
	case "key-remove":
		return "keys of " + c.arg + " removed", r.RemoveKey(c.game, c.arg, who, now)
	case "key-add", "replace-player":
		f := strings.Fields(c.arg)
		if len(f) != 3 || c.key == nil {
			return "", fmt.Errorf("%s: want `%s SIDE NAME ADDRESS` and the public key after a blank line", c.verb, c.verb)
		}
		side := strings.ToUpper(f[0])
		if strings.EqualFold(f[0], sig.ModeratorRole) {
			side = sig.ModeratorRole
		}
		m := Member{Side: side, Name: f[1], Address: f[2], Key: c.key}
		if c.verb == "key-add" {
			return "key added for " + m.Name, r.AddKey(c.game, side, m, who, now)
		}
		return fmt.Sprintf("the seat on %s given to %s", side, m.Name), r.ReplaceSeat(c.game, side, m, who, why, now)
	}
	return "", fmt.Errorf("unknown command %q: a moderator may send show, pause, resume, extend DURATION, process-now, key-add SIDE NAME ADDRESS, replace-player SIDE NAME ADDRESS (each with the key after a blank line) or key-remove NAME", c.verb)
}

// seatOf is who's seat in game g: a moderator's (side sig.ModeratorRole) or
// a player's of side.
func seatOf(g *store.Game, side, who string) (*store.Player, error) {
	seats := g.Players
	if side == sig.ModeratorRole {
		seats = g.Moderators
	}
	for i := range seats {
		if seats[i].Name == who && (side == sig.ModeratorRole || seats[i].Side == side) {
			return &seats[i], nil
		}
	}
	return nil, fmt.Errorf("no seat of %s in game %s", who, g.ID)
}

// keepReceipt files the receipt of the signed command being run, if any,
// in the transaction that carries it out: the same text is then refused.
func (r *Referee) keepReceipt(tx *store.Tx, id string) error {
	if r.receipt == nil {
		return nil
	}
	return tx.AddReceipt(id, *r.receipt)
}

// ReportNow mails who (a player of side, or a moderator) their side's
// report as things stand, its map and the open window's template: for a
// player whose mail went astray. It goes to the address the game has for
// them, not to the mail's sender, and tells no one else.
func (r *Referee) ReportNow(id, side, who string, now time.Time) (string, error) {
	var address string
	err := r.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		p, err := seatOf(g, side, who)
		if err != nil {
			return err
		}
		address = p.Address
		if err := r.keepReceipt(tx, id); err != nil {
			return err
		}
		reportSide := engine.Side(side)
		if side == sig.ModeratorRole {
			reportSide = engine.Moderator
		}
		m, err := r.currentMail(tx, id, reportSide, address, "Your report as things stand, as you asked (Command: report now).", now)
		if err != nil {
			return err
		}
		return tx.Enqueue(m, r.cfg.Domain, now)
	})
	return "your report as things stand is on its way to " + address, err
}

// ReportFormat records how player who (of side, or a moderator) wants
// reports: "json" adds the JSON twin to each report mail, "text" drops it.
// It tells no one else: it changes nothing in the game.
func (r *Referee) ReportFormat(id, side, who, format string, now time.Time) (string, error) {
	var asJSON bool
	switch strings.ToLower(strings.TrimSpace(format)) {
	case "json":
		asJSON = true
	case "text":
	default:
		return "", fmt.Errorf("report %q: want report json (the JSON twin with each report), report text, or report now (your report as things stand, again)", format)
	}
	err := r.db.Update(func(tx *store.Tx) error {
		if _, err := r.load(tx, id, now); err != nil {
			return err
		}
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		p, err := seatOf(g, side, who)
		if err != nil {
			return err
		}
		p.JSON = asJSON
		if err := r.keepReceipt(tx, id); err != nil {
			return err
		}
		return tx.PutGame(g)
	})
	r.forget(id)
	if asJSON {
		return "your reports will carry their JSON twin (docs/report-schema.md)", err
	}
	return "your reports will be text only", err
}

// isCommand tells a moderator's command from an order file: a Command
// line before the first blank line.
func isCommand(text []byte) bool {
	for _, line := range strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			return false
		}
		if k, _, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "command") {
			return true
		}
	}
	return false
}
