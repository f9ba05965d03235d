package dice

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/bangsim/bangsim/sim/bang"
)

// Profile is every seat's ability as the engine reads it: made at the deal (Refresh)
// from the powers of the seat's character (Rules.PowersOf), so that every game step
// tests a primitive, never a character's name, and a designer's character composed of
// primitives plays like a printed one. Plain values: a State copies whole, and a View
// holds a copy for the bots (the powers are public, printed on the cards).
type Profile struct {
	// Has[p] has bit s set when seat s holds primitive p (PrimArrowForLife…).
	Has [NumPrimitives]uint8
	// Arg[s] is seat s's primitives' parameters, each in the field of the printed
	// ability its primitive mirrors (Arg[s].LuckyRerolls is seat s's
	// extra_rerolls.rerolls). A field of a primitive the seat does not hold means
	// nothing: every read is gated by Has.
	Arg [MaxPlayers]Abilities
	// Rerolls[s] is the rerolls seat s has a turn: the table's and its extra_rerolls.
	Rerolls [MaxPlayers]uint8
	// Need[s] is the Gatlings seat s needs to fire: the threshold less its
	// gatling_discount (never below 1; a threshold past the dice stays off).
	Need [MaxPlayers]uint8
	// NoGatling has bit s set when seat s loses no life to the Gatling (gatling_loss 0).
	NoGatling uint8
	// Reach[s] is the row of reachBytes seat s's Bull's Eyes use (its bullseye_swap and
	// reach, reachRow): Targets reads it. Kept here, not on the Board, which the Table
	// copies into a View before every decision.
	Reach [MaxPlayers]uint8
}

// Holds reports whether seat s holds primitive p.
func (p *Profile) Holds(s int, prim int) bool { return p.Has[prim%NumPrimitives]>>uint(s&7)&1 != 0 }

// holds is Holds as a flag (0 or 1), for the branchless game steps.
func (p *Profile) holds(s int8, prim int) uint8 { return p.Has[prim] >> uint(s&7) & 1 }

// ExtraRerolls returns the rerolls seat s has beyond the table's (extra_rerolls).
func (p *Profile) ExtraRerolls(s int) int {
	return int(p.Arg[s&7].LuckyRerolls & -p.holds(int8(s), PrimExtraRerolls))
}

// IndianLoss returns the life seat s loses to an Indian attack holding arrows arrows
// (indian_cap).
func (p *Profile) IndianLoss(s int, arrows int) int {
	if p.Holds(s, PrimIndianCap) {
		return min(arrows, int(p.Arg[s&7].JourdonnaisCap))
	}
	return arrows
}

// SelfBeer returns the life one Beer gives seat s on itself at life (the active
// player's life before the Beers, D10; low_beer).
func (p *Profile) SelfBeer(s int, life int) int {
	if a := &p.Arg[s&7]; p.Holds(s, PrimLowBeer) && life <= int(a.JesseAtMost) {
		return int(a.JesseHeal)
	}
	return 1
}

// GatlingLoss returns the life seat s loses to a Gatling (gatling_loss).
func (p *Profile) GatlingLoss(s int) int { return int(^p.NoGatling >> uint(s&7) & 1) }

// GatlingNeed returns the Gatlings seat s needs to fire (gatling_discount).
func (p *Profile) GatlingNeed(s int) int { return int(p.Need[s&7]) }

// PowersOf returns character c's ability as primitives under r: a printed character's
// card with r's ability values (PrintedPowers), an added character's declared powers,
// none for Plain.
func (r *Rules) PowersOf(c Character) bang.Powers {
	if c < NumRealCharacters {
		return PrintedPowers(c, &r.Ability)
	}
	return r.CharacterDeal.AddedPowersOf(c)
}

