package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/tui"
)

// playOptions are the flags of `bangsim play`.
type playOptions struct {
	gameOptions
	Players string
	Index   uint64
	Seat    int
	Role    string
	Out     string
	Drafts  string // --draft-policy: the long duel's draft bots
	fs      setFlags
}

// setFlags tells which flags a command line set.
type setFlags interface {
	Changed(string) bool
	Visit(func(name string))
}

// playCmd builds `bangsim play`.
func (a *app) playCmd() *cobra.Command {
	opts := playOptions{gameOptions: defaultGameOptions(), Players: "5", Seat: -1}
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Take a seat at a table of bots and play in the terminal",
		Long: `Play seats you at one game among bots chosen as in 'bangsim run' (--policy,
--policy-for, specs with parameters) and plays it in the terminal. You see what your
seat may know: your role, everything on the table, the roles the rules reveal. The
bots move one step per key (space), faster (f) or up to your next decision (t); you
choose with the number keys or the arrows and enter; h ranks your options by the
search bot's estimate, as 'bangsim advise' does. q or Ctrl-C asks, then leaves.

--seed and --index name the game as in a run (the same deal and dice for the same
choices); without --seed one is drawn and shown. --seat or --role picks your seat,
else it is drawn from the game. The game is written as it goes to --out (JSON Lines,
as 'replay --json --decisions' writes them, your seat marked); 'bangsim replay --file'
plays it again. Play needs a terminal; NO_COLOR turns colour off.

--game duel is the league's long duel against one bot (--policy, its play bot: default
heuristic): your five characters are drafted and stacked for you by a draft bot
(--draft-policy, YOURS,THEIRS or one for both: default value-first), which the screen
says; you place your two revealed characters and play every turn. You see your own
hand and stack; the bot's hand and the order of its reinforcements stay hidden. The
hint ranks your options by duel playouts (none for the placement).`,
		Example: `  bangsim play                                  # a five-player dice game, a random seat
  bangsim play --seed 7 --role outlaw --policy 'search(rollouts=50)'
  bangsim play --game card --players 4 --seat 0
  bangsim play --game duel --seed 4 --seat 1 --policy search
  bangsim replay --file plays/dice-seed-7-game-0.jsonl   # the game again`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			out, _ := a.stdout.(*os.File)
			return runPlay(a.ctx, opts, os.Stdin, out, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Players, "players", opts.Players, "player count (one count)")
	fs.Uint64Var(&opts.Index, "index", 0, "the game of the run with --seed (0-based)")
	fs.IntVar(&opts.Seat, "seat", -1, "your seat (0: the Sheriff, or the Deputy with 3 players); default: drawn")
	fs.StringVar(&opts.Role, "role", "", "take the seat dealt this role (sheriff, deputy, outlaw, renegade)")
	fs.StringVar(&opts.Out, "out", "", "the replay file to write (default plays/GAME-seed-S-game-I.jsonl; never overwritten)")
	fs.StringVar(&opts.Drafts, "draft-policy", "value-first", "--game duel: the draft bots, YOURS,THEIRS or one for both (yours drafts and stacks for you)")
	opts.gameOptions.bind(fs)
	opts.fs = visitor{fs}
	return cmd
}

// runPlay checks the options, seats the person and plays the game on the terminal in/out.
func runPlay(ctx context.Context, opts playOptions, in, out *os.File, stderr io.Writer) error {
	if !tui.IsTerminal(in) || !tui.IsTerminal(out) {
		return usagef("%v", tui.ErrNoTerminal)
	}
	if !opts.changed("seed") {
		opts.Seed = uint64(time.Now().UnixNano())
	}
	if strings.EqualFold(opts.Game, "duel") {
		spec, seat, err := duelPlaySpec(opts, opts.fs)
		if err != nil {
			return err
		}
		return runPlayDuel(ctx, opts, spec, seat, in, out, stderr)
	}
	if opts.fs.Changed("draft-policy") {
		return usagef("--draft-policy: the long duel's (--game duel)")
	}
	setup, n, err := playSetup(&opts.gameOptions, opts.Players)
	if err != nil {
		return err
	}
	sitter, ok := setup.prepared.(interface {
		Sit(lab.SitRequest) (tui.Game, error)
	})
	if !ok {
		return usagef("--game %s cannot be played at a terminal yet", setup.game.Name)
	}
	req := lab.SitRequest{Players: n, Seed: opts.Seed, Index: opts.Index, Seat: opts.Seat, Role: opts.Role, Added: lab.RecordCharacters(setup.game)}
	f, path, err := createPlayFile(opts.Out, fmt.Sprintf("%s-seed-%d-game-%d.jsonl", setup.game.Name, opts.Seed, opts.Index))
	if err != nil {
		return err
	}
	req.Replay = f
	g, err := sitter.Sit(req)
	if err != nil {
		f.Close()
		os.Remove(path)
		return asUsage(err)
	}
	return playOn(ctx, g, f, path, playAgain(opts), in, out, stderr)
}

