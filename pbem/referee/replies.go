package referee

import (
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"pbem/orders/sig"
	"pbem/pbem/intake"
	"pbem/pbem/store"
)

// Mail no registered key signed is answered only within three caps, so
// that nobody can make the referee send mail to third parties
// (backscatter) or use up a player's replies:
//   - an address that holds no seat in any game here (player or
//     moderator) is never answered: its From may be forged; the mail is
//     counted (pbem mail list);
//   - each address has a daily budget per kind of mail: mail without a
//     signature (or with an unknown key, unreadable, too large) and mail
//     whose signature names a registered key but fails are counted apart,
//     so forged unsigned mail from a player's address cannot use up the
//     replies that tell the player their own signature failed; a reply to
//     a file a registered key signed goes to its owner and is never capped;
//   - every reply to mail no registered key signed counts against a cap
//     per hour for the whole referee.
const (
	budgetUnsigned  = "unsigned"
	budgetSignature = "signature"
)

// maxWhy bounds a verdict's reason, which may quote a header (intake.Read
// bounds the header values themselves).
const maxWhy = 500

// signedByAKey reports whether a verification error says the mail bears
// a signature of a registered key that failed, rather than none or an
// unknown key's.
func signedByAKey(err error) bool {
	for _, e := range []error{sig.ErrBadSignature, sig.ErrExpiredKey, sig.ErrExpiredSignature, sig.ErrRevokedKey, sig.ErrWrongNamespace} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// shortReply answers mail m, which no registered key signed, with text,
// to its From: address, if the caps allow; otherwise it says in v.Why why
// not, and marks a sender of no game for the count.
func (r *Referee) shortReply(tx *store.Tx, m *intake.Mail, v *Verdict, budget string, now time.Time, text string) *store.Mail {
	not := func(why string) *store.Mail {
		v.Why += "; not answered: " + why
		return nil
	}
	switch {
	case m.Automatic:
		return not("sent by a program")
	case m.From == "": // none, or too long to be an address (intake.MaxAddress)
		return not("no address to answer")
	case !r.seated(tx, m.From, now):
		v.stranger = true
		return not("the sender holds no seat in any game here")
	}
	if recent, err := recentReplies(tx, budget, m.From, now); err != nil || len(recent) >= r.cfg.Replies {
		return not("the sender's replies for the day are used up")
	}
	if recent, err := hourly(tx, now); err != nil || len(recent) >= r.cfg.RepliesPerHour {
		return not("the referee's replies for the hour are used up")
	}
	v.budget = budget
	subject := "Re: " + clip(strings.NewReplacer("\r", " ", "\n", " ").Replace(m.Subject), 200)
	if m.Subject == "" {
		subject = "Your mail to the referee"
	}
	return &store.Mail{To: []string{m.From}, Subject: subject, Body: text + "\n"}
}

// seated reports whether addr is the address of a player or moderator of
// any game in the store, running or ended.
func (r *Referee) seated(tx *store.Tx, addr string, now time.Time) bool {
	for _, id := range tx.GameIDs() {
		if g, err := r.load(tx, id, now); err == nil && holdsSeat(g.rec, addr) {
			return true
		}
	}
	return false
}

// countReply records a reply to sender from budget, and in the hour's.
func (r *Referee) countReply(tx *store.Tx, budget, sender string, now time.Time) error {
	recent, err := recentReplies(tx, budget, sender, now)
	if err != nil {
		return err
	}
	if err := tx.SetReplies(budget, sender, append(recent, now)); err != nil {
		return err
	}
	hour, err := hourly(tx, now)
	if err != nil {
		return err
	}
	return tx.SetHourly(append(hour, now))
}

// recentReplies are sender's replies from budget in the day before now.
func recentReplies(tx *store.Tx, budget, sender string, now time.Time) ([]time.Time, error) {
	all, err := tx.Replies(budget, sender)
	return within(all, now, 24*time.Hour), err
}

// hourly are the replies to mail no registered key signed in the hour
// before now.
func hourly(tx *store.Tx, now time.Time) ([]time.Time, error) {
	all, err := tx.Hourly()
	return within(all, now, time.Hour), err
}

func within(all []time.Time, now time.Time, span time.Duration) []time.Time {
	var out []time.Time
	for _, t := range all {
		if now.Sub(t) < span {
			out = append(out, t)
		}
	}
	return out
}

// clip cuts s to at most n bytes on a rune boundary, saying how long it
// was: a header may be of any length, a record or a log line may not.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "... (" + strconv.Itoa(len(s)) + " bytes)"
}
