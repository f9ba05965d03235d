package cardgame

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/run"
)

// DuelResult is a duel run, or a merge of its shards, as its directory holds it:
// run.json's record and the sealed tally behind the three CSV files.
type DuelResult struct {
	Record *resultfile.DuelRun
	Tally  resultfile.DuelTally
}

// RunDuels plays s's duels (its Shard of them) and returns the record and the tally;
// nothing is written (see WriteDuelKeep). An interrupted run returns the duels
// finished so far, the prefix from the shard's first duel, with the record marked
// partial and a nil error; a failed one (a panicking bot) what was merged before it,
// marked partial, with the error.
func RunDuels(ctx context.Context, s DuelSpec) (*DuelResult, error) {
	started := time.Now()
	shard := s.Shard
	if shard.N <= 1 {
		shard = resultfile.Shard{K: 1, N: 1}
	}
	res, playErr := s.play(ctx)
	if res.Planned == 0 && playErr != nil {
		return nil, playErr // a bot name or a configuration refused before any duel
	}
	workers := s.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	elapsed := time.Since(started).Seconds()
	rec := &resultfile.DuelRun{
		Schema:         resultfile.DuelRunSchema,
		Origin:         lab.Origin(s.Command, resultfile.DuelGame),
		Slice:          resultfile.Slice{Seed: s.Seed, Shard: shard, ShardSource: s.ShardSource},
		Policy:         s.Bots,
		DraftPolicy:    s.Drafts,
		Rules:          s.RuleSettings,
		Characters:     lab.RecordCharacters(s.game()),
		Paired:         s.Paired,
		Duels:          s.Duels,
		FirstDuel:      res.First,
		DuelsPlanned:   res.Planned,
		DuelsPlayed:    res.Games,
		ElapsedSeconds: elapsed,
		DuelsPerSecond: resultfile.PerSecond(uint64(res.Tally.Duels), elapsed),
		Partial:        res.Partial || playErr != nil,
		Host:           lab.Host(s.Workers, started),
		Confidence:     report.Confidence,
		Output:         resultfile.Output{Out: s.Out},
	}
	out := &DuelResult{Record: rec, Tally: exportDuel(&res.Tally, rec, res.First, s.Characters())}
	if err := out.Tally.Seal(); err != nil {
		return nil, err
	}
	return out, playErr
}

// ShardDuels returns the duel indices of s's shard: all of them without one.
func (s DuelSpec) ShardDuels() uint64 {
	if s.Shard.N <= 1 {
		return s.Duels
	}
	lo, hi := run.ShardRange(s.Duels, s.Shard.K-1, s.Shard.N)
	return hi - lo
}

// exportDuel is duel-tally.json of t, the duel indices from first of rec's run: its
// characters those of set in their order, Plain (never drafted) left out, so a duel of
// the printed characters lists the sixteen as ever.
func exportDuel(t *DuelTally, rec *resultfile.DuelRun, first uint64, set *bang.CharacterSet) resultfile.DuelTally {
	c := resultfile.DuelCounts{FirstDuel: first, Duels: uint64(t.Duels), Draws: uint64(t.Draws)}
	if rec.Paired {
		d := t.PairDiff
		c.Paired = &resultfile.DuelPaired{Pairs: uint64(t.Pairs), Players: t.PairWins,
			Diff: resultfile.PairedCell{Games: d.Games, Seats: d.Seats, Sum: d.Sum, SumSq: d.SumSq, SumSeats: d.SumSeats, SeatsSq: d.SeatsSq}}
	}
	for i := range 2 {
		c.SeatWins[i], c.OrderWins[i] = uint64(t.SeatWins[i]), uint64(t.OrderWins[i])
	}
	for _, ch := range set.Box() {
		c.Characters = append(c.Characters, resultfile.DuelCharacter{
			Character: set.Name(ch), Duels: uint64(t.CharDuels[ch]), Wins: uint64(t.CharWins[ch])})
	}
	return resultfile.DuelTally{Game: resultfile.DuelGame, Version: rec.Version, Seed: rec.Seed,
		Policy: rec.Policy, DraftPolicy: rec.DraftPolicy, Rules: rec.Rules, Duels: rec.Duels, Counts: c}
}

// DuelFiles returns the files of a duel directory: seats.csv, order.csv and
// characters.csv (report.DuelTables), duel-tally.json and run.json.
func DuelFiles(r *DuelResult) []resultfile.File {
	var files []resultfile.File
	for _, tb := range report.DuelTables(&r.Tally) {
		files = append(files, resultfile.File{Name: tb.Name, Write: tb.WriteCSV})
	}
	return append(files,
		resultfile.File{Name: resultfile.DuelTallyFile, Write: jsonFile(&r.Tally)},
		resultfile.File{Name: resultfile.RunFile, Write: jsonFile(r.Record)})
}

// WriteDuelKeep writes the duel directory as one set (resultfile.WriteSetKeep): a
// partial result never replaces a complete one, and goes beside it into dir.partial
// instead. It returns the directory written.
func WriteDuelKeep(dir string, r *DuelResult) (string, error) {
	return resultfile.WriteSetKeep(dir, r.Record.Partial, DuelFiles(r))
}

// jsonFile writes v as indented JSON with a trailing newline, as every JSON result
// file of bangsim (HTML characters unescaped: the files are data, not web pages).
func jsonFile(v any) func(io.Writer) error {
	return func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
}

// DuelSpecOfRun returns the duels a duel directory's run.json records: its seed, bots,
// pairing, duel count, rule options and added characters (rebuilt from
// added_characters: no character file needed), for a replay of one of its duels.
func DuelSpecOfRun(rec *resultfile.DuelRun) (DuelSpec, error) {
	s := DuelSpec{Bots: rec.Policy, Drafts: rec.DraftPolicy, Seed: rec.Seed, Duels: rec.Duels, Paired: rec.Paired}
	g, err := lab.WithRecorded(DuelLabGame(), rec.Characters)
	if err != nil {
		return s, err
	}
	s.Game = g
	ps := DuelRuleParams()
	vals := lab.Defaults(ps)
	for i, p := range ps {
		switch x := rec.Rules.Get(p.Key()).(type) {
		case nil:
		case bool:
			vals[i].Int = 0
			if x {
				vals[i].Int = 1
			}
		case int:
			vals[i].Int = x
		case string:
			vals[i].Text = x
		case []string:
			vals[i].Text = strings.Join(x, ",")
		default:
			return s, fmt.Errorf("run.json: rule %s is %s, not a whole number, true or false, or a text", p.Key(), resultfile.Plain(x))
		}
	}
	if err := s.SetRules(vals); err != nil {
		return s, fmt.Errorf("run.json: %w", err)
	}
	if _, err := s.NewDuel(); err != nil {
		return s, fmt.Errorf("run.json: %w", err)
	}
	return s, nil
}
