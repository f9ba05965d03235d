package cardgame

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/league"
)

// ErrLeagueReplay is matched (errors.Is) by a replay request that names no game or
// match of the season: a usage error, whose message says what the season has.
var ErrLeagueReplay = errors.New("no such league game or match")

// replayError is an ErrLeagueReplay whose message is the sentence the user reads.
type replayError string

func (e replayError) Error() string        { return string(e) }
func (e replayError) Is(target error) bool { return target == ErrLeagueReplay }

func noSuch(format string, a ...any) error { return replayError(fmt.Sprintf(format, a...)) }

// LeagueReplay names one qualifying game or one knock-out match of a league run, as
// the run's files number them.
type LeagueReplay struct {
	Seed   uint64 // the run's seed (bangsim league --seed)
	Season uint64 // from 0, as standings.csv and the record number seasons
	// Game is the season's game, from 1, as games.csv and auctions.csv number it; 0:
	// replay Match instead.
	Game int
	// Match is a round as matches.csv names it (quarter, semi, third, final) with, for
	// the quarter- and semi-finals, which of them from 1 in the order played: quarter-2.
	Match     string
	Decisions bool // also show every decision of the card game, with its options
}

// ReplayLeague plays season r.Season of l again (its seed is seed.ForGame(r.Seed,
// r.Season), as PlaySeasons plays it) and narrates one game of it: the auction step by
// step, then the card game turn by turn, then the payouts; or one knock-out match: the
// long duel's draft, stacks and decisions. The game is played again alone and checked
// against the season's record of it.
func ReplayLeague(w io.Writer, l *league.League, r LeagueReplay) error {
	ss := seed.ForGame(r.Seed, r.Season)
	res, err := l.SeasonNumber(int(r.Season), ss)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if r.Game > 0 {
		err = replayLeagueGame(bw, l, res, r, ss)
	} else {
		err = replayLeagueMatch(bw, l, res, r, ss)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// replayLeagueGame narrates game r.Game of the season res.
func replayLeagueGame(w io.Writer, l *league.League, res *league.Result, r LeagueReplay, ss uint64) error {
	if r.Game > len(res.Games) {
		return noSuch("--game-index %d: season %d of seed %d has %d games (1 to %d)", r.Game, r.Season, r.Seed, len(res.Games), len(res.Games))
	}
	rec := &res.Games[r.Game-1]
	n := rec.Players
	set := l.Characters()
	fmt.Fprintf(w, "League season %d of the run with seed %d (season seed %d), game %d: meeting %d, table %d, %d players (game seed %#x)\n",
		r.Season, r.Seed, ss, r.Game, rec.Meeting+1, rec.Table+1, n, rec.Seed)
	fmt.Fprintf(w, "Seats in score-sheet order (P0 the Sheriff), roles dealt face down, money before the game:\n")
	for s := 0; s < n; s++ {
		sr := &rec.Seats[s]
		fmt.Fprintf(w, "  P%d: player %d, %s, $%d\n", s, sr.Player+1, sr.Role, sr.Cash+sr.Price-sr.Earned)
	}
	fmt.Fprintf(w, "\nThe auction (characters laid out: %s)\n", charListIn(set, rec.Layout[:n]))
	auction := 0
	for _, m := range rec.Auction {
		who := fmt.Sprintf("P%d (player %d)", m.Seat, rec.Seats[m.Seat].Player+1)
		switch m.Kind {
		case league.MoveOpen:
			auction++
			fmt.Fprintf(w, "auction %d: %s opens %s at $%d\n", auction, who, set.Name(m.Char), m.Amount)
		case league.MoveRaise:
			fmt.Fprintf(w, "  %s raises to $%d\n", who, m.Amount)
		case league.MovePass:
			if m.Forced {
				fmt.Fprintf(w, "  %s must pass (cannot cover the next $%d)\n", who, league.BidStep)
			} else {
				fmt.Fprintf(w, "  %s passes\n", who)
			}
		case league.MoveWin:
			fmt.Fprintf(w, "  %s buys %s for $%d (worth %s to this %s)\n", who, set.Name(m.Char), m.Amount, dollars(rec.Seats[m.Seat].Worth), rec.Seats[m.Seat].Role)
		case league.MoveLast:
			auction++
			fmt.Fprintf(w, "auction %d: %s, the last without a character, takes %s for $0 (worth %s)\n", auction, who, set.Name(m.Char), dollars(rec.Seats[m.Seat].Worth))
		case league.MoveChoose:
			auction++
			fmt.Fprintf(w, "auction %d: %s, with $0, chooses %s for $0 (worth %s)\n", auction, who, set.Name(m.Char), dollars(rec.Seats[m.Seat].Worth))
		}
	}
	fmt.Fprintln(w)

	t, err := l.GameTable(rec)
	if err != nil {
		return err
	}
	nar := &narrator{w: w, decisions: r.Decisions, table: t, head: header{Seed: ss, Index: uint64(r.Game - 1), GameSeed: rec.Seed, Characters: set,
		Bots:      "policy " + l.Config().Bot + " at every seat",
		RulesText: fmt.Sprintf("the base card game, %d players, each seat's character from the auction, turn cap %d", n, l.Config().MaxTurns),
		Title:     fmt.Sprintf("The game (game seed %#x), %d players", rec.Seed, n)}}
	t.OnEvents = nar.events
	t.OnDecision = nar.decision
	g := t.Play(rec.Seed)
	nar.end(g)
	if nar.err != nil {
		return nar.err
	}
	if !league.SameGame(rec, g) {
		return fmt.Errorf("league game %d of season %d played again is not the season's game (a bug: the replay must set the game up as the season did)", r.Game, r.Season)
	}
	fmt.Fprintf(w, "\nPayouts (score table %s):\n", l.Config().Scores.Name)
	for s := 0; s < n; s++ {
		sr := &rec.Seats[s]
		fmt.Fprintf(w, "  P%d, player %d: %s, paid $%d, earned $%d, money after the game $%d\n", s, sr.Player+1, sr.Fate, sr.Price, sr.Earned, sr.Cash)
	}
	return nil
}

// replayLeagueMatch narrates knock-out match r.Match of the season res.
func replayLeagueMatch(w io.Writer, l *league.League, res *league.Result, r LeagueReplay, ss uint64) error {
	round, nth, ok := strings.Cut(r.Match, "-")
	k := 1
	if ok {
		v, err := strconv.Atoi(nth)
		if err != nil || v < 1 {
			return noSuch("--match %q: want a round (quarter, semi, third, final), for the first two rounds with a number from 1: quarter-2", r.Match)
		}
		k = v
	}
	var played []string
	var m *league.MatchResult
	seen := map[string]int{}
	for i := range res.Matches {
		mr := &res.Matches[i]
		seen[mr.Round.Short()]++
		name := mr.Round.Short()
		if mr.Round == league.QuarterFinal || mr.Round == league.SemiFinal {
			name = fmt.Sprintf("%s-%d", name, seen[name])
		}
		played = append(played, name)
		if mr.Round.Short() == round && seen[round] == k {
			m = mr
		}
	}
	if m == nil {
		return noSuch("--match %s: season %d of seed %d played no such match (it played %s)", r.Match, r.Season, r.Seed, strings.Join(played, ", "))
	}
	fmt.Fprintf(w, "League season %d of the run with seed %d (season seed %d), %s: player %d (rank %d) against player %d (rank %d)\n",
		r.Season, r.Seed, ss, m.Round, m.Higher+1, m.HigherRank, m.Lower+1, m.LowerRank)
	play, draft, longDuel := l.DuelBots()
	switch {
	case m.Forfeit:
		fmt.Fprintf(w, "no duel: a withdrawn player forfeits; player %d goes through\n", m.Winner+1)
		return nil
	case !longDuel:
		fmt.Fprintf(w, "no duel to replay: this league decides its matches otherwise (--finals coin); player %d goes through\n", m.Winner+1)
		return nil
	}
	spec := leagueDuelSpec(play, draft, l.Config().Characters)
	title := fmt.Sprintf("Long duel (duel seed %d): seat 0 is player %d, seat 1 player %d; both play %s, drafts %s", m.Seed, m.Higher+1, m.Lower+1, play, draft)
	if err := spec.ReplaySeed(w, m.Seed, title, DuelReplay{}); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "player %d goes through\n", m.Winner+1)
	return err
}

// dollars writes an amount of money: $229, -$28.
func dollars(v int64) string {
	if v < 0 {
		return fmt.Sprintf("-$%d", -v)
	}
	return fmt.Sprintf("$%d", v)
}
