package league

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// testConfig is the default league with few simulated games for the values: the bids
// are rougher, every rule the same.
func testConfig() Config {
	cfg := DefaultConfig()
	cfg.ValueGames = 1500
	cfg.ValueWorkers = 2
	return withTestBots(cfg)
}

var (
	sharedOnce   sync.Once
	sharedLeague *League
	sharedErr    error
)

// testLeague returns one league for the tests that need no special setup, its values
// measured once.
func testLeague(t testing.TB) *League {
	t.Helper()
	sharedOnce.Do(func() { sharedLeague, sharedErr = NewLeague(testConfig()) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedLeague
}

// dump writes everything a season produced, as text.
func dump(t *testing.T, res *Result) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteStandings(&b, 0, []*Result{res}); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "%v\n%+v\n%+v\n", res.Ranking, res.Matches, res.Awards)
	for _, g := range res.Games {
		fmt.Fprintf(&b, "%+v\n", g)
	}
	return b.Bytes()
}

// ruling L3: a season is reproducible from its seed, byte for byte, and the values it
// bids from do not depend on the number of workers that measured them.
func TestSeasonReproducible(t *testing.T) {
	l := testLeague(t)
	a, err := l.Season(42)
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.Season(42)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dump(t, a), dump(t, b)) {
		t.Fatal("the same seed played two different seasons")
	}
	c, err := l.Season(43)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(dump(t, a), dump(t, c)) {
		t.Error("seeds 42 and 43 played the same season")
	}

	cfg := testConfig()
	cfg.ValueWorkers = 1
	cfg.Values = nil
	one, err := NewLeague(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if *one.Values() != *l.Values() {
		t.Fatal("the values measured on 1 and 2 workers differ")
	}
	d, err := one.Season(42)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dump(t, a), dump(t, d)) {
		t.Error("the season differs with the values measured on 1 worker")
	}
}

// Every rule of the qualifying round, checked over a few seasons: tables of 4 to 7 with
// seat 0 the Sheriff and the rulebook's roles, one character each, prices in $100 steps
// never above the money held, earnings from the score table, the score $2,000 + won −
// spent, at most 15 games, ranked from 12 (L6), the ranking by score, the places and
// the awards among the ranked.
func TestSeasonRules(t *testing.T) {
	l := testLeague(t)
	cfg := l.Config()
	for _, sd := range []uint64{1, 2, 3} {
		res, err := l.Season(sd)
		if err != nil {
			t.Fatal(err)
		}
		checkSeason(t, l, &cfg, res)
	}
}

