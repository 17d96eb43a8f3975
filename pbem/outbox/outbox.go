// Package outbox sends the mail the referee queued in the store, after the
// transaction that queued it has committed: one mail at a time, each send
// outside any transaction, its result recorded after it. A mail that
// fails is tried again later, the wait doubling each time, and given up
// after a bounded number of attempts. A crash between a send and its
// record means the mail goes out again on restart with the same
// Message-ID, so the copy is recognisably the same mail.
package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"pbem/pbem/store"
)

// Mailer sends one mail from the referee's address.
type Mailer interface {
	Send(ctx context.Context, from string, m *store.Mail) error
}

// Permanent marks a refusal that no retry will change (an SMTP 5xx reply:
// no such user, message refused).
type Permanent struct{ Err error }

func (p *Permanent) Error() string { return "permanent: " + p.Err.Error() }
func (p *Permanent) Unwrap() error { return p.Err }

// Sender drains the outbox of a store.
type Sender struct {
	DB          *store.DB
	Mailer      Mailer
	From        string
	Timeout     time.Duration // for one send
	Retry       time.Duration // the first wait after a failure
	MaxAttempts int
	Log         *slog.Logger
	// AfterSend, if set, runs after each successful send and before it
	// is recorded (the crash tests stop the process there).
	AfterSend func()
}

// maxWait caps the doubling wait between attempts.
const maxWait = 6 * time.Hour

// Drain sends every mail due at now() and returns how many went out and
// how many failed. It stops early, with ctx's error, when ctx ends.
func (s *Sender) Drain(ctx context.Context, now func() time.Time) (sent, failed int, err error) {
	for {
		var due []store.Queued
		if err := s.DB.View(func(tx *store.Tx) error {
			var err error
			due, err = tx.Due(now(), 16)
			return err
		}); err != nil {
			return sent, failed, err
		}
		if len(due) == 0 {
			return sent, failed, nil
		}
		for _, q := range due {
			if err := ctx.Err(); err != nil {
				return sent, failed, err
			}
			sctx, cancel := context.WithTimeout(ctx, s.Timeout)
			serr := s.Mailer.Send(sctx, s.From, q.Mail)
			cancel()
			at := now()
			if serr == nil {
				if s.AfterSend != nil {
					s.AfterSend()
				}
				sent++
				s.Log.Info("mail sent", "id", q.Mail.ID, "to", q.Mail.To, "subject", q.Mail.Subject)
				if err := s.DB.Update(func(tx *store.Tx) error { return tx.MarkSent(q.Seq, at) }); err != nil {
					return sent, failed, err
				}
				continue
			}
			failed++
			attempts := q.Mail.Attempts + 1
			maxAttempts := s.MaxAttempts
			var perm *Permanent
			if errors.As(serr, &perm) {
				maxAttempts = attempts // no use trying again
			}
			next := at.Add(s.backoff(attempts))
			if attempts >= maxAttempts {
				// The operator must step in: pbem mail list, pbem mail retry.
				s.Log.Error("mail given up", "seq", q.Seq, "id", q.Mail.ID, "to", q.Mail.To, "attempts", attempts, "err", serr)
			} else {
				s.Log.Warn("mail not sent", "seq", q.Seq, "id", q.Mail.ID, "to", q.Mail.To, "attempt", attempts, "err", serr, "next", next)
			}
			if err := s.DB.Update(func(tx *store.Tx) error { return tx.MarkFailed(q.Seq, serr.Error(), at, next, maxAttempts) }); err != nil {
				return sent, failed, err
			}
			if ctx.Err() != nil {
				return sent, failed, ctx.Err()
			}
		}
	}
}

// backoff is the wait after the given number of failed attempts.
func (s *Sender) backoff(attempts int) time.Duration {
	d := s.Retry
	for i := 1; i < attempts && d < maxWait; i++ {
		d *= 2
	}
	return min(d, maxWait)
}

// String names the sender for logs.
func (s *Sender) String() string { return fmt.Sprintf("outbox from %s", s.From) }
