package cardgame

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/sim/league"
	"github.com/bangsim/bangsim/sim/run"
)

// LeagueSpec is a league run: the seasons of League from Seed, or one Shard of them.
type LeagueSpec struct {
	League      *league.League
	Seed        uint64
	Seasons     uint64 // over all shards
	Workers     int    // 0: every CPU; the results do not depend on it
	Shard       resultfile.Shard
	ShardSource string
	// Setup is the league's configuration as settings, for run.json and the tally: two
	// shards merge only when theirs agree.
	Setup    resultfile.Settings
	Command  []string
	Out      string
	Progress func(done, total uint64)
}

// LeagueResult is a league run, or a merge of its shards: run.json's record and the
// sealed tally behind prices.csv.
type LeagueResult struct {
	Record *resultfile.LeagueRun
	Tally  resultfile.LeagueTally
	// Characters is the league's box, its added characters rebuilt from Record's
	// (nil: the printed sixteen): what prices.csv names them by.
	Characters *bang.CharacterSet
}

// ShardSeasons returns the seasons of s's shard: all of them without one.
func (s LeagueSpec) ShardSeasons() uint64 {
	if s.Shard.N <= 1 {
		return s.Seasons
	}
	lo, hi := run.ShardRange(s.Seasons, s.Shard.K-1, s.Shard.N)
	return hi - lo
}

// RunLeague plays s's seasons (its Shard of them) on sim/run's pool, each piece's rows
// to sink in season order (PlaySeasons), and returns the record and the tally; nothing
// else is written (see WriteLeagueKeep). Interrupted, it returns the seasons finished
// so far, the exact prefix from the shard's first season (their rows all gone to
// sink), with the record marked partial and a nil error; a sink's error is returned
// with what was merged before it, marked partial.
func RunLeague(ctx context.Context, s LeagueSpec, sink func(*SeasonRows) error) (*LeagueResult, error) {
	started := time.Now()
	shard := s.Shard
	if shard.N <= 1 {
		shard = resultfile.Shard{K: 1, N: 1}
	}
	cfg := run.Config{Games: s.Seasons, Seed: s.Seed, Workers: s.Workers, Progress: s.Progress}
	if shard.N > 1 {
		cfg.Shard, cfg.Shards = shard.K-1, shard.N
	}
	res, playErr := playSeasons(ctx, s.League, cfg, sink)
	workers := s.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	elapsed := time.Since(started).Seconds()
	rec := &resultfile.LeagueRun{
		Schema:           resultfile.LeagueRunSchema,
		Origin:           lab.Origin(s.Command, resultfile.LeagueGame),
		Slice:            resultfile.Slice{Seed: s.Seed, Shard: shard, ShardSource: s.ShardSource},
		Setup:            s.Setup,
		Characters:       leagueRecorded(s.League.Config().Characters),
		Seasons:          s.Seasons,
		FirstSeason:      res.First,
		SeasonsPlanned:   res.Planned,
		SeasonsPlayed:    res.Games,
		ElapsedSeconds:   elapsed,
		SeasonsPerSecond: resultfile.PerSecond(res.Games, elapsed),
		Partial:          res.Partial || playErr != nil,
		Host:             lab.Host(s.Workers, started),
		Output:           resultfile.Output{Out: s.Out},
	}
	out := &LeagueResult{Record: rec, Tally: exportLeague(&res.Tally.sum, s.League.Values(), rec, res.First), Characters: s.League.Config().Characters}
	if err := out.Tally.Seal(); err != nil {
		return nil, err
	}
	return out, playErr
}

// leagueRecorded is run.json's added_characters of a league's box chars (nil: the
// printed, which adds none).
func leagueRecorded(chars *bang.CharacterSet) []resultfile.AddedCharacter {
	if chars == nil || chars.Printed() {
		return nil
	}
	return lab.RecordCharacters(NewGame(chars))
}

// exportLeague is league-tally.json of sum and the values v, the seasons from first of
// rec's run: the characters of v's box in its order (Plain, never laid out, left out),
// so a league of the printed characters lists the sixteen as ever.
func exportLeague(sum *SeasonsSummary, v *league.Values, rec *resultfile.LeagueRun, first uint64) resultfile.LeagueTally {
	c := resultfile.LeagueCounts{FirstSeason: first, Seasons: sum.Seasons, PlayerGames: sum.PlayerGames, Ranked: sum.Ranked}
	pc := sum.Prices.Counts()
	set := v.Characters()
	box := set.Box()
	for _, ch := range box {
		lc := resultfile.LeagueCharacter{Character: set.Name(ch), Taken: pc.Taken[ch], Paid: pc.Paid[ch], PriceSum: pc.PriceSum[ch]}
		for n := range pc.Seats[ch] {
			lc.Seats = append(lc.Seats, append([]int64(nil), pc.Seats[ch][n][:]...))
		}
		c.Characters = append(c.Characters, lc)
	}
	vs := v.Sums()
	lv := resultfile.LeagueValues{Games: v.Games, Seed: v.Seed, Key: v.Key}
	for n := range vs.Cells {
		var roles []resultfile.LeagueValueCell
		var cells [][]resultfile.LeagueValueCell
		for r := range vs.Cells[n] {
			roles = append(roles, valueCell(vs.Roles[n][r]))
			var row []resultfile.LeagueValueCell
			for _, ch := range box {
				row = append(row, valueCell(vs.Cells[n][r][ch]))
			}
			cells = append(cells, row)
		}
		lv.Cells, lv.Roles = append(lv.Cells, cells), append(lv.Roles, roles)
	}
	return resultfile.LeagueTally{Game: resultfile.LeagueGame, Version: rec.Version, Seed: rec.Seed,
		Seasons: rec.Seasons, Setup: rec.Setup, Counts: c, Values: lv}
}

