package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// ladderOptions are the flags of `bangsim ladder`.
type ladderOptions struct {
	gameOptions
	Policies string
	Players  string
	Games    uint64
	Draft    string // --draft-policy: the duel's draft bot of both seats
	shardOptions
	batchOptions
	Argv []string // the command line recorded in ladder.json
}

// defaultLadderOptions returns the defaults of `bangsim ladder`.
func defaultLadderOptions() ladderOptions {
	return ladderOptions{
		gameOptions:  defaultGameOptions(),
		Players:      "5",
		Games:        2_000,
		Draft:        "random",
		batchOptions: defaultBatchOptions("results-ladder"),
	}
}

// ladderCmd builds `bangsim ladder`.
func (a *app) ladderCmd() *cobra.Command {
	opts := defaultLadderOptions()
	cmd := &cobra.Command{
		Use:   "ladder --policies A,B[,C...]",
		Short: "Rank bots in a round-robin tournament: Bradley–Terry ratings and skill depth",
		Long: `Ladder plays the bots of --policies against each other and rates them.

For each game index I (seeded from --seed and I) it draws an order P of the B bots
from the game seed and plays one game per rotation j = 0..B-1, bot P((S + j) mod B)
at seat S: every bot plays every seat, and so the role and character the seed deals
there, once per index, on the same dice or cards (common random numbers), and no bot
is always seated after the same one. A bot that won a seat where another lost the same seat
of the same index beat it; Bradley–Terry strengths are fitted from these comparisons,
over every role and per role, with 95% intervals from the grouped jackknife over
32 groups of game indices.

Skill depth is how far the win rate moves from the weakest bot of the ladder to the
strongest at the same seats, per role and per character, with paired cluster-robust
intervals: where it is large skill matters, where it is near zero luck decides.

It writes in --out: ladder-ratings.csv (policy, role, rank, rating, interval, seats,
win rate), skill-depth.csv, ladder-tally.csv (the pairwise counts the fit uses),
ladder-tally.json (every exact count, sealed, which merge adds up) and ladder.json
(the settings, ratings and depth). docs/policies.md (section 9) explains it.

--game duel rates long-duel play bots (strategy/duelbots: random, heuristic,
search(...)): at two seats every pair of bots plays each duel seed twice, the seats
swapped, and both seats draft with --draft-policy (default random), so every duel
of a seed drafts the same characters; a bot that won a seat its pair's other bot lost
beat it. The ratings have the one row "all" (a duel has no roles); skill depth is per
character drafted (each of a seat's five). It takes the duel's rule options
(--remove-cards, --high-noon, --life).

--shard K/N (or a Slurm job array, or --shards N in a Kubernetes Indexed Job) plays
the K-th of N slices of the game indices; 'bangsim merge' adds the shards' tallies up
and refits the ratings, and its files but ladder.json are byte-identical to the
ladder played in one process.`,
		Example: `  bangsim ladder --game dice --policies random,simple,heuristic,search --games 1000   # minutes: search is slow
  bangsim ladder --game card --policies random,heuristic,omniscient --games 2000 --out ladder-card
  bangsim ladder --policies 'heuristic(beer_below=3),heuristic,simple' --json
  bangsim ladder --game card --policies random,heuristic,search --games 2000 --shard 2/4 --out lad2   # one machine of four
  bangsim ladder --game duel --policies 'random,heuristic,search(rollouts=8)' --games 128 --out ladder-duel   # minutes`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			opts.Argv = a.argv
			return runLadder(a.ctx, opts, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Policies, "policies", "", "bots of the ladder, A,B[,C...] (at least two)")
	fs.StringVar(&opts.Players, "players", opts.Players, "player count (one count)")
	fs.Uint64Var(&opts.Games, "games", opts.Games, "game indices; each plays one game per bot")
	fs.StringVar(&opts.Draft, "draft-policy", opts.Draft, "--game duel: the draft bot of both seats ("+strings.Join(cardgame.DuelDraftBots(), ", ")+")")
	shared := pflag.NewFlagSet("game", pflag.ContinueOnError)
	shared.SortFlags = false
	opts.gameOptions.bind(shared)
	shared.VisitAll(func(f *pflag.Flag) {
		if f.Name != "policy" && f.Name != "policy-for" {
			fs.AddFlag(f)
		}
	})
	opts.gameOptions.bindConfig(fs)
	opts.shardOptions.bind(fs)
	opts.batchOptions.bind(fs, "ladder.json")
	return cmd
}

// ladderPlan is ladderOptions checked.
type ladderPlan struct {
	game        *lab.Game
	table       lab.Table
	chars       int // characters a seat holds (0: one)
	players     int
	entrants    []lab.Entrant
	shard       resultfile.Shard
	shardSource string // where shard came from, for ladder.json
	lock        *resultfile.Lock
}

// plan checks every option before anything is played; all errors are usage errors.
func (o *ladderOptions) plan() (*ladderPlan, error) {
	if o.isDuel() {
		return o.planDuel()
	}
	if o.cmdFlags.Changed("draft-policy") {
		return nil, usagef("--draft-policy: only the long duel drafts (--game duel)")
	}
	g, err := o.gameOptions.gameFor()
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(o.Policies) == "" {
		return nil, usagef("ladder needs --policies A,B[,C...]: the bots to rank")
	}
	if specs, err := splitPolicies(o.Policies); err != nil {
		return nil, err
	} else if len(specs) < 2 {
		return nil, usagef("--policies %q names one policy; a ladder needs at least two", o.Policies)
	}
	entrants, err := parseEntrants(o.Policies, g)
	if err != nil {
		return nil, err
	}
	if o.parsed != nil && (o.parsed.Policy != "" || o.parsed.PolicyFor != nil) {
		return nil, usagef("--config %s names bots, but ladder's come from --policies; leave policy and policy-for out of --config", o.Config)
	}
	players, err := o.gameOptions.players(o.Players, g)
	if err != nil {
		return nil, err
	}
	if len(players) != 1 {
		return nil, usagef("--players must be one count for ladder, got %q", o.Players)
	}
	setup, err := o.gameOptions.resolve(players)
	if err != nil {
		return nil, err
	}
	p, err := o.planCommon(entrants)
	if err != nil {
		return nil, err
	}
	p.game, p.table, p.players = setup.game, setup.prepared, players[0]
	return p, nil
}

// planCommon checks the options every game's ladder shares: --games, --workers, the
// shard and --out.
func (o *ladderOptions) planCommon(entrants []lab.Entrant) (*ladderPlan, error) {
	perIndex := uint64(len(entrants))
	if o.isDuel() {
		perIndex *= perIndex - 1
	}
	if o.Games < lab.LadderGroups {
		return nil, usagef("--games %d: a ladder wants at least %d game indices (its intervals come from %d groups of them)", o.Games, lab.LadderGroups, lab.LadderGroups)
	}
	if _, ok := lab.GamesProduct(o.Games, perIndex); !ok {
		return nil, asUsage(lab.TooManyGames(fmt.Sprintf("--games %d at %d games an index", o.Games, perIndex)))
	}
	if o.Workers < 0 {
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	shard, source, err := o.shardOptions.resolve()
	if err != nil {
		return nil, err
	}
	lock, err := checkWritable(o.Out, resultfile.KindLadder)
	if err != nil {
		return nil, err
	}
	return &ladderPlan{entrants: entrants, shard: shard, shardSource: source, lock: lock}, nil
}

// runLadder is `bangsim ladder`.
func runLadder(ctx context.Context, opts ladderOptions, stdout, stderr io.Writer) error {
	p, err := opts.plan()
	if err != nil {
		return err
	}
	defer p.lock.Unlock()
	prog := newProgress(stderr, opts.Quiet, opts.ProgressEvery)
	res, playErr := lab.Ladder(ctx, lab.LadderSpec{
		Game: p.game, Prepared: p.table, Seed: opts.Seed, Players: p.players, Games: opts.Games,
		Entrants: p.entrants, CharactersPerSeat: p.chars, Shard: p.shard, ShardSource: p.shardSource, Workers: opts.Workers, Out: opts.Out, Command: opts.Argv, Progress: prog,
	})
	prog.close()
	if res == nil {
		return asUsage(playErr)
	}
	rec := res.Record
	where, err := lab.WriteLadder(opts.Out, res)
	if err != nil {
		return err
	}
	if playErr != nil {
		return fmt.Errorf("%w (results of the %d game indices before it were written to %s, marked partial%s)", playErr, rec.GamesPlayed, where, besideNote(where, opts.Out))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeLadderSummary(stdout, rec); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Result files in %s/ (ladder.json describes the run)\n", where)
		if !rec.Partial && where == opts.Out {
			if err := writeLadderNext(stdout, rec, opts.Out); err != nil {
				return err
			}
		}
	}
	if rec.Partial {
		return fmt.Errorf("%w after %d of %d game indices; partial results written to %s (ladder.json \"partial\": true)%s",
			errInterrupted, rec.GamesPlayed, rec.GamesPlanned, where, besideNote(where, opts.Out))
	}
	return nil
}

// writeLadderNext is the Next: line of a complete ladder: a shard's is the merge.
func writeLadderNext(w io.Writer, rec *resultfile.Ladder, out string) error {
	if rec.Shard.N > 1 {
		return writeNext(w, "bangsim merge --out ladder-merged "+shellQuote(out)+" ...", fmt.Sprintf("this and the other %d shards' directories, added up into the whole ladder, its ratings refitted", rec.Shard.N-1))
	}
	return writeNext(w, "bangsim plot "+shellQuote(out), "a chart of the ratings and their intervals")
}

// writeLadderSummary prints the ratings of every role row and the skill depth.
func writeLadderSummary(w io.Writer, rec *resultfile.Ladder) error {
	design := fmt.Sprintf("%d players, %d game indices x %d rotations", rec.Players, rec.GamesPlayed, rec.GamesPerIndex)
	if rec.Pairs {
		design = fmt.Sprintf("%d seeds x %d games: every pair both ways, draft by %v", rec.GamesPlayed, rec.GamesPerIndex, rec.Rules.Get("draft_policy"))
	}
	title := fmt.Sprintf("Ladder ratings (%s, %s, seed %d; Bradley–Terry log strength, 95%% jackknife intervals)", rec.Game, design, rec.Seed)
	if rec.Shard.N > 1 {
		title += fmt.Sprintf(" -- shard %d of %d", rec.Shard.K, rec.Shard.N)
	}
	if rec.Partial {
		title += fmt.Sprintf(" -- PARTIAL: %d of %d game indices", rec.GamesPlayed, rec.GamesPlanned)
	}
	header := []string{"role", "rank", "policy", "rating", "95% CI", "seats", "win rate"}
	var table [][]string
	for _, r := range rec.Ratings {
		table = append(table, []string{r.Role, fmt.Sprint(r.Rank), r.Policy, fmt.Sprintf("%+.3f", r.Rating),
			fmt.Sprintf("[%+.3f, %+.3f]", r.Low, r.High), report.FormatValue(r.Seats), fmt.Sprintf("%.1f%%", 100*r.WinRate)})
	}
	if err := report.WriteSummary(w, title, header, table); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nOrder: %s (%s)\n", ladderOrder(rec), ladderSeparation(rec))
	fmt.Fprintf(w, "\nSkill depth: %s's win rate minus %s's at the same seats (percentage points, 95%% CI):\n", rec.Strongest, rec.Weakest)
	for _, d := range rec.Depth {
		if d.Scope != "role" {
			continue
		}
		fmt.Fprintf(w, "  %-10s %s [%s, %s]\n", d.Name, report.FormatPoints(d.Depth, 1), report.FormatPoints(d.Low, 1), report.FormatPoints(d.High, 1))
	}
	var most, least *resultfile.LadderDepth
	for i := range rec.Depth {
		d := &rec.Depth[i]
		if d.Scope != "character" {
			continue
		}
		if most == nil || d.Depth > most.Depth {
			most = d
		}
		if least == nil || d.Depth < least.Depth {
			least = d
		}
	}
	if most != nil && most.Depth == least.Depth {
		fmt.Fprintf(w, "  characters: the same for every one (%s points); every character in skill-depth.csv\n", report.FormatPoints(most.Depth, 1))
	} else if most != nil {
		fmt.Fprintf(w, "  characters: skill matters most for %s (%s points [%s, %s]), least for %s (%s [%s, %s]); every character in skill-depth.csv\n",
			most.Name, report.FormatPoints(most.Depth, 1), report.FormatPoints(most.Low, 1), report.FormatPoints(most.High, 1),
			least.Name, report.FormatPoints(least.Depth, 1), report.FormatPoints(least.Low, 1), report.FormatPoints(least.High, 1))
	}
	if rec.Illegal > 0 {
		fmt.Fprintf(w, "note: the engine replaced %d illegal bot choices\n", rec.Illegal)
	}
	return nil
}

// ladderOrder lists the overall ranking, strongest first: "search > heuristic > ...".
func ladderOrder(rec *resultfile.Ladder) string {
	var names []string
	for _, r := range overallRatings(rec) {
		names = append(names, r.Policy)
	}
	return strings.Join(names, " > ")
}

// overallRatings returns the "all" rows, by rank.
func overallRatings(rec *resultfile.Ladder) []resultfile.LadderRating {
	var out []resultfile.LadderRating
	for _, r := range rec.Ratings {
		if r.Role == lab.RoleName(lab.RoleAll) {
			out = append(out, r)
		}
	}
	return out
}

// ladderSeparation says whether neighbours of the overall ranking have disjoint intervals.
func ladderSeparation(rec *resultfile.Ladder) string {
	all := overallRatings(rec)
	var overlap []string
	for i := 1; i < len(all); i++ {
		if all[i].High >= all[i-1].Low {
			overlap = append(overlap, all[i-1].Policy+"/"+all[i].Policy)
		}
	}
	if len(overlap) == 0 {
		return "every neighbour's interval apart"
	}
	return "intervals overlap: " + strings.Join(overlap, ", ") + "; more --games would separate them if they differ"
}
