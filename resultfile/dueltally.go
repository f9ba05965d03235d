package resultfile

import (
	"fmt"
	"math/bits"
	"slices"
)

// DuelTallyFile is the file of a duel directory that holds its exact sums.
const DuelTallyFile = "duel-tally.json"

// DuelPairedFile is the table of a paired duel run (`bangsim duel --paired`): each
// player's wins over both seatings of every duel seed, and their paired difference.
const DuelPairedFile = "duel-paired.csv"

// Schema versions of a duel directory's JSON files.
const (
	// DuelTallySchema is duel-tally.json's schema.
	DuelTallySchema = "bangsim.duel-tally/1"
	// DuelRunSchema is the run.json of a duel directory: not a run's (it has no player
	// counts, roles or policies by role), so it has a schema of its own.
	DuelRunSchema = "bangsim.duel-run/1"
)

// DuelGame is the game a duel directory's run.json and duel-tally.json name.
const DuelGame = "duel"

// DuelRun is the run.json of `bangsim duel` (and of a merge of its shards): what the
// directory holds and how to play it again. Its fields are named as a run's are.
type DuelRun struct {
	Schema string `json:"schema"`
	Origin        // Game: DuelGame
	Slice
	Policy      [2]string `json:"policy"`       // play bots of seat 0 and seat 1
	DraftPolicy [2]string `json:"draft_policy"` // draft bots of seat 0 and seat 1
	// Rules are the card rule options that differ from the rulebook (none: absent).
	Rules Settings `json:"rules,omitempty"`
	// Characters are the characters a character file added to the draft's printed
	// sixteen (--characters-file), as a run's run.json records them (Run.Characters):
	// what merge, replay and report rebuild the duel from without the file.
	Characters []AddedCharacter `json:"added_characters,omitempty"`
	// Paired: every duel index was played twice from its seed, the second time with
	// the seats' bots swapped (`--paired`); the duel counts below are then indices
	// (duel seeds), each two duels.
	Paired         bool    `json:"paired,omitempty"`
	Duels          uint64  `json:"duels"`         // --duels, over all shards
	FirstDuel      uint64  `json:"first_duel"`    // this shard's first duel index
	DuelsPlanned   uint64  `json:"duels_planned"` // this shard's duels
	DuelsPlayed    uint64  `json:"duels_played"`  // always the prefix FirstDuel.. of them
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	DuelsPerSecond float64 `json:"duels_per_second"`
	Partial        bool    `json:"partial"`
	Host
	Confidence float64 `json:"confidence"`
	Output
}

// DuelTally is duel-tally.json: the exact integer sums behind seats.csv, order.csv and
// characters.csv of a duel directory, which `bangsim merge` validates and adds up
// across shards before recomputing rates. Like tally.json it repeats the run's identity
// (seed, bots, duels) so it cannot be merged into another run, and carries a checksum
// over its counts so a damaged or hand-edited file is refused.
type DuelTally struct {
	Schema      string     `json:"schema"`
	Game        string     `json:"game"`
	Version     string     `json:"version"`
	Seed        uint64     `json:"seed"`
	Policy      [2]string  `json:"policy"`
	DraftPolicy [2]string  `json:"draft_policy"`
	Rules       Settings   `json:"rules,omitempty"` // as run.json's
	Duels       uint64     `json:"duels"`           // the whole run's, over all shards
	Counts      DuelCounts `json:"counts"`
	Checksum    string     `json:"checksum"` // "sha256:" and the hex digest of Counts' JSON
}

// DuelCounts are the sums over the duel indices FirstDuel to FirstDuel+Indices()−1.
type DuelCounts struct {
	FirstDuel uint64 `json:"first_duel"`
	Duels     uint64 `json:"duels"` // duels played: the indices, or twice them when Paired
	Draws     uint64 `json:"draws"` // duels that reached the turn cap: no side won
	// SeatWins is the duels seat 0 (the better-ranked player) and seat 1 won.
	SeatWins [2]uint64 `json:"seat_wins"`
	// OrderWins is the duels won by the side that picked first ([0]) and by the side
	// that started ([1]); they add up to the duels less the draws.
	OrderWins [2]uint64 `json:"order_wins"`
	// Characters has every character in the engine's order: the duels a side drafted
	// it and the duels that side won.
	Characters []DuelCharacter `json:"characters"`
	// Paired is the paired comparison of a --paired run; nil otherwise.
	Paired *DuelPaired `json:"paired,omitempty"`
}

