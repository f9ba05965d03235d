package league

import "github.com/bangsim/bangsim/internal/seed"

// Round is a knock-out round (L4).
type Round uint8

// The knock-out rounds, in the order they are played.
const (
	QuarterFinal Round = iota
	SemiFinal
	ThirdPlace
	Final
)

var roundNames = [...]string{"quarter-final", "semi-final", "third-place", "final"}

// String returns the round's name.
func (r Round) String() string {
	if int(r) < len(roundNames) {
		return roundNames[r]
	}
	return "round?"
}

// Match is one knock-out match as a Duel sees it: the two players, the better-ranked
// one first (they choose to pick first or start first in the long duel), and the
// match's own seed.
type Match struct {
	Round      Round
	Seed       uint64
	Higher     int // player number of the better-ranked player
	Lower      int
	HigherRank int
	LowerRank  int
}

// Duel decides a knock-out match and reports how it went: whether the better-ranked
// player won, and (for the record) their draft choice and whether it was a draw. The
// league's finals are played as the two-player "long duel" (seed 003): LongDuel plays
// it with the card engine.
type Duel func(m Match) DuelOutcome

// CoinDuel is the old stand-in Duel, kept for tests and comparisons (--finals coin): a
// fair coin from the match's seed. It says nothing about who plays the duel better; it
// only lets a season run to its end with every other finals rule in place.
func CoinDuel(m Match) DuelOutcome {
	s := m.Seed
	return DuelOutcome{HigherWins: seed.SplitMix64(&s)&1 == 0}
}

// MatchResult is one knock-out match played (byes are not matches).
type MatchResult struct {
	Match
	Winner  int
	Forfeit bool // a player who withdrew before the finals lost it without a duel
	// Choice and Draw are the duel's (DuelOutcome); NoChoice and false for a forfeit.
	Choice DraftChoice
	Draw   bool
}

// knockout plays the finals among the ranked players (best first) and records places:
// quarter-finals 1–8, 4–5, 2–7, 3–6 (so the semi-finals are 1/8 against 4/5 and 2/7
// against 3/6), the final, and third place between the semi-final losers (L4). A seed
// missing for want of ranked players is a bye. A player withdrawn in the qualifying
// round is not ranked, so never seated here (the next-ranked player has the seat); one
// who withdrew before the finals (Withdrawal.Finals) keeps the seat and loses by forfeit
// ("withdrawing before or during a duel loses it", seed 003); two withdrawn players: the
// better-ranked goes through (and forfeits the next).
func (r *season) knockout(res *Result) {
	ranked := res.Ranking
	player := func(seedNo int) int {
		if seedNo <= len(ranked) {
			return ranked[seedNo-1]
		}
		return -1
	}
	var qf [4]int
	for i, pair := range [4][2]int{{1, 8}, {4, 5}, {2, 7}, {3, 6}} {
		w, l := r.match(res, QuarterFinal, player(pair[0]), player(pair[1]))
		qf[i] = w
		if l >= 0 {
			res.Standings[l].Place = 5
		}
	}
	sf1w, sf1l := r.match(res, SemiFinal, qf[0], qf[1])
	sf2w, sf2l := r.match(res, SemiFinal, qf[2], qf[3])
	w3, l3 := r.match(res, ThirdPlace, sf1l, sf2l)
	w1, l1 := r.match(res, Final, sf1w, sf2w)
	for place, p := range [4]int{w1, l1, w3, l3} {
		if p >= 0 {
			res.Standings[p].Place = place + 1
		}
	}
}

// match plays a and b (player numbers, -1 for nobody) and returns the winner and the
// loser (-1 when there was no match).
func (r *season) match(res *Result, round Round, a, b int) (winner, loser int) {
	if a < 0 || b < 0 {
		return max(a, b), -1
	}
	st := res.Standings
	if st[b].Rank < st[a].Rank {
		a, b = b, a
	}
	m := Match{Round: round, Seed: seed.ForGame(r.duelSeed, uint64(len(res.Matches))),
		Higher: a, Lower: b, HigherRank: st[a].Rank, LowerRank: st[b].Rank}
	mr := MatchResult{Match: m}
	switch {
	case st[a].Withdrawn || st[b].Withdrawn:
		mr.Forfeit = true
		mr.Winner = a
		if st[a].Withdrawn && !st[b].Withdrawn {
			mr.Winner = b
		}
	default:
		o := r.l.cfg.Duel(m)
		mr.Winner, mr.Choice, mr.Draw = b, o.Choice, o.Draw
		if o.HigherWins {
			mr.Winner = a
		}
	}
	res.Matches = append(res.Matches, mr)
	if mr.Winner == a {
		return a, b
	}
	return b, a
}
