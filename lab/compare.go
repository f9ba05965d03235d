package lab

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/run"
	"github.com/bangsim/bangsim/sim/tally"
)

// MaxEntrants bounds a comparison's bots, so its tally is a fixed-size array.
const MaxEntrants = 8

// RoleAll indexes the every-role row of a comparison.
const RoleAll = int(bang.NumRoles)

// CompareDesign describes the paired design in compare.json, luck being what the
// game's engine draws (Game.Luck: the dice, the deck).
func CompareDesign(luck string) string {
	return "for each game index and seat, each policy plays the seat against the reference at every other seat; " +
		"the all-reference game is shared by all seats; common " + luck + " from the game seed; every seat draws its bots' random numbers " +
		"from its own stream (game, seat), the entrant's seat from (game, seat, policy index); " +
		"differences paired by seat and clustered by game index"
}

// Entrant is one bot of a comparison.
type Entrant struct {
	Spec  string // as given on the command line
	Label string // the canonical name, "#2" etc. appended to repeats
}

// entrantSpecs are the entrants' bot specs, in order, as Prepared.Seating takes them
// and the records keep them.
func entrantSpecs(es []Entrant) []string {
	specs := make([]string, len(es))
	for i, e := range es {
		specs[i] = e.Spec
	}
	return specs
}

// entrantLabels are the entrants' canonical names, in order.
func entrantLabels(es []Entrant) []string {
	labels := make([]string, len(es))
	for i, e := range es {
		labels[i] = e.Label
	}
	return labels
}

// CompareSpec is one `bangsim compare`.
type CompareSpec struct {
	Game     *Game
	Prepared Prepared
	Seed     uint64
	Players  int
	Games    uint64 // game indices, over all shards
	Entrants []Entrant
	Alpha    float64
	Shard    resultfile.Shard // K of N, K from 1; the zero value plays every index
	// ShardSource is where Shard came from (ResolveShard), recorded in compare.json.
	ShardSource string
	Workers     int
	Out         string
	Command     []string
	Progress    Progress
}

// CompareTally holds every cell of a comparison; all integers, merged by adding.
type CompareTally struct {
	Indices uint64 // game indices played
	Games   uint64 // games played (1 + players·(entrants−1) per index)
	Illegal uint64 // illegal choices replaced by the engine, over every game
	// Rates[k][r]: entrant k at the focal seat, role r (RoleAll: every role), clustered
	// by game index.
	Rates [MaxEntrants][bang.NumRoles + 1]tally.Cell
	// Diffs[k][r]: entrant k minus the reference at the same seats, clustered by index.
	Diffs [MaxEntrants][bang.NumRoles + 1]report.PairedCell
}

// merge adds o into t.
func (t *CompareTally) merge(o *CompareTally) {
	t.Indices += o.Indices
	t.Games += o.Games
	t.Illegal += o.Illegal
	for k := range t.Rates {
		for r := range t.Rates[k] {
			t.Rates[k][r].Merge(&o.Rates[k][r])
			t.Diffs[k][r].Merge(&o.Diffs[k][r])
		}
	}
}

// playIndex plays one game index's games on st and adds them into t.
func playIndex(st Seating, entrants int, t *CompareTally, gameSeed uint64) {
	ref := *st.Play(gameSeed, -1, 0)
	n := int(ref.Players)
	t.Indices++
	t.Games++
	t.Illegal += uint64(ref.Illegal)
	var m, y [bang.NumRoles + 1]uint64
	for s := 0; s < n; s++ {
		r := ref.Role[s]
		w := uint64(ref.Winners >> uint(s) & 1)
		m[r]++
		y[r] += w
		y[RoleAll] += w
	}
	m[RoleAll] = uint64(n)
	for r := range m {
		t.Rates[0][r].Add(m[r], y[r])
	}
	for k := 1; k < entrants; k++ {
		var yk [bang.NumRoles + 1]uint64
		var d [bang.NumRoles + 1]int64
		for s := 0; s < n; s++ {
			g := st.Play(gameSeed, s, k)
			t.Games++
			t.Illegal += uint64(g.Illegal)
			r := ref.Role[s]
			if g.Role[s] != r {
				panic(fmt.Sprintf("compare: seat %d is %s in the reference game but %s in entrant %d's game", s, r, g.Role[s], k))
			}
			w := uint64(g.Winners >> uint(s) & 1)
			diff := int64(w) - int64(ref.Winners>>uint(s)&1)
			yk[r] += w
			yk[RoleAll] += w
			d[r] += diff
			d[RoleAll] += diff
		}
		for r := range m {
			t.Rates[k][r].Add(m[r], yk[r])
			t.Diffs[k][r].Add(m[r], d[r])
		}
	}
}

