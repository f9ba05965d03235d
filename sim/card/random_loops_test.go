package card

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
)

// gameHash is hashGame's fingerprint of one finished game.
func gameHash(g *State) uint64 {
	h := fnv.New64a()
	hashGame(h, g)
	return h.Sum64()
}

// diffHashes says that two games' fingerprints differ, "" if alike.
func diffHashes(a, b uint64) string {
	if a != b {
		return fmt.Sprintf("game hash %#x vs %#x", a, b)
	}
	return ""
}

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
			enginetest.FastPathAgrees(t, fmt.Sprintf("p%d %s, the fused loops against the View's", n, deal), 31, 2000,
				func(_, gs uint64) uint64 { return gameHash(fast.Play(gs)) },
				func(_, gs uint64) uint64 { return gameHash(slow.Play(gs)) },
				diffHashes)
		}
	}
}
