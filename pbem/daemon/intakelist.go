package daemon

import (
	"fmt"
	"strings"
	"time"

	"pbem/pbem/store"
)

// intakeList shows what the intake put aside or left unanswered, after
// the outbox in pbem mail list.
func intakeList(quarantined []store.Quarantined, u store.Unanswered) string {
	var b strings.Builder
	stamp := func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 MST") }
	fmt.Fprintf(&b, "quarantined: %d mail(s)\n", len(quarantined))
	for _, q := range quarantined {
		fmt.Fprintf(&b, "  %-6d %s  %s %d/%d, %d bytes, from %q, Message-ID %q\n         moved to %s after %d tries: %s\n",
			q.Seq, stamp(q.At), q.Mailbox, q.UIDValidity, q.UID, q.Size, q.From, q.MessageID, q.Folder, q.Tries, q.Why)
	}
	if len(quarantined) > 0 {
		b.WriteString("Once the fault is fixed, move a mail back to the inbox to have it taken in again.\n")
	}
	if u.Count > 0 {
		fmt.Fprintf(&b, "unanswered: %d mails from addresses of no game since %s, the last %s from %q\n", u.Count, stamp(u.Since), stamp(u.Last), u.LastFrom)
	}
	return b.String()
}
