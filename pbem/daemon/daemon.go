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
	MaxMail int64
	Tick    time.Duration
	Log     *slog.Logger
	Now     func() time.Time
	// Control is the path of the control socket; "" for none.
	Control string
}

// event is one thing for the referee loop to do.
type event struct {
	mail *mailin.Message    // a fetched mail
	ctl  *Request           // a control request
	done chan<- eventResult // where the result goes
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
				res.verdict, res.err = o.Referee.Receive(referee.Delivery{Mailbox: o.Folder, UIDValidity: m.Validity, UID: m.UID,
					Raw: m.Raw, HeaderOnly: m.HeaderOnly, Size: m.Size}, o.Now())
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
// retried with a doubling wait (at most five minutes).
func intake(ctx context.Context, o Options, events chan<- event) {
	defer o.Mailbox.Close()
	wait := time.Second
	for ctx.Err() == nil {
		err := intakeOnce(ctx, o, events)
		if err == nil {
			wait = time.Second
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

func intakeOnce(ctx context.Context, o Options, events chan<- event) error {
	swept := false
	for {
		var w store.Watermark
		if err := o.DB.View(func(tx *store.Tx) error {
			var err error
			w, err = tx.Watermark(o.Folder)
			return err
		}); err != nil {
			return err
		}
		if !swept {
			// Mail recorded before a crash kept it from being moved.
			if err := o.Mailbox.Sweep(ctx, w); err != nil {
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
			res := make(chan eventResult, 1)
			select {
			case events <- event{mail: m, done: res}:
			case <-ctx.Done():
				return ctx.Err()
			}
			r := <-res
			if r.err != nil {
				// Not recorded: the mail stays in the inbox and is read
				// again after the wait.
				return fmt.Errorf("mail UID %d: %w", m.UID, r.err)
			}
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
