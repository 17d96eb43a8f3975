package orders

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Binding is what an order file's header binds it to: one game, one side
// and one window, with the player's dice nonce (docs/order-files.md).
type Binding struct {
	Game   string // the game id, as the referee's mails give it
	Side   string // the side the orders are for ("RU", "DE")
	Window string // the window id, like "GT3 RU-MOVE"
	Nonce  string // the player's contribution to the phase's dice
	Final  bool   // "Final: yes": the side sends nothing more for this window
}

// Limits of a nonce, in characters.
const (
	MinNonce = 8
	MaxNonce = 64
)

// PlaceholderNonce is the nonce order templates carry, for the player to
// replace. It is refused: every template has it, so the dice would get
// nothing of the player's and the file could be anyone's template.
const PlaceholderNonce = "change-me-12345678"

// The header keys an order file may have, in canonical order.
var bindingKeys = []string{"Game", "Side", "Window", "Nonce", "Final"}

// ReadBinding reads the binding of an order file from its header. Game,
// Side, Window and Nonce are required, Final ("yes" or "no") is optional
// and any other key is an error. A nonce has 8 to 64 printable characters
// and no blank at either end, and is not the templates' PlaceholderNonce. The error is nil or an ErrorList with one
// error per problem, each at the header line it is about; a missing key is
// reported at the last header line, or at line 1 when there is no header.
func ReadBinding(h Header) (Binding, error) { return readBinding(h, false) }

// ReadAcceptedBinding is ReadBinding for a file the referee accepted
// before, as an audit reads it: a file taken before the placeholder nonce
// was refused still reads.
func ReadAcceptedBinding(h Header) (Binding, error) { return readBinding(h, true) }

func readBinding(h Header, placeholderOK bool) (Binding, error) {
	var b Binding
	var errs ErrorList
	bad := func(f HeaderField, format string, args ...any) {
		errs = append(errs, &Error{Line: f.Line, Col: f.Col, Msg: f.Key + ": " + fmt.Sprintf(format, args...)})
	}
	seen := map[string]bool{}
	for _, f := range h {
		key := canonicalKey(f.Key)
		if seen[key] {
			bad(f, "given twice")
			continue
		}
		seen[key] = true
		if key != "Final" && f.Value == "" {
			bad(f, "no value")
			continue
		}
		switch key {
		case "Game":
			b.Game = f.Value
		case "Side":
			b.Side = f.Value
		case "Window":
			b.Window = f.Value
		case "Nonce":
			if msg := checkNonce(f.Value); msg != "" && !(placeholderOK && strings.EqualFold(f.Value, PlaceholderNonce)) {
				bad(f, "%s", msg)
				continue
			}
			b.Nonce = f.Value
		case "Final":
			switch strings.ToLower(f.Value) {
			case "yes":
				b.Final = true
			case "no":
			default:
				bad(f, "want yes or no, not %q", f.Value)
			}
		default:
			bad(f, "unknown header; an order file's header has only %s", strings.Join(bindingKeys, ", "))
		}
	}
	at := HeaderField{Line: 1}
	if len(h) > 0 {
		at = h[len(h)-1]
	}
	for _, key := range bindingKeys[:4] {
		if !seen[key] {
			errs = append(errs, &Error{Line: at.Line, Msg: fmt.Sprintf("missing header line %q", key+": ...")})
		}
	}
	errs.Sort()
	return b, errs.Err()
}

// checkNonce says what is wrong with a nonce, or "".
func checkNonce(n string) string {
	if strings.EqualFold(n, PlaceholderNonce) {
		return "the templates' placeholder, the same in everyone's: put words " +
			"of your own here, new each window (they are your share of the dice)"
	}
	switch c := utf8.RuneCountInString(n); {
	case c < MinNonce:
		return fmt.Sprintf("a nonce has at least %d characters, this one %d", MinNonce, c)
	case c > MaxNonce:
		return fmt.Sprintf("a nonce has at most %d characters, this one %d", MaxNonce, c)
	}
	if strings.TrimFunc(n, unicode.IsSpace) != n {
		return "a nonce may not start or end with a blank"
	}
	for _, r := range n {
		if !unicode.IsPrint(r) {
			return fmt.Sprintf("character %U is not printable", r)
		}
	}
	return ""
}

// Header returns the header that states b, in canonical order and form:
// Format of a File with it gives the canonical text of a bound file.
func (b Binding) Header() Header {
	h := Header{
		{Key: "Game", Value: b.Game},
		{Key: "Side", Value: b.Side},
		{Key: "Window", Value: b.Window},
		{Key: "Nonce", Value: b.Nonce},
	}
	if b.Final {
		h = append(h, HeaderField{Key: "Final", Value: "yes"})
	}
	return h
}
