package league

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// The league rulings the engine once read past (issue 29): withdrawal, "among the last
// three", "lost the final duel", a withdrawal in one season, prices.csv's counts.

// rankedSeason ranks and plays the knock-out and awards of a season whose qualifying
// round is given as entrants (scores from won, all with 12 games unless games says),
// the better-ranked winning every duel.
func rankedSeason(es []entrant) *season {
	r := &season{l: &League{cfg: Config{MinGames: 12, StartCash: 2000, Duel: higherWins}}, res: &Result{}, players: es, duelSeed: 7}
	for i := range r.players {
		r.players[i].Player = i
		if r.players[i].Games == 0 {
			r.players[i].Games = 12
		}
	}
	r.rank()
	r.withdrawFromFinals()
	r.knockout(r.res)
	r.res.Awards = AwardsOf(r.res.Standings)
	return r
}

// seed 003, "Rezygnacja": a player withdrawn in the qualifying round leaves the league for
// good: not ranked, no finals seat, no award, though their score would have been the
// best and their kills and deaths the most; the next-ranked player (the 9th best score)
// takes the eighth seat.
func TestWithdrawnNotRankedSeatedOrAwarded(t *testing.T) {
	es := make([]entrant, 10)
	for i := range es {
		es[i].Won = int64(1000 * (10 - i)) // player 0 best, player 9 worst
		es[i].Kills, es[i].Deaths = 1, 3
	}
	es[0].Withdrawn = true
	es[0].Kills, es[0].Deaths = 9, 9
	es[5].Deaths = 0 // fewest deaths among the others
	r := rankedSeason(es)
	st := r.res.Standings
	if st[0].Rank != 0 || st[0].Place != 0 || !st[0].Withdrawn {
		t.Errorf("withdrawn player 0: rank %d, place %d, withdrawn %v; want 0, 0, true", st[0].Rank, st[0].Place, st[0].Withdrawn)
	}
	if got := fmt.Sprint(r.res.Ranking); got != "[1 2 3 4 5 6 7 8 9]" {
		t.Errorf("ranking %s, want players 1 to 9 (the withdrawn player 0 left out)", got)
	}
	if st[8].Rank != 8 || st[8].Place != 5 {
		t.Errorf("player 8, the 9th score: rank %d, place %d; want the 8th seat (rank 8) and a quarter-final lost (5)", st[8].Rank, st[8].Place)
	}
	if st[9].Place != 0 {
		t.Errorf("player 9, the 10th score, placed %d", st[9].Place)
	}
	for _, m := range r.res.Matches {
		if m.Higher == 0 || m.Lower == 0 || m.Forfeit {
			t.Errorf("withdrawn player 0 seated in the finals: %+v", m)
		}
	}
	// Most kills: the others tie on 1, the richest (player 1) has it; most deaths: the
	// poorest (player 9); fewest deaths: player 5.
	if want := (Awards{MostKills: 1, FewestDeaths: 5, MostDeaths: 9}); r.res.Awards != want {
		t.Errorf("awards %+v, want %+v (none to the withdrawn player 0)", r.res.Awards, want)
	}
}

// seed 003: "withdrawing before or during a duel loses it". A player who withdraws after
// the qualifying round (Withdrawal.Finals) keeps the rank and seat the round gave them,
// loses their first match by forfeit, and wins no award: it passes to the next in line.
func TestWithdrawBeforeFinals(t *testing.T) {
	es := make([]entrant, 8)
	for i := range es {
		es[i].Won = int64(1000 * (8 - i))
		es[i].Deaths = 2
	}
	es[1].withdraw = Withdrawal{Player: 1, Finals: true}
	es[1].Kills, es[1].Deaths = 5, 0
	es[3].Kills = 1
	r := rankedSeason(es)
	st := r.res.Standings
	if st[1].Rank != 2 || !st[1].Withdrawn || st[1].Place != 5 {
		t.Errorf("player 1: rank %d, withdrawn %v, place %d; want rank 2, withdrawn, a quarter-final lost (5)", st[1].Rank, st[1].Withdrawn, st[1].Place)
	}
	forfeits := 0
	for _, m := range r.res.Matches {
		if m.Forfeit {
			forfeits++
			if m.Round != QuarterFinal || m.Higher != 1 || m.Winner != 6 {
				t.Errorf("forfeit %+v, want player 1's quarter-final won by player 6", m)
			}
		}
	}
	if forfeits != 1 {
		t.Errorf("%d forfeits, want 1", forfeits)
	}
	// Kills: player 3 (1) behind the withdrawn 1 (5); fewest deaths: all 2 but player 1
	// (0), the richest of the rest, player 0; most deaths: the poorest, player 7.
	if want := (Awards{MostKills: 3, FewestDeaths: 0, MostDeaths: 7}); r.res.Awards != want {
		t.Errorf("awards %+v, want %+v (none to the withdrawn player 1)", r.res.Awards, want)
	}
}

