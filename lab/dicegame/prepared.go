package dicegame

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/run"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// prepared is a Choice checked: the rules without a player count, the character deal
// and the bot of each role.
type prepared struct {
	lab.Setup[dice.Policy]
	base dice.Rules
	decl *bang.Declaration
}

// prepare checks a Choice for the game of decl and its rule options; every error is the
// user's.
func prepare(decl *bang.Declaration, options []option, c lab.Choice) (lab.Prepared, error) {
	setup, err := lab.NewSetup(dicebots.Registry, lab.Params(options), c)
	if err != nil {
		return nil, err
	}
	p := &prepared{Setup: setup, decl: decl}
	p.base = dice.DefaultRules(5)
	p.base.SetCharacters(decl.Characters)
	for i, o := range options {
		if err := o.set(&p.base, c.Rules[i]); err != nil {
			return nil, err
		}
	}
	p.base.Deal = c.Characters.Deal
	if err := p.base.SetPool(c.Characters.List); err != nil {
		return nil, err
	}
	return p, nil
}

// rules returns the rules for n players, checked by the engine.
func (p *prepared) rules(n int) (dice.Rules, error) {
	r := p.base
	r.Players = uint8(n)
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("%d players: %w", n, err)
	}
	return r, nil
}

// Check reports whether the game can be played at n players.
func (p *prepared) Check(n int) error {
	_, err := p.rules(n)
	return err
}

// newTable returns a table for rules with fresh policy instances, each role's needs as
// its registry entry declares them: each worker calls it once and owns what it gets.
func (p *prepared) newTable(rules dice.Rules) (*dice.Table, error) {
	byRole, needs := p.Bots.New()
	t, err := dice.NewTable(rules, byRole)
	if err != nil {
		return nil, err
	}
	for r, n := range needs {
		t.RoleNeeds[r] = dice.Needs(n)
	}
	t.NeedsDeclared = true // the registry checked each entry against its policy's interfaces
	return t, nil
}

// counterNames are events.csv's dice-game columns, in order.
var counterNames = []string{
	"dynamite_stops", "gatling_volleys", "indian_attacks",
	"elim_bullseye", "elim_gatling", "elim_indians", "elim_dynamite",
}

// export writes a dice tally in the result files' named form, game lengths included.
func export(t *dice.Tally, d *bang.Declaration, n int) resultfile.Tally {
	counts := []uint64{
		t.DynamiteStops, t.Gatlings, t.Indians,
		t.Eliminations[dice.CauseBullsEye], t.Eliminations[dice.CauseGatling],
		t.Eliminations[dice.CauseIndians], t.Eliminations[dice.CauseDynamite],
	}
	events := make([]resultfile.Counter, len(counts))
	for i, c := range counts {
		events[i] = resultfile.Counter{Name: counterNames[i], Count: c}
	}
	y := lab.ExportWins(&t.WinTally, d, n, events)
	y.Lengths = resultfile.NewLengths(&t.Lengths)
	return y
}

// PlayCount plays one player count's games: each worker owns a table with its own
// policies, and tallies merge in game order.
func (p *prepared) PlayCount(ctx context.Context, cfg run.Config, n int) (lab.Played, error) {
	rules, err := p.rules(n)
	if err != nil {
		return lab.Played{}, err
	}
	if _, err := p.newTable(rules); err != nil {
		return lab.Played{}, err
	}
	newPlayer := func() run.Player[dice.Tally] {
		t, err := p.newTable(rules)
		if err != nil {
			panic(err) // checked above
		}
		return func(tally *dice.Tally, _, gameSeed uint64) {
			tally.Add(t.Play(gameSeed))
		}
	}
	return lab.PlayCount(ctx, cfg, n, newPlayer,
		func(dst, src *dice.Tally) { dst.Merge(src) },
		func(t *dice.Tally) resultfile.Tally { return export(t, p.decl, n) })
}

// Seating returns the constructor of a comparison's seatings.
func (p *prepared) Seating(n int, specs []string) (func() lab.Seating, error) {
	rules, err := p.rules(n)
	if err != nil {
		return nil, err
	}
	return lab.NewSeating(specs, dicebots.Registry, func(ref dicebots.Entry) (*dice.Table, error) {
		var byRole [dice.NumRoles]dice.Policy
		for r := range byRole {
			byRole[r] = ref.New()
		}
		t, err := dice.NewTable(rules, byRole)
		if err != nil {
			return nil, err
		}
		for r := range t.RoleNeeds {
			t.RoleNeeds[r] = dice.Needs(ref.Needs)
		}
		t.NeedsDeclared = true
		return t, nil
	})
}

// Replay plays the game again alone and narrates it on w.
func (p *prepared) Replay(w io.Writer, r lab.ReplayRequest) error {
	_, err := p.replay(w, r)
	return err
}

// replay is Replay returning the finished game, for tests that hold it against a run.
func (p *prepared) replay(w io.Writer, r lab.ReplayRequest) (*dice.State, error) {
	rules, err := p.rules(r.Players)
	if err != nil {
		return nil, err
	}
	t, err := p.newTable(rules)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriter(w)
	info := replayInfo{Seed: r.Seed, Index: r.Index, GameSeed: seed.ForGame(r.Seed, r.Index),
		Bots: p.DescribePolicies(), RulesText: p.RulesText, Rules: p.Rules, Policies: p.PolicyRecord(), Characters: p.decl.Characters}
	if r.Script != nil {
		info.Person, info.Added = &r.Person, r.Added
		t.SetSeat(r.Person, scripted{r.Script}, 0, 0)
	}
	var out narration
	if r.JSON {
		out = &jsonNarration{w: bw}
	} else {
		out = &textNarration{w: bw}
	}
	g, _ := replayGame(t, info, out, r.Decisions)
	if r.Script != nil {
		if err := r.Script.Err(); err != nil {
			return g, err
		}
	}
	if err := out.err(); err != nil {
		return g, err
	}
	return g, bw.Flush()
}

// replayGame plays the game of info on t, narrating it to out, and returns the finished
// game and the replay's own account of the table at the end.
func replayGame(t *dice.Table, info replayInfo, out narration, decisions bool) (*dice.State, *account) {
	n := &narrator{info: info, out: out, table: t, decisions: decisions}
	t.OnEvents = n.events
	t.OnDecision = n.decision
	g := t.Play(info.GameSeed)
	n.end(g)
	return g, &n.acct
}
