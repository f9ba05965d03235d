package resultfile

import (
	"fmt"
	"math/bits"
	"slices"
)

// LadderTally is ladder-tally.json: every exact integer count behind a ladder's
// ratings, skill depth and ladder-tally.csv, which `bangsim merge` validates and adds up
// across the shards of a ladder before refitting the ratings. Like compare-tally.json
// it repeats the ladder's identity, so it cannot be merged into another ladder, and
// carries a checksum over its counts, so a damaged or hand-edited file is refused.
type LadderTally struct {
	Schema      string       `json:"schema"`
	Game        string       `json:"game"`
	Version     string       `json:"version"`
	Seed        uint64       `json:"seed"`
	Players     int          `json:"players"`
	Policies    []string     `json:"policies"` // labels, in --policies order
	Specs       []string     `json:"specs"`
	Rules       Settings     `json:"rules"`
	GameIndices uint64       `json:"game_indices"` // --games: the whole ladder's, over all shards
	Groups      int          `json:"groups"`       // jackknife groups (index mod Groups)
	Counts      LadderCounts `json:"counts"`
	Checksum    string       `json:"checksum"` // "sha256:" and the hex digest of Counts' JSON

	// Pairs marks the two-seat design (the long duel): every pair of policies plays each
	// index twice, the seats swapped, so a policy has 2(k−1) seats an index and a pair
	// 2; without it every policy plays every seat of the index once.
	Pairs bool `json:"pairs,omitempty"`
	// CharactersPerSeat is how many characters a seat holds (the duel's five drafted),
	// each counted in the character rows; 0 means one.
	CharactersPerSeat int `json:"characters_per_seat,omitempty"`
}

// LadderCounts are the sums over the game indices FirstIndex to FirstIndex+Indices−1.
// Every list has a fixed shape that Validate checks, so two shards' add row by row.
type LadderCounts struct {
	FirstIndex uint64 `json:"first_index"`
	Indices    uint64 `json:"indices"` // game indices played
	Games      uint64 `json:"games"`   // games played, one per bot and index
	Illegal    uint64 `json:"illegal_choices"`
	// Beat has each group in turn and in it each role dealt, in the rates' order.
	Beat []LadderBeat `json:"beat"`
	// Rates has each policy in turn, its role rows in one order, "all" last.
	Rates []CompareRate `json:"rates"`
	// Roles has each pair of policies (a before b in --policies order), the same role
	// rows; Characters each pair, every character in one order.
	Roles      []LadderPair `json:"roles"`
	Characters []LadderPair `json:"characters"`
}

// LadderBeat is one group's and one role's comparisons: Seats[a][b] seats of the role
// that policy a won and policy b lost, the same seat of the same index.
type LadderBeat struct {
	Group int        `json:"group"`
	Role  string     `json:"role"`
	Seats [][]uint64 `json:"seats"`
}

// LadderPair is the paired difference of policy A's win minus policy B's at the same
// seats of one role or one character, clustered by index.
type LadderPair struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Name string `json:"name"` // the role or the character
	PairedCell
}

// Seal sets the schema and the checksum; call it last, before writing.
func (t *LadderTally) Seal() error {
	t.Schema = LadderTallySchema
	sum, err := checksumOf(&t.Counts)
	if err != nil {
		return err
	}
	t.Checksum = sum
	return nil
}

// Validate checks a ladder tally read from a file: its schema, its checksum, the shape
// of every list and that the counts agree with each other (every bot plays every seat
// once an index, wins never above seats, a paired difference never larger than its
// seats, a character at every seat). The error names the field.
func (t *LadderTally) Validate() error {
	if err := checkSeal(t.Schema, LadderTallySchema, &t.Counts, t.Checksum); err != nil {
		return err
	}
	if err := t.check(); err != nil {
		return fmt.Errorf("%w: %v", ErrTally, err)
	}
	return nil
}

