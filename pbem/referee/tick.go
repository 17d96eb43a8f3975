package referee

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/ack"
	"pbem/pbem/dice"
	"pbem/pbem/report"
	"pbem/pbem/store"
	"pbem/templates"
)

// Tick does what the time now calls for in every game: reminders before a
// deadline, late notices at it, and the resolution of each window that is
// due; and it tells moderators of their games' mail given up, and writes
// the scheduled full backup when it is due. It returns the first error;
// the other games still get their turn. A game that is over is marked so
// (store.MarkOver) the first time it is found over, and not read again.
func (r *Referee) Tick(now time.Time) error {
	var ids []string
	if err := r.db.View(func(tx *store.Tx) error { ids = tx.RunningGameIDs(); return nil }); err != nil {
		return err
	}
	var first error
	for _, id := range ids {
		if err := r.tick(id, now); err != nil {
			r.log.Error("tick", "game", id, "err", err)
			if first == nil {
				first = fmt.Errorf("game %s: %w", id, err)
			}
		}
	}
	if err := r.tellGivenUp(now); err != nil && first == nil {
		first = fmt.Errorf("telling of mail given up: %w", err)
	}
	r.fullBackup(now)
	return first
}

func (r *Referee) tick(id string, now time.Time) error {
	var (
		g    *loaded
		pend map[string]*store.Pending
	)
	err := r.db.View(func(tx *store.Tx) error {
		var err error
		if g, err = r.load(tx, id, now); err != nil {
			return err
		}
		pend, err = tx.Pending(id)
		return err
	})
	if err != nil {
		return err
	}
	sw := g.state.Window()
	if sw.Done {
		err := r.db.Update(func(tx *store.Tx) error { return tx.MarkOver(id, now) })
		r.forget(id)
		return err
	}
	if g.rec.Paused && !g.rec.ResumeBy.IsZero() && !now.Before(g.rec.ResumeBy) {
		// A moderator's pause has lasted as long as the game allows.
		return r.Resume(id, "the referee", "the pause reached its longest, "+Span(g.rec.ResumeBy.Sub(g.rec.PausedAt)), now)
	}
	if g.rec.Paused || sw.Done {
		return nil
	}
	w, pol := g.window, g.rec.Policy
	var missing []engine.Side
	allFinal, lastFinal := true, time.Time{}
	for _, side := range sw.Submit {
		p := pend[string(side)]
		switch {
		case p == nil:
			missing = append(missing, side)
			allFinal = false
		case !p.Final:
			allFinal = false
		case p.Received.After(lastFinal):
			lastFinal = p.Received
		}
	}
	switch {
	case len(sw.Submit) == 0:
		return r.resolve(g, pend, nil, now)
	case allFinal && !now.Before(lastFinal.Add(pol.EarlyDelay)):
		return r.resolve(g, pend, nil, now)
	case !now.Before(w.Deadline.Add(pol.Grace)) && (len(missing) == 0 || pol.NMR != store.NMRWait):
		return r.resolve(g, pend, missing, now)
	case !now.Before(w.Deadline) && len(missing) > 0 && !w.Late:
		w.Late = true
		return r.notify(g, w, missing, now, "is past its deadline", lateText(g, w, pol))
	case !w.Reminded && pol.Remind > 0 && !now.Before(w.Deadline.Add(-pol.Remind)) && len(missing) > 0:
		w.Reminded = true
		return r.notify(g, w, missing, now, "is due soon", fmt.Sprintf("The referee has no orders from you for %s (%s). The deadline is %s.", sw.ID, sw.Name, g.deadline(w)))
	}
	return nil
}

func lateText(g *loaded, w store.Window, pol store.Policy) string {
	sw := g.state.Window()
	s := fmt.Sprintf("The deadline of %s (%s) has passed and the referee has no orders from you.", sw.ID, sw.Name)
	switch {
	case pol.NMR == store.NMRWait:
		s += " The window waits for your orders or for the moderator."
	case pol.Grace > 0:
		s += fmt.Sprintf(" It is resolved at %s with whatever has come in by then.", w.Deadline.Add(pol.Grace).Format("Mon 2 Jan 2006 15:04 MST"))
	}
	return s
}

