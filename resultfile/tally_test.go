package resultfile_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/tally"
)

// twoGames is the tally of two 4-player games with one character, Plain, at every seat:
// seat 0 the Sheriff, seats 1 and 2 the Outlaws, seat 3 the Renegade; the Sheriff wins
// the first game, the Outlaws the second.
func twoGames() resultfile.Tally {
	cell := func(games, seats, wins, winsSq, seatsWins, seatsSq uint64) resultfile.Cell {
		return resultfile.Cell{Games: games, Seats: seats, Wins: wins, WinsSq: winsSq, SeatsWins: seatsWins, SeatsSq: seatsSq}
	}
	sheriff := cell(2, 2, 1, 1, 1, 2)
	outlaw := cell(2, 4, 2, 4, 4, 8)
	renegade := cell(2, 2, 0, 0, 0, 2)
	seat := func(wins uint64) resultfile.Cell { return cell(2, 2, wins, wins, wins, 2) }
	return resultfile.Tally{
		Games: 2, Turns: 17, Illegal: 1,
		Roles: []resultfile.RoleTally{
			{Role: "Sheriff", Dealt: 1, TeamWins: 1, Cell: sheriff},
			{Role: "Deputy", Dealt: 0},
			{Role: "Outlaw", Dealt: 2, TeamWins: 1, Cell: outlaw},
			{Role: "Renegade", Dealt: 1, Cell: renegade},
		},
		Seats: []resultfile.Cell{seat(1), seat(1), seat(1), seat(0)},
		Characters: []resultfile.CharacterTally{{Character: "Plain", Roles: []resultfile.RoleCell{
			{Role: "Sheriff", Cell: sheriff},
			{Role: "Deputy"},
			{Role: "Outlaw", Cell: outlaw},
			{Role: "Renegade", Cell: renegade},
			{Role: resultfile.AllRoles, Cell: cell(2, 8, 3, 1+4, 4+8, 32)},
		}}},
		Events:  []resultfile.Counter{{Name: "dynamite_stops", Count: 3}, {Name: "gatling_volleys", Count: 0}},
		Lengths: &resultfile.Lengths{Cap: 1000, Games: []resultfile.LengthCount{{Turns: 8, Games: 1}, {Turns: 9, Games: 1}}},
	}
}

// sealedSet is a sealed tally set of twoGames.
func sealedSet(t *testing.T) resultfile.TallySet {
	t.Helper()
	ts := resultfile.TallySet{
		Game: "dice", Version: "0.3.0", Seed: 42,
		Rules:    resultfile.Settings{{Name: "arrows", Value: 9}},
		Policies: resultfile.Policies{Default: "heuristic", ByRole: map[string]string{"Sheriff": "heuristic"}},
		Counts:   []resultfile.CountTally{{Players: 4, FirstGame: 10, Games: 2, Tally: twoGames()}},
	}
	if err := ts.Seal(); err != nil {
		t.Fatal(err)
	}
	return ts
}

// roleOf returns the role named name of y.
func roleOf(y *resultfile.Tally, name string) *resultfile.RoleTally {
	for i := range y.Roles {
		if y.Roles[i].Role == name {
			return &y.Roles[i]
		}
	}
	panic("no role " + name)
}

