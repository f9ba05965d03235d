package league

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// The season seed's domains: each kind of draw has its own stream, so that a change in
// one (say, a bot that makes a game longer) moves no other.
const (
	domainGames  = 1 // game k's card-game seed: seed.ForGame(games, k)
	domainLayout = 2 // game k's characters laid out for the auction
	domainDraw   = 3 // attendance and the tables drawn, one stream for the season
	domainDuels  = 4 // knock-out match m's seed
)

// entrant is one player's running record in a season.
type entrant struct {
	Standing
	cash     int64
	withdraw Withdrawal // Game 0: none scheduled
}

// season is one season being played.
type season struct {
	l                              *League
	res                            *Result
	players                        []entrant
	p                              *player
	auc                            Auctioneer
	bidders                        [bang.MaxSeats]Bidder
	draw                           rand.PCG
	gameSeed, layoutSeed, duelSeed uint64
	rules                          card.Rules
}

// Season plays one season from its seed: the qualifying round (meetings, tables drawn
// at random, an auction before each game, the card game, the score table), the ranking,
// the knock-out rounds and the awards. The same league and seed give the same Result,
// byte for byte; seasons share nothing, so several may run at once. It has no season
// number, so only the withdrawals of every season happen in it (SeasonNumber).
func (l *League) Season(seasonSeed uint64) (*Result, error) { return l.SeasonNumber(-1, seasonSeed) }

// SeasonNumber plays season number n (from 0, as in standings.csv) from its seed, as
// Season does, with the withdrawals of every season and those of season n.
func (l *League) SeasonNumber(n int, seasonSeed uint64) (*Result, error) {
	cfg := &l.cfg
	r := &season{
		l:          l,
		res:        &Result{Seed: seasonSeed, Characters: cfg.characters()},
		players:    make([]entrant, cfg.Players),
		p:          newPlayer(l.bot, cfg.Scores.NeedsOrder()),
		gameSeed:   seed.ForGame(seasonSeed, domainGames),
		layoutSeed: seed.ForGame(seasonSeed, domainLayout),
		duelSeed:   seed.ForGame(seasonSeed, domainDuels),
	}
	a, b, _, _ := seed.Streams(seed.ForGame(seasonSeed, domainDraw))
	r.draw.Seed(a, b)
	r.auc.Logging = true // the season's record keeps every auction (GameRecord.Auction)
	bidder := l.bidder.New(l.values)
	for s := range r.bidders {
		r.bidders[s] = bidder
	}
	for i := range r.players {
		r.players[i].Player = i
		r.players[i].cash = cfg.StartCash
	}
	for _, w := range cfg.Withdrawals {
		if w.inSeason(n) {
			r.players[w.Player].withdraw = w
		}
	}
	r.res.Games = make([]GameRecord, 0, cfg.Players*cfg.MaxGames/cfg.MinTable+1)
	if err := r.qualify(); err != nil {
		return nil, err
	}
	r.rank()
	r.withdrawFromFinals()
	r.knockout(r.res)
	r.res.Awards = AwardsOf(r.res.Standings)
	return r.res, nil
}

// qualify plays the qualifying round's meetings.
func (r *season) qualify() error {
	cfg := &r.l.cfg
	attending := make([]int, 0, cfg.Players)
	avail := make([]int, 0, cfg.Players)
	for m := 0; m < cfg.Meetings; m++ {
		attending = attending[:0]
		for i := range r.players {
			if fastrand.UintN(&r.draw, 100) < uint64(cfg.Attendance) {
				attending = append(attending, i)
			}
		}
		for round := 0; round < cfg.GamesPerMeeting; round++ {
			avail = avail[:0]
			for _, i := range attending {
				e := &r.players[i]
				if w := e.withdraw; w.Game > 0 && w.Turn == 0 && e.Games+1 >= w.Game {
					e.Withdrawn = true
				}
				if !e.Withdrawn && e.Games < cfg.MaxGames {
					avail = append(avail, i)
				}
			}
			for i := len(avail) - 1; i > 0; i-- {
				j := int(fastrand.UintN(&r.draw, uint64(i+1)))
				avail[i], avail[j] = avail[j], avail[i]
			}
			tables, size, extra := tableSizes(len(avail), cfg.MinTable, cfg.MaxTable)
			off := 0
			for t := 0; t < tables; t++ {
				n := size
				if t < extra {
					n++
				}
				if err := r.game(avail[off:off+n], m, round, t); err != nil {
					return err
				}
				off += n
			}
		}
	}
	return nil
}

// tableSizes splits k players into the fewest tables of lo to hi players, as evenly as
// possible: tables tables of size players, the first extra of them one more. Players
// who fit no table (fewer than lo, or a remainder no table can take) sit the round out.
func tableSizes(k, lo, hi int) (tables, size, extra int) {
	tables = (k + hi - 1) / hi
	for tables > 0 && tables*lo > k {
		tables--
	}
	if tables == 0 {
		return 0, 0, 0
	}
	seated := min(k, tables*hi)
	return tables, seated / tables, seated % tables
}

