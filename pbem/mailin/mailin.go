// Package mailin reads the referee's IMAP mailbox with go-imap v2 (pinned
// at v2.0.0-beta.8; every use of the library stays in this package). It
// adds what the library lacks (libraries.md 1.4-1.6): a watchdog on every
// command, so that a silent server cannot hang the daemon, and a poll
// when the server has no IDLE. A broken connection is closed; the next
// call dials again, and the caller's loop waits between tries.
package mailin

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"sort"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"pbem/pbem/config"
	"pbem/pbem/store"
)

// Config says how to reach the mailbox.
type Config struct {
	Server    string // host:port
	TLS       string // "implicit", "starttls" or "none"
	TLSConfig *tls.Config
	Username  string
	Password  string
	Mailbox   string
	Processed string // folder for processed mail; "" flags it instead
	// Quarantine is the folder mail the referee could not take in is
	// moved to, so that the mail after it is taken in.
	Quarantine string
	Idle       bool          // use IDLE when offered
	Poll       time.Duration // wait between looks without IDLE
	Timeout    time.Duration // for every command
}

// Message is one new mail. A mail over the size limit comes with its
// header only (HeaderOnly), so the referee can answer it without
// downloading it.
type Message struct {
	UID        uint32
	Validity   uint32 // the mailbox's UIDVALIDITY when it was fetched
	Size       int64
	Raw        []byte
	HeaderOnly bool
}

// Mailbox is a connection to the mailbox, made on first use and again
// after any failure.
type Mailbox struct {
	cfg  Config
	c    *imapclient.Client
	caps imap.CapSet
	// validity is the UIDVALIDITY the selection reported.
	validity uint32
	// wake is signalled by the reader goroutine when the server reports
	// new mail; it must never block there.
	wake chan struct{}
	mu   sync.Mutex // guards c against Close from another goroutine
}

// ErrTimeout is returned when a command outlives Config.Timeout; the
// connection is then closed.
var ErrTimeout = errors.New("the IMAP server did not answer in time")

// New returns a mailbox for cfg; nothing is dialled yet.
func New(cfg Config) *Mailbox {
	return &Mailbox{cfg: cfg, wake: make(chan struct{}, 1)}
}