// Roles returns the role rows of the tally, "all" last, as its first policy lists them.
func (t *LadderTally) Roles() []string {
	var out []string
	for _, r := range t.Counts.Rates {
		if len(t.Policies) == 0 || r.Policy != t.Policies[0] {
			break
		}
		out = append(out, r.Role)
	}
	return out
}

// CharacterNames returns the character rows of the tally, as its first pair lists them.
func (t *LadderTally) CharacterNames() []string {
	var out []string
	for _, c := range t.Counts.Characters {
		if len(out) > 0 && (c.A != t.Counts.Characters[0].A || c.B != t.Counts.Characters[0].B) {
			break
		}
		out = append(out, c.Name)
	}
	return out
}

// check verifies the shape and the consistency of the counts.
func (t *LadderTally) check() error {
	c := &t.Counts
	k := len(t.Policies)
	switch {
	case t.Players < 1:
		return fmt.Errorf("players %d: want 1 or more", t.Players)
	case k < 2 || len(t.Specs) != k:
		return fmt.Errorf("%d policies and %d specs: want the same number, 2 or more", k, len(t.Specs))
	case t.Groups < 1:
		return fmt.Errorf("groups %d: want 1 or more", t.Groups)
	case t.CharactersPerSeat < 0 || t.CharactersPerSeat > 64:
		return fmt.Errorf("characters_per_seat %d: want 0 to 64", t.CharactersPerSeat)
	case t.Pairs && t.Players != 2:
		return fmt.Errorf("pairs at %d players: the pair design has two seats", t.Players)
	case c.FirstIndex+c.Indices < c.FirstIndex || c.FirstIndex+c.Indices > t.GameIndices:
		return fmt.Errorf("counts: indices %d from %d exceed the ladder's %d game indices", c.Indices, c.FirstIndex, t.GameIndices)
	}
	// perIndex: games an index; n: a policy's seats an index; pairSeats: a pair's.
	perIndex, n, pairSeats := uint64(k), uint64(t.Players), uint64(t.Players)
	if t.Pairs {
		perIndex, n = uint64(k*(k-1)), uint64(t.Players*(k-1))
	}
	if hi, games := bits.Mul64(c.Indices, perIndex); hi != 0 || games != c.Games {
		return fmt.Errorf("counts.games %d is not indices × games an index (%d × %d)", c.Games, c.Indices, perIndex)
	}
	if hi, _ := bits.Mul64(c.Indices, n*uint64(max(t.CharactersPerSeat, 1))); hi != 0 {
		return fmt.Errorf("counts.indices %d: more seats than a count holds", c.Indices)
	}
	roles := t.Roles()
	if len(roles) == 0 || roles[len(roles)-1] != "all" {
		return fmt.Errorf("counts.rates: the first policy %q's rows do not end with role \"all\"", t.Policies[0])
	}
	if len(c.Rates) != k*len(roles) {
		return fmt.Errorf("counts.rates has %d rows, want %d (%d policies × %d roles)", len(c.Rates), k*len(roles), k, len(roles))
	}
	for i, r := range c.Rates {
		p, role := t.Policies[i/len(roles)], roles[i%len(roles)]
		name := fmt.Sprintf("counts.rates[%d] (%s, %s)", i, p, role)
		if r.Policy != p || r.Role != role {
			return fmt.Errorf("%s: the row is %s, %s", name, r.Policy, r.Role)
		}
		if err := checkRate(name, r.Cell, c.Indices, n); err != nil {
			return err
		}
		if role == "all" && (r.Seats != c.Indices*n || r.Games != c.Indices) {
			return fmt.Errorf("%s: %d seats in %d indices, want every seat of every index (%d in %d)", name, r.Seats, r.Games, c.Indices*n, c.Indices)
		}
		if ref := c.Rates[i%len(roles)]; r.Seats != ref.Seats || r.Games != ref.Games {
			return fmt.Errorf("%s: %d seats in %d indices, but %s played %d in %d", name, r.Seats, r.Games, t.Policies[0], ref.Seats, ref.Games)
		}
	}
	dealt := roles[:len(roles)-1]
	if len(dealt) == 0 {
		dealt = roles // a game without roles (the duel) keeps its comparisons under "all"
	}
	if len(c.Beat) != t.Groups*len(dealt) {
		return fmt.Errorf("counts.beat has %d rows, want %d (%d groups × %d roles)", len(c.Beat), t.Groups*len(dealt), t.Groups, len(dealt))
	}
	for i, b := range c.Beat {
		name := fmt.Sprintf("counts.beat[%d]", i)
		if b.Group != i/len(dealt) || b.Role != dealt[i%len(dealt)] {
			return fmt.Errorf("%s: the row is group %d, %s; want group %d, %s", name, b.Group, b.Role, i/len(dealt), dealt[i%len(dealt)])
		}
		if len(b.Seats) != k || slices.ContainsFunc(b.Seats, func(row []uint64) bool { return len(row) != k }) {
			return fmt.Errorf("%s: seats is not %d × %d", name, k, k)
		}
		for a := range k {
			if b.Seats[a][a] != 0 {
				return fmt.Errorf("%s: %s beat itself %d times", name, t.Policies[a], b.Seats[a][a])
			}
		}
	}
	pairs := k * (k - 1) / 2
	if len(c.Roles) != pairs*len(roles) {
		return fmt.Errorf("counts.roles has %d rows, want %d (%d pairs × %d roles)", len(c.Roles), pairs*len(roles), pairs, len(roles))
	}
	chars := t.CharacterNames()
	if len(chars) == 0 || len(c.Characters) != pairs*len(chars) {
		return fmt.Errorf("counts.characters has %d rows, want %d pairs × the same characters", len(c.Characters), pairs)
	}
	p := 0 // the pair's place in --policies order
	for a := range k {
		for b := a + 1; b < k; b++ {
			var charSeats uint64
			for j, ch := range chars {
				i := p*len(chars) + j
				d := c.Characters[i]
				if err := checkPair(fmt.Sprintf("counts.characters[%d] (%s, %s, %s)", i, t.Policies[a], t.Policies[b], ch), d, t.Policies[a], t.Policies[b], ch); err != nil {
					return err
				}
				charSeats += d.Seats
			}
			if want := c.Indices * pairSeats * uint64(max(t.CharactersPerSeat, 1)); charSeats != want {
				return fmt.Errorf("counts.characters (%s, %s): %d seats, want a character at every seat (%d)", t.Policies[a], t.Policies[b], charSeats, want)
			}
			for j, role := range roles {
				i := p*len(roles) + j
				d := c.Roles[i]
				name := fmt.Sprintf("counts.roles[%d] (%s, %s, %s)", i, t.Policies[a], t.Policies[b], role)
				if err := checkPair(name, d, t.Policies[a], t.Policies[b], role); err != nil {
					return err
				}
				ref := c.Rates[j]
				if t.Pairs { // a pair meets at 2 of each policy's 2(k−1) seats
					ref.Seats /= uint64(k - 1)
				}
				if d.Seats != ref.Seats || d.Games != ref.Games {
					return fmt.Errorf("%s: %d seats in %d indices, but the rates have %d in %d", name, d.Seats, d.Games, ref.Seats, ref.Games)
				}
			}
			p++
		}
	}
	return nil
}

