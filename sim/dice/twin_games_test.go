package dice_test

import (
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// changedAbilities is every ability parameter off the card, inside its range.
func changedAbilities() dice.Abilities {
	a := dice.DefaultAbilities()
	a.BartKeepPile, a.BlackJackMax, a.CalamitySwap, a.ElGringoArrows = 3, 1, 0, 2
	a.JesseHeal, a.JesseAtMost, a.JourdonnaisCap, a.KitDiscards = 3, 6, 2, 2
	a.LuckyRerolls, a.PaulGatlingLoss, a.PedroReturns, a.RoseReach = 2, 1, 2, 2
	a.SidHeal, a.SlabDamage, a.SlabBeers, a.SuzyHeal = 2, 3, 0, 1
	a.SuzyBullsEyes, a.VultureHeal, a.WillyFewer = 1, 1, 2
	return a
}

// heldArgs is p with every argument of a primitive its seat does not hold zeroed (a
// printed character's seat copies the rules' abilities whole, an added one sets only
// its own primitives' fields: the fields read are the same).
func heldArgs(p *dice.Profile) dice.Profile {
	q := *p
	for s := range q.Arg {
		q.Arg[s] = dice.Abilities{}
		for _, ap := range dice.AbilityParams() {
			if p.Holds(s, int(ap.Character)) {
				ap.Set(&q.Arg[s], ap.Get(&p.Arg[s]))
			}
		}
	}
	return q
}

// twinGame is one game's record: every traced event and the finished table.
type twinGame struct {
	events []dice.Event
	state  dice.State
}

// playTwin plays game gs of rules with policy at every role, traced or not.
func playTwin(t *testing.T, rules dice.Rules, policy string, gs uint64, traced bool) twinGame {
	t.Helper()
	e, err := dicebots.Lookup(policy)
	if err != nil {
		t.Fatal(err)
	}
	var byRole [dice.NumRoles]dice.Policy
	for r := range byRole {
		byRole[r] = e.New()
	}
	tb, err := dice.NewTable(rules, byRole)
	if err != nil {
		t.Fatal(err)
	}
	var out twinGame
	if traced {
		tb.OnEvents = func(ev []dice.Event) { out.events = append(out.events, ev...) }
	}
	out.state = *tb.Play(gs)
	return out
}

// TestTwinPlaysTheSameGames: for every printed character c, a game with an added "c
// Twin" (c's life, Powers = PrintedPowers(c) with the run's ability values) seated where
// c would sit is the very same game as with c, event for event and to the last field of
// the finished table but the character number and its profile's row of primitives (the
// twin holds c's primitive exactly as c does): under the printed cards and with every
// ability changed, at several table sizes, on the straight-line driver and traced, with
// the default bot (which reads the seats' profiles) and the random one.
func TestTwinPlaysTheSameGames(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 3
	}
	games := 0
	for c := range dice.Character(dice.NumRealCharacters) {
		for ai, ab := range []dice.Abilities{dice.DefaultAbilities(), changedAbilities()} {
			for _, n := range []int{3, 5, 8} {
				for i := range seeds {
					gs := seed.ForGame(uint64(100+int(c)), uint64(i+seeds*ai+1000*n))
					// c at seat i mod n, the other seats printed characters from the rest
					// (or Plain), a different mix every seed.
					pool := make([]dice.Character, n)
					at := i % n
					for s := range pool {
						pool[s] = dice.Character((int(c) + 1 + s*(i+3)) % int(dice.NumCharacters))
						if pool[s] == c {
							pool[s] = dice.Plain
						}
					}
					pool[at] = c
					base := dice.DefaultRules(n)
					base.Ability = ab
					base.Deal = dice.DealSeats
					twin := base
					set, err := bang.PrintedSet(dice.Life, dice.Ability).Extend(bang.CharacterSpec{
						Name: c.String() + " Twin", Life: dice.Life(c), Powers: dice.PrintedPowers(c, &ab)})
					if err != nil {
						t.Fatal(err)
					}
					twin.SetCharacters(set)
					twinPool := append([]dice.Character(nil), pool...)
					twinPool[at] = dice.NumCharacters
					if err := base.SetPool(pool); err != nil {
						t.Fatal(err)
					}
					if err := twin.SetPool(twinPool); err != nil {
						t.Fatal(err)
					}
					policy := []string{dicebots.DefaultPolicy, "random"}[i%2]
					for _, traced := range []bool{false, true} {
						a := playTwin(t, base, policy, gs, traced)
						b := playTwin(t, twin, policy, gs, traced)
						if b.state.Char[at] != dice.NumCharacters || heldArgs(&b.state.Profile) != heldArgs(&a.state.Profile) {
							t.Fatalf("%s, seed %d: the twin's seat or profile differs: %v against %v", c, i, b.state.Profile, a.state.Profile)
						}
						if !reflect.DeepEqual(a.events, b.events) {
							t.Fatalf("%s, abilities %d, %d players, seed %d, %s, traced: events differ (%d against %d)", c, ai, n, i, policy, len(a.events), len(b.events))
						}
						b.state.Char[at] = c
						b.state.Rules = a.state.Rules
						if a.state.Public != b.state.Public || a.state.Outcome != b.state.Outcome || a.state.Role != b.state.Role {
							t.Fatalf("%s, abilities %d, %d players, seed %d, %s, traced %v: the games differ\n%+v\n%+v", c, ai, n, i, policy, traced, a.state.Outcome, b.state.Outcome)
						}
						games++
					}
				}
			}
		}
	}
	if games == 0 {
		t.Fatal("no games played")
	}
}
