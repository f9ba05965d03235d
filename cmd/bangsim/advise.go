package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/tui"
)

// adviseOptions are the flags of `bangsim advise`.
type adviseOptions struct {
	Game     string
	File     string
	Pos      dicegame.Position
	Life     string
	Arrows   string
	Roles    string
	Chars    string
	Card     cardFlags
	Rollouts int
	Seed     uint64
	JSON     bool
	// CharactersFile is --characters-file: characters added to the game's printed ones,
	// which the position may seat (the dice and card games).
	CharactersFile string
	fs             interface{ Changed(string) bool }
}

// cardFlags are advise's flags for a card-game position (--game card).
type cardFlags struct {
	Hand, HandSizes, InPlay, Discard string
	Bangs                            int
	Reinforcements, Lost             string // the duel's (--game duel)
}

// adviseCmd builds `bangsim advise`.
func (a *app) adviseCmd() *cobra.Command {
	opts := adviseOptions{Game: "dice", Rollouts: 400, Seed: 1}
	cmd := &cobra.Command{
		Use:   "advise",
		Short: "Rank the choices of a position at a real table by the search bot's estimate",
		Long: `Advise takes a position from a real table, as flags or a small YAML file
(--position; flags given as well win), builds a game consistent with it (the roles you
do not know dealt at random among those not accounted for, as the search bot deals
them) and ranks your legal choices by the search bot's estimate of your side's chance
to win: each choice played out --rollouts times to the end with heuristic players, with
a 95% interval, and the search bot's own choice marked. With --objective (gatling,
dynamite, bullseyes=K, beers=K) each reroll also shows the exact chance of that
one-turn objective, the later rerolls played as 'bangsim odds' plays them best.

The dice game's position is a reroll: you are --seat, rolling; --dice the faces
showing (A Arrow, D Dynamite, 1 and 2 Bull's Eyes, B Beer, G Gatling), --rerolls left,
every seat's --life, --arrows, --characters and known --roles (? where unknown; seat 0
is the Sheriff), the --pile.

The card game's position (--game card) is phase 2 of your own turn: you are --seat,
with your --hand; every seat's --life (0: eliminated), --characters, known --roles (?
where unknown; the Sheriff's is public, the dead's were revealed), --hand-sizes and
--in-play cards; the --discard pile as far as you know it (the top last; the cards
not named there count as unseen); the --bangs you have played this turn. Cards are a
name, then rank and suit: "BANG! A♠", "bang As", "rev-carabine Ac". The other hands
and the deck are dealt from the unseen cards as the search bot deals them; the record
of who shot whom starts empty. The choices are every legal play and the end of the
turn; among equal estimates, a play that wins at once goes first.

The long duel's position (--game duel) is phase 2 of your own turn too, by slot: the
four slots are P0's front, P1's front, P0's back, P1's back, each with its
--characters (- for an empty slot), --life (0 there) and --in-play cards; each
seat's --hand-sizes (yours: your hand's, or 0), --reinforcements still to come
(seats apart by ;: yours named in the order they enter, the opponent's face down as
names, ? or a count) and characters --lost (names, ? or a count); your --hand, the
--discard pile, the --bangs played this turn. The characters not named are drawn from
those nobody holds; the opponent's hand, the deck and its reinforcements' order are
dealt afresh for every playout, as the duel's search bot deals them.

An impossible position is refused with the field named. The rules are the rulebook's.`,
		Example: `  bangsim advise --seat 1 --dice "G G G 1 A" --rerolls 1 --pile 6 \
      --life 8,1,0,0 --arrows 2,1,0,0 --roles sheriff,outlaw,outlaw,renegade \
      --characters plain,plain,plain,plain --objective gatling
  bangsim advise --game card --seat 0 --hand "bang As,stagecoach 9s" \
      --life 1,1,0,0 --hand-sizes 2,0,0,0 --roles sheriff,?,outlaw,renegade \
      --characters plain,plain,plain,plain --in-play "mustang 8h;" --discard "bang Qh"
  bangsim advise --game duel --seat 0 --characters "bart cassidy,slab the killer,-,-" \
      --life 1,1,0,0 --hand "bang As,stagecoach 9s" --hand-sizes 2,0 \
      --lost "suzy lafayette,3;4" --in-play "mustang 8h;;;"
  bangsim advise --position table.yaml --json`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error { return runAdvise(opts, a.stdout) }),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Game, "game", opts.Game, "which game: dice, card or duel")
	fs.StringVar(&opts.File, "position", "", "a YAML file with the position (the keys are the flags' names, - written _: dice: seat, dice, rerolls, pile, life, arrows, roles, characters, objective; card: seat, hand, hand_sizes, life, roles, characters, in_play (a list per seat), discard, bangs; duel: seat, characters, life, in_play (a list per slot), hand, hand_sizes, reinforcements, lost (a list per seat), discard, bangs)")
	fs.IntVar(&opts.Pos.Seat, "seat", 0, "your seat, the one rolling (0: the Sheriff)")
	fs.StringVar(&opts.Pos.Dice, "dice", "", `the five faces showing, e.g. "G G 1 A B"`)
	fs.IntVar(&opts.Pos.Rerolls, "rerolls", 0, "rerolls left this turn")
	fs.IntVar(&opts.Pos.Pile, "pile", 0, "arrows in the pile")
	fs.StringVar(&opts.Life, "life", "", "every seat's life, from seat 0: 8,3,0,5 (0: eliminated; duel: every slot's, 0: empty)")
	fs.StringVar(&opts.Arrows, "arrows", "", "every seat's arrows held, from seat 0")
	fs.StringVar(&opts.Roles, "roles", "", "every seat's role as you know it, from seat 0: sheriff,?,outlaw,?")
	fs.StringVar(&opts.Chars, "characters", "", "every seat's character, from seat 0 (plain: none; duel: every slot's, -: empty)")
	fs.StringVar(&opts.Card.Hand, "hand", "", `card, duel: your hand, e.g. "bang As,missed 2s,beer 6h"`)
	fs.StringVar(&opts.Card.HandSizes, "hand-sizes", "", "card, duel: every seat's hand size, from seat 0 (yours: your hand's, or 0)")
	fs.StringVar(&opts.Card.InPlay, "in-play", "", `card: every seat's cards in play, from seat 0, seats apart by ;, e.g. "barrel Ks,volcanic 10s;;mustang 8h" (duel: every slot's)`)
	fs.StringVar(&opts.Card.Discard, "discard", "", "card, duel: the discard pile as far as you know it, the top last")
	fs.IntVar(&opts.Card.Bangs, "bangs", 0, "card, duel: BANG!s you have played this turn")
	fs.StringVar(&opts.Card.Reinforcements, "reinforcements", "", `duel: each seat's reinforcements still to come, seats apart by ;: yours in order, the opponent's names, ? or a count, e.g. "el gringo,kit carlson;2"`)
	fs.StringVar(&opts.Card.Lost, "lost", "", `duel: each seat's characters lost, seats apart by ;: names, ? or a count, e.g. "suzy lafayette;3"`)
	fs.StringVar(&opts.Pos.Objective, "objective", "", "a one-turn objective whose exact odds go beside each reroll: gatling, dynamite, bullseyes=K, beers=K")
	fs.IntVar(&opts.Rollouts, "rollouts", opts.Rollouts, "playouts per choice (more: narrower intervals, slower)")
	fs.Uint64Var(&opts.Seed, "seed", opts.Seed, "seed of the roles dealt and the playouts")
	fs.BoolVar(&opts.JSON, "json", false, "print the ranking as one JSON object")
	bindCharactersFile(fs, &opts.CharactersFile)
	opts.fs = fs
	return cmd
}