// fates plays a constructed game record: n seats, the eliminations in order, and
// returns each seat's fate as the league reads it, with the traced recorder.
func fates(n int, order ...int) [bang.MaxSeats]Fate {
	p := &player{rec: recorder{alive: uint8(n)}}
	g := &card.State{}
	g.Alive = uint8(1<<n - 1)
	var ev []card.Event
	for _, s := range order {
		ev = append(ev, card.Event{Kind: card.EvEliminate, Seat: int8(s)})
		g.Alive &^= 1 << s
	}
	p.rec.events(ev)
	var out [bang.MaxSeats]Fate
	for s := 0; s < n; s++ {
		out[s] = p.fate(g, s)
	}
	return out
}

// ruling: "among the last three" (L1a) is eliminated, or surviving, when at most three
// players were alive. Seats 0 Sheriff, 1 Deputy, 2-3 Outlaws, 4 Renegade (5 players), a
// table paying an Outlaw 7 among the last three, 1 otherwise, when the Outlaws won. The
// survivors of a game that ended with four alive are not among the last three; those of
// one that ended with two are.
func TestAmongTheLastThree(t *testing.T) {
	tb, err := Parse("t.tsv", strings.NewReader("!unit $\nplayers winner role condition amount basis\n"+
		"5 outlaws outlaw last-three 7 known\n5 outlaws outlaw any 1 known\n5 renegade deputy last-three 2 known\n"))
	if err != nil {
		t.Fatal(err)
	}
	pay := func(f [bang.MaxSeats]Fate, w Side, s int, r bang.Role) int64 { return tb.Amount(5, w, r, f[s]) }
	// The Sheriff dies first, four alive at the end: the Outlaws won, neither among the
	// last three.
	f := fates(5, 0)
	if f[2] != FateAliveMany || pay(f, SideOutlaws, 2, bang.Outlaw) != 1 || pay(f, SideOutlaws, 3, bang.Outlaw) != 1 {
		t.Errorf("four alive at the end: outlaw fate %s pays %d, want alive-of-many paying 1", f[2], pay(f, SideOutlaws, 2, bang.Outlaw))
	}
	// The Deputy and the Renegade die, then the Sheriff with three alive: both Outlaws
	// survive among the last three.
	f = fates(5, 1, 4, 0)
	if f[2] != FateAlive || pay(f, SideOutlaws, 2, bang.Outlaw) != 7 || pay(f, SideOutlaws, 3, bang.Outlaw) != 7 || f[0] != FateLastThree {
		t.Errorf("two alive at the end: outlaw fate %s pays %d, want alive paying 7; sheriff %s", f[2], pay(f, SideOutlaws, 2, bang.Outlaw), f[0])
	}
	// L1a: the Renegade won; the Deputy died with three alive (2 points), or with five
	// (nothing).
	if f = fates(5, 2, 3, 1, 0); pay(f, SideRenegade, 1, bang.Deputy) != 2 {
		t.Errorf("deputy dead with three alive: %s pays %d, want 2", f[1], pay(f, SideRenegade, 1, bang.Deputy))
	}
	if f = fates(5, 1, 2, 3, 0); pay(f, SideRenegade, 1, bang.Deputy) != 0 || f[1] != FateEarlier {
		t.Errorf("deputy dead first: %s pays %d, want earlier, 0", f[1], pay(f, SideRenegade, 1, bang.Deputy))
	}
}

// ruling: "lost the final duel" (L1a) is dying in the last two-player exchange of the
// game. 4 players, L1a's points: seats 0 Sheriff, 1-2 Outlaws, 3 Renegade; the Law won.
// The Renegade who dies one-on-one against the Sheriff gets 16; one who dies while an
// Outlaw still lives gets 0 (the Outlaw then loses the final duel); so does the Sheriff
// who loses it to the Renegade, for 4 when the Renegade wins.
func TestLostTheFinalDuel(t *testing.T) {
	cz := builtin(t, CzechTableName)
	f := fates(4, 1, 2, 3)
	if f[3] != FateFinalDuel || cz.Amount(4, SideLaw, bang.Renegade, f[3]) != 16 {
		t.Errorf("renegade last against the sheriff: %s pays %d, want final-duel, 16", f[3], cz.Amount(4, SideLaw, bang.Renegade, f[3]))
	}
	f = fates(4, 1, 3, 2)
	if f[3] != FateLastThree || cz.Amount(4, SideLaw, bang.Renegade, f[3]) != 0 || f[2] != FateFinalDuel {
		t.Errorf("renegade dead with an outlaw alive: %s pays %d, want last-three, 0; outlaw %s", f[3], cz.Amount(4, SideLaw, bang.Renegade, f[3]), f[2])
	}
	f = fates(4, 1, 2, 0)
	if f[0] != FateFinalDuel || cz.Amount(4, SideRenegade, bang.Sheriff, f[0]) != 4 || !f[3].Alive() {
		t.Errorf("sheriff dead against the renegade: %s pays %d, want final-duel, 4", f[0], cz.Amount(4, SideRenegade, bang.Sheriff, f[0]))
	}
}