func valueCell(c league.Cell) resultfile.LeagueValueCell {
	return resultfile.LeagueValueCell{Seats: c.Seats, Wins: c.Wins, Sum: c.Sum, SumSq: c.SumSq}
}

// errLeagueShape: a tally whose arrays are not the engine's shape (a damaged or
// foreign file that passed its checksum).
type errLeagueShape struct{ what string }

func (e errLeagueShape) Error() string {
	return "league-tally.json: " + e.what + " is not of the card engine's shape (the league's characters, tables to 7 players, 4 roles)"
}

// LeaguePrices returns prices.csv's rows of a tally (league.PriceTally.Rows of its
// purchases and values) of a league playing chars (nil: the printed; run.json's
// added_characters): one process and a merge of shards write them alike. The tally
// must list chars' box by name, in its order.
func LeaguePrices(t *resultfile.LeagueTally, chars *bang.CharacterSet) ([]league.PriceRow, error) {
	var pc league.PriceCounts
	c := &t.Counts
	set := chars
	if set == nil {
		set = bang.PrintedNames()
	}
	box := set.Box()
	if len(c.Characters) != len(box) {
		return nil, errLeagueShape{"counts.characters"}
	}
	for i, lc := range c.Characters {
		ch := box[i]
		if lc.Character != set.Name(ch) {
			return nil, errLeagueShape{fmt.Sprintf("counts.characters[%d] (%q, not %q)", i, lc.Character, set.Name(ch))}
		}
		pc.Taken[ch], pc.Paid[ch], pc.PriceSum[ch] = lc.Taken, lc.Paid, lc.PriceSum
		if len(lc.Seats) != card.MaxPlayers+1 {
			return nil, errLeagueShape{"counts.characters.seats"}
		}
		for n, row := range lc.Seats {
			if len(row) != int(bang.NumRoles) {
				return nil, errLeagueShape{"counts.characters.seats"}
			}
			copy(pc.Seats[ch][n][:], row)
		}
	}
	var vs league.ValueSums
	v := &t.Values
	if len(v.Cells) != card.MaxPlayers+1 || len(v.Roles) != card.MaxPlayers+1 {
		return nil, errLeagueShape{"values"}
	}
	for n := range v.Cells {
		if len(v.Cells[n]) != int(bang.NumRoles) || len(v.Roles[n]) != int(bang.NumRoles) {
			return nil, errLeagueShape{"values"}
		}
		for r := range v.Cells[n] {
			vs.Roles[n][r] = leagueCell(v.Roles[n][r])
			if len(v.Cells[n][r]) != len(box) {
				return nil, errLeagueShape{"values.cells"}
			}
			for i, ch := range box {
				vs.Cells[n][r][ch] = leagueCell(v.Cells[n][r][i])
			}
		}
	}
	pt := league.PriceTallyOf(&pc)
	return pt.Rows(league.ValuesFromSums(v.Games, v.Seed, v.Key, chars, &vs)), nil
}

func leagueCell(c resultfile.LeagueValueCell) league.Cell {
	return league.Cell{Seats: c.Seats, Wins: c.Wins, Sum: c.Sum, SumSq: c.SumSq}
}

// LeagueSummary is the summary the command prints, from a tally.
func LeagueSummary(t *resultfile.LeagueTally) *SeasonsSummary {
	return &SeasonsSummary{Seasons: t.Counts.Seasons, PlayerGames: t.Counts.PlayerGames, Ranked: t.Counts.Ranked}
}

// LeagueRecordFiles are the files of a league directory written season by season, in
// SeasonRows' order, with their headers: the standings and the season's record.
var LeagueRecordFiles = []struct{ Name, Header string }{
	{resultfile.LeagueStandingsFile, league.StandingsHeader},
	{resultfile.LeagueGamesFile, league.GamesHeader},
	{resultfile.LeagueAuctionsFile, league.AuctionsHeader},
	{resultfile.LeagueMatchesFile, league.MatchesHeader},
}

// LeagueFiles returns the files of a league directory: standings.csv, prices.csv (from
// the tally), games.csv, auctions.csv, matches.csv (record, by name: the rows the
// seasons wrote, or a merge's), league-tally.json and run.json.
func LeagueFiles(r *LeagueResult, record func(name string) resultfile.File) ([]resultfile.File, error) {
	rows, err := LeaguePrices(&r.Tally, r.Characters)
	if err != nil {
		return nil, err
	}
	files := []resultfile.File{record(resultfile.LeagueStandingsFile),
		{Name: resultfile.LeaguePricesFile, Write: func(w io.Writer) error { return league.WritePrices(w, rows) }}}
	for _, f := range LeagueRecordFiles[1:] {
		files = append(files, record(f.Name))
	}
	return append(files,
		resultfile.File{Name: resultfile.LeagueTallyFile, Write: jsonFile(&r.Tally)},
		resultfile.File{Name: resultfile.RunFile, Write: jsonFile(r.Record)}), nil
}

// WriteLeagueKeep writes the league directory as one set (resultfile.WriteSetKeep): a
// partial result never replaces a complete one, and goes beside it into dir.partial
// instead. It returns the directory written.
func WriteLeagueKeep(dir string, r *LeagueResult, record func(name string) resultfile.File) (string, error) {
	files, err := LeagueFiles(r, record)
	if err != nil {
		return "", err
	}
	return resultfile.WriteSetKeep(dir, r.Record.Partial, files)
}