// runAdvise reads the position, ranks its choices and prints them.
func runAdvise(opts adviseOptions, stdout io.Writer) error {
	if opts.Rollouts < 1 || opts.Rollouts > 100000 {
		return usagef("--rollouts %d: give 1 to 100000", opts.Rollouts)
	}
	switch strings.ToLower(opts.Game) {
	case "dice":
	case "card":
		return runAdviseCard(opts, stdout)
	case "duel":
		return runAdviseDuel(opts, stdout)
	default:
		return usagef("--game %s: give dice, card or duel", opts.Game)
	}
	g, err := adviseGame("dice", opts.CharactersFile)
	if err != nil {
		return err
	}
	pos := opts.Pos
	if opts.File != "" {
		var file dicegame.Position
		if err := decodeYAML(opts.File, &file); err != nil {
			return err
		}
		for _, f := range []struct {
			name string
			set  func()
		}{
			{"seat", func() { file.Seat = pos.Seat }}, {"dice", func() { file.Dice = pos.Dice }},
			{"rerolls", func() { file.Rerolls = pos.Rerolls }}, {"pile", func() { file.Pile = pos.Pile }},
			{"objective", func() { file.Objective = pos.Objective }},
		} {
			if opts.fs.Changed(f.name) {
				f.set()
			}
		}
		pos = file
	}
	if g != nil {
		pos.Set = g.CharacterSet()
	}
	if err := readLists([]flagList{{"life", opts.Life, &pos.Life, nil}, {"arrows", opts.Arrows, &pos.Arrows, nil},
		{"roles", opts.Roles, nil, &pos.Roles}, {"characters", opts.Chars, nil, &pos.Characters}}); err != nil {
		return err
	}
	adv, err := pos.Advise(opts.Rollouts, opts.Seed)
	if err != nil {
		return usagef("%v", err)
	}
	if opts.JSON {
		return writeAdviceJSON(stdout, pos, adv, opts.Rollouts)
	}
	fmt.Fprintf(stdout, "P%d rolling %s with %s left: the choices ranked by the search bot's estimate of your side's chance to win (%d playouts each, 95%% intervals):\n",
		pos.Seat, strings.ToUpper(pos.Dice), lab.Plural(pos.Rerolls, "reroll"), opts.Rollouts)
	for i, h := range adv.Hints {
		fmt.Fprintf(stdout, "%3d. %s\n", i+1, tui.FormatHint(h))
	}
	return writeNext(stdout, "bangsim play", "a game against the bots, with this ranking on the hint key")
}

