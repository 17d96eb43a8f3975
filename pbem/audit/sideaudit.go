package audit

import (
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/pbem/chain"
	"pbem/pbem/dice"
)

// The parts of a report (templates/report.tmpl) a side's audit reads:
// the commitment to a window's seed, the reveal of a window resolved, and
// the head of the chain; and the receipt of an acknowledgement
// (pbem/ack).
var (
	commitForm = regexp.MustCompile(`(?m)^  (\S.*) will be rolled with the seed committed to as\n    ([0-9a-f]{64})$`)
	revealForm = regexp.MustCompile(`(?m)^  (\S.*) was rolled \((\d+) rolls?\) with the seed\n    ([0-9a-f]{64})\n  which hashes to the commitment given when it opened,\n    ([0-9a-f]{64})\n  and the nonces of the files used:\n((?:    .*\n)+)`)
	headForm   = regexp.MustCompile(`The head of the game's audit chain \(docs/audit\.md\):\n\s+([0-9a-f]{64})`)
	receiptFor = regexp.MustCompile(`(?m)^Receipt: sha256 ([0-9a-f]{64})$`)
)

// sideMail is a mail sent to the side, as its link records it.
type sideMail struct {
	seq  uint64
	id   string
	text string
}

// ownFile is a file of the side accepted for a window.
type ownFile struct {
	seq            uint64
	nonce, receipt string
}

// runSide checks a side's archive as far as it can: the chain's
// continuity over the stubs, the game data, the side's own signed files
// and canonical texts, the mail sent to it, the heads its reports quote,
// and the dice of every window its reports reveal; and says what it could
// not check, which the full archive holds once the game is over.
func (a *auditor) runSide() error {
	ev, side := a.ev, a.ev.Side
	if len(ev.Chain) == 0 || ev.Chain[0] == nil {
		return bad("link 1", "the archive of side %s must hold the game's first link whole", side)
	}
	// The chain: every place holds a link or a stub; each names the hash
	// of the one before (a stub its own and the one before, as the
	// referee wrote them).
	hashes := make([]string, len(ev.Chain))
	var links []*chain.Link
	prev := ""
	for i, e := range ev.Chain {
		seq := uint64(i + 1)
		where := fmt.Sprintf("link %d", seq)
		stub, withheld := ev.Withheld[seq]
		named := ""
		switch {
		case e != nil:
			l, err := chain.Decode(e)
			if err != nil {
				return bad(where, "the chain is broken: %v", err)
			}
			if l.Seq != seq {
				return bad(where, "the chain is broken: numbered %d", l.Seq)
			}
			named, hashes[i] = l.Prev, chain.Hash(e)
			links = append(links, l)
		case withheld:
			named, hashes[i] = stub.Prev, stub.Hash
		default:
			return bad(where, "the chain is broken: the archive holds neither the link nor its stub")
		}
		if named != prev {
			return a.broken(seq, named, prev)
		}
		prev = hashes[i]
	}
	a.before = map[string]int{}
	a.say("the archive of side %s: what it may see of game %s while the game runs (docs/archive.md)", side, ev.Game)
	a.say("chain: %d links, head %s; %d here whole, %d withheld (each a stub: its place, its hash and the hash before it)", len(ev.Chain), prev, len(links), len(ev.Withheld))

	named := map[string]bool{}    // the files the links here name
	recorded := map[string]bool{} // the mails they record as sent
	receipts := map[string]bool{} // of the side's files accepted
	own := map[string][]ownFile{} // the side's files, by window
	var mails []sideMail          // sent to the side, with their text
	signed, canonical := 0, 0
	for _, l := range links {
		where := fmt.Sprintf("link %d (%s)", l.Seq, l.Kind)
		var err error
		switch l.Kind {
		case chain.KindGame:
			err = a.game(where, l)
		case chain.KindModerator:
			err = a.addKeys(where, l)
		case chain.KindMailIn:
			if l.Get("file") != "" {
				err = a.mailIn(where, l)
				signed++
			}
		case chain.KindOrders:
			if err = a.orders(where, l); err == nil && l.Get("side") == side {
				w := l.Get("window")
				own[w] = append(own[w], ownFile{l.Seq, l.Get("nonce"), l.Get("receipt")})
				receipts[l.Get("receipt")] = true
				canonical++
			}
		case chain.KindMailOut:
			id := l.Get("message-id")
			recorded[id] = true
			body, ok := ev.Sent[id]
			if !ok {
				break
			}
			if chain.Sum([]byte(body)) != l.Get("body") {
				err = bad(where, "the mail %s sent then is not the one kept: its text has been changed", id)
			}
			mails = append(mails, sideMail{l.Seq, id, body})
		}
		if err != nil {
			return err
		}
		for _, sum := range namedFiles(l) {
			named[sum] = true
		}
	}
	// What the archive holds beyond its links' reach was named by a link
	// now withheld or changed: a stub put in place of a link does not
	// hide a file or mail changed with it.
	for _, sum := range sortedKeys(ev.Files) {
		if !named[sum] {
			return bad("file "+sum, "it is in the archive, but no link here names it: the link that did is withheld or was changed")
		}
	}
	for _, id := range sortedKeys(ev.Sent) {
		if !recorded[id] {
			return bad("mail "+id, "it is in the archive, but no link here records it as sent: the link that did is withheld or was changed")
		}
	}
	for _, m := range mails {
		// Each receipt an acknowledgement gave is a file accepted here.
		for _, r := range receiptFor.FindAllStringSubmatch(m.text, -1) {
			if !receipts[r[1]] {
				return bad("mail "+m.id, "it acknowledges a file of %s with receipt %s, and no orders link here accepted it", side, r[1])
			}
		}
		// Each head a report quotes is a link before the report's own.
		for _, h := range headForm.FindAllStringSubmatch(m.text, -1) {
			if !slices.Contains(hashes[:m.seq-1], h[1]) {
				return bad("mail "+m.id, "it quotes the chain's head %s, which is the hash of no link before it", h[1])
			}
		}
	}
	windows, err := a.sideDice(mails, own)
	if err != nil {
		return err
	}
	a.say("own files: %d signed mails of %s verify with the keys registered, %d canonical order texts are those accepted; %d mails sent to %s are those the chain recorded",
		signed, side, canonical, len(mails), side)
	a.say("not checked: the %d links withheld (the other sides' mail and files, the mail to others, the resolution of every window): only their place in the chain", len(ev.Withheld))
	a.say("not checked: the other sides' files and signatures, the replay of the windows and the state it reaches: the full archive has them once the game is over")
	a.say("ok (side %s): the chain's continuity, every file and mail of the side, and the dice of every window revealed (%d) check; what could not be checked is above", side, windows)
	return nil
}

