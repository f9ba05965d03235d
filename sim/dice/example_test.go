package dice_test

import (
	"errors"
	"fmt"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// ExampleTable_Play plays one seeded five-player game with the default policy at every
// seat. The same seed always gives the same game.
func ExampleTable_Play() {
	var byRole [dice.NumRoles]dice.Policy
	for r := range byRole {
		byRole[r] = dicebots.Heuristic{}
	}
	tb, err := dice.NewTable(dice.DefaultRules(5), byRole)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := tb.Play(seed.ForGame(1, 0)) // game 0 of run 1
	for s := 0; s < int(g.Players); s++ {
		won := "lost"
		if g.Winners>>s&1 == 1 {
			won = "won"
		}
		fmt.Printf("seat %d %-8s %-15s life %d/%d %s\n", s, g.Role[s], g.Char[s], g.Life[s], g.MaxLife[s], won)
	}
	fmt.Printf("%d turns, draw %v, illegal choices %d\n", g.Turns, g.Draw, g.Illegal)
	// Output:
	// seat 0 Sheriff  Jourdonnais     life 4/9 won
	// seat 1 Outlaw   El Gringo       life 0/7 lost
	// seat 2 Renegade Willy the Kid   life 0/8 lost
	// seat 3 Deputy   Bart Cassidy    life 0/8 won
	// seat 4 Outlaw   Lucky Duke      life 0/8 lost
	// 16 turns, draw false, illegal choices 0
}

func ExampleParseCharacter() {
	for _, name := range []string{"Willy the Kid", "willy-the-kid", "SLAB THE KILLER", "plain"} {
		c, err := dice.ParseCharacter(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%q -> %s (%s), %d life\n", name, c, c.Slug(), dice.Life(c))
	}
	_, err := dice.ParseCharacter("Calamity Jane")
	fmt.Println(errors.Is(err, dice.ErrUnknownCharacter))
	// Output:
	// "Willy the Kid" -> Willy the Kid (willy-the-kid), 8 life
	// "willy-the-kid" -> Willy the Kid (willy-the-kid), 8 life
	// "SLAB THE KILLER" -> Slab the Killer (slab-the-killer), 8 life
	// "plain" -> Plain (plain), 8 life
	// true
}