// DuelPaired is a paired run's comparison of its two players, A (seat 0's bots as
// given) and B, over duel seeds: each seed's two duels, A in seat 0 then B in seat 0,
// are one cluster of two seats.
type DuelPaired struct {
	Pairs   uint64     `json:"pairs"`   // duel seeds played, each twice
	Players [2]Cell    `json:"players"` // A's and B's wins, clustered by seed (2 seats a cluster)
	Diff    PairedCell `json:"diff"`    // A's win less B's, seat by seat, clustered by seed
}

// Indices returns the duel indices the counts cover: the duels, or the pairs of a
// paired run.
func (c *DuelCounts) Indices() uint64 {
	if c.Paired != nil {
		return c.Paired.Pairs
	}
	return c.Duels
}

// DuelCharacter is one character's duels and wins.
type DuelCharacter struct {
	Character string `json:"character"`
	Duels     uint64 `json:"duels"`
	Wins      uint64 `json:"wins"`
}

// Seal sets the schema and the checksum; call it last, before writing.
func (t *DuelTally) Seal() error {
	t.Schema = DuelTallySchema
	sum, err := duelChecksum(&t.Counts)
	if err != nil {
		return err
	}
	t.Checksum = sum
	return nil
}

// duelChecksum is the SHA-256 of the counts' canonical JSON.
func duelChecksum(c *DuelCounts) (string, error) { return checksumOf(c) }

// Validate checks a duel tally read from a file: its schema, its checksum, and that the
// counts agree with each other (the seats' wins and the draws add up to the duels, so
// do the order's wins, no character won more duels than it was drafted in or was
// drafted in more duels than were played). The error names the field.
func (t *DuelTally) Validate() error {
	if err := checkSeal(t.Schema, DuelTallySchema, &t.Counts, t.Checksum); err != nil {
		return err
	}
	if err := t.check(); err != nil {
		return fmt.Errorf("%w: %v", ErrTally, err)
	}
	return nil
}

// check verifies the consistency of the counts.
func (t *DuelTally) check() error {
	c := &t.Counts
	if t.Game != DuelGame {
		return fmt.Errorf("game %q: a duel tally's is %q", t.Game, DuelGame)
	}
	if end, carry := bits.Add64(c.FirstDuel, c.Indices(), 0); carry != 0 || end > t.Duels {
		return fmt.Errorf("counts: duels %d from %d exceed the run's %d duels", c.Indices(), c.FirstDuel, t.Duels)
	}
	if p := c.Paired; p != nil {
		if hi, two := bits.Mul64(p.Pairs, 2); hi != 0 || two != c.Duels {
			return fmt.Errorf("counts.paired.pairs %d is not half the duels (%d)", p.Pairs, c.Duels)
		}
		for i, cell := range p.Players {
			if cell.Games != p.Pairs || cell.Seats != c.Duels || cell.Wins > cell.Seats || cell.SeatsSq != 2*cell.Seats || cell.SeatsWins != 2*cell.Wins || cell.WinsSq < cell.Wins {
				return fmt.Errorf("counts.paired.players[%d] is not a cell of two seats for each of the %d pairs", i, p.Pairs)
			}
		}
		d := p.Diff
		if d.Games != p.Pairs || d.Seats != c.Duels || d.Sum != int64(p.Players[0].Wins)-int64(p.Players[1].Wins) || d.SumSeats != 2*d.Sum || d.SeatsSq != 2*d.Seats {
			return fmt.Errorf("counts.paired.diff does not match the players' wins over %d pairs", p.Pairs)
		}
		if all := p.Players[0].Wins + p.Players[1].Wins + c.Draws; all != c.Duels {
			return fmt.Errorf("counts.paired: the players' wins (%d, %d) and the draws (%d) do not add up to the duels (%d)", p.Players[0].Wins, p.Players[1].Wins, c.Draws, c.Duels)
		}
	}
	seats, carry := bits.Add64(c.SeatWins[0], c.SeatWins[1], 0)
	if all, carry2 := bits.Add64(seats, c.Draws, 0); carry != 0 || carry2 != 0 || all != c.Duels {
		return fmt.Errorf("counts: the seats' wins (%d, %d) and the draws (%d) do not add up to the duels (%d)", c.SeatWins[0], c.SeatWins[1], c.Draws, c.Duels)
	}
	if order, carry := bits.Add64(c.OrderWins[0], c.OrderWins[1], 0); carry != 0 || order != seats {
		return fmt.Errorf("counts: the order's wins (%d, %d) do not add up to the seats' wins (%d)", c.OrderWins[0], c.OrderWins[1], seats)
	}
	for i, ch := range c.Characters {
		switch {
		case ch.Character == "" || slices.ContainsFunc(c.Characters[:i], func(o DuelCharacter) bool { return o.Character == ch.Character }):
			return fmt.Errorf("counts.characters[%d]: character %q is empty or listed twice", i, ch.Character)
		case ch.Duels > c.Duels:
			return fmt.Errorf("counts.characters[%s].duels %d exceeds the duels played (%d)", ch.Character, ch.Duels, c.Duels)
		case ch.Wins > ch.Duels:
			return fmt.Errorf("counts.characters[%s].wins %d exceeds its duels %d", ch.Character, ch.Wins, ch.Duels)
		}
	}
	return nil
}

