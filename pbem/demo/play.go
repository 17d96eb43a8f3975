package demo

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

var (
	// The report wraps its lines: a long window name may break the
	// words anywhere.
	resolvedRe = regexp.MustCompile(`(?m)^(\S+ \S+) \([^)]*\)\s+is\s+resolved\.$`)
	openRe     = regexp.MustCompile(`(?m)^Now open: (\S+)\s+(\S+) `)
)

// story is the entries of a report's "What happened", each on one line
// (the report wraps them at 72 columns, continuing 4 blanks in).
func story(text string) []string {
	_, rest, ok := strings.Cut(text, "What happened:\n")
	if !ok {
		return nil
	}
	var out []string
	for _, line := range strings.Split(rest, "\n") {
		switch {
		case strings.HasPrefix(line, "    ") && len(out) > 0:
			out[len(out)-1] += " " + strings.TrimSpace(line)
		case strings.HasPrefix(line, "  "):
			out = append(out, strings.TrimSpace(line))
		default:
			return out
		}
	}
	return out
}

// play runs the robots until opt.Turns game-turns are over or the game
// ends: each robot answers the report that opens a window it must act
// in. Under opt.Listen it then hands opt.Hand's side to the person and
// plays on with the other robot until ctx ends.
func (d *demo) play(ctx context.Context) error {
	opt, res := d.opt, d.res
	over, handing := false, false
	var mo *seat
	for _, s := range d.seats {
		if s.side == "" {
			mo = s
		}
	}
	idle := time.Now()
	for {
		if ctx.Err() != nil {
			if opt.Listen {
				return nil
			}
			return ctx.Err()
		}
		if err := d.referee.failed(); err != nil {
			return err
		}
		progressed := false
		// The moderator's mailbox tells the story: a report per window.
		mails, err := mo.read(ctx)
		if err != nil && ctx.Err() == nil {
			return err
		}
		for _, raw := range mails {
			progressed = true
			d.tell(body(raw))
		}
		if over {
			// Every mail has gone out, and the story above is told.
			return nil
		}
		_, w, err := d.ref.View(game, d.seats[0].side)
		if err != nil {
			return err
		}
		robotsDone := w.Done || w.Turn > opt.Turns
		switch {
		case robotsDone && !opt.Listen:
			if d.drained() {
				over = true
			}
			time.Sleep(50 * time.Millisecond)
			continue
		case robotsDone && !d.handed && !handing && d.drained():
			handing = true // once the story above has been read again
		case handing && !d.handed:
			d.handed = true
			write := d.writeMailboxes
			if res.Windows > 0 {
				write = d.writeOut
			}
			if err := write(); err != nil {
				return err
			}
			d.handOver()
		}
		for _, s := range d.seats {
			if s.side == "" || d.handed && s.side == opt.Hand {
				continue
			}
			mails, err := s.read(ctx)
			if err != nil && ctx.Err() == nil {
				return err
			}
			for _, raw := range mails {
				progressed = true
				// The report wraps its lines: a long window name may
				// break the words anywhere.
				if strings.Contains(strings.Join(strings.Fields(body(raw)), " "), "Your orders are due") {
					if err := d.answer(s); err != nil {
						return err
					}
				}
			}
		}
		if progressed || d.handed {
			idle = time.Now()
		} else if time.Since(idle) > 2*time.Minute {
			return errors.New("the demo game made no progress for two minutes (see daemon.log)")
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// tell prints a line for a moderators' report of a resolved window, and
// one for each combat in its story.
func (d *demo) tell(text string) {
	if !strings.Contains(text, "moderators' report") {
		return
	}
	m := resolvedRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	d.res.Windows++
	next := "the end"
	if w := openRe.FindStringSubmatch(text); w != nil {
		next = w[1] + " " + w[2]
	}
	in, out := len(d.sys.Received(refAddr)), 0
	for _, s := range d.seats {
		out += len(d.sys.Received(s.addr))
	}
	fmt.Fprintf(d.opt.Log, "%s resolved; now open: %s (mails so far: %d in, %d out)\n", m[1], next, in, out)
	hidden, revealed := 0, 0
	for _, e := range story(text) {
		switch {
		case strings.HasSuffix(e, "[std 8.4]") || strings.HasPrefix(e, "attack on "):
			d.res.Combats++
			short, _, _ := strings.Cut(e, "; forces") // the odds, shifts and result
			fmt.Fprintf(d.opt.Log, "  combat: %s\n", short)
		case strings.HasPrefix(e, "a Gruppe marker ") && strings.Contains(e, " moves "):
			hidden++
		case strings.Contains(e, " is revealed "):
			revealed++
		}
	}
	if hidden > 0 {
		fmt.Fprintf(d.opt.Log, "  hidden movement [T 18]: %d Gruppe markers moved; the Russian sees the markers, not what is under them\n", hidden)
	}
	if revealed > 0 {
		fmt.Fprintf(d.opt.Log, "  reveal [T 18]: %d Gruppe markers revealed; the Russian now sees their units\n", revealed)
	}
}

// handOver tells the person how to play opt.Hand's side from here.
func (d *demo) handOver() {
	var s *seat
	for _, x := range d.seats {
		if x.side == d.opt.Hand {
			s = x
		}
	}
	key := filepath.Join(d.opt.Out, "keys", strings.ToLower(s.name)+".asc")
	fmt.Fprintf(d.opt.Log, `
%s (%s) is yours now; the other robot plays on, and the referee runs until interrupted.
  Mail client: IMAP %s and SMTP %s, no TLS; log in as %s, password %q
  (the moderator's mailbox is mo@%s).
  Orders: fill in the template attached to the last report (orders-WINDOW.txt),
  sign it with %s's key, either
    pbem sign -key %s orders.txt
  (then send orders.txt.asc), or after gpg --import %s, gpg --clearsign orders.txt,
  and mail the signed file to %s. The referee answers at once.
  Moderators' commands, as Mo, the game's moderator (pbem help game):
    pbem game show -c %[12]s %[13]s
    pbem game pause -c %[12]s -as Mo -why "a break" %[13]s   (then pbem game resume ...)
    pbem game extend -c %[12]s -as Mo -by 24h %[13]s
  What the demo wrote, and which file to open first: %[14]s
`, s.name, s.side, d.sys.IMAPAddr, d.sys.SMTPAddr, s.addr, password, domain, s.name, key, key, refAddr,
		filepath.Join(d.opt.Out, "pbem.toml"), game, filepath.Join(d.opt.Out, "README.txt"))
}
