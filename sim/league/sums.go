package league

import (
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// ValueSums is a Values' integer sums in plain arrays, so that the lab can keep them in
// a result file (league-tally.json) and a merge of shards can write prices.csv from
// them again (ValuesFromSums), byte for byte.
// Cells are indexed by character number; only those of the valued set's box are used.
type ValueSums struct {
	Cells [card.MaxPlayers + 1][bang.NumRoles][bang.MaxCharacters]Cell // [players][role][character]
	Roles [card.MaxPlayers + 1][bang.NumRoles]Cell                     // [players][role], every character
}

// Sums returns v's sums.
func (v *Values) Sums() ValueSums { return ValueSums{Cells: v.cells, Roles: v.roles} }

// ValuesFromSums returns the Values of those sums, games, seed and key (Values' fields)
// of the characters of chars (nil: the printed).
func ValuesFromSums(games int, seed uint64, key string, chars *bang.CharacterSet, s *ValueSums) *Values {
	return &Values{Games: games, Seed: seed, Key: key, chars: chars, cells: s.Cells, roles: s.Roles}
}

// PriceCounts is a PriceTally's integers in plain arrays, for a result file and back
// (PriceTallyOf): per character the times it was taken, paid for and the prices'
// sum, and the times it went to each role at each table size, indexed by character
// number.
type PriceCounts struct {
	Taken, Paid, PriceSum [bang.MaxCharacters]int64
	Seats                 [bang.MaxCharacters][card.MaxPlayers + 1][bang.NumRoles]int64 // [character][players][role]
}

// Counts returns p's integers.
func (p *PriceTally) Counts() PriceCounts {
	return PriceCounts{Taken: p.games, Paid: p.paid, PriceSum: p.priceSum, Seats: p.cells}
}

// PriceTallyOf returns the PriceTally of those integers.
func PriceTallyOf(c *PriceCounts) PriceTally {
	return PriceTally{games: c.Taken, paid: c.Paid, priceSum: c.PriceSum, cells: c.Seats}
}
