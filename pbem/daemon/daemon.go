// Package daemon is `pbem serve`: it owns the store, reads the mailbox,
// runs the referee and sends the outbox, until its context ends.
//
// One goroutine, the referee loop, owns every game: it takes typed events
// (a mail fetched, the tick of the clock, a control request) one at a
// time. The intake goroutine fetches mail and waits on IDLE; the outbox
// goroutine sends after each commit and retries on its own schedule. A
// mail is moved out of the inbox only after the transaction that recorded
// it has committed, so a crash at any point loses nothing: on restart the
// watermark and the seen Message-IDs say what was already taken.
package daemon

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"pbem/pbem/mailin"
	"pbem/pbem/outbox"
	"pbem/pbem/referee"
	"pbem/pbem/store"
)

// Options is a daemon's parts. Each is made from the configuration by
// the caller (cmd/pbem), so tests can give their own.
type Options struct {
	DB      *store.DB
	Referee *referee.Referee
	Mailbox *mailin.Mailbox
	Sender  *outbox.Sender
	Folder  string // the mailbox folder's name, for the watermark
	// Quarantine is the folder mail goes to that could not be taken in
	// after Tries attempts (default 3).
	Quarantine string
	Tries      int
	MaxMail    int64
	Tick       time.Duration
	Log        *slog.Logger
	Now        func() time.Time
	// Control is the path of the control socket; "" for none.
	Control string
}

// event is one thing for the referee loop to do.
type event struct {
	mail *mailin.Message    // a fetched mail
	ctl  *Request           // a control request
	done chan<- eventResult // where the result goes
	// aside: put mail aside after tries failed attempts, the last with
	// why, rather than take it in.
	aside *failure
}

// failure is a mail the referee failed to take in.
type failure struct {
	tries int
	why   string
}

type eventResult struct {
	verdict referee.Verdict
	text    string
	err     error
}

// Run serves until ctx ends, and returns nil then, or the error that
// stopped it.
func Run(ctx context.Context, o Options) error {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Tries == 0 {
		o.Tries = 3
	}
	o.Sender.AfterSend = func() { Crash("mail-sent") } // sent, not yet marked so
	o.Referee.Hook = Crash                             // "resolve-before-commit", "resolve-after-commit"
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	events := make(chan event)
	kick := make(chan struct{}, 1) // the outbox has new mail
	poke := func() {
		select {
		case kick <- struct{}{}:
		default:
		}
	}
	var wg sync.WaitGroup
	var ctlErr error
	if o.Control != "" {
		ln, err := listen(o.Control)
		if err != nil {
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctlErr = serveControl(ctx, ln, events, o.Log)
		}()
	}
	wg.Add(2)
	go func() { defer wg.Done(); intake(ctx, o, events) }()
	go func() { defer wg.Done(); sendLoop(ctx, o, kick) }()
	poke()
	tick := time.NewTicker(o.Tick)
	defer tick.Stop()
	o.Log.Info("serving", "mailbox", o.Folder, "tick", o.Tick)
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case <-tick.C:
			if terr := o.Referee.Tick(o.Now()); terr != nil {
				o.Log.Error("tick", "err", terr)
			}
			poke()
		case ev := <-events:
			var res eventResult
			switch {
			case ev.mail != nil:
				m := ev.mail
				d := referee.Delivery{Mailbox: o.Folder, UIDValidity: m.Validity, UID: m.UID, Raw: m.Raw, HeaderOnly: m.HeaderOnly, Size: m.Size}
				if ev.aside != nil {
					_, res.err = o.Referee.Quarantine(d, ev.aside.why, ev.aside.tries, o.Quarantine, o.Now())
				} else {
					res.verdict, res.err = o.Referee.Receive(d, o.Now())
				}
			case ev.ctl != nil:
				res.text, res.err = Do(o.Referee, *ev.ctl, o.Now())
			}
			ev.done <- res
			poke()
		}
	}
	cancel()
	wg.Wait()
	o.Log.Info("stopped")
	return ctlErr
}