// playAgain is the command that plays the same game from the start.
func playAgain(opts playOptions) string {
	s := "bangsim play --seed " + fmt.Sprint(opts.Seed)
	if !strings.EqualFold(opts.Game, "dice") {
		s = "bangsim play --game " + strings.ToLower(opts.Game) + " --seed " + fmt.Sprint(opts.Seed)
	}
	if opts.Index != 0 {
		s += " --index " + fmt.Sprint(opts.Index)
	}
	return s
}

// visitor is a flag set as setFlags.
type visitor struct{ fs *pflag.FlagSet }

// Changed reports whether the flag name was set.
func (v visitor) Changed(name string) bool { return v.fs.Changed(name) }

// Visit calls f with the name of every flag set.
func (v visitor) Visit(f func(string)) { v.fs.Visit(func(fl *pflag.Flag) { f(fl.Name) }) }

// createPlayFile creates the play file --out names (default plays/name), never one
// that exists.
func createPlayFile(out, name string) (*os.File, string, error) {
	path := out
	if path == "" {
		path = filepath.Join("plays", name)
	}
	if _, err := os.Stat(path); err == nil {
		return nil, "", usagef("--out %s exists: bangsim never overwrites a file; give another --out", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, "", usagef("--out %s: %v", path, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, "", usagef("--out %s: %v", path, err)
	}
	return f, path, nil
}

// playOn plays g on the terminal, closes it and its file, and says how it ended.
func playOn(ctx context.Context, g tui.Game, f *os.File, path, again string, in, out *os.File, stderr io.Writer) error {
	res, runErr := tui.Run(ctx, g, in, out)
	closeErr := errors.Join(g.Close(), f.Close())
	if runErr != nil {
		return runErr
	}
	if closeErr != nil {
		return fmt.Errorf("writing %s: %w", path, closeErr)
	}
	if !res.Over {
		fmt.Fprintf(stderr, "You left the game; its moves so far are in %s.\n", path)
		return writeNext(stderr, again, "the same game from the start")
	}
	fmt.Fprintf(stderr, "Game over: %s. The game is in %s.\n", res.Result, path)
	return writeNext(stderr, "bangsim replay --file "+shellQuote(path), "the game again, move by move")
}

// playSetup resolves the game options for the one player count of flag.
func playSetup(o *gameOptions, flag string) (*gameSetup, int, error) {
	g, err := o.gameFor()
	if err != nil {
		return nil, 0, err
	}
	players, err := o.players(flag, g)
	if err != nil {
		return nil, 0, err
	}
	if len(players) != 1 {
		return nil, 0, usagef("a game has one player count: --players %q", flag)
	}
	setup, err := o.resolve(players)
	if err != nil {
		return nil, 0, err
	}
	return setup, players[0], nil
}

// replayFile plays a play file's game again (replay --file): the same run, rules and
// bots, the person's recorded choices at their seat, and checks it ends as the file says.
func replayFile(path string, asJSON bool, stdout io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return usagef("--file: %v", err)
	}
	defer f.Close()
	pf, err := lab.ReadPlayFile(f)
	if err != nil {
		return usagef("--file %s: %v", path, err)
	}
	if pf.End == nil {
		return usagef("--file %s: the person left the game before its end: there is no result to replay to", path)
	}
	if pf.Game == "duel" {
		return replayDuelFile(path, pf, asJSON, stdout)
	}
	// The game with the added characters the file records: no character file needed.
	g, err := lab.GameOfRecord("its first line", pf.Game, pf.Characters)
	if err != nil {
		return usagef("--file %s: %v", path, err)
	}
	cfg, err := lab.ConfigFromRun(g, pf.Run())
	if err != nil {
		return usagef("--file %s: %v", path, err)
	}
	choice, err := lab.NewChoice(g, cfg, pf.Seed, []int{pf.Players})
	if err != nil {
		return usagef("--file %s: %v", path, err)
	}
	p, err := g.Prepare(choice)
	if err != nil {
		return usagef("--file %s: %v", path, err)
	}
	var js strings.Builder
	script := &lab.Script{Choices: pf.Choices}
	req := lab.ReplayRequest{Players: pf.Players, Seed: pf.Seed, Index: pf.Index, JSON: true, Decisions: true, Script: script, Person: pf.Person, Added: pf.Characters}
	if err := p.Replay(&js, req); err != nil {
		return fmt.Errorf("--file %s: %w", path, err)
	}
	again, err := lab.ReadPlayFile(strings.NewReader(js.String()))
	if err != nil {
		return err
	}
	if err := pf.SameEnd(again.End); err != nil {
		return fmt.Errorf("--file %s: %w", path, err)
	}
	if asJSON {
		_, err = io.WriteString(stdout, js.String())
		return err
	}
	req.JSON, req.Script = false, &lab.Script{Choices: pf.Choices}
	return p.Replay(stdout, req)
}
