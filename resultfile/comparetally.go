package resultfile

import (
	"fmt"
	"math/bits"
)

// CompareTallyFile is the file of a compare directory that holds its exact sums.
const CompareTallyFile = "compare-tally.json"

// CompareTallySchema is compare-tally.json's schema.
const CompareTallySchema = "bangsim.compare-tally/1"

// CompareTally is compare-tally.json: the exact integer sums behind compare.csv and
// compare-diff.csv, which `bangsim merge` validates and adds up across the shards of a
// comparison before recomputing rates, intervals and the Holm adjustment. Like
// tally.json it repeats the comparison's identity, so it cannot be merged into another
// comparison, and carries a checksum over its counts, so a damaged or hand-edited file
// is refused.
type CompareTally struct {
	Schema      string        `json:"schema"`
	Game        string        `json:"game"`
	Version     string        `json:"version"`
	Seed        uint64        `json:"seed"`
	Players     int           `json:"players"`
	Policies    []string      `json:"policies"` // labels, the reference first
	Specs       []string      `json:"specs"`
	Rules       Settings      `json:"rules"`
	GameIndices uint64        `json:"game_indices"` // --games: the whole comparison's, over all shards
	Counts      CompareCounts `json:"counts"`
	Checksum    string        `json:"checksum"` // "sha256:" and the hex digest of Counts' JSON
}

// CompareCounts are the sums over the game indices FirstIndex to FirstIndex+Indices−1.
type CompareCounts struct {
	FirstIndex uint64        `json:"first_index"`
	Indices    uint64        `json:"indices"` // game indices played
	Games      uint64        `json:"games"`   // games played, 1 + players·(policies−1) an index
	Illegal    uint64        `json:"illegal_choices"`
	Rates      []CompareRate `json:"rates"` // each policy in turn, its role rows in one order, "all" last
	Diffs      []CompareDiff `json:"diffs"` // each policy but the reference, the same role rows
}

// CompareRate is the win cell of one policy at the seats it played in one role,
// clustered by game index.
type CompareRate struct {
	Policy string `json:"policy"`
	Role   string `json:"role"`
	Cell
}

// CompareDiff is the paired-difference cell of one policy against the reference in one
// role.
type CompareDiff struct {
	Policy string `json:"policy"`
	Role   string `json:"role"`
	PairedCell
}

// PairedCell is a paired difference's integer sums over game indices (report.PairedCell
// is the same, with the statistics): in index i the cell covers m_i seats whose
// differences (−1, 0 or +1 each) sum to D_i.
type PairedCell struct {
	Games    uint64 `json:"games"`     // indices with m > 0
	Seats    uint64 `json:"seats"`     // Σ m
	Sum      int64  `json:"sum"`       // Σ D
	SumSq    uint64 `json:"sum_sq"`    // Σ D²
	SumSeats int64  `json:"sum_seats"` // Σ D·m
	SeatsSq  uint64 `json:"seats_sq"`  // Σ m²
}

// Seal sets the schema and the checksum; call it last, before writing.
func (t *CompareTally) Seal() error {
	t.Schema = CompareTallySchema
	sum, err := compareChecksum(&t.Counts)
	if err != nil {
		return err
	}
	t.Checksum = sum
	return nil
}

// compareChecksum is the SHA-256 of the counts' canonical JSON.
func compareChecksum(c *CompareCounts) (string, error) { return checksumOf(c) }

// Validate checks a compare tally read from a file: its schema, its checksum, that it
// lists every policy's rows in one shape, and that the counts agree with each other
// (every policy plays every seat once an index, wins never above seats, a paired
// difference never larger than its seats). The error names the field.
func (t *CompareTally) Validate() error {
	if err := checkSeal(t.Schema, CompareTallySchema, &t.Counts, t.Checksum); err != nil {
		return err
	}
	if err := t.check(); err != nil {
		return fmt.Errorf("%w: %v", ErrTally, err)
	}
	return nil
}