// intake fetches new mail, hands each to the referee loop, moves it out of
// the inbox once recorded, and waits for more. Failures are logged and
// retried with a doubling wait (at most five minutes). A mail the referee
// fails to take in o.Tries times is put aside (Referee.Quarantine) and
// moved to the quarantine folder, so that no mail can stop the intake of
// those after it; if even that record fails, the store is at fault, not
// the mail, and the intake waits.
func intake(ctx context.Context, o Options, events chan<- event) {
	defer o.Mailbox.Close()
	wait := time.Second
	failed := map[[2]uint32]int{} // failed attempts by UIDVALIDITY and UID
	for ctx.Err() == nil {
		err := intakeOnce(ctx, o, events, failed)
		var retry *retryMail
		if err == nil || errors.As(err, &retry) {
			wait = time.Second // the server works: no need to wait longer
		}
		if err == nil {
			err = o.Mailbox.Wait(ctx)
		}
		if err != nil && ctx.Err() == nil {
			o.Log.Warn("mailbox", "err", err, "retry_in", wait)
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
			wait = min(2*wait, 5*time.Minute)
		}
	}
}

func intakeOnce(ctx context.Context, o Options, events chan<- event, failed map[[2]uint32]int) error {
	swept := false
	for {
		var w store.Watermark
		aside := map[uint32]bool{} // mail put aside, for the sweep
		if err := o.DB.View(func(tx *store.Tx) error {
			var err error
			if w, err = tx.Watermark(o.Folder); err != nil || swept {
				return err
			}
			q, err := tx.Quarantined()
			for _, m := range q {
				if m.Mailbox == o.Folder && m.UIDValidity == w.UIDValidity {
					aside[m.UID] = true
				}
			}
			return err
		}); err != nil {
			return err
		}
		if !swept {
			// Mail recorded before a crash kept it from being moved, or
			// from being put aside.
			if err := o.Mailbox.Sweep(ctx, w, aside); err != nil {
				return err
			}
			swept = true
		}
		msgs, _, err := o.Mailbox.Fetch(ctx, w, o.MaxMail, 50)
		if err != nil {
			return err
		}
		if len(msgs) == 0 {
			return nil
		}
		var done []uint32
		for i := range msgs {
			m := &msgs[i]
			Crash("intake-fetched")
			r := send(ctx, events, event{mail: m})
			key := [2]uint32{m.Validity, m.UID}
			if r.err != nil && ctx.Err() == nil {
				failed[key]++
				if failed[key] < o.Tries {
					// Not recorded: the mail stays in the inbox and is
					// read again after the wait.
					return &retryMail{fmt.Errorf("mail UID %d (attempt %d of %d): %w", m.UID, failed[key], o.Tries, r.err)}
				}
				if q := send(ctx, events, event{mail: m, aside: &failure{failed[key], r.err.Error()}}); q.err != nil {
					return fmt.Errorf("mail UID %d: %w; and putting it aside: %w", m.UID, r.err, q.err)
				}
				delete(failed, key)
				if err := o.Mailbox.Quarantine(ctx, m.UID); err != nil {
					return err // recorded: the next sweep moves it
				}
				continue
			}
			if r.err != nil {
				return r.err
			}
			delete(failed, key)
			o.Log.Info("mail", "uid", m.UID, "outcome", r.verdict.Outcome, "game", r.verdict.Game, "side", r.verdict.Side, "player", r.verdict.Player, "why", r.verdict.Why)
			Crash("intake-committed") // recorded, not yet moved out of the inbox
			done = append(done, m.UID)
		}
		if err := o.Mailbox.Done(ctx, done...); err != nil {
			// Recorded already: the watermark keeps it from being taken
			// twice, and Sweep moves it on the next pass.
			return err
		}
	}
}

// retryMail is the referee's failure on one mail, to be tried again.
type retryMail struct{ err error }

func (e *retryMail) Error() string { return e.err.Error() }
func (e *retryMail) Unwrap() error { return e.err }

// send hands ev to the referee loop and waits for its result.
func send(ctx context.Context, events chan<- event, ev event) eventResult {
	res := make(chan eventResult, 1)
	ev.done = res
	select {
	case events <- ev:
	case <-ctx.Done():
		return eventResult{err: ctx.Err()}
	}
	return <-res
}

// sendLoop drains the outbox whenever kicked, and at least once a
// minute for the retries.
func sendLoop(ctx context.Context, o Options, kick <-chan struct{}) {
	for {
		if _, _, err := o.Sender.Drain(ctx, o.Now); err != nil && ctx.Err() == nil {
			o.Log.Error("outbox", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-kick:
		case <-time.After(time.Minute):
		}
	}
}
