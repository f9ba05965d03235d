package resultfile

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/bangsim/bangsim/sim/tally"
)

// Cell is one win-rate cell's integer sums (see tally.Cell for what each field is).
type Cell = tally.Cell

// TallySet is tally.json: the exact integer sums behind every CSV of a run, which
// `bangsim merge` validates and adds up across shards before recomputing rates. It
// repeats the run's identity (game, version, seed, settings) so a tally cannot be
// merged into a run it does not belong to, and carries a checksum over its counts so a
// damaged or hand-edited file is refused.
type TallySet struct {
	Schema   string       `json:"schema"`
	Game     string       `json:"game"`
	Version  string       `json:"version"`
	Seed     uint64       `json:"seed"`
	Rules    Settings     `json:"rules"`
	Policies Policies     `json:"policies"`
	Counts   []CountTally `json:"counts"`
	Checksum string       `json:"checksum"` // "sha256:" and the hex digest of Counts' JSON
}

// CountTally is the tally of one player count and the games it covers.
type CountTally struct {
	Players        int     `json:"players"`
	FirstGame      uint64  `json:"first_game"`
	Games          uint64  `json:"games"`
	ElapsedSeconds float64 `json:"-"` // play time, for run.json only
	Tally          Tally   `json:"tally"`
}

// Tally is the tally of one table size, by name: the shared BANG! win tally (roles,
// seats, characters, sides) and the game's own event counters.
type Tally struct {
	Games   uint64 `json:"games"`
	Draws   uint64 `json:"draws"`
	Turns   uint64 `json:"turns"`
	Illegal uint64 `json:"illegal_choices"`
	// Roles has every role of the game in its order; Dealt is how many seats hold it at
	// this table size (0: the role is not dealt, and no table lists it).
	Roles []RoleTally `json:"roles"`
	// Seats has one cell per seat, seat 0 first.
	Seats []Cell `json:"seats"`
	// Characters has every character of the game in its order, each with one cell per
	// role and a last one, "all", over every role.
	Characters []CharacterTally `json:"characters"`
	// Events are the game's own counters in its order (events.csv's middle columns).
	Events []Counter `json:"events"`
	// Lengths is the games by their length in turns; nil in a schema-2 file, which has
	// none (every count of a file has them, or none does).
	Lengths *Lengths `json:"lengths,omitempty"`
}

// RoleTally is one role's win cell and the games its side won.
type RoleTally struct {
	Role     string `json:"role"`
	Dealt    int    `json:"dealt"`
	TeamWins uint64 `json:"team_wins"` // games won by this role's side
	Cell
}

// CharacterTally is one character's cells by role.
type CharacterTally struct {
	Character string     `json:"character"`
	Roles     []RoleCell `json:"roles"`
}

// RoleCell is one cell of a character, by role name ("all": every role).
type RoleCell struct {
	Role string `json:"role"`
	Cell
}

// Counter is one named event count.
type Counter struct {
	Name  string `json:"name"`
	Count uint64 `json:"count"`
}

// AllRoles names the every-role cell of a character.
const AllRoles = "all"

// ErrTally is wrapped by every validation error of a tally.
var ErrTally = errors.New("invalid tally")

// Seal sets the schema and the checksum; call it last, before writing. The schema is
// TallySchema when every count has its game lengths, and TallySchema2 when none has
// (a merge of version-2 files cannot invent them); a mixture is an error.
func (t *TallySet) Seal() error {
	with, without := 0, 0
	for i := range t.Counts {
		if t.Counts[i].Tally.Lengths != nil {
			with++
		} else {
			without++
		}
	}
	switch {
	case with > 0 && without > 0:
		return fmt.Errorf("%w: %d player counts have game lengths and %d do not; a tally has them for every count or for none", ErrTally, with, without)
	case without > 0:
		t.Schema = TallySchema2
	default:
		t.Schema = TallySchema
	}
	sum, err := countsChecksum(t.Counts)
	if err != nil {
		return err
	}
	t.Checksum = sum
	return nil
}

