package main

import (
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
)

// gameOptions are the flags run, replay and compare share: which game, seed, bots,
// characters and every game's rule options (made from the games' option tables).
type gameOptions struct {
	Game       string
	Seed       uint64
	Policy     string
	PolicyFor  []string
	Characters string
	FixedSeats bool
	// CharactersFile is --characters-file: characters added to the game's printed ones.
	CharactersFile string
	chosen         *lab.Game            // the game chosen (with the file's characters), once gameFor has read it
	Config         string               // --config: all of the above (and players) in one canonical text
	parsed         *lab.Config          // --config read, once gameFor has checked it
	cmdFlags       *pflag.FlagSet       // where --config (and the command's --players) were bound
	ints           map[string]*int      // the integer rule options, by flag name
	bools          map[string]*bool     // the on/off rule options, by flag name
	texts          map[string]*string   // the text rule options, by flag name
	arrays         map[string]*[]string // the repeatable text rule options (--ability), by flag name
	fs             *pflag.FlagSet       // where they were bound, to tell which the user set
}

// defaultGameOptions returns the default game's rulebook settings with its default bot.
func defaultGameOptions() gameOptions {
	g := defaultGame()
	return gameOptions{Game: g.Name, Seed: 1, Policy: g.DefaultPolicy, Characters: "random"}
}

// defaultGame is the game played when --game is not given.
func defaultGame() *lab.Game {
	g, err := lab.LookupGame("dice")
	if err != nil {
		panic(err)
	}
	return g
}

// bind registers the shared flags on fs with o's values as defaults; every registered
// game's rule options become flags, the default game's first.
func (o *gameOptions) bind(fs *pflag.FlagSet) {
	fs.StringVar(&o.Game, "game", o.Game, "which game: "+strings.Join(lab.Names(), " or "))
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "run seed: game I is played with a seed derived from (seed, I)")
	fs.StringVar(&o.Policy, "policy", o.Policy, "bot for every seat (see 'bangsim policies')")
	fs.StringArrayVar(&o.PolicyFor, "policy-for", nil, "bot for one role, ROLE=NAME (repeatable), e.g. outlaw=random")
	fs.StringVar(&o.Characters, "characters", o.Characters, "random, plain (no ability; 8 life in the dice game, 4 in the card game) or a list NAME,NAME,... dealt at random without repeats")
	fs.BoolVar(&o.FixedSeats, "fixed-seats", false, "give the i-th listed character to seat i (seat 0: the Sheriff, or the Deputy with 3 players)")
	bindCharactersFile(fs, &o.CharactersFile)
	o.ints, o.bools, o.texts, o.fs = map[string]*int{}, map[string]*bool{}, map[string]*string{}, fs
	o.arrays = map[string]*[]string{}
	games := append([]*lab.Game{defaultGame()}, lab.Games()...)
	for _, g := range games {
		for _, p := range g.Rules {
			if fs.Lookup(p.Name) != nil {
				continue
			}
			switch {
			case p.Bool:
				o.bools[p.Name] = fs.Bool(p.Name, p.Default != 0, p.Doc)
			case p.Repeat:
				o.arrays[p.Name] = fs.StringArray(p.Name, nil, p.Doc)
			case p.Text:
				o.texts[p.Name] = fs.String(p.Name, p.DefaultText, p.Doc)
			default:
				o.ints[p.Name] = fs.Int(p.Name, p.Default, p.Doc)
			}
		}
	}
}

// changed reports whether the user set flag name.
func (o *gameOptions) changed(name string) bool {
	return o.fs != nil && o.fs.Changed(name)
}

