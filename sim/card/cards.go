package card

import (
	"fmt"
	"math/bits"

	"github.com/bangsim/bangsim/data"
)

// CardID names one physical card: its index in data.Deck() order (0..79).
type CardID uint8

// NumCards is the number of cards in the deck.
const NumCards = 80

// NoCard is the CardID of no card (an empty draw, an option without a card).
const NoCard CardID = 255

// PickHand is Option.Pick for "a random card from the target's hand" (Panic!, Cat
// Balou); any other Pick names the card in play that the option takes.
const PickHand CardID = 254

// Kind is what a card does: its printed name.
type Kind uint8

// The 22 kinds of card, brown first, then blue (Barrel onwards), then the weapons
// (Volcanic onwards).
const (
	BANG Kind = iota
	Missed
	Beer
	Saloon
	Stagecoach
	WellsFargo
	GeneralStore
	Panic
	CatBalou
	Gatling
	Indians
	Duel
	Barrel
	Dynamite
	Jail
	Mustang
	Scope
	Volcanic
	Schofield
	Remington
	RevCarabine
	Winchester
	NumKinds
)

var kindNames = [NumKinds]string{"BANG!", "Missed!", "Beer", "Saloon", "Stagecoach", "Wells Fargo",
	"General Store", "Panic!", "Cat Balou", "Gatling", "Indians!", "Duel", "Barrel", "Dynamite",
	"Jail", "Mustang", "Scope", "Volcanic", "Schofield", "Remington", "Rev. Carabine", "Winchester"}

// String returns the printed name, e.g. "BANG!", "Rev. Carabine".
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "Kind?"
}

// Blue reports whether cards of kind k stay in play (a blue border).
func (k Kind) Blue() bool { return k-Barrel < NumKinds-Barrel } // one unsigned compare: one branch where it is tested

// Weapon reports whether k is a weapon.
func (k Kind) Weapon() bool { return k-Volcanic < NumKinds-Volcanic } // as Blue

// Range is a weapon's reach (Volcanic 1 … Winchester 5); 0 for anything else.
func (k Kind) Range() int {
	if k.Weapon() {
		return int(k-Volcanic) + 1
	}
	return 0
}

// Suit is a card's suit.
type Suit uint8

// The four suits, in data/card-deck.tsv's spelling order.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

var suitNames = [4]string{"spades", "hearts", "diamonds", "clubs"}

// String returns the suit as the deck table spells it.
func (s Suit) String() string {
	if s < 4 {
		return suitNames[s]
	}
	return "suit?"
}

// cardTables are the card tables, built once from data.Deck().
type cardTables struct {
	kindOf  [NumCards]Kind
	suitOf  [NumCards]Suit
	rankOf  [NumCards]uint8
	kindSet [NumKinds]Set // every card of a kind
	hearts  Set           // the hearts: a Barrel's or a Jail's "draw!" succeeds
	redSet  Set           // hearts and diamonds (Black Jack)
	boomSet Set           // 2 to 9 of spades: the Dynamite explodes
	blueSet Set           // the blue cards
	weapons Set           // the weapons
	allSet  Set           // all 80 cards
}

// The tables as package variables (initialized before anything that reads them, tests
// included, because Go orders variable initialization by dependency).
var (
	tables  = buildTables()
	kindOf  = tables.kindOf
	suitOf  = tables.suitOf
	rankOf  = tables.rankOf
	kindSet = tables.kindSet
	hearts  = tables.hearts
	redSet  = tables.redSet
	boomSet = tables.boomSet
	blueSet = tables.blueSet
	weapons = tables.weapons
	allSet  = tables.allSet
)

func buildTables() (t cardTables) {
	deck := data.Deck()
	if len(deck) != NumCards {
		panic(fmt.Sprintf("card: the deck has %d cards, want %d", len(deck), NumCards))
	}
	for i, c := range deck {
		id := CardID(i)
		k := Kind(NumKinds)
		for j, n := range kindNames {
			if n == c.Name {
				k = Kind(j)
			}
		}
		if k == NumKinds {
			panic(fmt.Sprintf("card: unknown card name %q in the deck", c.Name))
		}
		if (c.Border == "blue") != k.Blue() {
			panic(fmt.Sprintf("card: %s has a %s border", c.Name, c.Border))
		}
		s := Suit(4)
		for j, n := range suitNames {
			if n == c.Suit {
				s = Suit(j)
			}
		}
		r := rankFromString(c.Rank)
		t.kindOf[id], t.suitOf[id], t.rankOf[id] = k, s, r
		t.kindSet[k].Add(id)
		t.allSet.Add(id)
		if s == Hearts {
			t.hearts.Add(id)
		}
		if s == Hearts || s == Diamonds {
			t.redSet.Add(id)
		}
		if s == Spades && r >= 2 && r <= 9 {
			t.boomSet.Add(id)
		}
		if k.Blue() {
			t.blueSet.Add(id)
		}
		if k.Weapon() {
			t.weapons.Add(id)
		}
	}
	return t
}