// checkPair verifies one paired row's names and that its differences fit its seats.
func checkPair(name string, d LadderPair, a, b, row string) error {
	if d.A != a || d.B != b || d.Name != row {
		return fmt.Errorf("%s: the row is %s, %s, %s", name, d.A, d.B, d.Name)
	}
	// Each difference is −1, 0 or +1, so |D| ≤ m in every index.
	if abs(d.Sum) > d.Seats || d.SumSq > d.SeatsSq || abs(d.SumSeats) > d.SeatsSq || d.SumSq < abs(d.Sum) || d.Games > d.Seats {
		return fmt.Errorf("%s: the differences (sum %d, sum_sq %d, sum_seats %d) exceed what %d seats allow", name, d.Sum, d.SumSq, d.SumSeats, d.Seats)
	}
	return nil
}

// Merge adds o into c; both must list the same rows (they do when they passed Validate
// as shards of one ladder). A sum that would overflow is refused, naming it.
func (c *LadderCounts) Merge(o *LadderCounts) error {
	if len(c.Rates) != len(o.Rates) || len(c.Beat) != len(o.Beat) || len(c.Roles) != len(o.Roles) || len(c.Characters) != len(o.Characters) {
		return fmt.Errorf("%w: the tallies list different policies, roles or characters", ErrTally)
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
		if ((v > 0 && s < *dst) || (v < 0 && s > *dst)) && over == "" {
			over = name
		}
		*dst = s
	}
	sum("indices", &c.Indices, o.Indices)
	sum("games", &c.Games, o.Games)
	sum("illegal_choices", &c.Illegal, o.Illegal)
	for i := range c.Beat {
		d, s := &c.Beat[i], &o.Beat[i]
		if d.Group != s.Group || d.Role != s.Role || len(d.Seats) != len(s.Seats) {
			return fmt.Errorf("%w: beat[%d]: the tallies list other rows", ErrTally, i)
		}
		for a := range d.Seats {
			if len(d.Seats[a]) != len(s.Seats[a]) {
				return fmt.Errorf("%w: beat[%d]: the tallies list other policies", ErrTally, i)
			}
			for b := range d.Seats[a] {
				sum(fmt.Sprintf("beat[%d].seats[%d][%d]", i, a, b), &d.Seats[a][b], s.Seats[a][b])
			}
		}
	}
	for i := range c.Rates {
		d, s := &c.Rates[i], &o.Rates[i]
		if d.Policy != s.Policy || d.Role != s.Role {
			return fmt.Errorf("%w: rates[%d]: the tallies list other rows", ErrTally, i)
		}
		name := fmt.Sprintf("rates[%d] (%s, %s)", i, d.Policy, d.Role)
		sum(name+".games", &d.Games, s.Games)
		sum(name+".seats", &d.Seats, s.Seats)
		sum(name+".wins", &d.Wins, s.Wins)
		sum(name+".wins_sq", &d.WinsSq, s.WinsSq)
		sum(name+".seats_wins", &d.SeatsWins, s.SeatsWins)
		sum(name+".seats_sq", &d.SeatsSq, s.SeatsSq)
	}
	for _, list := range []struct {
		name string
		d, s []LadderPair
	}{{"roles", c.Roles, o.Roles}, {"characters", c.Characters, o.Characters}} {
		for i := range list.d {
			d, s := &list.d[i], &list.s[i]
			if d.A != s.A || d.B != s.B || d.Name != s.Name {
				return fmt.Errorf("%w: %s[%d]: the tallies list other rows", ErrTally, list.name, i)
			}
			name := fmt.Sprintf("%s[%d] (%s, %s, %s)", list.name, i, d.A, d.B, d.Name)
			sum(name+".games", &d.Games, s.Games)
			sum(name+".seats", &d.Seats, s.Seats)
			signed(name+".sum", &d.Sum, s.Sum)
			sum(name+".sum_sq", &d.SumSq, s.SumSq)
			signed(name+".sum_seats", &d.SumSeats, s.SumSeats)
			sum(name+".seats_sq", &d.SeatsSq, s.SeatsSq)
		}
	}
	if over != "" {
		return fmt.Errorf("%w: %s: the sum overflows", ErrTally, over)
	}
	return nil
}

// Clone returns a deep copy of c, so merging into it leaves c's rows alone.
func (c *LadderCounts) Clone() LadderCounts {
	out := *c
	out.Beat = make([]LadderBeat, len(c.Beat))
	for i, b := range c.Beat {
		out.Beat[i] = LadderBeat{Group: b.Group, Role: b.Role, Seats: make([][]uint64, len(b.Seats))}
		for a, row := range b.Seats {
			out.Beat[i].Seats[a] = slices.Clone(row)
		}
	}
	out.Rates = slices.Clone(c.Rates)
	out.Roles = slices.Clone(c.Roles)
	out.Characters = slices.Clone(c.Characters)
	return out
}
