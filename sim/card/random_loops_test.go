package card

import (
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// TestRandomLoopsAgree: a Table of `random` seats, whose phase 2 and phase 3 run in
// the fused loops (playRandom, discardRandom: no decision asked between two discards,
// phase 2's count brought up to date), plays the very games of `random` hidden behind a
// plain Policy, which the Table asks through a View at every decision, each option
// written out and taken by take. Every game of 2,000 seeds a table size and deal is
// compared whole at its end (hashGame: the board, the record, the counters, the
// outcome, the hands, the deck and the pile).
func TestRandomLoopsAgree(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range deals() {
			r := DefaultRules(n)
			r.Deal = deal
			fast, slow := fingerprintTable(t, r, false), fingerprintTable(t, r, true)
			for i := uint64(0); i < 2000; i++ {
				hf, hs := fnv.New64a(), fnv.New64a()
				hashGame(hf, fast.Play(seed.ForGame(31, i)))
				hashGame(hs, slow.Play(seed.ForGame(31, i)))
				if hf.Sum64() != hs.Sum64() {
					t.Fatalf("p%d %s game %d: the fused loops' game differs from the View's", n, deal, i)
				}
			}
		}
	}
}