// Roles returns the role rows of the tally, "all" last, as its reference lists them.
func (t *CompareTally) Roles() []string {
	var out []string
	for _, r := range t.Counts.Rates {
		if len(t.Policies) == 0 || r.Policy != t.Policies[0] {
			break
		}
		out = append(out, r.Role)
	}
	return out
}

// check verifies the shape and the consistency of the counts.
func (t *CompareTally) check() error {
	c := &t.Counts
	n := uint64(max(t.Players, 0))
	k := len(t.Policies)
	switch {
	case t.Players < 1:
		return fmt.Errorf("players %d: want 1 or more", t.Players)
	case k < 2 || len(t.Specs) != k:
		return fmt.Errorf("%d policies and %d specs: want the same number, 2 or more", k, len(t.Specs))
	case c.FirstIndex+c.Indices < c.FirstIndex || c.FirstIndex+c.Indices > t.GameIndices:
		return fmt.Errorf("counts: indices %d from %d exceed the comparison's %d game indices", c.Indices, c.FirstIndex, t.GameIndices)
	}
	perIndex := 1 + n*uint64(k-1)
	if hi, games := bits.Mul64(c.Indices, perIndex); hi != 0 || games != c.Games {
		return fmt.Errorf("counts.games %d is not indices × games an index (%d × %d)", c.Games, c.Indices, perIndex)
	}
	roles := t.Roles()
	if len(roles) == 0 || roles[len(roles)-1] != "all" {
		return fmt.Errorf("counts.rates: the reference %q's rows do not end with role \"all\"", t.Policies[0])
	}
	if len(c.Rates) != k*len(roles) {
		return fmt.Errorf("counts.rates has %d rows, want %d (%d policies × %d roles)", len(c.Rates), k*len(roles), k, len(roles))
	}
	if len(c.Diffs) != (k-1)*len(roles) {
		return fmt.Errorf("counts.diffs has %d rows, want %d (%d policies × %d roles)", len(c.Diffs), (k-1)*len(roles), k-1, len(roles))
	}
	allSeats := c.Indices * n // at most Games, which did not overflow
	for i, r := range c.Rates {
		p, role := t.Policies[i/len(roles)], roles[i%len(roles)]
		name := fmt.Sprintf("counts.rates[%d] (%s, %s)", i, p, role)
		if r.Policy != p || r.Role != role {
			return fmt.Errorf("%s: the row is %s, %s", name, r.Policy, r.Role)
		}
		if err := checkRate(name, r.Cell, c.Indices, n); err != nil {
			return err
		}
		if role == "all" && (r.Seats != allSeats || r.Games != c.Indices) {
			return fmt.Errorf("%s: %d seats in %d indices, want every seat of every index (%d in %d)", name, r.Seats, r.Games, allSeats, c.Indices)
		}
		if ref := c.Rates[i%len(roles)]; r.Seats != ref.Seats || r.Games != ref.Games {
			return fmt.Errorf("%s: %d seats in %d indices, but the reference played %d in %d", name, r.Seats, r.Games, ref.Seats, ref.Games)
		}
	}
	for i, d := range c.Diffs {
		p, role := t.Policies[1+i/len(roles)], roles[i%len(roles)]
		name := fmt.Sprintf("counts.diffs[%d] (%s, %s)", i, p, role)
		if d.Policy != p || d.Role != role {
			return fmt.Errorf("%s: the row is %s, %s", name, d.Policy, d.Role)
		}
		if ref := c.Rates[i%len(roles)]; d.Seats != ref.Seats || d.Games != ref.Games {
			return fmt.Errorf("%s: %d seats in %d indices, but the rates have %d in %d", name, d.Seats, d.Games, ref.Seats, ref.Games)
		}
		// Each difference is −1, 0 or +1, so |D| ≤ m in every index.
		if abs(d.Sum) > d.Seats || d.SumSq > d.SeatsSq || abs(d.SumSeats) > d.SeatsSq || d.SumSq < abs(d.Sum) {
			return fmt.Errorf("%s: the differences (sum %d, sum_sq %d, sum_seats %d) exceed what %d seats allow", name, d.Sum, d.SumSq, d.SumSeats, d.Seats)
		}
	}
	return nil
}

