package league

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// A league of added characters lays them out beside the printed sixteen, values them,
// prices them and plays them with their declared lives: a Tank of 9 life is worth more
// than a Glass of 1 to the buyers and goes for more; the records name both; every game
// an added character sat in plays again alone; and the values' key tells this league
// from the printed one's, so that a cached measurement of one is never used for the
// other.
func TestLeagueAddedCharacters(t *testing.T) {
	set, err := bang.PrintedSet(card.Life, card.Ability).Extend(
		bang.CharacterSpec{Name: "Test Tank", Life: 9}, bang.CharacterSpec{Name: "Test Glass", Life: 1})
	if err != nil {
		t.Fatal(err)
	}
	tank, glass := bang.NumCharacters, bang.NumCharacters+1
	cfg := testConfig()
	cfg.Characters, cfg.ValueGames = set, 3000
	l, err := NewLeague(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if printed := testLeague(t).Values().Key; l.Values().Key == printed || !strings.HasPrefix(l.Values().Key, strings.Replace(printed, "games=1500", "games=3000", 1)+" added=2/") {
		t.Errorf("values key %q beside the printed league's %q: want that one (3000 games) and the added characters", l.Values().Key, printed)
	}

	// The worth: pooled over every table size and role, the Tank earns more.
	mean := func(c bang.Character) float64 {
		var sum, seats int64
		for n := cfg.MinTable; n <= cfg.MaxTable; n++ {
			for r := range bang.NumRoles {
				cell := l.Values().Cell(n, r, c)
				sum, seats = sum+cell.Sum, seats+cell.Seats
			}
		}
		if seats == 0 {
			t.Fatalf("%s was never dealt in the value games", set.Name(c))
		}
		return float64(sum) / float64(seats)
	}
	if mt, mg := mean(tank), mean(glass); mt <= mg {
		t.Errorf("simulated earnings: Test Tank $%.0f, Test Glass $%.0f; want the Tank's higher", mt, mg)
	}

	var tally PriceTally
	sat := map[bang.Character]int{}
	for season := range uint64(3) {
		res, err := l.Season(season + 1)
		if err != nil {
			t.Fatal(err)
		}
		tally.Add(res)
		for gi := range res.Games {
			rec := &res.Games[gi]
			added := false
			for s := range rec.Players {
				if c := rec.Seats[s].Char; c >= bang.NumCharacters {
					sat[c]++
					added = true
				}
			}
			if added && sat[tank]+sat[glass] <= 3 { // a few of them played again alone
				tb, err := l.GameTable(rec)
				if err != nil {
					t.Fatal(err)
				}
				s := seatOf(rec, tank, glass)
				want := set.Life(rec.Seats[s].Char)
				if rec.Seats[s].Role == bang.Sheriff {
					want++
				}
				g := tb.Play(rec.Seed)
				if !SameGame(rec, g) {
					t.Errorf("season %d game %d, with an added character, is another game played again", season, gi+1)
				}
				if int(g.MaxLife[s]) != want && !rec.Seats[s].Withdrew {
					t.Errorf("season %d game %d: %s at seat %d has %d life at most, want %d (declared)", season, gi+1, set.Name(rec.Seats[s].Char), s, g.MaxLife[s], want)
				}
			}
		}
		if season == 0 {
			games := string(AppendGames(nil, season, res))
			if !strings.Contains(games, ",Test Tank,") && !strings.Contains(games, ",Test Glass,") {
				t.Errorf("games.csv of season 0 names no added character:\n%.500s", games)
			}
			if auctions := string(AppendAuctions(nil, season, res)); !strings.Contains(auctions, "Test ") || strings.Contains(auctions, "character #") {
				t.Errorf("auctions.csv of season 0 does not name the added characters by name:\n%.500s", auctions)
			}
		}
	}
	if sat[tank] == 0 || sat[glass] == 0 {
		t.Fatalf("in 3 seasons the Tank sat %d times and the Glass %d: both should be laid out and taken", sat[tank], sat[glass])
	}
	rows := tally.Rows(l.Values())
	if len(rows) != 18 || rows[16].Name != "Test Tank" || rows[17].Name != "Test Glass" || rows[16].Games != int64(sat[tank]) {
		t.Fatalf("price rows: %d, the 17th %+v; want 18, the printed sixteen then Test Tank (taken %d) and Test Glass", len(rows), rows[min(16, len(rows)-1)], sat[tank])
	}
	if rows[16].MeanPrice <= rows[17].MeanPrice || rows[16].Worth <= rows[17].Worth {
		t.Errorf("Test Tank: mean price $%.0f, worth $%.0f; Test Glass: $%.0f, $%.0f; want the Tank dearer and worth more",
			rows[16].MeanPrice, rows[16].Worth, rows[17].MeanPrice, rows[17].Worth)
	}
}

// seatOf returns the first seat of rec holding one of cs.
func seatOf(rec *GameRecord, cs ...bang.Character) int {
	for s := range rec.Players {
		for _, c := range cs {
			if rec.Seats[s].Char == c {
				return s
			}
		}
	}
	return 0
}
