// Package ack binds order files to a game and acknowledges them: it checks
// that a file's header names the game, the signing side and the open
// window, refuses duplicates, validates the orders against the game
// (engine.State.Validate), writes the acknowledgement the player gets by
// return, and writes the order template of the open window that each
// report carries (docs/order-files.md).
//
// It does no I/O and keeps nothing: the caller passes the receipts of the
// files it has accepted and stores the new one.
package ack

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/orders"
)

// Receipt is the proof that a file was accepted for a window: the hash of
// its canonical text, which the acknowledgement quotes.
type Receipt struct {
	Window string    // the window id
	Hash   string    // hex SHA-256 of the canonical file (Canonical)
	Signed time.Time // when the file was signed; zero if the signature does not say (SSH)
}

// Result is a file bound to the open window.
type Result struct {
	Binding  orders.Binding
	Window   engine.Window    // the open window
	Orders   []engine.Order   // every order of the file
	Problems []engine.Problem // orders the window will refuse (st.Validate)
	Remarks  []engine.Remark  // how the preview reads them, with warnings
	// Unpreviewed: the rules system gives no preview (engine.Previewer),
	// so the orders were checked for form only.
	Unpreviewed bool
	Receipt     Receipt // the receipt of this file
	// Replaces is the receipt of the file this one replaces: the last one
	// accepted for the window, if any.
	Replaces *Receipt
}

// Canonical is the canonical text of a bound file: its header in
// canonical order and form, then its orders as orders.Format prints them.
// Comments, blank lines and the spelling of the header do not change it.
func Canonical(b orders.Binding, os []engine.Order) []byte {
	return orders.Format(&orders.File{Header: b.Header(), Orders: os})
}

// Hash is the hex SHA-256 of text.
func Hash(text []byte) string {
	sum := sha256.Sum256(text)
	return hex.EncodeToString(sum[:])
}

// Bind checks order file f, sent for game gameID and signed by a key of
// side at time signed (zero if the signature does not say), against the
// window open in st. accepted is the receipts of the files accepted so far
// in the game (at least those of the open window), oldest first.
//
// The file is refused, with an orders.ErrorList naming the header line of
// each problem, when its header is malformed (orders.ReadBinding), names
// another game or another side than the signing key's, names a window that
// is closed or not yet open, or is the same (Canonical) as a file already
// accepted for the window: a mail sent again, by the player or by anyone
// replaying it, changes nothing. A file signed before the one accepted
// last for the window is refused too, so that a mail delivered late, or a
// signed file held back and replayed, never replaces a newer one. The game id, side and window are compared
// without regard to case. Otherwise Bind returns the file's orders with the
// problems st.Validate finds in them (such orders are refused when the
// window is resolved, the others are carried out) and what st.Preview
// says of them. A file accepted for a window replaces the one accepted
// before it.
func Bind(st engine.State, gameID string, side engine.Side, f *orders.File, signed time.Time, accepted []Receipt) (*Result, error) {
	b, err := orders.ReadBinding(f.Header)
	if err != nil {
		errs := err.(orders.ErrorList)
		for _, e := range errs {
			e.File = f.Name
		}
		return nil, errs
	}
	var errs orders.ErrorList
	at := func(key string) *orders.Error {
		for _, h := range f.Header {
			if strings.EqualFold(h.Key, key) {
				return &orders.Error{File: f.Name, Line: h.Line, Col: h.Col}
			}
		}
		return &orders.Error{File: f.Name, Line: 1}
	}
	bad := func(key, format string, args ...any) {
		e := at(key)
		e.Msg = key + ": " + fmt.Sprintf(format, args...)
		errs = append(errs, e)
	}
	if !strings.EqualFold(b.Game, gameID) {
		bad("Game", "this file is for game %s; this is game %s", b.Game, gameID)
	}
	if !strings.EqualFold(b.Side, string(side)) {
		bad("Side", "this file gives orders for %s, but it is signed with a key of %s", b.Side, side)
	}
	w := st.Window()
	if msg := windowProblem(st, w, b.Window); msg != "" {
		bad("Window", "%s", msg)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	b.Game, b.Side, b.Window = gameID, string(side), w.ID
	r := &Result{Binding: b, Window: w, Orders: f.Orders, Receipt: Receipt{Window: w.ID, Hash: Hash(Canonical(b, f.Orders)), Signed: signed}}
	var previewed bool
	r.Problems, r.Remarks, previewed = judge(st, side, f.Orders)
	r.Unpreviewed = !previewed
	for _, a := range accepted {
		if a.Window != w.ID {
			continue
		}
		if a.Hash == r.Receipt.Hash {
			bad("Window", "this file is the same as one already accepted for %s (receipt %s); to send it again, change its nonce", w.ID, a.Hash)
			return nil, errs
		}
		last := a
		r.Replaces = &last
	}
	if p := r.Replaces; p != nil && !signed.IsZero() && signed.Before(p.Signed) {
		bad("Window", "this file was signed at %s, before the file accepted for %s (signed at %s, receipt %s), which stands; to replace that one, sign a new file",
			stamp(signed), w.ID, stamp(p.Signed), p.Hash)
		return nil, errs
	}
	return r, nil
}

// judge is what the window will refuse of orders, Validate's problems and
// the orders the preview finds refused whatever the dice and the other
// side do, in the order of the file, and the preview's other remarks;
// previewed is false if the rules system gives no preview.
func judge(st engine.State, side engine.Side, orders []engine.Order) (problems []engine.Problem, remarks []engine.Remark, previewed bool) {
	problems = st.Validate(side, orders)
	all, previewed := rulesets.Preview(st, side, orders)
	for _, rm := range all {
		if rm.Refused {
			problems = append(problems, engine.Problem{Line: rm.Line, Order: rm.Order, Reason: rm.Text, Case: rm.Case})
			continue
		}
		remarks = append(remarks, rm)
	}
	slices.SortStableFunc(problems, func(a, b engine.Problem) int { return a.Line - b.Line })
	return problems, remarks, previewed
}

// stamp prints a signature time for an acknowledgement, in UTC.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

// windowProblem says why a file for window id cannot be taken while w is
// open, or "". Which of the two comes first is the state's to say
// (engine.State.WindowOf).
func windowProblem(st engine.State, w engine.Window, id string) string {
	if w.Done {
		return fmt.Sprintf("the game is over; no window is open (the file is for %s)", id)
	}
	if strings.EqualFold(id, w.ID) {
		return ""
	}
	open := fmt.Sprintf("the open window is %s (%s)", w.ID, w.Name)
	got, ok := st.WindowOf(id)
	switch {
	case !ok:
		return fmt.Sprintf("there is no window %q in this game; %s", id, open)
	case got.Turn == w.Turn && got.Step == w.Step:
		return fmt.Sprintf("window %s is not open; %s", id, open)
	case got.Turn < w.Turn || got.Turn == w.Turn && got.Step < w.Step:
		return fmt.Sprintf("window %s is closed; %s", id, open)
	default:
		return fmt.Sprintf("window %s is not yet open; %s", id, open)
	}
}