func TestValidate(t *testing.T) {
	y := func(ts *resultfile.TallySet) *resultfile.Tally { return &ts.Counts[0].Tally }
	cases := []struct {
		name   string
		edit   func(ts *resultfile.TallySet)
		reseal bool
		want   []string // "": valid
	}{
		{"valid", func(*resultfile.TallySet) {}, false, nil},
		{"valid-elapsed-not-counted", func(ts *resultfile.TallySet) { ts.Counts[0].ElapsedSeconds = 3 }, false, nil},
		{"valid-identity-not-in-checksum", func(ts *resultfile.TallySet) { ts.Seed, ts.Game = 7, "bang" }, false, nil},
		{"no-schema", func(ts *resultfile.TallySet) { ts.Schema = "" }, false, []string{"no schema version", "bangsim.tally/1"}},
		{"other-schema", func(ts *resultfile.TallySet) { ts.Schema = "bangsim.tally/4" }, false, []string{`"bangsim.tally/4"`, resultfile.TallySchema, resultfile.TallySchema2}},
		{"valid-schema-2", func(ts *resultfile.TallySet) { y(ts).Lengths = nil }, true, nil},
		{"schema-3-without-lengths", func(ts *resultfile.TallySet) {
			y(ts).Lengths = nil
			ts.Seal()
			ts.Schema = resultfile.TallySchema
		}, false, []string{"counts[0] (players 4)", "no lengths", resultfile.TallySchema}},
		{"schema-2-with-lengths", func(ts *resultfile.TallySet) { ts.Schema = resultfile.TallySchema2 }, false, []string{"lengths, which schema " + resultfile.TallySchema2}},
		{"lengths-games", func(ts *resultfile.TallySet) { y(ts).Lengths.Games[0].Games = 2 }, true, []string{"lengths count 3 games, the tally 2"}},
		{"lengths-turns", func(ts *resultfile.TallySet) { y(ts).Lengths.Games[0].Turns = 7 }, true, []string{"lengths add up to 16 turns, the tally's turns are 17"}},
		{"lengths-twice", func(ts *resultfile.TallySet) {
			y(ts).Lengths.Cap = 9
			y(ts).Lengths.Games[0].Turns = 9
			y(ts).Lengths.Games[1].Turns = 9
		}, true, []string{"lengths.games[1]: 9 turns does not follow 9"}},
		{"lengths-at-cap-above-total", func(ts *resultfile.TallySet) {
			// At the cap the games may have had more turns than the cap, never fewer.
			y(ts).Lengths.Cap = 9
			y(ts).Lengths.Games = []resultfile.LengthCount{{Turns: 9, Games: 2}}
		}, true, []string{"lengths add up to 18 turns, the tally's turns are 17"}},
		{"valid-lengths-at-cap", func(ts *resultfile.TallySet) {
			y(ts).Lengths.Cap = 8 // the second game had 9 turns, counted at 8 or more
			y(ts).Lengths.Games = []resultfile.LengthCount{{Turns: 8, Games: 2}}
		}, true, nil},
		{"lengths-past-cap", func(ts *resultfile.TallySet) { y(ts).Lengths.Cap = 8 }, true, []string{"lengths.games[1]: 9 turns is outside 0 to the cap 8"}},
		{"lengths-order", func(ts *resultfile.TallySet) {
			g := y(ts).Lengths.Games
			g[0], g[1] = g[1], g[0]
		}, true, []string{"lengths.games[1]: 8 turns does not follow 9"}},
		{"lengths-zero-entry", func(ts *resultfile.TallySet) {
			y(ts).Lengths.Games = append(y(ts).Lengths.Games, resultfile.LengthCount{Turns: 12})
		}, true, []string{"lengths.games[2]: no game of 12 turns"}},
		{"lengths-cap", func(ts *resultfile.TallySet) { y(ts).Lengths.Cap = 0 }, true, []string{"lengths.cap 0"}},
		{"lengths-negative", func(ts *resultfile.TallySet) { y(ts).Lengths.Games[0].Turns = -1 }, true, []string{"-1 turns is outside"}},
		{"lengths-overflow", func(ts *resultfile.TallySet) {
			y(ts).Lengths.Games[0].Games = math.MaxUint64
		}, true, []string{"lengths.games: the turns overflow"}},
		{"checksum-edited-length", func(ts *resultfile.TallySet) { y(ts).Lengths.Games[0].Turns = 7 }, false, []string{"checksum"}},
		{"checksum-edited-count", func(ts *resultfile.TallySet) { y(ts).Turns++ }, false, []string{"checksum"}},
		{"checksum-edited-cell", func(ts *resultfile.TallySet) { y(ts).Seats[3].Wins++ }, false, []string{"checksum"}},
		{"checksum-edited-checksum", func(ts *resultfile.TallySet) { ts.Checksum = strings.ToUpper(ts.Checksum) }, false, []string{"checksum"}},
		{"checksum-missing", func(ts *resultfile.TallySet) { ts.Checksum = "" }, false, []string{"checksum"}},
		{"tally-games", func(ts *resultfile.TallySet) { ts.Counts[0].Games = 3 }, true, []string{"counts[0] (players 4)", "tally.games 2 differs from games 3"}},
		{"role-wins-above-seats", func(ts *resultfile.TallySet) {
			r := roleOf(y(ts), "Renegade")
			r.Wins, r.WinsSq, r.SeatsWins = 3, 3, 3
		}, true, []string{"roles[Renegade].wins 3 exceeds its seats 2"}},
		{"seat-games-above-games", func(ts *resultfile.TallySet) { y(ts).Seats[1].Games = 3 }, true, []string{"seats[1].games 3 exceeds the games played (2)"}},
		{"cell-games-above-seats", func(ts *resultfile.TallySet) { roleOf(y(ts), "Deputy").Games = 1 }, true, []string{"roles[Deputy].games 1 exceeds its seats 0"}},
		{"cell-seats-above-dealt", func(ts *resultfile.TallySet) {
			r := roleOf(y(ts), "Sheriff")
			r.Seats, r.SeatsSq = 3, 5
		}, true, []string{"roles[Sheriff].seats 3 exceeds 1 a game over 2 games"}},
		{"character-seats-above-table", func(ts *resultfile.TallySet) {
			c := &y(ts).Characters[0].Roles[4]
			c.Seats, c.SeatsSq = 9, 41
		}, true, []string{"characters[Plain][all].seats 9 exceeds 4 a game over 2 games"}},
		{"squares-below-sums", func(ts *resultfile.TallySet) { roleOf(y(ts), "Outlaw").WinsSq = 1 }, true, []string{"roles[Outlaw]", "sums of squares"}},
		{"sides-and-draws", func(ts *resultfile.TallySet) { y(ts).Draws = 1 }, true, []string{"the sides' wins (2) and draws (1) do not add up to games (2)"}},
		{"team-wins-overflow", func(ts *resultfile.TallySet) {
			// The sides' wins wrap round to exactly the games.
			roleOf(y(ts), "Outlaw").TeamWins += 1 << 63
			roleOf(y(ts), "Renegade").TeamWins += 1 << 63
		}, true, []string{"roles[Renegade].team_wins overflows"}},
		{"draws-overflow", func(ts *resultfile.TallySet) { y(ts).Draws = math.MaxUint64 }, true, []string{"draws", "do not add up"}},
		{"seats-per-players", func(ts *resultfile.TallySet) { y(ts).Seats = y(ts).Seats[:3] }, true, []string{"seats has 3 cells for 4 players"}},
		{"characters-seats", func(ts *resultfile.TallySet) {
			c := &y(ts).Characters[0].Roles[4]
			c.Seats, c.SeatsSq = 7, 32
		}, true, []string{"the characters' seats (7) are not players × games (4 × 2)"}},
		// What no game deals (an audit's hand-edited tallies, resealed, were reported).
		{"role-twice", func(ts *resultfile.TallySet) { roleOf(y(ts), "Deputy").Role = "Sheriff" }, true, []string{`role "Sheriff" is empty or listed twice`}},
		{"dealt-negative", func(ts *resultfile.TallySet) { roleOf(y(ts), "Deputy").Dealt = -1 }, true, []string{"roles[Deputy].dealt -1 is not 0 to 4"}},
		{"role-seats-below-dealt", func(ts *resultfile.TallySet) {
			r := roleOf(y(ts), "Outlaw")
			r.Seats, r.SeatsSq = r.Seats-1, r.SeatsSq-1
			r.Wins, r.WinsSq = min(r.Wins, r.Seats), min(r.WinsSq, r.Seats)
		}, true, []string{"roles[Outlaw].seats"}},
		{"dealt-not-players", func(ts *resultfile.TallySet) {
			r := roleOf(y(ts), "Deputy") // none at 4 players: one now, its seats as dealt
			r.Dealt, r.Games, r.Seats, r.SeatsSq = 1, 2, 2, 2
		}, true, []string{"roles dealt (5) are not the players (4)"}},
		{"seat-missing-games", func(ts *resultfile.TallySet) {
			c := &y(ts).Seats[2]
			c.Games, c.Seats, c.SeatsSq = 1, 1, 1
			c.Wins, c.WinsSq, c.SeatsWins = min(c.Wins, 1), min(c.WinsSq, 1), min(c.SeatsWins, 1)
		}, true, []string{"seats[2].seats 1 is not the games (2)"}},
		{"character-twice", func(ts *resultfile.TallySet) {
			y(ts).Characters = append(y(ts).Characters, y(ts).Characters[0])
		}, true, []string{`character "Plain" is empty or listed twice`}},
		{"second-count", func(ts *resultfile.TallySet) {
			c := ts.Counts[0]
			c.Players, c.Tally = 5, c.Tally.Clone()
			ts.Counts = append(ts.Counts, c)
		}, true, []string{"counts[1] (players 5)", "seats has 4 cells for 5 players"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts := sealedSet(t)
			c.edit(&ts)
			if c.reseal {
				if err := ts.Seal(); err != nil {
					t.Fatal(err)
				}
			}
			err := ts.Validate()
			if c.want == nil {
				if err != nil {
					t.Fatalf("valid tally refused: %v", err)
				}
				return
			}
			if !errors.Is(err, resultfile.ErrTally) {
				t.Fatalf("error %v, want ErrTally", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not say %q: %v", w, err)
				}
			}
		})
	}
}