func rankFromString(r string) uint8 {
	switch r {
	case "J":
		return 11
	case "Q":
		return 12
	case "K":
		return 13
	case "A":
		return 14
	case "10":
		return 10
	}
	if len(r) == 1 && r[0] >= '2' && r[0] <= '9' {
		return r[0] - '0'
	}
	panic("card: bad rank " + r)
}

// Kind returns what the card is.
func (c CardID) Kind() Kind { return kindOf[c%NumCards] }

// Suit returns the card's suit.
func (c CardID) Suit() Suit { return suitOf[c%NumCards] }

// Rank returns the card's rank, 2..14 (J 11, Q 12, K 13, A 14).
func (c CardID) Rank() uint8 { return rankOf[c%NumCards] }

// Valid reports whether c names a card of the deck.
func (c CardID) Valid() bool { return c < NumCards }

var rankNames = [15]string{2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
var suitSigns = [4]string{"♠", "♥", "♦", "♣"}

// String names the card with its rank and suit, e.g. "BANG! A♠"; "-" for NoCard.
func (c CardID) String() string {
	switch {
	case c == NoCard:
		return "-"
	case c == PickHand:
		return "hand"
	case c >= NumCards:
		return fmt.Sprintf("card#%d", c)
	}
	return kindOf[c].String() + " " + rankNames[rankOf[c]] + suitSigns[suitOf[c]]
}

// KindSet returns every card of kind k.
func KindSet(k Kind) Set {
	if k < NumKinds {
		return kindSet[k]
	}
	return Set{}
}

// Set is a set of cards, a bit per CardID: hands, the cards in front of a player, the
// discard pile's contents.
type Set [2]uint64

// Add puts c in the set.
func (s *Set) Add(c CardID) { s[c>>6&1] |= 1 << (c & 63) }

// Remove takes c out of the set.
func (s *Set) Remove(c CardID) { s[c>>6&1] &^= 1 << (c & 63) }

// Has reports whether c is in the set.
func (s Set) Has(c CardID) bool { return c < NumCards && s[c>>6]>>(c&63)&1 == 1 }

// Len returns the number of cards in the set.
func (s Set) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Empty reports whether the set holds no card.
func (s Set) Empty() bool { return s[0]|s[1] == 0 }

// And returns the cards in both sets.
func (s Set) And(o Set) Set { return Set{s[0] & o[0], s[1] & o[1]} }

// Or returns the cards in either set.
func (s Set) Or(o Set) Set { return Set{s[0] | o[0], s[1] | o[1]} }

// Minus returns the cards of s not in o.
func (s Set) Minus(o Set) Set { return Set{s[0] &^ o[0], s[1] &^ o[1]} }

// First returns the lowest card of the set, NoCard when empty.
func (s Set) First() CardID {
	if s[0] != 0 {
		return CardID(bits.TrailingZeros64(s[0]))
	}
	if s[1] != 0 {
		return CardID(64 + bits.TrailingZeros64(s[1]))
	}
	return NoCard
}

// Nth returns the i-th card of the set in increasing order (0 <= i < Len), NoCard past
// the end.
func (s Set) Nth(i int) CardID {
	// The word without a branch (which word holds a random rank is a coin flip).
	n0 := bits.OnesCount64(s[0])
	second := -uint64(b2i8(i >= n0))
	w := s[0]&^second | s[1]&second
	base := int(second & 64)
	i -= n0 & int(second)
	if uint(i) >= uint(bits.OnesCount64(w)) {
		return NoCard
	}
	return CardID(base + select64(w, i))
}

// Rank returns the number of cards of s below c (c < NumCards), Nth's inverse for a
// card of s: a count of each word below c, with no branch on c's word.
func (s Set) Rank(c CardID) int {
	below := uint64(1)<<(c&63) - 1
	w := -uint64(c >> 6 & 1) // all ones when c is in the second word
	return bits.OnesCount64(s[0]&(below|w)) + bits.OnesCount64(s[1]&below&w)
}

// Cards appends the set's cards in increasing order to dst.
func (s Set) Cards(dst []CardID) []CardID {
	for w := 0; w < 2; w++ {
		for m := s[w]; m != 0; m &= m - 1 {
			dst = append(dst, CardID(w*64+bits.TrailingZeros64(m)))
		}
	}
	return dst
}

// hasKind reports whether the set holds a card of kind k.
func (s Set) hasKind(k Kind) bool {
	ks := &kindSet[k]
	return s[0]&ks[0]|s[1]&ks[1] != 0
}

// ofKind returns the lowest card of kind k in the set, NoCard if none.
func (s Set) ofKind(k Kind) CardID { return s.And(kindSet[k]).First() }
