package bang

import (
	"fmt"
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/fastrand"
)

// Deal says how characters are given to seats; both games deal the same ways.
type Deal uint8

// The character deals: Random from the box without repeats (the rulebook), Plain (no
// ability) for everyone, Pool dealt at random without repeats from a list, Seats giving
// the i-th listed character to seat i (seat 0 is the player who starts).
const (
	DealRandom Deal = iota
	DealPlain
	DealPool
	DealSeats
)

// String names a deal as run.json records it.
func (d Deal) String() string {
	switch d {
	case DealRandom:
		return "random"
	case DealPlain:
		return "plain"
	case DealPool:
		return "pool"
	case DealSeats:
		return "fixed-seats"
	}
	return "unknown"
}

// MaxPool bounds the character list of a pool or fixed-seats deal.
const MaxPool = 24

// CharacterDeal is how a game gives characters to seats: the deal and, for a list, its
// characters. Both engines' Rules embed it, so they check and deal alike.
type CharacterDeal struct {
	Deal    Deal
	PoolLen uint8
	Pool    [MaxPool]Character
	// Added counts the characters a game plays beyond the printed ones and Plain
	// (CharacterSet), numbered from NumCharacters, and AddedLife is their declared lives:
	// a random deal draws from them too. Plain values, so that a State copies whole.
	Added     uint8
	AddedLife [MaxCharacters - NumCharacters]int8
	// AddedPowers is the added characters' abilities as the engine's primitives
	// (CharacterSpec.Powers), in the same order.
	AddedPowers [MaxCharacters - NumCharacters]Powers
}

// SetCharacters makes the deal's game play the characters of set: its added ones join
// the box and have their declared lives.
func (d *CharacterDeal) SetCharacters(set *CharacterSet) {
	d.Added = uint8(set.Len() - int(NumCharacters))
	d.AddedLife = [MaxCharacters - NumCharacters]int8{}
	d.AddedPowers = [MaxCharacters - NumCharacters]Powers{}
	for i := range int(d.Added) {
		c := NumCharacters + Character(i)
		d.AddedLife[i] = int8(set.Life(c))
		d.AddedPowers[i] = set.specs[c].Powers
	}
}

// AddedPowersOf returns an added character's powers (none for a printed one or Plain,
// whose abilities are the engine's PrintedPowers).
func (d *CharacterDeal) AddedPowersOf(c Character) Powers {
	if c < NumCharacters {
		return Powers{}
	}
	return d.AddedPowers[(c-NumCharacters)%(MaxCharacters-NumCharacters)]
}

// Count is the number of characters the deal may give, Plain included.
func (d *CharacterDeal) Count() int { return int(NumCharacters) + int(d.Added) }

// Life returns c's starting life before any change: printed(c), the engine's table,
// for a printed character and Plain, the declared life for an added one.
func (d *CharacterDeal) Life(c Character, printed func(Character) int) int {
	if c < NumCharacters {
		return printed(c)
	}
	return int(d.AddedLife[(c-NumCharacters)%(MaxCharacters-NumCharacters)])
}

// SetPool sets the character list of a pool or fixed-seats deal.
func (d *CharacterDeal) SetPool(cs []Character) error {
	if len(cs) > MaxPool {
		return fmt.Errorf("%d characters listed, at most %d", len(cs), MaxPool)
	}
	for _, c := range cs {
		if int(c) >= d.Count() {
			return fmt.Errorf("character number %d out of range", c)
		}
	}
	d.PoolLen = uint8(len(cs))
	d.Pool = [MaxPool]Character{}
	copy(d.Pool[:], cs)
	return nil
}

// Check reports why the deal cannot seat n players, or nil.
func (d *CharacterDeal) Check(n int) error {
	if int(d.PoolLen) > MaxPool {
		return fmt.Errorf("%d characters listed, at most %d", d.PoolLen, MaxPool)
	}
	for i := 0; i < int(d.PoolLen); i++ {
		if int(d.Pool[i]) >= d.Count() {
			return fmt.Errorf("character number %d out of range", d.Pool[i])
		}
	}
	switch d.Deal {
	case DealRandom, DealPlain:
	case DealPool:
		if int(d.PoolLen) < n {
			return fmt.Errorf("%d characters listed for %d players; list at least one per player", d.PoolLen, n)
		}
	case DealSeats:
		if int(d.PoolLen) != n {
			return fmt.Errorf("%d characters listed for %d seats; list exactly one per seat", d.PoolLen, n)
		}
	default:
		return fmt.Errorf("unknown deal %d", d.Deal)
	}
	return nil
}

// boxPool lists every character but Plain, in order (the printed ones, then the added
// ones): the pool of a random deal, its first NumRealCharacters + Added.
var boxPool = func() (p [MaxCharacters]Character) {
	for i := range NumRealCharacters {
		p[i] = Character(i)
	}
	for i := NumRealCharacters; i < MaxCharacters-1; i++ {
		p[i] = Character(i + 1)
	}
	return p
}()

// DealRoles deals the roles of a table of n players into role from rng: seat 0 the
// player who starts, the others shuffled over seats 1…n−1 (Fisher–Yates), the same
// as a random deal seen from the Sheriff.
func DealRoles(role *[MaxSeats]Role, n int, rng *rand.PCG) {
	copy(role[:n], roleDeck[n])
	for i := n - 1; i > 1; i-- {
		j := 1 + int(fastrand.UintN(rng, uint64(i)))
		role[i], role[j] = role[j], role[i]
	}
}

// DealCharacters deals n seats their characters into char from rng as d says: a
// random or pool deal draws without repeats (partial Fisher–Yates).
func (d *CharacterDeal) DealCharacters(char *[MaxSeats]Character, n int, rng *rand.PCG) {
	switch d.Deal {
	case DealPlain:
		for s := 0; s < n; s++ {
			char[s] = Plain
		}
	case DealSeats:
		copy(char[:n], d.Pool[:n])
	default:
		pool := boxPool // a copy of a ready table, not a loop over the box per game
		size := NumRealCharacters + int(d.Added)
		if d.Deal == DealPool {
			size = int(d.PoolLen)
			copy(pool[:], d.Pool[:size])
		}
		for s := 0; s < n; s++ {
			j := s + int(fastrand.UintN(rng, uint64(size-s)))
			pool[s], pool[j] = pool[j], pool[s]
			char[s] = pool[s]
		}
	}
}
