package card

import (
	"github.com/bangsim/bangsim/internal/fastrand"
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

// DuelValues is a character value table for the long duel's draft, higher better: a
// prior, not a measurement (the duel command's by-character table measures them). The
// characters whose ability works without cards from the opponent and every turn rate
// high (Willy the Kid, Slab the Killer, Calamity Janet, Jourdonnais, Black Jack, Kit
// Carlson); Paul Regret and Rose Doolan's built-in horse and scope change the duel's
// short distances; the 3-life characters pay for their ability in life.
var DuelValues = [NumCharacters]int8{
	BartCassidy:   6,
	BlackJack:     7,
	CalamityJanet: 8,
	ElGringo:      5,
	JesseJones:    6,
	Jourdonnais:   8,
	KitCarlson:    7,
	LuckyDuke:     6,
	PaulRegret:    6,
	PedroRamirez:  5,
	RoseDoolan:    7,
	SidKetchum:    6,
	SlabTheKiller: 8,
	SuzyLafayette: 5,
	VultureSam:    4,
	WillyTheKid:   9,
	Plain:         0,
}

// ValueDraft drafts by a value table: it picks the most valuable character left
// (ties: the lower character number), stacks its best two in play (the best in front)
// and the rest best first, and, as the better-ranked player, picks first when First is
// set, else starts first.
type ValueDraft struct {
	Values [NumCharacters]int8
	First  bool
}

// NewValueDraft returns a ValueDraft on DuelValues with the given order choice.
func NewValueDraft(first bool) *ValueDraft { return &ValueDraft{Values: DuelValues, First: first} }

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
