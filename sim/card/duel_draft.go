package card

import (
	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/sim/bang"
)

// RandomDraft is the draft yardstick: a fair coin for the order (pick first or start
// first), uniform picks among the characters left, a uniformly random stacking order;
// every draw from the seat's own stream.
type RandomDraft struct{}

// PickFirst implements DraftPolicy: a fair coin.
func (RandomDraft) PickFirst(v *DraftView) bool { return v.Rand.Uint64()&1 == 0 }

// Pick implements DraftPolicy: uniform among the characters not taken.
func (RandomDraft) Pick(v *DraftView) int {
	left := 0
	for _, t := range v.Taken {
		if !t {
			left++
		}
	}
	j := int(fastrand.UintN(v.Rand, uint64(left)))
	for i, t := range v.Taken {
		if !t {
			if j == 0 {
				return i
			}
			j--
		}
	}
	return 0
}

// Stack implements DraftPolicy: a uniform permutation (Fisher–Yates).
func (RandomDraft) Stack(v *DraftView) [DuelCharacters]int8 {
	p := [DuelCharacters]int8{0, 1, 2, 3, 4}
	for i := DuelCharacters - 1; i > 0; i-- {
		j := int(fastrand.UintN(v.Rand, uint64(i+1)))
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// DuelValues is a character value table for the long duel's draft, higher better: each
// character's measured win rate in tenths of a percent, for the side that drafted it,
// in 200,000 duels of the duel heuristic with random drafts (bangsim duel --duels
// 200000 --seed 14 --policy heuristic --draft-policy random; characters.csv, intervals about
// ±2.7 tenths). It measures the characters as that bot plays them. It was measured
// before the placement of the top two became a play decision (DecidePlace); the same
// command run after it moves no value by more than 7 tenths (Lucky Duke 482 → 489, El
// Gringo 576 → 581), and the table is kept so that value drafts stay as they were.
var DuelValues = [NumCharacters]int16{
	BartCassidy:   573,
	BlackJack:     585,
	CalamityJanet: 463,
	ElGringo:      576,
	JesseJones:    584,
	Jourdonnais:   495,
	KitCarlson:    488,
	LuckyDuke:     482,
	PaulRegret:    447,
	PedroRamirez:  444,
	RoseDoolan:    453,
	SidKetchum:    423,
	SlabTheKiller: 553,
	SuzyLafayette: 509,
	VultureSam:    470,
	WillyTheKid:   455,
	Plain:         0,
}

// DuelAddedValue is the draft value NewValueDraft gives an added character (a
// --characters-file's), which DuelValues cannot have measured: the mean of the printed
// values, 500, a coin flip. The table is win rates of the side that drafted each
// character, so its mean is an even duel (the sixteen sum to exactly 8,000): an
// unmeasured character is drafted as an average one, neither first nor last, rather
// than valued from its life and powers, a guess the bots' play would not bear out. Ties
// go to the lower character number, so a printed character of 500 would come first;
// to draft an added character by its strength, measure it (bangsim duel
// --characters-file F, characters.csv) and set Values.
const DuelAddedValue = 500

// DuelValue returns character c's draft value: DuelValues' for a printed one (and
// Plain), DuelAddedValue for an added one.
func DuelValue(c Character) int16 {
	if c < NumCharacters {
		return DuelValues[c]
	}
	return DuelAddedValue
}

// ValueDraft drafts by a value table: it picks the most valuable character left
// (ties: the lower character number), stacks its best two on top (the best first;
// which goes in front is the play policy's, DecidePlace) and the rest best first, and, as the better-ranked player, picks first when First is
// set, else starts first.
type ValueDraft struct {
	Values [bang.MaxCharacters]int16 // by character: the printed, Plain, the added
	First  bool
}

// NewValueDraft returns a ValueDraft on DuelValues, every added character at
// DuelAddedValue, with the given order choice.
func NewValueDraft(first bool) *ValueDraft {
	p := &ValueDraft{First: first}
	copy(p.Values[:], DuelValues[:])
	for c := NumCharacters; c < bang.MaxCharacters; c++ {
		p.Values[c] = DuelValue(c)
	}
	return p
}

// PickFirst implements DraftPolicy.
func (p *ValueDraft) PickFirst(*DraftView) bool { return p.First }

// Pick implements DraftPolicy.
func (p *ValueDraft) Pick(v *DraftView) int {
	best := -1
	for i, t := range v.Taken {
		if !t && (best < 0 || p.Values[v.Pool[i]] > p.Values[v.Pool[best]]) {
			best = i
		}
	}
	return best
}

// Stack implements DraftPolicy: best first (a stable sort by value).
func (p *ValueDraft) Stack(v *DraftView) [DuelCharacters]int8 {
	o := [DuelCharacters]int8{0, 1, 2, 3, 4}
	for i := 1; i < DuelCharacters; i++ {
		for j := i; j > 0 && p.Values[v.Mine[o[j]]] > p.Values[v.Mine[o[j-1]]]; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
	return o
}
