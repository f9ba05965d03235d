package league

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
)

// rows parses CSV lines under header into maps by column name, as a reader of the
// files would.
func rows(t *testing.T, header string, b []byte) []map[string]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(append([]byte(header+"\n"), b...))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]map[string]string, 0, len(recs)-1)
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// num reads an integer cell.
func num(t *testing.T, row map[string]string, col string) int64 {
	t.Helper()
	v, err := strconv.ParseInt(row[col], 10, 64)
	if err != nil {
		t.Fatalf("column %s: %q is not an integer (row %v)", col, row[col], row)
	}
	return v
}

// The season's record, checked from its rows alone against a recomputation: each
// player's money after a game is the money before it (StartCash at the first) less the
// price plus the payout; the won, spent, kills and deaths summed from games.csv are the
// standings'; every auction, replayed bid by bid, is legal (the opener bids first,
// each bid raises by whole $100 within the bidder's money, nobody bids after passing,
// the buy is the last bid standing) and its purchases are games.csv's characters and
// prices, each seat taking one; and in matches.csv the winners advance (quarter-final
// winners meet in the semi-finals, semi-final winners in the final, losers for third
// place). Seasons of the test league, and one with withdrawals (forfeits).
func TestSeasonRecord(t *testing.T) {
	l := testLeague(t)
	var results []*Result
	for s := uint64(1); s <= 4; s++ {
		res, err := l.Season(s)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	var ws []Withdrawal
	for p := 0; p < 10; p++ { // ten players leave in their last game: some are in the finals
		ws = append(ws, Withdrawal{Player: p, Game: 15, Turn: p % 2})
	}
	wl, wres := withdrawalSeason(t, ws...)
	for i, res := range results {
		checkRecord(t, l.Config(), uint64(i), res)
	}
	checkRecord(t, wl.Config(), 9, wres)
	forfeits := 0
	for _, m := range wres.Matches {
		if m.Forfeit {
			forfeits++
		}
	}
	// A withdrawn player who keeps a finals seat forfeits; where the rules give the
	// seat to the next-ranked player there are no forfeits to check.
	t.Logf("%d forfeits in the withdrawal season", forfeits)
}

func checkRecord(t *testing.T, cfg Config, season uint64, res *Result) {
	t.Helper()
	games := rows(t, GamesHeader, AppendGames(nil, season, res))
	auctions := rows(t, AuctionsHeader, AppendAuctions(nil, season, res))
	matches := rows(t, MatchesHeader, AppendMatches(nil, season, res))

	// games.csv: money, and the standings summed.
	money := map[int64]int64{}
	won, spent, kills, deaths, played := map[int64]int64{}, map[int64]int64{}, map[int64]int64{}, map[int64]int64{}, map[int64]int64{}
	type buy struct {
		char  string
		price int64
		seat  int64
	}
	bought := map[[2]int64]buy{} // (game, player) -> character and price, from games.csv
	before := map[[2]int64]int64{}
	chars := map[int64][]string{}
	for _, g := range games {
		if g["season"] != strconv.FormatUint(season, 10) {
			t.Fatalf("season %s in season %d's rows", g["season"], season)
		}
		p, game := num(t, g, "player"), num(t, g, "game")
		if _, ok := money[p]; !ok {
			money[p] = cfg.StartCash
		}
		before[[2]int64{game, p}] = money[p]
		price, payout := num(t, g, "price"), num(t, g, "payout")
		money[p] += payout - price
		if got := num(t, g, "money_after"); got != money[p] {
			t.Fatalf("season %d game %d player %d: money_after %d, recomputed %d", season, game, p, got, money[p])
		}
		if (g["alive"] == "true") != (g["fate"] == "alive" || g["fate"] == "alive-of-many") {
			t.Errorf("alive %s with fate %s", g["alive"], g["fate"])
		}
		if g["alive"] == "false" {
			deaths[p]++
		}
		won[p] += payout
		spent[p] += price
		kills[p] += num(t, g, "kills")
		played[p]++
		bought[[2]int64{game, p}] = buy{g["character"], price, num(t, g, "seat")}
		chars[game] = append(chars[game], g["character"])
	}
	for _, st := range res.Standings {
		p := int64(st.Player + 1)
		if won[p] != st.Won || spent[p] != st.Spent || kills[p] != int64(st.Kills) || deaths[p] != int64(st.Deaths) || played[p] != int64(st.Games) {
			t.Errorf("player %d: games.csv sums to won %d spent %d kills %d deaths %d games %d; standings %+v", p, won[p], spent[p], kills[p], deaths[p], played[p], st)
		}
	}

	// auctions.csv, replayed.
	type state struct {
		high             int64
		highPlayer       int64
		out              map[int64]bool
		lots             []string
		auction, opener  int64
		game             int64
		taken            map[int64]bool
		steps, purchases int
	}
	var a *state
	finish := func() {
		if a != nil && len(a.taken) != len(chars[a.game]) {
			t.Errorf("game %d: %d characters taken, %d seats", a.game, len(a.taken), len(chars[a.game]))
		}
	}
	for _, r := range auctions {
		game, auction, step, p := num(t, r, "game"), num(t, r, "auction"), num(t, r, "step"), num(t, r, "player")
		if a == nil || a.game != game {
			finish()
			if a != nil && game <= a.game {
				t.Fatalf("game %d after game %d", game, a.game)
			}
			lots := strings.Split(r["layout"], "|")
			if strings.Join(sorted(lots), "|") != strings.Join(sorted(chars[game]), "|") {
				t.Fatalf("game %d: laid out %v, played %v", game, lots, chars[game])
			}
			a = &state{game: game, lots: lots, taken: map[int64]bool{}}
		}
		if step == 1 {
			if auction != a.auction+1 {
				t.Fatalf("game %d: auction %d after %d", game, auction, a.auction)
			}
			if r["layout"] != strings.Join(a.lots, "|") {
				t.Fatalf("game %d auction %d: layout %s, still laid out %v", game, auction, r["layout"], a.lots)
			}
			a.auction, a.opener, a.high, a.highPlayer, a.out = auction, num(t, r, "opener"), -1, 0, map[int64]bool{}
			if a.opener != p {
				t.Fatalf("game %d auction %d: opened by %d, step 1 by %d", game, auction, a.opener, p)
			}
		} else if auction != a.auction {
			t.Fatalf("game %d: auction %d step %d inside auction %d", game, auction, step, a.auction)
		}
		if a.taken[p] || a.out[p] {
			t.Fatalf("game %d auction %d: player %d acts after taking a character or passing", game, auction, p)
		}
		cash := before[[2]int64{game, p}]
		switch r["action"] {
		case ActionBid:
			amt := num(t, r, "amount")
			if amt <= a.high || amt%BidStep != 0 || amt > cash {
				t.Fatalf("game %d auction %d: player %d bids %d over %d with $%d", game, auction, p, amt, a.high, cash)
			}
			a.high, a.highPlayer = amt, p
		case ActionPass:
			a.out[p] = true
		case ActionForcedPass:
			if cash >= a.high+BidStep {
				t.Fatalf("game %d: player %d with $%d forced to pass at %d", game, p, cash, a.high)
			}
			a.out[p] = true
		case ActionBuy, ActionTakeLast, ActionTakeFree:
			amt := num(t, r, "amount")
			want := bought[[2]int64{game, p}]
			if r["action"] == ActionBuy && (p != a.highPlayer || amt != a.high) {
				t.Fatalf("game %d auction %d: player %d buys for %d, the standing bid is %d by %d", game, auction, p, amt, a.high, a.highPlayer)
			}
			if r["action"] != ActionBuy && amt != 0 {
				t.Fatalf("game %d: %s for %d", game, r["action"], amt)
			}
			if r["character"] != want.char || amt != want.price || num(t, r, "seat") != want.seat {
				t.Fatalf("game %d: player %d takes %s for %d at seat %s; games.csv: %+v", game, p, r["character"], amt, r["seat"], want)
			}
			if r["worth"] == "" {
				t.Fatalf("game %d: a purchase without its worth", game)
			}
			a.taken[p] = true
			for i, c := range a.lots {
				if c == r["character"] {
					a.lots = append(a.lots[:i:i], a.lots[i+1:]...)
					break
				}
			}
		default:
			t.Fatalf("unknown action %q", r["action"])
		}
		if r["action"] != ActionBuy && r["action"] != ActionTakeLast && r["action"] != ActionTakeFree && r["worth"] != "" {
			t.Fatalf("a %s with a worth", r["action"])
		}
	}
	finish()
	if a == nil || a.game != int64(len(res.Games)) {
		t.Fatalf("auctions.csv ends before the season's %d games", len(res.Games))
	}

	// matches.csv: the bracket.
	wins := map[string][]int64{}
	losers := map[string][]int64{}
	for _, m := range matches {
		hi, lo, w := num(t, m, "higher"), num(t, m, "lower"), num(t, m, "winner")
		if num(t, m, "higher_rank") >= num(t, m, "lower_rank") {
			t.Errorf("%v: the better-ranked player is not first", m)
		}
		if w != hi && w != lo {
			t.Fatalf("%v: the winner did not play", m)
		}
		if (m["forfeit"] == "true") != (m["draft_choice"] == "") {
			t.Errorf("%v: a draft choice is made exactly when a duel is played", m)
		}
		l := hi + lo - w
		round := m["round"]
		wins[round] = append(wins[round], w)
		losers[round] = append(losers[round], l)
		var from []int64
		switch round {
		case "semi":
			from = wins["quarter"]
		case "third":
			from = losers["semi"]
		case "final":
			from = wins["semi"]
		}
		if round != "quarter" && len(wins["quarter"]) == 4 {
			for _, q := range []int64{hi, lo} {
				if !contains(from, q) {
					t.Errorf("%s: player %d did not come from the round before (%v)", round, q, from)
				}
			}
		}
	}
	if n := len(matches); n != len(res.Matches) {
		t.Fatalf("%d matches written, %d played", n, len(res.Matches))
	}
	if f := wins["final"]; len(f) == 1 && res.Standings[f[0]-1].Place != 1 {
		t.Errorf("the final's winner %d has place %d", f[0], res.Standings[f[0]-1].Place)
	}
	for _, q := range losers["quarter"] {
		if res.Standings[q-1].Place != 5 {
			t.Errorf("quarter-final loser %d has place %d, want 5 (the rules rank them no further)", q, res.Standings[q-1].Place)
		}
	}
}

func sorted(s []string) []string {
	c := append([]string(nil), s...)
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[j] < c[i] {
				c[i], c[j] = c[j], c[i]
			}
		}
	}
	return c
}

func contains(s []int64, v int64) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
