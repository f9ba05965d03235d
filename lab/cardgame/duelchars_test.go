package cardgame

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
)

// Every duel play bot with every draft bot plays duels whose draft lays out added
// characters (a box of 19) to the end without an illegal choice: no bot reads a table
// sized to the printed characters (the heuristic's placement reads card.DuelValue).
func TestDuelBotsPlayAddedCharacters(t *testing.T) {
	g, err := DuelWithCharacters(bang.CharacterSpec{Name: "Added One", Life: 3}, bang.CharacterSpec{Name: "Added Two", Life: 5}, bang.CharacterSpec{Name: "Added Three", Life: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range DuelPlayBots() {
		for _, dr := range DuelDraftBots() {
			s := DuelSpec{Bots: [2]string{b, "heuristic"}, Drafts: [2]string{dr, "random"}, Game: g}
			if err := s.SetRules(nil); err != nil {
				t.Fatal(err)
			}
			d, err := s.NewDuel()
			if err != nil {
				t.Fatal(err)
			}
			added := 0
			for i := range uint64(20) {
				d.Play(seed.ForGame(7, i))
				if !d.Over || d.Illegal != 0 {
					t.Fatalf("%s/%s duel %d: over %v, %d illegal choices", b, dr, i, d.Over, d.Illegal)
				}
				for _, c := range d.Info.Pool {
					if c >= bang.NumCharacters {
						added++
					}
				}
			}
			if added == 0 {
				t.Fatalf("%s/%s: no added character laid out in 20 duels", b, dr)
			}
		}
	}
}

// A duel spec's tally lists the duel's characters, the added ones by name after the
// printed sixteen, and run.json records them; without added characters, the sixteen
// alone and no added_characters (the files of before).
func TestDuelTallyNamesAddedCharacters(t *testing.T) {
	g, err := DuelWithCharacters(bang.CharacterSpec{Name: "Added One", Life: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		game  *DuelSpec
		names int
		added int
	}{{&DuelSpec{}, 16, 0}, {&DuelSpec{Game: g}, 17, 1}} {
		s := *tc.game
		s.Bots, s.Drafts, s.Duels, s.Seed = [2]string{"random", "random"}, [2]string{"random", "random"}, 30, 2
		if err := s.SetRules(nil); err != nil {
			t.Fatal(err)
		}
		res, err := RunDuels(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		ch := res.Tally.Counts.Characters
		if len(ch) != tc.names || len(res.Record.Characters) != tc.added {
			t.Fatalf("%d characters in the tally, %d added in run.json; want %d and %d", len(ch), len(res.Record.Characters), tc.names, tc.added)
		}
		if ch[0].Character != "Bart Cassidy" || ch[15].Character != "Willy the Kid" || tc.added == 1 && ch[16].Character != "Added One" {
			t.Fatalf("tally characters %v", ch)
		}
	}
}
