package referee

import (
	"strings"
	"testing"
	"time"
)

// A moderator's action names a moderator of the game, or no one (the
// operator): players read the name, so another is refused and nothing
// happens.
func TestActAsModeratorOnly(t *testing.T) {
	h := newHarness(t, DefaultPolicy())
	h.outbox(t0)
	now := t0.Add(time.Hour)
	carl := newPlayer(t, "Carl", "DE", 4)
	for name, act := range map[string]func() error{
		"pause":          func() error { return h.ref.Pause("t1", "Nobody", "x", now) },
		"resume":         func() error { return h.ref.Resume("t1", "Nobody", "x", now) },
		"extend":         func() error { return h.ref.Extend("t1", time.Hour, "Nobody", "x", now) },
		"process-now":    func() error { return h.ref.ProcessNow("t1", "Nobody", "x", now) },
		"replace-player": func() error { return h.ref.ReplacePlayer("t1", "DE", "Ben", carl.member(), "Nobody", "x", now) },
		"key-remove":     func() error { return h.ref.RemoveKey("t1", "Ben", "Nobody", now) },
	} {
		if err := act(); err == nil || !strings.Contains(err.Error(), "Nobody is not a moderator of game t1; its moderators are Mo") {
			t.Errorf("%s as Nobody: %v", name, err)
		}
	}
	if mails := h.outbox(now); len(mails) != 0 {
		t.Errorf("refused actions mailed: %v", mails)
	}
	if err := h.ref.Pause("t1", "Mo", "ill", now); err != nil {
		t.Errorf("Mo: %v", err)
	}
	if err := h.ref.Resume("t1", "", "better", now); err != nil {
		t.Errorf("the operator: %v", err)
	}
}
