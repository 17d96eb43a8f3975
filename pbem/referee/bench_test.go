package referee

import (
	"encoding/hex"
	"strings"
	"testing"

	"pbem/engine"
	"pbem/engine/rulesets"
	"pbem/orders"
	"pbem/pbem/audit"
	"pbem/pbem/chain"
	"pbem/pbem/dice"
)

// wholeGameEvidence is the evidence of a whole 12-turn game of
// tannenberg-1914 played through the referee (robot files, signed and
// mailed): about a minute to make.
func wholeGameEvidence(b *testing.B) (*audit.Evidence, *harness) {
	b.Helper()
	h := newHarness(b, DefaultPolicy())
	playThroughReferee(b, h, 1000)
	if st, _ := h.state(); !st.Window().Done {
		b.Fatal("the game did not end")
	}
	ev, err := h.ref.Evidence("t1")
	if err != nil {
		b.Fatal(err)
	}
	return ev, h
}

// pbem audit of a whole game: the chain, every signature and commitment,
// and the replay with its hashes. Its floor, BenchmarkFloorReplayWholeGame,
// replays the same windows in memory, checking nothing.
func BenchmarkAuditWholeGame(b *testing.B) {
	ev, h := wholeGameEvidence(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := audit.Run(ev, h.ref.cfg.Catalog, audit.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(ev.Chain)), "links")
}

func BenchmarkFloorReplayWholeGame(b *testing.B) {
	ev, h := wholeGameEvidence(b)
	links, _, err := chain.Verify(ev.Chain)
	if err != nil {
		b.Fatal(err)
	}
	data, scen, err := h.ref.cfg.Catalog.Find(links[0].Get("scenario"))
	if err != nil {
		b.Fatal(err)
	}
	rs, err := rulesets.Lookup(data.System)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		st, err := rs.New(data, scen, engine.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range links {
			if l.Kind != chain.KindResolution {
				continue
			}
			byside := map[engine.Side][]engine.Order{}
			for _, f := range l.All("file") {
				side, receipt, _ := strings.Cut(f, " ")
				parsed, err := orders.Parse(side, ev.Files[receipt], rs.Verbs())
				if err != nil {
					b.Fatal(err)
				}
				byside[engine.Side(side)] = parsed.Orders
			}
			seed, err := hex.DecodeString(l.Get("seed"))
			if err != nil {
				b.Fatal(err)
			}
			var nonces []dice.Nonce
			for _, n := range l.All("nonce") {
				side, nonce, _ := strings.Cut(n, " ")
				nonces = append(nonces, dice.Nonce{Side: engine.Side(side), Nonce: nonce})
			}
			if st, _, err = st.Resolve(byside, dice.ForWindow(seed, nonces)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