// game plays one game at a table whose seats (score-sheet order, seat 0 the Sheriff)
// hold the given players.
func (r *season) game(seats []int, meeting, round, table int) error {
	n := len(seats)
	k := len(r.res.Games)
	gs := seed.ForGame(r.gameSeed, uint64(k))
	rec := GameRecord{Index: k, Meeting: meeting, Round: round, Table: table, Seed: gs, Players: n}

	// The roles are dealt face down before the auction: the engine's own deal from the
	// game's stream (bang.DealRoles, the first thing card.State.Setup draws), read here
	// so that each bidder knows its role; checked against the game below.
	var role [bang.MaxSeats]bang.Role
	var deal rand.PCG
	s1, s2, _, _ := seed.Streams(gs)
	deal.Seed(s1, s2)
	bang.DealRoles(&role, n, &deal)

	var layout [bang.MaxSeats]bang.Character
	r.layout(&layout, n, uint64(k))
	var cash [bang.MaxSeats]int64
	for s, p := range seats {
		cash[s] = r.players[p].cash
	}
	var auc AuctionResult
	r.auc.Run(n, &role, &cash, &layout, &r.bidders, &auc)
	rec.Layout, rec.Auction = layout, cloneMoves(r.auc.Log)

	r.rules = r.l.cfg.tableRules(n)
	r.rules.Deal = card.DealSeats
	if err := r.rules.SetPool(auc.Char[:n]); err != nil {
		return fmt.Errorf("league game %d: %w", k, err)
	}
	if err := r.rules.Validate(); err != nil {
		return fmt.Errorf("league game %d: %w", k, err)
	}
	var passive [bang.MaxSeats]uint16
	for s, p := range seats {
		if w := r.players[p].withdraw; w.Game > 0 && w.Turn > 0 && r.players[p].Games+1 == w.Game {
			passive[s] = uint16(w.Turn)
		}
	}
	rec.Passive = passive
	g := r.p.play(&r.rules, gs, &passive)
	if !sameRoles(&g.Role, &role, n) {
		return fmt.Errorf("league game %d: the card engine dealt the roles %v, not %v as read before the auction; sim/league must follow card.State.Setup's deal", k, g.Role[:n], role[:n])
	}

	rec.Draw, rec.Turns, rec.Illegal = g.Draw, int(g.Turns), int(g.Illegal)+auc.Illegal
	if !g.Draw {
		rec.Winner = sideOf(g)
	}
	for s, pl := range seats {
		e := &r.players[pl]
		sr := &rec.Seats[s]
		*sr = SeatRecord{Player: pl, Role: role[s], Char: auc.Char[s], Price: auc.Price[s], How: auc.How[s],
			Worth: r.l.values.Uplift(n, role[s], auc.Char[s]), Fate: r.p.fate(g, s), KilledBy: -1, Withdrew: g.IsPassive(s)}
		if !sr.Fate.Alive() {
			sr.KilledBy = g.KilledBy[s]
			e.Deaths++
		}
		if !g.Draw && !sr.Withdrew {
			sr.Earned = r.l.cfg.Scores.Amount(n, rec.Winner, role[s], sr.Fate)
		}
		e.Games++
		e.Spent += sr.Price
		e.Won += sr.Earned
		e.cash += sr.Earned - sr.Price
		sr.Cash = e.cash
		if sr.Withdrew {
			e.Withdrawn = true
		}
	}
	for s := range seats {
		if ks := rec.Seats[s].KilledBy; ks >= 0 {
			r.players[seats[ks]].Kills++
		}
	}
	r.res.Games = append(r.res.Games, rec)
	return nil
}

// sameRoles reports whether the first n roles of a and b agree.
func sameRoles(a, b *[bang.MaxSeats]bang.Role, n int) bool {
	for s := 0; s < n; s++ {
		if a[s] != b[s] {
			return false
		}
	}
	return true
}

// layout lays out n of the box's characters (the printed sixteen, then any added, in
// their order) for game k's auction: the Sheriff's shuffle.
func (r *season) layout(out *[bang.MaxSeats]bang.Character, n int, k uint64) {
	var all [bang.MaxCharacters]bang.Character
	box := all[:copy(all[:], r.l.cfg.characters().Box())]
	var rng rand.PCG
	a, b, _, _ := seed.Streams(seed.ForGame(r.layoutSeed, k))
	rng.Seed(a, b)
	for i := 0; i < n; i++ {
		j := i + int(fastrand.UintN(&rng, uint64(len(box)-i)))
		box[i], box[j] = box[j], box[i]
		out[i] = box[i]
	}
}

// rank fills the standings and the ranking: the score is StartCash + won − spent; a
// player with fewer than MinGames games is not ranked (L6), nor is one who withdrew (a
// withdrawn player leaves the league for good, seed 003: the next-ranked player takes
// their place); equal scores are ranked by player number (this project's choice; the
// rules name no tie-break).
func (r *season) rank() {
	cfg := &r.l.cfg
	res := r.res
	res.Standings = make([]Standing, len(r.players))
	for i := range r.players {
		e := &r.players[i]
		e.Score = cfg.StartCash + e.Won - e.Spent
		res.Standings[i] = e.Standing
		if e.Games >= cfg.MinGames && !e.Withdrawn {
			res.Ranking = append(res.Ranking, i)
		}
	}
	sort.SliceStable(res.Ranking, func(a, b int) bool {
		return res.Standings[res.Ranking[a]].Score > res.Standings[res.Ranking[b]].Score
	})
	for i, p := range res.Ranking {
		res.Standings[p].Rank = i + 1
	}
}

// withdrawFromFinals marks the players who withdraw after the qualifying round
// (Withdrawal.Finals): ranked already, they keep their rank and seat and lose their first
// match by forfeit (knockout); the standings say they withdrew.
func (r *season) withdrawFromFinals() {
	for i := range r.players {
		if r.players[i].withdraw.Finals {
			r.res.Standings[i].Withdrawn = true
		}
	}
}
