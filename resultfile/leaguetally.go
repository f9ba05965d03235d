package resultfile

import (
	"fmt"
	"math/bits"
	"slices"
)

// LeagueTallyFile is the file of a league directory that holds its exact sums.
const LeagueTallyFile = "league-tally.json"

// Schema versions of a league directory's JSON files.
const (
	// LeagueTallySchema is league-tally.json's schema.
	LeagueTallySchema = "bangsim.league-tally/1"
	// LeagueRunSchema is the run.json of a league directory (seasons, not games by
	// player count: a schema of its own, as the duel's).
	LeagueRunSchema = "bangsim.league-run/1"
)

// LeagueGame is the game a league directory's run.json and league-tally.json name.
const LeagueGame = "league"

// LeagueRun is the run.json of `bangsim league` (and of a merge of its shards): what the
// directory holds and how to play it again. Its fields are named as a run's are.
type LeagueRun struct {
	Schema string `json:"schema"`
	Origin        // Game: LeagueGame
	Slice
	// Setup is the league's configuration as settings (players, score table, bots,
	// finals, withdrawals...): two shards merge only when theirs are the same.
	Setup Settings `json:"setup"`
	// Characters are the characters a character file added to the league's box
	// (--characters-file), as a run's run.json records them (Run.Characters): what a
	// merge compares and rebuilds prices.csv's names from without the file.
	Characters       []AddedCharacter `json:"added_characters,omitempty"`
	Seasons          uint64           `json:"seasons"`         // --seasons, over all shards
	FirstSeason      uint64           `json:"first_season"`    // this shard's first season
	SeasonsPlanned   uint64           `json:"seasons_planned"` // this shard's seasons
	SeasonsPlayed    uint64           `json:"seasons_played"`  // always the prefix FirstSeason.. of them
	ElapsedSeconds   float64          `json:"elapsed_seconds"`
	SeasonsPerSecond float64          `json:"seasons_per_second"`
	Partial          bool             `json:"partial"`
	Host
	Output
}

// LeagueTally is league-tally.json: the exact integer sums behind prices.csv (the
// purchases per character, and the simulated character values the worth comes from),
// which `bangsim merge` validates and adds up across shards before writing prices.csv
// again; standings.csv and the season's record are rows per season, which shards
// concatenate. It repeats the run's identity (seed, seasons, setup) so it cannot be
// merged into another run, and carries a checksum over its counts and values.
type LeagueTally struct {
	Schema   string       `json:"schema"`
	Game     string       `json:"game"`
	Version  string       `json:"version"`
	Seed     uint64       `json:"seed"`
	Seasons  uint64       `json:"seasons"` // the whole run's, over all shards
	Setup    Settings     `json:"setup"`
	Counts   LeagueCounts `json:"counts"`
	Values   LeagueValues `json:"values"`
	Checksum string       `json:"checksum"` // "sha256:" and the hex digest of Counts' and Values' JSON
}

// LeagueCounts are the sums over the seasons FirstSeason to FirstSeason+Seasons−1.
type LeagueCounts struct {
	FirstSeason uint64 `json:"first_season"`
	Seasons     uint64 `json:"seasons"`
	PlayerGames uint64 `json:"player_games"` // every player's qualifying games, summed
	Ranked      uint64 `json:"ranked"`       // ranked players, summed over the seasons
	// Characters has every character in the engine's order.
	Characters []LeagueCharacter `json:"characters"`
}

// LeagueCharacter is one character's purchases: taken (taken = paid + free), paid for
// more than $0, the prices' sum, and Seats[n][r], the times it went to role r at a
// table of n players (n from 0, the rows below the smallest table empty).
type LeagueCharacter struct {
	Character string    `json:"character"`
	Taken     int64     `json:"taken"`
	Paid      int64     `json:"paid"`
	PriceSum  int64     `json:"price_sum"`
	Seats     [][]int64 `json:"seats"`
}

// LeagueValues are the simulated character values a season bids from and prices.csv's
// worth is read from: Games games per table size from Seed under the configuration Key
// names; Cells[n][r][c] sums character c in role r at n players, Roles[n][r] role r.
type LeagueValues struct {
	Games int                   `json:"games"`
	Seed  uint64                `json:"seed"`
	Key   string                `json:"key"`
	Cells [][][]LeagueValueCell `json:"cells"`
	Roles [][]LeagueValueCell   `json:"roles"`
}

// LeagueValueCell is one value cell's sums: seats, wins, the dollars paid and their
// squares.
type LeagueValueCell struct {
	Seats int64  `json:"seats"`
	Wins  int64  `json:"wins"`
	Sum   int64  `json:"sum"`
	SumSq uint64 `json:"sum_sq"`
}