// Merge adds o into c; both must list the same characters in one order (they do when
// they passed Validate as shards of one run). A sum that would overflow is refused,
// naming it. FirstDuel is left as it is: the caller knows where the merged range starts.
func (c *DuelCounts) Merge(o *DuelCounts) error {
	if len(c.Characters) != len(o.Characters) {
		return fmt.Errorf("%w: the tallies list %d and %d characters", ErrTally, len(c.Characters), len(o.Characters))
	}
	var over string // the first sum that overflows
	sum := func(name string, dst *uint64, v uint64) {
		s, carry := bits.Add64(*dst, v, 0)
		if carry != 0 && over == "" {
			over = name
		}
		*dst = s
	}
	sum("duels", &c.Duels, o.Duels)
	sum("draws", &c.Draws, o.Draws)
	for i := range c.SeatWins {
		sum(fmt.Sprintf("seat_wins[%d]", i), &c.SeatWins[i], o.SeatWins[i])
		sum(fmt.Sprintf("order_wins[%d]", i), &c.OrderWins[i], o.OrderWins[i])
	}
	for i := range c.Characters {
		d, s := &c.Characters[i], &o.Characters[i]
		if d.Character != s.Character {
			return fmt.Errorf("%w: characters[%d] is %s in one tally and %s in the other", ErrTally, i, d.Character, s.Character)
		}
		sum("characters["+d.Character+"].duels", &d.Duels, s.Duels)
		sum("characters["+d.Character+"].wins", &d.Wins, s.Wins)
	}
	switch {
	case (c.Paired == nil) != (o.Paired == nil):
		return fmt.Errorf("%w: one tally is of a paired run and the other is not", ErrTally)
	case c.Paired != nil:
		p, q := c.Paired, o.Paired
		sum("paired.pairs", &p.Pairs, q.Pairs)
		for i := range p.Players {
			p.Players[i].Merge(&q.Players[i])
		}
		p.Diff.Games += q.Diff.Games
		p.Diff.Seats += q.Diff.Seats
		p.Diff.Sum += q.Diff.Sum
		p.Diff.SumSq += q.Diff.SumSq
		p.Diff.SumSeats += q.Diff.SumSeats
		p.Diff.SeatsSq += q.Diff.SeatsSq
	}
	if over != "" {
		return fmt.Errorf("%w: %s: the sum overflows", ErrTally, over)
	}
	return nil
}

// Clone returns a deep copy of c, so merging into it leaves c's characters alone.
func (c *DuelCounts) Clone() DuelCounts {
	out := *c
	out.Characters = append([]DuelCharacter(nil), c.Characters...)
	if c.Paired != nil {
		p := *c.Paired
		out.Paired = &p
	}
	return out
}