// TestValidateOverflowingTable checks tallies whose sums fit only by wrapping round
// 64 bits: games × players beyond 2^64, and the characters' seats wrapping round to
// games × players.
func TestValidateOverflowingTable(t *testing.T) {
	// 2^62 games of 4 players: players × games is 2^64, 0 once wrapped, and so are
	// the characters' seats (none).
	// The roles and seats as a game would deal them (games × dealt seats; every seat
	// every game), so that only the characters' sums are at fault.
	dealtAs := func(games uint64) ([]resultfile.RoleTally, []resultfile.Cell) {
		cell := func(seats uint64) resultfile.Cell {
			return resultfile.Cell{Games: games, Seats: seats, SeatsSq: seats}
		}
		roles := []resultfile.RoleTally{{Role: "Sheriff", Dealt: 1, TeamWins: games, Cell: cell(games)}, {Role: "Outlaw", Dealt: 3, Cell: cell(3 * games)}}
		return roles, []resultfile.Cell{cell(games), cell(games), cell(games), cell(games)}
	}
	hugeRoles, hugeSeats := dealtAs(1 << 62)
	huge := resultfile.Tally{
		Games: 1 << 62,
		Roles: hugeRoles,
		Seats: hugeSeats,
		Characters: []resultfile.CharacterTally{{Character: "Plain", Roles: []resultfile.RoleCell{
			{Role: "Sheriff"}, {Role: "Outlaw"}, {Role: resultfile.AllRoles},
		}}},
	}
	// 2^61 games of 4 players: 2^63 seats; three characters of 2^63 seats each would
	// wrap round to 2^63.
	wrapRoles, wrapSeats := dealtAs(1 << 61)
	wrap := resultfile.Tally{
		Games: 1 << 61,
		Roles: wrapRoles,
		Seats: wrapSeats,
	}
	for _, name := range []string{"A", "B", "C"} {
		all := resultfile.Cell{Games: 1 << 61, Seats: 1 << 63, SeatsSq: 1 << 63}
		wrap.Characters = append(wrap.Characters, resultfile.CharacterTally{Character: name, Roles: []resultfile.RoleCell{
			{Role: "Sheriff"}, {Role: "Outlaw"}, {Role: resultfile.AllRoles, Cell: all},
		}})
	}
	for _, c := range []struct {
		name string
		y    resultfile.Tally
		want string
	}{
		{"players-times-games", huge, "players × games (4 × 4611686018427387904)"},
		{"characters-seats", wrap, "characters[B][all].seats: the characters' seats overflow"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := resultfile.TallySet{Counts: []resultfile.CountTally{{Players: 4, Games: c.y.Games, Tally: c.y}}}
			if err := ts.Seal(); err != nil {
				t.Fatal(err)
			}
			err := ts.Validate()
			if !errors.Is(err, resultfile.ErrTally) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want ErrTally saying %q", err, c.want)
			}
		})
	}
}