// --withdraw with a season: a withdrawal limited to one season (OneSeason) happens in
// that season number only, and in no season played without a number.
func TestWithdrawalInOneSeason(t *testing.T) {
	cfg := testConfig()
	cfg.Values = testLeague(t).Values()
	cfg.Attendance = 100
	cfg.Withdrawals = []Withdrawal{{Player: 1, Game: 1, OneSeason: true, Season: 3}}
	wl, err := NewLeague(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Withdrawals = nil
	plain, err := NewLeague(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n         int
		withdrawn bool
	}{{3, true}, {2, false}, {-1, false}} {
		res, err := wl.SeasonNumber(c.n, 5)
		if err != nil {
			t.Fatal(err)
		}
		if st := res.Standings[1]; st.Withdrawn != c.withdrawn || (st.Games == 0) != c.withdrawn {
			t.Errorf("season %d: player 1 withdrawn %v after %d games, want withdrawn %v", c.n, st.Withdrawn, st.Games, c.withdrawn)
		}
		if !c.withdrawn { // no withdrawal: the season of a league without any
			base, err := plain.Season(5)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dump(t, res), dump(t, base)) {
				t.Errorf("season %d differs from the same season without withdrawals", c.n)
			}
		}
	}
}

// prices.csv says which count includes the characters taken for $0: taken counts every
// take, paid those for more than $0, free the $0 ones (a $0 bid won, the last character,
// a player with no money), and mean_price is over taken.
func TestPricesCounts(t *testing.T) {
	g := GameRecord{Players: 4}
	g.Seats[0] = SeatRecord{Char: bang.Character(0), Price: 300, How: Bought}
	g.Seats[1] = SeatRecord{Char: bang.Character(0), Price: 0, How: Bought} // a $0 bid won
	g.Seats[2] = SeatRecord{Char: bang.Character(0), Price: 0, How: Last}
	g.Seats[3] = SeatRecord{Char: bang.Character(1), Price: 0, How: Chose}
	var p PriceTally
	p.Add(&Result{Games: []GameRecord{g}})
	rows := p.Rows(testLeague(t).Values())
	if r := rows[0]; r.Games != 3 || r.Paid != 1 || r.Free != 2 || r.MeanPrice != 100 {
		t.Errorf("%s: taken %d, paid %d, free %d, mean $%.2f; want 3, 1, 2, $100", r.Char, r.Games, r.Paid, r.Free, r.MeanPrice)
	}
	var b bytes.Buffer
	if err := WritePrices(&b, rows); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if lines[0] != "character,taken,paid,free,mean_price,worth,ci_low,ci_high" || !strings.HasPrefix(lines[1], bang.Character(0).String()+",3,1,2,100.00,") ||
		!strings.HasPrefix(lines[2], bang.Character(1).String()+",1,0,1,0.00,") {
		t.Errorf("prices.csv:\n%s", b.String())
	}
}

// seed 003, "przed lub w trakcie pojedynku": in a whole season, a player who withdraws
// before the finals changes no qualifying game and no rank; they forfeit their first
// match without a duel, win no award, and every other player's record is the same.
func TestSeasonWithdrawBeforeFinals(t *testing.T) {
	_, plain := withdrawalSeason(t)
	if len(plain.Ranking) < 8 {
		t.Fatalf("%d ranked players; the test wants a full bracket", len(plain.Ranking))
	}
	top := plain.Ranking[0]
	_, res := withdrawalSeason(t, Withdrawal{Player: top, Finals: true})
	if fmt.Sprint(res.Ranking) != fmt.Sprint(plain.Ranking) || len(res.Games) != len(plain.Games) {
		t.Fatalf("ranking %v, %d games; without the withdrawal %v, %d", res.Ranking, len(res.Games), plain.Ranking, len(plain.Games))
	}
	for i := range res.Games {
		if fmt.Sprint(res.Games[i]) != fmt.Sprint(plain.Games[i]) {
			t.Fatalf("game %d differs", i)
		}
	}
	st := res.Standings[top]
	if !st.Withdrawn || st.Rank != 1 || st.Place != 5 {
		t.Errorf("player %d: withdrawn %v, rank %d, place %d; want withdrawn, rank 1, a quarter-final lost (5)", top, st.Withdrawn, st.Rank, st.Place)
	}
	m := res.Matches[0]
	if m.Round != QuarterFinal || m.Higher != top || !m.Forfeit || m.Winner != m.Lower {
		t.Errorf("first match %+v, want player %d's quarter-final lost by forfeit", m, top)
	}
	for _, a := range []int{res.Awards.MostKills, res.Awards.FewestDeaths, res.Awards.MostDeaths} {
		if a == top {
			t.Errorf("award to player %d, who withdrew", top)
		}
	}
}