// notify records the window's new flags and mails the players of the
// missing sides and the moderators.
func (r *Referee) notify(g *loaded, w store.Window, missing []engine.Side, now time.Time, what, text string) error {
	sw := g.state.Window()
	err := r.db.Update(func(tx *store.Tx) error {
		if err := tx.PutWindow(g.rec.ID, w); err != nil {
			return err
		}
		var to []string
		for _, p := range g.rec.Players {
			if slices.Contains(missing, engine.Side(p.Side)) {
				to = append(to, p.Address)
			}
		}
		for _, m := range g.rec.Moderators {
			to = append(to, m.Address)
		}
		return tx.Enqueue(&store.Mail{Game: g.rec.ID, To: to, Subject: fmt.Sprintf("[%s] %s %s", g.rec.ID, sw.ID, what), Body: text + "\n"}, r.cfg.Domain, now)
	})
	r.forget(g.rec.ID)
	return err
}

// resolve closes the open window with the files on file (and, under the
// robot policy, the robot's orders for the missing sides), and in one
// transaction stores the new state, the window's record and the mails
// that open the next window.
func (r *Referee) resolve(g *loaded, pend map[string]*store.Pending, missing []engine.Side, now time.Time) error {
	sw := g.state.Window()
	verbs, hexes := g.rs.Verbs(), g.data.Map.Grid.Codec
	byside := map[engine.Side][]engine.Order{}
	for side, p := range pend {
		f, err := orders.ParseWith(side+" "+sw.ID, p.Canonical, verbs, hexes)
		if err != nil {
			return fmt.Errorf("%s: the stored file of %s does not parse: %w", sw.ID, side, err)
		}
		byside[engine.Side(side)] = f.Orders
	}
	var notes []string
	var robots []engine.Side
	for _, side := range missing {
		if g.rec.Policy.NMR == store.NMRRobot {
			if text, err := rulesets.Robot(g.state, side); err == nil {
				f, err := orders.ParseWith("robot", []byte(text), verbs, hexes)
				if err == nil {
					byside[side] = f.Orders
					robots = append(robots, side)
					notes = append(notes, fmt.Sprintf("%s sent no orders: the robot gave them as caretaker.", side))
					continue
				}
			}
		}
		notes = append(notes, fmt.Sprintf("%s sent no orders: its standing orders decided.", side))
	}
	// The dice: the window's seed, committed to when it opened, over
	// the nonces of the files used (docs/dice.md).
	seed := dice.WindowSeed(g.rec.Seed, g.rec.ID, sw.ID)
	var nonces []dice.Nonce
	for _, side := range g.data.Sides {
		n := dice.Nonce{Side: side}
		if p := pend[string(side)]; p != nil {
			n.Nonce = p.Nonce
		}
		nonces = append(nonces, n)
	}
	stream := dice.ForWindow(seed, nonces)
	next, events, err := g.state.Resolve(byside, stream)
	if err != nil {
		// The engine found a broken invariant: stop the game for the
		// moderators rather than go on from a bad state.
		return r.halt(g, now, fmt.Sprintf("%s could not be resolved: %v", sw.ID, err))
	}
	snap, err := next.Snapshot()
	if err != nil {
		return err
	}
	rec := &store.Record{Window: sw.ID, Resolved: now, Files: sortedPending(pend), Rolls: int(stream.Rolls()),
		Seed: seed, Public: int(stream.Public())}
	for _, n := range nonces {
		rec.Nonces = append(rec.Nonces, string(n.Side)+" "+n.Nonce)
	}
	for _, e := range events {
		rec.Events = append(rec.Events, e.String())
	}
	ng := *g
	ng.state, ng.window = next, openWindow(g.rec, next.Window(), now)
	link := resolutionLink(g.rs, rec, robots, snap, now)
	head, err := r.nextLink(g.rec.ID, link)
	if err != nil {
		return err
	}
	// The mails (reports and maps) are made before the transaction, which
	// then only writes.
	mails := r.windowMails(g.state, &ng, events, fmt.Sprintf("%s (%s)", sw.ID, sw.Name), notes, rec, head)
	r.backup(g.rec.ID, sw.ID, now)
	r.hook("resolve-before-commit")
	err = r.db.Update(func(tx *store.Tx) error {
		if err := tx.PutState(g.rec.ID, snap); err != nil {
			return err
		}
		if err := tx.AddRecord(g.rec.ID, rec); err != nil {
			return err
		}
		if _, err := tx.Append(g.rec.ID, link); err != nil {
			return err
		}
		if err := tx.ClearPending(g.rec.ID); err != nil {
			return err
		}
		if err := tx.PutWindow(g.rec.ID, ng.window); err != nil {
			return err
		}
		if len(g.rec.Notices) > 0 {
			rec := *g.rec
			rec.Notices = nil // announced in the mails below
			if err := tx.PutGame(&rec); err != nil {
				return err
			}
		}
		for _, m := range mails {
			if err := tx.Enqueue(m, r.cfg.Domain, now); err != nil {
				return err
			}
		}
		return nil
	})
	r.forget(g.rec.ID)
	if err == nil {
		r.hook("resolve-after-commit")
	}
	return err
}

