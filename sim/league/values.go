package league

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// Cell sums one (table size, role, character) over the simulated games: the seats, the
// wins, and the dollars the score table paid them (and their squares, for an interval).
// Cells merge by addition, so any split of the games gives the same sums.
type Cell struct {
	Seats int64
	Wins  int64
	Sum   int64
	SumSq uint64
}

func (c *Cell) add(won bool, amount int64) {
	c.Seats++
	if won {
		c.Wins++
	}
	c.Sum += amount
	c.SumSq += uint64(amount * amount)
}

func (c *Cell) merge(o *Cell) {
	c.Seats += o.Seats
	c.Wins += o.Wins
	c.Sum += o.Sum
	c.SumSq += o.SumSq
}

// Mean returns the mean amount paid (0 for an empty cell).
func (c *Cell) Mean() float64 {
	if c.Seats == 0 {
		return 0
	}
	return float64(c.Sum) / float64(c.Seats)
}

// Half returns the half-width of a 95% normal interval for the mean.
func (c *Cell) Half() float64 {
	if c.Seats < 2 {
		return math.Inf(1)
	}
	n := float64(c.Seats)
	m := c.Mean()
	v := (float64(c.SumSq) - n*m*m) / (n - 1)
	if v < 0 {
		v = 0
	}
	return 1.959963984540054 * math.Sqrt(v/n)
}

// Values is what each character is worth to each role at each table size, measured by
// simulation once per league configuration (NewLeague) and read by every bid of every
// season: the season's bots play Games games per table size with characters dealt at
// random (the rulebook's deal) and the score table pays every seat.
type Values struct {
	// Games is the number of simulated games per table size; Seed seeds them (game i at
	// n players is seed.ForGame(seed.ForGame(Seed, n), i)).
	Games int
	Seed  uint64
	// Key names the configuration the values were measured under (bot, rules, score
	// table, games, seed), so a cached Values is used only where it holds.
	Key string
	// chars is the characters valued (nil: the printed): the cells of its box are filled.
	chars *bang.CharacterSet
	cells [card.MaxPlayers + 1][bang.NumRoles][bang.MaxCharacters]Cell
	roles [card.MaxPlayers + 1][bang.NumRoles]Cell
}

// Characters returns the set whose characters were valued: the league's.
func (v *Values) Characters() *bang.CharacterSet { return orPrinted(v.chars) }

// Cell returns the sums of character c in role r at n players.
func (v *Values) Cell(n int, r bang.Role, c bang.Character) Cell {
	if n < card.MinPlayers || n > card.MaxPlayers || r >= bang.NumRoles || !v.Characters().Has(c) {
		return Cell{}
	}
	return v.cells[n][r][c]
}

// RoleCell returns the sums of role r at n players over every character.
func (v *Values) RoleCell(n int, r bang.Role) Cell {
	if n < card.MinPlayers || n > card.MaxPlayers || r >= bang.NumRoles {
		return Cell{}
	}
	return v.roles[n][r]
}

// Expected returns the mean amount a role-r player with character c earns at n players,
// in whole units rounded half up (integer arithmetic: bids come out the same on every
// platform).
func (v *Values) Expected(n int, r bang.Role, c bang.Character) int64 {
	cell := v.Cell(n, r, c)
	return roundDiv(cell.Sum, cell.Seats)
}

// Uplift returns what character c adds to a role-r player's expected earnings at n
// players over the role's mean across all characters, in whole units: the worth the
// season records beside each price paid.
func (v *Values) Uplift(n int, r bang.Role, c bang.Character) int64 {
	rc := v.RoleCell(n, r)
	return v.Expected(n, r, c) - roundDiv(rc.Sum, rc.Seats)
}

func roundDiv(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	if a >= 0 {
		return (a + b/2) / b
	}
	return -((-a + b/2) / b)
}

// simulateValues measures Values for table sizes lo to hi with the bot, score table,
// turn cap and characters (nil: the printed) given, on workers goroutines (the sums do
// not depend on their number).
func simulateValues(ctx context.Context, bot CardBot, chars *bang.CharacterSet, scores *ScoreTable, maxTurns, lo, hi, games int, valueSeed uint64, workers int, progress func(done, total uint64)) (*Values, error) {
	setup := Config{MaxTurns: maxTurns, Characters: chars}
	v := &Values{Games: games, Seed: valueSeed, chars: chars}
	var played atomic.Uint64
	defer reportProgress(progress, &played, uint64(games)*uint64(hi-lo+1))()
	for n := lo; n <= hi; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rules := setup.tableRules(n)
		if err := rules.Validate(); err != nil {
			return nil, err
		}
		sizeSeed := seed.ForGame(valueSeed, uint64(n))
		parts := make([]Values, workers)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			from, to := games*w/workers, games*(w+1)/workers
			wg.Add(1)
			go func(part *Values) {
				defer wg.Done()
				part.measure(ctx, newPlayer(bot, scores.NeedsOrder()), scores, &rules, sizeSeed, from, to, &played)
			}(&parts[w])
		}
		wg.Wait()
		if err := ctx.Err(); err != nil { // the parts stopped short: no values
			return nil, err
		}
		for w := range parts {
			for r := range v.cells[n] {
				v.roles[n][r].merge(&parts[w].roles[n][r])
				for c := range v.cells[n][r] {
					v.cells[n][r][c].merge(&parts[w].cells[n][r][c])
				}
			}
		}
	}
	return v, nil
}

// measure plays games from to to (exclusive) of one table size into v, stopping early
// (its sums then incomplete) once ctx is done: it is checked every 64 games, well
// under a second however large --value-games is.
func (v *Values) measure(ctx context.Context, p *player, scores *ScoreTable, rules *card.Rules, sizeSeed uint64, from, to int, played *atomic.Uint64) {
	n := int(rules.Players)
	var none [bang.MaxSeats]uint16
	for i := from; i < to; i++ {
		if i%64 == 0 && ctx.Err() != nil {
			return
		}
		played.Add(1)
		g := p.play(rules, seed.ForGame(sizeSeed, uint64(i)), &none)
		var w Side
		if !g.Draw {
			w = sideOf(g)
		}
		for s := 0; s < n; s++ {
			var amount int64
			if !g.Draw {
				amount = scores.Amount(n, w, g.Role[s], p.fate(g, s))
			}
			won := g.Winners>>uint(s)&1 == 1
			v.cells[n][g.Role[s]][g.Char[s]].add(won, amount)
			v.roles[n][g.Role[s]].add(won, amount)
		}
	}
}

// ValueProgressEvery is how often Config.ValueProgress hears how far the value games
// have got.
const ValueProgressEvery = 250 * time.Millisecond

// reportProgress tells progress (nil: nobody) the count of played games out of total
// every ValueProgressEvery from a goroutine of its own; the function it returns stops
// it and reports the count once more, so the calls never overlap.
func reportProgress(progress func(done, total uint64), played *atomic.Uint64, total uint64) (stop func()) {
	if progress == nil {
		return func() {}
	}
	progress(0, total) // the clock starts with the games
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(ValueProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				progress(played.Load(), total)
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
		progress(played.Load(), total)
	}
}