// refreshProfile makes the seats' Profile from their characters' powers. Once a game, in Refresh, and cheap: every seat copies
// the rules' abilities whole (a printed character's own primitive's fields are the ones
// read), an added character's seat then sets the fields of its powers, and the derived
// rows start from whole-row stores and visit only the seats holding their primitive.
func (g *State) refreshProfile() {
	p := &g.Profile
	r := &g.Rules
	p.Has = [NumPrimitives]uint8{}
	var added uint8
	ab := r.Ability
	for s := range min(int(g.Players), MaxPlayers) {
		p.Arg[s] = ab
		if c := g.Char[s]; c < NumRealCharacters {
			p.Has[c] |= 1 << uint(s)
		} else if c > Plain {
			added |= 1 << uint(s)
		}
	}
	for m := added; m != 0; m &= m - 1 { // the rare path: a designer's characters
		s := bits.TrailingZeros8(m)
		p.Arg[s] = Abilities{}
		for _, w := range r.AddedPowersOf(g.Char[s]) {
			if w.Prim != 0 && int(w.Prim) <= NumPrimitives {
				p.Has[w.Prim-1] |= 1 << uint(s)
				setPowerArgs(&p.Arg[s], w)
			}
		}
	}
	binary.LittleEndian.PutUint64(p.Rerolls[:], uint64(r.Rerolls)*oneBytes)
	for m := p.Has[PrimExtraRerolls]; m != 0; m &= m - 1 {
		s := bits.TrailingZeros8(m)
		p.Rerolls[s] += p.Arg[s].LuckyRerolls
	}
	// A threshold past the dice (6, the Gatling off) stays off with the discount too,
	// and the discount never takes the need below 1.
	t := r.GatlingThreshold
	binary.LittleEndian.PutUint64(p.Need[:], uint64(t)*oneBytes)
	for m := p.Has[PrimGatlingDiscount] & -b2u8(t <= NumDice); m != 0; m &= m - 1 {
		s := bits.TrailingZeros8(m)
		p.Need[s] = t - min(p.Arg[s].WillyFewer, t-1)
	}
	p.NoGatling = 0
	for m := p.Has[PrimGatlingLoss]; m != 0; m &= m - 1 {
		s := bits.TrailingZeros8(m)
		p.NoGatling |= b2u8(p.Arg[s].PaulGatlingLoss == 0) << uint(s)
	}
	p.Reach = [MaxPlayers]uint8{}
	for m := p.Has[PrimBullsEyeSwap] | p.Has[PrimReach]; m != 0; m &= m - 1 {
		s := bits.TrailingZeros8(m)
		a := &p.Arg[s]
		p.Reach[s] = reachRow(a.CalamitySwap&-p.holds(int8(s), PrimBullsEyeSwap), a.RoseReach&-p.holds(int8(s), PrimReach))
	}
}

// setPowerArgs writes power w's arguments into the fields of a its primitive mirrors.
func setPowerArgs(a *Abilities, w bang.Power) {
	j := 0
	for i := range abilityParams {
		if ap := &abilityParams[i]; int(ap.Character) == int(w.Prim)-1 {
			ap.Set(a, int(w.Args[j]))
			j++
		}
	}
}

// checkPowers reports the first added character whose powers the engine cannot play
// (CheckPowers).
func (r *Rules) checkPowers() error {
	for i := range int(r.Added) {
		c := NumCharacters + Character(i)
		pw := r.AddedPowersOf(c)
		if err := CheckPowers(&pw); err != nil {
			return fmt.Errorf("%w: character #%d: %v", ErrRules, c, err)
		}
	}
	return nil
}

// CheckPowers reports why the engine cannot play a character of powers p: a primitive
// outside the table, an argument outside its parameter's range, or one primitive held
// twice (a seat's Profile holds one set of arguments per primitive). Any two different
// primitives combine: each takes effect as it would alone (bullseye_swap with reach:
// either face reaches both faces' distances, each of them farther).
func CheckPowers(p *bang.Powers) error {
	var seen [NumPrimitives]bool
	for _, w := range p {
		if w.Prim == 0 {
			continue
		}
		if int(w.Prim) > NumPrimitives {
			return fmt.Errorf("primitive number %d out of range (1 to %d)", w.Prim, NumPrimitives)
		}
		pr := &primitives[w.Prim-1]
		if seen[w.Prim-1] {
			return fmt.Errorf("%s given twice; give it once, with the arguments wanted", pr.Name)
		}
		seen[w.Prim-1] = true
		for j, par := range pr.Params {
			if v := int(w.Args[j]); v < par.Min || v > par.Max {
				return fmt.Errorf("%s.%s %d, want %d to %d", pr.Name, par.Name, v, par.Min, par.Max)
			}
		}
	}
	return nil
}