func checkSeason(t *testing.T, l *League, cfg *Config, res *Result) {
	t.Helper()
	n := cfg.Players
	cash := make([]int64, n)
	for i := range cash {
		cash[i] = cfg.StartCash
	}
	want := make([]Standing, n)
	perMeeting := map[[2]int]int{}
	perRound := map[[3]int]bool{}
	for _, g := range res.Games {
		if g.Players < cfg.MinTable || g.Players > cfg.MaxTable {
			t.Fatalf("game %d has %d players", g.Index, g.Players)
		}
		var roles [bang.NumRoles]int
		var chars [bang.NumCharacters]bool
		for s := 0; s < g.Players; s++ {
			sr := g.Seats[s]
			roles[sr.Role]++
			if chars[sr.Char] || sr.Char >= bang.NumRealCharacters {
				t.Fatalf("game %d: character %s twice or not from the box", g.Index, sr.Char)
			}
			chars[sr.Char] = true
			if sr.Price < 0 || sr.Price%BidStep != 0 || sr.Price > cash[sr.Player] {
				t.Fatalf("game %d: player %d paid %d with %d", g.Index, sr.Player, sr.Price, cash[sr.Player])
			}
			if sr.How != Bought && sr.Price != 0 {
				t.Fatalf("game %d: player %d paid %d for a character not bought", g.Index, sr.Player, sr.Price)
			}
			earned := int64(0)
			if !g.Draw && !sr.Withdrew {
				earned = cfg.Scores.Amount(g.Players, g.Winner, sr.Role, sr.Fate)
			}
			if sr.Earned != earned {
				t.Fatalf("game %d: player %d earned %d, the table says %d", g.Index, sr.Player, sr.Earned, earned)
			}
			if sr.Worth != l.Values().Uplift(g.Players, sr.Role, sr.Char) {
				t.Fatalf("game %d: worth %d is not the simulated uplift", g.Index, sr.Worth)
			}
			k := [3]int{g.Meeting, g.Round, sr.Player}
			if perRound[k] {
				t.Fatalf("player %d at two tables in meeting %d round %d", sr.Player, g.Meeting, g.Round)
			}
			perRound[k] = true
			perMeeting[[2]int{g.Meeting, sr.Player}]++
			cash[sr.Player] += sr.Earned - sr.Price
			w := &want[sr.Player]
			w.Games++
			w.Won += sr.Earned
			w.Spent += sr.Price
			if !sr.Fate.Alive() {
				w.Deaths++
			}
			if sr.KilledBy >= 0 {
				want[g.Seats[sr.KilledBy].Player].Kills++
			}
		}
		if g.Seats[0].Role != bang.Sheriff || roles != bang.RoleCounts(g.Players) {
			t.Fatalf("game %d: roles %v", g.Index, roles)
		}
	}
	for k, c := range perMeeting {
		if c > cfg.GamesPerMeeting {
			t.Fatalf("player %d played %d games at meeting %d", k[1], c, k[0])
		}
	}
	ranked := 0
	for i, s := range res.Standings {
		w := want[i]
		if s.Player != i || s.Games != w.Games || s.Won != w.Won || s.Spent != w.Spent || s.Kills != w.Kills || s.Deaths != w.Deaths {
			t.Fatalf("standing %+v, the games say %+v", s, w)
		}
		if s.Score != cfg.StartCash+s.Won-s.Spent || s.Score != cash[i] {
			t.Fatalf("player %d: score %d, want %d", i, s.Score, cfg.StartCash+s.Won-s.Spent)
		}
		if s.Games > cfg.MaxGames || (s.Rank > 0) != (s.Games >= cfg.MinGames && (!s.Withdrawn || finalsWithdrawal(cfg, i))) {
			t.Fatalf("player %d: %d games, rank %d", i, s.Games, s.Rank)
		}
		if s.Rank > 0 {
			ranked++
		}
	}
	for i, p := range res.Ranking {
		if res.Standings[p].Rank != i+1 || (i > 0 && res.Standings[res.Ranking[i-1]].Score < res.Standings[p].Score) {
			t.Fatalf("ranking %v out of order at %d", res.Ranking, i)
		}
	}
	if ranked != len(res.Ranking) {
		t.Fatalf("%d ranked, ranking of %d", ranked, len(res.Ranking))
	}
	var placed [6]int
	for _, s := range res.Standings {
		placed[s.Place]++
		if s.Place > 0 && (s.Rank == 0 || s.Rank > 8) {
			t.Fatalf("player %d placed %d with rank %d", s.Player, s.Place, s.Rank)
		}
	}
	if ranked >= 8 && placed != [6]int{n - 8, 1, 1, 1, 1, 4} {
		t.Errorf("places %v", placed)
	}
	for _, p := range []int{res.Awards.MostKills, res.Awards.FewestDeaths, res.Awards.MostDeaths} {
		if ranked > 0 && p >= 0 && (res.Standings[p].Rank == 0 || res.Standings[p].Withdrawn) {
			t.Errorf("award to %d, who is not ranked or withdrew", p)
		}
	}
}

// Withdrawal (seed 003): a player who withdraws during a game plays it passive and earns
// $0 and plays no further game; one who withdraws before a game plays none; either leaves
// the league for good: not ranked (even with 12 games), never seated in the finals, no
// award.
func TestSeasonWithdrawal(t *testing.T) {
	// Everyone plays until 15 games, so player 2 reaches game 14.
	wl, res := withdrawalSeason(t, Withdrawal{Player: 0, Game: 2, Turn: 1}, Withdrawal{Player: 1, Game: 1, Turn: 0}, Withdrawal{Player: 2, Game: 14, Turn: 0})
	st := res.Standings
	if st[0].Games != 2 || !st[0].Withdrawn || st[1].Games != 0 || !st[1].Withdrawn {
		t.Fatalf("player 0: %d games, withdrawn %v; player 1: %d games, withdrawn %v; want 2 and 0, both withdrawn",
			st[0].Games, st[0].Withdrawn, st[1].Games, st[1].Withdrawn)
	}
	if st[2].Games != 13 || st[2].Rank != 0 || st[2].Place != 0 || !st[2].Withdrawn {
		t.Fatalf("player 2: %d games, rank %d, place %d; want 13 games, withdrawn, not ranked nor placed (a withdrawn player leaves the league for good)", st[2].Games, st[2].Rank, st[2].Place)
	}
	for _, a := range []int{res.Awards.MostKills, res.Awards.FewestDeaths, res.Awards.MostDeaths} {
		if a >= 0 && a <= 2 {
			t.Errorf("award to withdrawn player %d", a)
		}
	}
	var zero []SeatRecord
	for _, g := range res.Games {
		for s := 0; s < g.Players; s++ {
			if sr := g.Seats[s]; sr.Player == 0 {
				zero = append(zero, sr)
			} else if sr.Withdrew {
				t.Errorf("game %d: player %d withdrew", g.Index, sr.Player)
			}
		}
	}
	if len(zero) != 2 || zero[0].Withdrew || !zero[1].Withdrew || zero[1].Earned != 0 {
		t.Errorf("player 0's games: %+v; want the second played passive for $0", zero)
	}
	for _, m := range res.Matches {
		if m.Higher <= 2 || m.Lower <= 2 || m.Forfeit {
			t.Errorf("a withdrawn player seated in the finals: %+v", m)
		}
	}
	full := wl.Config()
	checkSeason(t, wl, &full, res)
}