// HasLengths reports whether the tally holds the games by length (schema 3): false for
// a schema-2 file and for one without counts.
func (t *TallySet) HasLengths() bool {
	for i := range t.Counts {
		if t.Counts[i].Tally.Lengths == nil {
			return false
		}
	}
	return len(t.Counts) > 0
}

// ReadsTallySchema reports whether this version reads tally.json of schema s.
func ReadsTallySchema(s string) bool { return s == TallySchema || s == TallySchema2 }

// countsChecksum is the SHA-256 of the counts' canonical JSON.
func countsChecksum(cs []CountTally) (string, error) { return checksumOf(cs) }

// Validate checks a tally read from a file: its schema, its checksum and that every
// count is consistent (wins never above games, the sides' wins and the draws adding up
// to the games, seats and characters covering the games). The error names the field.
func (t *TallySet) Validate() error {
	switch t.Schema {
	case TallySchema, TallySchema2:
	case "":
		return fmt.Errorf("%w: no schema version: it was written by bangsim 0.2.0 or older (schema bangsim.tally/1), which this version cannot read; play the run again with this version", ErrTally)
	default:
		return fmt.Errorf("%w: schema %q is not one this version reads (%s or %s)", ErrTally, t.Schema, TallySchema, TallySchema2)
	}
	sum, err := countsChecksum(t.Counts)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrTally, err)
	}
	if sum != t.Checksum {
		return fmt.Errorf("%w: checksum: the counts do not match %q (the file was changed or damaged after it was written)", ErrTally, t.Checksum)
	}
	for i := range t.Counts {
		c := &t.Counts[i]
		if err := c.Tally.check(c.Players, c.Games, t.Schema == TallySchema); err != nil {
			return fmt.Errorf("%w: counts[%d] (players %d): %v", ErrTally, i, c.Players, err)
		}
	}
	return nil
}

// check verifies one table size's counts; lengths says whether the schema has the
// games by length.
func (y *Tally) check(players int, games uint64, lengths bool) error {
	if y.Games != games {
		return fmt.Errorf("tally.games %d differs from games %d", y.Games, games)
	}
	switch {
	case lengths && y.Lengths == nil:
		return fmt.Errorf("no lengths: schema %s holds the games by length of every player count", TallySchema)
	case !lengths && y.Lengths != nil:
		return fmt.Errorf("lengths, which schema %s does not have (a file with them is %s)", TallySchema2, TallySchema)
	case lengths:
		if err := y.Lengths.check(games, y.Turns); err != nil {
			return err
		}
	}
	var sides uint64
	var ok bool
	dealt := 0
	for i, r := range y.Roles {
		// Every game deals each role to Dealt seats, the Dealt adding up to the players:
		// a role listed twice, a negative Dealt (read as a huge bound below) or seats
		// other than games × Dealt cannot come from a game (an audit's hand-edited
		// tallies, resealed, were reported as they stood).
		switch {
		case r.Role == "" || slices.ContainsFunc(y.Roles[:i], func(o RoleTally) bool { return o.Role == r.Role }):
			return fmt.Errorf("roles[%d]: role %q is empty or listed twice", i, r.Role)
		case r.Dealt < 0 || r.Dealt > players:
			return fmt.Errorf("roles[%s].dealt %d is not 0 to %d", r.Role, r.Dealt, players)
		}
		dealt += r.Dealt
		if sides, ok = add(sides, r.TeamWins); !ok {
			return fmt.Errorf("roles[%s].team_wins overflows", r.Role)
		}
		if err := checkCell("roles["+r.Role+"]", r.Cell, games, uint64(r.Dealt)); err != nil {
			return err
		}
		if hi, want := bits.Mul64(games, uint64(r.Dealt)); hi != 0 || r.Seats != want {
			return fmt.Errorf("roles[%s].seats %d is not games × dealt (%d × %d)", r.Role, r.Seats, games, r.Dealt)
		}
	}
	if total, ok := add(sides, y.Draws); !ok || total != games {
		return fmt.Errorf("the sides' wins (%d) and draws (%d) do not add up to games (%d)", sides, y.Draws, games)
	}
	if len(y.Seats) != players {
		return fmt.Errorf("seats has %d cells for %d players", len(y.Seats), players)
	}
	if len(y.Roles) > 0 && dealt != players {
		return fmt.Errorf("the roles dealt (%d) are not the players (%d)", dealt, players)
	}
	for s, c := range y.Seats {
		if err := checkCell(fmt.Sprintf("seats[%d]", s), c, games, 1); err != nil {
			return err
		}
		if c.Seats != games {
			return fmt.Errorf("seats[%d].seats %d is not the games (%d): every seat plays every game", s, c.Seats, games)
		}
	}
	var seats uint64
	for i, ch := range y.Characters {
		if ch.Character == "" || slices.ContainsFunc(y.Characters[:i], func(o CharacterTally) bool { return o.Character == ch.Character }) {
			return fmt.Errorf("characters[%d]: character %q is empty or listed twice", i, ch.Character)
		}
		for _, rc := range ch.Roles {
			if err := checkCell("characters["+ch.Character+"]["+rc.Role+"]", rc.Cell, games, uint64(players)); err != nil {
				return err
			}
			if rc.Role == AllRoles {
				if seats, ok = add(seats, rc.Seats); !ok {
					return fmt.Errorf("characters[%s][%s].seats: the characters' seats overflow", ch.Character, rc.Role)
				}
			}
		}
	}
	if len(y.Characters) > 0 {
		if hi, want := bits.Mul64(games, uint64(players)); hi != 0 || seats != want {
			return fmt.Errorf("the characters' seats (%d) are not players × games (%d × %d)", seats, players, games)
		}
	}
	return nil
}