// ruleValues returns the chosen game's rule values in its table's order: what the
// user set, else the game's default. A rule flag of another game is refused.
func (o *gameOptions) ruleValues(g *lab.Game) ([]lab.Value, error) {
	var names []string
	for name := range o.ints {
		names = append(names, name)
	}
	for name := range o.bools {
		names = append(names, name)
	}
	for name := range o.texts {
		names = append(names, name)
	}
	for name := range o.arrays {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if o.changed(name) && lab.Lookup(g.Rules, name) < 0 {
			return nil, usagef("--%s is not an option of --game %s", name, g.Name)
		}
	}
	vals := lab.Defaults(g.Rules)
	for i, p := range g.Rules {
		if !o.changed(p.Name) {
			continue
		}
		switch {
		case p.Bool:
			vals[i].Int = b2i(*o.bools[p.Name])
		case p.Repeat:
			vals[i].Text = strings.Join(*o.arrays[p.Name], ",")
		case p.Text:
			vals[i].Text = *o.texts[p.Name]
		default:
			vals[i].Int = *o.ints[p.Name]
		}
	}
	return vals, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// gameSetup is gameOptions checked and resolved for some player counts.
type gameSetup struct {
	game     *lab.Game
	prepared lab.Prepared
	choice   lab.Choice // what prepared was prepared from (lab.NewChoice of cfg)
	cfg      lab.Config // the configuration in canonical form, players included
	config   string     // cfg's text (lab.Config.String), as run.json records it
}

// resolve checks the options for the given player counts (nil: parse --players with
// the chosen game's limits first) and prepares the game; every error is a usage error.
func (o *gameOptions) resolve(players []int) (*gameSetup, error) {
	g, err := o.gameFor()
	if err != nil {
		return nil, err
	}
	cfg, err := o.config(g)
	if err != nil {
		return nil, err
	}
	c, err := lab.NewChoice(g, cfg, o.Seed, players)
	if err != nil {
		return nil, asUsage(err)
	}
	p, err := g.Prepare(c)
	if err != nil {
		return nil, asUsage(err)
	}
	for _, n := range players {
		if err := p.Check(n); err != nil {
			return nil, asUsage(err)
		}
	}
	cfg.Players = players
	canon, err := cfg.CanonicalIn(g)
	if err != nil {
		return nil, asUsage(err)
	}
	return &gameSetup{game: g, prepared: p, choice: c, cfg: canon, config: canon.String()}, nil
}

// config returns the configuration the flags (or --config) give for game g: the bot of
// every seat only where --policy is set (else each game's own default bot).
func (o *gameOptions) config(g *lab.Game) (lab.Config, error) {
	if o.parsed != nil {
		return *o.parsed, nil
	}
	cfg := lab.Config{Game: g.Name, PolicyFor: o.PolicyFor, Characters: o.Characters, FixedSeats: o.FixedSeats}
	if o.changed("policy") {
		cfg.Policy = o.Policy
	}
	var err error
	if cfg.Rules, err = o.ruleValues(g); err != nil {
		return lab.Config{}, err
	}
	return cfg, nil
}

// gameFor returns the game --game names, for parsing --players within its limits.
func (o *gameOptions) gameFor() (*lab.Game, error) {
	if o.chosen != nil {
		return o.chosen, nil
	}
	var g *lab.Game
	var err error
	if o.Config != "" {
		g, err = o.parseConfig() // the file's characters added, for the text to name them
	} else if g, err = lab.LookupGame(o.Game); err == nil {
		g, err = withCharactersFile(g, o.CharactersFile)
	}
	if err != nil {
		return nil, asUsage(err)
	}
	o.chosen = g
	return g, nil
}

// bindCharactersFile registers --characters-file, the same in every command that takes
// characters.
func bindCharactersFile(fs *pflag.FlagSet, path *string) {
	fs.StringVar(path, "characters-file", "", "add the characters a YAML file defines (name, life, powers) to the game's printed ones (see 'bangsim characters --primitives')")
}

// withCharactersFile returns g playing the characters of the file at path (g itself
// when path is ""); a mistake in the file is a usage error, one line naming its line.
func withCharactersFile(g *lab.Game, path string) (*lab.Game, error) {
	if path == "" {
		return g, nil
	}
	out, _, err := lab.ReadCharacterFile(path, g)
	if err != nil {
		return nil, asUsage(err)
	}
	return out, nil
}

// describeRecordPolicies names the bots of a run record in a few words.
func describeRecordPolicies(def string, byRole map[string]string) string {
	s := "policy " + def
	for _, role := range []string{"Sheriff", "Deputy", "Outlaw", "Renegade"} {
		if p := byRole[role]; p != "" && p != def {
			s += ", " + role + " " + p
		}
	}
	return s
}

// bindConfig registers --config, for the commands that take a whole configuration in
// its canonical text (lab.Config) instead of the separate flags.
func (o *gameOptions) bindConfig(fs *pflag.FlagSet) {
	o.cmdFlags = fs
	fs.StringVar(&o.Config, "config", "", `the game, players, bots, characters and rules in one text instead of their flags, e.g. "card(players=4-6,policy=heuristic(beer_below=3),characters=plain)"`)
}

// parseConfig reads --config, refusing it beside any flag it replaces, and returns its
// game.
func (o *gameOptions) parseConfig() (*lab.Game, error) {
	names := []string{"game", "policy", "policy-for", "characters", "fixed-seats"}
	for name := range o.ints {
		names = append(names, name)
	}
	for name := range o.bools {
		names = append(names, name)
	}
	for name := range o.texts {
		names = append(names, name)
	}
	for name := range o.arrays {
		names = append(names, name)
	}
	slices.Sort(names[5:])
	for _, name := range names {
		if o.changed(name) {
			return nil, usagef("--config and --%s both set the configuration; give the %s inside --config or leave --config out", name, name)
		}
	}
	var fileErr error
	c, g, err := lab.ParseConfigWith(o.Config, func(g *lab.Game) (*lab.Game, error) {
		g, fileErr = withCharactersFile(g, o.CharactersFile)
		return g, fileErr
	})
	if fileErr != nil {
		return nil, fileErr
	}
	if err != nil {
		return nil, usagef("--config: %s", err)
	}
	o.parsed = &c
	return g, nil
}

// players returns the player counts: those --config names (then --players may not be
// set too), else --players read for g.
func (o *gameOptions) players(flag string, g *lab.Game) ([]int, error) {
	if o.parsed != nil && o.parsed.Players != nil {
		if o.cmdFlags != nil && o.cmdFlags.Changed("players") {
			return nil, usagef("--config names the players (%s) and so does --players; give them in one place", o.Config)
		}
		return o.parsed.Players, nil
	}
	return parsePlayers(flag, g)
}