// broken names the break in the chain before link seq, which names as
// the link before it named, where the link (or stub) before hashes to prev.
func (a *auditor) broken(seq uint64, named, prev string) error {
	if seq == 1 {
		return bad("link 1", "the chain is broken: names %q as a link before the first", named)
	}
	this := fmt.Sprintf("link %d names", seq)
	if a.ev.Chain[seq-1] == nil {
		this = fmt.Sprintf("the stub of withheld link %d names", seq)
	}
	if a.ev.Chain[seq-2] == nil {
		return bad(fmt.Sprintf("link %d (withheld)", seq-1), "the chain is broken: its stub gives its hash as %s, and %s %s as the link before it", prev, this, named)
	}
	return bad(fmt.Sprintf("link %d", seq-1), "the chain is broken: this link was changed: it hashes to %s, and %s %s as the link before it", prev, this, named)
}

// published is a commitment a report to the side gave.
type published struct {
	seq        uint64
	commitment string
}

// reveal is a window's seed as a report to the side revealed it.
type reveal struct {
	seq                      uint64
	window, seed, commitment string
	rolls                    uint64
	nonces                   []dice.Nonce
}

// sideDice checks the dice of every window the side's reports reveal
// (docs/dice.md): the seed hashes to the commitment, which a report to
// the side published before the side's first file for the window (or
// before the reveal, if it sent none) and no report contradicted; the
// side's nonce is that of its file accepted last for the window. It says
// the public rolls, for the side to compare with its reports' stories,
// and returns how many windows it checked.
func (a *auditor) sideDice(mails []sideMail, own map[string][]ownFile) (int, error) {
	side := a.ev.Side
	commits := map[string][]published{}
	var order []string // windows, as first committed to
	reveals := map[string]*reveal{}
	var revealed []string
	for _, m := range mails {
		found := commitForm.FindAllStringSubmatch(m.text, -1)
		if len(found) != strings.Count(m.text, "will be rolled with the seed committed to as") {
			return 0, bad("mail "+m.id, "a commitment in it does not read as docs/dice.md gives it")
		}
		for _, c := range found {
			if _, ok := commits[c[1]]; !ok {
				order = append(order, c[1])
			}
			commits[c[1]] = append(commits[c[1]], published{m.seq, c[2]})
		}
		rv := revealForm.FindAllStringSubmatch(m.text, -1)
		if len(rv) != strings.Count(m.text, " with the seed\n") {
			return 0, bad("mail "+m.id, "the reveal of a window's seed in it does not read as docs/dice.md gives it")
		}
		for _, r := range rv {
			got, err := readReveal(m.seq, r)
			if err != nil {
				return 0, bad("mail "+m.id, "%v", err)
			}
			if first, ok := reveals[got.window]; ok {
				if !sameReveal(first, got) {
					return 0, bad(got.window, "mail %s reveals its dice otherwise than a report before it", m.id)
				}
				continue
			}
			reveals[got.window] = got
			revealed = append(revealed, got.window)
		}
	}
	for _, w := range revealed {
		r := reveals[w]
		seed, _ := hex.DecodeString(r.seed)
		if got := dice.Commitment(seed); got != r.commitment {
			return 0, bad(w, "the revealed seed hashes to %s, not to the commitment %s", got, r.commitment)
		}
		limit, before := r.seq, "the reveal"
		if files := own[w]; len(files) > 0 && files[0].seq < limit {
			limit, before = files[0].seq, side+"'s first file for the window"
		}
		ok := false
		for _, p := range commits[w] {
			if p.commitment != r.commitment {
				return 0, bad(w, "a report to %s published the commitment %s, and the seed revealed is that of %s", side, p.commitment, r.commitment)
			}
			ok = ok || p.seq < limit
		}
		if !ok {
			return 0, bad(w, "no report to %s before %s published the commitment %s", side, before, r.commitment)
		}
		// The side's nonce: that of its last file for the window before
		// the reveal, or none.
		want := ""
		for _, f := range own[w] {
			if f.seq < r.seq {
				want = f.nonce
			}
		}
		i := slices.IndexFunc(r.nonces, func(n dice.Nonce) bool { return string(n.Side) == side })
		if i < 0 {
			return 0, bad(w, "the reveal gives no nonce of %s", side)
		}
		if r.nonces[i].Nonce != want {
			return 0, bad(w, "the reveal gives %s's nonce as %q, and its file accepted last for the window has %q", side, r.nonces[i].Nonce, want)
		}
		stream := dice.ForWindow(seed, r.nonces)
		var rolls []string
		for stream.Public() < r.rolls {
			rolls = append(rolls, strconv.Itoa(stream.D6()))
		}
		told := "no public rolls"
		if len(rolls) > 0 {
			told = "public rolls " + strings.Join(rolls, " ")
		}
		a.say("%s: the seed matches the commitment a report to %s gave before %s; %s", w, side, before, told)
	}
	for _, w := range order {
		if reveals[w] == nil {
			a.say("%s: committed to %s, not revealed yet", w, commits[w][0].commitment)
		}
	}
	return len(revealed), nil
}

// readReveal reads one match of revealForm.
func readReveal(seq uint64, m []string) (*reveal, error) {
	r := &reveal{seq: seq, window: m[1], seed: m[3], commitment: m[4]}
	n, err := strconv.ParseUint(m[2], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("the reveal of %s: %v", r.window, err)
	}
	r.rolls = n
	for _, line := range strings.Split(strings.TrimSuffix(m[5], "\n"), "\n") {
		line = strings.TrimPrefix(line, "    ")
		s, rest, _ := strings.Cut(line, " ")
		if rest == "sent no file: its nonce is empty" {
			r.nonces = append(r.nonces, dice.Nonce{Side: engine.Side(s)})
			continue
		}
		nonce, err := strconv.Unquote(rest)
		if err != nil {
			return nil, fmt.Errorf("the reveal of %s: the nonce line %q does not read", r.window, line)
		}
		r.nonces = append(r.nonces, dice.Nonce{Side: engine.Side(s), Nonce: nonce})
	}
	return r, nil
}

func sameReveal(a, b *reveal) bool {
	return a.window == b.window && a.seed == b.seed && a.commitment == b.commitment && a.rolls == b.rolls && slices.Equal(a.nonces, b.nonces)
}