// checkCell verifies one cell of games games with at most perGame seats a game.
func checkCell(name string, c Cell, games, perGame uint64) error {
	hi, lo := bits.Mul64(games, perGame)
	switch {
	case c.Games > games:
		return fmt.Errorf("%s.games %d exceeds the games played (%d)", name, c.Games, games)
	case c.Wins > c.Seats:
		return fmt.Errorf("%s.wins %d exceeds its seats %d", name, c.Wins, c.Seats)
	case c.Games > c.Seats:
		return fmt.Errorf("%s.games %d exceeds its seats %d", name, c.Games, c.Seats)
	case hi == 0 && c.Seats > lo:
		return fmt.Errorf("%s.seats %d exceeds %d a game over %d games", name, c.Seats, perGame, games)
	case c.WinsSq < c.Wins || c.SeatsSq < c.Seats || c.SeatsWins < c.Wins:
		return fmt.Errorf("%s: its sums of squares are smaller than its sums", name)
	}
	return nil
}

// add returns a+b and whether it did not overflow.
func add(a, b uint64) (uint64, bool) {
	s, carry := bits.Add64(a, b, 0)
	return s, carry == 0
}

// Merge adds o into y; both must list the same roles, seats, characters and events in
// the same order and both have game lengths with one cap, or neither (they do when one
// game and one schema wrote both), else the error names what differs.
// A sum that would overflow is refused.
func (y *Tally) Merge(o *Tally) error {
	if len(y.Roles) != len(o.Roles) || len(y.Seats) != len(o.Seats) || len(y.Characters) != len(o.Characters) || len(y.Events) != len(o.Events) {
		return fmt.Errorf("%w: the tallies list different roles, seats, characters or events", ErrTally)
	}
	switch {
	case (y.Lengths == nil) != (o.Lengths == nil):
		return fmt.Errorf("%w: one tally has the games by length and the other not (schemas %s and %s)", ErrTally, TallySchema, TallySchema2)
	case y.Lengths != nil && y.Lengths.Cap != o.Lengths.Cap:
		return fmt.Errorf("%w: the game lengths are capped at %d turns in one tally and at %d in the other", ErrTally, y.Lengths.Cap, o.Lengths.Cap)
	}
	var over string // the first sum that overflows
	sum := func(name string, dst *uint64, v uint64) {
		var ok bool
		if *dst, ok = add(*dst, v); !ok && over == "" {
			over = name
		}
	}
	cell := func(name string, dst *Cell, src *Cell) {
		sum(name+".games", &dst.Games, src.Games)
		sum(name+".seats", &dst.Seats, src.Seats)
		sum(name+".wins", &dst.Wins, src.Wins)
		sum(name+".wins_sq", &dst.WinsSq, src.WinsSq)
		sum(name+".seats_wins", &dst.SeatsWins, src.SeatsWins)
		sum(name+".seats_sq", &dst.SeatsSq, src.SeatsSq)
	}
	sum("games", &y.Games, o.Games)
	sum("draws", &y.Draws, o.Draws)
	sum("turns", &y.Turns, o.Turns)
	sum("illegal_choices", &y.Illegal, o.Illegal)
	for i := range y.Roles {
		if y.Roles[i].Role != o.Roles[i].Role || y.Roles[i].Dealt != o.Roles[i].Dealt {
			return fmt.Errorf("%w: role %d is %s (dealt %d) in one tally and %s (dealt %d) in the other", ErrTally, i,
				y.Roles[i].Role, y.Roles[i].Dealt, o.Roles[i].Role, o.Roles[i].Dealt)
		}
		name := "roles[" + y.Roles[i].Role + "]"
		sum(name+".team_wins", &y.Roles[i].TeamWins, o.Roles[i].TeamWins)
		cell(name, &y.Roles[i].Cell, &o.Roles[i].Cell)
	}
	for i := range y.Seats {
		cell(fmt.Sprintf("seats[%d]", i), &y.Seats[i], &o.Seats[i])
	}
	for i := range y.Characters {
		a, b := &y.Characters[i], &o.Characters[i]
		if a.Character != b.Character || len(a.Roles) != len(b.Roles) {
			return fmt.Errorf("%w: character %d is %s in one tally and %s in the other", ErrTally, i, a.Character, b.Character)
		}
		for r := range a.Roles {
			if a.Roles[r].Role != b.Roles[r].Role {
				return fmt.Errorf("%w: character %s's cell %d is %s in one tally and %s in the other", ErrTally, a.Character, r, a.Roles[r].Role, b.Roles[r].Role)
			}
			cell("characters["+a.Character+"]["+a.Roles[r].Role+"]", &a.Roles[r].Cell, &b.Roles[r].Cell)
		}
	}
	if y.Lengths != nil {
		y.Lengths.merge(o.Lengths, sum)
	}
	for i := range y.Events {
		if y.Events[i].Name != o.Events[i].Name {
			return fmt.Errorf("%w: event %d is %s in one tally and %s in the other", ErrTally, i, y.Events[i].Name, o.Events[i].Name)
		}
		sum("events["+y.Events[i].Name+"]", &y.Events[i].Count, o.Events[i].Count)
	}
	if over != "" {
		return fmt.Errorf("%w: %s overflows 64 bits", ErrTally, over)
	}
	return nil
}

// Clone returns a deep copy of y, so merging into it leaves the original alone.
func (y *Tally) Clone() Tally {
	c := *y
	c.Roles = append([]RoleTally(nil), y.Roles...)
	c.Seats = append([]Cell(nil), y.Seats...)
	c.Events = append([]Counter(nil), y.Events...)
	c.Lengths = y.Lengths.clone()
	c.Characters = make([]CharacterTally, len(y.Characters))
	for i, ch := range y.Characters {
		c.Characters[i] = CharacterTally{Character: ch.Character, Roles: append([]RoleCell(nil), ch.Roles...)}
	}
	return c
}

// Event returns the count of the event named name (0 if absent).
func (y *Tally) Event(name string) uint64 {
	for _, e := range y.Events {
		if e.Name == name {
			return e.Count
		}
	}
	return 0
}