// adviseGame returns game with the characters of the file at path added (nil when
// path is ""): its CharacterSet is what a position's names are read among.
func adviseGame(game, path string) (*lab.Game, error) {
	if path == "" {
		return nil, nil
	}
	g, err := lab.LookupGame(game)
	if err != nil {
		return nil, asUsage(err)
	}
	return withCharactersFile(g, path)
}

// flagList is a comma-separated list flag read into a position's field.
type flagList struct {
	flag, text string
	ints       *[]int
	strs       *[]string
}

// readLists reads the list flags given (those left empty keep the field as it is).
func readLists(lists []flagList) error {
	for _, l := range lists {
		if l.text == "" {
			continue
		}
		parts := strings.Split(l.text, ",")
		if l.strs != nil {
			*l.strs = parts
			continue
		}
		*l.ints = nil
		for _, p := range parts {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				return usagef("--%s: %q is not a whole number", l.flag, p)
			}
			*l.ints = append(*l.ints, n)
		}
	}
	return nil
}

// decodeYAML reads a position file into dst, refusing unknown keys.
func decodeYAML(file string, dst any) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return usagef("--position: %v", err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(dst); err != nil {
		return usagef("--position %s: %v", file, err)
	}
	return nil
}

// adviceJSON is advise --json's object.
type adviceJSON struct {
	Position dicegame.Position `json:"position"`
	Rollouts int               `json:"rollouts"`
	Choices  []choiceJSON      `json:"choices"`
}

// choiceJSON is one ranked choice: for a reroll, Choice is the mask of dice rerolled
// (bit i: die i+1).
type choiceJSON struct {
	Choice     int      `json:"choice"`
	Label      string   `json:"label"`
	Win        float64  `json:"win"`
	Lo         float64  `json:"lo"`
	Hi         float64  `json:"hi"`
	Exact      *float64 `json:"exact_odds,omitempty"`
	SearchPick bool     `json:"search_pick"`
}

func writeAdviceJSON(w io.Writer, pos dicegame.Position, adv *dicegame.Advice, rollouts int) error {
	out := adviceJSON{Position: pos, Rollouts: rollouts, Choices: []choiceJSON{}}
	for i, h := range adv.Hints {
		c := choiceJSON{Choice: h.Value, Label: h.Label, Win: h.Win, Lo: h.Lo, Hi: h.Hi, SearchPick: h.SearchPick}
		if x := adv.Odds[i]; !math.IsNaN(x) {
			c.Exact = &x
		}
		out.Choices = append(out.Choices, c)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
