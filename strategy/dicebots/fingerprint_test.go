package dicebots

import (
	"encoding/binary"
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy"
)

// fingerprintRules are the rule sets TestFingerprintDiceGames plays: the rulebook, and
// every ability parameter moved off the card (each to a value its scenario test uses
// or one inside its range), so that a change to how the engine or the bots read the
// abilities shows as a different game.
func fingerprintRules(n int) []dice.Rules {
	def := dice.DefaultRules(n)
	alt := dice.DefaultRules(n)
	a := &alt.Ability
	a.BartKeepPile, a.BlackJackMax, a.CalamitySwap, a.ElGringoArrows = 3, 1, 0, 2
	a.JesseHeal, a.JesseAtMost, a.JourdonnaisCap, a.KitDiscards = 3, 6, 2, 2
	a.LuckyRerolls, a.PaulGatlingLoss, a.PedroReturns, a.RoseReach = 2, 1, 2, 2
	a.SidHeal, a.SlabDamage, a.SlabBeers, a.SuzyHeal = 2, 3, 0, 1
	a.SuzyBullsEyes, a.VultureHeal, a.WillyFewer = 1, 1, 2
	gat := dice.DefaultRules(n)
	gat.GatlingThreshold = dice.NumDice + 1 // the Gatling off: Willy's discount stays off
	return []dice.Rules{def, alt, gat}
}

// TestFingerprintDiceGames: the games of every registered dice bot, at every table size,
// under the rulebook and under changed abilities, end exactly as recorded (a hash of
// every traced event and of each game's outcome). Recorded before the abilities became
// primitives read from a seat profile: the printed characters must play the very same
// games through it.
func TestFingerprintDiceGames(t *testing.T) {
	h := fnv.New64a()
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	games := 0
	for _, e := range AllEntries() {
		count, lo, hi := 40, dice.MinPlayers, dice.MaxPlayers
		if e.Needs&strategy.Lookahead != 0 { // the search bots: a few games, they are slow
			count, lo, hi = 1, 4, 4
		}
		for n := lo; n <= hi; n++ {
			for ri, rules := range fingerprintRules(n) {
				var byRole [dice.NumRoles]dice.Policy
				for r := range byRole {
					byRole[r] = e.New()
				}
				tb, err := dice.NewTable(rules, byRole)
				if err != nil {
					t.Fatal(err)
				}
				for i := range count {
					gs := seed.ForGame(uint64(7+ri), uint64(i))
					traced := i%2 == 0
					tb.OnEvents = nil
					if traced {
						tb.OnEvents = func(ev []dice.Event) {
							for _, x := range ev {
								put(uint64(x.Kind) | uint64(uint8(x.Seat))<<8 | uint64(uint8(x.Other))<<16 | uint64(uint8(x.N))<<24 |
									uint64(x.Cause)<<32 | uint64(x.Mask)<<40)
								for _, d := range x.Dice {
									put(uint64(d))
								}
							}
						}
					}
					g := tb.Play(gs)
					put(uint64(g.Winners) | uint64(g.Turns)<<8 | uint64(g.Gatlings)<<24 | uint64(g.Indians)<<40)
					put(uint64(g.DynamiteStops) | uint64(g.Illegal)<<16 | uint64(g.Pile)<<32)
					for s := range n {
						put(uint64(uint8(g.Life[s])) | uint64(g.Arrows[s])<<8 | uint64(g.Char[s])<<16 | uint64(g.Role[s])<<24 |
							uint64(g.DeathCause[s])<<32 | uint64(uint8(g.KilledBy[s]))<<40)
					}
					games++
				}
			}
		}
	}
	const want = 0x3b5c2c43881c4253
	if got := h.Sum64(); got != want {
		t.Errorf("%d games: fingerprint %#x, want %#x", games, got, want)
	}
}