// leagueSealed is what the checksum covers.
type leagueSealed struct {
	Counts *LeagueCounts `json:"counts"`
	Values *LeagueValues `json:"values"`
}

// Seal sets the schema and the checksum; call it last, before writing.
func (t *LeagueTally) Seal() error {
	t.Schema = LeagueTallySchema
	sum, err := leagueChecksum(t)
	if err != nil {
		return err
	}
	t.Checksum = sum
	return nil
}

// leagueChecksum is the SHA-256 of the counts' and values' canonical JSON.
func leagueChecksum(t *LeagueTally) (string, error) {
	return checksumOf(leagueSealed{&t.Counts, &t.Values})
}

// Validate checks a league tally read from a file: its schema, its checksum, and that
// the counts agree with each other (paid at most taken, the seats adding up to the
// takes, the seasons within the run's). The error names the field.
func (t *LeagueTally) Validate() error {
	if err := checkSeal(t.Schema, LeagueTallySchema, leagueSealed{&t.Counts, &t.Values}, t.Checksum); err != nil {
		return err
	}
	if err := t.check(); err != nil {
		return fmt.Errorf("%w: %v", ErrTally, err)
	}
	return nil
}

// check verifies the consistency of the counts.
func (t *LeagueTally) check() error {
	c := &t.Counts
	if t.Game != LeagueGame {
		return fmt.Errorf("game %q: a league tally's is %q", t.Game, LeagueGame)
	}
	if end, carry := bits.Add64(c.FirstSeason, c.Seasons, 0); carry != 0 || end > t.Seasons {
		return fmt.Errorf("counts: seasons %d from %d exceed the run's %d seasons", c.Seasons, c.FirstSeason, t.Seasons)
	}
	for i, ch := range c.Characters {
		var seats int64
		for _, row := range ch.Seats {
			for _, k := range row {
				if k < 0 {
					return fmt.Errorf("counts.characters[%s].seats holds a negative count", ch.Character)
				}
				seats += k
			}
		}
		switch {
		case ch.Character == "" || slices.ContainsFunc(c.Characters[:i], func(o LeagueCharacter) bool { return o.Character == ch.Character }):
			return fmt.Errorf("counts.characters[%d]: character %q is empty or listed twice", i, ch.Character)
		case ch.Paid < 0 || ch.Paid > ch.Taken || ch.PriceSum < 0:
			return fmt.Errorf("counts.characters[%s]: paid %d is not between 0 and taken %d, or the prices' sum %d is negative", ch.Character, ch.Paid, ch.Taken, ch.PriceSum)
		case seats != ch.Taken:
			return fmt.Errorf("counts.characters[%s].seats add up to %d, not taken %d", ch.Character, seats, ch.Taken)
		}
	}
	return nil
}

// Merge adds o into c; both must list the same characters, with seats of one shape, in
// one order (they do when they passed Validate as shards of one run). FirstSeason is
// left as it is: the caller knows where the merged range starts.
func (c *LeagueCounts) Merge(o *LeagueCounts) error {
	if len(c.Characters) != len(o.Characters) {
		return fmt.Errorf("%w: the tallies list %d and %d characters", ErrTally, len(c.Characters), len(o.Characters))
	}
	c.Seasons += o.Seasons
	c.PlayerGames += o.PlayerGames
	c.Ranked += o.Ranked
	for i := range c.Characters {
		d, s := &c.Characters[i], &o.Characters[i]
		if d.Character != s.Character || len(d.Seats) != len(s.Seats) {
			return fmt.Errorf("%w: characters[%d] is %s in one tally and %s in the other", ErrTally, i, d.Character, s.Character)
		}
		d.Taken += s.Taken
		d.Paid += s.Paid
		d.PriceSum += s.PriceSum
		for n := range d.Seats {
			if len(d.Seats[n]) != len(s.Seats[n]) {
				return fmt.Errorf("%w: characters[%s].seats[%d] has %d and %d roles", ErrTally, d.Character, n, len(d.Seats[n]), len(s.Seats[n]))
			}
			for r := range d.Seats[n] {
				d.Seats[n][r] += s.Seats[n][r]
			}
		}
	}
	return nil
}

// Clone returns a deep copy of c, so merging into it leaves c's characters alone.
func (c *LeagueCounts) Clone() LeagueCounts {
	out := *c
	out.Characters = make([]LeagueCharacter, len(c.Characters))
	for i, ch := range c.Characters {
		ch.Seats = make([][]int64, len(c.Characters[i].Seats))
		for n, row := range c.Characters[i].Seats {
			ch.Seats[n] = append([]int64(nil), row...)
		}
		out.Characters[i] = ch
	}
	return out
}