// TestSealRoundTrip checks that a sealed set survives JSON both ways: it validates,
// re-encodes to the same bytes, and an edit of the text breaks its checksum.
func TestSealRoundTrip(t *testing.T) {
	ts := sealedSet(t)
	if ts.Schema != resultfile.TallySchema || !strings.HasPrefix(ts.Checksum, "sha256:") || len(ts.Checksum) != len("sha256:")+64 {
		t.Fatalf("sealed: schema %q, checksum %q", ts.Schema, ts.Checksum)
	}
	b, err := json.MarshalIndent(&ts, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	var back resultfile.TallySet
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if err := back.Validate(); err != nil {
		t.Fatalf("the tally read back is refused: %v", err)
	}
	if back.Checksum != ts.Checksum {
		t.Errorf("checksum %s read back as %s", ts.Checksum, back.Checksum)
	}
	again, err := json.MarshalIndent(&back, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, b) {
		t.Errorf("re-encoded tally differs:\n%s\nwant:\n%s", again, b)
	}
	// Sealing again changes nothing; sealing after an edit changes the checksum.
	if err := back.Seal(); err != nil || back.Checksum != ts.Checksum {
		t.Errorf("resealing an unchanged tally: %v, %s", err, back.Checksum)
	}
	back.Counts[0].Tally.Turns++
	if err := back.Seal(); err != nil || back.Checksum == ts.Checksum {
		t.Errorf("resealing an edited tally kept the checksum: %v", err)
	}
	// An edit of the file's text that keeps it valid JSON and consistent.
	edited := bytes.Replace(b, []byte(`"turns": 17`), []byte(`"turns": 18`), 1)
	if bytes.Equal(edited, b) {
		t.Fatal("no turns in the tally's JSON")
	}
	var bad resultfile.TallySet
	if err := json.Unmarshal(edited, &bad); err != nil {
		t.Fatal(err)
	}
	if err := bad.Validate(); !errors.Is(err, resultfile.ErrTally) || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("edited tally: %v, want a checksum error", err)
	}
}