// A withdrawal scheduled for a turn the game never reaches (past the turn cap here; or
// the player dies first) is no withdrawal: the player is paid as usual, plays on and is
// not marked withdrawn. The league used to take the schedule for the deed and pay $0.
func TestSeasonWithdrawalNeverReached(t *testing.T) {
	_, res := withdrawalSeason(t, Withdrawal{Player: 0, Game: 2, Turn: 65535})
	if st := res.Standings[0]; st.Withdrawn || st.Games < 3 {
		t.Fatalf("player 0: %d games, withdrawn %v; want every game played and not withdrawn", st.Games, st.Withdrawn)
	}
	paid := 0
	for _, g := range res.Games {
		for s := 0; s < g.Players; s++ {
			sr := g.Seats[s]
			if sr.Withdrew {
				t.Errorf("game %d: player %d marked withdrawn", g.Index, sr.Player)
			}
			if sr.Player == 0 && sr.Earned > 0 {
				paid++
			}
		}
	}
	if paid == 0 {
		t.Error("player 0 never earned anything")
	}
}

// withdrawalSeason plays season 5 of the test league with everyone attending every
// meeting and the withdrawals ws.
func withdrawalSeason(t *testing.T, ws ...Withdrawal) (*League, *Result) {
	t.Helper()
	cfg := testConfig()
	cfg.Values = testLeague(t).Values()
	cfg.Attendance = 100
	cfg.Withdrawals = ws
	wl, err := NewLeague(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := wl.Season(5)
	if err != nil {
		t.Fatal(err)
	}
	return wl, res
}

// Tables take 4 to 7 players, the fewest tables, as even as possible; those who fit no
// table sit the round out.
func TestTableSizes(t *testing.T) {
	for _, c := range []struct{ k, lo, hi, tables, size, extra int }{
		{3, 4, 7, 0, 0, 0}, {4, 4, 7, 1, 4, 0}, {7, 4, 7, 1, 7, 0}, {8, 4, 7, 2, 4, 0},
		{15, 4, 7, 3, 5, 0}, {16, 4, 7, 3, 5, 1}, {20, 4, 7, 3, 6, 2}, {22, 4, 7, 4, 5, 2},
		{7, 5, 5, 1, 5, 0}, {11, 5, 5, 2, 5, 0}, {9, 4, 5, 2, 4, 1},
	} {
		tables, size, extra := tableSizes(c.k, c.lo, c.hi)
		if tables != c.tables || size != c.size || extra != c.extra {
			t.Errorf("%d players, tables of %d-%d: %d tables of %d (+1 at %d), want %d of %d (+%d)", c.k, c.lo, c.hi, tables, size, extra, c.tables, c.size, c.extra)
		}
	}
}

// A season refuses what it cannot play, saying why.
func TestConfigErrors(t *testing.T) {
	l := testLeague(t)
	dollars45, err := Parse("d.tsv", strings.NewReader("!unit $\nplayers winner role condition amount basis\n4-5 law sheriff any 100 assumption\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		set  func(c *Config)
		want string
	}{
		{func(c *Config) { c.Scores = builtin(t, CzechTableName) }, "counts points, not dollars"},
		{func(c *Config) { c.Scores = dollars45 }, "has no rows for 6 players"},
		{func(c *Config) { c.MaxTable = 8 }, "tables of 4 to 8 players"},
		{func(c *Config) { c.Players = 3 }, "3 league players"},
		{func(c *Config) { c.MinGames, c.MaxGames = 19, 20 }, "19 games to be ranked"},
		{func(c *Config) { c.Attendance = 0 }, "attendance 0%"},
		{func(c *Config) { c.CardBot = CardBot{} }, "no card bot resolved"},
		{func(c *Config) { c.Duel = nil }, "no duel for the knock-out matches"},
		{func(c *Config) { c.Bidder = "auctioneer" }, "unknown auction bot \"auctioneer\""},
		{func(c *Config) { c.Withdrawals = []Withdrawal{{Player: 20, Game: 1}} }, "withdrawal of player 21: players are numbered 1 to 20"}, // index 20: the 21st player
		{func(c *Config) { c.Withdrawals = []Withdrawal{{Player: 3, Game: 1}, {Player: 3, Game: 2}} }, "withdraws twice"},
		{func(c *Config) { c.Withdrawals = []Withdrawal{{Player: 3, Game: 16}} }, "plays at most 15 games"},
		{func(c *Config) {
			c.Withdrawals = []Withdrawal{{Player: 3, Game: 1, OneSeason: true, Season: 2}, {Player: 3, Game: 2, OneSeason: true, Season: 2}}
		}, "withdraws twice in season 2"},
		{func(c *Config) {
			c.Withdrawals = []Withdrawal{{Player: 3, Game: 1, OneSeason: true, Season: 2}, {Player: 3, Game: 2}}
		}, "withdraws twice"},
		{func(c *Config) {
			c.Withdrawals = []Withdrawal{{Player: 3, Game: 2}, {Player: 3, Finals: true, OneSeason: true}}
		}, "withdraws twice"},
		{func(c *Config) { c.Withdrawals = []Withdrawal{{Player: 3, Game: 1, OneSeason: true, Season: -1}} }, "seasons are numbered from 0"},
		{func(c *Config) { c.Withdrawals = []Withdrawal{{Player: 3, Game: 1, Finals: true}} }, "a finals withdrawal names no game"},
		{func(c *Config) { c.Values = l.Values(); c.ValueSeed = 2 }, "cached character values were measured under"},
	} {
		cfg := testConfig()
		cfg.ValueGames = 1
		c.set(&cfg)
		_, err := NewLeague(cfg)
		if err == nil || !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an ErrConfig saying %q", err, c.want)
		}
	}
}

// The price tally sums every seat of every game once, merges by addition, and gives
// each character its mean price and the worth recorded beside the prices.
func TestPriceTally(t *testing.T) {
	l := testLeague(t)
	a, err := l.Season(11)
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.Season(12)
	if err != nil {
		t.Fatal(err)
	}
	var both, ta, tb PriceTally
	both.Add(a)
	both.Add(b)
	ta.Add(a)
	tb.Add(b)
	ta.Merge(&tb)
	if ta != both {
		t.Fatal("merged tallies differ from one tally of both seasons")
	}
	var seats, paid, worthSum [bang.NumRealCharacters]int64
	for _, res := range []*Result{a, b} {
		for _, g := range res.Games {
			for s := 0; s < g.Players; s++ {
				sr := g.Seats[s]
				seats[sr.Char]++
				paid[sr.Char] += sr.Price
				worthSum[sr.Char] += sr.Worth
			}
		}
	}
	for _, r := range both.Rows(l.Values()) {
		c := r.Char
		if r.Games != seats[c] || r.PriceSum != paid[c] {
			t.Errorf("%s: %d games, $%d; the seasons say %d, $%d", c, r.Games, r.PriceSum, seats[c], paid[c])
		}
		if seats[c] == 0 {
			continue
		}
		if want := float64(worthSum[c]) / float64(seats[c]); r.Worth < want-1e-6 || r.Worth > want+1e-6 || !(r.WorthLow < r.Worth && r.Worth < r.WorthHigh) {
			t.Errorf("%s: worth %.2f [%.2f, %.2f], the recorded worths average %.2f", c, r.Worth, r.WorthLow, r.WorthHigh, want)
		}
	}
	var out bytes.Buffer
	if err := WritePrices(&out, both.Rows(l.Values())); err != nil || strings.Count(out.String(), "\n") != 17 || !strings.HasPrefix(out.String(), PricesHeader+"\n") {
		t.Errorf("prices.csv: %v\n%s", err, out.String())
	}
}

// finalsWithdrawal reports whether player p withdraws before the finals in cfg (and so
// keeps the rank the qualifying round gave).
func finalsWithdrawal(cfg *Config, p int) bool {
	for _, w := range cfg.Withdrawals {
		if w.Player == p && w.Finals {
			return true
		}
	}
	return false
}