// checkRate verifies one win cell of games indices with at most perIndex seats each.
func checkRate(name string, c Cell, indices, perIndex uint64) error {
	hi, lo := bits.Mul64(indices, perIndex)
	switch {
	case c.Games > indices:
		return fmt.Errorf("%s: games %d exceeds the indices played (%d)", name, c.Games, indices)
	case c.Wins > c.Seats:
		return fmt.Errorf("%s: wins %d exceeds its seats %d", name, c.Wins, c.Seats)
	case c.Games > c.Seats:
		return fmt.Errorf("%s: games %d exceeds its seats %d", name, c.Games, c.Seats)
	case hi == 0 && c.Seats > lo:
		return fmt.Errorf("%s: seats %d exceeds %d an index over %d indices", name, c.Seats, perIndex, indices)
	case c.WinsSq < c.Wins || c.SeatsSq < c.Seats || c.SeatsWins < c.Wins:
		return fmt.Errorf("%s: its sums of squares are smaller than its sums", name)
	}
	return nil
}

// abs is |v| as an unsigned number (exact also for the smallest int64).
func abs(v int64) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

// Merge adds o into c; both must list the same rows (they do when they passed Validate
// as shards of one comparison). A sum that would overflow is refused, naming it.
func (c *CompareCounts) Merge(o *CompareCounts) error {
	if len(c.Rates) != len(o.Rates) || len(c.Diffs) != len(o.Diffs) {
		return fmt.Errorf("%w: the tallies list different policies or roles", ErrTally)
	}
	var over string // the first sum that overflows
	sum := func(name string, dst *uint64, v uint64) {
		s, carry := bits.Add64(*dst, v, 0)
		if carry != 0 && over == "" {
			over = name
		}
		*dst = s
	}
	signed := func(name string, dst *int64, v int64) {
		s := *dst + v
		if (v > 0 && s < *dst) || (v < 0 && s > *dst) {
			if over == "" {
				over = name
			}
		}
		*dst = s
	}
	sum("indices", &c.Indices, o.Indices)
	sum("games", &c.Games, o.Games)
	sum("illegal_choices", &c.Illegal, o.Illegal)
	for i := range c.Rates {
		d, s := &c.Rates[i], &o.Rates[i]
		name := fmt.Sprintf("rates[%d] (%s, %s)", i, d.Policy, d.Role)
		sum(name+".games", &d.Games, s.Games)
		sum(name+".seats", &d.Seats, s.Seats)
		sum(name+".wins", &d.Wins, s.Wins)
		sum(name+".wins_sq", &d.WinsSq, s.WinsSq)
		sum(name+".seats_wins", &d.SeatsWins, s.SeatsWins)
		sum(name+".seats_sq", &d.SeatsSq, s.SeatsSq)
	}
	for i := range c.Diffs {
		d, s := &c.Diffs[i], &o.Diffs[i]
		name := fmt.Sprintf("diffs[%d] (%s, %s)", i, d.Policy, d.Role)
		sum(name+".games", &d.Games, s.Games)
		sum(name+".seats", &d.Seats, s.Seats)
		signed(name+".sum", &d.Sum, s.Sum)
		sum(name+".sum_sq", &d.SumSq, s.SumSq)
		signed(name+".sum_seats", &d.SumSeats, s.SumSeats)
		sum(name+".seats_sq", &d.SeatsSq, s.SeatsSq)
	}
	if over != "" {
		return fmt.Errorf("%w: %s: the sum overflows", ErrTally, over)
	}
	return nil
}

// Clone returns a deep copy of c, so merging into it leaves c's slices alone.
func (c *CompareCounts) Clone() CompareCounts {
	out := *c
	out.Rates = append([]CompareRate(nil), c.Rates...)
	out.Diffs = append([]CompareDiff(nil), c.Diffs...)
	return out
}
