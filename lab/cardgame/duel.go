package cardgame

import (
	"context"
	"errors"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/sim/run"
	"github.com/bangsim/bangsim/strategy/duelbots"
)

// ErrDuelBot is matched (errors.Is) by DuelSpec's refusal of a bot name it does not
// know, so that a command line can call it bad usage.
var ErrDuelBot = errors.New("unknown duel bot")

// duelBotError is the registry's refusal of a name, as it says it ("no duel play bot
// …"), matched by ErrDuelBot.
type duelBotError struct{ err error }

func (e duelBotError) Error() string        { return e.err.Error() }
func (e duelBotError) Unwrap() error        { return e.err }
func (e duelBotError) Is(target error) bool { return target == ErrDuelBot }

// DuelSpec is one `bangsim duel`: the long duels to play, between which bots.
type DuelSpec struct {
	Bots   [2]string // play bots of seat 0 and seat 1 (strategy/duelbots)
	Drafts [2]string // draft bots of seat 0 and seat 1
	Seed   uint64    // run seed: duel I is played with seed.ForGame(Seed, I)
	// Game is the duel's lab.Game, whose characters the draft lays out (DuelLabGame, or
	// DuelWithCharacters for a --characters-file); nil: the printed sixteen.
	Game *lab.Game
	// Rules are the card rule options a duel takes (card.LongDuel.Options: removed
	// cards, life changes, High Noon); the zero value is the league's duel. NewDuel
	// gives them Game's characters.
	Rules card.Rules
	// RuleSettings are Rules as run.json and duel-tally.json record them (DuelRules).
	RuleSettings resultfile.Settings
	Duels        uint64
	// Workers is the goroutines (0: every CPU); the tally does not depend on it.
	Workers int
	// Progress, if set, is called with the duels finished so far (sim/run.Config).
	Progress func(done, total uint64)
	// Shard is the slice of the duel indices to play, K of N from 1 (zero or 1/1: all
	// of them); RunDuels records it, and ShardSource, in run.json.
	Shard       resultfile.Shard
	ShardSource string
	Command     []string // the command line, for run.json
	Out         string   // the result directory, for run.json
	// Paired plays every duel index twice from its seed, the second time with the two
	// seats' bots (play and draft) swapped: common random numbers, so the players'
	// difference is measured without the seat's or the deal's luck (DuelTally.Pair*).
	Paired bool
}

// swapped is s with the two seats' bots exchanged: the second duel of a pair.
func (s DuelSpec) swapped() DuelSpec {
	s.Bots[0], s.Bots[1] = s.Bots[1], s.Bots[0]
	s.Drafts[0], s.Drafts[1] = s.Drafts[1], s.Drafts[0]
	return s
}

// DuelPlayBots names the duel's play bots (strategy/duelbots), for help texts.
func DuelPlayBots() []string { return duelbots.PlayNames() }

// DuelDraftBots names the duel's draft bots, for help texts.
func DuelDraftBots() []string { return duelbots.DraftNames() }

// SplitPair reads "a,b" or "a" (both seats) into two names, as duel's --policy and --draft-policy
// give them.
func SplitPair(s string) [2]string {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return [2]string{s, s}
	}
	return [2]string{strings.TrimSpace(a), strings.TrimSpace(b)}
}

// game returns the duel's lab.Game: Game, or the printed characters' where it is nil.
func (s DuelSpec) game() *lab.Game {
	if s.Game != nil {
		return s.Game
	}
	return DuelLabGame()
}

// Characters returns the characters the duel's draft lays out, Plain aside: the
// printed sixteen and Game's added ones.
func (s DuelSpec) Characters() *bang.CharacterSet { return s.game().CharacterSet() }

// NewDuel builds the long duel of s's bots (ErrDuelBot for a name it does not know),
// drafting from s's characters.
func (s DuelSpec) NewDuel() (*card.LongDuel, error) {
	var pol [2]card.Policy
	var dr [2]card.DraftPolicy
	var err error
	for seat, n := range s.Bots {
		if pol[seat], err = duelbots.Play(n); err != nil {
			return nil, duelBotError{err}
		}
	}
	for seat, n := range s.Drafts {
		if dr[seat], err = duelbots.Draft(n); err != nil {
			return nil, duelBotError{err}
		}
	}
	d := card.NewLongDuel(pol, dr)
	r := s.Rules
	r.SetCharacters(s.Characters())
	if err := d.SetOptions(r); err != nil {
		return nil, err
	}
	return d, nil
}

