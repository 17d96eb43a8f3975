package daemon

import (
	"fmt"
	"strings"
	"time"

	"pbem/pbem/referee"
	"pbem/pbem/store"
)

// intakeList shows what the intake put aside or left unanswered, after
// the outbox in pbem mail list.
func intakeList(quarantined []store.Quarantined, u store.Unanswered) string {
	var b strings.Builder
	stamp := func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 MST") }
	fmt.Fprintf(&b, "quarantined: %s\n", referee.Count(len(quarantined), "mail"))
	for _, q := range quarantined {
		fmt.Fprintf(&b, "  %-6d %s  %s %d/%d, %d bytes, from %q, Message-ID %q\n         moved to %s after %s: %s\n",
			q.Seq, stamp(q.At), q.Mailbox, q.UIDValidity, q.UID, q.Size, q.From, q.MessageID, q.Folder, tries(q.Tries), q.Why)
	}
	if len(quarantined) > 0 {
		b.WriteString("Once the fault is fixed, move a mail back to the inbox to have it taken in again.\n")
	}
	if u.Count > 0 {
		fmt.Fprintf(&b, "unanswered: %s from addresses of no game since %s, the last %s from %q\n", referee.Count(u.Count, "mail"), stamp(u.Since), stamp(u.Last), u.LastFrom)
	}
	return b.String()
}

// tries is "1 try", "3 tries".
func tries(n int) string {
	if n == 1 {
		return "1 try"
	}
	return fmt.Sprintf("%d tries", n)
}
