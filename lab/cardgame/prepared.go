package cardgame

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/sim/run"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// prepared is a Choice checked: the rules without a player count, the character deal
// and the bot of each role.
type prepared struct {
	lab.Setup[card.Policy]
	base card.Rules
	decl *bang.Declaration // the game's characters (its tallies' rows)
}

// prepare checks a Choice; every error is the user's.
func prepare(decl *bang.Declaration, options []option, c lab.Choice) (lab.Prepared, error) {
	setup, err := lab.NewSetup(cardbots.Registry, lab.Params(options), c)
	if err != nil {
		return nil, err
	}
	p := &prepared{Setup: setup, decl: decl}
	p.base = card.DefaultRules(5)
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
func (p *prepared) rules(n int) (card.Rules, error) {
	r := p.base
	r.Players = uint8(n)
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("%d players: %w", n, err)
	}
	return r, nil
}

// Check reports whether the game can be played at n players: the engine's rules, and
// a deck that can deal the opening hands (checkDeck; the engine itself deals short
// hands from a short deck, which its tests use on purpose).
func (p *prepared) Check(n int) error {
	r, err := p.rules(n)
	if err != nil {
		return err
	}
	return checkDeck(&r, n)
}

// newTable returns a table for rules with fresh bot instances whose needs are as their
// registry entries declare: each worker calls it once and owns what it gets.
func (p *prepared) newTable(rules card.Rules) (*card.Table, error) {
	byRole, needs := p.Bots.New()
	t, err := card.NewTable(rules, byRole)
	if err != nil {
		return nil, err
	}
	for r, n := range needs {
		t.RoleNeeds[r] = card.Needs(n)
	}
	t.NeedsDeclared = true
	return t, nil
}

// PlayCount plays one player count's games: each worker owns a table with its own
// bots, and tallies merge in game order.
func (p *prepared) PlayCount(ctx context.Context, cfg run.Config, n int) (lab.Played, error) {
	rules, err := p.rules(n)
	if err != nil {
		return lab.Played{}, err
	}
	if _, err := p.newTable(rules); err != nil {
		return lab.Played{}, err
	}
	newPlayer := func() run.Player[card.Tally] {
		t, err := p.newTable(rules)
		if err != nil {
			panic(err) // checked above
		}
		return func(tally *card.Tally, _, gameSeed uint64) { tally.Add(t.Play(gameSeed)) }
	}
	return lab.PlayCount(ctx, cfg, n, newPlayer,
		func(dst, src *card.Tally) { dst.Merge(src) },
		func(t *card.Tally) resultfile.Tally { return export(t, p.decl, n) })
}

// export writes a card tally in the result files' named form, game lengths included:
// events.csv's card-game columns, in this order.
func export(t *card.Tally, decl *bang.Declaration, n int) resultfile.Tally {
	var ev []resultfile.Counter
	add := func(name string, v uint64) { ev = append(ev, resultfile.Counter{Name: name, Count: v}) }
	for k := card.Kind(0); k < card.NumKinds; k++ {
		add("played_"+slugUnderscore(k.String()), t.Played[k])
	}
	for _, k := range []card.Kind{card.BANG, card.Missed, card.Beer} {
		add("answered_"+slugUnderscore(k.String()), t.Answered[k])
	}
	add("barrel_draws", t.BarrelDraws)
	add("barrel_successes", t.BarrelSuccesses)
	add("jail_draws", t.JailDraws)
	add("jail_escapes", t.JailEscapes)
	add("dynamite_draws", t.DynamiteDraws)
	add("dynamite_explosions", t.DynamiteExplosions)
	add("reshuffles", t.Reshuffles)
	add("cards_drawn", t.CardsDrawn)
	add("store_picks", t.StorePicks)
	add("sid_heals", t.SidHeals)
	add("suzy_draws", t.SuzyDraws)
	add("bart_draws", t.BartDraws)
	add("gringo_steals", t.GringoSteals)
	add("outlaw_rewards", t.Rewards)
	add("deputy_penalties", t.Penalties)
	add("turns_cut_at_play_cap", t.PlayCaps)
	for c := card.Cause(0); c < card.NumCauses; c++ {
		add("life_lost_"+slugUnderscore(c.String()), t.LifeLost[c])
	}
	for c := card.Cause(0); c < card.NumCauses; c++ {
		add("elim_"+slugUnderscore(c.String()), t.Eliminations[c])
	}
	y := lab.ExportWins(&t.WinTally, decl, n, ev)
	y.Lengths = resultfile.NewLengths(&t.Lengths)
	return y
}

// slugUnderscore writes a name as a CSV column word: "Wells Fargo" → wells_fargo.
func slugUnderscore(s string) string {
	b := []byte(bang.Slugify(s))
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// Seating returns the constructor of a comparison's seatings.
func (p *prepared) Seating(n int, specs []string) (func() lab.Seating, error) {
	rules, err := p.rules(n)
	if err != nil {
		return nil, err
	}
	return lab.NewSeating(specs, cardbots.Registry, func(ref cardbots.Entry) (*card.Table, error) {
		return card.NewTableOf(rules, ref.New, card.Needs(ref.Needs))
	})
}

// Replay plays the game again alone and narrates it on w.
func (p *prepared) Replay(w io.Writer, r lab.ReplayRequest) error {
	_, err := p.replay(w, r)
	return err
}

// replay is Replay returning the finished game, for tests that hold it against a run.
func (p *prepared) replay(w io.Writer, r lab.ReplayRequest) (*card.State, error) {
	rules, err := p.rules(r.Players)
	if err != nil {
		return nil, err
	}
	t, err := p.newTable(rules)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriter(w)
	n := &narrator{w: bw, json: r.JSON, decisions: r.Decisions, table: t,
		head: header{Seed: r.Seed, Index: r.Index, GameSeed: seed.ForGame(r.Seed, r.Index),
			Bots: p.DescribePolicies(), RulesText: p.RulesText, Rules: p.Rules, Policies: p.PolicyRecord(), Characters: p.decl.Characters}}
	if r.Script != nil {
		n.head.Person, n.head.Added = &r.Person, r.Added
		t.SetSeat(r.Person, scripted{r.Script}, 0, 0)
	}
	t.OnEvents = n.events
	t.OnDecision = n.decision
	g := t.Play(n.head.GameSeed)
	n.end(g)
	if r.Script != nil {
		if err := r.Script.Err(); err != nil {
			return g, err
		}
	}
	if n.err != nil {
		return g, n.err
	}
	return g, bw.Flush()
}