func TestTallyMerge(t *testing.T) {
	a, b := twoGames(), twoGames()
	b.Events[1].Count = 5
	b.Lengths.Games = []resultfile.LengthCount{{Turns: 7, Games: 1}, {Turns: 10, Games: 1}}
	orig := b.Clone()
	if err := a.Merge(&b); err != nil {
		t.Fatal(err)
	}
	wantLengths := []resultfile.LengthCount{{Turns: 7, Games: 1}, {Turns: 8, Games: 1}, {Turns: 9, Games: 1}, {Turns: 10, Games: 1}}
	if !slices.Equal(a.Lengths.Games, wantLengths) || a.Lengths.Cap != 1000 {
		t.Errorf("merged lengths %+v, want %+v", a.Lengths, wantLengths)
	}
	if err := a.Merge(&b); err != nil || !slices.Equal(a.Lengths.Games, []resultfile.LengthCount{{7, 2}, {8, 1}, {9, 1}, {10, 2}}) {
		t.Errorf("merged lengths again: %v, %+v", err, a.Lengths)
	}
	a = twoGames()
	if err := a.Merge(&b); err != nil {
		t.Fatal(err)
	}
	if a.Games != 4 || a.Turns != 34 || a.Illegal != 2 || roleOf(&a, "Outlaw").Wins != 4 || roleOf(&a, "Sheriff").TeamWins != 2 ||
		a.Seats[3].Seats != 4 || a.Characters[0].Roles[4].SeatsSq != 64 || a.Events[0].Count != 6 || a.Events[1].Count != 5 {
		t.Errorf("merged tally: %+v", a)
	}
	// The sum is a consistent tally of 4 games.
	ts := resultfile.TallySet{Counts: []resultfile.CountTally{{Players: 4, Games: 4, Tally: a}}}
	if err := ts.Seal(); err != nil {
		t.Fatal(err)
	}
	if err := ts.Validate(); err != nil {
		t.Errorf("merged tally refused: %v", err)
	}
	// Merge leaves its argument alone, and a clone shares nothing with its original.
	bb, _ := json.Marshal(&b)
	ob, _ := json.Marshal(&orig)
	if !bytes.Equal(bb, ob) {
		t.Errorf("Merge changed its argument")
	}
	c := twoGames()
	d := c.Clone()
	d.Roles[0].Wins, d.Seats[0].Wins, d.Characters[0].Roles[0].Wins, d.Events[0].Count, d.Lengths.Games[0].Games = 99, 99, 99, 99, 99
	if c.Roles[0].Wins == 99 || c.Seats[0].Wins == 99 || c.Characters[0].Roles[0].Wins == 99 || c.Events[0].Count == 99 || c.Lengths.Games[0].Games == 99 {
		t.Errorf("a clone shares its counts with the original")
	}
}

