package bang

import (
	"errors"
	"testing"
)

// The role decks: one Sheriff (none with 3 players), the rulebooks' counts, and the
// player who starts first.
func TestRoleDecks(t *testing.T) {
	want := map[int][NumRoles]int{
		3: {0, 1, 1, 1}, 4: {1, 0, 2, 1}, 5: {1, 1, 2, 1}, 6: {1, 1, 3, 1}, 7: {1, 2, 3, 1}, 8: {1, 2, 3, 2},
	}
	for n := MinSeats; n <= MaxSeats; n++ {
		if got := RoleCounts(n); got != want[n] {
			t.Errorf("%d players: %v, want %v", n, got, want[n])
		}
		if len(RoleDeck(n)) != n {
			t.Errorf("%d players: deck of %d", n, len(RoleDeck(n)))
		}
	}
	if RoleDeck(2) != nil || RoleDeck(9) != nil || RoleCounts(9) != [NumRoles]int{} {
		t.Error("a table size outside 3 to 8 has a deck")
	}
	if RoleDeck(3)[0] != Deputy || RoleDeck(5)[0] != Sheriff {
		t.Error("seat 0 is not the player who starts")
	}
}

// A character list names each real character once, whatever the spelling; Plain may
// repeat.
func TestParseCharacterList(t *testing.T) {
	list, err := ParseCharacterList("Willy the Kid, el-gringo ,plain,PLAIN")
	if err != nil || len(list) != 4 || list[0] != WillyTheKid || list[1] != ElGringo || list[3] != Plain {
		t.Fatalf("list %v, %v", list, err)
	}
	for _, bad := range []string{"Willy the Kid,willy-the-kid", "jourdonnais,JOURDONNAIS", "a,,b", "Lucky Luke"} {
		if _, err := ParseCharacterList(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := ParseCharacterList("bart cassidy,Bart_Cassidy"); !errors.Is(err, ErrCharacterList) {
		t.Errorf("a repeat is not a list error: %v", err)
	}
}

// Merging the tallies of two halves of some games equals tallying them all, and every
// seat of a repeated character counts in one cluster per game.
func TestWinTallyMerge(t *testing.T) {
	role := [MaxSeats]Role{Sheriff, Renegade, Outlaw, Outlaw, Deputy}
	char := [MaxSeats]Character{Plain, Plain, BlackJack, Plain, Jourdonnais}
	games := []struct {
		winners uint8
		draw    bool
	}{{0b10001, false}, {0b01100, false}, {0, true}, {0b00010, false}}
	var whole, a, b WinTally
	for i, g := range games {
		whole.Add(5, &role, &char, g.winners, g.draw, 10, 0)
		half := &a
		if i%2 == 1 {
			half = &b
		}
		half.Add(5, &role, &char, g.winners, g.draw, 10, 0)
	}
	a.Merge(&b)
	if a != whole {
		t.Fatalf("merged %+v\nwhole %+v", a, whole)
	}
	if whole.Games != 4 || whole.Draws != 1 || whole.Turns != 40 {
		t.Errorf("games %d draws %d turns %d", whole.Games, whole.Draws, whole.Turns)
	}
	if w := whole.TeamWins; w[Sheriff] != 1 || w[Outlaw] != 1 || w[Renegade] != 1 || w[Deputy] != 0 {
		t.Errorf("team wins %v", w)
	}
	if c := whole.Characters[Plain][NumRoles]; c.Games != 4 || c.Seats != 12 || c.Wins != 3 {
		t.Errorf("Plain over every role %+v", c)
	}
	if c := whole.Roles[Outlaw]; c.Seats != 8 || c.Wins != 2 || c.Games != 4 {
		t.Errorf("Outlaws %+v", c)
	}
}