// CompareResult is a finished (or interrupted) comparison, or a merge of shards of one.
type CompareResult struct {
	Record      *resultfile.Compare
	Declared    *bang.Declaration // the game's declaration, whose roles are the rows (CompareRoles)
	GameIndices uint64            // --games: the whole comparison's, over all shards
	FirstIndex  uint64            // the first index Tally covers
	Tally       CompareTally
	Rows        []DiffRow
}

// Compare plays the comparison; an interrupted one returns the finished prefix marked
// partial and a nil error. Nothing is written: see WriteCompare.
func Compare(ctx context.Context, s CompareSpec) (*CompareResult, error) {
	newSeating, err := s.Prepared.Seating(s.Players, entrantSpecs(s.Entrants))
	if err != nil {
		return nil, err
	}
	started := time.Now()
	workers := workerCount(s.Workers)
	shard := s.Shard
	if shard.N == 0 {
		shard = resultfile.Shard{K: 1, N: 1}
	}
	if shard.K < 1 || shard.K > shard.N {
		return nil, fmt.Errorf("shard %d/%d: want K/N with 1 <= K <= N", shard.K, shard.N)
	}
	lo, hi := run.ShardRange(s.Games, shard.K-1, shard.N)
	rec := &resultfile.Compare{
		Schema:        resultfile.CompareSchema,
		Tool:          Tool,
		Version:       Version,
		Revision:      Revision(),
		Command:       s.Command,
		Game:          s.Game.Name,
		Seed:          s.Seed,
		Players:       s.Players,
		Reference:     s.Entrants[0].Label,
		Design:        CompareDesign(s.Game.Luck),
		Rules:         s.Prepared.Settings(),
		Characters:    RecordCharacters(s.Game),
		GamesPlanned:  hi - lo,
		GamesPerIndex: 1 + s.Players*(len(s.Entrants)-1),
		Workers:       workers,
		GoVersion:     runtime.Version(),
		StartedAt:     started.UTC().Format(time.RFC3339),
		Confidence:    confidenceLevel,
		Alpha:         s.Alpha,
		Adjustment:    "holm",
		Out:           s.Out,
	}
	if shard.N > 1 || s.ShardSource != "" {
		rec.Shard, rec.ShardSource = &shard, s.ShardSource
	}
	rec.Policies, rec.Specs = entrantLabels(s.Entrants), entrantSpecs(s.Entrants)
	cfg := run.Config{Games: s.Games, Seed: s.Seed, Workers: workers, Shard: shard.K - 1, Shards: shard.N}
	if s.Progress != nil {
		cfg.Progress = s.Progress.Start(s.Players, hi-lo)
	}
	entrants := len(s.Entrants)
	newPlayer := func() run.Player[CompareTally] {
		st := newSeating()
		return func(t *CompareTally, _, gameSeed uint64) { playIndex(st, entrants, t, gameSeed) }
	}
	res, playErr := run.Run(ctx, cfg, newPlayer, func(dst, src *CompareTally) { dst.merge(src) })
	if s.Progress != nil {
		s.Progress.Finish(s.Players, res.Games, res.Planned, res.Elapsed)
	}
	rec.GamesPlayed = res.Games
	rec.TablesPlayed = res.Tally.Games
	rec.Illegal = res.Tally.Illegal
	rec.Partial = res.Partial
	rec.ElapsedSeconds = time.Since(started).Seconds()
	rec.GamesPerSecond = resultfile.PerSecond(res.Tally.Games, rec.ElapsedSeconds)
	out := &CompareResult{Record: rec, Declared: s.Game.Declared(), GameIndices: s.Games, FirstIndex: lo, Tally: res.Tally}
	out.Rows = compareRows(out.Declared, s.Players, entrants, &out.Tally, s.Alpha)
	return out, playErr
}

// CompareRoles returns the role rows of a comparison of a game declared d at n
// players: the roles d deals there, in d's order, then RoleAll (a game that deals no
// roles, the long duel, has RoleAll alone).
func CompareRoles(d *bang.Declaration, players int) []int {
	counts := d.RoleCounts(players)
	var out []int
	for i, r := range d.Roles {
		if counts[i] > 0 {
			out = append(out, int(r))
		}
	}
	return append(out, RoleAll)
}