// Close logs out (briefly) and drops the connection.
func (m *Mailbox) Close() error {
	m.mu.Lock()
	c := m.c
	m.c = nil
	m.mu.Unlock()
	if c == nil {
		return nil
	}
	done := make(chan struct{})
	go func() { _ = c.Logout().Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
	return c.Close()
}

// drop closes a connection that failed; the next call dials again.
func (m *Mailbox) drop() {
	m.mu.Lock()
	c := m.c
	m.c = nil
	m.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

// watch runs wait with the command timeout and ctx: if either ends first,
// the connection is closed (which ends wait) and an error returned.
func (m *Mailbox) watch(ctx context.Context, what string, wait func() error) error {
	done := make(chan error, 1)
	go func() { done <- wait() }()
	t := time.NewTimer(m.cfg.Timeout)
	defer t.Stop()
	select {
	case err := <-done:
		if err != nil {
			m.drop()
			return fmt.Errorf("imap %s: %w", what, err)
		}
		return nil
	case <-t.C:
		m.drop()
		<-done
		return fmt.Errorf("imap %s: %w (%s)", what, ErrTimeout, config.Duration(m.cfg.Timeout))
	case <-ctx.Done():
		m.drop()
		<-done
		return ctx.Err()
	}
}

// connect dials, logs in and selects the mailbox, unless connected.
func (m *Mailbox) connect(ctx context.Context) (*imapclient.Client, error) {
	m.mu.Lock()
	c := m.c
	m.mu.Unlock()
	if c != nil {
		select {
		case <-c.Closed():
			m.drop()
		default:
			return c, nil
		}
	}
	opts := &imapclient.Options{
		TLSConfig: m.cfg.TLSConfig,
		Dialer:    &net.Dialer{Timeout: m.cfg.Timeout, KeepAlive: 30 * time.Second},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case m.wake <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	var err error
	switch m.cfg.TLS {
	case "implicit":
		c, err = imapclient.DialTLS(m.cfg.Server, opts)
	case "starttls":
		c, err = imapclient.DialStartTLS(m.cfg.Server, opts)
	case "none":
		c, err = imapclient.DialInsecure(m.cfg.Server, opts)
	default:
		return nil, fmt.Errorf("imap: TLS mode %q", m.cfg.TLS)
	}
	if err != nil {
		return nil, fmt.Errorf("imap dial %s: %w", m.cfg.Server, err)
	}
	m.mu.Lock()
	m.c = c
	m.mu.Unlock()
	if err := m.watch(ctx, "greeting", c.WaitGreeting); err != nil {
		return nil, err
	}
	if err := m.watch(ctx, "login", c.Login(m.cfg.Username, m.cfg.Password).Wait); err != nil {
		return nil, err
	}
	var sel *imap.SelectData
	if err := m.watch(ctx, "select "+m.cfg.Mailbox, func() error {
		var err error
		sel, err = c.Select(m.cfg.Mailbox, nil).Wait()
		return err
	}); err != nil {
		return nil, err
	}
	m.validity = sel.UIDValidity
	m.caps = c.Caps()
	for _, folder := range []string{m.cfg.Processed, m.cfg.Quarantine} {
		if folder != "" {
			// Made once; "already exists" is what most runs get.
			_ = m.watch(ctx, "create "+folder, func() error { _ = c.Create(folder, nil).Wait(); return nil })
		}
	}
	return c, nil
}

// Fetch returns the mail after watermark w, smallest UID first, at most
// n, with the mailbox's UIDVALIDITY. If the UIDVALIDITY differs from w's,
// the server has renumbered the mailbox and every mail in it is new (the
// store's hashes of the mail seen keep old mail from being taken twice).
// Mail larger than maxSize comes without its body. The mails fetched
// whole hold at most maxSize bytes together (or one mail), so that memory
// stays bounded however many large mails wait.
func (m *Mailbox) Fetch(ctx context.Context, w store.Watermark, maxSize int64, n int) ([]Message, uint32, error) {
	c, err := m.connect(ctx)
	if err != nil {
		return nil, 0, err
	}
	validity := m.validity
	after := imap.UID(w.UID)
	if validity != w.UIDValidity {
		after = 0
	}
	var set imap.UIDSet
	set.AddRange(after+1, 0)
	var found []imap.UID
	if err := m.watch(ctx, "search", func() error {
		sd, err := c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
		if err != nil {
			return err
		}
		for _, u := range sd.AllUIDs() {
			if u > after { // "n:*" always names the last mail (libraries.md 1.3)
				found = append(found, u)
			}
		}
		return nil
	}); err != nil {
		return nil, 0, err
	}
	sort.Slice(found, func(i, j int) bool { return found[i] < found[j] })
	if len(found) > n {
		found = found[:n]
	}
	if len(found) == 0 {
		return nil, validity, nil
	}
	// The size first: a mail over the limit is never downloaded.
	sizes := map[imap.UID]int64{}
	if err := m.watch(ctx, "fetch sizes", func() error {
		msgs, err := c.Fetch(imap.UIDSetNum(found...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
		for _, msg := range msgs {
			sizes[msg.UID] = msg.RFC822Size
		}
		return err
	}); err != nil {
		return nil, 0, err
	}
	var small, large []imap.UID
	var bytes int64
	for i, u := range found {
		if sizes[u] > maxSize {
			large = append(large, u)
			continue
		}
		if len(small) > 0 && bytes+sizes[u] > maxSize {
			found = found[:i] // the rest at the next call
			break
		}
		small = append(small, u)
		bytes += sizes[u]
	}
	whole := &imap.FetchItemBodySection{Peek: true}
	header := &imap.FetchItemBodySection{Peek: true, Specifier: imap.PartSpecifierHeader}
	bodies := map[imap.UID][]byte{}
	for _, f := range []struct {
		uids []imap.UID
		bs   *imap.FetchItemBodySection
	}{{small, whole}, {large, header}} {
		if len(f.uids) == 0 {
			continue
		}
		if err := m.watch(ctx, "fetch", func() error {
			cmd := c.Fetch(imap.UIDSetNum(f.uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{f.bs}})
			for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
				uid, body, n, err := readMessage(msg, maxSize)
				if err != nil {
					cmd.Close()
					return err
				}
				bodies[uid] = body
				if n > sizes[uid] {
					sizes[uid] = n
				}
			}
			return cmd.Close()
		}); err != nil {
			return nil, 0, err
		}
	}
	var out []Message
	for _, u := range found {
		out = append(out, Message{UID: uint32(u), Validity: validity, Size: sizes[u], Raw: bodies[u], HeaderOnly: sizes[u] > maxSize})
	}
	return out, validity, nil
}

// readMessage reads a fetched mail's UID and body section, and the
// section's size. The body is read into a buffer of the size the server
// announces, never grown by doubling (Collect would hold up to twice a
// large mail); of a section over limit (the server said RFC822.SIZE was
// smaller), only the first 64 KiB are kept, and the size tells the
// caller the mail is too large.
func readMessage(msg *imapclient.FetchMessageData, limit int64) (imap.UID, []byte, int64, error) {
	var uid imap.UID
	var body []byte
	var size int64
	for item := msg.Next(); item != nil; item = msg.Next() {
		switch it := item.(type) {
		case imapclient.FetchItemDataUID:
			uid = it.UID
		case imapclient.FetchItemDataBodySection:
			if it.Literal == nil {
				continue
			}
			size = it.Literal.Size()
			body = make([]byte, min(size, max(limit, 64<<10)))
			if _, err := io.ReadFull(it.Literal, body); err != nil {
				return 0, nil, 0, err
			}
		}
	}
	return uid, body, size, nil
}

// Sweep moves out of the mailbox the mail at or below watermark w that
// is still there: mail the store recorded before a crash kept it from
// being moved; the UIDs in aside go to the quarantine folder. Nothing is
// done under another UIDVALIDITY.
func (m *Mailbox) Sweep(ctx context.Context, w store.Watermark, aside map[uint32]bool) error {
	if w.UID == 0 {
		return nil
	}
	c, err := m.connect(ctx)
	if err != nil {
		return err
	}
	if m.validity != w.UIDValidity {
		return nil
	}
	var set imap.UIDSet
	set.AddRange(1, imap.UID(w.UID))
	var left, quarantine []uint32
	if err := m.watch(ctx, "search", func() error {
		sd, err := c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
		if err != nil {
			return err
		}
		for _, u := range sd.AllUIDs() {
			switch {
			case uint32(u) > w.UID:
			case aside[uint32(u)]:
				quarantine = append(quarantine, uint32(u))
			default:
				left = append(left, uint32(u))
			}
		}
		return nil
	}); err != nil {
		return err
	}
	if err := m.Quarantine(ctx, quarantine...); err != nil {
		return err
	}
	return m.Done(ctx, left...)
}

// Quarantine moves mail the referee could not take in to the quarantine
// folder, where the operator finds it (pbem mail list names it).
func (m *Mailbox) Quarantine(ctx context.Context, uids ...uint32) error {
	if len(uids) == 0 {
		return nil
	}
	if m.cfg.Quarantine == "" {
		return m.Done(ctx, uids...)
	}
	c, err := m.connect(ctx)
	if err != nil {
		return err
	}
	set := uidSet(uids)
	return m.watch(ctx, "move", func() error { _, err := c.Move(set, m.cfg.Quarantine).Wait(); return err })
}

// uidSet is the set of uids.
func uidSet(uids []uint32) imap.UIDSet {
	set := imap.UIDSet{}
	for _, u := range uids {
		set.AddNum(imap.UID(u))
	}
	return set
}

// Done moves processed mail to the Processed folder, or flags it seen
// when there is none. Call it only after the store has committed what the
// mail brought.
func (m *Mailbox) Done(ctx context.Context, uids ...uint32) error {
	if len(uids) == 0 {
		return nil
	}
	c, err := m.connect(ctx)
	if err != nil {
		return err
	}
	set := uidSet(uids)
	if m.cfg.Processed != "" {
		return m.watch(ctx, "move", func() error { _, err := c.Move(set, m.cfg.Processed).Wait(); return err })
	}
	return m.watch(ctx, "store", func() error {
		return c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	})
}

// Wait returns when new mail may have come: the server said so during
// IDLE, or the poll interval passed (IDLE is also renewed at that
// interval, well inside the 29 minutes servers allow), or ctx ended.
func (m *Mailbox) Wait(ctx context.Context) error {
	c, err := m.connect(ctx)
	if err != nil {
		return err
	}
	select {
	case <-m.wake: // news that came while we were busy
		return nil
	default:
	}
	if !m.cfg.Idle || !(m.caps.Has(imap.CapIdle) || m.caps.Has(imap.CapIMAP4rev2)) {
		select {
		case <-time.After(m.cfg.Poll):
		case <-ctx.Done():
			return ctx.Err()
		}
		return m.watch(ctx, "noop", c.Noop().Wait)
	}
	idle, err := c.Idle()
	if err != nil {
		m.drop()
		return fmt.Errorf("imap idle: %w", err)
	}
	var why error
	select {
	case <-m.wake:
	case <-time.After(m.cfg.Poll):
	case <-c.Closed():
		why = errors.New("imap idle: the server closed the connection")
	case <-ctx.Done():
		why = ctx.Err()
	}
	if why != nil {
		m.drop()
		return why
	}
	if err := m.watch(ctx, "idle done", func() error {
		if err := idle.Close(); err != nil {
			return err
		}
		return idle.Wait()
	}); err != nil {
		return err
	}
	return nil
}