// DuelTally sums finished duels in integers; it merges by addition.
type DuelTally struct {
	Duels, Draws int
	SeatWins     [2]int
	OrderWins    [2]int // [0] the side that picked first, [1] the side that started
	// CharDuels and CharWins are by character (the printed, Plain never drafted, the
	// added), sized by the capacity: the duel's own count is its set's (exportDuel).
	CharDuels [bang.MaxCharacters]int
	CharWins  [bang.MaxCharacters]int
	// A paired run's comparison: player A is seat 0's bots as given, B seat 1's; each
	// duel seed is one cluster of two seats, A's (or B's) wins y in 0..2.
	Pairs    int
	PairWins [2]resultfile.Cell
	PairDiff report.PairedCell // A's win less B's, by seed
}

// addPair counts the two duels of one seed: a with the bots as given (A in seat 0), b
// with them swapped (B in seat 0).
func (t *DuelTally) addPair(a, b *card.LongDuel) {
	t.Add(a)
	t.Add(b)
	won := func(d *card.LongDuel, seat int8) int {
		if d.Info.Winner == seat {
			return 1
		}
		return 0
	}
	wa, wb := won(a, 0)+won(b, 1), won(a, 1)+won(b, 0)
	t.Pairs++
	t.PairWins[0].Add(2, uint64(wa))
	t.PairWins[1].Add(2, uint64(wb))
	t.PairDiff.Add(2, int64(wa-wb))
}

// Add counts the duel d has just finished.
func (t *DuelTally) Add(d *card.LongDuel) {
	t.Duels++
	w := d.Info.Winner
	if w < 0 {
		t.Draws++
	} else {
		t.SeatWins[w]++
		if w == d.Info.PickFirst {
			t.OrderWins[0]++
		} else {
			t.OrderWins[1]++
		}
	}
	for s := int8(0); s < 2; s++ {
		for _, c := range d.Info.Picked[s] {
			t.CharDuels[c]++
			if w == s {
				t.CharWins[c]++
			}
		}
	}
}

// Merge adds o into t.
func (t *DuelTally) Merge(o *DuelTally) {
	t.Duels += o.Duels
	t.Draws += o.Draws
	for i := range t.SeatWins {
		t.SeatWins[i] += o.SeatWins[i]
		t.OrderWins[i] += o.OrderWins[i]
	}
	for c := range t.CharDuels {
		t.CharDuels[c] += o.CharDuels[c]
		t.CharWins[c] += o.CharWins[c]
	}
	t.Pairs += o.Pairs
	for i := range t.PairWins {
		t.PairWins[i].Merge(&o.PairWins[i])
	}
	t.PairDiff.Merge(&o.PairDiff)
}

// CharacterName is the printed name of character c (a printed one: the league's
// tallies).
func CharacterName(c int) string { return card.Character(c).String() }

// PlayDuels plays s's duels (of its Shard) on sim/run's worker pool, each worker with a
// LongDuel of its own, and returns their tally, the same for any worker count.
// Interrupted (ctx cancelled), it returns the duels finished so far with partial set:
// sim/run merges pieces in index order, so they are the shard's first duels.
func PlayDuels(ctx context.Context, s DuelSpec) (t DuelTally, partial bool, err error) {
	res, err := s.play(ctx)
	return res.Tally, res.Partial, err
}

// play is PlayDuels with sim/run's whole result: the tally and the prefix it covers.
func (s DuelSpec) play(ctx context.Context) (run.Result[DuelTally], error) {
	if _, err := s.NewDuel(); err != nil {
		return run.Result[DuelTally]{}, err
	}
	cfg := run.Config{Games: s.Duels, Seed: s.Seed, Workers: s.Workers, Progress: s.Progress}
	if s.Shard.N > 1 {
		cfg.Shard, cfg.Shards = s.Shard.K-1, s.Shard.N
	}
	newPlayer := func() run.Player[DuelTally] {
		d, _ := s.NewDuel() // checked above
		if s.Paired {
			e, _ := s.swapped().NewDuel()
			return func(t *DuelTally, _, gameSeed uint64) {
				d.Play(gameSeed)
				e.Play(gameSeed)
				t.addPair(d, e)
			}
		}
		return func(t *DuelTally, _, gameSeed uint64) {
			d.Play(gameSeed)
			t.Add(d)
		}
	}
	return run.Run(ctx, cfg, newPlayer, func(dst, src *DuelTally) { dst.Merge(src) })
}