// RecordedRoles returns the declaration of the game a result file names, which says
// its role rows: the registered game's, or a recorded one's (RegisterRecorded: the long
// duel). A name neither registry holds (a package's tests that register none) is read
// as a BANG! game, whose roles are the four of bang.Declare: every game the lab plays
// today is one, and a game with roles of its own registers.
func RecordedRoles(game string, players int) *bang.Declaration {
	if g, err := LookupGame(game); err == nil {
		return g.Declared()
	}
	if g := recorded[strings.ToLower(strings.TrimSpace(game))]; g != nil {
		return g.Declared()
	}
	return bang.Declare(players, players, nil)
}

// RoleName names a comparison's role row.
func RoleName(r int) string {
	if r == RoleAll {
		return "all"
	}
	return bang.Role(r).String()
}

// DiffRow is one paired difference, with its Holm-adjusted p-value.
type DiffRow struct {
	Entrant     int
	Role        int
	Seats       uint64
	Diff        report.Diff
	PHolm       float64
	Significant bool
}

// compareRows computes every difference and the Holm adjustment over all of them.
func compareRows(d *bang.Declaration, players, entrants int, t *CompareTally, alpha float64) []DiffRow {
	z := report.ZFor(report.Confidence)
	var rows []DiffRow
	var ps []float64
	for k := 1; k < entrants; k++ {
		for _, r := range CompareRoles(d, players) {
			c := t.Diffs[k][r]
			d := report.PairedDiff(c, z)
			rows = append(rows, DiffRow{Entrant: k, Role: r, Seats: c.Seats, Diff: d})
			ps = append(ps, d.P)
		}
	}
	for i, ph := range report.Holm(ps) {
		rows[i].PHolm = ph
		rows[i].Significant = ph < alpha
	}
	return rows
}

// formatP formats a p-value for the CSV: six significant digits, so small values keep
// their size.
func formatP(p float64) string { return strconv.FormatFloat(p, 'g', 6, 64) }

// formatZ formats a difference in standard errors for the CSV, with two decimals.
func formatZ(z float64) string { return strconv.FormatFloat(z, 'f', 2, 64) }

// WriteCompare writes compare.csv, compare-diff.csv, compare-tally.json (sealed with
// its checksum) and compare.json into dir as one set. Everything but compare.json
// depends only on what was played, so a merge of shards writes the same bytes as the
// whole comparison.
func WriteCompare(dir string, r *CompareResult) error {
	files, err := compareFiles(r)
	if err != nil {
		return err
	}
	return resultfile.WriteSet(dir, files)
}

// WriteCompareKeep writes the comparison as WriteCompare does, except that a partial
// comparison never replaces a complete one (resultfile.WriteSetKeep): it then goes
// beside it, into dir.partial. It returns the directory written.
func WriteCompareKeep(dir string, r *CompareResult) (string, error) {
	files, err := compareFiles(r)
	if err != nil {
		return dir, err
	}
	return resultfile.WriteSetKeep(dir, r.Record.Partial, files)
}

// compareFiles returns the files of a comparison's result set.
func compareFiles(r *CompareResult) ([]resultfile.File, error) {
	rec := r.Record
	z := report.ZFor(report.Confidence)
	roles := CompareRoles(r.Declared, rec.Players)
	rates := report.Table{Header: report.RateHeader("policy", "role")}
	for k, label := range rec.Policies {
		for _, role := range roles {
			rates.Rows = append(rates.Rows, report.RateRow([]string{label, RoleName(role)}, r.Tally.Rates[k][role], z))
		}
	}
	diffs := report.Table{Header: []string{"policy", "role", "games", "mean_diff", "ci_low", "ci_high", "z", "p_value", "p_holm", "significant"}}
	for _, row := range r.Rows {
		diffs.AddRow(rec.Policies[row.Entrant], RoleName(row.Role), row.Seats, row.Diff.Mean, row.Diff.Low, row.Diff.High,
			formatZ(row.Diff.Z()), formatP(row.Diff.P), formatP(row.PHolm), row.Significant)
	}
	ts := exportCompare(r)
	if err := ts.Seal(); err != nil {
		return nil, err
	}
	return []resultfile.File{
		{Name: resultfile.CompareFile, Write: rates.WriteCSV},
		{Name: resultfile.CompareDiffFile, Write: diffs.WriteCSV},
		{Name: resultfile.CompareTallyFile, Write: jsonWriter(ts)},
		{Name: resultfile.CompareJSONFile, Write: jsonWriter(rec)},
	}, nil
}