func TestTallyMergeRefuses(t *testing.T) {
	cases := []struct {
		name string
		edit func(o *resultfile.Tally)
		want []string
	}{
		{"fewer-roles", func(o *resultfile.Tally) { o.Roles = o.Roles[:3] }, []string{"different roles, seats, characters or events"}},
		{"fewer-seats", func(o *resultfile.Tally) { o.Seats = o.Seats[:3] }, []string{"different roles, seats, characters or events"}},
		{"more-characters", func(o *resultfile.Tally) { o.Characters = append(o.Characters, o.Characters[0]) }, []string{"different roles"}},
		{"fewer-events", func(o *resultfile.Tally) { o.Events = o.Events[:1] }, []string{"different roles"}},
		{"role-name", func(o *resultfile.Tally) { o.Roles[1].Role = "Vice" }, []string{"role 1 is Deputy (dealt 0) in one tally and Vice (dealt 0) in the other"}},
		{"role-dealt", func(o *resultfile.Tally) { o.Roles[1].Dealt = 1 }, []string{"role 1 is Deputy (dealt 0) in one tally and Deputy (dealt 1) in the other"}},
		{"character-name", func(o *resultfile.Tally) { o.Characters[0].Character = "Suzy Lafayette" }, []string{"character 0 is Plain in one tally and Suzy Lafayette"}},
		{"character-cells", func(o *resultfile.Tally) { o.Characters[0].Roles = o.Characters[0].Roles[1:] }, []string{"character 0 is Plain"}},
		{"character-cell-role", func(o *resultfile.Tally) { o.Characters[0].Roles[1].Role = "Vice" }, []string{"Plain", "Deputy", "Vice"}},
		{"event-name", func(o *resultfile.Tally) { o.Events[1].Name = "arrows" }, []string{"event 1 is gatling_volleys in one tally and arrows in the other"}},
		{"overflow-event", func(o *resultfile.Tally) { o.Events[0].Count = math.MaxUint64 - 2 }, []string{"events[dynamite_stops] overflows 64 bits"}},
		{"overflow-turns", func(o *resultfile.Tally) { o.Turns = math.MaxUint64 }, []string{"turns overflows 64 bits"}},
		{"overflow-games", func(o *resultfile.Tally) { o.Games = math.MaxUint64 - 1 }, []string{"games overflows 64 bits"}},
		{"overflow-team-wins", func(o *resultfile.Tally) { o.Roles[2].TeamWins = math.MaxUint64 }, []string{"roles[Outlaw].team_wins overflows"}},
		{"overflow-role-cell", func(o *resultfile.Tally) { o.Roles[0].SeatsSq = math.MaxUint64 - 1 }, []string{"roles[Sheriff].seats_sq overflows"}},
		{"overflow-seat-cell", func(o *resultfile.Tally) { o.Seats[2].Wins = math.MaxUint64 }, []string{"seats[2].wins overflows"}},
		{"overflow-character-cell", func(o *resultfile.Tally) { o.Characters[0].Roles[4].Seats = math.MaxUint64 }, []string{"characters[Plain][all].seats overflows"}},
		{"lengths-missing", func(o *resultfile.Tally) { o.Lengths = nil }, []string{"one tally has the games by length and the other not", resultfile.TallySchema2}},
		{"lengths-cap", func(o *resultfile.Tally) { o.Lengths.Cap = 500 }, []string{"capped at 1000 turns in one tally and at 500 in the other"}},
		{"overflow-length", func(o *resultfile.Tally) { o.Lengths.Games[1].Games = math.MaxUint64 }, []string{"lengths[9 turns] overflows 64 bits"}},
		{"overflow-first-named", func(o *resultfile.Tally) { o.Turns, o.Events[1].Count = math.MaxUint64, math.MaxUint64 }, []string{"turns overflows"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			y, o := twoGames(), twoGames()
			c.edit(&o)
			err := y.Merge(&o)
			if !errors.Is(err, resultfile.ErrTally) {
				t.Fatalf("error %v, want ErrTally", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not say %q: %v", w, err)
				}
			}
		})
	}
}