// halt pauses a game and tells its moderators why.
func (r *Referee) halt(g *loaded, now time.Time, why string) error {
	r.log.Error("game halted", "game", g.rec.ID, "why", why)
	err := r.db.Update(func(tx *store.Tx) error {
		rec := *g.rec
		rec.Paused = true
		if err := tx.PutGame(&rec); err != nil {
			return err
		}
		if _, err := tx.Append(g.rec.ID, moderatorLink("the referee", "paused the game: "+why, g.window, true, now)); err != nil {
			return err
		}
		var to []string
		for _, m := range g.rec.Moderators {
			to = append(to, m.Address)
		}
		return tx.Enqueue(&store.Mail{Game: g.rec.ID, To: to, Subject: fmt.Sprintf("[%s] the game is paused", g.rec.ID),
			Body: why + "\nThe game is paused until a moderator resumes it.\n"}, r.cfg.Domain, now)
	})
	r.forget(g.rec.ID)
	return err
}

// windowMails is the mail each player and moderator gets when a window
// opens: the report of their side (templates.Report, drawn from the
// side's View and the events it may see), the window now open with its
// deadline, and the side's order template; the moderators get everything.
// resolved names the window just resolved ("" when the game begins), and
// before is the game as that window opened (nil when it begins): a side
// whose map would show nothing new (report.Unchanged) gets a line saying
// so instead of the map.
func (r *Referee) windowMails(before engine.State, g *loaded, events []engine.Event, resolved string, notes []string, last *store.Record, head string) []*store.Mail {
	sw := g.state.Window()
	subject := fmt.Sprintf("[%s] %s (%s)", g.rec.ID, sw.ID, sw.Name)
	if sw.Done {
		subject = fmt.Sprintf("[%s] the game is over", g.rec.ID)
	}
	var notices []string
	for _, n := range g.rec.Notices {
		notices = append(notices, fmt.Sprintf("%s %s: %s", n.At.UTC().Format("2006-01-02 15:04 MST"), n.Who, n.What))
	}
	window := strings.ReplaceAll(sw.ID, " ", "-")
	// What each side is given is made once and shared by its players.
	type given struct {
		text, template string
		twin           store.Attachment
		pictures       []store.Attachment
	}
	made := map[engine.Side]*given{}
	lines := playerLines(g.rs.Verbs(), g.data.Map.Grid.Codec, last)
	give := func(side engine.Side, who string) *given {
		if gv, ok := made[side]; ok {
			return gv
		}
		gv := &given{}
		in := report.Input{Game: g.rec.ID, Side: side, Resolved: resolved, Events: events, Notes: notes, Notices: notices,
			Deadline: g.deadline(g.window), Address: r.cfg.Address, Dice: g.dice(last), Chain: head, Lines: lines}
		if side != engine.Moderator {
			gv.template = ack.Template(g.state, g.rec.ID, side)
			in.Template = gv.template
		}
		rep := report.Build(g.state, in)
		var err error
		if gv.text, err = templates.Text(rep); err != nil {
			r.log.Error("report", "game", g.rec.ID, "side", side, "err", err)
		}
		twin, err := templates.JSON(rep)
		if err != nil {
			r.log.Error("report", "game", g.rec.ID, "side", side, "err", err)
		}
		gv.twin = store.Attachment{Name: "report-" + window + ".json", Type: "application/json", Data: twin}
		if report.Unchanged(before, g.state, side, events) {
			gv.text = report.NoMap + "\n\n" + gv.text
			made[side] = gv
			return gv
		}
		// The close-up is of the fighting of the window resolved: named
		// after it, not after the window now open.
		fought := sw.ID
		if before != nil {
			fought = before.Window().ID
		}
		whole, zoomed, err := report.Pictures(g.state, side, fmt.Sprintf("%s · %s · %s", g.rec.ID, sw.ID, who),
			fmt.Sprintf("%s · %s · %s · the fighting", g.rec.ID, fought, who), events)
		if err != nil {
			r.log.Error("map", "game", g.rec.ID, "side", side, "err", err)
		}
		for _, p := range []struct {
			name string
			png  []byte
		}{{"map-" + window, whole}, {"closeup-" + strings.ReplaceAll(fought, " ", "-"), zoomed}} {
			if len(p.png) > 0 {
				gv.pictures = append(gv.pictures, store.Attachment{Name: p.name + ".png", Type: "image/png", Data: p.png})
			}
		}
		made[side] = gv
		return gv
	}
	var out []*store.Mail
	for _, p := range g.rec.Players {
		side := engine.Side(p.Side)
		gv := give(side, g.data.SideNames[side])
		m := &store.Mail{Game: g.rec.ID, To: []string{p.Address}, Subject: subject, Body: gv.text}
		m.Attachments = append([]store.Attachment(nil), gv.pictures...)
		if !sw.Done {
			// The template again as a file, ready to edit, sign and send.
			m.Attachments = append(m.Attachments, store.Attachment{Name: "orders-" + window + ".txt", Type: "text/plain",
				Data: []byte(gv.template)})
		}
		if p.JSON {
			m.Attachments = append(m.Attachments, gv.twin)
		}
		out = append(out, m)
	}
	for _, p := range g.rec.Moderators {
		gv := give(engine.Moderator, "moderators")
		m := &store.Mail{Game: g.rec.ID, To: []string{p.Address}, Subject: subject + " (moderator)", Body: gv.text,
			Attachments: append([]store.Attachment(nil), gv.pictures...)}
		if p.JSON {
			m.Attachments = append(m.Attachments, gv.twin)
		}
		out = append(out, m)
	}
	return out
}

// backup writes game id's safety copy (safety.go) before window w is
// resolved: its cost is the game's, whatever else the store holds.
func (r *Referee) backup(id, w string, now time.Time) {
	if r.cfg.Backups == "" {
		return
	}
	r.copyGame(id, w, now)
}

// dice is what g's reports say of the dice: the commitment to the seed of
// the window now open (none once the game is over) and the reveal of last,
// the window just resolved, if any.
func (g *loaded) dice(last *store.Record) templates.Dice {
	var d templates.Dice
	if w := g.state.Window(); !w.Done {
		d.Window, d.Commitment = w.ID, dice.Commitment(dice.WindowSeed(g.rec.Seed, g.rec.ID, w.ID))
	}
	if last != nil && last.Seed != nil {
		d.Last = &templates.Reveal{Window: last.Window, Seed: hex.EncodeToString(last.Seed), Commitment: dice.Commitment(last.Seed),
			Nonces: last.Nonces, Rolls: last.Public}
	}
	return d
}