func TestTallyEvent(t *testing.T) {
	y := twoGames()
	if got := y.Event("dynamite_stops"); got != 3 {
		t.Errorf("Event(dynamite_stops) = %d, want 3", got)
	}
	if got := y.Event("no such event"); got != 0 {
		t.Errorf("Event of an unknown name = %d, want 0", got)
	}
}

// Seal writes schema 3 when every count has its game lengths, schema 2 when none has
// (a merge of schema-2 files), and refuses a mixture.
func TestSealSchema(t *testing.T) {
	ts := sealedSet(t)
	if ts.Schema != resultfile.TallySchema || !ts.HasLengths() {
		t.Errorf("with lengths: schema %s, HasLengths %v", ts.Schema, ts.HasLengths())
	}
	second := resultfile.CountTally{Players: 4, FirstGame: 12, Games: 2, Tally: twoGames()}
	second.Tally.Lengths = nil
	ts.Counts = append(ts.Counts, second)
	if err := ts.Seal(); !errors.Is(err, resultfile.ErrTally) || !strings.Contains(err.Error(), "1 player counts have game lengths and 1 do not") {
		t.Errorf("a mixture sealed: %v", err)
	}
	ts.Counts = ts.Counts[1:]
	if err := ts.Seal(); err != nil || ts.Schema != resultfile.TallySchema2 || ts.HasLengths() {
		t.Errorf("without lengths: %v, schema %s, HasLengths %v", err, ts.Schema, ts.HasLengths())
	}
	// A schema-2 file reads and writes as version 2 wrote it: no lengths key.
	b, err := json.Marshal(&ts)
	if err != nil || bytes.Contains(b, []byte("lengths")) {
		t.Errorf("a schema-2 tally as JSON: %v\n%s", err, b)
	}
	if !resultfile.ReadsTallySchema(resultfile.TallySchema) || !resultfile.ReadsTallySchema(resultfile.TallySchema2) ||
		resultfile.ReadsTallySchema("bangsim.tally/1") || resultfile.ReadsTallySchema("") {
		t.Error("ReadsTallySchema reads the wrong schemas")
	}
}

// An engine's histogram is written with the lengths no game had left out.
func TestNewLengths(t *testing.T) {
	var h tally.Lengths
	for _, n := range []uint64{5, 5, 12, tally.LengthCap, 4000} {
		h.Add(n)
	}
	l := resultfile.NewLengths(&h)
	want := []resultfile.LengthCount{{Turns: 5, Games: 2}, {Turns: 12, Games: 1}, {Turns: tally.LengthCap, Games: 2}}
	if l.Cap != tally.LengthCap || !slices.Equal(l.Games, want) || l.AtCap() != 2 {
		t.Errorf("NewLengths = %+v (at cap %d), want %+v", l, l.AtCap(), want)
	}
	var none tally.Lengths
	if l := resultfile.NewLengths(&none); l.Games == nil || len(l.Games) != 0 || l.AtCap() != 0 {
		t.Errorf("no games: %+v", l)
	}
	b, _ := json.Marshal(resultfile.NewLengths(&none))
	if string(b) != `{"cap":1000,"games":[]}` {
		t.Errorf("no games as JSON: %s", b)
	}
}
